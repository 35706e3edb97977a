// The value history of the game so far, in GamesmanUni's layout: one row per position (the start,
// then one per move, downwards), a mirrored axis with the draw in the centre, the first side's wins
// on the left and the second side's on the right.
//
// Three kinds of axis, one per kind of value:
// - `remoteness` (pawn game): a won position sits on its winner's side, at its remoteness counted
//   from the outer edge (0 at the edge: the game ends there; larger remoteness nearer the centre);
//   draws on the centre line.
// - `score` (lattice game): the running score difference, first's total minus second's after the
//   moves so far (first ahead: left); a ring marks where optimal play from the position ends.
// - `value` (segment-nim, king game: no remoteness): the winner's side, at one fixed distance.
// Dots are coloured by the position's value for the side to move, as the moves are.

import { capital, el, evalColour, evalText, tip } from './common.js';

const WIDTH = 360;
const LABEL = 96; // the move labels' column
const TOP = 40; // the side names and the axis ticks
const ROW = 20;

// `rows`: one per position, {label, report, mover, gain} (`report`: {to_move, value, remoteness}
// or {to_move, score}; `mover`, `gain`: the move that led there, lattice only). `sides`: the two
// `to_move` words, first side first. `footer`: a last line (the game-over verdict), or ''.
export function drawHistory(svg, rows, sides, kind, footer = '') {
  svg.replaceChildren();
  const height = TOP + rows.length * ROW + 8 + (footer ? ROW : 0);
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${height}`);
  const x0 = LABEL + 12;
  const x1 = WIDTH - 12;
  const centre = (x0 + x1) / 2;
  const half = (x1 - x0) / 2;
  const text = (x, y, words, anchor, cls = 'chart-muted', size = 11) => {
    el('text', { x, y, 'text-anchor': anchor, class: cls, 'font-size': size }, svg).textContent = words;
  };
  const side = (report) => {
    if (report.value === 'draw' || report.value === undefined) return 0;
    const mover = report.to_move === sides[0] ? -1 : 1;
    return report.value === 'win' ? mover : -mover;
  };
  let place;
  let ticks = [];
  if (kind === 'score') {
    let first = 0;
    let second = 0;
    const points = rows.map((row) => {
      if (row.mover === sides[0]) first += row.gain;
      if (row.mover === sides[1]) second += row.gain;
      const diff = first - second;
      const signed = row.report ? (row.report.to_move === sides[0] ? row.report.score : -row.report.score) : 0;
      return { diff, final: diff + signed, first, second };
    });
    const scale = Math.max(1, ...points.map((p) => Math.max(Math.abs(p.diff), Math.abs(p.final))));
    const at = (diff) => centre - (diff / scale) * half;
    place = (row, i) => ({ x: at(points[i].diff), ring: at(points[i].final), totals: points[i] });
    const mid = Math.round(scale / 2);
    ticks = [[scale, at(scale)], [mid, at(mid)], [0, centre], [mid, at(-mid)], [scale, at(-scale)]];
    text(x0, 12, `← ${sides[0]} ahead`, 'start', 'chart-label', 12);
    text(x1, 12, `${sides[1]} ahead →`, 'end', 'chart-label', 12);
    text(centre, 12, 'even', 'middle', 'chart-label', 12);
  } else {
    const most = Math.max(4, ...rows.map((row) => row.report?.remoteness ?? 0));
    const offset = (r) => (kind === 'value' ? half * 0.6 : half * (1 - r / (most + 1)));
    place = (row) => {
      const s = side(row.report);
      return { x: centre + s * offset(row.report.remoteness ?? 0) };
    };
    if (kind === 'remoteness') {
      const mid = Math.round(most / 2);
      for (const r of [0, mid, most]) ticks.push([r, centre - offset(r)], [r, centre + offset(r)]);
    }
    text(x0, 12, `← ${capital(sides[0])} wins`, 'start', 'chart-label', 12);
    text(x1, 12, `${capital(sides[1])} wins →`, 'end', 'chart-label', 12);
    text(centre, 12, 'draw', 'middle', 'chart-label', 12);
  }
  for (const [label, x] of ticks) {
    el('line', { x1: x, y1: TOP - 6, x2: x, y2: TOP + rows.length * ROW + 2, class: 'grid-line' }, svg);
    text(x, TOP - 10, String(label), 'middle');
  }
  if (kind === 'remoteness') text(LABEL - 4, TOP - 10, 'remoteness', 'end');
  if (kind === 'value') text(centre, TOP - 10, 'no remoteness: the winner\'s side only', 'middle');
  if (kind === 'score') text(LABEL - 4, TOP - 10, 'difference', 'end');
  const bottom = TOP + rows.length * ROW + 2;
  el('line', { x1: centre, y1: TOP - 6, x2: centre, y2: bottom, class: 'centre-line' }, svg);
  if (footer) text(4, height - 10, footer, 'start', 'chart-label', 12);
  let previous = null;
  rows.forEach((row, i) => {
    const y = TOP + i * ROW + ROW / 2;
    text(4, y + 4, row.label, 'start', 'chart-label', 11);
    if (!row.report) return;
    const { x, ring, totals } = place(row, i);
    if (previous) el('line', { x1: previous[0], y1: previous[1], x2: x, y2: y, class: 'trace' }, svg);
    previous = [x, y];
    const colour = evalColour(row.report, Math.max(1, Math.abs(row.report.score ?? 1)));
    if (ring !== undefined) {
      tip(el('circle', { cx: ring, cy: y, r: 6, stroke: colour, class: 'predicted' }, svg),
        `optimal play from here ends at a difference of ${Math.abs(totals.final)} for ${totals.final >= 0 ? sides[0] : sides[1]}`);
    }
    const dot = el('circle', { cx: x, cy: y, r: 5, fill: colour, class: 'history-dot', stroke: 'rgba(0,0,0,.45)' }, svg);
    const where = totals ? `; ${sides[0]} ${totals.first} - ${sides[1]} ${totals.second}` : '';
    tip(dot, `${row.label}: ${row.report.to_move} to move, ${evalText(row.report)}${where}`);
  });
}

// segment-nim: the board model, its query text, drawing, editing and moves.
//
// Text (the CLI's query format): `1`, then `n w c [white|black]`, the w white positions and the
// c black positions (fields 1..n clockwise, each list increasing). The page draws the circle field
// by field up to n = 240 (beyond, the pawns only; the moves are in the list). Fields above 2^53
// lose precision in the page (not in the server).

import { Tokens, counted, el, evalColour, evalText, html, numberInput, tip } from './common.js';

const DRAWN = 240;
const SIZE = 460;
const R = 170;

function parse(text) {
  const t = new Tokens(text);
  t.int('the number of boards');
  const n = t.int('n');
  const w = t.int('w');
  const c = t.int('c');
  let side = 'white';
  if (t.peek() === 'white' || t.peek() === 'black') side = t.next();
  const white = Array.from({ length: w }, () => t.int('a white position'));
  const black = Array.from({ length: c }, () => t.int('a black position'));
  return { n, white, black, side };
}

function format(s) {
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  return `1\n${s.n} ${s.white.length} ${s.black.length} ${s.side}\n${sorted(s.white).join(' ')}\n${sorted(s.black).join(' ')}\n`;
}

const angle = (s, field) => -Math.PI / 2 + (2 * Math.PI * (field - 1)) / s.n;
const point = (s, field, radius) => [SIZE / 2 + radius * Math.cos(angle(s, field)), SIZE / 2 + radius * Math.sin(angle(s, field))];
const target = (s, pawn, direction, d) => (direction === 'cw' ? ((pawn - 1 + d) % s.n) + 1 : ((((pawn - 1 - d) % s.n) + s.n) % s.n) + 1);

function render(svg, s, report, ctx) {
  svg.setAttribute('viewBox', `0 0 ${SIZE} ${SIZE}`);
  el('circle', { cx: SIZE / 2, cy: SIZE / 2, r: R, class: 'ring' }, svg);
  const drawn = s.n <= DRAWN;
  const fr = drawn ? Math.max(3, Math.min(14, ((Math.PI * R) / s.n) * 0.75)) : 6;
  const whites = new Set(s.white);
  const blacks = new Set(s.black);
  if (drawn) {
    for (let f = 1; f <= s.n; f++) {
      const [x, y] = point(s, f, R);
      const cls = whites.has(f) ? 'piece white-pawn' : blacks.has(f) ? 'piece black-pawn' : 'field';
      const node = el('circle', { cx: x, cy: y, r: whites.has(f) || blacks.has(f) ? fr : fr * 0.45, class: cls, 'data-field': f }, svg);
      tip(node, `field ${f}${whites.has(f) ? ': white' : blacks.has(f) ? ': black' : ''}`);
      if (ctx.editing) {
        const hit = el('circle', { cx: x, cy: y, r: fr + 2, class: 'hit', 'data-field': f }, svg);
        hit.addEventListener('click', () => editField(ctx.current(), f, ctx));
      }
      if (s.n <= 60) {
        const [lx, ly] = point(s, f, R + fr + 30);
        el('text', { x: lx, y: ly + 4, class: 'coord', 'font-size': 11, 'text-anchor': 'middle' }, svg).textContent = f;
      }
    }
  } else {
    for (const [list, cls] of [[s.white, 'white-pawn'], [s.black, 'black-pawn']]) {
      for (const f of list) {
        const [x, y] = point(s, f, R);
        tip(el('circle', { cx: x, cy: y, r: fr, class: `piece ${cls}` }, svg), `field ${f}`);
      }
    }
    el('text', { x: SIZE / 2, y: SIZE / 2, class: 'coord', 'font-size': 13, 'text-anchor': 'middle' }, svg)
      .textContent = `n = ${s.n}: moves in the list`;
  }
  if (!report || !drawn) return;
  // Each empty field can be reached by at most two moves: clockwise (drawn inside the ring) and
  // counter-clockwise (outside).
  for (const range of report.moves) {
    for (let d = range.distances[0]; d <= range.distances[1]; d++) {
      const to = target(s, range.pawn, range.direction, d);
      const radius = range.direction === 'cw' ? R - fr - 9 : R + fr + 9;
      const [x, y] = point(s, to, radius);
      const mv = { ...range, move: `${range.pawn} ${range.direction} ${d}`, distance: d };
      const dot = el('circle', { cx: x, cy: y, r: Math.max(3, Math.min(8, fr * 0.7)), fill: evalColour(range), class: 'move-dot', 'data-move': mv.move }, svg);
      tip(dot, `${mv.move} (to field ${to}): ${evalText(range)}`);
      dot.addEventListener('click', () => ctx.play(mv));
    }
  }
}

function editField(s0, f, ctx) {
  const s = structuredClone(s0);
  const w = s.white.indexOf(f);
  const b = s.black.indexOf(f);
  if (w >= 0) {
    s.white.splice(w, 1);
    s.black.push(f);
  } else if (b >= 0) {
    s.black.splice(b, 1);
  } else {
    s.white.push(f);
  }
  ctx.edited(s);
}

function tools(panel, s, ctx) {
  const row = html('div', { class: 'row' }, panel);
  numberInput(row, 'fields n', Math.min(s.n, DRAWN), 1, DRAWN, (n) => {
    const cur = ctx.current();
    ctx.edited({ ...cur, n, white: cur.white.filter((f) => f <= n), black: cur.black.filter((f) => f <= n) });
  }, 'n');
  const label = html('label', {}, row);
  label.append('to move ');
  const side = html('select', { name: 'side' }, label);
  for (const v of ['white', 'black']) html('option', { value: v, text: v }, side);
  side.value = s.side;
  side.addEventListener('change', () => ctx.edited({ ...structuredClone(ctx.current()), side: side.value }));
  html('p', { class: 'hint', text: 'Click a field: empty → white → black → empty. A pawn slides any distance either way over empty fields.' }, panel);
}

// Plays one slide (a report range is played at its shortest distance).
function apply(s0, mv) {
  const s = structuredClone(s0);
  const d = mv.distance ?? mv.distances[0];
  const to = target(s, mv.pawn, mv.direction, d);
  for (const list of [s.white, s.black]) {
    const i = list.indexOf(mv.pawn);
    if (i >= 0) list[i] = to;
  }
  s.side = s.side === 'white' ? 'black' : 'white';
  return { model: s, over: null };
}

export default {
  rules: 'White moves first. A move slides one of your pawns any number of empty fields either way around the circle (no jumping). Who cannot move loses; play may go on forever (a draw).',
  name: 'segment-nim',
  history: 'value',
  legend: [
    [evalColour({ value: 'win' }), 'win'],
    [evalColour({ value: 'draw' }), 'draw (nobody can force a win)'],
    [evalColour({ value: 'lose' }), 'lose'],
  ],
  legendNote: 'for the player making the move; no remoteness: the Nim reduction decides who wins, not how fast',
  pvNote: 'The Nim reduction gives every move\'s value, not a line: Best move ▶ steps through an optimal game.',
  // The side to move has no move (segment-nim's `play`: no pawn, a full circle, or every pawn blocked).
  result: (r, s) => {
    const mover = r.to_move;
    const other = mover === 'white' ? 'black' : 'white';
    let reason = `every ${mover} pawn is blocked: ${mover} cannot move`;
    if (s[mover].length === 0) reason = `${mover} has no pawn`;
    else if (s.white.length + s.black.length === s.n) reason = `the board is full: ${mover} cannot move`;
    return { winner: other, reason };
  },
  parse,
  format,
  render,
  tools,
  apply,
  options: () => ({}),
  notation: (mv) => `${mv.pawn} ${mv.direction} ${mv.distance ?? mv.distances[0]}`,
  summary: (r) => (r.answer ? `(answer ${r.answer}, ${counted(r.legal_moves, 'legal move')})` : ''),
};

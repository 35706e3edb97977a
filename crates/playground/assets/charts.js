// Plain SVG charts of the analysis view: stacked bars, a line chart of running totals, a heat map
// and a map of cells. Each draws into an <svg> it is given, in a viewBox that scales with it.

import { COLOURS, el, tip } from './common.js';

const text = (svg, x, y, words, attrs = {}) => {
  const node = el('text', { x, y, class: 'chart-muted', 'font-size': 11, ...attrs }, svg);
  node.textContent = words;
  return node;
};

// The chart's coordinates, and its largest size on the page: one unit a pixel (it shrinks with a
// narrow window, never grows past its text's own size).
function natural(svg, width, height) {
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.style.maxWidth = `${width}px`;
}

// Thousands separated by thin spaces: 1 234 567.
export const count = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');

// Bars, one per item of `bars`: {label, key, parts: [{name, value, colour}], title}. The parts of a
// bar are stacked bottom up; heights are to scale with the tallest bar. Each bar is a <g
// class="bar"> with `data-key`.
export function stackedBars(svg, bars, { height = 170 } = {}) {
  svg.replaceChildren();
  const left = 54;
  const width = Math.max(560, left + 16 + bars.length * 14);
  const top = 10;
  const bottom = 30;
  natural(svg, width, height);
  const most = Math.max(1, ...bars.map((b) => b.parts.reduce((a, p) => a + p.value, 0)));
  const plot = height - top - bottom;
  const step = (width - left - 8) / Math.max(1, bars.length);
  const barWidth = Math.max(2, Math.min(28, step * 0.78));
  el('line', { x1: left, y1: top + plot, x2: width - 4, y2: top + plot, class: 'axis' }, svg);
  for (const fraction of [0.5, 1]) {
    const y = top + plot - fraction * plot;
    el('line', { x1: left, y1: y, x2: width - 4, y2: y, class: 'grid-line' }, svg);
    text(svg, left - 4, y + 3.5, count(Math.round(most * fraction)), { 'text-anchor': 'end' });
  }
  // Labels at 11 px, or 9 px when the longest does not fit its bar's room; then every k-th label.
  const longest = Math.max(1, ...bars.map((b) => b.label.length));
  const font = longest * 6.6 + 4 <= step ? 11 : 9;
  const labelEvery = Math.max(1, Math.ceil((longest * (font * 0.6) + 6) / step));
  bars.forEach((bar, i) => {
    const g = el('g', { class: 'bar', 'data-key': bar.key }, svg);
    const x = left + i * step + (step - barWidth) / 2;
    let y = top + plot;
    for (const part of bar.parts) {
      if (part.value === 0) continue;
      const h = (part.value / most) * plot;
      y -= h;
      el('rect', { x, y, width: barWidth, height: Math.max(h, 0.5), fill: part.colour }, g);
    }
    el('rect', { x: x - (step - barWidth) / 2, y: top, width: step, height: plot, fill: 'transparent' }, g);
    tip(g, bar.title);
    if (i % labelEvery === 0 || i === bars.length - 1) {
      text(svg, x + barWidth / 2, top + plot + 13, bar.label, { 'text-anchor': 'middle', 'font-size': font });
    }
  });
}

// Running totals by move: one polyline per series {name, values, colour} over the moves 0..k.
export function runningTotals(svg, series, { height = 200 } = {}) {
  svg.replaceChildren();
  const width = 560;
  const left = 46;
  const top = 30;
  const bottom = 28;
  natural(svg, width, height);
  const moves = Math.max(1, ...series.map((s) => s.values.length - 1));
  const most = Math.max(1, ...series.flatMap((s) => s.values));
  const plot = height - top - bottom;
  const x = (i) => left + (i / moves) * (width - left - 12);
  const y = (v) => top + plot - (v / most) * plot;
  el('line', { x1: left, y1: top + plot, x2: width - 8, y2: top + plot, class: 'axis' }, svg);
  el('line', { x1: left, y1: top, x2: left, y2: top + plot, class: 'axis' }, svg);
  text(svg, left - 4, top + 4, count(most), { 'text-anchor': 'end' });
  text(svg, left - 4, top + plot + 3, '0', { 'text-anchor': 'end' });
  text(svg, left, top + plot + 16, 'move 0');
  text(svg, width - 10, top + plot + 16, `move ${moves}`, { 'text-anchor': 'end' });
  series.forEach((s, k) => {
    const points = s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
    el('polyline', { points, fill: 'none', stroke: s.colour, 'stroke-width': 2 }, svg);
    const last = s.values[s.values.length - 1];
    tip(el('circle', { cx: x(s.values.length - 1), cy: y(last), r: 4, fill: s.colour }, svg), `${s.name}: ${last}`);
    el('rect', { x: left + 8 + k * 120, y: top - 14, width: 10, height: 10, fill: s.colour }, svg);
    text(svg, left + 22 + k * 120, top - 5, `${s.name} ${count(last)}`, { class: 'chart-label', 'font-size': 11 });
  });
}

// The colour of a mix of outcomes {win, draw, lose} (counts): the three colours weighted.
export function mixColour(win, draw, lose) {
  const total = win + draw + lose;
  if (total === 0) return '#f0eee8';
  const rgb = { win: [46, 158, 68], draw: [242, 204, 37], lose: [217, 38, 38] };
  const mix = [0, 1, 2].map((i) => Math.round((win * rgb.win[i] + draw * rgb.draw[i] + lose * rgb.lose[i]) / total));
  return `rgb(${mix.join(',')})`;
}

// A triangle of cells over (row, column) with row + column <= n: `cell(r, c)` → {colour, title,
// label} or null. Rows are labelled on the left, columns on top.
export function heatMap(svg, n, cell, { rowName, columnName }) {
  svg.replaceChildren();
  const size = Math.max(18, Math.min(30, Math.floor(440 / (n + 1))));
  const left = 40;
  const top = 40;
  const width = left + (n + 1) * size + 8;
  const height = top + (n + 1) * size + 8;
  natural(svg, width, height);
  text(svg, left + ((n + 1) * size) / 2, top - 24, `${columnName} →`, { 'text-anchor': 'middle', class: 'chart-label', 'font-size': 11 });
  el('text', { x: 12, y: top + ((n + 1) * size) / 2, 'text-anchor': 'middle', class: 'chart-label', 'font-size': 11,
    transform: `rotate(-90 12 ${top + ((n + 1) * size) / 2})` }, svg).textContent = `${rowName} →`;
  const font = Math.max(7, size * 0.36);
  for (let r = 0; r <= n; r++) {
    text(svg, left - 4, top + r * size + size / 2 + 3.5, String(r), { 'text-anchor': 'end' });
    for (let c = 0; r + c <= n; c++) {
      if (r === 0) text(svg, left + c * size + size / 2, top - 5, String(c), { 'text-anchor': 'middle' });
      const item = cell(r, c);
      if (!item) continue;
      const rect = el('rect', {
        x: left + c * size, y: top + r * size, width: size - 1, height: size - 1, fill: item.colour,
        class: 'heat', 'data-row': r, 'data-column': c,
      }, svg);
      tip(rect, item.title);
      if (item.label && size >= 18) {
        text(svg, left + c * size + size / 2 - 0.5, top + r * size + size / 2 + font / 3, item.label,
          { 'text-anchor': 'middle', 'font-size': font, class: 'heat-label' });
      }
    }
  }
}

// A board of cells from strings (one per row): `colours[ch]` fills a cell, `marks[ch]` writes a
// letter in it.
export function cellMap(svg, rows, colours, marks = {}) {
  svg.replaceChildren();
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const size = Math.max(6, Math.min(48, Math.floor(480 / Math.max(rows.length, cols))));
  const pad = 24;
  natural(svg, pad + cols * size + 6, pad + rows.length * size + 6);
  const every = Math.ceil(Math.max(rows.length, cols) / 20);
  rows.forEach((row, r) => {
    if (r % every === 0) text(svg, pad - 4, pad + r * size + size / 2 + 3.5, String(r + 1), { 'text-anchor': 'end' });
    [...row].forEach((ch, c) => {
      if (r === 0 && c % every === 0) text(svg, pad + c * size + size / 2, pad - 6, String(c + 1), { 'text-anchor': 'middle' });
      el('rect', {
        x: pad + c * size, y: pad + r * size, width: size, height: size, fill: colours[ch] ?? '#fff',
        class: 'map-cell', 'data-cell': `${r + 1},${c + 1}`, 'data-start': ch,
      }, svg);
      if (marks[ch] && size >= 14) {
        text(svg, pad + c * size + size / 2, pad + r * size + size * 0.66, marks[ch],
          { 'text-anchor': 'middle', 'font-size': size * 0.45, class: 'chart-label' });
      }
    });
  });
}

export { COLOURS };

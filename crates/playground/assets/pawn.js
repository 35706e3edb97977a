// pawn-retrograde: the board model, its query text, drawing, editing and moves.
//
// Text (the CLI's query format): `LABEL 1`, then `n m [red|black]` and n rows of `.#XO`.

import { Tokens, el, evalColour, evalText, gridNumbers, html, numberInput, palette, tip } from './common.js';

const CELL = 44;
const PAD = 28;

function parse(text) {
  const t = new Tokens(text);
  const label = t.next('the file label');
  t.int('the number of positions');
  const rows = t.int('the number of rows');
  const cols = t.int('the number of columns');
  let side = 'red';
  if (t.peek() === 'red' || t.peek() === 'black') side = t.next();
  return { label, rows, cols, side, grid: t.grid(rows, cols) };
}

function format(m) {
  return `${m.label} 1\n${m.rows} ${m.cols} ${m.side}\n${m.grid.map((r) => r.join('')).join('\n')}\n`;
}

const at = (cell) => [cell[0] - 1, cell[1] - 1];
const centre = (r, c) => [PAD + c * CELL + CELL / 2, PAD + r * CELL + CELL / 2];

function render(svg, m, report, ctx) {
  svg.setAttribute('viewBox', `0 0 ${PAD + m.cols * CELL + 8} ${PAD + m.rows * CELL + 8}`);
  gridNumbers(svg, m.rows, m.cols, CELL, PAD, PAD);
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.cols; c++) {
      const ch = m.grid[r][c];
      const cell = el('rect', {
        x: PAD + c * CELL, y: PAD + r * CELL, width: CELL, height: CELL,
        class: `cell ${ch === '#' ? 'wall' : r === 0 ? 'goal' : 'free'}`, 'data-cell': `${r + 1},${c + 1}`,
      }, svg);
      if (ctx.editing) cell.addEventListener('click', () => editCell(m, r, c, ctx));
      const [x, y] = centre(r, c);
      if (ch === 'X') tip(el('circle', { cx: x, cy: y, r: CELL * 0.32, class: 'piece black-pawn' }, svg), `black pawn ${r + 1},${c + 1}`);
      if (ch === 'O') tip(el('circle', { cx: x, cy: y, r: CELL * 0.32, class: 'piece red-piece' }, svg), `red piece ${r + 1},${c + 1}`);
    }
  }
  if (!report) return;
  // Every move: an arrow from the piece to its target, and a disc near the target (pulled toward
  // the piece, so two pieces moving to one cell do not overlap), coloured by its value.
  for (const mv of report.moves) {
    const [fr, fc] = at(mv.from);
    const [tr, tc] = at(mv.to);
    const [x1, y1] = centre(fr, fc);
    const [x2, y2] = centre(tr, tc);
    const mx = x2 + (x1 - x2) * 0.3;
    const my = y2 + (y1 - y2) * 0.3;
    const colour = evalColour(mv);
    el('line', { x1, y1, x2: mx, y2: my, stroke: colour, class: 'arrow' }, svg);
    const dot = el('circle', { cx: mx, cy: my, r: CELL * 0.2, fill: colour, class: 'move-dot', 'data-move': mv.move }, svg);
    tip(dot, `${mv.move}: ${evalText(mv)}`);
    dot.addEventListener('click', () => ctx.play(mv));
  }
}

// The editor's tool and what a click does with it: `X` and `O` move a piece there (the oldest of
// the two red pieces leaves), `#` and `.` set the cell.
let tool = () => 'X';

function editCell(m0, r, c, ctx) {
  const m = structuredClone(m0);
  const t = tool();
  if (t === 'X') {
    for (const row of m.grid) for (let i = 0; i < row.length; i++) if (row[i] === 'X') row[i] = '.';
  } else if (t === 'O') {
    const reds = [];
    m.grid.forEach((row, i) => row.forEach((ch, j) => { if (ch === 'O' && !(i === r && j === c)) reds.push([i, j]); }));
    if (reds.length >= 2) m.grid[reds[0][0]][reds[0][1]] = '.';
  }
  m.grid[r][c] = t;
  ctx.edited(m);
}

function resize(m0, rows, cols) {
  const m = structuredClone(m0);
  const grid = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(m.grid[r]?.[c] ?? '.');
    grid.push(row);
  }
  return { ...m, rows, cols, grid };
}

function tools(panel, m, ctx) {
  tool = palette(panel, 'pawn-tool', [['X', 'black pawn X'], ['O', 'red piece O'], ['#', 'obstacle #'], ['.', 'free .']], tool());
  const sizes = html('div', { class: 'row' }, panel);
  numberInput(sizes, 'rows', m.rows, 2, 16, (v) => ctx.edited(resize(ctx.current(), v, ctx.current().cols)), 'rows');
  numberInput(sizes, 'columns', m.cols, 1, 16, (v) => ctx.edited(resize(ctx.current(), ctx.current().rows, v)), 'cols');
  const label = html('label', {}, sizes);
  label.append('to move ');
  const side = html('select', { name: 'side' }, label);
  for (const s of ['red', 'black']) html('option', { value: s, text: s }, side);
  side.value = m.side;
  side.addEventListener('change', () => ctx.edited({ ...structuredClone(ctx.current()), side: side.value }));
  html('p', { class: 'hint', text: 'Click a cell to put the chosen piece there. Red (O) moves first; Black (X) wins on row 1.' }, panel);
}

// Plays a report move on the model. A capture ends the game here (the text format cannot hold a
// pawn and a red piece on one cell).
function apply(m0, mv) {
  const m = structuredClone(m0);
  const [fr, fc] = at(mv.from);
  const [tr, tc] = at(mv.to);
  const piece = m.grid[fr][fc];
  const target = m.grid[tr][tc];
  m.grid[fr][fc] = '.';
  m.grid[tr][tc] = piece;
  m.side = m.side === 'red' ? 'black' : 'red';
  // The CLI's words (pawn-retrograde's `ending_reason`).
  let over = null;
  if (piece === 'O' && target === 'X') over = { winner: 'red', reason: 'a red piece moved onto the black pawn, so Red wins' };
  if (piece === 'X' && target === 'O') over = { winner: 'black', reason: 'the black pawn moved onto a red piece, so Black wins' };
  if (over) m.grid[tr][tc] = piece === 'O' ? 'O' : 'X';
  return { model: m, over };
}

export default {
  rules: 'Red (the two O) moves first, stepping a piece to a free orthogonal neighbour; Black steps the pawn X up, left or right. Black wins on row 1; a capture wins for the capturer; a side with no move loses. Remoteness = moves both sides still make.',
  name: 'pawn-retrograde',
  history: 'remoteness',
  legend: [
    [evalColour({ value: 'win', remoteness: 1 }), 'win'],
    [evalColour({ value: 'draw' }), 'draw'],
    [evalColour({ value: 'lose', remoteness: 1 }), 'lose'],
    [evalColour({ value: 'win', remoteness: 14 }), 'a slower win (darker = faster)'],
  ],
  legendNote: 'for the player making the move',
  // A finished position (no move): the report's `end` says why, in the words of `play`.
  result: (r) => ({ winner: r.value === 'win' ? r.to_move : r.to_move === 'red' ? 'black' : 'red', reason: r.end }),
  parse,
  format,
  render,
  tools,
  apply,
  options: () => ({}),
  summary: (r) => (r.answer ? `(${r.answer})` : ''),
};

// edmonds-blossom's king game: the board model, its query text, drawing, editing and moves.
//
// Text (the CLI's query format): `1`, then `R C` and R rows of `.` free, `#` blocked, `o` visited,
// `K` the king. The side to move follows from the number of `o` cells (even: first). The move set
// (king20 or orth4) is the request option `moves`.

import { Tokens, counted, el, evalColour, evalText, gridNumbers, html, numberInput, palette, query, tip } from './common.js';

const PAD = 28;

function parse(text) {
  const t = new Tokens(text);
  t.int('the number of positions');
  const rows = t.int('the number of rows');
  const cols = t.int('the number of columns');
  return { rows, cols, grid: t.grid(rows, cols), moves: currentMoves };
}

function format(m) {
  return `1\n${m.rows} ${m.cols}\n${m.grid.map((r) => r.join('')).join('\n')}\n`;
}

// The move set chosen in the editor; kept across loads.
let currentMoves = 'king20';

const cellSize = (m) => Math.max(10, Math.min(48, Math.floor(600 / Math.max(m.rows, m.cols))));

// The all-starts map (POST /api/edmonds-blossom/all-starts): per position text and move set, the
// rows of W / L / # of the board left (visited cells blocked), fetched once and cached.
let showStarts = false;
const starts = new Map();

function startsFor(m, ctx) {
  const text = format(m);
  const id = `${m.moves}\n${text}`;
  if (!starts.has(id)) {
    starts.set(id, null);
    query(ctx.game(), text, { moves: m.moves }, undefined, 'all-starts').then((reply) => {
      starts.set(id, reply.ok ? reply.body.rows : []);
      ctx.rerender();
    });
  }
  return starts.get(id);
}

function controls(container, ctx) {
  const label = html('label', { class: 'edit-toggle' }, container);
  const box = html('input', { type: 'checkbox', id: 'all-starts', checked: showStarts }, label);
  label.append(' All-starts map (W / L: the side to move wins / loses if the king stood there)');
  box.addEventListener('change', () => {
    showStarts = box.checked;
    ctx.rerender();
  });
}

function render(svg, m, report, ctx) {
  const map = showStarts ? startsFor(m, ctx) : null;
  const size = cellSize(m);
  const pad = m.rows <= 40 && m.cols <= 40 ? PAD : 6;
  svg.setAttribute('viewBox', `0 0 ${pad + m.cols * size + 8} ${pad + m.rows * size + 8}`);
  if (pad === PAD) gridNumbers(svg, m.rows, m.cols, size, PAD, PAD);
  const targets = new Map((report?.moves ?? []).map((mv) => [`${mv.to[0]},${mv.to[1]}`, mv]));
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.cols; c++) {
      const ch = m.grid[r][c];
      const x = pad + c * size;
      const y = pad + r * size;
      const cls = { '#': 'wall', o: 'visited', K: 'king-cell', '.': 'free' }[ch] ?? 'free';
      const rect = el('rect', { x, y, width: size, height: size, class: `cell ${cls}`, 'data-cell': `${r + 1},${c + 1}` }, svg);
      const start = map?.[r]?.[c];
      if (start === 'W' || start === 'L') {
        rect.classList.add(start === 'W' ? 'start-win' : 'start-lose');
        if (size >= 16) {
          el('text', { x: x + 2, y: y + size * 0.3, 'font-size': size * 0.26, class: 'start-mark' }, svg).textContent = start;
        }
      }
      if (ctx.editing) rect.addEventListener('click', () => editCell(ctx.current(), r, c, ctx));
      if (ch === 'o') el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.12, class: 'visited-dot' }, svg);
      if (ch === 'K') {
        const k = el('text', { x: x + size / 2, y: y + size * 0.72, 'font-size': size * 0.7, 'text-anchor': 'middle', class: 'king' }, svg);
        k.textContent = '♔';
        if (ctx.editing) k.addEventListener('click', () => editCell(ctx.current(), r, c, ctx));
      }
      const mv = targets.get(`${r + 1},${c + 1}`);
      if (mv) {
        const dot = el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.3, fill: evalColour(mv), class: 'move-dot', 'data-move': mv.move }, svg);
        tip(dot, `${mv.move}: ${evalText(mv)}`);
        dot.addEventListener('click', () => ctx.play(mv));
      }
    }
  }
}

let tool = () => 'K';

function editCell(m0, r, c, ctx) {
  const m = structuredClone(m0);
  const t = tool();
  if (t === 'K') for (const row of m.grid) for (let i = 0; i < row.length; i++) if (row[i] === 'K') row[i] = '.';
  m.grid[r][c] = t;
  ctx.edited(m);
}

function resize(m0, rows, cols) {
  const grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => m0.grid[r]?.[c] ?? '.'));
  return { ...m0, rows, cols, grid };
}

function tools(panel, m, ctx) {
  tool = palette(panel, 'king-tool', [['K', 'king K'], ['#', 'blocked #'], ['o', 'visited o'], ['.', 'free .']], tool());
  const row = html('div', { class: 'row' }, panel);
  numberInput(row, 'rows', m.rows, 1, 40, (v) => ctx.edited(resize(ctx.current(), v, ctx.current().cols)), 'rows');
  numberInput(row, 'columns', m.cols, 1, 40, (v) => ctx.edited(resize(ctx.current(), ctx.current().rows, v)), 'cols');
  const label = html('label', {}, row);
  label.append('moves ');
  const moves = html('select', { name: 'moves' }, label);
  for (const v of ['king20', 'orth4']) html('option', { value: v, text: v }, moves);
  moves.value = m.moves;
  moves.addEventListener('change', () => {
    currentMoves = moves.value;
    ctx.edited({ ...structuredClone(ctx.current()), moves: moves.value });
  });
  html('p', { class: 'hint', text: 'king20: the 8 neighbours, 2 steps diagonally and the knight jumps; orth4: up, down, left, right. The king never re-enters a visited cell; who cannot move loses.' }, panel);
}

function apply(m0, mv) {
  const m = structuredClone(m0);
  for (const row of m.grid) for (let i = 0; i < row.length; i++) if (row[i] === 'K') row[i] = 'o';
  m.grid[mv.to[0] - 1][mv.to[1] - 1] = 'K';
  return { model: m, over: null };
}

export default {
  rules: "The players take turns moving the king to a free cell it has never visited (the start counts as visited). Who cannot move loses. The side to move wins iff every maximum matching of the free cells covers the king's cell.",
  name: 'edmonds-blossom',
  history: 'value',
  legend: [
    [evalColour({ value: 'win' }), 'win'],
    [evalColour({ value: 'lose' }), 'lose'],
  ],
  legendNote: 'for the player making the move; no draws and no remoteness: the matching decides who wins, not how fast',
  pvNote: 'The matching gives every move\'s value, not a line: Best move ▶ steps through an optimal game.',
  // The king has no move: the side to move loses (the king game's `play`).
  result: (r) => ({
    winner: r.to_move === 'first' ? 'second' : 'first',
    reason: `${r.to_move} cannot move: no free unvisited cell is one ${r.move_set} move away from ${r.king.join(',')}`,
  }),
  parse,
  format,
  render,
  tools,
  controls,
  apply,
  options: (m) => ({ moves: m ? m.moves : currentMoves }),
  summary: (r) => `(${counted(r.visited ?? 0, 'cell')} visited, ${r.move_set ?? ''}; no remoteness: the matching decides who wins, not how fast)`,
};

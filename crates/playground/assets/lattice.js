// lattice-dp: the board model, its query text, drawing, editing and moves.
//
// Text (the CLI's query format): `n m`, n rows of A (the first player's values), n rows of B (the
// second's), then optionally `taken l1 … ln` (row lengths of the taken diagram).

import { Tokens, counted, el, evalColour, gridNumbers, html, numberInput, scoreScale, tip } from './common.js';

const PAD = 28;

function parse(text) {
  const t = new Tokens(text);
  const n = t.int('the number of rows');
  const m = t.int('the number of columns');
  const matrix = (what) => Array.from({ length: n }, () => Array.from({ length: m }, () => t.int(what)));
  const A = matrix('a value of A');
  const B = matrix('a value of B');
  let taken = Array(n).fill(0);
  if (t.peek() === 'taken') {
    t.next();
    taken = taken.map(() => t.int('a taken row length'));
  }
  const owner = Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => (c < taken[r] ? 'x' : '')));
  return { n, m, A, B, taken, owner };
}

function format(s) {
  const rows = (matrix) => matrix.map((r) => r.join(' ')).join('\n');
  let text = `${s.n} ${s.m}\n${rows(s.A)}\n${rows(s.B)}\n`;
  if (s.taken.some((l) => l > 0)) text += `taken ${s.taken.join(' ')}\n`;
  return text;
}

const cellSize = (s) => Math.max(26, Math.min(56, Math.floor(560 / Math.max(s.n, s.m))));

function render(svg, s, report, ctx) {
  const size = cellSize(s);
  svg.setAttribute('viewBox', `0 0 ${PAD + s.m * size + 8} ${PAD + s.n * size + 8}`);
  gridNumbers(svg, s.n, s.m, size, PAD, PAD);
  const moves = new Map((report?.moves ?? []).map((mv) => [`${mv.cell[0]},${mv.cell[1]}`, mv]));
  const scale = scoreScale(report?.moves ?? []);
  const small = Math.max(7, size * 0.22);
  for (let r = 0; r < s.n; r++) {
    for (let c = 0; c < s.m; c++) {
      const x = PAD + c * size;
      const y = PAD + r * size;
      const taken = c < s.taken[r];
      const who = s.owner[r][c];
      const mv = moves.get(`${r + 1},${c + 1}`);
      const cls = taken ? `cell taken taken-${who || 'x'}` : 'cell free';
      const rect = el('rect', { x, y, width: size, height: size, class: cls, 'data-cell': `${r + 1},${c + 1}` }, svg);
      tip(rect, `${r + 1},${c + 1}: A ${s.A[r][c]}, B ${s.B[r][c]}${taken ? ` (taken${who && who !== 'x' ? ` by ${who === 'F' ? 'first' : 'second'}` : ''})` : ''}`);
      el('text', { x: x + 3, y: y + small + 1, 'font-size': small, class: 'val-a' }, svg).textContent = s.A[r][c];
      el('text', { x: x + size - 3, y: y + size - 3, 'font-size': small, 'text-anchor': 'end', class: 'val-b' }, svg).textContent = s.B[r][c];
      if (taken && who && who !== 'x') {
        el('text', { x: x + size / 2, y: y + size / 2 + size * 0.12, 'font-size': size * 0.36, 'text-anchor': 'middle', class: 'owner' }, svg)
          .textContent = who;
      }
      if (mv) {
        const dot = el('rect', {
          x: x + size * 0.2, y: y + size * 0.26, width: size * 0.6, height: size * 0.48, rx: 4,
          fill: evalColour(mv, scale), class: 'move-dot', 'data-move': mv.move,
        }, svg);
        tip(dot, `take ${mv.move} (gain ${mv.gain}): score ${mv.score}`);
        dot.addEventListener('click', () => ctx.play(mv));
        const label = el('text', { x: x + size / 2, y: y + size / 2 + size * 0.1, 'font-size': size * 0.28, 'text-anchor': 'middle', class: 'score' }, svg);
        label.textContent = mv.score;
        label.addEventListener('click', () => ctx.play(mv));
      }
    }
  }
}

function resize(s0, n, m) {
  const fit = (matrix) => Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => matrix[r]?.[c] ?? 0));
  return { n, m, A: fit(s0.A), B: fit(s0.B), taken: Array(n).fill(0), owner: Array.from({ length: n }, () => Array(m).fill('')) };
}

function tools(panel, s, ctx) {
  const sizes = html('div', { class: 'row' }, panel);
  // n + m ≤ 32 and n·m ≤ 256 are the text format's limits; the server's cap (work: states times moves, plus tables) may be lower.
  numberInput(sizes, 'rows', s.n, 1, 16, (v) => ctx.edited(resize(ctx.current(), v, Math.min(ctx.current().m, 256 / v | 0, 32 - v))), 'rows');
  numberInput(sizes, 'columns', s.m, 1, 16, (v) => ctx.edited(resize(ctx.current(), Math.min(ctx.current().n, 256 / v | 0, 32 - v), v)), 'cols');
  const random = html('button', { type: 'button', text: 'Random fill 0–9', name: 'random' }, sizes);
  random.addEventListener('click', () => {
    const cur = ctx.current();
    const fill = () => Array.from({ length: cur.n }, () => Array.from({ length: cur.m }, () => Math.floor(Math.random() * 10)));
    ctx.edited({ ...resize(cur, cur.n, cur.m), A: fill(), B: fill() });
  });
  const clear = html('button', { type: 'button', text: 'Nothing taken' }, sizes);
  clear.addEventListener('click', () => ctx.edited(resize(ctx.current(), ctx.current().n, ctx.current().m)));
  for (const [which, name] of [['A', 'A (first player)'], ['B', 'B (second player)']]) {
    html('h4', { text: `Values ${name}` }, panel);
    const table = html('table', { class: 'matrix' }, panel);
    s[which].forEach((row, r) => {
      const tr = html('tr', {}, table);
      row.forEach((v, c) => {
        const input = html('input', { type: 'number', min: 0, max: 1000000000, value: v }, html('td', {}, tr));
        input.setAttribute('name', `${which}-${r + 1}-${c + 1}`);
        input.addEventListener('change', () => {
          const next = structuredClone(ctx.current());
          next[which][r][c] = Math.max(0, Math.min(1e9, Math.round(Number(input.value) || 0)));
          ctx.edited(next);
        });
      });
    });
  }
  html('p', { class: 'hint', text: 'Each cell shows A (top left) and B (bottom right). A cell may be taken once every cell above it and left of it is taken.' }, panel);
}

function apply(s0, mv) {
  const s = structuredClone(s0);
  const [r, c] = [mv.cell[0] - 1, mv.cell[1] - 1];
  const mover = s.taken.reduce((a, b) => a + b, 0) % 2 === 0 ? 'F' : 'S';
  s.taken[r] += 1;
  s.owner[r][c] = mover;
  return { model: s, over: null };
}

export default {
  rules: "Players alternately take a cell, the first player first; a cell may be taken once every cell above it and left of it is taken. The first player scores A, the second B; each maximises own total minus the other's. The score of a move is the mover's gain minus the score after it.",
  name: 'lattice-dp',
  history: 'score',
  legend: [
    [evalColour({ score: 5 }, 5), 'positive score (the mover gains more)'],
    [evalColour({ score: 0 }), 'zero'],
    [evalColour({ score: -5 }, 5), 'negative score'],
    [evalColour({ score: 1 }, 5), 'paler = nearer 0'],
  ],
  legendNote: 'score = mover\'s future gains minus the opponent\'s',
  pvNote: 'Best move ▶ steps through an optimal game; the analysis lists one from the loaded board with both running totals.',
  // The board is full: the totals of the moves played since the loaded position, as `play` counts them.
  result: (r, s, line) => {
    const totals = { first: 0, second: 0 };
    for (const entry of line.slice(1)) totals[entry.mover] += entry.played?.gain ?? 0;
    const winner = totals.first > totals.second ? 'first' : totals.second > totals.first ? 'second' : null;
    return { winner, reason: `the board is full: first ${totals.first} - second ${totals.second}` };
  },
  parse,
  format,
  render,
  tools,
  apply,
  options: () => ({}),
  summary: (r) => {
    const taken = r.taken ? r.taken.reduce((a, b) => a + b, 0) : 0;
    return `(the best of mover's minus opponent's future gains; ${counted(taken, 'cell')} taken)`;
  },
};

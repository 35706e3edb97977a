// Shared helpers of the page: the API, SVG drawing, the value colours, token reading.

export const SVG = 'http://www.w3.org/2000/svg';

// Creates an SVG element with attributes and appends it to `parent` (when given).
/** `n` and `noun`, the noun in the plural (an `s` added) unless `n` is one: `1 cell`, `2 cells`. */
export function counted(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// Creates an HTML element with properties and appends it to `parent` (when given).
export function html(tag, props = {}, parent = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else if (key.startsWith('data-')) node.setAttribute(key, value);
    else node[key] = value;
  }
  if (parent) parent.appendChild(node);
  return node;
}

// A hover tooltip of an SVG element.
export function tip(node, text) {
  el('title', {}, node).textContent = text;
  return node;
}

// The API. `query` resolves to {ok, status, body} and never throws on an HTTP error.
export async function fetchGames() {
  const response = await fetch('/api/games');
  if (!response.ok) throw new Error(`GET /api/games: ${response.status}`);
  return response.json();
}

export async function query(game, position, options = {}, signal = undefined, view = 'query') {
  return post(game, view, { position, ...options }, signal);
}

// POST /api/<game>/<view> with the JSON `body`: {ok, status, body, retryAfter}.
export async function post(game, view, body, signal = undefined) {
  const response = await fetch(`/api/${game}/${view}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  let answer;
  try {
    answer = await response.json();
  } catch {
    answer = { error: `HTTP ${response.status}` };
  }
  const retryAfter = Number(response.headers.get('Retry-After')) || 0;
  return { ok: response.ok, status: response.status, body: answer, retryAfter };
}

// An eval ({value, remoteness} or {score}) in words: `win in 3`, `draw`, `lose`, `score 7`.
export function evalText(e) {
  if (e.score !== undefined) return `score ${e.score}`;
  if (e.value === 'draw' || e.remoteness === undefined) return e.value;
  return `${e.value} in ${e.remoteness}`;
}

// The colour of a move's eval: green win, yellow draw, red lose; the darker, the faster. Scores:
// green above 0, yellow at 0, red below, the darker the further from 0 (relative to `scale`).
export function evalColour(e, scale = 1) {
  if (e.score !== undefined) {
    const strength = Math.min(1, Math.abs(e.score) / Math.max(1, scale));
    const lightness = 70 - 35 * strength;
    if (e.score > 0) return `hsl(130, 55%, ${lightness}%)`;
    if (e.score < 0) return `hsl(0, 70%, ${lightness}%)`;
    return 'hsl(50, 90%, 55%)';
  }
  const r = e.remoteness;
  const speed = r === undefined ? 0.5 : Math.max(0, 1 - (r - 1) / 15);
  const lightness = 72 - 38 * speed;
  if (e.value === 'win') return `hsl(130, 55%, ${lightness}%)`;
  if (e.value === 'lose') return `hsl(0, 70%, ${lightness}%)`;
  return 'hsl(50, 90%, 55%)';
}

// The colours of the three values (the darkest shade of evalColour), for charts and legends.
export const COLOURS = { win: 'hsl(130, 55%, 40%)', draw: 'hsl(50, 90%, 55%)', lose: 'hsl(0, 70%, 50%)' };

// A word with its first letter in capitals (`red` → `Red`).
export const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

// The largest |score| among moves (for the score colour scale).
export function scoreScale(moves) {
  return moves.reduce((m, mv) => Math.max(m, Math.abs(mv.score ?? 0)), 1);
}

// Whitespace-separated tokens of a text, with a cursor.
export class Tokens {
  constructor(text) {
    this.items = text.split(/\s+/).filter((t) => t.length > 0);
    this.at = 0;
  }
  peek() {
    return this.items[this.at];
  }
  next(what = 'a token') {
    if (this.at >= this.items.length) throw new Error(`unexpected end of the text, expected ${what}`);
    return this.items[this.at++];
  }
  int(what) {
    const token = this.next(what);
    if (!/^\d+$/.test(token)) throw new Error(`expected ${what}, found '${token}'`);
    return Number(token);
  }
  // `rows` rows of `cols` characters (rows may be split or joined across tokens).
  grid(rows, cols) {
    let chars = '';
    while (chars.length < rows * cols) chars += this.next('a board row');
    const grid = [];
    for (let r = 0; r < rows; r++) grid.push(chars.slice(r * cols, (r + 1) * cols).split(''));
    return grid;
  }
}

// Draws row and column numbers (1-based) around a grid of `rows` × `cols` cells of size `size`
// whose top-left corner is at (x0, y0).
export function gridNumbers(svg, rows, cols, size, x0, y0) {
  const font = Math.max(8, Math.min(14, size * 0.4));
  for (let c = 0; c < cols; c++) {
    el('text', { x: x0 + c * size + size / 2, y: y0 - 6, class: 'coord', 'font-size': font, 'text-anchor': 'middle' }, svg)
      .textContent = c + 1;
  }
  for (let r = 0; r < rows; r++) {
    el('text', { x: x0 - 6, y: y0 + r * size + size / 2 + font / 3, class: 'coord', 'font-size': font, 'text-anchor': 'end' }, svg)
      .textContent = r + 1;
  }
}

// A labelled number input; `onChange(value)` fires with the clamped integer.
export function numberInput(parent, label, value, min, max, onChange, name = '') {
  const wrap = html('label', { class: 'num' }, parent);
  wrap.append(`${label} `);
  const input = html('input', { type: 'number', min, max, value }, wrap);
  if (name) input.setAttribute('name', name);
  input.addEventListener('change', () => {
    const v = Math.max(min, Math.min(max, Math.round(Number(input.value) || min)));
    input.value = v;
    onChange(v);
  });
  return input;
}

// A palette of radio buttons; returns a getter of the chosen value.
export function palette(parent, name, choices, initial) {
  const wrap = html('div', { class: 'palette' }, parent);
  wrap.setAttribute('role', 'radiogroup');
  let chosen = initial;
  for (const [value, label] of choices) {
    const item = html('label', {}, wrap);
    const radio = html('input', { type: 'radio', name, value, checked: value === initial }, item);
    radio.setAttribute('data-tool', value);
    radio.addEventListener('change', () => { chosen = value; });
    item.append(` ${label}`);
  }
  return () => chosen;
}

// Cells of a cell JSON value [row, column] as a key.
export const key = (cell) => `${cell[0]},${cell[1]}`;

// The page: pick a game, edit or load a position, see every move's value, play, undo.
//
// The page keeps its own board model per game (the game modules parse and write the CLI's query
// text format) and asks the server for each position's report with one API call, POST
// /api/<game>/query. A move is applied to the model here, then the new position is queried.

import { capital, evalColour, evalText, fetchGames, html, query } from './common.js';
import { drawHistory } from './history.js';
import { analysisTools, clearAnalysis, runAnalysis } from './analysis.js';
import gameModules from './games.js';

// Each game's module (games.js, written by the server from its list of the games), by game name.
const MODULES = Object.fromEntries(gameModules.map((m) => [m.name, m]));
const $ = (id) => document.getElementById(id);

const state = {
  infos: [],
  info: null, // GET /api/games entry of the current game
  mod: null, // its module
  line: [], // positions from the start: {model, report, move, mover, played, over, error}
  stale: null, // a text that failed to load while the board still shows the line's position
  editing: false,
  human: '', // the side the person plays against the solver ('' = the person moves both sides)
  controller: null, // AbortController of the query in flight
  autoTimer: null,
};

const current = () => state.line[state.line.length - 1];

function showError(message) {
  const box = $('error');
  box.textContent = message || '';
  box.hidden = !message;
}

function setBusy(busy) {
  $('cancel').hidden = !busy;
  document.body.classList.toggle('busy', busy);
  markIdle();
}

// `data-idle` on the body: no query in flight and no edit waiting to be queried (for tests).
function markIdle() {
  const idle = !state.controller && !state.editTimer && !state.autoTimer && !state.analysing;
  document.body.dataset.idle = String(idle);
}

// Queries the position of `entry` (its model's text) and stores its report or error.
// Asks the server for the report of `text` (one query in flight at a time: a new one aborts the
// old). Shows the elapsed time and the Cancel button while it runs. Resolves to {report} or {error}.
async function ask(text, options) {
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const started = performance.now();
  setBusy(true);
  // The solve's name, to follow its progress (GET /api/progress/<id>: the lattice game's layers).
  const id = `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  let layers = '';
  const ticker = setInterval(async () => {
    $('status').textContent = `solving… ${((performance.now() - started) / 1000).toFixed(1)} s${layers}`;
    try {
      const reply = await fetch(`/api/progress/${id}`);
      if (reply.ok) {
        const { done, total } = await reply.json();
        if (total > 0) layers = `, layer ${done} of ${total}`;
      }
    } catch {
      // progress is only shown when available
    }
  }, 300);
  options = { ...options, id };
  try {
    let reply = await query(state.info.name, text, options, controller.signal);
    // A busy server (503) says when to come back: try again up to 3 times.
    for (let attempt = 0; reply.status === 503 && reply.retryAfter > 0 && attempt < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, reply.retryAfter * 1000));
      reply = await query(state.info.name, text, options, controller.signal);
    }
    if (reply.ok) return { report: reply.body, error: null };
    return { report: null, error: reply.body.error || `HTTP ${reply.status}` };
  } catch (e) {
    return { report: null, error: e.name === 'AbortError' ? 'cancelled' : `the server cannot be reached: ${e.message}` };
  } finally {
    clearInterval(ticker);
    if (state.controller === controller) {
      state.controller = null;
      setBusy(false);
    }
  }
}

// Queries the position of `entry` (its model's text) and stores its report or error.
async function solve(entry) {
  const { report, error } = await ask(state.mod.format(entry.model), state.mod.options(entry.model));
  entry.report = report;
  entry.error = error;
}

// The end of the game at the current position, or null: {winner (a side, or null for a draw),
// reason} in the words of the CLI's `play`.
function gameResult() {
  const entry = current();
  if (entry.over) return entry.over;
  if (!entry.report || entry.report.moves.length > 0) return null;
  return state.mod.result(entry.report, entry.model, state.line);
}

// `Game over: VERDICT: REASON.` as `play` writes it: against the solver `You win (side)` or `The
// solver wins (side)`; exploring both sides, `Side wins`; `Draw`.
function verdict(result) {
  const w = result.winner;
  if (w && state.human) return w === state.human ? `You win (${w})` : `The solver wins (${w})`;
  return w ? `${capital(w)} wins` : 'Draw';
}

function bannerText(result) {
  return `Game over: ${verdict(result)}: ${result.reason}.`;
}

function render() {
  const entry = current();
  const { mod } = state;
  $('text').value = state.stale ?? mod.format(entry.model);
  showError(entry.error);
  const status = $('status');
  status.textContent = '';
  const result = gameResult();
  if (entry.report) {
    const r = entry.report;
    const words = mod.summary ? mod.summary(r) : '';
    status.append(`${r.to_move} to move: `);
    html('strong', { text: evalText(r), id: 'value' }, status);
    if (words) status.append(` ${words}`);
  }
  const banner = $('banner');
  banner.hidden = !result;
  banner.textContent = result ? bannerText(result) : '';
  if (result) banner.dataset.winner = result.winner ?? 'draw';
  $('stale').hidden = !state.stale;
  $('stale').textContent = state.stale
    ? 'The text did not load (the message is below the board): the board shows the previous position, not that text.'
    : '';
  $('board-wrap').classList.toggle('stale', Boolean(state.stale));
  const svg = $('board');
  svg.replaceChildren();
  mod.render(svg, entry.model, state.editing || entry.over ? null : entry.report, context);
  renderMoves(entry);
  renderPv(entry);
  renderHistory();
  renderChart();
  $('undo').disabled = state.line.length <= 1;
  $('best').disabled = !entry.report || entry.report.moves.length === 0 || Boolean(entry.over);
}

// The principal variation of the position where the report has one (the pawn game's `pv` and
// `end`); the other games say how to step through an optimal game.
function renderPv(entry) {
  const list = $('pv');
  list.replaceChildren();
  const note = $('pv-note');
  const r = entry.report;
  if (!r || entry.over) {
    note.textContent = '';
    return;
  }
  if (Array.isArray(r.pv)) {
    let side = r.to_move;
    const [a, b] = state.info.sides;
    for (const mv of r.pv) {
      html('li', { text: `${side}: ${mv}` }, list);
      side = side === a ? b : a;
    }
    note.textContent = r.pv.length === 0 ? `No move: ${r.end ?? 'the game is over'}.` : `Then: ${r.end ?? ''}.`;
  } else {
    note.textContent = state.mod.pvNote ?? '';
  }
}

function renderMoves(entry) {
  const list = $('moves');
  list.replaceChildren();
  if (!entry.report || entry.over) return;
  const scale = entry.report.moves.reduce((m, mv) => Math.max(m, Math.abs(mv.score ?? 0)), 1);
  for (const mv of entry.report.moves) {
    const li = html('li', {}, list);
    const button = html('button', { type: 'button', class: 'move' }, li);
    button.setAttribute('data-move', mv.move);
    html('span', { class: 'sw' }, button).style.background = evalColour(mv, scale);
    html('code', { text: mv.move }, button);
    button.append(` ${evalText(mv)}`);
    button.addEventListener('click', () => playMove(mv));
  }
}

function renderHistory() {
  const list = $('history');
  list.replaceChildren();
  for (const entry of state.line.slice(1)) {
    html('li', { text: `${entry.mover}: ${entry.move}` }, list);
  }
}

// The value history of the game so far (history.js): one row per position.
function renderChart() {
  const wrap = $('chart-wrap');
  const rows = state.line.map((entry, i) => ({
    label: i === 0 ? 'start' : `${i}. ${entry.move}`,
    report: entry.report ?? entry.final ?? null,
    mover: entry.mover,
    gain: entry.played?.gain ?? 0,
  }));
  wrap.hidden = !rows.some((row) => row.report);
  if (wrap.hidden) return;
  const result = gameResult();
  const footer = result ? `Game over: ${verdict(result)}.` : '';
  drawHistory($('chart'), rows, state.info.sides, state.mod.history, footer);
}

// Plays `mv` (a report move) from the current position.
async function playMove(mv) {
  const entry = current();
  if (entry.over || !entry.report || state.editTimer) return;
  state.stale = null;
  const { model, over } = state.mod.apply(entry.model, mv);
  const notation = state.mod.notation ? state.mod.notation(mv) : mv.move;
  const next = { model, report: null, move: notation, mover: entry.report.to_move, played: mv, over, error: null };
  // A game that ends without a position to query (a pawn capture): its loser is to move, lost in 0.
  if (over?.winner) next.final = { to_move: state.info.sides.find((s) => s !== over.winner), value: 'lose', remoteness: 0 };
  state.line.push(next);
  if (!over) await solve(next);
  render();
  scheduleSolverMove();
}

// When the person plays one side, the solver answers with its best move.
function scheduleSolverMove() {
  clearTimeout(state.autoTimer);
  state.autoTimer = null;
  markIdle();
  const entry = current();
  if (!state.human || !entry.report || entry.over || state.editing) return;
  if (entry.report.to_move === state.human || entry.report.moves.length === 0) return;
  state.autoTimer = setTimeout(() => {
    state.autoTimer = null;
    if (current() === entry) playMove(entry.report.moves[0]);
    else markIdle();
  }, 450);
  markIdle();
}

function undo() {
  clearTimeout(state.autoTimer);
  state.autoTimer = null;
  if (state.line.length <= 1) return;
  state.stale = null;
  state.line.pop();
  // Against the solver, go back to a position where the person is to move.
  while (state.human && state.line.length > 1 && current().report && current().report.to_move !== state.human) {
    state.line.pop();
  }
  render();
}

// Starts a new line from `model` (after loading a text or editing the board).
async function startFrom(model) {
  clearTimeout(state.autoTimer);
  state.autoTimer = null;
  const entry = { model, report: null, move: null, mover: null, over: null, error: null };
  state.line = [entry];
  render();
  await solve(entry);
  if (current() === entry) {
    render();
    scheduleSolverMove();
  }
}

// Loads a position text: the server checks it first (its message is the CLI's), then the page
// builds its model from it.
async function loadText(text) {
  const reply = await ask(text, state.mod.options(null));
  if (!reply.report) {
    // The board keeps the line's position, dimmed and marked as not the text's; the text box keeps
    // the text the person wrote.
    state.stale = text;
    if (current()) render();
    $('text').value = text;
    showError(reply.error);
    return;
  }
  state.stale = null;
  clearAnalysis();
  let model;
  try {
    model = state.mod.parse(text, reply.report);
  } catch (e) {
    showError(`the page cannot draw this position: ${e.message}`);
    return;
  }
  const entry = { model, report: reply.report, move: null, mover: null, over: null, error: null };
  state.line = [entry];
  renderTools();
  render();
  scheduleSolverMove();
}

// The editor calls this after each change of the board.
function edited(model) {
  clearTimeout(state.editTimer);
  state.stale = null;
  state.line = [{ model, report: null, move: null, mover: null, over: null, error: null }];
  renderTools(); // the editor shows the new sizes and values (its tool choice is kept)
  render();
  state.editTimer = setTimeout(flushEdit, 250, model);
  markIdle();
}

// Queries an edited board now (rather than after the pause for more edits).
function flushEdit(model = null) {
  if (!state.editTimer) return;
  clearTimeout(state.editTimer);
  state.editTimer = null;
  startFrom(model ?? current().model);
}

// What the analysis view may do with the page: load a position text (the longest wins and losses).
const analysisContext = {
  load: (text) => loadText(text),
  busy: (busy) => {
    state.analysing = busy;
    markIdle();
  },
};

const context = {
  get editing() {
    return state.editing;
  },
  edited,
  play: playMove,
  current: () => current().model,
  game: () => state.info.name,
  rerender: () => render(),
};

function renderTools() {
  const tools = $('tools');
  tools.replaceChildren();
  const toggle = html('label', { class: 'edit-toggle' }, tools);
  const box = html('input', { type: 'checkbox', id: 'editing', checked: state.editing }, toggle);
  toggle.append(' Edit the board');
  box.addEventListener('change', () => {
    state.editing = box.checked;
    renderTools();
    render();
    if (!state.editing) {
      if (state.editTimer) flushEdit();
      else scheduleSolverMove();
    }
  });
  if (state.editing) {
    const panel = html('div', { class: 'editor' }, tools);
    state.mod.tools(panel, current().model, context);
  }
  if (state.mod.controls) state.mod.controls(tools, context);
}

// The colour legend of the current game (its module's words: what the colours of its values mean).
function renderLegend() {
  const legend = $('legend');
  legend.replaceChildren();
  for (const [colour, words] of state.mod.legend) {
    const item = html('span', { class: 'item' }, legend);
    html('span', { class: 'sw' }, item).style.background = colour;
    item.append(words);
  }
  if (state.mod.legendNote) html('span', { text: state.mod.legendNote }, legend);
}

function renderHumanChoice() {
  const select = $('human');
  select.replaceChildren();
  html('option', { value: '', text: 'both sides (explore)' }, select);
  for (const side of state.info.sides) html('option', { value: side, text: `${side} (solver plays the other)` }, select);
  select.value = state.human;
}

async function pickGame(name) {
  state.info = state.infos.find((g) => g.name === name);
  state.mod = MODULES[name];
  state.human = '';
  state.editing = false;
  for (const button of $('games').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.game === name));
  }
  document.body.dataset.game = name;
  renderHumanChoice();
  state.line = [];
  $('rules').textContent = state.mod.rules;
  renderLegend();
  state.stale = null;
  clearAnalysis();
  analysisTools(state.info);
  $('text').value = state.info.example;
  if (!state.info.available) {
    state.line = [{ model: state.mod.parse(state.info.example), report: null, over: null,
      error: `${name}: not available in this build of the server (501)` }];
    renderTools();
    render();
    return;
  }
  await loadText(state.info.example);
}

async function main() {
  markIdle();
  const { games } = await fetchGames();
  state.infos = games.filter((g) => MODULES[g.name]);
  const nav = $('games');
  for (const info of state.infos) {
    const button = html('button', { type: 'button', text: info.title }, nav);
    button.dataset.game = info.name;
    button.addEventListener('click', () => pickGame(info.name));
  }
  $('undo').addEventListener('click', undo);
  $('best').addEventListener('click', () => {
    const entry = current();
    if (entry.report && entry.report.moves.length > 0) playMove(entry.report.moves[0]);
  });
  $('solve').addEventListener('click', async () => {
    if (!current()) return;
    if (state.editTimer) {
      flushEdit();
      return;
    }
    await solve(current());
    render();
    scheduleSolverMove();
  });
  $('cancel').addEventListener('click', () => state.controller && state.controller.abort());
  $('restart').addEventListener('click', () => {
    state.line = state.line.slice(0, 1);
    state.stale = null;
    render();
    scheduleSolverMove();
  });
  $('human').addEventListener('change', (e) => {
    state.human = e.target.value;
    scheduleSolverMove();
  });
  $('load').addEventListener('click', () => loadText($('text').value));
  $('analyze').addEventListener('click', () => runAnalysis(state.mod, state.info, current().model, analysisContext));
  $('example').addEventListener('click', () => loadText(state.info.example));
  $('copy').addEventListener('click', async () => {
    const text = $('text').value;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      $('text').select();
      document.execCommand('copy');
    }
  });
  const wanted = new URLSearchParams(location.search).get('game');
  await pickGame(state.infos.some((g) => g.name === wanted) ? wanted : state.infos[0].name);
  document.body.dataset.ready = 'true';
}

main().catch((e) => showError(`the page failed to start: ${e.message}`));

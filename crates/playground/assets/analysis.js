// The Analysis view: the whole game of the current board, from POST /api/<game>/analyze (the object
// `<game> analyze --json` prints for the board), drawn by the game's view (analysis-views.js).

import { html, post } from './common.js';
import VIEWS from './analysis-views.js';

const $ = (id) => document.getElementById(id);

let controller = null;

// Empties the view (another game or another board: its analysis is no longer the board's).
export function clearAnalysis() {
  if (controller) controller.abort();
  controller = null;
  $('analysis').replaceChildren();
  $('analysis').removeAttribute('data-game');
}

// Shows the game's own inputs beside the Analyze button (segment-nim: the number of fields), and
// whether this server has the analysis of the game.
export function analysisTools(info) {
  const tools = $('analysis-tools');
  for (const node of [...tools.children]) if (node.id !== 'analyze') node.remove();
  const view = VIEWS[info.name];
  if (view.tools) view.tools(tools, info);
  const available = info.views.includes('analyze');
  $('analyze').disabled = !available;
  if (!available) html('span', { class: 'hint', text: 'the analysis of this game is not in this build of the server' }, tools);
}

// Asks for the analysis of `model` and draws it. `ctx.load(text)` loads a position into the page;
// `ctx.busy(flag)` marks the request in flight.
export async function runAnalysis(mod, info, model, ctx) {
  clearAnalysis();
  const view = VIEWS[info.name];
  const box = $('analysis');
  const mine = new AbortController();
  controller = mine;
  ctx.busy(true);
  html('p', { class: 'hint', text: 'analysing…' }, box);
  try {
    const body = view.request ? view.request(model) : { position: mod.format(model), ...mod.options(model) };
    const reply = await post(info.name, 'analyze', body, mine.signal);
    if (controller !== mine) return;
    box.replaceChildren();
    if (!reply.ok) {
      html('div', { class: 'analysis-error', role: 'alert', text: reply.body.error ?? `HTTP ${reply.status}` }, box);
      return;
    }
    box.dataset.game = info.name;
    view.render(box, reply.body, { ...ctx, sides: info.sides });
  } catch (e) {
    if (controller === mine) {
      box.replaceChildren();
      html('div', { class: 'analysis-error', role: 'alert', text: e.name === 'AbortError' ? 'cancelled' : e.message }, box);
    }
  } finally {
    if (controller === mine) controller = null;
    ctx.busy(false);
  }
}

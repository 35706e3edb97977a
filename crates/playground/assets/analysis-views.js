// The four games' analysis views: each draws the object of `<game> analyze --json` (fields in
// docs/REPORT.md, section `analyze`) into the page's Analysis box.

import { COLOURS, counted, html, numberInput } from './common.js';
import { cellMap, count, heatMap, mixColour, runningTotals, stackedBars } from './charts.js';

// A chart's heading and its <svg>.
const chart = (parent, cls, heading) => {
  html('h4', { text: heading }, parent);
  return svg(parent, cls);
};

const svg = (parent, cls) => {
  const node = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  node.setAttribute('class', cls);
  parent.appendChild(node);
  return node;
};

// A row of colour swatches with their words.
function legend(parent, items, note) {
  const row = html('p', { class: 'chart-legend' }, parent);
  for (const [colour, words] of items) {
    const item = html('span', { class: 'item' }, row);
    html('span', { class: 'sw' }, item).style.background = colour;
    item.append(` ${words}`);
  }
  if (note) row.append(` ${note}`);
}

const percent = (part, whole) => (whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`);

// pawn-retrograde: positions by remoteness, stacked win / lose / draw (for the side to move), for
// the positions reachable from the board's own position and for every legal position; the legal
// share of the index, the branching factor, the longest wins and losses (a click loads one).
function pawnTable(parent, table, cls, caption) {
  // Remoteness 0 first, up to the largest, then the draws (no remoteness: ∞).
  const rows = [...table.rows.filter((r) => r.remoteness !== null).reverse(), ...table.rows.filter((r) => r.remoteness === null)];
  const bars = rows.map((row) => {
    const label = row.remoteness === null ? '∞' : String(row.remoteness);
    return {
      key: row.remoteness === null ? 'inf' : String(row.remoteness),
      label,
      parts: [
        { name: 'lose', value: row.lose, colour: COLOURS.lose },
        { name: 'win', value: row.win, colour: COLOURS.win },
        { name: 'draw', value: row.draw, colour: COLOURS.draw },
      ],
      title: `remoteness ${label}: ${count(row.win)} win, ${count(row.lose)} lose, ${count(row.draw)} draw (${count(row.total)})`,
    };
  });
  const t = table.totals;
  const heading = `${caption}: ${count(t.total)} positions (${count(t.win)} win, ${count(t.lose)} lose, ${count(t.draw)} draw), by remoteness`;
  stackedBars(chart(parent, cls, heading), bars);
}

const pawn = {
  render(box, a, ctx) {
    html('p', {
      class: 'facts',
      text: `Board ${a.rows}×${a.columns}: ${count(a.all.totals.total)} legal positions, ${percent(a.all.totals.total, a.index_size)} `
        + `of the solver's index of ${count(a.index_size)}; ${count(a.moves)} moves, ${a.branching.toFixed(2)} on average `
        + 'from a position that has one. Values are for the side to move.',
    }, box);
    legend(box, [[COLOURS.win, 'win'], [COLOURS.lose, 'lose'], [COLOURS.draw, 'draw (∞: no remoteness)']], 'for the side to move');
    pawnTable(box, a.reachable, 'chart-reachable', 'Reachable from the board\'s position');
    pawnTable(box, a.all, 'chart-all', 'Every legal position');
    if (a.canonical) {
      html('p', { class: 'facts', text: `Mirror images counted once (the obstacles are symmetric): ${count(a.canonical.totals.total)} positions.` }, box);
    }
    if (a.longest.length > 0) {
      html('h4', { text: 'The longest games (click to load)' }, box);
      const list = html('ul', { class: 'longest' }, box);
      for (const item of a.longest) {
        const li = html('li', {}, list);
        const button = html('button', { type: 'button', text: `${item.to_move} to move: ${item.value} in ${item.remoteness}` }, li);
        button.addEventListener('click', () => ctx.load(item.position));
      }
    }
  },
};

// lattice-dp: the optimal score difference over every state (buckets by powers of two), the
// states per layer, and the optimal game with both running totals.
const lattice = {
  render(box, a) {
    const verdict = a.winner === 'draw' ? 'a draw' : `${a.winner} wins`;
    html('p', {
      class: 'facts',
      text: `Board ${a.rows}×${a.columns}: ${count(a.states)} states; the start's score is ${a.score}. `
        + `The optimal game ends first ${a.first} - second ${a.second}: ${verdict}.`,
    }, box);
    const scale = Math.max(1, ...a.scores.map((b) => Math.max(Math.abs(b.low), Math.abs(b.high))));
    const shade = (b) => {
      const mid = (b.low + b.high) / 2;
      const lightness = 70 - 35 * Math.min(1, Math.abs(mid) / scale);
      if (mid > 0) return `hsl(130, 55%, ${lightness}%)`;
      if (mid < 0) return `hsl(0, 70%, ${lightness}%)`;
      return COLOURS.draw;
    };
    const bars = a.scores.map((b) => {
      const label = b.low === b.high ? String(b.low) : `${b.low}…${b.high}`;
      return {
        key: `${b.low},${b.high}`,
        label,
        parts: [{ name: 'states', value: b.count, colour: shade(b) }],
        title: `score ${b.low === b.high ? b.low : `${b.low} to ${b.high}`}: ${count(b.count)} states`,
      };
    });
    stackedBars(chart(box, 'chart-scores', 'Optimal score difference for the side to move, over every state'), bars);
    const firsts = [0, ...a.line.map((m) => m.first)];
    const seconds = [0, ...a.line.map((m) => m.second)];
    runningTotals(chart(box, 'chart-line', `The optimal game: ${a.line.length} moves, both running totals`), [
      { name: 'first', values: firsts, colour: '#1f5fa8' },
      { name: 'second', values: seconds, colour: '#a83a1f' },
    ]);
    // The optimal game as a list: each move with its player, its gain and both totals after it.
    const list = html('ol', { class: 'line' }, html('details', {}, box));
    list.parentElement.prepend(html('summary', { text: `The optimal game, move by move (${a.line.length} moves)` }));
    for (const m of a.line) {
      html('li', { text: `${m.player} ${m.move} (+${m.gain}): first ${m.first} - second ${m.second}` }, list);
    }
    const layers = a.layers.map((n, k) => ({
      key: String(k), label: String(k), parts: [{ name: 'states', value: n, colour: '#8a9bb0' }],
      title: `${counted(k, 'cell')} taken: ${count(n)} states`,
    }));
    stackedBars(chart(box, 'chart-layers', 'States by cells taken'), layers, { height: 130 });
  },
};

// segment-nim: the outcome of every placement (white to move) as a heat map over (white pawns,
// black pawns), coloured by the mix of white wins, draws and black wins; all placements and up to
// rotation and reflection.
let fields = 10;

const segment = {
  // The number of fields, up to the server's cap (`max_fields` in GET /api/games).
  tools(parent, info) {
    const most = info.limits.find((l) => l.name === 'max_fields')?.value ?? 12;
    fields = Math.min(fields, most);
    numberInput(parent, 'fields N', fields, 1, most, (n) => { fields = n; }, 'analysis-fields');
  },
  request: () => ({ fields }),
  render(box, a) {
    const t = a.totals;
    html('p', {
      class: 'facts',
      text: `${a.fields} fields: ${count(a.placements)} placements, white to move: white wins ${count(t.white_wins)} `
        + `(${percent(t.white_wins, t.total)}), black wins ${count(t.black_wins)}, draws ${count(t.draws)}; `
        + `${count(a.canonical_totals.total)} up to rotation and reflection.`,
    }, box);
    legend(box, [[COLOURS.win, 'white wins'], [COLOURS.draw, 'draw'], [COLOURS.lose, 'black wins']], '(mixed in proportion)');
    const pair = html('div', { class: 'pair' }, box);
    for (const [entries, cls, caption] of [[a.counts, 'chart-counts', 'Every placement'], [a.canonical, 'chart-canonical', 'Up to rotation and reflection']]) {
      const half = html('div', {}, pair);
      const at = new Map(entries.map((e) => [`${e.white},${e.black}`, e]));
      heatMap(chart(half, cls, `${caption}: the number in a cell is the share of white wins (%)`), a.fields, (w, b) => {
        const e = at.get(`${w},${b}`);
        if (!e) return null;
        return {
          colour: mixColour(e.white_wins, e.draws, e.black_wins),
          title: `${w} white, ${b} black: white wins ${count(e.white_wins)}, black wins ${count(e.black_wins)}, draws ${count(e.draws)} (${count(e.total)})`,
          label: e.total === 0 ? '' : String(Math.round((100 * e.white_wins) / e.total)),
        };
      }, { rowName: 'white pawns', columnName: 'black pawns' });
    }
  },
};

// The king game: the all-starts map (W: the first player wins with the king starting there, L:
// loses) with its counts, the matching and the Gallai–Edmonds classes.
const king = {
  render(box, a) {
    html('p', {
      class: 'facts',
      text: `Board ${a.rows}×${a.columns} (${a.move_set}): ${count(a.free_cells)} free cells, ${count(a.edges)} edges, `
        + `a maximum matching of ${count(a.maximum_matching)}. The first player wins from ${count(a.starts.win)} start cells `
        + `and loses from ${count(a.starts.lose)}. Gallai–Edmonds classes: D ${count(a.classes.d)}, A ${count(a.classes.a)}, `
        + `C ${count(a.classes.c)}.`,
    }, box);
    legend(box, [[COLOURS.win, 'W: the first player wins'], [COLOURS.lose, 'L: loses'], ['#3a3a3c', 'blocked']]);
    cellMap(chart(box, 'chart-map', 'All starts: W the first player wins with the king starting there, L loses'), a.map, { W: COLOURS.win, L: COLOURS.lose, '#': '#3a3a3c', '.': '#fff' }, { W: 'W', L: 'L' });
  },
};

export default { 'pawn-retrograde': pawn, 'lattice-dp': lattice, 'segment-nim': segment, 'edmonds-blossom': king };

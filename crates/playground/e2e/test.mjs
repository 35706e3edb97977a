// Browser tests of the playground: for each game, open the page, edit the board, solve, compare the
// shown value with the CLI's `query --json` answer for the same position text, play two moves, undo
// one, and write a screenshot to docs/img/<game>.png; then play an optimal game to its end (the
// banner names the winner the CLI's value of the start implies), open the analysis view (its
// charts against the CLI's `analyze --json`), and write docs/img/<game>-history.png and
// docs/img/<game>-analysis.png.
//
// Run by run.sh, which starts the server and sets PLAYGROUND_URL and CLI_DIR (the directory of the
// solver binaries).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const base = process.env.PLAYGROUND_URL ?? 'http://127.0.0.1:8080';
const cliDir = process.env.CLI_DIR ?? join(root, 'target', 'release');
const shots = join(root, 'docs', 'img');

let browser;
let page;
const pageErrors = [];

before(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

after(async () => {
  await browser?.close();
});

// The CLI's report of a position text.
function cli(game, text, args = []) {
  const out = execFileSync(join(cliDir, game), ['query', '--json', ...args], { input: text });
  return JSON.parse(out.toString().trim().split('\n')[0]);
}

// The CLI's analysis (`analyze --json`) of a position text: the object of its first board.
function cliAnalysis(game, text, args = []) {
  const out = execFileSync(join(cliDir, game), ['analyze', '--json', ...args], { input: text ?? '' });
  return JSON.parse(out.toString().trim().split('\n')[0]);
}

const evalText = (e) => (e.score !== undefined ? `score ${e.score}`
  : e.value === 'draw' || e.remoteness === undefined ? e.value : `${e.value} in ${e.remoteness}`);

// Waits until no query is in flight and the status shows a value.
async function settled() {
  await page.waitForFunction(() => document.body.dataset.idle === 'true'
    && (document.querySelector('#value') || document.querySelector('#error:not([hidden])')));
}

async function historyLength() {
  return page.locator('#history li').count();
}

async function playFirstMove(expected) {
  await settled();
  await page.locator('#moves button.move').first().click();
  await page.waitForFunction((n) => document.querySelectorAll('#history li').length === n, expected);
  await settled();
}

const GAMES = [
  {
    name: 'pawn-retrograde',
    edit: async () => {
      await page.locator('input[data-tool="#"]').check();
      await page.locator('rect[data-cell="4,2"]').click();
    },
    expectText: /\.#\.\./,
  },
  {
    name: 'lattice-dp',
    edit: async () => {
      const input = page.locator('input[name="A-1-1"]');
      await input.fill('7');
      await input.dispatchEvent('change');
    },
    expectText: /^3 4\n7 /,
  },
  {
    name: 'segment-nim',
    edit: async () => {
      await page.locator('circle.hit[data-field="12"]').click();
    },
    expectText: /^1\n12 4 3 white\n1 2 7 12\n/,
  },
  {
    name: 'edmonds-blossom',
    edit: async () => {
      await page.locator('input[data-tool="#"]').check();
      await page.locator('rect[data-cell="4,5"]').click();
    },
    expectText: /\.\.\.\.#\n$/,
    args: ['--moves', 'king20'],
    after: async () => {
      await page.locator('#all-starts').check();
      await page.locator('rect.start-win, rect.start-lose').first().waitFor();
    },
  },
];

for (const game of GAMES) {
  test(`${game.name}: edit, solve, compare with the CLI, play two moves, undo one`, async () => {
    await page.goto(`${base}/?game=${game.name}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await settled();
    assert.equal(await page.locator('#error').isHidden(), true, await page.locator('#error').textContent());

    // Edit the board.
    await page.locator('#editing').check();
    await game.edit();
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#text').value), game.expectText.source);
    await page.locator('#editing').uncheck();
    await page.locator('#solve').click();
    await settled();

    // The shown value is the CLI's for the same text.
    const text = await page.locator('#text').inputValue();
    const shown = await page.locator('#value').textContent();
    const report = cli(game.name, text, game.args);
    assert.equal(shown, evalText(report), `position:\n${text}`);
    assert.equal(await page.locator('#moves li').count(), report.moves.length);

    // Two moves, then undo one.
    await playFirstMove(1);
    await playFirstMove(2);
    await page.locator('#undo').click();
    await page.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
    assert.equal(await historyLength(), 1);
    const afterUndo = await page.locator('#text').inputValue();
    assert.equal(await page.locator('#value').textContent(), evalText(cli(game.name, afterUndo, game.args)));

    if (game.after) await game.after();
    await page.screenshot({ path: join(shots, `${game.name}.png`), fullPage: true });
    assert.deepEqual(pageErrors, []);
  });
}

test('a bad position shows the CLI message next to the board', async () => {
  await page.goto(`${base}/?game=pawn-retrograde`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  const bad = 'x 1\n3 3\n...\n.Q.\nO.O\n';
  await page.locator('#text').fill(bad);
  await page.locator('#load').click();
  await page.locator('#error:not([hidden])').waitFor();
  const message = await page.locator('#error').textContent();
  let cliMessage = '';
  try {
    execFileSync(join(cliDir, 'pawn-retrograde'), ['query'], { input: bad, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    cliMessage = e.stderr.toString().trim().replace(/^error: /, '');
  }
  assert.match(message, /^line 4, column 2: /);
  assert.equal(message, cliMessage);
  // The board still drawn is the previous position: dimmed, and said not to be the text's.
  assert.equal(await page.locator('#board-wrap.stale').count(), 1);
  assert.match(await page.locator('#stale').textContent(), /the board shows the previous position, not that text/);
  assert.equal(await page.locator('#text').inputValue(), bad);
  // Playing on from the board clears the mark.
  await page.locator('#moves button.move').first().click();
  await page.waitForFunction(() => !document.querySelector('#board-wrap').classList.contains('stale'));
});

test('play against the solver: it answers each move; undo goes back to your turn', async () => {
  await page.goto(`${base}/?game=pawn-retrograde`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  await page.locator('#human').selectOption('red');
  await playFirstMove(1);
  // The solver (black) answers by itself.
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  await settled();
  assert.match(await page.locator('#history li').nth(1).textContent(), /^black: /);
  assert.match(await page.locator('#status').textContent(), /^red to move/);
  await page.locator('#undo').click();
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 0);
  assert.match(await page.locator('#status').textContent(), /^red to move/);
  assert.deepEqual(pageErrors, []);
});

test('the editors: lattice matrices and random fill, a long solve cancelled, segment fields', async () => {
  await page.goto(`${base}/?game=lattice-dp`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  await page.locator('#editing').check();
  assert.equal(await page.locator('input[name^="A-"]').count(), 12);
  await page.locator('button[name="random"]').click();
  await settled();
  await page.screenshot({ path: join(shots, 'lattice-dp-editor.png'), fullPage: true });
  await page.locator('#editing').uncheck();
  await settled();
  const text = await page.locator('#text').inputValue();
  assert.equal(await page.locator('#value').textContent(), evalText(cli('lattice-dp', text)));

  // A long solve (15 x 15) shows its time and can be cancelled.
  const rows = (k) => Array.from({ length: 15 }, (_, i) => Array.from({ length: 15 }, (_, j) => (i * 7 + j * 13 + k) % 10).join(' ')).join('\n');
  await page.locator('#text').fill(`15 15\n${rows(1)}\n${rows(3)}\n`);
  await page.locator('#load').click();
  await page.locator('#cancel').click();
  await page.waitForFunction(() => document.querySelector('#error').textContent === 'cancelled');
  await settled();

  // Segment: a click on an empty field puts a white pawn there.
  await page.goto(`${base}/?game=segment-nim`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  await page.locator('#editing').check();
  await page.locator('circle.hit[data-field="3"]').click();
  await page.locator('#editing').uncheck();
  await settled();
  assert.match(await page.locator('#text').inputValue(), /^1\n12 4 3 white\n1 2 3 7\n/);
  assert.deepEqual(pageErrors, []);
});

// An optimal game to its end in each game: the start position (its CLI value says who wins), the
// winner the banner must name, and what the analysis view must draw, checked against the CLI's
// `analyze --json`.
const other = (sides, side) => sides.find((s) => s !== side);
const ENDGAMES = [
  {
    name: 'pawn-retrograde',
    sides: ['red', 'black'],
    winner: (r) => (r.value === 'win' ? r.to_move : other(['red', 'black'], r.to_move)),
    analysis: async (text) => {
      // analyze reads the default input: the size line without the side to move.
      const a = cliAnalysis('pawn-retrograde', text.replace(/^(\d+ \d+) (red|black)$/m, '$1'));
      // One bar per remoteness (the draws' ∞ included) of every legal position and of the reachable ones.
      assert.equal(await page.locator('svg.chart-all g.bar').count(), a.all.rows.length);
      assert.equal(await page.locator('svg.chart-reachable g.bar').count(), a.reachable.rows.length);
      const keys = await page.locator('svg.chart-all g.bar').evaluateAll((gs) => gs.map((g) => g.dataset.key));
      const expected = a.all.rows.map((r) => (r.remoteness === null ? 'inf' : String(r.remoteness)));
      assert.deepEqual([...keys].sort(), [...expected].sort());
    },
  },
  {
    name: 'lattice-dp',
    sides: ['first', 'second'],
    // The start's score is first's optimal total minus second's.
    winner: (r) => (r.score > 0 ? 'first' : r.score < 0 ? 'second' : null),
    banner: (r, text) => {
      const totals = /the board is full: first (\d+) - second (\d+)\.$/.exec(text);
      assert.ok(totals, text);
      assert.equal(Number(totals[1]) - Number(totals[2]), r.score);
    },
    analysis: async (text) => {
      const a = cliAnalysis('lattice-dp', text);
      assert.equal(await page.locator('svg.chart-scores g.bar').count(), a.scores.length);
      assert.equal(await page.locator('svg.chart-layers g.bar').count(), a.layers.length);
      assert.equal(await page.locator('#analysis ol.line li').count(), a.line.length);
      await page.locator('#analysis details summary').click();
      assert.match(await page.locator('#analysis .facts').first().textContent(), new RegExp(`first ${a.first} - second ${a.second}`));
    },
  },
  {
    name: 'segment-nim',
    sides: ['white', 'black'],
    // White to move blocks the last black pawn in one move.
    text: '1\n4 2 1 white\n1 2\n3\n',
    winner: (r) => (r.value === 'win' ? r.to_move : other(['white', 'black'], r.to_move)),
    prepare: async () => {
      await page.locator('input[name="analysis-fields"]').fill('8');
      await page.locator('input[name="analysis-fields"]').dispatchEvent('change');
    },
    analysis: async () => {
      const a = cliAnalysis('segment-nim', null, ['--fields', '8']);
      assert.equal(await page.locator('svg.chart-counts rect.heat').count(), a.counts.length);
      assert.equal(await page.locator('svg.chart-canonical rect.heat').count(), a.canonical.length);
    },
  },
  {
    name: 'edmonds-blossom',
    sides: ['first', 'second'],
    args: ['--moves', 'king20'],
    // An odd number of free cells: some starts win, some lose.
    analysisText: '1\n3 8\nK..##...\n...##...\n...##..#\n',
    winner: (r) => (r.value === 'win' ? r.to_move : other(['first', 'second'], r.to_move)),
    analysis: async (text) => {
      const a = cliAnalysis('edmonds-blossom', text, ['--moves', 'king20']);
      assert.equal(await page.locator('svg.chart-map rect.map-cell').count(), a.rows * a.columns);
      assert.equal(await page.locator('svg.chart-map rect[data-start="W"]').count(), a.starts.win);
      assert.equal(await page.locator('svg.chart-map rect[data-start="L"]').count(), a.starts.lose);
    },
  },
];

// Waits until the analysis view shows the analysis of `game` (or an error).
async function analysed(game) {
  await page.waitForFunction((name) => document.body.dataset.idle === 'true'
    && (document.querySelector('#analysis').dataset.game === name || document.querySelector('#analysis .analysis-error')), game);
  const error = page.locator('#analysis .analysis-error');
  assert.equal(await error.count(), 0, (await error.count()) ? await error.textContent() : '');
}

for (const game of ENDGAMES) {
  test(`${game.name}: an optimal game to its end: the banner names the winner; the value history`, async () => {
    await page.goto(`${base}/?game=${game.name}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await settled();
    if (game.text) {
      await page.locator('#text').fill(game.text);
      await page.locator('#load').click();
      await settled();
    }
    const start = await page.locator('#text').inputValue();
    const report = cli(game.name, start, game.args);
    const winner = game.winner(report);
    // Best move ▶ until the game is over (the king game and the pawn game end within 30 moves).
    let moves = 0;
    while (await page.locator('#banner').isHidden()) {
      assert.ok(moves < 60, 'the game did not end');
      await page.locator('#best').click();
      moves += 1;
      await page.waitForFunction((n) => document.querySelectorAll('#history li').length === n, moves);
      await page.waitForFunction(() => document.body.dataset.idle === 'true');
    }
    const banner = await page.locator('#banner').textContent();
    const named = /^Game over: (\w+) wins: /.exec(banner);
    assert.ok(named, banner);
    assert.equal(named[1].toLowerCase(), winner, banner);
    if (game.banner) game.banner(report, banner);
    // The value history: one dot per position, the verdict under it.
    assert.equal(await page.locator('#chart circle.history-dot').count(), moves + 1);
    assert.match(await page.locator('#chart').textContent(), new RegExp(`Game over: ${named[1]} wins\\.`));
    await page.locator('#chart-wrap').screenshot({ path: join(shots, `${game.name}-history.png`) });
    assert.deepEqual(pageErrors, []);
  });

  test(`${game.name}: the analysis view draws the CLI's analyze --json`, async () => {
    await page.goto(`${base}/?game=${game.name}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await settled();
    const text = game.analysisText ?? game.text;
    if (text) {
      await page.locator('#text').fill(text);
      await page.locator('#load').click();
      await settled();
    }
    const start = await page.locator('#text').inputValue();
    if (game.prepare) await game.prepare();
    await page.locator('#analyze').click();
    await analysed(game.name);
    await game.analysis(start);
    await page.locator('#analysis-wrap').screenshot({ path: join(shots, `${game.name}-analysis.png`) });
    assert.deepEqual(pageErrors, []);
  });
}

test('lists never clip: a long move list grows with the page; boards scale with the window', async () => {
  await page.goto(`${base}/?game=edmonds-blossom`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  await page.locator('#text').fill('1\n6 6\n......\n......\n..K...\n......\n......\n......\n');
  await page.locator('#load').click();
  await settled();
  const moves = page.locator('#moves');
  assert.ok((await moves.locator('li').count()) >= 10);
  // No inner scroll box: every item is laid out in the page.
  assert.equal(await moves.evaluate((m) => m.scrollHeight - m.clientHeight), 0);
  // Two-digit numbers fit beside their item (the number is drawn inside the list's own box).
  const [list, item] = await Promise.all([moves.boundingBox(), moves.locator('li').nth(9).boundingBox()]);
  assert.ok(item.x >= list.x && item.x + item.width <= list.x + list.width + 1);
  const wide = (await page.locator('#board').boundingBox()).width;
  await page.setViewportSize({ width: 480, height: 900 });
  const narrow = (await page.locator('#board').boundingBox()).width;
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.ok(narrow <= 480 && narrow < wide * 0.7, `board ${wide} px wide in a window of 1280, ${narrow} px in 480`);
  assert.deepEqual(pageErrors, []);
});

test('against the solver the banner says You win in the words of play', async () => {
  await page.goto(`${base}/?game=pawn-retrograde`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await settled();
  // The example is a win for Black: play black, the solver plays red (it moves first).
  const report = cli('pawn-retrograde', await page.locator('#text').inputValue());
  assert.equal(report.value, 'lose');
  await page.locator('#human').selectOption('black');
  for (let i = 0; i < 30 && (await page.locator('#banner').isHidden()); i++) {
    await page.waitForFunction(() => document.body.dataset.idle === 'true'
      && (!document.querySelector('#banner').hidden || /^black to move/.test(document.querySelector('#status').textContent)));
    if (!(await page.locator('#banner').isHidden())) break;
    const n = await historyLength();
    await page.locator('#moves button.move').first().click();
    await page.waitForFunction((k) => document.querySelectorAll('#history li').length > k, n);
  }
  assert.equal(await page.locator('#banner').textContent(),
    'Game over: You win (black): the black pawn stands in row 1, so Black wins.');
  assert.deepEqual(pageErrors, []);
});

test('counts read as English: one cell, one legal move; two cells', async () => {
  // Each position's summary holds one count; the page's words must agree with the CLI's number.
  const CASES = [
    { game: 'lattice-dp', text: '1 2\n1 1\n1 1\ntaken 1\n', words: /\b1 cell taken\b/, field: (r) => r.taken.reduce((a, b) => a + b, 0), want: 1 },
    { game: 'lattice-dp', text: '1 3\n1 1 1\n1 1 1\ntaken 2\n', words: /\b2 cells taken\b/, field: (r) => r.taken.reduce((a, b) => a + b, 0), want: 2 },
    { game: 'edmonds-blossom', text: '1\n2 2\nKo\n..\n', words: /\b1 cell visited\b/, field: (r) => r.visited, want: 1 },
    { game: 'segment-nim', text: '1\n3 1 1 white\n1\n2\n', words: /\b1 legal move\b/, field: (r) => r.legal_moves, want: 1 },
    { game: 'segment-nim', text: '1\n4 1 1 white\n1\n3\n', words: /\b2 legal moves\b/, field: (r) => r.legal_moves, want: 2 },
  ];
  for (const c of CASES) {
    assert.equal(c.field(cli(c.game, c.text)), c.want, `${c.game}: the CLI's count of ${JSON.stringify(c.text)}`);
    await page.goto(`${base}/?game=${c.game}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await settled();
    await page.locator('#text').fill(c.text);
    await page.locator('#load').click();
    await page.waitForFunction(() => document.body.dataset.idle === 'true' && document.querySelector('#value'));
    const status = await page.locator('#status').textContent();
    assert.match(status, c.words, `${c.game}: ${status}`);
    assert.doesNotMatch(status, /\b1 (cells|legal moves)\b/, `${c.game}: ${status}`);
  }
  assert.deepEqual(pageErrors, []);
});

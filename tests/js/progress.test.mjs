// progress.js: every schema migrated, anything else set aside (never lost, never thrown), export and import.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';

import * as progress from '../../site/static/js/progress.js';

const { KEY, BACKUP_KEY, NOTICE_KEY, VERSION } = progress;
const DAY = 86_400_000;

/** A localStorage stand-in: a Map, with an optional quota (in characters) and a switch that refuses access. */
class FakeStorage {
  constructor(items = {}, { quota = Infinity } = {}) {
    this.items = new Map(Object.entries(items));
    this.quota = quota;
    this.refuse = false;
  }

  used() {
    let total = 0;
    for (const [key, value] of this.items) total += key.length + value.length;
    return total;
  }

  getItem(key) {
    if (this.refuse) throw new DOMException('denied', 'SecurityError');
    return this.items.has(key) ? this.items.get(key) : null;
  }

  setItem(key, value) {
    if (this.refuse) throw new DOMException('denied', 'SecurityError');
    const before = this.items.get(key);
    this.items.set(key, String(value));
    if (this.used() > this.quota) {
      if (before === undefined) this.items.delete(key);
      else this.items.set(key, before);
      throw new DOMException('full', 'QuotaExceededError');
    }
  }

  removeItem(key) {
    if (this.refuse) throw new DOMException('denied', 'SecurityError');
    this.items.delete(key);
  }
}

/** @param {string | null} raw */
function withStored(raw, options) {
  const store = new FakeStorage(raw === null ? {} : { [KEY]: raw }, options);
  progress.useStorage(store);
  return store;
}

function stored(store) {
  return JSON.parse(store.items.get(KEY));
}

/** a v1 entry (a solve with a hint), and what it is in v2: the same, queued for review at once */
const GOOD = { lesson: 'board', solved: true, hints: 1, stars: 2, attempts: 3, at: 1700000000000 };
const GOOD_V2 = { ...GOOD, step: 1, due: GOOD.at + DAY };

beforeEach(() => progress.useStorage(new FakeStorage()));

// --- migrations from every schema --------------------------------------------------------------------

test('no stored progress reads as an empty store and writes nothing', () => {
  const store = withStored(null);
  assert.deepEqual(progress.totals(), { solved: 0, stars: 0 });
  assert.equal(progress.puzzle('board-head'), null);
  assert.equal(store.items.size, 0);
  assert.equal(progress.takeNotice(), null);
});

test('v0 {version: 0, solved: [ids]} is migrated to v2 once, without a backup or a notice', () => {
  const store = withStored(JSON.stringify({ version: 0, solved: ['board-head', 'head-rule'] }));
  assert.equal(progress.totals().solved, 2);
  assert.deepEqual(progress.puzzle('board-head'), { lesson: null, solved: true, hints: 0, stars: 1, attempts: 1, at: 0, step: 0, due: 0 });
  assert.equal(stored(store).version, VERSION);
  assert.deepEqual(Object.keys(stored(store).puzzles).sort(), ['board-head', 'head-rule']);
  assert.equal(store.items.has(BACKUP_KEY), false);
  assert.equal(progress.takeNotice(), null);
});

test('v1 is migrated to v2 without loss: what went badly is queued for review, a clean solve is not', () => {
  const clean = { lesson: 'board', solved: true, hints: 0, stars: 3, attempts: 1, at: 1700000000000 };
  const missed = { lesson: 'head', solved: false, hints: 0, stars: 0, attempts: 2, at: 0 };
  const store = withStored(JSON.stringify({ version: 1, puzzles: { 'board-head': GOOD, 'board-clean': clean, 'head-rule': missed } }));
  assert.deepEqual(progress.puzzle('board-head'), GOOD_V2);
  assert.deepEqual(progress.puzzle('board-clean'), { ...clean, step: 0, due: 0 });
  assert.deepEqual(progress.puzzle('head-rule'), { ...missed, step: 1, due: DAY });
  assert.deepEqual(progress.lessonStats('board'), { solved: 2, stars: 5 });
  assert.equal(stored(store).version, VERSION);
  assert.deepEqual(stored(store).puzzles['board-head'], GOOD_V2);
  assert.equal(store.items.has(BACKUP_KEY), false);
  assert.equal(progress.takeNotice(), null);
});

test('v2 is migrated to v3 as it is: nothing lost, no personal puzzle, nothing backed up', () => {
  const raw = JSON.stringify({ version: 2, puzzles: { 'board-head': GOOD_V2 } });
  const store = withStored(raw);
  assert.deepEqual(progress.puzzle('board-head'), GOOD_V2);
  assert.deepEqual(stored(store), { version: VERSION, puzzles: { 'board-head': GOOD_V2 }, mine: {} });
  assert.equal(store.items.has(BACKUP_KEY), false);
});

test('v3 is read as it is: nothing rewritten, nothing backed up', () => {
  const raw = JSON.stringify({ version: 3, puzzles: { 'board-head': GOOD_V2 }, mine: {} });
  const store = withStored(raw);
  assert.deepEqual(progress.puzzle('board-head'), GOOD_V2);
  assert.equal(store.items.get(KEY), raw);
  assert.equal(store.items.has(BACKUP_KEY), false);
});

/** a personal puzzle as the analysis keeps it: Black's 6-1 from a long-nardy game */
const MINE = {
  game: 'long', position: 'b/24:13,19,13/24:13,19,13', dice: [6, 1], first_turn: false, rules: {}, side: 'black', number: 2,
  played: '12/6 6/5', best: '12/6 1/24',
};

test('a personal puzzle is kept once, due tomorrow, and travels in the exported file', () => {
  withStored(null);
  const before = Date.now();
  const id = progress.keepMine(MINE);
  assert.match(id, /^mine-[a-z0-9]+$/);
  assert.equal(progress.keepMine(MINE), id); // the same position and roll: the same puzzle
  const kept = progress.mineOf(id);
  assert.deepEqual({ ...kept, at: 0 }, { ...MINE, at: 0 });
  assert.ok(kept.at >= before);
  const entry = progress.puzzle(id);
  assert.equal(entry.step, 1);
  assert.ok(entry.due >= before + DAY && entry.due <= Date.now() + DAY);
  assert.equal(progress.keepMine({ ...MINE, dice: [7, 1] }), null); // not a roll: not kept
  const file = progress.exportProgress();
  withStored(null);
  assert.deepEqual(progress.importProgress(file), { ok: true, count: 1 });
  assert.deepEqual(progress.mineOf(id), kept);
  assert.equal(progress.puzzle(id).step, 1);
});

test('a personal puzzle that is not one is set aside with the store kept in a backup', () => {
  const raw = JSON.stringify({ version: 3, puzzles: {}, mine: { 'mine-1': { ...MINE, at: 5, position: '<b>', dice: [6] } } });
  const store = withStored(raw);
  assert.equal(progress.mineOf('mine-1'), null);
  assert.equal(store.items.get(BACKUP_KEY), raw);
  assert.deepEqual(stored(store).mine, {});
  const file = JSON.stringify({ version: 3, puzzles: {}, mine: { 'mine-1': { ...MINE, at: 5, side: 'red' } } });
  assert.deepEqual(progress.importProgress(file), { ok: false, error: 'field', params: { id: 'mine-1', field: 'side' } });
});

test('a v2 schedule that is out of range is repaired, never trusted', () => {
  const raw = JSON.stringify({ version: 2, puzzles: { 'board-head': { ...GOOD_V2, step: 9, due: -5 } } });
  const store = withStored(raw);
  assert.deepEqual(progress.puzzle('board-head'), { ...GOOD, step: 0, due: 0 }); // a step with no due time queues nothing
  assert.equal(store.items.get(BACKUP_KEY), raw);
});

test('a miss queues a puzzle for tomorrow; clean solves when due move it on 1, 3, 7 days, then out', (t) => {
  const now = 1_800_000_000_000;
  t.mock.timers.enable({ apis: ['Date'], now });
  withStored(null);
  progress.recordAttempt('board-head', 'board');
  assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [1, now + DAY]);
  progress.markSolved('board-head', 'board', 2); // solved after the miss: still tomorrow
  assert.equal(progress.puzzle('board-head')?.due, now + DAY);
  t.mock.timers.setTime(now + DAY / 2);
  progress.markSolved('board-head', 'board', 3); // a clean solve before it is due changes nothing
  assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [1, now + DAY]);
  let clock = now + DAY;
  for (const [step, days] of [[2, 3], [3, 7]]) {
    t.mock.timers.setTime(clock);
    progress.markSolved('board-head', 'board', 3);
    assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [step, clock + days * DAY]);
    clock += days * DAY;
  }
  t.mock.timers.setTime(clock);
  progress.markSolved('board-head', 'board', 3);
  assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [0, 0]);
  progress.recordHint('board-head', 'board'); // a hint later on: back to the first step
  assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [1, clock + DAY]);
  assert.equal(progress.puzzle('board-head')?.stars, 3, 'the best solve keeps its stars');
});

test('a first clean solve never enters the queue', () => {
  withStored(null);
  progress.markSolved('board-head', 'board', 3);
  assert.deepEqual([progress.puzzle('board-head')?.step, progress.puzzle('board-head')?.due], [0, 0]);
});

test('every schema reaches the same current shape after a solve', () => {
  for (const raw of [null, '{"version":0,"solved":[]}', '{"version":1,"puzzles":{}}']) {
    const store = withStored(raw);
    progress.markSolved('board-head', 'board', 3);
    assert.deepEqual(Object.keys(stored(store)), ['version', 'puzzles', 'mine']);
    assert.equal(stored(store).puzzles['board-head'].stars, 3);
  }
});

// --- the findings of the issue -----------------------------------------------------------------------

test('a newer-schema store is not wiped by the next hint: it is moved to the backup key and told once', () => {
  const raw = JSON.stringify({ version: VERSION + 1, puzzles: { 'board-head': { ...GOOD_V2, medal: 'gold' } }, settings: {} });
  const store = withStored(raw);
  progress.recordHint('board-head', 'board');
  assert.equal(store.items.get(BACKUP_KEY), raw);
  assert.equal(stored(store).version, VERSION);
  assert.equal(stored(store).puzzles['board-head'].hints, 1);
  assert.deepEqual(progress.takeNotice(), { reason: 'newer', key: BACKUP_KEY });
  assert.equal(progress.takeNotice(), null, 'told once');
  assert.equal(store.items.has(NOTICE_KEY), false);
});

test('{"puzzles": []} does not silently lose every later solve', () => {
  for (const raw of ['{"puzzles": []}', '{"version": 1, "puzzles": []}']) {
    const store = withStored(raw);
    progress.markSolved('board-head', 'board', 3);
    progress.markSolved('head-rule', 'head', 2);
    assert.equal(progress.puzzle('board-head')?.solved, true, raw);
    assert.deepEqual(progress.totals(), { solved: 2, stars: 5 });
    assert.equal(store.items.get(BACKUP_KEY), raw);
  }
});

test('a null entry throws nowhere, is set aside, and reset still works', () => {
  const raw = JSON.stringify({ version: 1, puzzles: { 'board-head': null, 'head-rule': GOOD } });
  const store = withStored(raw);
  assert.deepEqual(progress.totals(), { solved: 1, stars: 2 });
  assert.deepEqual(progress.lessonStats('board'), { solved: 1, stars: 2 });
  assert.equal(progress.puzzle('board-head'), null);
  assert.equal(store.items.get(BACKUP_KEY), raw);
  assert.equal(progress.takeNotice()?.reason, 'corrupt');
  progress.resetAll();
  assert.deepEqual(stored(store), { version: VERSION, puzzles: {}, mine: {} });
  assert.equal(store.items.get(BACKUP_KEY), raw, 'the backup outlives a reset');
});

test('odd stars values are read as 0..3 whole stars, so "★".repeat() cannot throw', () => {
  const odd = [-1, 7, 2.5, 1e308, Number.MAX_SAFE_INTEGER, '3', null, true, [], {}];
  const puzzles = Object.fromEntries(odd.map((stars, i) => [`p${i}`, { ...GOOD, stars }]));
  const store = withStored(JSON.stringify({ version: 1, puzzles }));
  for (let i = 0; i < odd.length; i += 1) {
    const { stars } = progress.puzzle(`p${i}`);
    assert.ok(Number.isInteger(stars) && stars >= 0 && stars <= 3, `${JSON.stringify(odd[i])} -> ${stars}`);
    assert.doesNotThrow(() => '★'.repeat(stars));
  }
  const stats = progress.lessonStats('board');
  assert.doesNotThrow(() => '★'.repeat(Math.min(3, Math.round(stats.stars / Math.max(1, stats.solved)))));
  assert.ok(store.items.has(BACKUP_KEY));
});

// --- more corruption -----------------------------------------------------------------------------

const CORRUPT = {
  'not JSON': '{"version": 1, "puzzles": {',
  'the empty string': '',
  'JSON null': 'null',
  'a number': '42',
  'an array': '[{"version": 1}]',
  'puzzles is a string': '{"version": 1, "puzzles": "board-head"}',
  'puzzles is null': '{"version": 1, "puzzles": null}',
  'an entry is an array': '{"version": 1, "puzzles": {"board-head": [true, 3]}}',
  'huge numbers': '{"version": 1, "puzzles": {"board-head": {"lesson": "board", "solved": true, "hints": 1e999, "stars": 1e999, "attempts": -1e999, "at": 1e999}}}',
  'an unknown version': '{"version": "1", "puzzles": {}}',
  'a negative version': '{"version": -1, "puzzles": {}}',
  'v0 with solved not a list': '{"version": 0, "solved": {"board-head": true}}',
  'v0 with odd ids': '{"version": 0, "solved": ["board-head", 7, null, "__proto__"]}',
  '__proto__ key': '{"version": 1, "puzzles": {"__proto__": {"lesson": "board", "solved": true, "hints": 0, "stars": 3, "attempts": 1, "at": 1}}}',
  'constructor key with an odd entry': '{"version": 1, "puzzles": {"constructor": {"solved": "yes"}}}',
  'a top-level __proto__': '{"version": 1, "puzzles": {}, "__proto__": {"polluted": true}}',
  'a lesson that is an object': '{"version": 1, "puzzles": {"board-head": {"lesson": {"toString": 1}, "solved": true, "hints": 0, "stars": 1, "attempts": 1, "at": 0}}}',
};

for (const [name, raw] of Object.entries(CORRUPT)) {
  test(`corrupt store (${name}): nothing throws, the original is in the backup key, later solves are kept`, () => {
    const store = withStored(raw);
    assert.doesNotThrow(() => {
      progress.totals();
      progress.lessonStats('board');
      progress.puzzle('board-head');
      progress.puzzle('__proto__');
      progress.puzzle('constructor');
    });
    assert.equal(store.items.get(BACKUP_KEY), raw);
    const notice = progress.takeNotice();
    assert.equal(notice?.reason, 'corrupt');
    assert.equal(notice?.key, BACKUP_KEY);
    progress.markSolved('board-head', 'board', 3);
    assert.equal(progress.puzzle('board-head').solved, true);
    assert.equal(stored(store).version, VERSION);
    assert.equal(({}).polluted, undefined, 'Object.prototype untouched');
    assert.notEqual(typeof progress.puzzle('constructor'), 'function', 'never Object.prototype.constructor');
    for (const entry of Object.values(stored(store).puzzles)) {
      assert.ok(Number.isInteger(entry.stars) && entry.stars >= 0 && entry.stars <= 3);
      assert.ok(Number.isFinite(entry.hints) && Number.isFinite(entry.attempts) && Number.isFinite(entry.at));
    }
    progress.resetAll();
    assert.deepEqual(progress.totals(), { solved: 0, stars: 0 });
  });
}

test('a second corruption does not overwrite the first backup', () => {
  const store = withStored('first broken');
  progress.totals();
  store.items.set(KEY, 'second broken');
  progress.useStorage(store);
  progress.totals();
  assert.equal(store.items.get(BACKUP_KEY), 'first broken');
  assert.equal(store.items.get(`${BACKUP_KEY}.2`), 'second broken');
  assert.equal(progress.backupText(`${BACKUP_KEY}.2`), 'second broken');
  assert.equal(progress.backupText(KEY), null, 'only backup keys are offered for download');
});

test('the same broken text read twice is backed up once', () => {
  const store = withStored('broken');
  progress.totals();
  store.items.set(KEY, 'broken');
  progress.useStorage(store);
  progress.totals();
  assert.equal(store.items.has(`${BACKUP_KEY}.2`), false);
});

test('when the backup cannot be written the original stays in place and the page works in memory', () => {
  const raw = JSON.stringify({ version: 1, puzzles: { 'board-head': null } });
  const store = withStored(raw, { quota: KEY.length + raw.length + 10 });
  progress.markSolved('head-rule', 'head', 3);
  assert.equal(store.items.get(KEY), raw, 'never lost');
  assert.equal(store.items.has(BACKUP_KEY), false);
  assert.equal(progress.puzzle('head-rule').solved, true, 'this page still counts the solve');
  assert.equal(progress.takeNotice()?.reason, 'unsaved');
});

test('reset works when storage is full', () => {
  const raw = JSON.stringify({ version: 1, puzzles: { 'board-head': GOOD } });
  const store = withStored(raw, { quota: KEY.length + raw.length });
  progress.resetAll();
  assert.deepEqual(stored(store), { version: VERSION, puzzles: {}, mine: {} });
});

test('storage that refuses access (a sandboxed embed) keeps progress in memory', () => {
  const store = withStored(null);
  store.refuse = true;
  progress.markSolved('board-head', 'board', 2);
  assert.equal(progress.puzzle('board-head').stars, 2);
  progress.resetAll();
  assert.equal(progress.puzzle('board-head'), null);
  progress.useStorage(null);
  progress.recordAttempt('board-head', 'board');
  assert.equal(progress.puzzle('board-head').attempts, 1);
});

test('a full storage on save keeps the solve in memory and says so', () => {
  const store = withStored(null, { quota: 30 });
  progress.markSolved('board-head', 'board', 3);
  assert.equal(progress.puzzle('board-head').solved, true);
  assert.equal(progress.takeNotice()?.reason, 'unsaved');
  assert.equal(store.items.has(KEY), false);
});

test('odd ids and lessons from callers are ignored, not stored', () => {
  const store = withStored(null);
  progress.recordHint('__proto__', 'board');
  progress.recordAttempt('constructor ', null);
  progress.markSolved('board-head', '__proto__', 99);
  assert.deepEqual(Object.keys(stored(store).puzzles), ['board-head']);
  assert.deepEqual(progress.puzzle('board-head'), { ...progress.puzzle('board-head'), lesson: null, stars: 3 });
});

test('starsFor: 3 clean, 2 with up to two hints or one miss, 1 otherwise or after the solution', () => {
  assert.equal(progress.starsFor(0, 0, false), 3);
  assert.equal(progress.starsFor(2, 1, false), 2);
  assert.equal(progress.starsFor(3, 0, false), 1);
  assert.equal(progress.starsFor(0, 2, false), 1);
  assert.equal(progress.starsFor(0, 0, true), 1);
  assert.ok([1, 2, 3].includes(progress.starsFor(Number.NaN, -1, false)));
});

test('markSolved keeps the best stars; resetLesson forgets one lesson only', () => {
  withStored(null);
  progress.markSolved('board-head', 'board', 3);
  progress.markSolved('board-head', 'board', 1);
  progress.markSolved('head-rule', 'head', 2);
  assert.equal(progress.puzzle('board-head').stars, 3);
  progress.resetLesson('board');
  assert.equal(progress.puzzle('board-head'), null);
  assert.equal(progress.puzzle('head-rule').stars, 2);
});

test('a notice survives to the next page (kept in storage) and is then shown once', () => {
  const store = withStored('broken');
  progress.totals();
  progress.useStorage(store); // a new page: the module state is gone, storage is not
  assert.deepEqual(progress.takeNotice(), { reason: 'corrupt', key: BACKUP_KEY });
  progress.useStorage(store);
  assert.equal(progress.takeNotice(), null);
});

// --- export and import -----------------------------------------------------------------------------

test('export then import on another device gives the same progress', () => {
  withStored(null);
  progress.markSolved('board-head', 'board', 3);
  progress.recordHint('head-rule', 'head');
  const file = progress.exportProgress(new Date('2024-05-01T10:00:00Z'));
  const data = JSON.parse(file);
  assert.equal(data.format, 'nardy-progress');
  assert.equal(data.version, VERSION);
  assert.equal(data.exported, '2024-05-01T10:00:00.000Z');
  const other = withStored(null);
  assert.deepEqual(progress.importProgress(file), { ok: true, count: 2 });
  assert.equal(progress.puzzle('board-head').stars, 3);
  assert.equal(progress.puzzle('head-rule').hints, 1);
  assert.equal(stored(other).version, VERSION);
});

test('import merges: a solve is never lost, more stars win', () => {
  withStored(JSON.stringify({ version: 1, puzzles: {
    a: { ...GOOD, solved: true, stars: 1 }, b: { ...GOOD, solved: true, stars: 3 }, c: { ...GOOD, solved: false, stars: 0 },
  } }));
  const result = progress.importProgress(JSON.stringify({ version: 1, puzzles: {
    a: { ...GOOD, solved: true, stars: 3 }, b: { ...GOOD, solved: false, stars: 0 }, c: { ...GOOD, solved: true, stars: 2 }, d: GOOD,
  } }));
  assert.deepEqual(result, { ok: true, count: 4 });
  assert.deepEqual(['a', 'b', 'c', 'd'].map((id) => progress.puzzle(id).stars), [3, 3, 2, 2]);
});

test('import accepts a v0 store', () => {
  withStored(null);
  assert.deepEqual(progress.importProgress('{"version": 0, "solved": ["board-head"]}'), { ok: true, count: 1 });
  assert.equal(progress.puzzle('board-head').solved, true);
});

test('a bad import file changes nothing and says what was wrong', () => {
  const raw = JSON.stringify({ version: 1, puzzles: { 'board-head': GOOD } });
  const cases = [
    ['not json', 'json', {}],
    ['[]', 'shape', {}],
    ['{"version": 1, "puzzles": []}', 'shape', {}],
    ['{"format": "something-else", "version": 1, "puzzles": {}}', 'shape', {}],
    ['{"version": 4, "puzzles": {}}', 'newer', { version: 4 }],
    ['{"version": 1, "puzzles": {"__proto__": {}}}', 'id', { id: '__proto__' }],
    ['{"version": 1, "puzzles": {"board-head": null}}', 'entry', { id: 'board-head' }],
    [JSON.stringify({ version: 1, puzzles: { x: { ...GOOD, stars: 9 } } }), 'field', { id: 'x', field: 'stars' }],
    [JSON.stringify({ version: 1, puzzles: { x: { ...GOOD, hints: -1 } } }), 'field', { id: 'x', field: 'hints' }],
    ['x'.repeat(2_000_001), 'size', {}],
  ];
  for (const [text, error, params] of cases) {
    const store = withStored(raw);
    assert.deepEqual(progress.importProgress(text), { ok: false, error, params }, text.slice(0, 60));
    assert.equal(store.items.get(KEY), raw);
  }
});

test('an answer seen counts as every hint used, and never lowers what was kept', () => {
  const store = withStored(null);
  progress.recordHint('board-head', 'board');
  progress.recordAnswerSeen('board-head', 'board', 4);
  assert.equal(stored(store).puzzles['board-head'].hints, 4);
  assert.equal(stored(store).puzzles['board-head'].solved, false);
  progress.recordAnswerSeen('board-head', 'board', 2);
  assert.equal(stored(store).puzzles['board-head'].hints, 4);
  assert.equal(progress.starsFor(stored(store).puzzles['board-head'].hints, 0, false), 1);
  progress.recordAnswerSeen('../bad id', 'board', 4); // an id that is not one is ignored
  assert.deepEqual(Object.keys(stored(store).puzzles), ['board-head']);
});

// Progress store: solved puzzles, hints used and stars, and each puzzle's review schedule (review.js), in
// localStorage under a versioned schema.
//
// Schema v3 (current): {version: 3, puzzles: {[id]: {lesson, solved, hints, stars, attempts, at, step, due}},
//   mine: {[id]: a personal puzzle (mine.js)}}: a position from the learner's own game, scheduled in `puzzles`.
// Schema v2: the same without `mine`; read and migrated to v3.
// Schema v1: the same without step and due; read and migrated to v2, a puzzle that went badly then going
//   into the review queue at once (review.js fromHistory).
// Schema v0 (early builds): {version: 0, solved: [id, …]}; read and migrated to v2 (not queued: how those
//   solves went was not recorded).
//
// Nothing in storage can make a page throw. Every read is validated entry by entry:
//   - v0 and v1 are migrated (nothing is lost, so no copy is kept);
//   - data that cannot be read (not JSON, the wrong shape, an unknown or newer schema) or that had to be
//     repaired (a broken entry, a bad field, a key such as `__proto__`) is first copied, byte for byte, to
//     a backup key (`nardy.progress.backup`, then `.2`, `.3`, …: an earlier backup is never overwritten),
//     then replaced by what could be read; the page is told once (`takeNotice()`).
//   - if the copy cannot be written (storage full), the original stays where it is untouched and this
//     page keeps its progress in memory only.
// Storage that is missing or refuses access (private mode, a sandboxed embed) keeps progress in memory.
// exportProgress()/importProgress(text) move progress between devices as a JSON file; an import is
// judged strictly and says what was wrong (a code and its parameters; the UI owns the sentences).

import { isPlainObject, MINE_PREFIX, mineId, readMine } from './mine.js';
import { afterMiss, afterSolve, fromHistory, LAST_STEP, NOT_QUEUED } from './review.js';

export const KEY = 'nardy.progress';
export const BACKUP_KEY = 'nardy.progress.backup';
export const NOTICE_KEY = 'nardy.progress.notice';
export const VERSION = 3;
export const FORMAT = 'nardy-progress';
const MAX_BACKUPS = 20;
const MAX_COUNT = 1_000_000; // hints and attempts above this are clamped (a number, not a problem to show)
const MAX_IMPORT_CHARS = 2_000_000;
const ID = /^[a-z0-9][a-z0-9-]{0,60}$/; // the builder's SLUG (builder/lessons.py): puzzle ids and lesson slugs
/** an entry's fields in schema v1; v2 adds the review schedule */
const V1_FIELDS = ['lesson', 'solved', 'hints', 'stars', 'attempts', 'at'];
const ENTRY_FIELDS = [...V1_FIELDS, 'step', 'due'];
const STORE_FIELDS = { 0: ['version', 'solved', 'format', 'exported'], 1: ['version', 'puzzles', 'format', 'exported'],
  3: ['version', 'puzzles', 'mine', 'format', 'exported'] };
const MAX_TIME = 8.64e15; // the latest time a Date can hold, in ms

/** @typedef {import('./review.js').Entry} Entry */
/** @typedef {import('./mine.js').Mine} Mine */
/** @typedef {{version: number, puzzles: Record<string, Entry>, mine: Record<string, Mine>}} Store  no prototypes */
/** @typedef {{code: string, id?: string, field?: string, version?: number}} Problem */
/** @typedef {{store: Store, problems: Problem[], newer: boolean, migrated: boolean}} Reading */
/** @typedef {{reason: 'corrupt' | 'newer' | 'unsaved', key: string | null}} Notice */
/** @typedef {'json' | 'shape' | 'newer' | 'id' | 'entry' | 'field' | 'size'} ImportError  what was wrong with a file */
/** @typedef {{ok: true, count: number} | {ok: false, error: ImportError, params: Record<string, string | number>}} ImportResult */
/** @typedef {Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>} StorageLike */

/** @template T @returns {Record<string, T>} */
function emptyMap() {
  return /** @type {Record<string, T>} */ (Object.create(null));
}

/** @returns {Store} */
function empty() {
  return { version: VERSION, puzzles: emptyMap(), mine: emptyMap() };
}

/** @param {object} object @param {string} key */
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** A count read from storage: a whole number 0..MAX_COUNT (null when it is not a number at all). */
/** @param {unknown} value @param {number} max @returns {number | null} */
function count(value, max) {
  if (typeof value !== 'number' || Number.isNaN(value)) return null;
  return Math.min(max, Math.max(0, Math.floor(value)));
}

/**
 * One entry checked field by field; returns the entry as it can be used (null when it is not an entry at
 * all) and adds a problem for every field that had to be repaired.
 * @param {string} id @param {unknown} raw @param {Problem[]} problems @returns {Entry | null}
 */
export function readEntry(id, raw, problems, version = VERSION) {
  if (!isPlainObject(raw)) {
    problems.push({ code: 'entry', id });
    return null;
  }
  /** @param {string} field */
  const bad = (field) => problems.push({ code: 'field', id, field });
  const fields = version === 1 ? V1_FIELDS : ENTRY_FIELDS;
  for (const field of Object.keys(raw)) if (!fields.includes(field)) bad(field);
  /** @type {string | null} */
  let lesson = null;
  if (typeof raw.lesson === 'string' && ID.test(raw.lesson)) lesson = raw.lesson;
  else if (raw.lesson !== null) bad('lesson');
  if (typeof raw.solved !== 'boolean') bad('solved');
  const solved = raw.solved === true;
  /** @type {Record<string, number>} */
  const numbers = {};
  const limits = /** @type {[string, number][]} */ ([['hints', MAX_COUNT], ['attempts', MAX_COUNT], ['stars', 3], ['at', MAX_TIME]]);
  if (version !== 1) limits.push(['step', LAST_STEP], ['due', MAX_TIME]);
  for (const [field, max] of limits) {
    const value = count(raw[field], max);
    if (value === null || value !== raw[field]) bad(field);
    numbers[field] = value ?? 0;
  }
  const history = { lesson, solved, hints: numbers.hints, stars: numbers.stars, attempts: numbers.attempts, at: numbers.at };
  if (version === 1) return { ...history, ...fromHistory(history) };
  // a step without a due time (or the reverse) is not a schedule: the puzzle is simply not queued
  const schedule = numbers.step > 0 && numbers.due > 0 ? { step: numbers.step, due: numbers.due } : NOT_QUEUED;
  return { ...history, ...schedule };
}

/**
 * Reads a parsed store of any schema: the usable v2 store, and what was wrong with the input.
 * @param {unknown} data @returns {Reading}
 */
export function readStore(data) {
  /** @type {Problem[]} */
  const problems = [];
  const store = empty();
  if (!isPlainObject(data)) return { store, problems: [{ code: 'shape' }], newer: false, migrated: false };
  const version = data.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > VERSION) {
    return { store, problems: [{ code: 'newer', version }], newer: true, migrated: false };
  }
  const fields = version === 0 ? STORE_FIELDS[0] : version === VERSION ? STORE_FIELDS[3] : STORE_FIELDS[1];
  for (const field of Object.keys(data)) if (!fields.includes(field)) problems.push({ code: 'field', field });
  if (version === 0) {
    // v0 kept a plain list of solved ids (one star each: how the solve went was not recorded)
    if (!Array.isArray(data.solved)) return { store, problems: [...problems, { code: 'shape' }], newer: false, migrated: false };
    for (const id of data.solved) {
      if (typeof id !== 'string' || !ID.test(id)) problems.push({ code: 'id', id: String(id).slice(0, 80) });
      else store.puzzles[id] = { lesson: null, solved: true, hints: 0, stars: 1, attempts: 1, at: 0, ...NOT_QUEUED };
    }
    return { store, problems, newer: false, migrated: true };
  }
  if ((version !== 1 && version !== 2 && version !== VERSION) || !isPlainObject(data.puzzles)
    || (version === VERSION && has(data, 'mine') && !isPlainObject(data.mine))) {
    return { store, problems: [...problems, { code: 'shape' }], newer: false, migrated: false };
  }
  for (const id of Object.keys(data.puzzles)) {
    if (!ID.test(id)) {
      problems.push({ code: 'id', id: id.slice(0, 80) });
      continue;
    }
    const entry = readEntry(id, data.puzzles[id], problems, version);
    if (entry) store.puzzles[id] = entry;
  }
  const mine = version === VERSION && isPlainObject(data.mine) ? data.mine : {};
  for (const id of Object.keys(mine)) {
    if (!ID.test(id) || !id.startsWith(MINE_PREFIX)) {
      problems.push({ code: 'id', id: id.slice(0, 80) });
      continue;
    }
    const puzzle = readMine(id, mine[id], problems);
    if (puzzle) store.mine[id] = puzzle;
  }
  return { store, problems, newer: false, migrated: version !== VERSION };
}

// ---------------------------------------------------------------------------------------------- storage

/** @type {StorageLike | null | undefined} set by useStorage() (tests); undefined means the page's own */
let injected;
/** @type {Store | null} the store when it lives in memory (no storage, or storage refused a write) */
let memory = null;
/** @type {Notice | null} */
let pending = null;
/** @type {{raw: string, store: Store} | null} the last text read and what it gave (reads are frequent) */
let lastRead = null;

/** @returns {StorageLike | null} */
function storage() {
  if (injected !== undefined) return injected;
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed embed): progress lives for this page only
  }
}

/** For tests: use `store` as the storage (null: none), forgetting what is held in memory. */
/** @param {StorageLike | null | undefined} store */
export function useStorage(store) {
  injected = store;
  memory = null;
  pending = null;
  lastRead = null;
}

/** @param {StorageLike} store @param {string} key @returns {string | null} */
function getItem(store, key) {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

/** @param {StorageLike} store @param {string} key @param {string} value @returns {boolean} */
function setItem(store, key, value) {
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Copies `raw` to the first free backup key (or to the one that already holds the same text). */
/** @param {StorageLike} store @param {string} raw @returns {string | null} the key, or null if it could not */
function backup(store, raw) {
  for (let n = 1; n <= MAX_BACKUPS; n += 1) {
    const key = n === 1 ? BACKUP_KEY : `${BACKUP_KEY}.${n}`;
    const held = getItem(store, key);
    if (held === raw) return key;
    if (held === null) return setItem(store, key, raw) && getItem(store, key) === raw ? key : null;
  }
  return null;
}

/** @param {Notice} notice */
function tell(notice) {
  pending = notice;
  const store = storage();
  if (store) setItem(store, NOTICE_KEY, JSON.stringify(notice));
}

/** The notice to show once about data that was set aside, or null; taking it clears it. The store is read
 * first: what reading it sets aside is what the notice is about, whether or not the page has read it yet. */
/** @returns {Notice | null} */
export function takeNotice() {
  load();
  let notice = pending;
  pending = null;
  const store = storage();
  if (store) {
    const saved = getItem(store, NOTICE_KEY);
    if (saved !== null) {
      try {
        store.removeItem(NOTICE_KEY);
      } catch {
        // nothing to do: it is shown once per page at worst
      }
      if (!notice) {
        try {
          const data = JSON.parse(saved);
          if (isPlainObject(data) && ['corrupt', 'newer', 'unsaved'].includes(String(data.reason))) {
            notice = { reason: /** @type {Notice['reason']} */ (data.reason), key: typeof data.key === 'string' ? data.key : null };
          }
        } catch {
          notice = null;
        }
      }
    }
  }
  return notice;
}

/** The text of a backup key (for the "download the copy" button), or null. */
/** @param {string} key @returns {string | null} */
export function backupText(key) {
  const store = storage();
  return store && key.startsWith(BACKUP_KEY) ? getItem(store, key) : null;
}

/** @param {Store} data @returns {Store} a copy the caller may change */
function copy(data) {
  /** @type {Record<string, Entry>} */
  const puzzles = emptyMap();
  for (const id of Object.keys(data.puzzles)) puzzles[id] = { ...data.puzzles[id] };
  /** @type {Record<string, Mine>} */
  const mine = emptyMap();
  for (const id of Object.keys(data.mine)) mine[id] = { ...data.mine[id], dice: [...data.mine[id].dice], rules: { ...data.mine[id].rules } };
  return { version: VERSION, puzzles, mine };
}

/** The progress store, validated (never throws). */
/** @returns {Store} */
export function load() {
  if (memory) return copy(memory);
  const store = storage();
  if (!store) return copy(memory = empty());
  const raw = getItem(store, KEY);
  if (raw === null) return empty();
  if (lastRead && lastRead.raw === raw) return copy(lastRead.store);
  /** @type {Reading} */
  let reading;
  try {
    reading = readStore(JSON.parse(raw));
  } catch {
    reading = { store: empty(), problems: [{ code: 'json' }], newer: false, migrated: false };
  }
  if (reading.problems.length) {
    const key = backup(store, raw);
    if (key === null) {
      // the copy could not be written: leave the original alone and keep this page's progress in memory
      memory = reading.store;
      tell({ reason: 'unsaved', key: null });
      return copy(memory);
    }
    tell({ reason: reading.newer ? 'newer' : 'corrupt', key });
  }
  if (reading.problems.length || reading.migrated) {
    const text = JSON.stringify(reading.store);
    if (!setItem(store, KEY, text)) {
      memory = reading.store;
      return copy(memory);
    }
    lastRead = { raw: text, store: reading.store };
  } else {
    lastRead = { raw, store: reading.store };
  }
  return copy(reading.store);
}

function announce() {
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') {
    window.dispatchEvent(new CustomEvent('nardy-progress'));
  }
}

/** @param {Store} data */
function save(data) {
  const store = storage();
  if (!memory && store) {
    const text = JSON.stringify(data);
    if (setItem(store, KEY, text)) {
      lastRead = { raw: text, store: copy(data) };
    } else {
      memory = copy(data); // storage full or refused: keep going in memory for this page
      tell({ reason: 'unsaved', key: null });
    }
  } else {
    memory = copy(data);
  }
  announce();
}

/** @param {Store} data @param {string} id @param {string | null} lesson @returns {Entry} */
function entry(data, id, lesson) {
  const item = has(data.puzzles, id) ? data.puzzles[id] : { lesson: null, solved: false, hints: 0, stars: 0, attempts: 0, at: 0, ...NOT_QUEUED };
  if (lesson && ID.test(lesson)) item.lesson = lesson;
  data.puzzles[id] = item;
  return item;
}

/** @param {string} id */
function validId(id) {
  return typeof id === 'string' && ID.test(id);
}

// ---------------------------------------------------------------------------------------------- the API

/** Stars for a solve: 3 at the first try with no hint; 2 with one or two hints or one miss; else 1. */
/** @param {number} hints @param {number} misses @param {boolean} sawSolution @returns {number} */
export function starsFor(hints, misses, sawSolution) {
  if (sawSolution) return 1;
  if (!(hints > 0) && !(misses > 0)) return 3;
  return hints <= 2 && misses <= 1 ? 2 : 1;
}

/** @param {string} id @param {string | null} lesson */
export function recordAttempt(id, lesson) {
  if (!validId(id)) return;
  const data = load();
  const item = entry(data, id, lesson);
  item.attempts = Math.min(MAX_COUNT, item.attempts + 1);
  Object.assign(item, afterMiss(Date.now())); // a miss: it comes back tomorrow
  save(data);
}

/** @param {string} id @param {string | null} lesson */
export function recordHint(id, lesson) {
  if (!validId(id)) return;
  const data = load();
  const item = entry(data, id, lesson);
  item.hints = Math.min(MAX_COUNT, item.hints + 1);
  Object.assign(item, afterMiss(Date.now())); // a hint was needed: it comes back tomorrow
  save(data);
}

/** The learner has seen the answer (the solution button, or feedback that gave it away): it counts as every
 * hint used, so that solving it later, after a reload too, earns one star, never three.
 * @param {string} id @param {string | null} lesson @param {number} allHints */
export function recordAnswerSeen(id, lesson, allHints) {
  if (!validId(id)) return;
  const data = load();
  const item = entry(data, id, lesson);
  item.hints = Math.min(MAX_COUNT, Math.max(item.hints, allHints));
  Object.assign(item, afterMiss(Date.now()));
  save(data);
}

/** @param {string} id @param {string | null} lesson @param {number} stars @returns {Entry} */
export function markSolved(id, lesson, stars) {
  const data = load();
  const now = Date.now();
  const earned = count(stars, 3) ?? 1;
  if (!validId(id)) return { lesson, solved: true, hints: 0, stars: earned, attempts: 0, at: now, ...NOT_QUEUED };
  const item = entry(data, id, lesson);
  item.solved = true;
  Object.assign(item, afterSolve(item, earned, now)); // this solve's stars, not the best so far
  item.stars = Math.max(item.stars, earned);
  item.at = now;
  save(data);
  return { ...item };
}

/** Keeps a position of the learner's own game as a personal puzzle, due tomorrow (as a missed puzzle is); the
 * same position and roll kept again is the same puzzle. @param {Omit<Mine, 'at'>} puzzle
 * @returns {string | null} its id (null: it is not a personal puzzle) */
export function keepMine(puzzle) {
  const now = Date.now();
  const id = mineId(puzzle);
  /** @type {Problem[]} */
  const problems = [];
  const read = readMine(id, { ...puzzle, at: now }, problems);
  if (!read) return null;
  const data = load();
  data.mine[id] = read;
  const item = entry(data, id, null);
  item.attempts = Math.min(MAX_COUNT, item.attempts + 1);
  Object.assign(item, afterMiss(now));
  save(data);
  return id;
}

/** @param {string} id @returns {Mine | null} a personal puzzle, as kept */
export function mineOf(id) {
  const { mine } = load();
  return validId(id) && has(mine, id) ? mine[id] : null;
}

/** @param {string} id @returns {Entry | null} */
export function puzzle(id) {
  const { puzzles } = load();
  return validId(id) && has(puzzles, id) ? puzzles[id] : null;
}

/** @param {(entry: Entry) => boolean} which @returns {{solved: number, stars: number}} */
function sum(which) {
  const items = Object.values(load().puzzles).filter((p) => p.solved && which(p));
  return { solved: items.length, stars: items.reduce((total, p) => total + p.stars, 0) };
}

/** @param {string} lesson */
export function lessonStats(lesson) {
  return sum((p) => p.lesson === lesson);
}

export function totals() {
  return sum(() => true);
}

/** @param {string} lesson */
export function resetLesson(lesson) {
  const data = load();
  for (const id of Object.keys(data.puzzles)) if (data.puzzles[id].lesson === lesson) delete data.puzzles[id];
  save(data);
}

/** Forgets all progress; works whatever storage holds (backups are kept). */
export function resetAll() {
  memory = null;
  lastRead = null;
  const store = storage();
  if (store) {
    try {
      store.removeItem(KEY); // frees the space first, so the empty store can always be written
    } catch {
      // storage refuses access: the memory store below is all there is
    }
  }
  save(empty());
}

// ------------------------------------------------------------------------------------ export and import

/** The progress as the text of a JSON file. */
/** @param {Date} [now] @returns {string} */
export function exportProgress(now = new Date()) {
  const { puzzles, mine } = load();
  /** @type {Record<string, Entry>} */
  const sorted = {};
  for (const id of Object.keys(puzzles).sort()) sorted[id] = puzzles[id];
  /** @type {Record<string, Mine>} */
  const own = {};
  for (const id of Object.keys(mine).sort()) own[id] = mine[id];
  return `${JSON.stringify({ format: FORMAT, version: VERSION, exported: now.toISOString(), puzzles: sorted, mine: own }, null, 1)}\n`;
}

/** Which of two entries of one puzzle to keep: a solve beats none, more stars beat fewer, then the later. */
/** @param {Entry} mine @param {Entry} theirs @returns {Entry} */
function better(mine, theirs) {
  if (mine.solved !== theirs.solved) return mine.solved ? mine : theirs;
  if (mine.stars !== theirs.stars) return mine.stars > theirs.stars ? mine : theirs;
  return theirs.at > mine.at ? theirs : mine;
}

/** @param {Problem} problem @returns {ImportResult} */
function refused(problem) {
  switch (problem.code) {
    case 'json':
      return { ok: false, error: 'json', params: {} };
    case 'newer':
      return { ok: false, error: 'newer', params: { version: problem.version ?? 0 } };
    case 'id':
      return { ok: false, error: 'id', params: { id: problem.id || '' } };
    case 'entry':
      return { ok: false, error: 'entry', params: { id: problem.id || '' } };
    case 'field':
      return problem.id
        ? { ok: false, error: 'field', params: { id: problem.id, field: problem.field || '' } }
        : { ok: false, error: 'shape', params: {} };
    case 'size':
      return { ok: false, error: 'size', params: {} };
    default:
      return { ok: false, error: 'shape', params: {} };
  }
}

/**
 * Reads an exported file (or a saved store of any known schema) and merges it into the progress: for each
 * puzzle the better of the two entries is kept, so an import never loses a solve. The file is judged
 * strictly: anything that would need repairing refuses the whole import and says what is wrong.
 * @param {string} text @returns {ImportResult}
 */
export function importProgress(text) {
  if (typeof text !== 'string' || text.length > MAX_IMPORT_CHARS) return refused({ code: 'size' });
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refused({ code: 'json' });
  }
  if (isPlainObject(data) && has(data, 'format') && data.format !== FORMAT) return refused({ code: 'shape' });
  const reading = readStore(data);
  if (reading.problems.length) return refused(reading.problems[0]);
  const current = load();
  for (const id of Object.keys(reading.store.puzzles)) {
    const theirs = reading.store.puzzles[id];
    current.puzzles[id] = has(current.puzzles, id) ? better(current.puzzles[id], theirs) : theirs;
  }
  for (const id of Object.keys(reading.store.mine)) if (!has(current.mine, id)) current.mine[id] = reading.store.mine[id];
  save(current);
  return { ok: true, count: Object.keys(reading.store.puzzles).length };
}

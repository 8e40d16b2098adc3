// Progress store: solved puzzles, hints used and stars, in localStorage under a versioned schema.
// Schema v1: {version: 1, puzzles: {[id]: {lesson, solved, hints, stars, attempts, at}}}.
// Unknown or corrupt data is set aside (never thrown at the learner); older versions are migrated.

const KEY = 'nardy.progress';
const VERSION = 1;

/** @typedef {{lesson: string | null, solved: boolean, hints: number, stars: number, attempts: number, at: number}} Entry */
/** @typedef {{version: number, puzzles: Record<string, Entry>}} Store */

/** @returns {Store} */
function empty() {
  return { version: VERSION, puzzles: {} };
}

function storage() {
  try {
    const probe = window.localStorage;
    return probe;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed embed): progress lives for this page only
  }
}

/** @type {Store | null} */
let memory = null;

/** @param {any} data @returns {Store} */
function migrate(data) {
  if (!data || typeof data !== 'object') return empty();
  if (data.version === VERSION && data.puzzles && typeof data.puzzles === 'object') return data;
  if (data.version === 0 && Array.isArray(data.solved)) {
    // v0 (never released widely) kept a plain list of solved ids
    /** @type {Record<string, Entry>} */
    const puzzles = {};
    for (const id of data.solved) puzzles[id] = { lesson: null, solved: true, hints: 0, stars: 1, attempts: 1, at: 0 };
    return { version: VERSION, puzzles };
  }
  return empty();
}

/** @returns {Store} */
export function load() {
  const store = storage();
  if (!store) return memory || (memory = empty());
  try {
    return migrate(JSON.parse(store.getItem(KEY) || 'null'));
  } catch {
    return empty();
  }
}

/** @param {Store} data */
function save(data) {
  const store = storage();
  if (!store) {
    memory = data;
    return;
  }
  try {
    store.setItem(KEY, JSON.stringify(data));
  } catch {
    memory = data;
  }
  window.dispatchEvent(new CustomEvent('nardy-progress'));
}

/** @param {Store} data @param {string} id @param {string | null} lesson */
function entry(data, id, lesson) {
  const item = data.puzzles[id] || { lesson, solved: false, hints: 0, stars: 0, attempts: 0, at: 0 };
  if (lesson) item.lesson = lesson;
  data.puzzles[id] = item;
  return item;
}

/** Stars for a solve: 3 at the first try with no hint; 2 with one or two hints or one miss; else 1. */
/** @param {number} hints @param {number} misses @param {boolean} sawSolution */
export function starsFor(hints, misses, sawSolution) {
  if (sawSolution) return 1;
  if (hints === 0 && misses === 0) return 3;
  return hints <= 2 && misses <= 1 ? 2 : 1;
}

/** @param {string} id @param {string | null} lesson */
export function recordAttempt(id, lesson) {
  const data = load();
  entry(data, id, lesson).attempts += 1;
  save(data);
}

/** @param {string} id @param {string | null} lesson */
export function recordHint(id, lesson) {
  const data = load();
  entry(data, id, lesson).hints += 1;
  save(data);
}

/** @param {string} id @param {string | null} lesson @param {number} stars */
export function markSolved(id, lesson, stars) {
  const data = load();
  const item = entry(data, id, lesson);
  item.solved = true;
  item.stars = Math.max(item.stars || 0, stars);
  item.at = Date.now();
  save(data);
  return item;
}

/** @param {string} id @returns {Entry | null} */
export function puzzle(id) {
  return load().puzzles[id] || null;
}

/** @param {string} lesson */
export function lessonStats(lesson) {
  const items = Object.values(load().puzzles).filter((p) => p.lesson === lesson && p.solved);
  return { solved: items.length, stars: items.reduce((sum, p) => sum + (p.stars || 0), 0) };
}

export function totals() {
  const items = Object.values(load().puzzles).filter((p) => p.solved);
  return { solved: items.length, stars: items.reduce((sum, p) => sum + (p.stars || 0), 0) };
}

/** @param {string} lesson */
export function resetLesson(lesson) {
  const data = load();
  for (const [id, item] of Object.entries(data.puzzles)) if (item.lesson === lesson) delete data.puzzles[id];
  save(data);
}

export function resetAll() {
  save(empty());
}

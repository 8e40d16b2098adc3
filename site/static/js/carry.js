// What a half-played puzzle carries across a switch of the page's language (navigation.js): the same lesson in
// the other language holds the same puzzles, so a learner who switches mid-puzzle keeps the steps played, the
// points found, the hints shown and the misses counted. Only such a switch carries anything; it is held until
// the puzzle of the same id takes it, or the next navigation.

/** @typedef {import('./board/types.js').PointId} PointId */
/** @typedef {{steps: [PointId, PointId][], found: PointId[], failures: number, hints: number}} Carried */

let carrying = false;
/** @type {Map<string, Carried>} */
const carried = new Map();

/** navigation.js, before the old page is unmounted: what the last swap left untaken is dropped, and puzzles keep
 * their state only for a switch of language. @param {boolean} language */
export function beforeUnmount(language) {
  carried.clear();
  carrying = language;
}

/** navigation.js, once the old page is unmounted. */
export function afterUnmount() {
  carrying = false;
}

/** @param {string} id @param {Carried} state */
export function keep(id, state) {
  if (carrying) carried.set(id, state);
}

/** @param {string} id @returns {Carried | undefined} */
export function take(id) {
  const state = carried.get(id);
  carried.delete(id);
  return state;
}

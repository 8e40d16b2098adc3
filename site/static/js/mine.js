// The learner's own puzzles: a position from one of their games where they played worse than the engine's
// best («Разобрать позже» in a game's analysis). Each is kept with the progress (progress.js, schema v3, under
// `mine`) and comes back like the course's puzzles (review.js); solving it is finding the best play of its roll,
// which the engine judges (the free board, ?practise=<id>). Nothing leaves the browser.
//
// What storage or an imported file holds is read field by field (readMine): anything that is not exactly a
// personal puzzle is a problem, never a crash.

/** @typedef {{code: string, id?: string, field?: string}} Problem */
/**
 * @typedef {object} Mine  a personal puzzle: the position a roll was played from, and what happened
 * @property {string} game       the game (the board's `game`, a catalog key's part: never compared)
 * @property {string} position   the position in notation, the mover to move
 * @property {number[]} dice     the roll, two dice 1..6
 * @property {boolean} first_turn
 * @property {Record<string, string | number | boolean>} rules
 * @property {'white' | 'black'} side  the mover
 * @property {number} number     the mover's own turn in that game, from 1
 * @property {string} played     what the learner played, in the board's numbering
 * @property {string} best       the engine's best play then, in the board's numbering
 * @property {number} at         when it was kept (ms)
 */

export const MINE_PREFIX = 'mine-';
const FIELDS = ['game', 'position', 'dice', 'first_turn', 'rules', 'side', 'number', 'played', 'best', 'at'];
const NAME = /^[a-z][a-z0-9_-]{0,30}$/;
const NOTATION = /^[A-Za-z0-9:,/_ -]{1,300}$/;
const PLAY = /^[A-Za-z0-9:,/* ()-]{0,120}$/;
const RULE_KEY = /^[a-z_]{1,40}$/;
const MAX_RULES = 30;
const MAX_TIME = 8.64e15;

/** The id of a position's puzzle: the same position and roll give the same id (kept once).
 * @param {{game: string, position: string, dice: number[]}} mine @returns {string} */
export function mineId(mine) {
  const text = `${mine.game}|${mine.position}|${mine.dice.join('-')}`;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits: an id, not a secret
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${MINE_PREFIX}${hash.toString(36)}`;
}

/** Whether stored or imported data is a plain object (not an array, null or a class's instance): the one test
 * progress.js and this module read untrusted JSON with. @param {unknown} value @returns {value is Record<string, unknown>} */
export function isPlainObject(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** @param {unknown} value @param {number} low @param {number} high @returns {value is number} */
function wholeIn(value, low, high) {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
}

/** @param {unknown} raw @returns {Record<string, string | number | boolean> | null} */
function readRules(raw) {
  if (!isPlainObject(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length > MAX_RULES) return null;
  /** @type {Record<string, string | number | boolean>} */
  const rules = {};
  for (const key of keys) {
    const value = raw[key];
    const fine = typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
      || (typeof value === 'string' && value.length <= 40);
    if (!RULE_KEY.test(key) || !fine) return null;
    rules[key] = /** @type {string | number | boolean} */ (value);
  }
  return rules;
}

/**
 * One personal puzzle read from storage or a file: the puzzle, or null with a problem for each field that is
 * not what it must be (a personal puzzle is kept whole or not at all: its position is its question).
 * @param {string} id @param {unknown} raw @param {Problem[]} problems @returns {Mine | null}
 */
export function readMine(id, raw, problems) {
  if (!isPlainObject(raw)) {
    problems.push({ code: 'entry', id });
    return null;
  }
  const before = problems.length;
  /** @param {string} field */
  const bad = (field) => problems.push({ code: 'field', id, field });
  for (const field of Object.keys(raw)) if (!FIELDS.includes(field)) bad(field);
  const { game, position, dice, side, number, played, best, at } = raw;
  if (typeof game !== 'string' || !NAME.test(game)) bad('game');
  if (typeof position !== 'string' || !NOTATION.test(position)) bad('position');
  if (!Array.isArray(dice) || dice.length !== 2 || !dice.every((die) => wholeIn(die, 1, 6))) bad('dice');
  if (typeof raw.first_turn !== 'boolean') bad('first_turn');
  const rules = readRules(raw.rules);
  if (!rules) bad('rules');
  if (side !== 'white' && side !== 'black') bad('side');
  if (!wholeIn(number, 1, 10_000)) bad('number');
  if (typeof played !== 'string' || !PLAY.test(played)) bad('played');
  if (typeof best !== 'string' || !PLAY.test(best)) bad('best');
  if (!wholeIn(at, 0, MAX_TIME)) bad('at');
  if (problems.length > before || !rules) return null;
  return {
    game: /** @type {string} */ (game), position: /** @type {string} */ (position), dice: [.../** @type {number[]} */ (dice)],
    first_turn: /** @type {boolean} */ (raw.first_turn), rules, side: /** @type {'white' | 'black'} */ (side),
    number: /** @type {number} */ (number), played: /** @type {string} */ (played), best: /** @type {string} */ (best),
    at: /** @type {number} */ (at),
  };
}

// What the presenter's window tells the audience window over a BroadcastChannel, and the check every
// message passes before the audience shows any of it: a message is data, never markup, and anything that
// is not exactly this shape (another page's, an older version's, a hostile one) is dropped whole.
// Pure functions, tested with node --test.

import { MARK_KINDS } from '../board/constants.js';

export const CHANNEL = 'nardy-present';
export const VERSION = 1;
const MAX_TEXT = 4000;
const MAX_ITEMS = 64;

/**
 * @typedef {object} Drawing  the teacher's arrows and ringed points on one board (absolute points)
 * @property {number[]} rings
 * @property {[number, number][]} arrows
 */
/**
 * @typedef {object} WidgetState  what a slide's widget shows, element by element in page order
 * @property {import('../board/view.js').BoardSnapshot[]} boards
 * @property {Drawing[]} drawings   one per board
 * @property {(string | null)[]} texts  the status lines (null: hidden)
 * @property {boolean[]} shown        the parts a widget shows or hides (present/mirror.js TOGGLED)
 * @property {number} hints           hints revealed
 * @property {{pressed: boolean, disabled: boolean}[]} answers
 * @property {string | null} success  the success line, when solved
 * @property {string} number          what the number field holds
 */
/**
 * @typedef {object} StateMessage
 * @property {'state'} kind
 * @property {number} v
 * @property {string} page     the pathname presented
 * @property {number} slide
 * @property {number} count
 * @property {WidgetState | null} widget
 */

/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
/** @param {unknown} x @param {number} lo @param {number} hi */
const isInt = (x, lo, hi) => Number.isInteger(x) && /** @type {number} */ (x) >= lo && /** @type {number} */ (x) <= hi;
/** @param {unknown} x */
const isText = (x) => typeof x === 'string' && x.length <= MAX_TEXT;
/** @param {unknown} x @returns {x is unknown[]} */
const isList = (x) => Array.isArray(x) && x.length <= MAX_ITEMS;
/** @param {unknown} x */
const isSide = (x) => x === 'white' || x === 'black';
/** A name as nardy_core writes one (a game, a caption kind): plain words, never markup. @param {unknown} x */
const isName = (x) => typeof x === 'string' && /^[a-z][a-z0-9_]{0,31}$/.test(x);
/** @param {unknown} x */
const isPointKey = (x) => typeof x === 'string' && /^(?:[1-9]|1\d|2[0-4]|off|bar-white|bar-black)$/.test(x);

/** A board model as nardy_core.board.board_model writes it, within the game's limits (whether the page has
 * a board of its game is the mirror's to say: present/mirror.js). @param {unknown} m */
export function isBoardModel(m) {
  if (!isObject(m) || !isName(m.game) || typeof m.has_bar !== 'boolean') return false;
  if (!isList(m.captions) || !m.captions.every(isName)) return false;
  if (m.to_move !== null && !isSide(m.to_move)) return false;
  if (!isObject(m.points) || !Object.entries(m.points).every(([key, occupant]) => /^(?:[1-9]|1\d|2[0-4])$/.test(key)
    && isObject(occupant) && isSide(occupant.side) && isInt(occupant.count, 0, 15))) return false;
  for (const name of ['bar', 'off', 'pips']) {
    const value = m[name];
    if (!isObject(value) || !isInt(value.white, 0, 999) || !isInt(value.black, 0, 999)) return false;
  }
  if (!isList(m.dice) || m.dice.length > 4 || !m.dice.every((d) => isObject(d) && isInt(d.value, 1, 6) && typeof d.used === 'boolean')) return false;
  const { cube } = m;
  return cube === null || (isObject(cube) && isInt(cube.value, 1, 4096) && (cube.owner === null || isSide(cube.owner))
    && (cube.offered_by === null || isSide(cube.offered_by)) && typeof cube.turned === 'boolean');
}

/** @param {unknown} s */
function isBoardSnapshot(s) {
  if (!isObject(s) || !isBoardModel(s.model) || !isSide(s.perspective) || typeof s.flipped !== 'boolean') return false;
  if (s.selected !== null && !isPointKey(s.selected)) return false;
  if (!isList(s.selectable) || !s.selectable.every(isPointKey)) return false;
  if (!isList(s.destinations) || !s.destinations.every((d) => Array.isArray(d) && d.length === 2 && isPointKey(d[0])
    && isList(d[1]) && d[1].every((n) => isInt(n, 1, 24)))) return false;
  return isList(s.highlights) && s.highlights.every((h) => Array.isArray(h) && h.length === 2 && isPointKey(h[0])
    && isList(h[1]) && h[1].every((kind) => MARK_KINDS.includes(/** @type {any} */ (kind))));
}

/** @param {unknown} d */
export function isDrawing(d) {
  return isObject(d) && isList(d.rings) && d.rings.every((p) => isInt(p, 1, 24))
    && isList(d.arrows) && d.arrows.every((a) => Array.isArray(a) && a.length === 2 && isInt(a[0], 1, 24) && isInt(a[1], 1, 24));
}

/** @param {unknown} w */
function isWidgetState(w) {
  return isObject(w)
    && isList(w.boards) && w.boards.every(isBoardSnapshot)
    && isList(w.drawings) && w.drawings.every(isDrawing)
    && isList(w.texts) && w.texts.every((x) => x === null || isText(x))
    && isList(w.shown) && w.shown.every((x) => typeof x === 'boolean')
    && isInt(w.hints, 0, MAX_ITEMS)
    && isList(w.answers) && w.answers.every((a) => isObject(a) && typeof a.pressed === 'boolean' && typeof a.disabled === 'boolean')
    && (w.success === null || isText(w.success))
    && typeof w.number === 'string' && w.number.length <= 32;
}

/**
 * The message as a StateMessage, or null when it is anything else.
 * @param {unknown} data @returns {StateMessage | null}
 * @example readState({kind: 'state', v: 1, page: '/ru/', slide: 0, count: 1, widget: null}).slide === 0
 */
export function readState(data) {
  if (!isObject(data) || data.kind !== 'state' || data.v !== VERSION) return null;
  // a path of this site: not "//host" or "/\\host", which a browser reads as another site
  if (typeof data.page !== 'string' || !/^\/(?![/\\])[^\\]*$/.test(data.page) || data.page.includes('//') || data.page.length > 512) return null;
  if (!isInt(data.count, 1, 10000) || !isInt(data.slide, 0, /** @type {number} */ (data.count) - 1)) return null;
  if (data.widget !== null && !isWidgetState(data.widget)) return null;
  return /** @type {StateMessage} */ (data);
}

/** @param {unknown} data @returns {data is {kind: 'hello' | 'bye', v: number}} */
export function isGreeting(data) {
  return isObject(data) && (data.kind === 'hello' || data.kind === 'bye') && data.v === VERSION;
}

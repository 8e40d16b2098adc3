// Pure functions over the board model and the view: what goes where (no DOM, tested with node --test).

import { MARK_KINDS } from './constants.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').Occupant} Occupant */
/** @typedef {import('./types.js').PointId} PointId */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Row} Row */
/** @typedef {import('./constants.js').MarkKind} MarkKind */

/**
 * Centres of the checkers drawn for a stack: at most ``visible`` of them from ``place`` along its direction.
 * @param {{x: number, y: number, dir: number}} place
 * @param {number} count
 * @param {number} pitch
 * @param {number} visible
 * @returns {{x: number, y: number}[]}
 */
export function stackPositions(place, count, pitch, visible) {
  const shown = Math.min(count, visible);
  return Array.from({ length: shown }, (_, i) => ({ x: place.x, y: place.y + place.dir * i * pitch }));
}

/**
 * Where a checker arriving on a stack of ``count`` lands (the next free place, or the last visible one).
 * @param {{x: number, y: number, dir: number}} place
 * @param {number} count  checkers already there
 * @param {number} pitch
 * @param {number} visible
 */
export function nextPosition(place, count, pitch, visible) {
  const index = Math.min(count, visible - 1);
  return { x: place.x, y: place.y + place.dir * index * pitch };
}

/**
 * The mark kinds of one point, in drawing order.
 * @param {Map<string, Set<MarkKind>>} highlights
 * @param {string} key
 * @returns {MarkKind[]}
 */
export function markKindsAt(highlights, key) {
  const kinds = highlights.get(key);
  return kinds ? MARK_KINDS.filter((kind) => kinds.has(kind)) : [];
}

/**
 * What changed between two models, if it is one checker's step (with the checker it hit, if any).
 * Returns null for anything else (a new position, an undo of several steps…): those are not animated.
 * @param {BoardModel} before
 * @param {BoardModel} after
 * @returns {{side: Side, from: PointId, to: PointId, hit: PointId | null} | null}
 */
export function singleStep(before, after) {
  /** @type {{side: Side, point: PointId}[]} */
  const gone = [];
  /** @type {{side: Side, point: PointId}[]} */
  const came = [];
  for (let p = 1; p <= 24; p += 1) {
    const a = before.points[String(p)];
    const b = after.points[String(p)];
    for (const side of /** @type {Side[]} */ (['white', 'black'])) {
      const delta = (b && b.side === side ? b.count : 0) - (a && a.side === side ? a.count : 0);
      if (delta === -1) gone.push({ side, point: p });
      else if (delta === 1) came.push({ side, point: p });
      else if (delta !== 0) return null;
    }
  }
  for (const side of /** @type {Side[]} */ (['white', 'black'])) {
    for (const where of /** @type {('bar' | 'off')[]} */ (['bar', 'off'])) {
      const delta = ((after[where] || {})[side] || 0) - ((before[where] || {})[side] || 0);
      if (delta === 1) came.push({ side, point: where });
      else if (delta === -1) gone.push({ side, point: where });
      else if (delta !== 0) return null;
    }
  }
  for (const mover of /** @type {Side[]} */ (['white', 'black'])) {
    const left = gone.filter((g) => g.side === mover);
    const arrived = came.filter((c) => c.side === mover);
    const otherGone = gone.filter((g) => g.side !== mover);
    const otherCame = came.filter((c) => c.side !== mover);
    if (left.length !== 1 || arrived.length !== 1) continue;
    const [from, to] = [left[0].point, arrived[0].point];
    if (!otherGone.length && !otherCame.length) return { side: mover, from, to, hit: null };
    const hit = otherGone.length === 1 && otherCame.length === 1 && otherCame[0].point === 'bar' && otherGone[0].point === to;
    if (hit) return { side: mover, from, to, hit: to };
  }
  return null;
}

/**
 * The slot showing absolute point ``point`` (or -1).
 * @param {number[]} slotPoints
 * @param {number} point
 */
export function slotOf(slotPoints, point) {
  return slotPoints.indexOf(point);
}

/**
 * A board's data-model as the build writes it (builder/board_svg.py picture_model: a point is its count,
 * positive for White and negative for Black; a die its value, negated once used; an empty bar or tray and
 * no cube left out) as the full board model. A full model is returned as it is.
 * @param {any} short @returns {import('./types.js').BoardModel}
 */
export function fullModel(short) {
  /** @type {Record<string, import('./types.js').Occupant>} */
  const points = {};
  for (const [point, n] of Object.entries(short.points || {})) {
    points[point] = typeof n === 'number' ? { side: n > 0 ? 'white' : 'black', count: Math.abs(n) } : n;
  }
  const none = { white: 0, black: 0 };
  const dice = (short.dice || []).map((/** @type {any} */ d) => (typeof d === 'number' ? { value: Math.abs(d), used: d < 0 } : d));
  return { ...short, points, bar: short.bar || { ...none }, off: short.off || { ...none }, dice, cube: short.cube ?? null };
}

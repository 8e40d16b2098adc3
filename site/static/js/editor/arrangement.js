// What the board editor holds: checkers on points and on the bar, as the board model writes them. Pure
// functions, each returning a new arrangement (tested with node --test). Nothing here knows a rule: how
// many checkers a side may have, or whether the arrangement is a position, is nardy_core.setups's to say;
// the only thing refused here is what the board model cannot hold, two colours on one point.

/** @typedef {import('../board/types.js').BoardModel} BoardModel */
/** @typedef {import('../board/types.js').Occupant} Occupant */
/** @typedef {import('../board/types.js').Side} Side */
/** @typedef {import('../board/types.js').GameName} GameName */

/**
 * @typedef {object} Arrangement
 * @property {GameName} game
 * @property {boolean} has_bar                   the game's board has a bar (the board model says so)
 * @property {Record<string, Occupant>} points   absolute point (a string key) -> occupant
 * @property {Record<Side, number>} bar
 */

/**
 * A place a checker is put on or taken from: a point, a side's bar or a side's tray (borne off).
 * @typedef {{kind: 'point', point: number} | {kind: 'bar', side: Side} | {kind: 'tray', side: Side}} Place
 */

/** @typedef {{arrangement: Arrangement, refused: null | {why: 'occupied', point: number, side: Side} | {why: 'empty', point: number} | {why: 'no_bar'}}} Change */

/** The arrangement a board model shows. @param {BoardModel} model @returns {Arrangement} */
export function fromModel(model) {
  /** @type {Record<string, Occupant>} */
  const points = {};
  for (const [key, occupant] of Object.entries(model.points)) points[key] = { side: occupant.side, count: occupant.count };
  return { game: model.game, has_bar: model.has_bar, points, bar: { white: model.bar.white || 0, black: model.bar.black || 0 } };
}

/** An empty board of the game ``board`` shows. @param {Pick<BoardModel, 'game' | 'has_bar'>} board @returns {Arrangement} */
export function emptyArrangement(board) {
  return { game: board.game, has_bar: board.has_bar, points: {}, bar: { white: 0, black: 0 } };
}

/** @param {Arrangement} arrangement @param {string} key @param {Occupant | null} occupant @returns {Arrangement} */
function withPoint(arrangement, key, occupant) {
  const points = { ...arrangement.points };
  if (occupant && occupant.count > 0) points[key] = occupant;
  else delete points[key];
  return { ...arrangement, points };
}

/** @param {Arrangement} arrangement @param {Side} side @param {number} change @returns {Arrangement} */
function withBar(arrangement, side, change) {
  return { ...arrangement, bar: { ...arrangement.bar, [side]: Math.max(0, (arrangement.bar[side] || 0) + change) } };
}

/**
 * One checker of ``side`` put on ``place`` (a tray takes nothing: a checker there is simply not on the board).
 * @param {Arrangement} arrangement @param {Place} place @param {Side} side @returns {Change}
 */
export function put(arrangement, place, side) {
  if (place.kind === 'tray') return { arrangement, refused: null };
  if (place.kind === 'bar') {
    if (!arrangement.has_bar) return { arrangement, refused: { why: 'no_bar' } };
    return { arrangement: withBar(arrangement, place.side, 1), refused: null };
  }
  const key = String(place.point);
  const there = arrangement.points[key];
  if (there && there.side !== side) return { arrangement, refused: { why: 'occupied', point: place.point, side: there.side } };
  return { arrangement: withPoint(arrangement, key, { side, count: (there ? there.count : 0) + 1 }), refused: null };
}

/**
 * One checker taken off ``place`` (to the tray); the side it belonged to comes back with it.
 * @param {Arrangement} arrangement @param {Place} place @returns {Change & {side: Side | null}}
 */
export function take(arrangement, place) {
  if (place.kind === 'tray') return { arrangement, refused: null, side: null };
  if (place.kind === 'bar') {
    if (!arrangement.bar[place.side]) return { arrangement, refused: null, side: null };
    return { arrangement: withBar(arrangement, place.side, -1), refused: null, side: place.side };
  }
  const key = String(place.point);
  const there = arrangement.points[key];
  if (!there) return { arrangement, refused: { why: 'empty', point: place.point }, side: null };
  return { arrangement: withPoint(arrangement, key, { side: there.side, count: there.count - 1 }), refused: null, side: there.side };
}

/**
 * One checker moved from ``from`` to ``to`` (from a tray: one more of that side on the board; to a tray:
 * one fewer). A move that cannot be made leaves the arrangement as it was and says why.
 * @param {Arrangement} arrangement @param {Place} from @param {Place} to @returns {Change}
 */
export function move(arrangement, from, to) {
  if (from.kind === 'tray') return put(arrangement, to.kind === 'bar' ? { kind: 'bar', side: from.side } : to, from.side);
  const taken = take(arrangement, from);
  if (taken.refused || !taken.side) return { arrangement, refused: taken.refused };
  // a checker dropped on a bar goes to its own side's bar, whichever half of the bar it lands on
  const target = to.kind === 'bar' ? /** @type {Place} */ ({ kind: 'bar', side: taken.side }) : to;
  const placed = put(taken.arrangement, target, taken.side);
  return placed.refused ? { arrangement, refused: placed.refused } : placed;
}

/**
 * The editor's request to nardy_core (api.setup) for this arrangement.
 * @param {Arrangement} arrangement @param {Side} mover @param {string} dice "6-5", or '' @param {Record<string, unknown>} rules
 */
export function setupQuery(arrangement, mover, dice, rules) {
  /** @type {Record<string, unknown>} */
  const query = { game: arrangement.game, mover, points: arrangement.points, rules, dice };
  if (arrangement.has_bar) query.bar = arrangement.bar;
  return query;
}

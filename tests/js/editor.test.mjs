// The board editor's arrangement: putting, taking and moving checkers, with nothing lost on a refusal.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { emptyArrangement, fromModel, move, put, setupQuery, take } from '../../site/static/js/editor/arrangement.js';

// what the editor reads of the board shown: its game (an opaque name) and whether it has a bar
const NO_BAR = { game: 'long', has_bar: false };
const WITH_BAR = { game: 'short', has_bar: true };

/** @param {number} point */
const at = (point) => /** @type {const} */ ({ kind: 'point', point });

test('a put adds a checker of the chosen colour and refuses a point of the other colour', () => {
  let { arrangement } = put(emptyArrangement(NO_BAR), at(24), 'white');
  ({ arrangement } = put(arrangement, at(24), 'white'));
  assert.deepEqual(arrangement.points, { 24: { side: 'white', count: 2 } });
  const refused = put(arrangement, at(24), 'black');
  assert.deepEqual(refused.refused, { why: 'occupied', point: 24, side: 'white' });
  assert.equal(refused.arrangement, arrangement);
});

test('a sixteenth checker is not refused here: how many a side may have is the core\'s to say', () => {
  let arrangement = emptyArrangement(NO_BAR);
  for (let i = 0; i < 16; i += 1) ({ arrangement } = put(arrangement, at(24), 'white'));
  assert.equal(arrangement.points[24].count, 16);
});

test('a take empties a point one checker at a time and says when there was nothing there', () => {
  const start = put(emptyArrangement(WITH_BAR), at(6), 'black').arrangement;
  const once = take(start, at(6));
  assert.equal(once.side, 'black');
  assert.deepEqual(once.arrangement.points, {});
  assert.deepEqual(take(once.arrangement, at(6)).refused, { why: 'empty', point: 6 });
});

test('the bar is only where the board has one (short nardy), per side, and a checker dropped on it goes to its own side\'s half', () => {
  assert.deepEqual(put(emptyArrangement(NO_BAR), { kind: 'bar', side: 'white' }, 'white').refused, { why: 'no_bar' });
  const board = put(emptyArrangement(WITH_BAR), at(13), 'black').arrangement;
  const moved = move(board, at(13), { kind: 'bar', side: 'white' });
  assert.deepEqual(moved.arrangement.bar, { white: 0, black: 1 });
  assert.deepEqual(moved.arrangement.points, {});
});

test('moves from a tray add a checker, to a tray take one, and a refused move changes nothing', () => {
  const fromTray = move(emptyArrangement(NO_BAR), { kind: 'tray', side: 'black' }, at(12));
  assert.deepEqual(fromTray.arrangement.points, { 12: { side: 'black', count: 1 } });
  const withWhite = put(fromTray.arrangement, at(1), 'white').arrangement;
  const blocked = move(withWhite, at(1), at(12));
  assert.deepEqual(blocked.refused, { why: 'occupied', point: 12, side: 'black' });
  assert.equal(blocked.arrangement, withWhite);
  assert.deepEqual(move(withWhite, at(1), { kind: 'tray', side: 'white' }).arrangement.points, { 12: { side: 'black', count: 1 } });
});

test('an arrangement read from a board model is a copy, and the request carries the bar only where the board has one', () => {
  const model = { game: 'short', has_bar: true, captions: /** @type {const} */ (['home']), points: { 6: { side: /** @type {const} */ ('white'), count: 5 } }, bar: { white: 1, black: 0 },
    off: { white: 9, black: 15 }, to_move: null, dice: [], pips: { white: 0, black: 0 }, cube: null };
  const arrangement = fromModel(model);
  arrangement.points[6].count = 1;
  assert.equal(model.points[6].count, 5);
  assert.deepEqual(setupQuery(arrangement, 'black', '6-5', {}), { game: 'short', mover: 'black', points: arrangement.points, rules: {}, dice: '6-5', bar: { white: 1, black: 0 } });
  assert.equal('bar' in setupQuery(emptyArrangement(NO_BAR), 'white', '', {}), false);
});

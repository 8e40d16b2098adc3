// Pure functions of the board view (site/static/js/board/state.js), without a browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { fullModel, markKindsAt, nextPosition, singleStep, slotOf, stackPositions } from '../../site/static/js/board/state.js';

/** @returns {import('../../site/static/js/board/types.js').BoardModel} */
function model(points, extra = {}) {
  return {
    game: 'short', has_bar: true, captions: ['home'], points, bar: { white: 0, black: 0 }, off: { white: 0, black: 0 }, to_move: 'white', dice: [],
    pips: { white: 0, black: 0 }, cube: null, ...extra,
  };
}

test('a stack shows at most the visible checkers, from its base along its direction', () => {
  assert.deepEqual(stackPositions({ x: 10, y: 100, dir: -1 }, 7, 60, 5).map((p) => p.y), [100, 40, -20, -80, -140]);
  assert.deepEqual(stackPositions({ x: 10, y: 100, dir: 1 }, 2, 60, 5), [{ x: 10, y: 100 }, { x: 10, y: 160 }]);
  assert.deepEqual(nextPosition({ x: 0, y: 0, dir: 1 }, 9, 60, 5), { x: 0, y: 240 }); // a tall stack: on the last place
});

test('marks are drawn in a fixed order, the most important last', () => {
  const highlights = new Map([['13', new Set(['error', 'hint'])]]);
  assert.deepEqual(markKindsAt(highlights, '13'), ['hint', 'error']);
  assert.deepEqual(markKindsAt(highlights, '12'), []);
});

test('one step is recognised, with the blot it hits', () => {
  const before = model({ 13: { side: 'white', count: 5 }, 7: { side: 'black', count: 1 } });
  const plain = model({ 13: { side: 'white', count: 4 }, 8: { side: 'white', count: 1 }, 7: { side: 'black', count: 1 } });
  assert.deepEqual(singleStep(before, plain), { side: 'white', from: 13, to: 8, hit: null });
  const hit = model({ 13: { side: 'white', count: 4 }, 7: { side: 'white', count: 1 } }, { bar: { white: 0, black: 1 } });
  assert.deepEqual(singleStep(before, hit), { side: 'white', from: 13, to: 7, hit: 7 });
  const off = model({ 13: { side: 'white', count: 4 }, 7: { side: 'black', count: 1 } }, { off: { white: 1, black: 0 } });
  assert.deepEqual(singleStep(before, off), { side: 'white', from: 13, to: 'off', hit: null });
  const entered = model({ 13: { side: 'white', count: 5 }, 7: { side: 'black', count: 1 }, 22: { side: 'black', count: 1 } });
  const fromBar = { ...before, bar: { white: 0, black: 1 } };
  assert.deepEqual(singleStep(fromBar, entered), { side: 'black', from: 'bar', to: 22, hit: null });
});

test('anything but one step is not animated', () => {
  const before = model({ 13: { side: 'white', count: 5 } });
  const two = model({ 13: { side: 'white', count: 3 }, 8: { side: 'white', count: 2 } });
  assert.equal(singleStep(before, two), null);
  assert.equal(singleStep(before, before), null);
  assert.equal(slotOf([24, 23, 22], 22), 2);
});

test('fullModel reads the short data-model the build writes, and leaves a full model as it is', () => {
  const short = { game: 'short', points: { 24: 2, 1: -3 }, to_move: 'white', pips: { white: 48, black: 3 }, dice: [-6, 5], off: { white: 0, black: 12 } };
  const full = fullModel(short);
  assert.deepEqual(full.points, { 24: { side: 'white', count: 2 }, 1: { side: 'black', count: 3 } });
  assert.deepEqual(full.dice, [{ value: 6, used: true }, { value: 5, used: false }]);
  assert.deepEqual(full.bar, { white: 0, black: 0 });
  assert.deepEqual(full.off, { white: 0, black: 12 });
  assert.equal(full.cube, null);
  assert.deepEqual(fullModel(full), full);
});

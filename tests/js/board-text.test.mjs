// The board's texts (site/static/js/board/text.js) over a small catalog: the one definition of every name.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { makeTranslator } from '../../site/static/js/i18n.js';
import { barName, captionPlaces, cubeName, describeBoard, pointName, statusText } from '../../site/static/js/board/text.js';

const t = makeTranslator({
  'board.point.empty': 'Point {label}, empty',
  'board.point.occupied': 'Point {label}, {checkers}',
  'board.checkers.white': { one: '{n} white checker', other: '{n} white checkers' },
  'board.checkers.black': { one: '{n} black checker', other: '{n} black checkers' },
  'board.bar.occupied': 'Bar: {checkers}',
  'board.bar.empty_white': "White's bar: empty",
  'board.bar.empty_black': "Black's bar: empty",
  'board.cube.middle': 'Cube {value}, middle',
  'board.cube.owned_white': 'Cube {value}, White',
  'board.cube.owned_black': 'Cube {value}, Black',
  'board.cube.offered_black': 'Black offers {value}',
  'board.to_move.white': 'White to move',
  'board.die.doubles_left': '{value} ×{n} left',
  'board.label.short': 'Short board',
  'board.dice': 'Dice', 'board.dice_list': 'Dice: {values}',
  'board.die.name': 'Die {value}', 'board.die.used': 'Die {value}, used',
  'board.off.white': 'White off: {n}', 'board.off.black': 'Black off: {n}',
  'board.side.white': 'White', 'board.side.black': 'Black',
  'board.pips': { one: '{n} pip', other: '{n} pips' },
  'board.caption.home_white': "White's home", 'board.caption.home_black': "Black's home",
}, 'en');

test('point, bar and cube names', () => {
  assert.equal(pointName(t, 13, { side: 'white', count: 2 }), 'Point 13, 2 white checkers');
  assert.equal(pointName(t, 7, null, ['selected']), 'Point 7, empty, selected');
  assert.equal(barName(t, 'black', 1), 'Bar: 1 black checker');
  assert.equal(barName(t, 'white', 0), "White's bar: empty");
  assert.equal(cubeName(t, { value: 2, owner: 'white', offered_by: null, turned: true }), 'Cube 2, White');
  assert.equal(cubeName(t, { value: 2, owner: 'white', offered_by: 'black', turned: true }), 'Black offers 4');
});

test('the status line says what is left of a double', () => {
  const model = { to_move: 'white', dice: [{ value: 3, used: true }, { value: 3, used: false }, { value: 3, used: false }, { value: 3, used: false }] };
  assert.equal(statusText(t, /** @type {any} */ (model)), 'White to move · 3 ×3 left');
});

test('a whole board: the summary in label order from the geometry tables, the captions, the status', () => {
  const geometry = /** @type {any} */ ({
    points: { short: { white: { normal: Array.from({ length: 24 }, (_, i) => 24 - i), mirrored: [] } } },
    labels: { normal: Array.from({ length: 24 }, (_, i) => 24 - i), mirrored: [] },
    captions: { short: [{ what: 'home', owner: 'bottom' }, { what: 'head', owner: 'bottom' }, { what: 'home', owner: 'top' }] },
  });
  const model = /** @type {any} */ ({
    game: 'short', has_bar: true, captions: ['home'], points: { 24: { side: 'white', count: 2 } }, bar: { white: 0, black: 1 }, off: { white: 0, black: 0 },
    to_move: 'white', dice: [{ value: 6, used: false }], pips: { white: 48, black: 25 }, cube: null,
  });
  const texts = describeBoard(t, model, { perspective: 'white', flipped: false, interactive: true }, geometry);
  assert.deepEqual(texts.captions, ["White's home", "Black's home"]); // the model names no head: no head captions
  assert.equal(texts.summary, "Short board. Point 24, 2 white checkers. Bar: 1 black checker. White to move. Dice: 6");
  assert.deepEqual(texts.status, { top: '', bottom: 'White to move' });
});

test('the captions are those the model names, at the places of its game, whatever it is called', () => {
  const geometry = /** @type {any} */ ({
    captions: { any: [{ what: 'home', owner: 'bottom' }, { what: 'head', owner: 'bottom' }, { what: 'home', owner: 'top' }, { what: 'head', owner: 'top' }] },
  });
  const places = (/** @type {string[]} */ captions) => captionPlaces(geometry, /** @type {any} */ ({ game: 'any', captions }))
    .map((place) => `${place.what} ${place.owner}`);
  assert.deepEqual(places(['home', 'head']), ['home bottom', 'head bottom', 'home top', 'head top']);
  assert.deepEqual(places(['home']), ['home bottom', 'home top']);
  assert.deepEqual(places([]), []);
});

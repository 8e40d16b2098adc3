// The free board's address (site/static/js/position-address.js): what «Ссылка», the editor and «Встроить» share.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { positionQuery } from '../../site/static/js/position-address.js';

test('the address carries the game it is given, as it is: the page never reads it off the notation', () => {
  const query = new URLSearchParams(positionQuery('any:w/24:15/24:15', '6-5', 'any_game', { cube: true }));
  assert.deepEqual([...query.keys()], ['pos', 'dice', 'game', 'rules']);
  assert.equal(query.get('pos'), 'any:w/24:15/24:15');
  assert.equal(query.get('game'), 'any_game');
  assert.equal(query.get('rules'), '{"cube":true}');
});

test('no dice and the usual rules leave their parts out', () => {
  assert.equal(positionQuery('w/24:15/24:15', '', 'g', {}), 'pos=w%2F24%3A15%2F24%3A15&game=g');
});

// i18n.js: placeholders, plural tables and the fallbacks a page relies on never to break over a string.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { makeTranslator } from '../../site/static/js/i18n.js';

const ru = makeTranslator({ n: { one: '{n} шашка', few: '{n} шашки', many: '{n} шашек', other: '{n} шашки' }, x: 'a {b} c' }, 'ru');

test('Russian plurals choose one, few and many by CLDR', () => {
  assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 111].map((n) => ru('n', { n })),
    ['1 шашка', '2 шашки', '5 шашек', '11 шашек', '21 шашка', '22 шашки', '25 шашек', '111 шашек']);
});

test('a missing key is the key, a missing parameter stays as it is', () => {
  assert.equal(ru('no.such.key'), 'no.such.key');
  assert.equal(ru('x', {}), 'a {b} c');
  assert.equal(ru('x', { b: 'B' }), 'a B c');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { decodeShared, encodeShared } from '../../site/static/js/lab/lab-store.js';

test('a shared link carries any code, Cyrillic and newlines included', () => {
  const code = 'print("Шашка на пункте 13")\nfor i in range(3):\n    print(i)  # ✓\n';
  const hash = encodeShared(code);
  assert.match(hash, /^#code=[A-Za-z0-9_-]+$/);
  assert.equal(decodeShared(hash), code);
});

test('a broken or foreign fragment gives no code', () => {
  assert.equal(decodeShared(''), null);
  assert.equal(decodeShared('#pos=w/24:15'), null);
  assert.equal(decodeShared('#code=%%%'), null);
  assert.equal(decodeShared('#code=_w'), null); // 0xFF: not UTF-8
});

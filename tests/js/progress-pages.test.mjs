// Every hostile store of tests/js/corrupt-stores.json read the way each kind of page reads it (the full product;
// the browser tests, tests/e2e/test_storage.py, meet each class of store on each kind of page): nothing throws,
// the original is kept under the backup key, the store is rewritten at the current version, and the notice
// says why, once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import * as progress from '../../site/static/js/progress.js';
import * as review from '../../site/static/js/review.js';

const { KEY, BACKUP_KEY, VERSION } = progress;
/** @type {Record<string, Record<string, string>>} stores by class, as the browser tests read them too */
const CLASSES = JSON.parse(readFileSync(new URL('./corrupt-stores.json', import.meta.url), 'utf-8'));
const NOW = 1_700_000_000_000;

/** What each kind of page asks of the progress store before it shows anything (site/static/js/*.js). */
const READS = {
  'course map': () => { progress.load(); progress.lessonStats('board'); progress.totals(); progress.puzzle('board-head'); },
  lesson: () => { progress.puzzle('board-head'); progress.puzzle('board-numbers'); progress.lessonStats('board'); },
  puzzle: () => { progress.puzzle('board-head'); review.queue(progress.load().puzzles, NOW); },
  'puzzle index': () => { for (const id of ['board-head', 'board-numbers', '__proto__', 'constructor']) progress.puzzle(id); },
  review: () => {
    const { puzzles } = progress.load();
    review.queue(puzzles, NOW);
    for (const entry of Object.values(puzzles)) review.struggled(entry);
  },
  embed: () => { progress.puzzle('board-head'); },
  rules: () => {},
  'free board': () => {},
};

/** A localStorage stand-in: a Map. */
function storageWith(raw) {
  const items = new Map([[KEY, raw]]);
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => { items.set(key, String(value)); },
    removeItem: (key) => { items.delete(key); },
  };
}

test('the newer-schema store is one version ahead of progress.js (bump it with VERSION)', () => {
  assert.equal(JSON.parse(CLASSES['newer schema']['newer schema']).version, VERSION + 1);
});

for (const [kind, read] of Object.entries(READS)) {
  for (const [name, stores] of Object.entries(CLASSES)) {
    for (const [corruption, raw] of Object.entries(stores)) {
      test(`${kind} page, ${name} (${corruption}): read without a throw, kept aside, told once`, () => {
        const store = storageWith(raw);
        progress.useStorage(store);
        assert.doesNotThrow(read);
        const notice = progress.takeNotice(); // every page asks (progress-tools.js), whatever it read before
        assert.deepEqual(notice, { reason: name === 'newer schema' ? 'newer' : 'corrupt', key: BACKUP_KEY });
        assert.equal(store.items.get(BACKUP_KEY), raw);
        assert.equal(JSON.parse(store.items.get(KEY)).version, VERSION);
        assert.equal(({}).polluted, undefined, 'Object.prototype untouched');
        progress.useStorage(store); // the next page of the visit
        read();
        assert.equal(progress.takeNotice(), null, 'told once');
        assert.equal(store.items.get(BACKUP_KEY), raw);
      });
    }
  }
}

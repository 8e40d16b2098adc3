import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Widget, widgetAt } from '../../site/static/js/widget.js';

/** A widget that counts the clicks on its root and on a part of it, and ticks on a timer. */
class Counter extends Widget {
  /** @param {EventTarget} root @param {EventTarget} part */
  constructor(root, part) {
    super(/** @type {HTMLElement} */ (/** @type {unknown} */ (root)));
    this.part = part;
    this.clicks = 0;
    this.attached = 0;
    this.cleanups = 0;
    this.ticks = 0;
  }

  attach() {
    this.attached += 1;
    this.on(this.root, 'click', () => { this.clicks += 1; });
    this.on(this.part, 'click', () => { this.clicks += 1; });
    this.on(null, 'click', () => { throw new Error('a missing part is skipped'); });
    this.onUnmount(() => { this.cleanups += 1; });
    this.later(() => { this.ticks += 1; }, 5);
  }

  reset() {
    this.clicks = 0;
  }
}

const click = (/** @type {EventTarget} */ target) => target.dispatchEvent(new Event('click'));
const wait = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('a mounted widget listens; after unmount no listener, timer or cleanup is left', async () => {
  const root = new EventTarget();
  const part = new EventTarget();
  const widget = new Counter(root, part);
  click(root);
  assert.equal(widget.clicks, 0, 'made is not mounted: nothing listens yet');
  assert.equal(widget.mount(), widget);
  assert.equal(widget.mounted, true);
  click(root);
  click(part);
  assert.equal(widget.clicks, 2);
  widget.unmount();
  assert.equal(widget.mounted, false);
  assert.equal(widget.cleanups, 1);
  click(root);
  click(part);
  assert.equal(widget.clicks, 2, 'unmount removed every listener');
  await wait(20);
  assert.equal(widget.ticks, 0, 'unmount cancelled the timer');
});

test('a timer of a mounted widget runs', async () => {
  const widget = new Counter(new EventTarget(), new EventTarget()).mount();
  await wait(20);
  assert.equal(widget.ticks, 1);
  widget.unmount();
});

test('mount and unmount happen once each, and nothing is bound after unmount', () => {
  const root = new EventTarget();
  const widget = new Counter(root, new EventTarget());
  widget.unmount(); // before mount: nothing to do
  assert.equal(widget.cleanups, 0);
  widget.mount();
  widget.mount();
  assert.equal(widget.attached, 1);
  widget.unmount();
  widget.unmount();
  assert.equal(widget.cleanups, 1);
  widget.mount(); // a widget is mounted once: its root gets a new one
  assert.equal(widget.attached, 1);
  widget.on(root, 'click', () => { widget.clicks += 10; });
  click(root);
  assert.equal(widget.clicks, 0);
  let late = 0;
  widget.onUnmount(() => { late += 1; });
  assert.equal(late, 1, 'a cleanup asked for after unmount runs at once');
});

test('widgetAt finds the widget mounted on a root, with its actions, until it is unmounted', () => {
  const root = new EventTarget();
  const widget = new Counter(root, new EventTarget());
  assert.equal(widgetAt(root), null);
  widget.mount();
  assert.equal(widgetAt(root), widget);
  click(root);
  widgetAt(root)?.reset?.();
  assert.equal(widget.clicks, 0);
  assert.equal(widgetAt(root)?.hint, undefined, 'an action the widget lacks is absent');
  widget.unmount();
  assert.equal(widgetAt(root), null);
});

test('a widget mounted on a root over another keeps the root when the first one goes', () => {
  const root = new EventTarget();
  const outer = new Counter(root, new EventTarget()).mount();
  const inner = new Counter(root, new EventTarget()).mount();
  assert.equal(widgetAt(root), inner);
  outer.unmount();
  assert.equal(widgetAt(root), inner);
  inner.unmount();
  assert.equal(widgetAt(root), null);
});

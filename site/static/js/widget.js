// What every page widget shares (a puzzle, a board, the free board, a replay, the lab, the board editor): a
// lifecycle, and the view buttons of its board.
//
//   const widget = new PuzzleWidget(root).mount();   attach() binds with this.on(...): one AbortController's signal
//   widgetAt(root)?.reveal?.()                      the presenter asks a slide's widget, never clicks its buttons
//   widget.unmount();                               aborts: every listener, timer and unbinder goes at once
//
// A widget that has the actions a teacher's presenter steps through defines them (WidgetActions); one that has
// not, lacks them, and the presenter's button for it is off.

import { t } from './i18n.js';
import { OTHER } from './board/text.js';

/** @typedef {import('./board/view.js').BoardView} BoardView */

/**
 * What the presenter may ask of a slide's widget, each only where the widget has that action.
 * @typedef {object} WidgetActions
 * @property {() => boolean} [hint]    the next hint; false when none is left to give
 * @property {() => unknown} [reveal]  the answer (a puzzle's solution)
 * @property {() => unknown} [reset]   back to the start (a puzzle's or board's «Заново», a replay's first move, a new game)
 */

/** The mounted widget of each root element. @type {WeakMap<object, Widget>} */
const mountedAt = new WeakMap();

/** The widget mounted on ``root``, with whatever actions it has; null where none is mounted (yet).
 * @param {object} root @returns {(Widget & WidgetActions) | null} */
export function widgetAt(root) {
  return /** @type {(Widget & WidgetActions) | undefined} */ (mountedAt.get(root)) || null;
}

export class Widget {
  /** @param {HTMLElement} root the element the widget lives in (a plain EventTarget in node's tests) */
  constructor(root) {
    this.root = root;
    /** @type {AbortController | null} from mount() on; aborted at unmount() */
    this.lifetime = null;
  }

  /** Attaches the widget: its listeners, its parts, its first question to Python. A widget is mounted once (a
   * second call does nothing); after unmount() its root gets a new one. @returns {this} */
  mount() {
    if (this.lifetime) return this;
    this.lifetime = new AbortController();
    mountedAt.set(this.root, this);
    this.attach();
    return this;
  }

  /** Takes every listener, timer and part that attach() set up away (idempotent). */
  unmount() {
    if (!this.mounted) return;
    if (mountedAt.get(this.root) === this) mountedAt.delete(this.root);
    /** @type {AbortController} */ (this.lifetime).abort();
  }

  /** What mount() does for this kind of widget (each subclass's own). */
  attach() {}

  /** Between mount() and unmount(): an answer that comes after unmount() finds it false and is dropped. */
  get mounted() {
    return this.lifetime !== null && !this.lifetime.signal.aborted;
  }

  /** Listens until unmount(); a missing element (a part this page lacks) is skipped, and so is anything asked
   * once the widget is unmounted. @param {EventTarget | null | undefined} target @param {string} type
   * @param {(event: any) => void} handler */
  on(target, type, handler) {
    if (target && this.lifetime) target.addEventListener(type, handler, { signal: this.lifetime.signal });
  }

  /** Runs ``cleanup`` at unmount() (an unbinder, a part to take away, a view's destroy); at once if the widget
   * is not mounted. @param {() => void} cleanup */
  onUnmount(cleanup) {
    if (!this.mounted) cleanup();
    else /** @type {AbortController} */ (this.lifetime).signal.addEventListener('abort', () => cleanup(), { once: true });
  }

  /** setTimeout that unmount() cancels. @param {() => void} task @param {number} ms */
  later(task, ms) {
    const id = setTimeout(task, ms);
    this.onUnmount(() => clearTimeout(id));
  }
}

/**
 * Wire the widget's [data-action=flip] and [data-action=perspective] buttons (they change how the position is
 * drawn, never the position), and draw the board the way round the learner chose; returns an unbinder.
 * @param {ParentNode} root
 * @param {BoardView} view
 */
export function bindViewControls(root, view) {
  const flip = root.querySelector('[data-action="flip"]');
  const seat = root.querySelector('[data-action="perspective"]');
  const label = () => {
    if (seat) seat.textContent = t(`board.control.view_${OTHER[view.perspective]}`);
  };
  // the orientation is the learner's, for every board of the site (settings page): a flip here is remembered.
  // preferences.js is fetched after the page is set up, not on the way to a lesson's first tap
  const prefs = import('./preferences.js');
  let bound = true;
  const follow = () => prefs.then(({ preferences }) => {
    const { flipped } = preferences();
    if (bound && flipped !== view.flipped) view.setFlipped(flipped);
  });
  const onFlip = () => prefs.then(({ setPreference }) => setPreference('flipped', !view.flipped));
  const onSeat = () => {
    view.setPerspective(OTHER[view.perspective]);
    label();
  };
  if (flip) flip.addEventListener('click', onFlip);
  if (seat) seat.addEventListener('click', onSeat);
  window.addEventListener('nardy-preferences', follow);
  follow();
  label();
  return () => {
    if (flip) flip.removeEventListener('click', onFlip);
    if (seat) seat.removeEventListener('click', onSeat);
    window.removeEventListener('nardy-preferences', follow);
    bound = false;
  };
}

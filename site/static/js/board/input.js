// Input: clicks, taps, drags and keys on the board become events; nothing here decides what they mean.
//
// Events (CustomEvent on the svg, bubbling; detail in braces):
//   point-activate {point}     click/tap on a point, or Enter/Space on the focused point (absolute 1..24)
//   bar-activate {side}        click/Enter on a side's bar (short nardy)
//   off-activate {side}        click/Enter on a borne-off tray
//   drag-move {from, to, fromSide, toSide}  a checker dragged from a point (or "bar") to a point or to a tray
//                              ("off"); the sides are those of a bar or tray at either end, else null.
//                              With ``editing`` set (the board editor), any checker drags, even under a
//                              finger, a tray's checkers drag too ("off") and the bar takes drops ("bar")
//   die-select {index, value}  click/Enter on a die, or number key 1–6 (first unused die of that value)
//   cube-activate {}           click/Enter on the doubling cube
//   selection-clear {}         Escape
// Keyboard: Tab enters at the roving point; arrows follow the drawn layout (Up/Down switch rows),
// Home/End jump to the ends of the row.

import { DRAG_THRESHOLD_PX } from './constants.js';

/** @typedef {import('./render.js').Elements} Elements */
/** @typedef {import('./types.js').BoardModel} BoardModel */

const TARGETS = '.nb-point, .nb-tray, .nb-die, .nb-bar-slot, .nb-cube';

export class BoardInput {
  /**
   * @param {SVGSVGElement} svg
   * @param {Elements} els
   * @param {() => BoardModel} model  the model currently drawn
   */
  constructor(svg, els, model) {
    this.svg = svg;
    this.els = els;
    this.model = model;
    /** @type {{id: number, x: number, y: number, from: SVGGElement} | null} */
    this.press = null;
    /** @type {{source: SVGElement, ghost: SVGElement} | null} */
    this.drag = null;
    this.suppressClick = false;
    /** the board editor's: every checker may be dragged, from the trays too, and dropped on the bar */
    this.editing = false;
    /** @type {[EventTarget, string, EventListener][]} */
    this.listeners = [];
    this.on(svg, 'click', (e) => this.onClick(/** @type {MouseEvent} */ (e)));
    this.on(svg, 'keydown', (e) => this.onKeyDown(/** @type {KeyboardEvent} */ (e)));
    // Focus listeners go on the points: Chromium makes any SVG element with one focusable (a Tab stop).
    for (const g of els.points) this.on(g, 'focus', () => this.moveFocus(g, false));
    this.on(svg, 'pointerdown', (e) => this.onPointerDown(/** @type {PointerEvent} */ (e)));
    this.on(svg, 'pointermove', (e) => this.onPointerMove(/** @type {PointerEvent} */ (e)));
    this.on(svg, 'pointerup', (e) => this.onPointerUp(/** @type {PointerEvent} */ (e)));
    this.on(svg, 'pointercancel', () => this.cancelDrag());
    // The board lets the page scroll under a finger (touch-action: pan-y, board.css); a touch that picked up a
    // checker the learner may move drags it instead: its moves are kept from scrolling.
    this.on(svg, 'touchmove', (e) => {
      if (this.press) e.preventDefault();
    }, { passive: false });
  }

  /** @param {EventTarget} target @param {string} type @param {EventListener} handler @param {AddEventListenerOptions} [options] */
  on(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push([target, type, handler]);
  }

  destroy() {
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
    this.listeners = [];
    this.cancelDrag();
  }

  /** @param {string} type @param {object} [detail] */
  emit(type, detail = {}) {
    this.svg.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  /** @param {Element} el */
  activate(el) {
    const g = /** @type {SVGGElement} */ (el);
    if (g.classList.contains('nb-point')) this.emit('point-activate', { point: Number(g.dataset.point) });
    else if (g.classList.contains('nb-tray')) this.emit('off-activate', { side: g.dataset.side });
    else if (g.classList.contains('nb-bar-slot')) this.emit('bar-activate', { side: g.dataset.side });
    else if (g.classList.contains('nb-cube')) this.emit('cube-activate');
    else if (g.classList.contains('nb-die')) this.emit('die-select', { index: Number(g.dataset.index), value: Number(g.dataset.value) });
  }

  /** @param {EventTarget | null} target @returns {Element | null} */
  static targetOf(target) {
    return target instanceof Element ? target.closest(TARGETS) : null;
  }

  /** @param {MouseEvent} event */
  onClick(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const el = BoardInput.targetOf(event.target);
    if (!el || el.getAttribute('display') === 'none') return;
    if (el.classList.contains('nb-point')) this.moveFocus(/** @type {SVGGElement} */ (el), true);
    this.activate(el);
  }

  /** @param {SVGGElement} g @param {boolean} focus */
  moveFocus(g, focus) {
    for (const other of this.els.points) other.setAttribute('tabindex', other === g ? '0' : '-1');
    if (focus) g.focus({ preventScroll: true });
  }

  /** @param {KeyboardEvent} event */
  onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const el = BoardInput.targetOf(event.target);
    if (/^[1-6]$/.test(event.key)) {
      const value = Number(event.key);
      const dice = this.model().dice;
      let index = dice.findIndex((d) => d.value === value && !d.used);
      if (index < 0) index = dice.findIndex((d) => d.value === value);
      if (index >= 0) this.emit('die-select', { index, value });
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape') {
      this.emit('selection-clear');
      return;
    }
    if (!el) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.activate(el);
      return;
    }
    if (!el.classList.contains('nb-point')) return;
    const g = /** @type {SVGGElement} */ (el);
    const slot = Number(g.dataset.slot);
    const row = slot < 12 ? 0 : 12;
    const col = slot % 12;
    /** @type {Record<string, number>} */
    const moves = {
      ArrowLeft: row + Math.max(0, col - 1), ArrowRight: row + Math.min(11, col + 1), ArrowUp: col, ArrowDown: 12 + col,
      Home: row, End: row + 11,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.moveFocus(this.els.points[moves[event.key]], true);
  }

  /** @param {PointerEvent} event */
  onPointerDown(event) {
    this.suppressClick = false;
    if (!event.isPrimary || event.button !== 0) return;
    const from = this.editing ? '.nb-point, .nb-bar-slot, .nb-tray' : '.nb-point, .nb-bar-slot';
    const g = /** @type {SVGGElement | null} */ (event.target instanceof Element ? event.target.closest(from) : null);
    if (!g || !g.querySelector(':scope > .nb-stack > use')) return;
    if (event.pointerType === 'touch' && !g.classList.contains('is-selectable') && !this.editing) return; // a swipe: the page scrolls
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, from: g };
  }

  /** @param {PointerEvent} event */
  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    if (!this.drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return;
      const checkers = press.from.querySelectorAll(':scope > .nb-stack > use');
      const source = /** @type {SVGElement | undefined} */ (checkers[checkers.length - 1]);
      if (!source) return;
      const ghost = /** @type {SVGElement} */ (source.cloneNode(true));
      ghost.classList.add('nb-ghost');
      this.els.fly.append(ghost);
      source.style.visibility = 'hidden';
      this.svg.setPointerCapture(event.pointerId);
      this.drag = { source, ghost };
    }
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    this.drag.ghost.setAttribute('x', String(point.x));
    this.drag.ghost.setAttribute('y', String(point.y));
  }

  /** @param {PointerEvent} event */
  onPointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const drag = this.drag;
    this.cancelDrag();
    if (!drag) return;
    this.suppressClick = true;
    const targets = this.editing ? '.nb-point, .nb-tray, .nb-bar-slot' : '.nb-point, .nb-tray';
    const drop = /** @type {SVGGElement | null | undefined} */ (document.elementFromPoint(event.clientX, event.clientY)?.closest(targets));
    if (!drop || !this.svg.contains(drop) || drop === press.from) return;
    /** @param {SVGGElement} g */
    const place = (g) => (g.classList.contains('nb-bar-slot') ? 'bar' : g.classList.contains('nb-tray') ? 'off' : Number(g.dataset.point));
    const sideOf = /** @param {SVGGElement} g */ (g) => (g.classList.contains('nb-point') ? null : g.dataset.side || null);
    this.emit('drag-move', { from: place(press.from), to: place(drop), fromSide: sideOf(press.from), toSide: sideOf(drop) });
  }

  cancelDrag() {
    if (this.drag) {
      this.drag.ghost.remove();
      this.drag.source.style.visibility = '';
      if (this.press && this.svg.hasPointerCapture(this.press.id)) this.svg.releasePointerCapture(this.press.id);
    }
    this.drag = null;
    this.press = null;
  }
}

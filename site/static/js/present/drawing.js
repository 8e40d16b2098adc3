// The teacher's marks on a board in presenter mode: ringed points and arrows, drawn over the position in
// a layer of their own (never part of the game: the board's marks belong to the puzzle). The presenter's
// window draws them from the mouse or the keyboard; the audience window shows the same from messages.

import { SVG_NS } from '../board/constants.js';
import { t } from '../i18n.js';

/** @typedef {import('../board/view.js').BoardView} BoardView */
/** @typedef {import('./messages.js').Drawing} DrawingData */

const ARROW_HEAD = 34;

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

export class Drawing {
  /** @param {BoardView} view @param {string} [kind] a look of its own (the layer's modifier class), e.g. 'last'
   * for the computer's last move */
  constructor(view, kind = '') {
    this.view = view;
    /** @type {Set<number>} */
    this.rings = new Set();
    /** @type {[number, number][]} */
    this.arrows = [];
    /** @type {number | null} the keyboard's point */
    this.cursor = null;
    /** @type {number | null} where a keyboard arrow starts */
    this.from = null;
    this.layer = /** @type {SVGGElement} */ (svgEl('g', { class: kind ? `nb-drawing nb-drawing--${kind}` : 'nb-drawing', 'aria-hidden': 'true' }));
    view.svg.append(this.layer);
  }

  /** @returns {DrawingData} */
  get() {
    return { rings: [...this.rings], arrows: this.arrows.map(([a, b]) => [a, b]) };
  }

  /** @param {DrawingData} data */
  set(data) {
    this.rings = new Set(data.rings);
    this.arrows = data.arrows.map(([a, b]) => [a, b]);
    this.render();
  }

  /** A play's steps: an arrow for each, a ring where a step enters from the bar or bears off.
   * @param {import('../rules-client.js').PlayedStep[]} steps */
  showSteps(steps) {
    /** @type {[number, number][]} */
    const arrows = [];
    /** @type {number[]} */
    const rings = [];
    for (const step of steps) {
      if (typeof step.from === 'number' && typeof step.to === 'number') arrows.push([step.from, step.to]);
      else if (typeof step.from === 'number') rings.push(step.from);
      else if (typeof step.to === 'number') rings.push(step.to);
    }
    this.set({ rings, arrows });
  }

  clear() {
    this.rings.clear();
    this.arrows = [];
    this.from = null;
    this.render();
  }

  /** @param {number} point */
  toggleRing(point) {
    if (this.rings.has(point)) this.rings.delete(point);
    else this.rings.add(point);
    this.render();
  }

  /** The same arrow drawn twice is taken away. @param {number} from @param {number} to */
  toggleArrow(from, to) {
    if (from === to) return this.toggleRing(from);
    const index = this.arrows.findIndex(([a, b]) => a === from && b === to);
    if (index >= 0) this.arrows.splice(index, 1);
    else this.arrows.push([from, to]);
    this.render();
  }

  /** The slot (geometry index) showing a point, or -1. @param {number} point */
  slotOf(point) {
    return this.view.els.points.findIndex((g) => g.dataset.point === String(point));
  }

  /** The point whose column holds a spot of the board (board coordinates), or the nearest one within a
   * point's width of it (a drag that ends on the bar or the frame), or null. @param {number} x @param {number} y */
  pointAt(x, y) {
    const { slots, point_width: width, row_height: height } = this.view.geometry;
    const distance = (/** @type {typeof slots[number]} */ s) => Math.hypot(
      Math.max(s.left - x, 0, x - s.left - width), Math.max(s.top - y, 0, y - s.top - height));
    let slot = -1;
    slots.forEach((s, index) => {
      if (distance(s) <= width && (slot < 0 || distance(s) < distance(slots[slot]))) slot = index;
    });
    const point = slot >= 0 ? Number(this.view.els.points[slot].dataset.point) : NaN;
    return Number.isInteger(point) && point >= 1 && point <= 24 ? point : null;
  }

  /** Where an arrow meets a point: a little way into its column. @param {number} point */
  anchor(point) {
    const slot = this.view.geometry.slots[this.slotOf(point)];
    return { x: slot.x, y: slot.y + slot.dir * this.view.geometry.pitch * 1.5 };
  }

  /** Moves the keyboard's point along its row (dx) or across to the other row (dy). @param {number} dx @param {number} dy */
  moveCursor(dx, dy) {
    const { slots } = this.view.geometry;
    let slot = this.cursor === null ? -1 : this.slotOf(this.cursor);
    if (slot < 0) slot = Math.max(0, this.view.els.points.findIndex((g) => g.dataset.point === '24'));
    else {
      const here = slots[slot];
      const row = dy ? (here.row === 'top' ? 'bottom' : 'top') : here.row;
      const col = Math.min(11, Math.max(0, here.col + dx));
      const found = slots.findIndex((s) => s.row === row && s.col === col);
      if (found >= 0) slot = found;
    }
    this.cursor = Number(this.view.els.points[slot].dataset.point);
    this.render();
    return this.cursor;
  }

  /** What the marks say, for a screen reader (the drawn layer itself is hidden from it). */
  describe() {
    const marks = [
      ...[...this.rings].map((point) => t('present.ring_text', { point })),
      ...this.arrows.map(([from, to]) => t('present.arrow_text', { from, to })),
    ];
    return marks.length ? t('present.drawing_text', { marks: marks.join('; ') }) : '';
  }

  render() {
    const { geometry } = this.view;
    this.layer.replaceChildren();
    for (const point of this.rings) {
      const slot = geometry.slots[this.slotOf(point)];
      if (!slot) continue;
      this.layer.append(svgEl('rect', {
        class: 'nb-drawing__ring', x: slot.left + 3, y: slot.top + 3, width: geometry.point_width - 6, height: geometry.row_height - 6, rx: 12,
      }));
    }
    for (const [from, to] of this.arrows) {
      if (this.slotOf(from) < 0 || this.slotOf(to) < 0) continue;
      const a = this.anchor(from);
      const b = this.anchor(to);
      const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length];
      const base = { x: b.x - ux * ARROW_HEAD, y: b.y - uy * ARROW_HEAD };
      const side = ARROW_HEAD * 0.6;
      this.layer.append(
        svgEl('line', { class: 'nb-drawing__arrow', x1: a.x, y1: a.y, x2: base.x, y2: base.y }),
        svgEl('polygon', {
          class: 'nb-drawing__head',
          points: `${b.x},${b.y} ${base.x - uy * side},${base.y + ux * side} ${base.x + uy * side},${base.y - ux * side}`,
        }),
      );
    }
    const marked = this.cursor === null ? null : geometry.slots[this.slotOf(this.cursor)];
    if (marked) {
      this.layer.append(svgEl('rect', {
        class: `nb-drawing__cursor${this.from !== null ? ' is-arrow' : ''}`, x: marked.left, y: marked.top, width: geometry.point_width, height: geometry.row_height, rx: 8,
      }));
    }
  }

  destroy() {
    this.layer.remove();
  }
}

/**
 * Mouse, pen and touch drawing on a board while ``active()`` says so: a press and release on one point
 * rings it, a drag from point to point draws an arrow. The board's own input (moving checkers) does not
 * see those presses. Returns the function that unbinds it.
 * @param {Drawing} drawing @param {() => boolean} active @param {() => void} changed
 */
export function bindDrawingInput(drawing, active, changed) {
  const { svg } = drawing.view;
  const frame = svg.parentElement || svg;
  /** @type {number | null} */
  let start = null;
  /** @param {Event} event */
  const pointAt = (event) => {
    if (!(event instanceof PointerEvent)) return null;
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const spot = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return drawing.pointAt(spot.x, spot.y);
  };
  /** @param {Event} event */
  const down = (event) => {
    if (!active()) return;
    event.stopPropagation(); // in the capture phase: the board's checkers stay where they are
    event.preventDefault();
    start = pointAt(event);
  };
  /** @param {Event} event */
  const up = (event) => {
    if (!active()) return;
    event.stopPropagation();
    const end = pointAt(event);
    if (start !== null && end !== null) {
      drawing.toggleArrow(start, end);
      changed();
    }
    start = null;
  };
  /** @param {Event} event */
  const swallow = (event) => {
    if (active()) event.stopPropagation();
  };
  frame.addEventListener('pointerdown', down, true);
  frame.addEventListener('pointerup', up, true);
  frame.addEventListener('click', swallow, true);
  frame.addEventListener('pointermove', swallow, true);
  return () => {
    frame.removeEventListener('pointerdown', down, true);
    frame.removeEventListener('pointerup', up, true);
    frame.removeEventListener('click', swallow, true);
    frame.removeEventListener('pointermove', swallow, true);
  };
}

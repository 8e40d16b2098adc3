// BoardView: draws a position into a board's SVG and forwards input (see input.js for the events).
// It never decides legality: a controller asks nardy_core and tells the view what to show.
//
//   const view = new BoardView(svg)       reads data-model, data-perspective, data-flipped, data-interactive
//   view.setModel(model, {animate})        model: nardy_core.board.board_model's JSON; a one-checker change
//                                          flies (and a hit blot flies to the bar) unless reduced motion
//   view.setSelectable([point…])           points (absolute, or "bar") the player may pick up from
//   view.select(point | null)              the chosen origin
//   view.markDestinations([{point, dice}]) where the chosen checker may go (point absolute or "off")
//   view.highlight([point…], kind)         "error" | "block" | "hint" | "target" (hatch + dash + badge + words)
//   view.clearHighlights(kind?)            one kind, or all of them
//   view.clearMarks()                      selection, destinations and highlights
//   view.setPerspective(side) / view.setFlipped(bool)   who sits at the bottom / mirrored left-right
//   view.focusPoint(point), view.pointEl(point), view.destroy()
//   view.snapshot() / view.restore(snapshot)  what the board shows, as data (presenter → audience window)
//   viewOf(svg)                            the view drawing a board, if one does

import { MARK_KINDS } from './constants.js';
import { readGeometry } from './geometry.js';
import { ensureSprite } from './sprite.js';
import { fullModel, singleStep } from './state.js';
import { BoardInput } from './input.js';
import { addFocusRings, buildElements, drawMarks, drawPosition, relabel } from './render.js';
import { t } from '../i18n.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').PointId} PointId */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').ViewState} ViewState */
/** @typedef {import('./constants.js').MarkKind} MarkKind */
/** @typedef {import('./render.js').Marks} Marks */

/** Steps' flights (animation.js): asked for once the board code runs, so they are not among the modules a
 * first tap waits for; a step taken before they have come lands at once, as with reduced motion.
 * @type {typeof import('./animation.js') | null} */
let flights = null;
/** Settles once the flights are in (or could not come: offline before they did, and steps land at once). */
export const flightsLoaded = import('./animation.js').then((module) => { flights = module; }, () => {});

/** @type {WeakMap<SVGSVGElement, BoardView>} */
const views = new WeakMap();

/** The view drawing ``svg``, if any (presenter mode reads and mirrors boards it did not make). @param {SVGSVGElement} svg */
export function viewOf(svg) {
  return views.get(svg) || null;
}

/**
 * @typedef {object} BoardSnapshot  what a board shows: the position, how it is looked at and its marks
 * @property {BoardModel} model
 * @property {Side} perspective
 * @property {boolean} flipped
 * @property {string | null} selected
 * @property {string[]} selectable
 * @property {[string, number[]][]} destinations
 * @property {[string, MarkKind[]][]} highlights
 */

export class BoardView {
  /** @param {SVGSVGElement} svg */
  constructor(svg) {
    this.svg = svg;
    ensureSprite(svg.ownerDocument);
    this.geometry = readGeometry();
    /** @type {BoardModel} */
    this.model = fullModel(JSON.parse(svg.dataset.model || '{}'));
    svg.dataset.model = JSON.stringify(this.model); // the board's model in full from here on
    /** @type {ViewState} */
    this.view = {
      perspective: svg.dataset.perspective === 'black' ? 'black' : 'white',
      flipped: svg.dataset.flipped === 'true',
      interactive: svg.dataset.interactive === 'true',
    };
    this.els = buildElements(svg, this.geometry, this.view.interactive, this.model);
    /** @type {Marks} */
    this.marks = { selectable: new Set(), selected: null, destinations: new Map(), highlights: new Map() };
    this.input = this.view.interactive ? new BoardInput(svg, this.els, () => this.model) : null;
    if (this.view.interactive) addFocusRings(this.els, this.geometry);
    this.redraw();
    views.set(svg, this);
  }

  get perspective() {
    return this.view.perspective;
  }

  get flipped() {
    return this.view.flipped;
  }

  /** A point id as the marks key it: numbers as text, "bar" as the side to move's bar. @param {PointId} point */
  key(point) {
    return point === 'bar' ? `bar-${this.model.to_move || this.view.perspective}` : String(point);
  }

  redraw() {
    relabel(this.els, this.model, this.view, this.geometry);
    drawPosition(this.els, this.model, this.view, this.geometry, t);
    this.renderMarks();
  }

  renderMarks() {
    drawMarks(this.els, this.marks, this.model, this.view, this.geometry, t);
  }

  /** @param {BoardModel} model @param {{animate?: boolean}} [options] */
  setModel(model, { animate = true } = {}) {
    const previous = this.model;
    this.model = model;
    this.svg.dataset.model = JSON.stringify(model);
    flights?.stopAnimations(this.els);
    this.redraw();
    if (!animate) return;
    flights?.animateStep(this.els, previous, model, this.view, this.geometry);
    const step = previous ? singleStep(previous, model) : null;
    // heard, where the learner switched sounds on (sounds.js): a checker set down, or a blot hit
    if (step) this.svg.dispatchEvent(new CustomEvent('checker-moved', { bubbles: true, detail: { hit: step.hit !== null } }));
  }

  /** @param {Side} side */
  setPerspective(side) {
    this.view = { ...this.view, perspective: side };
    this.svg.dataset.perspective = side;
    flights?.stopAnimations(this.els);
    this.redraw();
  }

  /** @param {boolean} flipped */
  setFlipped(flipped) {
    this.view = { ...this.view, flipped: Boolean(flipped) };
    this.svg.dataset.flipped = String(this.view.flipped);
    flights?.stopAnimations(this.els);
    this.redraw();
  }

  /** @param {PointId[]} points */
  setSelectable(points) {
    this.marks.selectable = new Set((points || []).map((p) => this.key(p)));
    this.renderMarks();
  }

  /** @param {PointId | null} point */
  select(point) {
    this.marks.selected = point === null || point === undefined ? null : this.key(point);
    this.renderMarks();
  }

  /** @param {{point: PointId, dice: number[]}[]} destinations */
  markDestinations(destinations) {
    this.marks.destinations = new Map((destinations || []).map((d) => [this.key(d.point), [...(d.dice || [])]]));
    this.renderMarks();
  }

  /** @param {PointId[]} points @param {MarkKind} kind */
  highlight(points, kind) {
    if (!MARK_KINDS.includes(kind)) return;
    for (const point of points || []) {
      const key = this.key(point);
      if (!this.marks.highlights.has(key)) this.marks.highlights.set(key, new Set());
      this.marks.highlights.get(key)?.add(kind);
    }
    this.renderMarks();
  }

  /** @param {MarkKind} [kind] */
  clearHighlights(kind) {
    if (kind === undefined) this.marks.highlights.clear();
    else for (const kinds of this.marks.highlights.values()) kinds.delete(kind);
    this.renderMarks();
  }

  clearMarks() {
    this.marks.selected = null;
    this.marks.destinations.clear();
    this.marks.highlights.clear();
    this.renderMarks();
  }

  /** @param {PointId} point */
  pointEl(point) {
    return this.els.points.find((g) => g.dataset.point === String(point)) || null;
  }

  /** @param {PointId} point */
  focusPoint(point) {
    const g = this.pointEl(point);
    if (g && this.input) this.input.moveFocus(g, true);
  }

  /** @returns {BoardSnapshot} */
  snapshot() {
    const { marks } = this;
    return {
      model: this.model,
      perspective: this.view.perspective,
      flipped: this.view.flipped,
      selected: marks.selected,
      selectable: [...marks.selectable],
      destinations: [...marks.destinations].map(([key, dice]) => [key, [...dice]]),
      highlights: [...marks.highlights].map(([key, kinds]) => [key, MARK_KINDS.filter((kind) => kinds.has(kind))]),
    };
  }

  /** Shows what another view's snapshot() took (checked by present/messages.js before it gets here).
   * @param {BoardSnapshot} shot */
  restore(shot) {
    if (shot.perspective !== this.view.perspective) this.setPerspective(shot.perspective);
    if (shot.flipped !== this.view.flipped) this.setFlipped(shot.flipped);
    if (JSON.stringify(shot.model) !== JSON.stringify(this.model)) this.setModel(fullModel(shot.model));
    this.marks = {
      selected: shot.selected,
      selectable: new Set(shot.selectable),
      destinations: new Map(shot.destinations),
      highlights: new Map(shot.highlights.map(([key, kinds]) => [key, new Set(kinds.filter((kind) => MARK_KINDS.includes(kind)))])),
    };
    this.renderMarks();
  }

  destroy() {
    views.delete(this.svg);
    if (this.input) this.input.destroy();
    flights?.stopAnimations(this.els);
  }
}

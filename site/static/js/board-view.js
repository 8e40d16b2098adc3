// BoardView: draws a position into the board SVG rendered by builder/board_svg.py and forwards input.
// It never decides legality: the page's controller asks nardy_core and tells the view what to show.
//
//   const view = new BoardView(svgElement)     // reads the markup (model in data-model, geometry in data-*)
//   view.setModel(model, {animate = true})     // model: see docs/architecture.md "Board model"; animates a
//                                              // one-checker change unless prefers-reduced-motion: reduce
//   view.setSelectable([absPoint…])            // points the player may pick up from (cursor + dotted number)
//   view.select(absPoint | null)               // the chosen origin (outline + ringed top checker)
//   view.markDestinations([{point: abs | "off", dice: [5] | [6, 5]}])   // dashed ring with the dice used
//   view.highlight([absPoint…], kind)          // kind: "error" | "block" | "hint" | "target" (hatch + outline
//                                              // dash + badge glyph + words in the accessible name)
//   view.clearMarks()                          // selection, destinations and highlights (not selectable)
//   view.setFlipped(bool)                      // mirror left-right (home on the left)
//   view.focusPoint(absPoint)                  // move the roving focus there
//   view.pointEl(absPoint)                     // the point's <g> (data-label = the number shown), or null
//   view.model, view.flipped, view.svg         // current state (read only); model.dice = [{value, used}]
//   view.destroy()                             // remove listeners
//
// Events (CustomEvent on the svg, bubbling; detail in braces):
//   point-activate {point}     click/tap on a point, or Enter/Space on the focused point
//   drag-move {from, to}       a checker dragged from a point to a point or to a tray (to = "off")
//   die-select {index, value}  click/Enter on a die, or number key 1–6 (first unused die of that value)
//   off-activate {side}        click/Enter on a borne-off tray
//   selection-clear {}         Escape (the view also clears its selection mark)
// Keyboard: Tab enters at the roving point; arrows follow the drawn layout (Up/Down switch rows), Home/End
// jump to the ends of the row.

import { t } from './i18n.js';

const OTHER = { white: 'black', black: 'white' };
const MARK_KINDS = ['hint', 'target', 'block', 'error']; // drawing order: the most important ends on top
const DRAG_THRESHOLD_PX = 6;
const STEP_ANIMATION_MS = 240;

/** The number `side` calls absolute point W`point` (RULES R2.2; its own inverse). */
export function ownLabel(point, side) {
  const p = Number(point);
  if (side === 'white') return p;
  return p > 12 ? p - 12 : p + 12;
}

/** One {value, used} per die use; a double [d, d] becomes four uses (a 2-entry `used` covers pairs). */
export function diceUses(dice = [], used = []) {
  let values = [...dice];
  let flags = [...(used || [])];
  if (values.length === 2 && values[0] === values[1]) {
    values = [...values, ...values];
    if (flags.length === 2) flags = [flags[0], flags[0], flags[1], flags[1]];
  }
  return values.map((value, i) => ({ value: Number(value), used: Boolean(flags[i]) }));
}

function normalize(model) {
  const points = {};
  for (const [key, entry] of Object.entries(model.points || {})) {
    if (entry && entry.count > 0) points[String(Number(key))] = { side: entry.side, count: Number(entry.count) };
  }
  return {
    points,
    off: { white: Number(model.off?.white || 0), black: Number(model.off?.black || 0) },
    to_move: model.to_move || null,
    dice: diceUses(model.dice, model.dice_used),
    perspective: model.perspective === 'black' ? 'black' : 'white',
    pips: model.pips || null,
  };
}

function num(el, name) {
  return Number(el.dataset[name]);
}

/** Centre y of the i-th checker (or slab) of a stack whose geometry is in the element's data-*. */
function stackY(el, i) {
  return num(el, 'baseY') + num(el, 'dir') * i * num(el, 'pitch');
}

/** Set attributes; null removes one. `display: null` shows an element the builder may have hidden. */
function setAttrs(el, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, String(value));
  }
}

function pointName(label, occupant) {
  if (!occupant) return t('board.point.empty', { label });
  const checkers = t(`board.checkers.${occupant.side}`, { n: occupant.count });
  return t('board.point.occupied', { label, checkers });
}

function statusText(model) {
  const parts = model.to_move ? [t(`board.to_move.${model.to_move}`)] : [];
  if (model.dice.length === 4) {
    const left = model.dice.filter((d) => !d.used).length;
    parts.push(t('board.die.doubles_left', { value: model.dice[0].value, n: left }));
  }
  return parts.join(' · ');
}

export class BoardView {
  constructor(svg) {
    this.svg = svg;
    this.points = [...svg.querySelectorAll('.nb-point')];
    this.trays = [...svg.querySelectorAll('.nb-tray')];
    this.diceEls = [...svg.querySelectorAll('.nb-die')];
    this.diceGroup = svg.querySelector('.nb-dice');
    this.fly = svg.querySelector('.nb-fly');
    this.templates = {};
    for (const el of svg.querySelectorAll('defs [data-template]')) this.templates[el.dataset.template] = el;
    this.flipped = svg.dataset.flipped === 'true';
    this.model = normalize(JSON.parse(svg.dataset.model || '{}'));
    this.selectable = new Set();
    this.selected = null;
    this.destinations = new Map(); // "abs" | "off" → [dice]
    this.highlights = new Map(); // "abs" → Set(kind)
    this.press = null;
    this.drag = null;
    this.suppressClick = false;
    this.listeners = [];
    if (svg.dataset.interactive === 'true') this.listen();
    this.relabel();
  }

  // ---- public API ----

  setModel(model, { animate = true } = {}) {
    const previous = this.model;
    this.model = normalize(model);
    this.svg.dataset.model = JSON.stringify(model);
    this.stopAnimations();
    if (previous.perspective !== this.model.perspective) this.relabel();
    else this.render();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (animate && !reduce && previous.perspective === this.model.perspective) this.animateStep(previous);
  }

  setSelectable(points) {
    this.selectable = new Set((points || []).map(String));
    for (const g of this.points) g.classList.toggle('is-selectable', this.selectable.has(g.dataset.point));
  }

  select(point) {
    this.selected = point === null || point === undefined ? null : String(point);
    this.renderMarks();
  }

  markDestinations(destinations) {
    this.destinations = new Map((destinations || []).map((d) => [String(d.point), [...(d.dice || [])]]));
    this.renderMarks();
  }

  highlight(points, kind) {
    if (!MARK_KINDS.includes(kind)) return;
    for (const point of points || []) {
      const key = String(point);
      if (!this.highlights.has(key)) this.highlights.set(key, new Set());
      this.highlights.get(key).add(kind);
    }
    this.renderMarks();
  }

  clearMarks() {
    this.selected = null;
    this.destinations.clear();
    this.highlights.clear();
    this.renderMarks();
  }

  setFlipped(flipped) {
    this.flipped = Boolean(flipped);
    this.svg.dataset.flipped = String(this.flipped);
    this.stopAnimations();
    this.relabel();
  }

  focusPoint(point) {
    const g = this.pointEl(point);
    if (g) this.moveFocus(g);
  }

  destroy() {
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
    this.listeners = [];
    this.stopAnimations();
  }

  // ---- drawing ----

  pointEl(point) {
    return this.points.find((g) => g.dataset.point === String(point)) || null;
  }

  trayOf(side) {
    return this.trays.find((g) => g.dataset.side === side);
  }

  clone(name, x, y) {
    const el = this.templates[name].cloneNode(true);
    el.removeAttribute('data-template');
    if (x !== undefined) el.setAttribute('transform', `translate(${x} ${y})`);
    return el;
  }

  /** Which absolute point each fixed slot shows depends on perspective and mirroring; then redraw. */
  relabel() {
    const { perspective } = this.model;
    for (const g of this.points) {
      const label = this.flipped ? g.dataset.labelMirrored : g.dataset.labelNormal;
      g.dataset.label = label;
      g.dataset.point = String(ownLabel(label, perspective));
      g.querySelector('.nb-label').textContent = label;
      g.classList.toggle('is-selectable', this.selectable.has(g.dataset.point));
    }
    for (const tray of this.trays) {
      tray.dataset.side = tray.dataset.tray === 'bottom' ? perspective : OTHER[perspective];
    }
    for (const caption of this.svg.querySelectorAll('.nb-caption')) {
      const side = caption.dataset.owner === 'bottom' ? perspective : OTHER[perspective];
      const which = this.flipped ? 'Mirrored' : 'Normal';
      caption.setAttribute('x', caption.dataset[`x${which}`]);
      caption.setAttribute('text-anchor', caption.dataset[`anchor${which}`]);
      caption.textContent = t(`board.caption.${caption.dataset.caption}_${side}`);
    }
    this.render();
  }

  render() {
    for (const g of this.points) this.drawStack(g, this.model.points[g.dataset.point]);
    for (const tray of this.trays) this.drawTray(tray);
    this.drawDice();
    this.drawPlayers();
    this.renderMarks();
    if (this.svg.getAttribute('role') === 'img') this.svg.setAttribute('aria-label', this.summary());
  }

  /** A non-interactive diagram is one image; its name lists the position (as board_summary in Python). */
  summary() {
    const { points, off, perspective, dice } = this.model;
    const parts = [t('board.label')];
    for (let label = 24; label >= 1; label -= 1) {
      const occupant = points[String(ownLabel(label, perspective))];
      if (occupant) parts.push(pointName(label, occupant));
    }
    for (const side of ['white', 'black']) if (off[side]) parts.push(t(`board.off.${side}`, { n: off[side] }));
    const status = statusText(this.model);
    if (status) parts.push(status);
    const left = dice.filter((d) => !d.used).map((d) => d.value).join(', ');
    if (dice.length) parts.push(t('board.dice_list', { values: left || '—' }));
    return parts.join('. ');
  }

  drawStack(g, occupant) {
    const stack = g.querySelector('.nb-stack');
    stack.replaceChildren();
    if (!occupant) return;
    const shown = Math.min(occupant.count, num(g, 'maxVisible'));
    for (let i = 0; i < shown; i += 1) stack.append(this.clone(`checker-${occupant.side}`, num(g, 'x'), stackY(g, i)));
    if (occupant.count > shown) {
      const label = this.clone(`count-${occupant.side}`);
      label.textContent = String(occupant.count);
      stack.lastElementChild.append(label);
    }
  }

  drawTray(tray) {
    const side = tray.dataset.side;
    const count = this.model.off[side];
    const slabs = [];
    for (let i = 0; i < count; i += 1) slabs.push(this.clone(`slab-${side}`, num(tray, 'x'), stackY(tray, i)));
    tray.querySelector('.nb-stack').replaceChildren(...slabs);
    tray.querySelector('.nb-tray__count').textContent = count ? String(count) : ''; // an empty tray needs no 0
  }

  drawDice() {
    const slots = JSON.parse(this.diceGroup.dataset.slots);
    const faces = JSON.parse(this.diceGroup.dataset.faces);
    const dice = this.model.dice;
    const interactive = this.svg.dataset.interactive === 'true';
    this.diceEls.forEach((die, index) => {
      const use = dice[index];
      if (!use) {
        setAttrs(die, { display: 'none', 'aria-hidden': 'true', tabindex: interactive ? -1 : null, role: null,
          'aria-label': null, 'aria-pressed': null });
        return;
      }
      const [x, y] = slots[String(dice.length)][index];
      setAttrs(die, { transform: `translate(${x} ${y})`, display: null, 'aria-hidden': null,
        'data-value': use.value, 'data-used': use.used });
      if (interactive) {
        setAttrs(die, { role: 'button', tabindex: 0, 'aria-pressed': use.used,
          'aria-label': t(use.used ? 'board.die.used' : 'board.die.name', { value: use.value }) });
      }
      for (const pip of die.querySelectorAll('.nb-pip')) {
        setAttrs(pip, { display: faces[String(use.value)].includes(Number(pip.dataset.pip)) ? null : 'none' });
      }
      setAttrs(die.querySelector('.nb-die__strike'), { display: use.used ? null : 'none' });
    });
  }

  drawPlayers() {
    const { perspective, to_move: toMove, pips } = this.model;
    for (const bar of this.svg.querySelectorAll('.nb-player')) {
      const bottom = bar.dataset.player === 'bottom';
      const side = bottom ? perspective : OTHER[perspective];
      const icon = bar.querySelector('.nb-player__icon');
      if (bar.dataset.side !== side) icon.replaceChildren(this.clone(`checker-${side}`, 0, 0));
      bar.dataset.side = side;
      bar.dataset.active = String(toMove === side);
      bar.querySelector('.nb-player__name').textContent = t(`board.side.${side}`);
      bar.querySelector('.nb-player__pips').textContent = pips ? `  ${t('board.pips', { n: pips[side] })}` : '';
      const active = toMove === side || (!toMove && bottom);
      bar.querySelector('.nb-player__status').textContent = active ? statusText(this.model) : '';
    }
  }

  /** Selection, destinations and highlights as cloned shapes, plus the words in each accessible name. */
  renderMarks() {
    const badges = [];
    for (const g of this.points) {
      const key = g.dataset.point;
      const kinds = MARK_KINDS.filter((kind) => this.highlights.get(key)?.has(kind));
      const dice = this.destinations.get(key);
      const left = num(g, 'left');
      const top = num(g, 'top');
      const under = kinds.map((kind) => this.clone(`overlay-${kind}`, left, top));
      const over = kinds.map((kind) => this.clone(`outline-${kind}`, left, top));
      if (this.selected === key) over.push(this.clone('outline-selected', left, top));
      if (dice) {
        const count = this.model.points[key]?.count || 0;
        const slot = Math.min(count, num(g, 'maxVisible') - 1);
        over.push(this.destinationRing(dice, num(g, 'x'), stackY(g, slot)));
      }
      if (kinds.length) {
        const badge = this.clone(`badge-${kinds[kinds.length - 1]}`, num(g, 'x'), num(g, 'badgeY'));
        const r = Number(badge.querySelector('circle').getAttribute('r'));
        badges.push({ x: num(g, 'x'), y: num(g, 'badgeY'), r });
        over.push(badge);
      }
      g.querySelector('.nb-under').replaceChildren(...under);
      g.querySelector('.nb-marks').replaceChildren(...over);
      g.classList.toggle('is-selected', this.selected === key);
      g.classList.toggle('is-destination', Boolean(dice));
      for (const kind of MARK_KINDS) g.classList.toggle(`mark-${kind}`, kinds.includes(kind));
      if (g.hasAttribute('aria-label')) {
        const states = [pointName(g.dataset.label, this.model.points[key])];
        if (this.selected === key) states.push(t('board.state.selected'));
        if (dice) states.push(t('board.state.destination', { dice: dice.join('+') }));
        for (const kind of kinds) states.push(t(`board.mark.${kind}`));
        g.setAttribute('aria-label', states.join(', '));
      }
    }
    this.uncoverBadges(badges);
    const offDice = this.destinations.get('off');
    const offSide = this.model.to_move || this.model.perspective;
    for (const tray of this.trays) {
      const side = tray.dataset.side;
      const dice = offDice && side === offSide ? offDice : null;
      const count = this.model.off[side];
      const marks = [];
      if (dice) {
        const slot = Math.min(count, num(tray, 'maxVisible') - 1);
        marks.push(this.destinationRing(dice, num(tray, 'x'), stackY(tray, slot)));
      }
      tray.querySelector('.nb-marks').replaceChildren(...marks);
      tray.classList.toggle('is-destination', Boolean(dice));
      if (tray.hasAttribute('aria-label')) {
        const states = [t(`board.off.${side}`, { n: count })];
        if (dice) states.push(t('board.state.destination', { dice: dice.join('+') }));
        tray.setAttribute('aria-label', states.join(', '));
      }
    }
  }

  /** Badges share the band between the rows with the faint captions: a caption under a badge steps aside. */
  uncoverBadges(badges) {
    for (const caption of this.svg.querySelectorAll('.nb-caption')) {
      const box = caption.getBBox();
      const covered = badges.some(({ x, y, r }) =>
        x + r > box.x && x - r < box.x + box.width && y + r > box.y && y - r < box.y + box.height);
      caption.classList.toggle('is-covered', covered);
    }
  }

  destinationRing(dice, x, y) {
    const ring = this.clone('destination', x, y);
    const text = ring.querySelector('.nb-destination__dice');
    text.textContent = dice.join('+');
    if (dice.length > 1) { // "6+5" is wider than one digit: squeeze it inside the ring
      const r = Number(ring.querySelector('circle').getAttribute('r'));
      setAttrs(text, { textLength: Math.round(1.5 * r), lengthAdjust: 'spacingAndGlyphs' });
    }
    return ring;
  }

  // ---- animation ----

  /** If exactly one checker went from one point to another point (or off), fly it there. */
  animateStep(previous) {
    const gone = [];
    const came = [];
    for (let p = 1; p <= 24; p += 1) {
      const before = previous.points[p] || { side: null, count: 0 };
      const after = this.model.points[p] || { side: null, count: 0 };
      if (before.side === after.side || !before.side || !after.side) {
        const side = after.side || before.side;
        const delta = after.count - before.count;
        if (delta === -1) gone.push({ p, side, count: before.count });
        else if (delta === 1) came.push({ p, side });
        else if (delta !== 0) return;
      } else return;
    }
    for (const side of ['white', 'black']) {
      const delta = this.model.off[side] - previous.off[side];
      if (delta === 1) came.push({ p: 'off', side });
      else if (delta !== 0) return;
    }
    if (gone.length !== 1 || came.length !== 1 || gone[0].side !== came[0].side) return;
    const from = this.pointEl(gone[0].p);
    const start = [num(from, 'x'), stackY(from, Math.min(gone[0].count, num(from, 'maxVisible')) - 1)];
    const container = came[0].p === 'off' ? this.trayOf(came[0].side) : this.pointEl(came[0].p);
    const target = container?.querySelector('.nb-stack')?.lastElementChild;
    if (!target) return;
    const end = target.getAttribute('transform').match(/-?[\d.]+/g).map(Number);
    const ghost = target.cloneNode(true);
    this.fly.append(ghost);
    target.style.visibility = 'hidden';
    const animation = ghost.animate(
      [{ transform: `translate(${start[0]}px, ${start[1]}px)` }, { transform: `translate(${end[0]}px, ${end[1]}px)` }],
      { duration: STEP_ANIMATION_MS, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
    const done = () => {
      ghost.remove();
      target.style.visibility = '';
    };
    animation.finished.then(done, done);
  }

  stopAnimations() {
    for (const ghost of [...this.fly.children]) {
      for (const animation of ghost.getAnimations()) animation.cancel();
      ghost.remove();
    }
  }

  // ---- input ----

  on(type, handler, target = this.svg) {
    const bound = handler.bind(this);
    target.addEventListener(type, bound);
    this.listeners.push([target, type, bound]);
  }

  listen() {
    this.on('click', this.onClick);
    this.on('keydown', this.onKeyDown);
    // Focus listeners go on the points: Chromium makes any SVG element with one focusable (a Tab stop).
    for (const g of this.points) this.on('focus', this.onFocusIn, g);
    this.on('pointerdown', this.onPointerDown);
    this.on('pointermove', this.onPointerMove);
    this.on('pointerup', this.onPointerUp);
    this.on('pointercancel', this.cancelDrag);
  }

  emit(type, detail = {}) {
    this.svg.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  activate(el) {
    if (el.classList.contains('nb-point')) this.emit('point-activate', { point: Number(el.dataset.point) });
    else if (el.classList.contains('nb-tray')) this.emit('off-activate', { side: el.dataset.side });
    else if (el.classList.contains('nb-die')) {
      this.emit('die-select', { index: Number(el.dataset.index), value: Number(el.dataset.value) });
    }
  }

  onClick(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const el = event.target.closest('.nb-point, .nb-tray, .nb-die');
    if (!el || el.getAttribute('display') === 'none') return;
    if (el.classList.contains('nb-point')) this.moveFocus(el, { focus: true });
    this.activate(el);
  }

  onFocusIn(event) {
    const g = event.target.closest('.nb-point');
    if (g) this.moveFocus(g, { focus: false });
  }

  moveFocus(g, { focus = true } = {}) {
    for (const other of this.points) other.setAttribute('tabindex', other === g ? '0' : '-1');
    if (focus) g.focus({ preventScroll: true });
  }

  onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const el = event.target.closest('.nb-point, .nb-tray, .nb-die');
    if (/^[1-6]$/.test(event.key)) {
      const value = Number(event.key);
      const dice = this.model.dice;
      let index = dice.findIndex((d) => d.value === value && !d.used);
      if (index < 0) index = dice.findIndex((d) => d.value === value);
      if (index >= 0) this.emit('die-select', { index, value });
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape') {
      this.select(null);
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
    const row = el.dataset.row;
    const col = Number(el.dataset.col);
    const moves = {
      ArrowLeft: [row, col - 1], ArrowRight: [row, col + 1], ArrowUp: ['top', col], ArrowDown: ['bottom', col],
      Home: [row, 0], End: [row, 11],
    };
    if (!moves[event.key]) return;
    event.preventDefault();
    const [nextRow, nextCol] = moves[event.key];
    const next = this.points.find((g) => g.dataset.row === nextRow && Number(g.dataset.col) === nextCol);
    if (next) this.moveFocus(next);
  }

  onPointerDown(event) {
    this.suppressClick = false;
    if (!event.isPrimary || event.button !== 0) return;
    const g = event.target.closest('.nb-point');
    if (!g || !this.model.points[g.dataset.point]) return;
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, from: g };
  }

  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    if (!this.drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return;
      const source = press.from.querySelector('.nb-stack').lastElementChild;
      if (!source) return;
      const ghost = source.cloneNode(true);
      ghost.classList.add('nb-ghost');
      this.fly.append(ghost);
      source.style.visibility = 'hidden';
      this.svg.setPointerCapture(event.pointerId);
      this.drag = { source, ghost };
    }
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    this.drag.ghost.setAttribute('transform', `translate(${point.x} ${point.y})`);
  }

  onPointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const drag = this.drag;
    this.cancelDrag();
    if (!drag) return;
    this.suppressClick = true;
    const drop = document.elementFromPoint(event.clientX, event.clientY)?.closest('.nb-point, .nb-tray');
    if (!drop || !this.svg.contains(drop) || drop === press.from) return;
    const to = drop.classList.contains('nb-tray') ? 'off' : Number(drop.dataset.point);
    this.emit('drag-move', { from: Number(press.from.dataset.point), to });
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

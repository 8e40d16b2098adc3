// Drawing: puts the model into the board's SVG (builder/board_svg.py markup) with the sprite's shapes.
// Every text comes from text.js, every position from the geometry; nothing here knows a rule.

import { MARK_KINDS, SVG_NS } from './constants.js';
import { markKindsAt, nextPosition, stackPositions } from './state.js';
import { barName, captionPlaces, cubeName, describeBoard, dieName, OTHER, pointName, sideAt, slotTable, trayName } from './text.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').ViewState} ViewState */
/** @typedef {import('./types.js').Row} Row */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('../i18n.js').Translate} Translate */
/** @typedef {import('./constants.js').MarkKind} MarkKind */

/**
 * @typedef {object} Marks  what the controller asked to show on top of the position
 * @property {Set<string>} selectable
 * @property {string | null} selected
 * @property {Map<string, number[]>} destinations  point key ("13", "off") -> dice
 * @property {Map<string, Set<MarkKind>>} highlights
 */

/**
 * @typedef {object} Elements
 * @property {SVGGElement[]} points   in slot order
 * @property {Record<Row, SVGGElement>} trays
 * @property {Record<Row, SVGGElement> | null} bars
 * @property {SVGGElement[]} dice
 * @property {SVGGElement} diceGroup
 * @property {SVGGElement | null} cube
 * @property {Record<Row, SVGGElement>} players
 * @property {SVGTextElement[]} captions
 * @property {SVGUseElement} numbers
 * @property {SVGGElement} fly
 */

/** @param {Element} el @param {Record<string, string | number | boolean | null>} attrs */
export function setAttrs(el, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, String(value));
  }
}

/**
 * A `<use>` of a sprite shape.
 * @param {string} ref
 * @param {Record<string, string | number | boolean | null>} [attrs]
 */
export function useShape(ref, attrs = {}) {
  const el = document.createElementNS(SVG_NS, 'use');
  setAttrs(el, { href: `#${ref}`, ...attrs });
  return el;
}

/** @param {string} tag @param {Record<string, string | number | boolean | null>} attrs @param {string} [text] */
function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Turn the build's picture into a board the code can draw on: the picture (drawn with the page's shared
 * shapes) gives way to the field, the numbers, the captions and the player bars, one group per point (in
 * slot order), four die slots, both trays, the bar (a model with ``has_bar``) and the cube, each in its fixed
 * place from the geometry; drawPosition then fills them in, so the board looks as the picture did. An
 * interactive board's groups are buttons. The model says which parts the board has (the bar, the captions).
 * @param {SVGSVGElement} svg @param {Geometry} geometry @param {boolean} interactive @param {BoardModel} model
 * @returns {Elements}
 */
export function buildElements(svg, geometry, interactive, model) {
  svg.replaceChildren();
  addPictureParts(svg, geometry, model);
  const before = svg.querySelector(':scope > .nb-player');
  /** @param {string} tag @param {Record<string, string | number | boolean | null>} attrs @param {Element} [parent] */
  const add = (tag, attrs, parent) => {
    const el = svgEl(tag, attrs);
    if (parent) parent.append(el);
    else svg.insertBefore(el, before);
    return /** @type {SVGGElement} */ (el);
  };
  /** @type {Record<string, string | number>} */
  const button = interactive ? { role: 'button', tabindex: -1 } : {};
  const layer = add('g', { class: 'nb-points' });
  const points = geometry.slots.map((slot, index) => {
    const g = add('g', { class: 'nb-point', 'data-slot': index, ...button }, layer);
    g.append(useShape(`nb-hit-${slot.row}`, { class: 'nb-hit', x: slot.left, y: slot.top }));
    return g;
  });
  const diceGroup = add('g', { class: 'nb-dice', ...(interactive ? { role: 'group' } : {}) });
  const dice = [0, 1, 2, 3].map((index) => {
    const die = add('g', { class: 'nb-die', 'data-index': index, display: 'none' }, diceGroup);
    die.append(useShape('nb-die-1'), useShape('nb-strike', { display: 'none' }));
    return die;
  });
  /** @param {Row} row @param {'nb-tray' | 'nb-bar-slot'} cls @param {string} attr @param {string} hit @param {{x: number, y: number}} at */
  const holder = (row, cls, attr, hit, at) => {
    const g = add('g', { class: cls, [attr]: row, ...(interactive ? { role: 'button', tabindex: 0 } : {}) });
    g.append(useShape(hit, { class: 'nb-hit', x: at.x, y: at.y }));
    return g;
  };
  const hitAt = (/** @type {import('./types.js').StackPlace} */ place) => ({ x: place.left, y: place.hit_top });
  /** @param {Row} row */
  const tray = (row) => {
    const g = holder(row, 'nb-tray', 'data-tray', 'nb-hit-tray', hitAt(geometry.trays[row]));
    g.append(svgEl('text', { class: 'nb-tray__count', x: geometry.trays[row].x, y: geometry.trays[row].count_y ?? 0 }));
    return g;
  };
  const trays = { top: tray('top'), bottom: tray('bottom') };
  const bars = model.has_bar
    ? { top: holder('top', 'nb-bar-slot', 'data-bar', 'nb-hit-bar', hitAt(geometry.bar.top)), bottom: holder('bottom', 'nb-bar-slot', 'data-bar', 'nb-hit-bar', hitAt(geometry.bar.bottom)) }
    : null;
  const cube = add('g', { class: 'nb-cube', display: 'none' });
  cube.append(useShape('nb-cube-face'), svgEl('text', { class: 'nb-cube__value', x: geometry.cube_size / 2, y: geometry.cube_size / 2 }));
  if (interactive) {
    svg.setAttribute('role', 'group');
    points.forEach((g, index) => g.setAttribute('tabindex', geometry.labels.normal[index] === 24 ? '0' : '-1'));
  }
  const fly = add('g', { class: 'nb-fly', 'aria-hidden': 'true' });
  svg.append(fly); // the flying checker is drawn over everything
  /** @param {string} selector */
  const one = (selector) => /** @type {SVGGElement} */ (svg.querySelector(selector));
  return {
    points,
    trays,
    bars,
    dice,
    diceGroup,
    cube,
    players: { top: one('[data-player=top]'), bottom: one('[data-player=bottom]') },
    captions: /** @type {SVGTextElement[]} */ ([...svg.querySelectorAll(':scope > .nb-caption')]),
    numbers: /** @type {SVGUseElement} */ (svg.querySelector(':scope > .nb-numbers')),
    fly,
  };
}

/**
 * The parts of a board that stay while it is played: the field, the numbers, the captions and the player
 * bars, texts left empty (drawPosition writes them).
 * @param {SVGSVGElement} svg @param {Geometry} geometry @param {BoardModel} model
 */
function addPictureParts(svg, geometry, model) {
  const places = geometry.players;
  /** @type {SVGElement[]} */
  const parts = [useShape('nb-field'), useShape('nb-labels-normal', { class: 'nb-numbers' })];
  for (const place of captionPlaces(geometry, model)) {
    parts.push(svgEl('text', { class: 'nb-caption', x: place.normal[0], y: place.y, 'text-anchor': place.normal[1] }));
  }
  for (const row of /** @type {Row[]} */ (['top', 'bottom'])) {
    const { top, middle } = places[row];
    const player = svgEl('g', { class: 'nb-player', 'data-player': row });
    const text = svgEl('text', { class: 'nb-player__text', x: places.text_x, y: middle });
    text.append(svgEl('tspan', { class: 'nb-player__name' }), svgEl('tspan', { class: 'nb-player__pips' }));
    player.append(
      useShape('nb-player-bg', { y: top }),
      useShape('nb-checker-white', { class: 'nb-player__icon', transform: `translate(${places.icon_x} ${middle}) scale(${places.icon_scale})` }),
      text,
      svgEl('text', { class: 'nb-player__status', x: places.status_x, y: middle }),
    );
    parts.push(player);
  }
  svg.prepend(...parts);
}

/** The layer a mark is drawn in, created on first use (the static markup leaves it out to stay small).
 * @param {Element} group @param {'nb-under' | 'nb-marks' | 'nb-stack'} name */
export function layer(group, name) {
  let el = group.querySelector(`:scope > .${name}`);
  if (!el) {
    el = svgEl('g', { class: name });
    // marks under the checkers go right above the hit area, which is each group's first child
    if (name === 'nb-under') group.insertBefore(el, group.querySelector(':scope > .nb-hit')?.nextSibling || null);
    else group.append(el);
  }
  return el;
}

/** Focus rings for an interactive board (drawn by board.css on :focus-visible).
 * @param {Elements} els @param {Geometry} geometry */
export function addFocusRings(els, geometry) {
  for (const [index, g] of els.points.entries()) {
    const slot = geometry.slots[index];
    const y = slot.row === 'top' ? slot.top - 44 : slot.top;
    g.append(useShape('nb-focus-point', { class: 'nb-focus', x: slot.left, y }));
  }
  for (const die of els.dice) die.append(useShape('nb-focus-die', { class: 'nb-focus' }));
  for (const holder of [...Object.values(els.trays), ...(els.bars ? Object.values(els.bars) : [])]) {
    const hit = /** @type {SVGUseElement} */ (holder.querySelector(':scope > .nb-hit'));
    const shape = holder.classList.contains('nb-tray') ? 'nb-focus-tray' : 'nb-focus-bar';
    holder.append(useShape(shape, { class: 'nb-focus', x: hit.getAttribute('x'), y: hit.getAttribute('y') }));
  }
  if (els.cube) els.cube.append(useShape('nb-focus-cube', { class: 'nb-focus' }));
}

/**
 * Which absolute point and label each slot shows, and which side sits at each tray and bar.
 * @param {Elements} els @param {BoardModel} model @param {ViewState} view @param {Geometry} geometry
 */
export function relabel(els, model, view, geometry) {
  const { points, labels } = slotTable(geometry, model, view);
  els.points.forEach((g, slot) => {
    g.dataset.point = String(points[slot]);
    g.dataset.label = String(labels[slot]);
  });
  if (els.numbers) els.numbers.setAttribute('href', `#nb-labels-${view.flipped ? 'mirrored' : 'normal'}`);
  for (const row of /** @type {Row[]} */ (['top', 'bottom'])) {
    els.trays[row].dataset.side = sideAt(row, view.perspective);
    if (els.bars) els.bars[row].dataset.side = sideAt(row, view.perspective);
  }
  const places = captionPlaces(geometry, model);
  els.captions.forEach((caption, i) => {
    const [x, anchor] = places[i][view.flipped ? 'mirrored' : 'normal'];
    setAttrs(caption, { x, 'text-anchor': anchor });
  });
}

/**
 * @param {Element} stack @param {Side} side @param {{x: number, y: number}[]} places @param {number} count
 */
function fillStack(stack, side, places, count) {
  /** @type {SVGElement[]} */
  const children = places.map((p) => useShape(`nb-checker-${side}`, { x: p.x, y: p.y }));
  if (count > places.length && places.length) {
    const last = places[places.length - 1];
    children.push(svgEl('text', { class: `nb-count nb-count--${side}`, x: last.x, y: last.y }, String(count)));
  }
  stack.replaceChildren(...children);
}

/**
 * The checkers, trays, bar, dice, cube, players and captions of ``model``, with their names.
 * @param {Elements} els @param {BoardModel} model @param {ViewState} view @param {Geometry} geometry @param {Translate} t
 */
export function drawPosition(els, model, view, geometry, t) {
  const texts = describeBoard(t, model, view, geometry);
  els.points.forEach((g, slot) => {
    const occupant = model.points[g.dataset.point || ''];
    const stack = layer(g, 'nb-stack');
    if (occupant) fillStack(stack, occupant.side, stackPositions(geometry.slots[slot], occupant.count, geometry.pitch, geometry.max_visible), occupant.count);
    else stack.replaceChildren();
  });
  for (const row of /** @type {Row[]} */ (['top', 'bottom'])) {
    const side = sideAt(row, view.perspective);
    const tray = els.trays[row];
    const count = model.off[side] || 0;
    const place = geometry.trays[row];
    layer(tray, 'nb-stack').replaceChildren(
      ...stackPositions(place, count, geometry.slab_pitch, 15).map((p) => useShape(`nb-slab-${side}`, { x: p.x, y: p.y })));
    const counter = tray.querySelector('.nb-tray__count');
    if (counter) counter.textContent = count ? String(count) : ''; // an empty tray needs no 0
    if (els.bars) {
      const n = model.bar[side] || 0;
      fillStack(layer(els.bars[row], 'nb-stack'), side, stackPositions(geometry.bar[row], n, geometry.bar_pitch, geometry.bar_visible), n);
    }
    const bar = els.players[row];
    const icon = bar.querySelector('.nb-player__icon');
    if (icon) icon.setAttribute('href', `#nb-checker-${side}`);
    bar.dataset.side = side;
    bar.dataset.active = String(model.to_move === side);
    const name = bar.querySelector('.nb-player__name');
    const pips = bar.querySelector('.nb-player__pips');
    const status = bar.querySelector('.nb-player__status');
    if (name) name.textContent = texts.sides[row];
    if (pips) pips.textContent = `  ${texts.pips[row]}`;
    if (status) status.textContent = texts.status[row];
  }
  drawDice(els, model, geometry, view.interactive, t);
  if (view.interactive) els.diceGroup.setAttribute('aria-label', texts.dice_label);
  drawCube(els, model, view, geometry, t);
  els.captions.forEach((caption, i) => {
    caption.textContent = texts.captions[i];
  });
  const svg = els.fly.ownerSVGElement;
  if (svg) svg.setAttribute('aria-label', view.interactive ? texts.label : texts.summary);
}

/** @param {Elements} els @param {BoardModel} model @param {Geometry} geometry @param {boolean} interactive @param {Translate} t */
function drawDice(els, model, geometry, interactive, t) {
  const dice = model.dice;
  els.dice.forEach((die, index) => {
    const use = dice[index];
    if (!use) {
      setAttrs(die, { display: 'none', tabindex: interactive ? -1 : null, role: null, 'aria-label': null, 'aria-pressed': null });
      return;
    }
    const [x, y] = geometry.dice[String(dice.length)][index];
    setAttrs(die, { transform: `translate(${x} ${y})`, display: null, 'data-value': use.value, 'data-used': use.used });
    if (interactive) setAttrs(die, { role: 'button', tabindex: 0, 'aria-pressed': use.used, 'aria-label': dieName(t, use) });
    const [face, strike] = die.querySelectorAll(':scope > use');
    face.setAttribute('href', `#nb-die-${use.value}`);
    setAttrs(strike, { display: use.used ? null : 'none' });
  });
}

/** @param {Elements} els @param {BoardModel} model @param {ViewState} view @param {Geometry} geometry @param {Translate} t */
function drawCube(els, model, view, geometry, t) {
  const cube = model.cube;
  if (!els.cube) return;
  if (!cube) {
    setAttrs(els.cube, { display: 'none', role: null, tabindex: null, 'aria-label': null });
    return;
  }
  const place = cube.owner === null ? 'middle' : cube.owner === view.perspective ? 'bottom' : 'top';
  const [x, y] = geometry.cube[place];
  setAttrs(els.cube, { display: null, transform: `translate(${x} ${y})`, 'data-place': place });
  if (view.interactive) setAttrs(els.cube, { role: 'button', tabindex: 0, 'aria-label': cubeName(t, cube) });
  const value = els.cube.querySelector('.nb-cube__value');
  if (value) value.textContent = String(cube.value > 1 ? cube.value : 64); // a cube in the middle shows 64
}

/**
 * Selection, destinations and highlights, and the words they add to each accessible name.
 * @param {Elements} els @param {Marks} marks @param {BoardModel} model @param {ViewState} view
 * @param {Geometry} geometry @param {Translate} t
 */
export function drawMarks(els, marks, model, view, geometry, t) {
  /** @type {{x: number, y: number, r: number}[]} */
  const badges = [];
  els.points.forEach((g, slot) => {
    const key = g.dataset.point || '';
    const place = geometry.slots[slot];
    const kinds = markKindsAt(marks.highlights, key);
    const dice = marks.destinations.get(key);
    const occupant = model.points[key];
    const under = kinds.map((kind) => useShape(`nb-overlay-${kind}`, { x: place.left, y: place.top }));
    /** @type {SVGElement[]} */
    const over = kinds.map((kind) => useShape(`nb-outline-${kind}`, { x: place.left, y: place.top }));
    if (marks.selected === key) {
      over.push(useShape('nb-outline-selected', { x: place.left, y: place.top }));
      if (occupant) {
        const top = stackPositions(place, occupant.count, geometry.pitch, geometry.max_visible).pop();
        if (top) over.push(useShape('nb-selected-ring', { x: top.x, y: top.y }));
      }
    }
    if (dice) over.push(...destinationRing(dice, nextPosition(place, occupant?.count || 0, geometry.pitch, geometry.max_visible)));
    if (kinds.length) {
      over.push(useShape(`nb-badge-${kinds[kinds.length - 1]}`, { x: place.x, y: place.badge_y }));
      badges.push({ x: place.x, y: place.badge_y, r: geometry.badge_radius });
    }
    if (marks.selectable.has(key)) over.push(useShape('nb-selectable', { x: place.x, y: place.label_y }));
    if (under.length || g.querySelector(':scope > .nb-under')) layer(g, 'nb-under').replaceChildren(...under);
    if (over.length || g.querySelector(':scope > .nb-marks')) layer(g, 'nb-marks').replaceChildren(...over);
    g.classList.toggle('is-selectable', marks.selectable.has(key));
    g.classList.toggle('is-selected', marks.selected === key);
    g.classList.toggle('is-destination', Boolean(dice));
    for (const kind of MARK_KINDS) g.classList.toggle(`mark-${kind}`, kinds.includes(kind));
    if (view.interactive) g.setAttribute('aria-label', pointName(t, g.dataset.label || '', occupant, states(marks, key, dice, kinds, t)));
  });
  uncoverCaptions(els, badges);
  const offDice = marks.destinations.get('off');
  const mover = model.to_move || view.perspective;
  for (const row of /** @type {Row[]} */ (['top', 'bottom'])) {
    const side = sideAt(row, view.perspective);
    const tray = els.trays[row];
    const dice = offDice && side === mover ? offDice : null;
    const count = model.off[side] || 0;
    const rings = dice ? destinationRing(dice, nextPosition(geometry.trays[row], count, geometry.slab_pitch, 15)) : [];
    if (rings.length || tray.querySelector(':scope > .nb-marks')) layer(tray, 'nb-marks').replaceChildren(...rings);
    tray.classList.toggle('is-destination', Boolean(dice));
    if (view.interactive) tray.setAttribute('aria-label', trayName(t, side, count, dice ? [t('board.state.destination', { dice: dice.join('+') })] : []));
    if (els.bars) {
      const bar = els.bars[row];
      const key = `bar-${side}`;
      const kinds = markKindsAt(marks.highlights, key);
      const selected = marks.selected === key;
      bar.classList.toggle('is-selectable', marks.selectable.has(key));
      bar.classList.toggle('is-selected', selected);
      for (const kind of MARK_KINDS) bar.classList.toggle(`mark-${kind}`, kinds.includes(kind));
      if (view.interactive) bar.setAttribute('aria-label', barName(t, side, model.bar[side] || 0, states(marks, key, undefined, kinds, t)));
    }
  }
}

/** @param {Marks} marks @param {string} key @param {number[] | undefined} dice @param {MarkKind[]} kinds @param {Translate} t */
function states(marks, key, dice, kinds, t) {
  const words = [];
  if (marks.selected === key) words.push(t('board.state.selected'));
  if (dice) words.push(t('board.state.destination', { dice: dice.join('+') }));
  for (const kind of kinds) words.push(t(`board.mark.${kind}`));
  return words;
}

/** A dashed ring with the dice a destination uses ("6+5" squeezed inside).
 * @param {number[]} dice @param {{x: number, y: number}} at */
function destinationRing(dice, at) {
  const text = svgEl('text', { class: 'nb-destination__dice', x: at.x, y: at.y }, dice.join('+'));
  if (dice.length > 1) setAttrs(text, { textLength: 38, lengthAdjust: 'spacingAndGlyphs' });
  return [useShape('nb-destination', { x: at.x, y: at.y }), text];
}

/** Badges share the band between the rows with the faint captions: a caption under a badge steps aside.
 * @param {Elements} els @param {{x: number, y: number, r: number}[]} badges */
function uncoverCaptions(els, badges) {
  for (const caption of els.captions) {
    if (!badges.length) {
      caption.classList.remove('is-covered');
      continue;
    }
    const box = caption.getBBox();
    const covered = badges.some(({ x, y, r }) => x + r > box.x && x - r < box.x + box.width && y + r > box.y && y - r < box.y + box.height);
    caption.classList.toggle('is-covered', covered);
  }
}

export { OTHER };

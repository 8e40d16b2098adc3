// Every text the board shows or speaks, composed in one place: the builder runs this module under node
// for the build-time SVG (builder/board_text.py), and the live board calls it after every change, so the
// names a screen reader hears are the same before and after JavaScript takes over.

/** @typedef {import('../i18n.js').Translate} Translate */
/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').Occupant} Occupant */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Row} Row */
/** @typedef {import('./types.js').ViewState} ViewState */

/** @type {Record<Side, Side>} */
export const OTHER = { white: 'black', black: 'white' };

/**
 * The side sitting at ``row``.
 * @param {Row} row
 * @param {Side} perspective
 * @returns {Side}
 */
export function sideAt(row, perspective) {
  return row === 'bottom' ? perspective : OTHER[perspective];
}

/**
 * The absolute point and the label of every slot for this view (from the geometry's tables).
 * @param {Geometry} geometry
 * @param {BoardModel} model
 * @param {ViewState} view
 * @returns {{points: number[], labels: number[]}}
 */
export function slotTable(geometry, model, view) {
  const which = view.flipped ? 'mirrored' : 'normal';
  return { points: geometry.points[model.game][view.perspective][which], labels: geometry.labels[which] };
}

/**
 * The places of the captions the model's board shows (its ``captions``), in the geometry's order for its game
 * (where the top side's home lies follows the game's numbering).
 * @param {Geometry} geometry @param {BoardModel} model
 */
export function captionPlaces(geometry, model) {
  return geometry.captions[model.game].filter((place) => model.captions.includes(place.what));
}

/**
 * "Пункт 13, 2 белые шашки" / "Point 7, empty", then any states ("выбран", "ход сюда: 6+5", "ошибка").
 * @param {Translate} t
 * @param {number | string} label
 * @param {Occupant | undefined | null} occupant
 * @param {string[]} [states]
 */
export function pointName(t, label, occupant, states = []) {
  const name = occupant && occupant.count
    ? t('board.point.occupied', { label, checkers: t(`board.checkers.${occupant.side}`, { n: occupant.count }) })
    : t('board.point.empty', { label });
  return [name, ...states].join(', ');
}

/**
 * The bar of one side (short nardy): "Бар: 1 чёрная шашка".
 * @param {Translate} t
 * @param {Side} side
 * @param {number} count
 * @param {string[]} [states]
 */
export function barName(t, side, count, states = []) {
  const name = count ? t('board.bar.occupied', { checkers: t(`board.checkers.${side}`, { n: count }) }) : t(`board.bar.empty_${side}`);
  return [name, ...states].join(', ');
}

/**
 * @param {Translate} t
 * @param {Side} side
 * @param {number} count
 * @param {string[]} [states]
 */
export function trayName(t, side, count, states = []) {
  return [t(`board.off.${side}`, { n: count }), ...states].join(', ');
}

/**
 * @param {Translate} t
 * @param {{value: number, used: boolean}} die
 */
export function dieName(t, die) {
  return t(die.used ? 'board.die.used' : 'board.die.name', { value: die.value });
}

/**
 * @param {Translate} t
 * @param {import('./types.js').CubeState} cube
 */
export function cubeName(t, cube) {
  if (cube.offered_by) return t(`board.cube.offered_${cube.offered_by}`, { value: cube.value * 2 });
  if (cube.owner) return t(`board.cube.owned_${cube.owner}`, { value: cube.value });
  return t('board.cube.middle', { value: cube.value });
}

/**
 * Side to move, plus what is left of a double ("Ход белых · 6 ×3 осталось").
 * @param {Translate} t
 * @param {BoardModel} model
 */
export function statusText(t, model) {
  const parts = model.to_move ? [t(`board.to_move.${model.to_move}`)] : [];
  if (model.dice.length === 4) {
    const left = model.dice.filter((d) => !d.used).length;
    parts.push(t('board.die.doubles_left', { value: model.dice[0].value, n: left }));
  }
  return parts.join(' · ');
}

/**
 * A side's pip count ("98 пипсов"), or nothing where the board does not show it.
 * @param {Translate} t
 * @param {BoardModel} model
 * @param {Side} side
 */
function pipsText(t, model, side) {
  return model.pips ? t('board.pips', { n: model.pips[side] }) : '';
}

/**
 * Every text of a board in one object: what the builder writes into the SVG and the live board updates.
 * @param {Translate} t
 * @param {BoardModel} model
 * @param {ViewState} view
 * @param {Geometry} geometry
 */
export function describeBoard(t, model, view, geometry) {
  const { points, labels } = slotTable(geometry, model, view);
  /** @type {Record<Row, Side>} */
  const sides = { top: sideAt('top', view.perspective), bottom: sideAt('bottom', view.perspective) };
  const status = statusText(t, model);
  /** @param {Row} row */
  const shows = (row) => model.to_move === sides[row] || (!model.to_move && row === 'bottom');
  const summary = [t(`board.label.${model.game}`)];
  for (let label = 24; label >= 1; label -= 1) {
    const slot = labels.indexOf(label);
    const occupant = model.points[String(points[slot])];
    if (occupant) summary.push(pointName(t, label, occupant));
  }
  for (const side of /** @type {Side[]} */ (['white', 'black'])) {
    if (model.bar[side]) summary.push(barName(t, side, model.bar[side]));
  }
  for (const side of /** @type {Side[]} */ (['white', 'black'])) {
    if (model.off[side]) summary.push(trayName(t, side, model.off[side]));
  }
  if (model.cube) summary.push(cubeName(t, model.cube));
  if (status) summary.push(status);
  if (model.dice.length) {
    const left = model.dice.filter((d) => !d.used).map((d) => d.value).join(', ');
    summary.push(t('board.dice_list', { values: left || '—' }));
  }
  return {
    label: t(`board.label.${model.game}`),
    dice_label: t('board.dice'),
    sides: { top: t(`board.side.${sides.top}`), bottom: t(`board.side.${sides.bottom}`) },
    pips: { top: pipsText(t, model, sides.top), bottom: pipsText(t, model, sides.bottom) },
    status: { top: shows('top') ? status : '', bottom: shows('bottom') ? status : '' },
    captions: captionPlaces(geometry, model)
      .map((place) => t(`board.caption.${place.what}_${sideAt(place.owner, view.perspective)}`)),
    summary: summary.join('. '),
  };
}

// The free board's review of a finished game (the game_review request, nardy_core.summary): a table of each
// side's figures, with a link to the lesson that says how to read them. The figures, and which of them
// apply to the game, come from Python; this module only lays them out.

import { make } from './dom.js';
import { sideName } from './feedback.js';
import { t } from './i18n.js';

/** @typedef {import('./board/types.js').Side} Side */
/** @typedef {import('./board/types.js').GameName} GameName */
/** @typedef {import('./rules-client.js').GameResult} GameResult */
/** @typedef {'turns' | 'passes' | 'head_empty_after' | 'longest_row' | 'first_bear_off' | 'borne_off' | 'pips' | 'hits'} Figure */
/**
 * @typedef {object} SideReview  the figures that apply to the game (those its `figures` names)
 * @property {number} [turns]
 * @property {number} [passes]
 * @property {number | null} [head_empty_after]
 * @property {number} [longest_row]
 * @property {number | null} [first_bear_off]
 * @property {number} [borne_off]
 * @property {number} [pips]
 * @property {number} [hits]
 */
/**
 * @typedef {object} GameReview  nardy_core.summary's review (the game_review answer)
 * @property {GameName} game
 * @property {Figure[]} figures  the figures each side has, in the order to show them
 * @property {SideReview} white
 * @property {SideReview} black
 * @property {GameResult | null} result
 */

/**
 * Fills `box` with the review of a game.
 * @param {HTMLElement} box @param {GameReview} review @param {Record<Side, string>} players 'human' | 'computer'
 * @param {string | null} lessonHref the lesson on playing the computer, whose checklist the figures answer
 */
export function showGameReview(box, review, players, lessonHref) {
  const table = sidesTable(players, review.figures.map((key) => [`game_review.${key}`, (side) => {
    const value = review[side][key];
    return value === null || value === undefined ? t('game_review.none') : String(value);
  }]));
  const heading = make('h2', { id: 'game-review-title' }, t('game_review.title'));
  box.replaceChildren(heading, table);
  if (lessonHref) {
    const note = make('p');
    note.append(make('a', { href: lessonHref }, t('game_review.lesson')));
    box.append(note);
  }
  box.setAttribute('aria-labelledby', 'game-review-title');
  box.hidden = false;
}

/** A side as a column heads it: "Белые (вы)", "Чёрные (компьютер)". @param {Side} side @param {Record<Side, string>} players */
export function sideHeading(side, players) {
  return t(players[side] === 'computer' ? 'game_review.side_computer' : 'game_review.side_you', { side: sideName(side) });
}

/** A table of figures by side (the review's, the analysis's): a row per figure, a column per side.
 * @param {Record<Side, string>} players @param {[string, (side: Side) => string][]} rows catalog key, value of a side
 * @param {string} [extraClass] */
export function sidesTable(players, rows, extraClass = '') {
  const sides = /** @type {const} */ (['white', 'black']);
  const head = make('tr');
  head.append(make('th', { scope: 'col' }, t('game_review.figure')));
  for (const side of sides) head.append(make('th', { scope: 'col' }, sideHeading(side, players)));
  const body = make('tbody');
  for (const [key, value] of rows) {
    const row = make('tr');
    row.append(make('th', { scope: 'row' }, t(key)));
    for (const side of sides) row.append(make('td', {}, value(side)));
    body.append(row);
  }
  const table = make('table', { class: `game-review-table ${extraClass}`.trim() });
  const thead = make('thead');
  thead.append(head);
  table.append(thead, body);
  return table;
}

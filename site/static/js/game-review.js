// The free board's review of a finished game (the game_review request, nardy_core.summary): a table of each
// side's figures, with a link to the lesson that says how to read them. The figures come from Python; this
// module only lays them out.

import { make } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./board/types.js').Side} Side */
/** @typedef {import('./board/types.js').GameName} GameName */
/** @typedef {import('./rules-client.js').GameResult} GameResult */
/** @typedef {{turns: number, passes: number, head_empty_after: number | null, longest_row: number,
 *   first_bear_off: number | null, borne_off: number, pips: number, hits: number}} SideReview */
/** @typedef {{game: GameName, white: SideReview, black: SideReview, result: GameResult | null}} GameReview */

/** the rows of the table, in order, and the game they belong to (null: both) */
const ROWS = /** @type {const} */ ([
  ['turns', null], ['passes', null], ['head_empty_after', 'long'], ['longest_row', null], ['first_bear_off', null],
  ['borne_off', null], ['pips', null], ['hits', 'short'],
]);

/**
 * Fills `box` with the review of a game.
 * @param {HTMLElement} box @param {GameReview} review @param {Record<Side, string>} players 'human' | 'computer'
 * @param {string | null} lessonHref the lesson on playing the computer, whose checklist the figures answer
 */
export function showGameReview(box, review, players, lessonHref) {
  const sides = /** @type {const} */ (['white', 'black']);
  const head = make('tr');
  head.append(make('th', { scope: 'col' }, t('game_review.figure')));
  for (const side of sides) {
    const who = players[side] === 'computer' ? 'game_review.side_computer' : 'game_review.side_you';
    head.append(make('th', { scope: 'col' }, t(who, { side: t(`board.side.${side}`) })));
  }
  const body = make('tbody');
  for (const [key, game] of ROWS) {
    if (game && game !== review.game) continue;
    const row = make('tr');
    row.append(make('th', { scope: 'row' }, t(`game_review.${key}`)));
    for (const side of sides) {
      const value = review[side][key];
      row.append(make('td', {}, value === null ? t('game_review.none') : String(value)));
    }
    body.append(row);
  }
  const table = make('table', { class: 'game-review-table' });
  table.append(make('thead'), body);
  /** @type {HTMLElement} */ (table.firstElementChild).append(head);
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

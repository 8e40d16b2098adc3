// The free board's move list: every turn and cube action of the game so far, in the numbering the board shows,
// the newest in view. Each entry names its side in words (never by colour alone).

import { make } from './dom.js';
import { diceText } from './feedback.js';
import { t } from './i18n.js';

/** @typedef {import('./rules-client.js').GameEvent} GameEvent */

export class MoveList {
  /** @param {HTMLElement | null} box the list's section ([data-move-list], holding an <ol> and an empty note) */
  constructor(box) {
    this.box = box;
    this.list = box ? box.querySelector('ol') : null;
    this.empty = box ? /** @type {HTMLElement | null} */ (box.querySelector('[data-moves-empty]')) : null;
  }

  /** How many entries the list holds. */
  get length() {
    return this.list ? this.list.children.length : 0;
  }

  /** No game (or a game from a position, whose earlier moves the page does not know): nothing listed. */
  clear() {
    this.truncate(0);
  }

  /** One event of the game: a turn with its play in the board's numbering ('' for a pass), or a cube action.
   * @param {GameEvent} event @param {string | null} boardPlay */
  add(event, boardPlay) {
    if (!this.list) return;
    const item = make('li', { 'data-side': event.side });
    item.append(make('span', { class: 'move-list__side' }, t(`board.side.${event.side}`)), ' ');
    if (event.cube) item.append(t(`moves.cube.${event.cube}`));
    else {
      // dice handed over are named as such: they are not a roll of this side's
      const dice = event.handoff ? t('moves.handoff', { dice: diceText(event.handoff) }) : diceText(event.dice || []);
      item.append(make('span', { class: 'move-list__dice' }, dice), ' ');
      item.append(boardPlay ? make('span', { class: 'move-list__play' }, boardPlay) : t('moves.pass'));
    }
    this.list.append(item);
    this.list.scrollTop = this.list.scrollHeight; // the newest in view
    this.sync();
  }

  /** Keeps the first ``count`` entries (a turn taken back). @param {number} count */
  truncate(count) {
    if (!this.list) return;
    while (this.list.children.length > count) this.list.lastElementChild?.remove();
    this.sync();
  }

  sync() {
    if (this.empty) this.empty.hidden = this.length > 0;
    if (this.list) this.list.hidden = this.length === 0;
  }
}

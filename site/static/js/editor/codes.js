// The board editor's codes for backgammon players: the position as GNU Backgammon's Position ID and Match ID
// and as eXtreme Gammon's XGID, to copy, and a field to paste either and open it (short nardy: nardy_core says
// which games these codes can hold, by answering no codes for the others).

import { shareCodes, sharedPosition, setup } from '../rules-client.js';

/** @typedef {import('../board/types.js').GameName} GameName */
/** @typedef {{position?: string, game: GameName, dice: string, rules: Record<string, unknown>}} EditorStart */

export class CodesBox {
  /** @param {HTMLElement} panel the editor's panel */
  constructor(panel) {
    this.rows = /** @type {HTMLElement | null} */ (panel.querySelector('[data-editor-codes]'));
    this.gnubg = /** @type {HTMLInputElement | null} */ (panel.querySelector('[data-editor-gnubg]'));
    this.xgid = /** @type {HTMLInputElement | null} */ (panel.querySelector('[data-editor-xgid]'));
    this.paste = /** @type {HTMLInputElement | null} */ (panel.querySelector('[data-editor-paste]'));
    /** counts requests: only the latest answer fills the fields */
    this.asked = 0;
  }

  /** The codes of a position (none: the rows hidden) with its dice ("6-5" or ""). @param {string | null} position @param {string} dice */
  async show(position, dice) {
    const asked = ++this.asked;
    let codes = null;
    if (position) {
      try {
        codes = (await shareCodes({ position, dice })).codes;
      } catch {
        codes = null; // no codes for what cannot be coded: the rows are simply not shown
      }
    }
    if (asked !== this.asked || !this.rows || !this.gnubg || !this.xgid) return;
    this.rows.hidden = !codes;
    this.gnubg.value = codes ? codes.gnubg : '';
    this.xgid.value = codes ? codes.xgid : '';
  }

  /** The pasted code read: where to open the editor, or the refusal to say. @returns {Promise<EditorStart>} */
  async read() {
    const answer = await sharedPosition(this.paste ? this.paste.value : '');
    const game = (await setup({ position: answer.position })).board.game;
    return { position: answer.position, game, dice: answer.dice ? answer.dice.join('-') : '', rules: {} };
  }
}

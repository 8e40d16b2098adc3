// The computer's side of the free board: its level (chosen under the board), its turns asked of nardy_core and
// played out on the board (computer-move.js), and what the status line says of them: its play in the numbers
// the board shows, a checker it hit, a cube action, a level that had to give way.

import { ComputerMove } from './computer-move.js';
import { diceText } from './feedback.js';
import { t } from './i18n.js';
import { gameComputer } from './rules-client.js';

/** @typedef {import('./free-board.js').FreeBoard} FreeBoard */
/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */
/** @typedef {import('./rules-client.js').Level} Level */

export class ComputerSeat {
  /** @param {FreeBoard} board */
  constructor(board) {
    this.board = board;
    /** its turn played out on the board, and left drawn there */
    this.move = new ComputerMove(() => board.view);
    /** the computer played this turn because it was asked (the editor's demo: it never moves unasked) */
    this.asked = false;
    /** said before the next sentence about the computer's action: its level had to give way */
    this.notice = '';
    /** @type {string | undefined} the level that last gave way (its notice is said once) */
    this.gaveWay = undefined;
    /** its move is being played out on the board */
    this.playing = false;
  }

  /** The computer's level chosen under the board (the builder writes nardy_core's levels as its options).
   * @returns {Level | undefined} */
  get level() {
    const select = /** @type {HTMLSelectElement | null} */ (this.board.root.querySelector('[data-option="level"]'));
    return select ? /** @type {Level} */ (select.value) : undefined;
  }

  /** The computer acts at the chosen level. A level whose engine cannot be loaded (offline before it was
   * ever fetched) gives way to the level a request names none of, which needs nothing more, and says so.
   * @param {GameStateJson} game */
  async acts(game) {
    const level = this.level;
    try {
      return await gameComputer(game, level);
    } catch (error) {
      if (!error || /** @type {{code?: string}} */ (error).code !== 'LOAD_FAILED') throw error;
      if (this.gaveWay !== level) this.notice = `${t('play.engine_unavailable')} `; // said once for a level
      this.gaveWay = level;
      return gameComputer(game);
    }
  }

  /** What is to be said first, once: a level that gave way. */
  takeNotice() {
    const notice = this.notice;
    this.notice = '';
    return notice;
  }

  /** The computer's turn (or cube action) in the game on the board. */
  async turn() {
    const before = this.board.game;
    if (!before) return;
    this.board.say(this.board.preamble + this.takeNotice() + t('play.computer_moving'));
    await this.play(before, await this.acts(before));
  }

  /** The computer's action from ``before``: its turn played out on the board, then the game goes on (unless a
   * new game or position came meanwhile). @param {GameStateJson} before @param {GameStateJson} after */
  async play(before, after) {
    const { board } = this;
    if (board.game !== before) return;
    this.playing = true; // the learner's controls wait while the computer's checkers move
    board.showControls();
    try {
      if (await this.move.playOut(before, after, () => board.game === before)) board.setGame(after);
    } finally {
      this.playing = false;
      board.showControls();
    }
  }

  /** «Ход компьютера»: the computer acts once for the side whose turn it is, then the learner goes on. */
  async ask() {
    const { board } = this;
    const before = board.game;
    if (!before || before.result) return;
    if (board.turn) {
      board.turn.destroy();
      board.turn = null;
    }
    const button = board.button('computer-move');
    if (button) button.disabled = true; // one turn per press, however fast the presses come
    this.asked = true;
    try {
      await this.play(before, await this.acts(before));
    } catch (error) {
      board.problem(error);
      board.next();
    } finally {
      this.asked = false;
      if (button) button.disabled = false;
    }
  }

  /** What the other side just did, as a sentence (the computer's move or cube action). @param {GameStateJson} game */
  lastText(game) {
    const last = game.last;
    const notice = this.takeNotice();
    if (!last || (game.players[last.side] !== 'computer' && !this.asked)) return notice;
    if (last.cube) return `${notice}${t(`play.computer_${last.cube}`)} `;
    // the play in the numbers the board shows (the mover's own numbers are Black's other way round)
    const play = game.last_board_play || last.play;
    if (last.handoff) return `${notice}${t('play.computer_handoff', { dice: diceText(last.handoff), play: play || '—' })}${' '}`;
    if (!play) return `${notice}${t('play.computer_passed', { dice: diceText(last.dice) })} `;
    const view = this.board.view;
    const hits = (game.last_steps || []).filter((step) => step.hit).map((step) => view.pointEl(step.to)?.dataset.label || String(step.to));
    const hit = hits.length ? ` ${t('play.computer_hit', { n: hits.length, points: hits.join(', ') })}` : '';
    return `${notice}${t('play.computer_moved', { dice: diceText(last.dice), play })}${hit} `;
  }
}

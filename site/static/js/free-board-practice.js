// A personal puzzle on the free board (?practise=<id>, from the review page): the position of one of the
// learner's own mistakes, with its roll, to find the best play. The engine judges the answer (the tutor's
// verdict); the best play solves it (it moves on in the review schedule), any other brings it back tomorrow
// and shows the best on the board. The game does not go on: the position is the whole question.

import { make } from './dom.js';
import { diceText } from './feedback.js';
import { t } from './i18n.js';
import * as progress from './progress.js';
import { gameFromPosition } from './rules-client.js';

/** @typedef {import('./free-board.js').FreeBoard} FreeBoard */
/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */

export class PracticeSeat {
  /** @param {FreeBoard} board */
  constructor(board) {
    this.board = board;
    /** @type {string | null} the personal puzzle on the board */
    this.id = null;
    /** the learner's answer has been judged: the board waits for «Ещё раз» */
    this.answered = false;
  }

  get active() {
    return this.id !== null;
  }

  leave() {
    this.id = null;
    this.answered = false;
  }

  /** Opens the personal puzzle ``id`` kept in this browser (an unknown one is said above the board).
   * @param {string} id */
  async open(id) {
    const { board } = this;
    this.leave();
    const mine = progress.mineOf(id);
    if (!mine) { // not kept in this browser (another device, progress reset): a game instead, and why
      const started = board.newGame(board.gameName, {});
      if (board.alert) {
        board.alert.textContent = t('mine.not_found');
        board.alert.hidden = false;
      }
      return started;
    }
    const players = { to_move: 'human', opponent: 'human' };
    let state;
    try {
      state = await gameFromPosition({ position: mine.position, dice: diceText(mine.dice), rules: mine.rules, players });
    } catch (error) {
      return board.problem(error);
    }
    this.id = id;
    board.startRecord(null);
    // the turn as it was in the game (a second mover's first turn in long nardy has the head rule's exception,
    // which a position alone cannot tell): the board's turn and the engine's verdict both read it from here
    board.setGame({ ...state, first_turn: mine.first_turn });
    board.say(t('mine.intro', { n: mine.number, side: t(`analysis.side_of.${mine.side}`), dice: diceText(mine.dice) }));
  }

  /** The learner's play of the puzzle's roll, judged. @param {GameStateJson} before @param {string} play */
  async answer(before, play) {
    const { board } = this;
    const id = this.id;
    if (!id) return;
    const verdict = await board.tutor.judge(board.turnQuery(before), play);
    if (!verdict || this.id !== id || board.game !== before) return;
    const solved = verdict.grade === 'best';
    if (solved) progress.markSolved(id, null, 3);
    else progress.recordAttempt(id, null);
    this.answered = true;
    board.showControls();
    if (!solved && board.turn) { // the best play drawn from where the roll was played
      await board.turn.reset();
      board.view.setSelectable([]);
    }
    board.tutor.showVerdict(verdict, null);
    if (!solved) board.tutor.drawArrows(verdict.best.steps);
    const actions = make('p', { class: 'tutor-actions' });
    const again = make('button', { type: 'button', 'data-action': 'practise-again' }, t('mine.again'));
    again.addEventListener('click', () => this.open(id), { once: true });
    actions.append(again, make('a', { href: '../review/' }, t('mine.to_review')));
    board.tutor.box?.append(actions);
    board.say(solved ? t('mine.solved') : t('mine.missed', { play: verdict.best.play }));
  }
}

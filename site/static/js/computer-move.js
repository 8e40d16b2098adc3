// The computer's turn shown as a person would play it: its dice, then its checkers one step at a time at a
// pace a learner can follow (each step flies, board/animation.js), then its play left drawn on the board as
// dashed arrows until the learner moves. With reduced motion the steps are not played out: the position
// changes at once and the arrows show what moved. Every board between two steps is Python's (turn_state).

import { reducedMotion } from './dom.js';
import { Drawing } from './present/drawing.js';
import { turnState } from './rules-client.js';

/** @typedef {import('./board/view.js').BoardView} BoardView */
/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */
/** @typedef {import('./rules-client.js').PlayedStep} PlayedStep */

/** how long each of the computer's steps stays in view before the next: about a player's pace */
export const STEP_PAUSE_MS = 650;
/** the computer's dice on the board before its first step */
export const DICE_PAUSE_MS = 500;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class ComputerMove {
  /** @param {() => BoardView} view the board shown now */
  constructor(view) {
    this.view = view;
    /** @type {Drawing | null} the last move's arrows, on the board they were drawn on */
    this.drawing = null;
    /** counts shows: a newer one (or a new game) stops an older one between two steps */
    this.shown = 0;
  }

  /** Plays out ``after``'s last turn on the board from ``before`` (nothing to play out after a cube action
   * or a pass). Resolves once the last step has landed, or at once with reduced motion; false if a newer
   * show or stop() came meanwhile, or ``current`` says the board moved on (a new game, the learner's roll):
   * nothing is drawn after that. @param {GameStateJson} before @param {GameStateJson} after
   * @param {() => boolean} [current] whether the board still shows ``before``'s game */
  async playOut(before, after, current = () => true) {
    const shown = ++this.shown;
    const live = () => shown === this.shown && current();
    this.clear();
    const steps = after.last_steps || [];
    const dice = after.last && after.last.dice;
    if (!steps.length || !dice || reducedMotion()) return live();
    const setup = { position: before.position, dice, first_turn: before.first_turn, rules: before.rules };
    /** @type {[import('./board/types.js').PointId, import('./board/types.js').PointId][]} */
    const played = [];
    const start = await turnState(setup, []);
    if (!live()) return false;
    this.view().setModel(start.board, { animate: false });
    await pause(DICE_PAUSE_MS);
    for (const step of steps) {
      if (!live()) return false;
      played.push([step.from, step.to]);
      const state = await turnState(setup, played);
      if (!live()) return false;
      this.view().setModel(state.board, { animate: true });
      await pause(STEP_PAUSE_MS);
    }
    return live();
  }

  /** The computer's last move drawn on the board: an arrow for each step, a ring where a step enters from
   * the bar or bears off. @param {PlayedStep[]} steps */
  mark(steps) {
    this.clear();
    if (!steps.length) return;
    this.drawing = new Drawing(this.view(), 'last');
    this.drawing.showSteps(steps);
  }

  /** The last move's arrows taken away (the learner moves, a new game). */
  clear() {
    if (this.drawing) this.drawing.destroy();
    this.drawing = null;
  }

  /** Any show under way ends after its current step; the arrows go. */
  stop() {
    this.shown += 1;
    this.clear();
  }
}

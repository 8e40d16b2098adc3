// What the free board remembers of the game on it: the record from its start (what the answers' `last` said,
// event by event: Python replays it for the review and the analysis), the move list beside the board, and the
// positions the learner's turns started from, so a turn played against the computer can be taken back.

import { MoveList } from './move-list.js';

/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */
/** @typedef {{game: string, rules: Record<string, unknown>, opening: number[][], events: object[]}} GameRecord */
/** @typedef {{game: GameStateJson, events: number, moves: number}} TurnStart  a learner's turn as it began */

export class GameLog {
  /** @param {HTMLElement} root the free board */
  constructor(root) {
    /** a game from its start, turn by turn; null for a game from a position, whose start the page does not know
     *  @type {GameRecord | null} */
    this.record = null;
    this.moves = new MoveList(root.querySelector('[data-move-list]'));
    /** @type {TurnStart[]} the learner's turns against the computer, as each began (the newest last) */
    this.starts = [];
    /** turns taken back in this game (the analysis says how many) */
    this.takebacks = 0;
  }

  /** A new game (record: null for one from a position). @param {GameRecord | null} record */
  begin(record) {
    this.record = record;
    this.starts = [];
    this.takebacks = 0;
    this.moves.clear();
  }

  /** A new state of the game: what its request did goes into the record and the move list.
   * @param {GameStateJson} game @param {GameStateJson | null} previous */
  add(game, previous) {
    if (!game.last || game === previous) return;
    if (this.record) this.record.events.push(game.last);
    this.moves.add(game.last, game.last_board_play);
  }

  /** A learner's turn begins (against the computer: it can be taken back later). @param {GameStateJson} game */
  turnBegins(game) {
    const last = this.starts[this.starts.length - 1];
    if (last && last.game === game) return; // the same turn, begun again (a held turn taken back)
    this.starts.push({ game, events: this.record ? this.record.events.length : 0, moves: this.moves.length });
  }

  /** Whether a learner's turn can be taken back. */
  get canTakeBack() {
    return this.starts.length > 0;
  }

  /** The learner's last turn taken back: the game as that turn began, the record and the list cut back to it.
   * @returns {GameStateJson | null} */
  takeBack() {
    const start = this.starts.pop();
    if (!start) return null;
    if (this.record) this.record.events.length = start.events;
    this.moves.truncate(start.moves);
    this.takebacks += 1;
    return start.game;
  }
}

// The free board once a game is over: its review («Итоги партии», nardy_core.summary) and its analysis
// («Анализ партии», nardy_core.analysis) under the board, and the analysis's turns shown on the board: the
// position each was played from, with its dice, what was played (dashed arrows) and the better play (solid).

import { make } from './dom.js';
import { resultText } from './feedback.js';
import { showGameAnalysis, turnTitle } from './game-analysis.js';
import { showGameReview } from './game-review.js';
import { t } from './i18n.js';
import * as progress from './progress.js';
import { download } from './notices.js';
import { gameAnalysis, gameFile, gameReview, turnState } from './rules-client.js';
import { siteURL } from './site-root.js';

/** @typedef {import('./free-board.js').FreeBoard} FreeBoard */
/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */
/** @typedef {import('./rules-client.js').AnalysedTurn} AnalysedTurn */

export class AnalysisSeat {
  /** @param {FreeBoard} board */
  constructor(board) {
    this.board = board;
    /** counts what the board was asked to show: an older turn's answer arriving late is dropped */
    this.shown = 0;
    this.reviewBox = /** @type {HTMLElement | null} */ (board.root.querySelector('[data-game-review]'));
    this.analysisBox = /** @type {HTMLElement | null} */ (board.root.querySelector('[data-game-analysis]'));
  }

  hide() {
    if (this.reviewBox) this.reviewBox.hidden = true;
    if (this.analysisBox) this.analysisBox.hidden = true;
  }

  /** Whether ``game`` is still the board's, with the same record (no new game, no turn taken back).
   * @param {GameStateJson} game @param {object} record */
  current(game, record) {
    return this.board.game === game && this.board.log.record === record;
  }

  /** The finished game's review, then its analysis (a game from a position has neither: its start is unknown).
   * @param {GameStateJson} game */
  async show(game) {
    const record = this.board.log.record;
    if (!record || !this.reviewBox) return;
    let review;
    try {
      review = await gameReview(record);
    } catch {
      return; // the game is over and said so; a review that cannot be made is simply not shown
    }
    if (!this.current(game, record)) return;
    const lesson = this.board.reviewLessons[game.game];
    showGameReview(this.reviewBox, review, game.players, lesson ? siteURL(lesson) : null);
    if (game.tutor) await this.analyse(game, record); // the engine ranks the turns of one roll, not a cascade's
  }

  /** @param {GameStateJson} game @param {import('./game-log.js').GameRecord} record */
  async analyse(game, record) {
    const box = this.analysisBox;
    if (!box) return;
    box.replaceChildren(make('p', {}, t('analysis.working')));
    box.hidden = false;
    let analysis;
    try {
      analysis = await gameAnalysis(record);
    } catch {
      if (this.current(game, record)) box.replaceChildren(make('p', {}, t('analysis.unavailable')));
      return;
    }
    if (!this.current(game, record)) return;
    const file = await gameFile(record).catch(() => null);
    if (!this.current(game, record)) return;
    showGameAnalysis(box, analysis, game.players, this.board.log.takebacks, {
      show: (turn) => this.showTurn(turn),
      end: () => this.showEnd(),
      practise: async (turn) => {
        const judged = turn.judged;
        if (!judged) return false;
        return progress.keepMine({
          game: game.game, position: turn.position, dice: turn.dice, first_turn: turn.first_turn,
          rules: /** @type {Record<string, string | number | boolean>} */ (game.rules), side: turn.side, number: turn.number,
          played: turn.play, best: judged.best.play,
        }) !== null;
      },
    });
    if (file) { // the game as a file: a .mat that GNU Backgammon imports, or the same layout as text
      const save = make('button', { type: 'button', 'data-action': 'game-file' }, t(`analysis.file_${file.extension}`));
      save.addEventListener('click', () => download(`nardy-game.${file.extension}`, file.text, 'text/plain'));
      const line = make('p');
      line.append(save);
      box.append(line);
    }
  }

  /** A turn of the analysis on the board. @param {AnalysedTurn} turn */
  async showTurn(turn) {
    const { board } = this;
    const game = board.game;
    if (!game || !game.result) return;
    const shown = ++this.shown;
    const state = await turnState({ position: turn.position, dice: turn.dice, first_turn: turn.first_turn, rules: game.rules }, []);
    if (board.game !== game || shown !== this.shown) return;
    board.view.setModel(state.board, { animate: false });
    board.computer.move.mark(turn.steps);
    const judged = turn.judged;
    const better = judged && judged.grade !== 'best' && judged.grade !== 'good' ? judged.best : null;
    board.tutor.drawArrows(better ? better.steps : []);
    const title = turnTitle(turn);
    const played = t('analysis.played', { play: turn.play || t('moves.pass') });
    board.say(`${title}. ${played}${better ? ` ${t('tutor.better', { play: better.play })}` : ''}`);
  }

  /** The game's last position again, after stepping through it. */
  showEnd() {
    const { board } = this;
    const game = board.game;
    this.shown += 1;
    if (!game) return;
    board.view.setModel(game.board, { animate: false });
    board.computer.move.clear();
    board.tutor.drawArrows([]);
    if (game.result) board.say(t('play.game_over', { result: resultText(game.result) }));
  }
}

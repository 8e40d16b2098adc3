// The tutor of the free board: the hint (the best plays of the learner's roll, the best drawn as arrows on the
// board, every one listed as text) and the verdict on each of the learner's turns (its grade, the better play,
// and why, most telling first). Both come from nardy_core.tutor through the rules client; this module words
// the answers from the catalogs and draws them. It decides nothing: a play's grade and reasons are Python's.

import { make } from './dom.js';
import { diceText, equityText, percentText } from './feedback.js';
import { t } from './i18n.js';
import { Drawing } from './present/drawing.js';
import { advise, judge } from './rules-client.js';

/** @typedef {import('./board/view.js').BoardView} BoardView */
/** @typedef {import('./rules-client.js').AdvisedPlay} AdvisedPlay */
/** @typedef {import('./rules-client.js').JudgeAnswer} JudgeAnswer */
/** @typedef {import('./rules-client.js').PlayedStep} PlayedStep */
/** @typedef {{position: string, dice: number[], first_turn: boolean, rules: Record<string, unknown>}} TurnQuery */

const HINTED = 3; //: plays the hint lists: the best few, as a teacher would name them
/** grades after which the tutor holds the turn and offers to take it back (GNU Backgammon's tutor warns there) */
const HELD = new Set(['mistake', 'blunder']);

/** The numbers of a play, on demand: equity and chances. @param {AdvisedPlay} play */
function numbers(play) {
  const box = make('details', { class: 'tutor-numbers' });
  box.append(make('summary', {}, t('tutor.numbers')));
  box.append(make('p', {}, t('tutor.numbers_line', {
    equity: equityText(play.equity, true), win: percentText(play.win), win_mars: percentText(play.win_mars), lose_mars: percentText(play.lose_mars),
  })));
  return box;
}

export class Tutor {
  /** @param {HTMLElement} root the free board @param {() => BoardView} view the board shown now */
  constructor(root, view) {
    this.view = view;
    this.box = /** @type {HTMLElement | null} */ (root.querySelector('[data-tutor]'));
    /** @type {Drawing | null} the arrows, on the board they were drawn on */
    this.drawing = null;
    /** counts questions: an answer to an older one is dropped */
    this.asked = 0;
  }

  /** Nothing shown: no list, no verdict, no arrows (a new turn, a new game). */
  clear() {
    this.asked += 1;
    if (this.box) {
      this.box.replaceChildren();
      this.box.hidden = true;
      delete this.box.dataset.grade;
    }
    this.drawArrows([]);
  }

  /** Arrows for a play's steps on the board (a step to or from the bar or off rings its point instead).
   * @param {PlayedStep[]} steps */
  drawArrows(steps) {
    const view = this.view();
    if (this.drawing && this.drawing.view !== view) {
      this.drawing.destroy();
      this.drawing = null;
    }
    if (!steps.length && !this.drawing) return;
    if (!this.drawing) this.drawing = new Drawing(view);
    this.drawing.showSteps(steps);
  }

  /** @param {HTMLElement[]} parts @param {string} [grade] */
  show(parts, grade) {
    if (!this.box) return;
    this.box.replaceChildren(...parts);
    this.box.hidden = false;
    if (grade) this.box.dataset.grade = grade;
    else delete this.box.dataset.grade;
  }

  /** «Подсказка»: the best plays of the turn, best first, the best drawn on the board.
   * @param {TurnQuery} turn */
  async hint(turn) {
    const asked = ++this.asked;
    const answer = await advise({ ...turn, limit: HINTED });
    if (asked !== this.asked) return;
    if (!answer.plays.length) {
      this.show([make('p', {}, t('tutor.hint_none'))]);
      return;
    }
    const list = make('ol', { class: 'tutor-plays', 'data-hint-plays': '' });
    answer.plays.forEach((play, index) => {
      const item = make('li', { 'data-play': play.play, 'data-grade': play.grade });
      const words = index === 0 ? t('tutor.hint_best') : t(`tutor.worse.${play.grade}`);
      item.append(make('span', { class: 'tutor-play' }, play.play), document.createTextNode(` — ${words} `));
      const show = make('button', { type: 'button', 'data-action': 'show-play' }, t('tutor.show_play'));
      show.addEventListener('click', () => this.drawArrows(play.steps));
      item.append(show, numbers(play));
      list.append(item);
    });
    const title = make('p', { class: 'tutor-title' }, t('tutor.hint_title', { dice: diceText(turn.dice), total: answer.total }));
    this.show([title, list]);
    this.drawArrows(answer.plays[0].steps);
  }

  /** The verdict on the learner's play of ``turn`` (in the mover's notation, as the turn reported it), or
   * null when the engine cannot judge it now. @param {TurnQuery} turn @param {string} play
   * @returns {Promise<JudgeAnswer | null>} */
  async judge(turn, play) {
    const asked = ++this.asked;
    try {
      const answer = await judge({ ...turn, play });
      return asked === this.asked ? answer : null;
    } catch (error) {
      // no engine (offline before it was ever loaded): the game goes on without a verdict, and says so
      if (asked === this.asked && error && /** @type {{code?: string}} */ (error).code === 'LOAD_FAILED') {
        this.show([make('p', {}, t('tutor.unavailable'))]);
      }
      return null;
    }
  }

  /** Whether a verdict holds the turn: a mistake or a blunder, which the learner may take back.
   * @param {JudgeAnswer} verdict */
  holds(verdict) {
    return HELD.has(verdict.grade);
  }

  /** After «Переходить»: the better play on the board, and what to do. @param {JudgeAnswer} verdict */
  showTakenBack(verdict) {
    this.show([make('p', {}, t('tutor.taken_back', { play: verdict.best.play }))], verdict.grade);
    this.drawArrows(verdict.best.steps);
  }

  /** The held turn's buttons go (the verdict stays said). */
  dropActions() {
    if (!this.box) return;
    for (const part of this.box.querySelectorAll('[data-tutor-held]')) part.remove();
  }

  /** Says the verdict under the board; for a held turn, with «Переходить» and «Оставить мой ход».
   * @param {JudgeAnswer} verdict @param {{takeBack: () => void, keep: () => void} | null} held */
  showVerdict(verdict, held) {
    const heading = make('p', { class: 'tutor-grade' });
    heading.append(make('strong', {}, t(`tutor.grade.${verdict.grade}`)));
    const parts = [heading];
    if (verdict.grade !== 'best') {
      heading.append(document.createTextNode(` ${t('tutor.played', { play: verdict.played.play })} ${t('tutor.better', { play: verdict.best.play })}`));
      for (const why of verdict.why) parts.push(make('p', { class: 'tutor-why' }, t(why.message, why.params)));
      parts.push(numbers(verdict.played));
    }
    if (held) {
      parts.push(make('p', { 'data-tutor-held': '' }, t('tutor.held')));
      const actions = make('p', { class: 'tutor-actions', 'data-tutor-held': '' });
      const back = make('button', { type: 'button', 'data-action': 'take-back' }, t('tutor.take_back'));
      const keep = make('button', { type: 'button', 'data-action': 'keep' }, t('tutor.keep'));
      back.addEventListener('click', held.takeBack, { once: true });
      keep.addEventListener('click', held.keep, { once: true });
      actions.append(back, keep);
      parts.push(actions);
    }
    this.show(parts, verdict.grade);
    this.drawArrows([]); // a hint's arrows were for the turn's start, which the board no longer shows
  }
}

// A puzzle on a lesson, puzzle or embed page: the task flow, hints, "show solution", success and progress.
// What is accepted was computed at build time by nardy_core (config: accepted final positions, the
// solution in absolute points, quiz verdicts); every step is judged live by nardy_core in the worker.
// How the learner answers (config.mode: turn, choice, click or number) comes from builder/tasks.py. A quiz
// offers "legal" and three rules (config.choices): the right rule, not just "illegal", answers it.

import { keep, take } from './carry.js';
import { siteURL } from './site-root.js';
import { BoardView } from './board/view.js';
import { keepInView, make, reducedMotion } from './dom.js';
import { reasonText } from './feedback.js';
import { t } from './i18n.js';
import { TurnController } from './turn-controller.js';
import { bindViewControls, Widget } from './widget.js';

/** @typedef {import('./board/types.js').PointId} PointId */
/** @typedef {import('./rules-client.js').Reason} Reason */
/**
 * @typedef {object} PuzzleConfig  the widget's data-config (builder/pages.py puzzle_widget)
 * @property {string} id
 * @property {string} lesson
 * @property {string} task
 * @property {'turn' | 'choice' | 'click' | 'number'} mode
 * @property {string[]} choices
 * @property {string} position
 * @property {number[]} dice
 * @property {boolean} first_turn
 * @property {Record<string, unknown>} rules
 * @property {string[]} accepted
 * @property {[PointId, PointId][]} solution
 * @property {PointId[]} targets
 * @property {{answer?: string, choice?: string, reason?: Reason | null, verdict?: string, chance?: number, good?: string[]}} quiz
 * @property {{kind: string, step?: [PointId, PointId], code?: string, final?: string, comment: string}[]} wrong
 * @property {PointId[]} hint_points
 * @property {Record<string, [number, number | null]>} bearoff  a race: final position -> expected rolls and the
 *   mover's chance to finish first (null where the opponent is not all home), from nardy_core.bearoff
 * @property {string | null} next
 * @property {boolean} embed
 * @property {boolean} [composed]
 * @property {string | null} answers  the answer book of a turn (builder/answers.py), from the site root
 */

const SOLUTION_OFFER_AFTER = 2; // failed attempts before "show solution" appears

// The learner's progress and an embed's messages to its page are asked for once a puzzle is up, not among
// the modules a first tap waits for (on a phone's HTTP/1.1 link each of those costs a sixth of a round trip).
// One promise each, so what is recorded is recorded in the order it happened.
/** @type {Promise<typeof import('./progress.js')> | null} */
let progressModule = null;
const withProgress = () => (progressModule ||= import('./progress.js'));
/** @type {Promise<typeof import('./embed-frame.js')> | null} */
let frameModule = null;
const withFrame = () => (frameModule ||= import('./embed-frame.js')); // an embed's page preloads it

export class PuzzleWidget extends Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    /** @type {PuzzleConfig} */
    this.config = JSON.parse(root.dataset.config || '{}');
    this.view = new BoardView(/** @type {SVGSVGElement} */ (root.querySelector('svg')));
    this.status = /** @type {HTMLElement} */ (root.querySelector('[data-status]'));
    this.hintList = /** @type {HTMLElement} */ (root.querySelector('[data-hints]'));
    this.hintsShown = 0;
    /** The hints as the build wrote them into the answer box (HTML from the lesson's Markdown): in the page once. */
    this.hints = [...root.querySelectorAll('.hint-list-static > li')].map((item) => item.innerHTML);
    this.failures = 0;
    this.sawSolution = false;
    this.solved = false;
    /** @type {Set<PointId>} */
    this.found = new Set();
    /** a question of two whose wrong answer was given: solving it now earns one star */
    this.answerGiven = false;
    /** @type {TurnController | null} */
    this.turn = null;
  }

  /** The controls and the success note: only this code shows them, so the page does not carry them in
   * every puzzle's markup (they come hidden, in the places the stylesheet expects). They go with the widget:
   * the widget mounted on this root after it (a lesson's progress reset) adds its own. */
  addParts() {
    const { root, config } = this;
    const controls = make('div', { class: 'widget-controls', 'data-controls': '', hidden: '' });
    const actions = [
      ...(config.mode === 'turn' ? [['undo', 'widget.undo'], ['confirm', 'widget.confirm']] : []),
      ['reset', 'widget.reset'], ['hint', 'puzzle.hint'], ['solution', 'puzzle.show_solution'],
      ['flip', 'widget.flip'], ['perspective', 'board.control.view_black'],
      ...(config.embed ? [] : [['embed', 'embed.button']]), // an embed is already on someone's page
    ];
    for (const [action, key] of actions) {
      const button = make('button', { type: 'button', 'data-action': action }, t(key));
      button.hidden = action === 'solution'; // offered after a few tries
      controls.append(button);
    }
    this.hintList.after(controls); // a hint is read under the status line, not below the buttons (on a phone, off the screen)
    const success = make('div', { class: 'puzzle-success', 'data-success': '', hidden: '', tabindex: '-1' });
    success.append(make('p', { class: 'success-title' }, t('puzzle.success')));
    const good = config.quiz.good || [];
    if (config.task === 'number' && good.length) {
      success.append(make('p', {}, t('number.good_rolls', { n: Number(config.quiz.answer), rolls: good.join(', ') })));
    }
    const next = make('p', { 'data-next-wrap': '', hidden: '' });
    next.append(make('a', { class: 'button', 'data-next': '', href: '#' }, t('puzzle.next')));
    success.append(next);
    root.append(success);
    this.onUnmount(() => {
      controls.remove();
      success.remove();
    });
  }

  /** @param {string} action @returns {HTMLButtonElement} */
  button(action) {
    return /** @type {HTMLButtonElement} */ (this.root.querySelector(`[data-action="${action}"]`));
  }

  /** The puzzle's title as its heading shows it, without the badge and the solved mark. */
  title() {
    const heading = this.root.querySelector('.puzzle-head h2');
    if (!heading) return this.config.id;
    const text = [...heading.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('');
    return text.trim() || this.config.id;
  }

  /** @param {string} text */
  say(text) {
    this.status.textContent = text;
  }

  attach() {
    const { root, config } = this;
    this.addParts();
    /** @type {HTMLElement} */ (root.querySelector('[data-answer-box]')).hidden = true; // hidden until revealed
    /** @type {HTMLElement} */ (root.querySelector('[data-controls]')).hidden = false;
    const choices = /** @type {HTMLElement | null} */ (root.querySelector('[data-choices]'));
    if (choices) choices.hidden = false;
    this.on(this.button('hint'), 'click', () => this.hint());
    this.on(this.button('solution'), 'click', () => this.reveal());
    this.on(this.button('reset'), 'click', () => this.reset());
    const embed = this.root.querySelector('[data-action="embed"]');
    this.on(embed, 'click', async () => {
      const { openEmbedPanel } = await import('./embed-panel.js'); // only when asked: not on a learner's path
      openEmbedPanel({ id: config.id, title: this.title() }, /** @type {HTMLElement} */ (embed));
    });
    this.onUnmount(bindViewControls(root, this.view));
    this.on(this.button('undo'), 'click', () => this.turn && this.turn.undo());
    this.on(this.button('confirm'), 'click', () => this.turn && this.turn.confirm());
    for (const b of root.querySelectorAll('[data-answer]')) {
      this.on(b, 'click', () => this.answer(/** @type {HTMLElement} */ (b).dataset.answer || '', /** @type {HTMLElement} */ (b)));
    }
    const numberForm = /** @type {HTMLFormElement | null} */ (root.querySelector('[data-number-form]'));
    if (numberForm) {
      numberForm.hidden = false;
      this.on(numberForm, 'submit', (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        this.number(/** @type {HTMLInputElement} */ (numberForm.querySelector('[data-number]')).value);
      });
    }
    if (config.mode === 'turn') this.startTurn();
    else root.dataset.ready = 'true'; // judged from build-time answers: playable without Python
    if (config.mode === 'click') this.on(this.view.svg, 'point-activate', (e) => this.click(e.detail.point));
    this.say(t(`task.${config.task}`));
    withProgress().then((progress) => {
      const previous = progress.puzzle(config.id);
      if (previous && previous.solved && this.mounted) /** @type {HTMLElement} */ (root.querySelector('[data-solved-mark]')).hidden = false;
    });
    if (config.embed) {
      if (config.mode !== 'turn') this.tellHost('ready'); // a turn is ready once its board plays
      withFrame().then((frame) => {
        if (!this.mounted) return;
        this.onUnmount(frame.reportHeight(config.id));
        this.onUnmount(frame.takeCommands({ reset: () => this.reset() }));
      });
    }
    this.onUnmount(() => {
      this.keepState();
      if (this.turn) this.turn.destroy();
      this.view.destroy();
    });
    const carried = take(config.id);
    if (carried) this.restore(carried);
  }

  /** What the learner did, for the same puzzle in the other language (carry.js): a puzzle begun and not solved. */
  keepState() {
    const steps = this.turn ? this.turn.steps.map(([from, to]) => /** @type {[PointId, PointId]} */ ([from, to])) : [];
    if (this.solved || (!steps.length && !this.found.size && !this.failures && !this.hintsShown)) return;
    keep(this.config.id, { steps, found: [...this.found], failures: this.failures, hints: this.hintsShown });
  }

  /** Takes up where the learner left the same puzzle in the other language: nothing is recorded again.
   * @param {import('./carry.js').Carried} carried */
  restore(carried) {
    this.failures = carried.failures;
    if (carried.failures) this.offerSolution();
    while (this.hintsShown < Math.min(carried.hints, this.hints.length + 1)) this.showHint();
    if (this.config.mode === 'click') {
      for (const point of carried.found) if (this.config.targets.includes(point)) this.found.add(point);
      if (this.found.size) {
        this.view.highlight([...this.found], 'target');
        this.say(t('click.remaining', { n: this.config.targets.length - this.found.size }));
      }
    }
    if (this.turn && carried.steps.length) this.turn.playSteps(carried.steps, 0);
  }

  /** Tells the page around an embed what happened (embed-frame.js); a puzzle on this site's pages has none.
   * @param {string} type @param {Record<string, unknown>} [detail] */
  tellHost(type, detail = {}) {
    if (this.config.embed) withFrame().then((frame) => frame.tellHost(type, { id: this.config.id, ...detail }));
  }

  /** @param {(progress: typeof import('./progress.js')) => void} write */
  record(write) {
    withProgress().then(write);
  }

  startTurn() {
    if (this.turn) this.turn.destroy();
    const { config } = this;
    this.turn = new TurnController(this.view, config, { status: this.status, autoConfirm: true });
    this.turn.addEventListener('rejected', (e) => this.rejected(/** @type {CustomEvent} */ (e).detail));
    this.turn.addEventListener('complete', (e) => this.completed(/** @type {CustomEvent} */ (e).detail));
    this.turn.addEventListener('playable', () => this.tellHost('ready'));
    this.turn.addEventListener('step', (e) => this.tellHost('move', { play: /** @type {CustomEvent} */ (e).detail.play }));
    this.turn.start();
  }

  /** A wrong answer: one miss more, and the page told (sounds.js; a refused step is told by the turn controller). */
  missed() {
    this.failures += 1;
    this.root.dispatchEvent(new CustomEvent('mistake', { bubbles: true }));
  }

  /** A refused step is a miss; a slip (a tap where the learner has no checker) is explained and costs nothing.
   * @param {{from: PointId, to: PointId, reason: Reason, slip: boolean}} detail */
  rejected({ from, to, reason, slip }) {
    if (slip) return;
    const comment = this.config.wrong.find(
      (w) => w.kind === 'step' && w.step && w.step[0] === from && String(w.step[1]) === String(to) && w.code === reason.code,
    );
    if (comment) this.comment(reasonText(reason), comment.comment);
    this.failures += 1;
    this.record((progress) => progress.recordAttempt(this.config.id, this.config.lesson));
    this.offerSolution();
  }

  /** @param {string} first @param {string} html */
  comment(first, html) {
    this.status.textContent = first ? `${first} ` : '';
    const extra = document.createElement('span');
    extra.className = 'wrong-comment';
    extra.innerHTML = html; // built at build time from the lesson's Markdown (escaped), not user input
    this.status.append(extra);
  }

  /** @param {{position: string}} detail */
  completed({ position }) {
    if (this.sawSolution && !this.solved) {
      this.say(t('puzzle.solution_shown'));
      return;
    }
    if (this.config.accepted.includes(position)) return this.success(this.bearoffText(position));
    const comment = this.config.wrong.find((w) => w.kind === 'final' && w.final === position);
    if (comment) this.comment(t('puzzle.wrong_turn'), comment.comment);
    else this.say(t('puzzle.not_accepted'));
    const table = this.bearoffText(position);
    if (table) this.status.append(` ${table}`);
    this.missed();
    this.record((progress) => progress.recordAttempt(this.config.id, this.config.lesson));
    this.offerSolution();
  }

  /** The race's expected rolls and winning chance of the learner's play against the answer's (a race's "best"
   * puzzle: builder/tasks.py proves the answer by the exact bear-off tables).
   * @param {string} position */
  bearoffText(position) {
    const table = this.config.bearoff || {};
    const best = this.config.accepted.find((final) => final in table);
    if (!(position in table) || best === undefined) return '';
    const lang = document.documentElement.lang;
    const rolls = (/** @type {number} */ n) => n.toLocaleString(lang, { maximumFractionDigits: 2 });
    const chance = (/** @type {number} */ p) => p.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 1 });
    const [yours, yoursWin] = table[position];
    const [least, bestWin] = table[best];
    if (this.config.accepted.includes(position)) {
      return yoursWin === null ? t('puzzle.bearoff_answer', { rolls: rolls(yours) })
        : t('puzzle.race_answer', { rolls: rolls(yours), win: chance(yoursWin) });
    }
    if (yoursWin === null || bestWin === null) return t('puzzle.bearoff_result', { yours: rolls(yours), best: rolls(least) });
    return t('puzzle.race_result', { yours: rolls(yours), yours_win: chance(yoursWin), best: rolls(least), best_win: chance(bestWin) });
  }

  /** For a cube question: the winning chances the answer rests on. */
  chanceText() {
    const { quiz, task } = this.config;
    if (quiz.chance === undefined) return '';
    const percent = Math.round(quiz.chance * 1000) / 10;
    return t(task === 'take' ? 'cube.chance_taker' : 'cube.chance_doubler', { percent: percent.toLocaleString(document.documentElement.lang) });
  }

  /** @param {string} value @param {HTMLElement} buttonEl */
  answer(value, buttonEl) {
    if (this.solved || buttonEl.getAttribute('aria-disabled') === 'true') return;
    const { quiz } = this.config;
    const expected = quiz.choice ?? quiz.answer; // a quiz names the rule; score and cube tasks the answer itself
    const right = value === expected;
    for (const b of this.root.querySelectorAll('[data-answer]')) b.setAttribute('aria-pressed', String(b === buttonEl));
    const reason = quiz.reason ? ` ${t('quiz.reason', { reason: reasonText(quiz.reason) })}` : (this.chanceText() ? ` ${this.chanceText()}` : '');
    if (right) {
      if (quiz.reason && quiz.reason.highlight.length) this.view.highlight(quiz.reason.highlight, quiz.reason.mark);
      if (this.sawSolution) return this.say(`${t('quiz.correct')}${reason} ${t('quiz.answer_was_seen')}`);
      this.say(t('quiz.correct') + reason);
      this.success();
      return;
    }
    this.missed();
    this.record((progress) => progress.recordAttempt(this.config.id, this.config.lesson));
    // a wrong choice is not offered twice; once one choice is left, or the feedback names the answer, it is seen:
    // elimination earns nothing then, but a question of two (double or not, legal or not) is solved for one
    // star, not voided by one wrong guess
    buttonEl.setAttribute('aria-disabled', 'true');
    const all = [...this.root.querySelectorAll('[data-answer]')];
    const left = all.filter((b) => b.getAttribute('aria-disabled') !== 'true');
    if (left.length <= 1 || (quiz.choice === undefined && quiz.verdict)) {
      if (all.length === 2) this.answerGiven = true;
      else this.answerSeen();
    }
    if (quiz.choice !== undefined) {
      // a quiz: say how far off the answer was, not which rule it is (the board marks where to look)
      if (quiz.reason && quiz.reason.highlight.length) this.view.highlight(quiz.reason.highlight, quiz.reason.mark);
      const halfRight = value !== 'legal' && quiz.answer === 'illegal';
      this.say(`${t('quiz.wrong')} ${t(halfRight ? 'quiz.wrong_rule' : 'quiz.try_again')}`);
    } else {
      if (quiz.reason && quiz.reason.highlight.length) this.view.highlight(quiz.reason.highlight, quiz.reason.mark);
      this.say(t('quiz.wrong') + (quiz.verdict ? ` ${t(`quiz.answer_${quiz.answer}`)}${reason}` : reason));
    }
    this.offerSolution();
  }

  /** A number task: the learner's number against nardy_core's. @param {string} text */
  number(text) {
    if (this.solved) return;
    const value = text.trim();
    if (!/^-?\d+$/.test(value)) {
      this.say(t('number.empty'));
      return;
    }
    if (Number(value) === Number(this.config.quiz.answer)) {
      this.say(t('number.correct', { n: Number(value) }));
      this.success();
      return;
    }
    this.missed();
    this.record((progress) => progress.recordAttempt(this.config.id, this.config.lesson));
    this.say(t('number.wrong', { n: Number(value) }));
    this.offerSolution();
  }

  /** @param {PointId} point */
  click(point) {
    if (this.solved) return;
    const { targets } = this.config;
    if (!targets.includes(point)) {
      this.view.highlight([point], 'error');
      // which point that is, by what stands on it: the number alone does not say where the learner tapped
      const occupant = this.view.model.points[String(point)];
      const label = this.view.pointEl(point)?.dataset.label || String(point);
      this.say(occupant && occupant.count
        ? t('click.wrong', { point: label, checkers: t(`board.checkers.${occupant.side}`, { n: occupant.count }) })
        : t('click.wrong_empty', { point: label }));
      this.missed();
      this.offerSolution();
      return;
    }
    this.found.add(point);
    this.view.clearMarks();
    this.view.highlight([...this.found], 'target');
    const left = targets.length - this.found.size;
    // the line says what this click did (never a stale "no" above the success), then what is left
    const found = t('click.correct', { point: this.view.pointEl(point)?.dataset.label || String(point) });
    this.say(left ? `${found} ${t('click.remaining', { n: left })}` : found);
    if (!left) this.success();
  }

  /** The next hint: the answer box's hints one by one, then the board's. @returns {boolean} false when all are out */
  hint() {
    if (this.hintsShown > this.hints.length) return false;
    this.record((progress) => progress.recordHint(this.config.id, this.config.lesson));
    this.showHint();
    return true;
  }

  /** Shows the next hint (recorded by the caller, or carried from the other language). */
  showHint() {
    const { hints } = this;
    if (this.hintsShown < hints.length) {
      const item = document.createElement('li');
      item.innerHTML = hints[this.hintsShown]; // rendered from the lesson's Markdown at build time
      this.hintList.append(item);
      this.hintsShown += 1;
      this.say(t('puzzle.hints_left', { n: hints.length + 1 - this.hintsShown }));
      keepInView(item);
    } else if (this.hintsShown === hints.length) {
      this.hintsShown += 1;
      const points = this.config.mode === 'click' ? this.config.targets.filter((p) => !this.found.has(p)).slice(0, 1) : this.config.hint_points;
      // the hint is what the board shows now: an earlier attempt's error mark would sit on top of it
      this.view.clearHighlights('error');
      this.view.highlight(points, 'hint');
      this.say(t('puzzle.hint_board'));
      this.button('hint').disabled = true;
      this.offerSolution(true);
    }
  }

  offerSolution(force = false) {
    if (force || this.failures >= SOLUTION_OFFER_AFTER) this.button('solution').hidden = false;
  }

  /** From now on this visit cannot solve it for stars, and a later one earns one star at most. */
  answerSeen() {
    if (this.sawSolution) return;
    this.sawSolution = true;
    this.record((progress) => progress.recordAnswerSeen(this.config.id, this.config.lesson, this.hints.length + 1));
  }

  /** «Показать решение»: plays or marks the solution and opens the answer box. */
  async reveal() {
    this.answerSeen();
    const { config } = this;
    if (config.mode === 'turn' && this.turn) {
      await this.turn.reset();
      this.say(t('puzzle.solution_playing'));
      await this.turn.playSteps(config.solution, reducedMotion() ? 0 : 700);
    } else if (config.mode === 'click') {
      this.view.highlight(config.targets, 'target');
    }
    const box = /** @type {HTMLDetailsElement} */ (this.root.querySelector('[data-answer-box]'));
    box.hidden = false;
    box.open = true;
  }

  reset() {
    this.found.clear();
    this.answerGiven = false;
    this.view.clearMarks();
    this.hintList.replaceChildren();
    this.hintsShown = 0;
    this.button('hint').disabled = false;
    /** @type {HTMLElement} */ (this.root.querySelector('[data-success]')).hidden = true;
    for (const b of this.root.querySelectorAll('[data-answer]')) {
      b.removeAttribute('aria-pressed');
      b.removeAttribute('aria-disabled');
    }
    const input = /** @type {HTMLInputElement | null} */ (this.root.querySelector('[data-number]'));
    if (input) input.value = '';
    this.solved = false;
    if (this.config.mode === 'turn') this.startTurn();
    this.say(t(`task.${this.config.task}`));
  }

  /** @param {string} [detail] more to say about the solution (a race's expected rolls) */
  async success(detail = '') {
    if (this.solved) return;
    this.solved = true;
    this.button('hint').disabled = true; // nothing left to hint at («Заново» offers the hints again)
    const { config, root } = this;
    const progress = await withProgress();
    if (!this.mounted || !this.solved) return; // the page moved on, or «Заново», while it came
    // what earlier visits kept counts too while it is unsolved: a reload or «Заново» does not wipe the slate
    const stored = progress.puzzle(config.id);
    const earlier = stored && !stored.solved ? stored : { hints: 0, attempts: 0 };
    const stars = this.answerGiven ? 1 : progress.starsFor(Math.max(this.hintsShown, earlier.hints), Math.max(this.failures, earlier.attempts), this.sawSolution);
    if (!this.sawSolution) progress.markSolved(config.id, config.lesson, stars);
    /** @type {HTMLElement} */ (root.querySelector('[data-solved-mark]')).hidden = this.sawSolution;
    const box = /** @type {HTMLElement} */ (root.querySelector('[data-success]'));
    box.hidden = false;
    const explanation = root.querySelector('[data-answer-box] .explanation');
    if (explanation && !box.querySelector('.explanation')) {
      box.querySelector('[data-next-wrap]')?.before(explanation.cloneNode(true)); // in the page once, in the answer box
    }
    const title = box.querySelector('.success-title');
    if (title) title.textContent = `${t('puzzle.success')} ${'★'.repeat(stars)} (${t('puzzle.stars', { n: stars })})`;
    if (detail) this.status.textContent = `${this.status.textContent} ${detail}`.trim();
    const fromReview = !config.embed && new URL(window.location.href).searchParams.has('review');
    if (config.next || fromReview) {
      const link = /** @type {HTMLAnchorElement} */ (box.querySelector('[data-next]'));
      if (fromReview) {
        // opened from the review page: back to it, with what is still due today
        const { queue } = await import('./review.js');
        const left = queue(progress.load().puzzles, Date.now()).due.filter(([id]) => id !== config.id).length;
        link.href = siteURL(`${document.documentElement.dataset.lang || 'ru'}/review/`);
        link.textContent = left ? t('review.back', { n: left }) : t('review.back_done');
      } else {
        link.href = siteURL(/** @type {string} */ (config.next));
      }
      /** @type {HTMLElement} */ (box.querySelector('[data-next-wrap]')).hidden = false;
    }
    box.focus({ preventScroll: false });
    if (!this.sawSolution) root.dispatchEvent(new CustomEvent('puzzle-solved', { bubbles: true })); // sounds.js
    this.tellHost('solved', { stars });
  }
}

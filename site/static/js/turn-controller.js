// One turn played on a BoardView: forwards clicks, drags and keys to nardy_core (through the rules client)
// and shows what it answers. It never decides legality and speaks only absolute board points.
//
//   const turn = new TurnController(view, {position, dice, first_turn, rules}, {status, autoConfirm, confirmLast})
//   turn.addEventListener('step', e => e.detail)         // {steps, play, state} after an accepted step
//   turn.addEventListener('rejected', e => e.detail)     // {from, to, reason, slip} after a refused step or tap
//                                                          (slip: a tap where the mover has no checker)
//   turn.addEventListener('complete', e => e.detail)     // {state, play, position} when the turn is done
//   turn.addEventListener('playable', () => …)          // once: the board answers moves from now on
//   await turn.start(); turn.undo(); turn.reset(); turn.confirm(); turn.playSteps(steps, ms); turn.destroy()

import { diceText, handedText, partText, reasonText } from './feedback.js';
import { keepInView } from './dom.js';
import { t } from './i18n.js';
import { explainPoint, turnState, tryStep, useAnswers } from './rules-client.js';
import { onStatus } from './runtime.js';
import { siteURL } from './site-root.js';

/** @typedef {import('./board/view.js').BoardView} BoardView */
/** @typedef {import('./board/types.js').PointId} PointId */
/** @typedef {import('./rules-client.js').TurnSetup} TurnSetup */
/** @typedef {import('./rules-client.js').TurnState} TurnState */
/** @typedef {import('./rules-client.js').StepPair} StepPair */
/** @typedef {import('./rules-client.js').Reason} Reason */

// A learner who waits longer than this for an answer is told that the rules engine is still loading;
// answers from the board's book (or a booted Python) come long before it, so a quick answer never flickers.
const LOADING_NOTICE_MS = 300;

/** A point as the status line names it: its number, "бар" or "за доску". @param {number | string} label */
function pointWord(label) {
  if (label === 'off') return t('feedback.off');
  if (label === 'bar') return t('feedback.bar');
  return String(label);
}

/** A turn with no move: the roll passes (and what it hands over is said), or dice handed over are lost.
 * @param {TurnState} state @param {TurnSetup} setup */
function passText(state, setup) {
  if (state.part && state.part.kind === 'handoff') return t('widget.handoff_lost', { dice: diceText(state.part.dice) });
  return `${t('widget.must_pass', { dice: diceText(setup.dice || []) })} ${handedText(state)}`.trim();
}

export class TurnController extends EventTarget {
  /**
   * @param {BoardView} view
   * @param {TurnSetup & {answers?: string | null}} setup  answers: the board's answer book, from the site root
   * @param {{status?: HTMLElement | null, autoConfirm?: boolean, confirmLast?: boolean}} [options]  autoConfirm:
   *   a complete turn ends at once; confirmLast: even a turn with no step left waits for «Завершить ход», so its
   *   last step can still be taken back (the free board); else such a turn ends on its last step (a puzzle)
   */
  constructor(view, setup, { status = null, autoConfirm = false, confirmLast = false } = {}) {
    super();
    this.view = view;
    const { answers: _book, ...fields } = setup; // the request's fields: the book is fetched here, not sent
    /** @type {TurnSetup} */
    this.setup = { ...fields, first_turn: !!setup.first_turn, rules: setup.rules || {} };
    this.answers = setup.answers ? siteURL(setup.answers) : null;
    this.status = status;
    this.autoConfirm = autoConfirm;
    this.confirmLast = confirmLast;
    /** @type {StepPair[]} accepted so far (absolute) */
    this.steps = [];
    /** @type {TurnState | null} */
    this.state = null;
    /** @type {PointId | null} */
    this.selected = null;
    /** @type {number | null} */
    this.chosenDie = null;
    /** the last refusal's sentence, while nothing else has been said: a slip after it repeats it */
    this.refused = '';
    /** the learner has acted on this board (a point, the bar, the tray, a die chosen) */
    this.engaged = false;
    /** @type {Promise<unknown>} */
    this.busy = Promise.resolve();
    this.finished = false;
    this.ready = false;
    this.unsubscribe = onStatus((s) => {
      this.ready = s.state === 'ready';
    });
    /** @type {Record<string, (e: any) => void>} */
    this.handlers = {
      'point-activate': (e) => this.enqueue(() => this.onPoint(e.detail.point)),
      'bar-activate': (e) => this.enqueue(() => (e.detail.side === this.state?.mover ? this.onPoint('bar') : undefined)),
      'drag-move': (e) => this.enqueue(() => this.move(e.detail.from, e.detail.to)),
      'off-activate': () => this.enqueue(() => (this.selected !== null ? this.move(this.selected, 'off') : undefined)),
      'die-select': (e) => this.onDie(e.detail.value),
      'selection-clear': () => this.clearSelection(),
    };
    for (const [type, handler] of Object.entries(this.handlers)) {
      this.handlers[type] = (e) => {
        this.engaged = true;
        handler(e);
      };
      view.svg.addEventListener(type, this.handlers[type]);
    }
  }

  /** @param {string} text @param {boolean} [passing] a notice that a refusal's sentence outlives (the rules
   * still loading: a slip answered after it says the refusal again) */
  say(text, passing = false) {
    if (!passing) this.refused = ''; // something else is said: a refusal's sentence is no longer the last word
    if (!this.status) return;
    this.status.textContent = text;
    // what the learner's own click or key brought is read where it is said (never a page that just opened)
    if (text && this.engaged) keepInView(this.status);
  }

  /** Clicks wait here in order and are never lost, also while Python boots. @param {() => unknown} action */
  enqueue(action) {
    let answered = false;
    if (!this.ready) {
      setTimeout(() => {
        if (!answered && !this.ready) this.say(t('widget.loading'), true);
      }, LOADING_NOTICE_MS);
    }
    this.busy = this.busy.then(action).catch((error) => this.fail(error)).finally(() => {
      answered = true;
    });
    return this.busy;
  }

  /** @param {any} error */
  fail(error) {
    this.say(`${t('runtime.failed')} ${error && error.code ? `(${error.code})` : ''}`.trim());
  }

  start() {
    return this.enqueue(async () => {
      await useAnswers(this.answers);
      this.apply(await turnState(this.setup, this.steps), false);
      if (this.state?.must_pass) {
        this.say(passText(this.state, this.setup));
        this.finish();
      } else if (this.state?.part && partText(this.state)) {
        // a cascade or a hand-off is said after what was said before it (the dice thrown, the computer's move)
        const choose = t('widget.choose_checker');
        const said = this.status && this.status.textContent !== t('widget.loading') ? this.status.textContent.replace(choose, '') : '';
        this.say(`${said} ${partText(this.state)} ${choose}`.replace(/\s+/g, ' ').trim());
      } else if (!this.status || !this.status.textContent || this.status.textContent === t('widget.loading')) {
        this.say(t('widget.choose_checker'));
      }
    });
  }

  /** @param {TurnState} state @param {boolean} [animate] */
  apply(state, animate = true) {
    this.state = state;
    const widget = /** @type {HTMLElement | null} */ (this.view.svg.closest('[data-widget]'));
    if (widget && !widget.dataset.ready) {
      widget.dataset.ready = 'true'; // the board answers moves from now on
      if (!performance.getEntriesByName('nardy:ready').length) performance.mark('nardy:ready'); // the page plays
      this.dispatchEvent(new CustomEvent('playable'));
    }
    this.view.setModel(state.board, { animate });
    this.view.clearMarks();
    this.selected = null;
    this.view.setSelectable(this.finished ? [] : this.sources());
  }

  /** @returns {PointId[]} */
  sources() {
    return Object.keys(this.state?.moves || {}).map((p) => (p === 'bar' ? 'bar' : Number(p)));
  }

  clearSelection() {
    this.selected = null;
    this.view.select(null);
    this.view.markDestinations([]);
  }

  /** @param {number} value */
  onDie(value) {
    this.chosenDie = value;
    this.say(t('widget.die_chosen', { value }));
  }

  /** @param {PointId} point */
  destinations(point) {
    return (this.state?.moves[String(point)] || []).map((m) => ({ point: m.to, dice: m.dice }));
  }

  /** @param {PointId} point */
  async onPoint(point) {
    if (!this.state || this.finished) return;
    if (this.selected === null) return this.pick(point);
    if (point === this.selected) {
      this.clearSelection();
      this.say(t('widget.selected_none'));
      return;
    }
    const reachable = this.destinations(this.selected).some((d) => d.point === point);
    if (!reachable && this.state.moves[String(point)]) return this.pick(point); // switch to another checker
    return this.move(this.selected, point);
  }

  /** @param {PointId} point */
  async pick(point) {
    const options = this.destinations(point);
    if (options.length) {
      this.selected = point;
      this.view.select(point);
      this.view.markDestinations(options);
      this.say(point === 'bar' ? t('widget.select_bar') : t('widget.select', { point: this.view.pointEl(point)?.dataset.label || '' }));
      return;
    }
    // no legal move from here: the rules say why
    const answer = await explainPoint(this.setup, this.steps, point);
    if (answer.reason) this.refuse(point, point, answer.reason, !this.holdsChecker(point));
  }

  /** Whether the mover has a checker on ``point``: a tap anywhere else cannot be a move (the opponent's
   * checker, an empty point: often the destination meant after a refused step). @param {PointId} point */
  holdsChecker(point) {
    const state = this.state;
    if (!state || point === 'off') return false;
    if (point === 'bar') return state.board.bar[state.mover] > 0;
    const held = state.board.points[String(point)];
    return Boolean(held && held.side === state.mover);
  }

  /** @param {PointId} from @param {PointId} to */
  async move(from, to) {
    const option = this.destinations(from).find((d) => d.point === to);
    const die = this.chosenDie && (!option || option.dice.length === 1) ? this.chosenDie : null;
    await this.tryStep(from, to, die);
  }

  /** A step or a tap refused, and why. A slip (a tap where the mover has no checker) right after a refusal
   * keeps that refusal's sentence in view after its own: it is the step's destination, tapped once more.
   * @param {PointId} from @param {PointId} to @param {Reason} reason @param {boolean} [slip] */
  refuse(from, to, reason, slip = false) {
    this.view.clearMarks();
    this.view.setSelectable(this.sources());
    this.view.highlight(reason.highlight, reason.mark);
    this.selected = null;
    const sentence = reasonText(reason);
    this.say(slip && this.refused ? `${sentence} ${this.refused}` : sentence);
    this.refused = slip ? '' : sentence;
    this.dispatchEvent(new CustomEvent('rejected', { detail: { from, to, reason, slip } }));
    if (!slip) this.view.svg.dispatchEvent(new CustomEvent('mistake', { bubbles: true })); // sounds.js
  }

  /** @param {PointId} from @param {PointId} to @param {number | null} die */
  async tryStep(from, to, die) {
    /** @type {{from: PointId, to: PointId, die?: number}} */
    const step = { from, to };
    if (die) step.die = die;
    const answer = await tryStep(this.setup, this.steps, step);
    this.chosenDie = null;
    if (!answer.accepted) {
      if (answer.reason) this.refuse(from, to, answer.reason);
      return;
    }
    for (const s of answer.steps) this.steps.push([s.from, s.to]);
    const stage = this.state?.part?.index;
    this.apply(answer.state);
    // a cascade's next stage began with this step: said after the step
    const next = answer.state.part && answer.state.part.index !== stage ? ` ${partText(answer.state)}` : '';
    const moved = answer.steps.map((s) => t(s.hit ? 'widget.moved_hit' : 'widget.moved', { from: pointWord(s.labels[0]), to: pointWord(s.labels[1]) })).join(', ');
    const left = answer.state.dice_left.length ? ` ${t('widget.dice_left', { dice: answer.state.dice_left.join(', ') })}` : '';
    const done = answer.state.complete && !Object.keys(answer.state.moves).length;
    const waits = done && this.confirmLast && !this.autoConfirm;
    const handed = answer.state.complete ? ` ${handedText(answer.state)}` : '';
    this.say(`${moved}.${next}${left}${handed}${waits ? ` ${t('widget.press_confirm', { play: answer.state.play, button: t('widget.confirm') })}` : ''}`.replace(/ {2,}/g, ' '));
    this.dispatchEvent(new CustomEvent('step', { detail: { steps: [...this.steps], play: answer.state.play, state: answer.state } }));
    if (answer.state.complete && (this.autoConfirm || (done && !this.confirmLast))) this.finish();
  }

  finish() {
    const state = this.state;
    if (!state) return;
    this.finished = true;
    this.view.setSelectable([]);
    this.say(state.must_pass ? passText(state, this.setup) : `${t('widget.turn_complete', { play: state.play })} ${handedText(state)}`.trim());
    this.dispatchEvent(new CustomEvent('complete', { detail: { state, play: state.play, position: state.position } }));
  }

  confirm() {
    return this.enqueue(async () => {
      if (!this.state || this.finished) return;
      if (this.state.complete) return this.finish();
      this.say(reasonText(this.state.incomplete_reason));
    });
  }

  undo() {
    return this.enqueue(async () => {
      if (!this.steps.length) return;
      this.steps.pop();
      this.finished = false;
      this.apply(await turnState(this.setup, this.steps));
      this.say(t('widget.choose_checker'));
    });
  }

  reset() {
    return this.enqueue(async () => {
      this.steps = [];
      this.finished = false;
      this.apply(await turnState(this.setup, this.steps), false);
      this.say(t('widget.choose_checker'));
    });
  }

  /** Play absolute [from, to] steps one by one (for "show solution"), pausing between them.
   * @param {StepPair[]} steps @param {number} pauseMs */
  playSteps(steps, pauseMs) {
    return this.enqueue(async () => {
      for (const [from, to] of steps) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        await this.tryStep(from, to, null);
      }
    });
  }

  destroy() {
    for (const [type, handler] of Object.entries(this.handlers)) this.view.svg.removeEventListener(type, handler);
    this.unsubscribe();
  }
}

// One turn played on a BoardView: forwards clicks, drags and keys to nardy_core (through the worker) and
// shows what it answers. It never decides legality itself.
//
//   const turn = new TurnController(view, {position, dice, first_turn, rules}, {status, autoConfirm})
//   turn.addEventListener('step', e => e.detail)         // {steps, play, state} after an accepted step
//   turn.addEventListener('rejected', e => e.detail)     // {from, to, reason} after a refused step
//   turn.addEventListener('complete', e => e.detail)     // {state, play, position} when the turn is done
//   await turn.start(); turn.undo(); turn.reset(); turn.confirm(); turn.destroy()
// Points in requests are the mover's own numbers; the view speaks absolute (White-numbered) points.

import { ownLabel } from './board-view.js';
import { diceText, markKind, reasonText } from './feedback.js';
import { t } from './i18n.js';
import { onStatus, request } from './runtime.js';

export class TurnController extends EventTarget {
  constructor(view, setup, { status = null, autoConfirm = false } = {}) {
    super();
    this.view = view;
    this.setup = { position: setup.position, dice: setup.dice, first_turn: !!setup.first_turn, rules: setup.rules || {} };
    this.status = status;
    this.autoConfirm = autoConfirm;
    this.steps = []; // [[from, to], ...] accepted so far (own numbering)
    this.state = null;
    this.selected = null; // absolute point
    this.chosenDie = null;
    this.busy = Promise.resolve();
    this.finished = false;
    this.ready = false;
    this.unsubscribe = onStatus((s) => {
      this.ready = s.state === 'ready';
    });
    this.handlers = {
      'point-activate': (e) => this.enqueue(() => this.onPoint(e.detail.point)),
      'drag-move': (e) => this.enqueue(() => this.move(e.detail.from, e.detail.to)),
      'off-activate': () => this.enqueue(() => (this.selected !== null ? this.move(this.selected, 'off') : null)),
      'die-select': (e) => this.onDie(e.detail.value),
      'selection-clear': () => this.clearSelection(),
    };
    for (const [type, handler] of Object.entries(this.handlers)) view.svg.addEventListener(type, handler);
  }

  get mover() {
    return this.setup.position.startsWith('b') ? 'black' : 'white';
  }

  own(point) {
    return point === 'off' ? 'off' : ownLabel(point, this.mover);
  }

  abs(point) {
    return point === 'off' || point === 0 ? 'off' : ownLabel(point, this.mover);
  }

  say(text) {
    if (this.status) this.status.textContent = text;
  }

  // clicks made before Python is ready wait here in order, and are never lost
  enqueue(action) {
    if (!this.ready) this.say(t('widget.loading'));
    this.busy = this.busy.then(action).catch((error) => this.fail(error));
    return this.busy;
  }

  fail(error) {
    this.say(`${t('runtime.failed')} ${error && error.code ? `(${error.code})` : ''}`.trim());
  }

  payload(extra = {}) {
    return { ...this.setup, steps: this.steps, ...extra };
  }

  async start() {
    return this.enqueue(async () => {
      this.apply(await request('turn_state', this.payload()), false);
      if (this.state.must_pass) {
        this.say(t('widget.must_pass', { dice: diceText(this.setup.dice) }));
        this.finish();
      } else if (!this.status || !this.status.textContent || this.status.textContent === t('widget.loading')) {
        this.say(t('widget.choose_checker'));
      }
    });
  }

  apply(state, animate = true) {
    this.state = state;
    const widget = this.view.svg.closest('[data-widget]');
    if (widget && !widget.dataset.ready) {
      widget.dataset.ready = 'true'; // the board answers moves from now on
      performance.mark('nardy:widget-ready');
    }
    this.view.setModel({ ...state.board, perspective: this.view.model?.perspective || state.board.perspective }, { animate });
    this.view.clearMarks();
    this.selected = null;
    const sources = Object.keys(state.moves).map((p) => this.abs(Number(p)));
    this.view.setSelectable(this.finished ? [] : sources);
  }

  clearSelection() {
    this.selected = null;
    this.view.select(null);
    this.view.markDestinations([]);
  }

  onDie(value) {
    this.chosenDie = value;
    this.say(t('widget.die_chosen', { value }));
  }

  destinations(absPoint) {
    const moves = this.state?.moves[String(this.own(absPoint))] || [];
    return moves.map((m) => ({ point: m.to === 'off' ? 'off' : m.to_abs, dice: m.dice }));
  }

  async onPoint(point) {
    if (!this.state || this.finished) return;
    if (this.selected === null) return this.pick(point);
    if (point === this.selected) {
      this.clearSelection();
      this.say(t('widget.selected_none'));
      return;
    }
    const options = this.destinations(this.selected);
    const ownPoint = this.state.moves[String(this.own(point))];
    if (!options.some((d) => d.point === point) && ownPoint) return this.pick(point); // switch to another checker
    return this.move(this.selected, point);
  }

  async pick(point) {
    const options = this.destinations(point);
    if (options.length) {
      this.selected = point;
      this.view.select(point);
      this.view.markDestinations(options);
      this.say(t('widget.select', { point: this.own(point) }));
      return;
    }
    // no legal move from here: let the rules say why (the largest die left, straight ahead)
    const die = this.state.dice_left[0];
    if (!die) return;
    const from = this.own(point);
    const target = from - die > 0 ? from - die : 'off';
    await this.tryStep(from, target, die);
  }

  async move(fromAbs, toAbs) {
    const from = this.own(fromAbs);
    const to = this.own(toAbs);
    const option = this.destinations(fromAbs).find((d) => d.point === toAbs);
    const die = this.chosenDie && (!option || option.dice.length === 1) ? this.chosenDie : null;
    await this.tryStep(from, to, die);
  }

  async tryStep(from, to, die) {
    const step = { from, to };
    if (die) step.die = die;
    const answer = await request('try_step', this.payload({ step }));
    this.chosenDie = null;
    if (!answer.accepted) {
      this.view.clearMarks();
      this.view.setSelectable(Object.keys(this.state.moves).map((p) => this.abs(Number(p))));
      this.view.highlight(answer.highlight, markKind(answer.reason));
      this.selected = null;
      this.say(reasonText(answer.reason));
      this.dispatchEvent(new CustomEvent('rejected', { detail: { from, to, reason: answer.reason } }));
      return;
    }
    for (const s of answer.steps) this.steps.push([s.from, s.to]);
    this.apply(answer.state);
    const moved = answer.steps.map((s) => t('widget.moved', { from: s.from, to: s.to === 'off' ? t('feedback.off') : s.to })).join(', ');
    const left = answer.state.dice_left.length ? ' ' + t('widget.dice_left', { dice: answer.state.dice_left.join(', ') }) : '';
    this.say(moved + '.' + left);
    this.dispatchEvent(new CustomEvent('step', { detail: { steps: [...this.steps], play: answer.state.play, state: answer.state } }));
    if (answer.state.complete && (this.autoConfirm || !answer.state.legal_steps.length)) this.finish();
  }

  finish() {
    this.finished = true;
    this.view.setSelectable([]);
    this.say(this.state.must_pass ? t('widget.must_pass', { dice: diceText(this.setup.dice) }) : t('widget.turn_complete', { play: this.state.play }));
    this.dispatchEvent(new CustomEvent('complete', { detail: { state: this.state, play: this.state.play, position: this.state.position } }));
  }

  confirm() {
    return this.enqueue(async () => {
      if (!this.state || this.finished) return;
      if (this.state.complete) return this.finish();
      this.say(reasonText({ code: 'MUST_USE_BOTH', params: { dice: this.state.max_dice } }));
    });
  }

  undo() {
    return this.enqueue(async () => {
      if (!this.steps.length) return;
      this.steps.pop();
      this.finished = false;
      this.apply(await request('turn_state', this.payload()));
      this.say(t('widget.choose_checker'));
    });
  }

  reset() {
    return this.enqueue(async () => {
      this.steps = [];
      this.finished = false;
      this.apply(await request('turn_state', this.payload()), false);
      this.say(t('widget.choose_checker'));
    });
  }

  /** Play a list of [from, to] steps one by one (for "show solution"), pausing between them. */
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

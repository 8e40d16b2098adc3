// An annotated game in a lesson: step through it with the buttons, the move list or the keyboard
// (← → one move, Home / End the start and the end). Every position and the notes were computed at build time
// by nardy_core (builder/replay.py), so stepping needs no Python: the board only draws the model it is given.

import { BoardView } from './board/view.js';
import { reducedMotion } from './dom.js';
import { t } from './i18n.js';
import { siteURL } from './site-root.js';
import { bindViewControls, Widget } from './widget.js';

/** @typedef {import('./board/types.js').BoardModel} BoardModel */
/**
 * @typedef {object} ReplayFrame  the start (side "") or the position right after one move
 * @property {string} side    who moved
 * @property {number[]} dice
 * @property {string} play    the move in the mover's numbering ("" for a forced pass)
 * @property {BoardModel} model
 * (a move's note is in the page once, in the record of moves: see noteOf)
 */
/**
 * @typedef {object} ReplayConfig  the widget's data-config (builder/pages.py replay_widget)
 * @property {string} id
 * @property {string} frames  the file of every position (JSON ReplayFrame[]), relative to the site root
 * @property {number} count   how many frames, the start included
 * @property {ReplayFrame} first
 * @property {{winner: string | null, kind: string, points: number} | null} result
 */

const KEYS = /** @type {const} */ ({ ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1 });

export class ReplayWidget extends Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    /** @type {ReplayConfig} */
    this.config = JSON.parse(root.dataset.config || '{}');
    this.view = new BoardView(/** @type {SVGSVGElement} */ (root.querySelector('svg')));
    this.index = 0;
    this.moveLine = /** @type {HTMLElement} */ (root.querySelector('[data-move]'));
    this.noteBox = /** @type {HTMLElement} */ (root.querySelector('[data-note]'));
    this.startNote = this.noteBox.innerHTML;
    /** @type {ReplayFrame[]} the start until the file of every position has come */
    this.frames = [this.config.first];
    this.loaded = false;
  }

  attach() {
    this.onUnmount(() => this.view.destroy());
    this.load(); // until the positions come, the page shows the start the build drew, with its note
  }

  /** «В начало» (once the positions have come: until then the start is all there is). */
  reset() {
    if (this.loaded) this.show(0);
  }

  /** Fetches every position, then makes the controls work (one small file, cached like the page). */
  async load() {
    let frames;
    try {
      const answer = await fetch(siteURL(this.config.frames));
      if (!answer.ok) throw new Error(`${answer.status}`);
      frames = await answer.json();
    } catch {
      if (this.mounted) this.moveLine.textContent = t('replay.unavailable');
      return;
    }
    if (!this.mounted || !Array.isArray(frames) || frames.length !== this.config.count) return;
    this.frames = frames;
    this.loaded = true;
    const { root } = this;
    /** @type {HTMLElement} */ (root.querySelector('[data-controls]')).hidden = false;
    /** @type {HTMLElement} */ (root.querySelector('[data-keys]')).hidden = false;
    for (const [action, go] of /** @type {[string, () => number][]} */ ([
      ['first', () => 0], ['prev', () => this.index - 1], ['next', () => this.index + 1], ['last', () => this.last],
    ])) {
      this.on(root.querySelector(`[data-action="${action}"]`), 'click', () => this.show(go()));
    }
    for (const button of root.querySelectorAll('[data-goto]')) {
      this.on(button, 'click', () => this.show(Number(/** @type {HTMLElement} */ (button).dataset.goto)));
    }
    this.on(root, 'keydown', (/** @type {KeyboardEvent} */ event) => this.key(event));
    this.onUnmount(bindViewControls(root, this.view));
    this.show(0, false);
    root.dataset.ready = 'true'; // every position is precomputed: ready once the file has come
  }

  get last() {
    return this.frames.length - 1;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest('input, textarea, select, summary')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let next = null;
    if (event.key in KEYS) next = this.index + KEYS[/** @type {keyof typeof KEYS} */ (event.key)];
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = this.last;
    if (next === null) return;
    // in presenter mode the clicker steps the game to its end, then goes on to the next slide
    const presenting = document.documentElement.classList.contains('presenting');
    if (presenting && (next < 0 || next > this.last) && (event.key === 'PageDown' || event.key === 'PageUp')) return;
    event.preventDefault();
    event.stopPropagation(); // a presentation clicker's PageDown steps the game, not the page
    this.show(next);
  }

  /** The text of move ``index`` ("12. White 6-3: 13/7 10/7"). @param {number} index */
  moveText(index) {
    const frame = this.frames[index];
    if (!index) return t('replay.start_of', { side: t(`board.side.${this.frames[1] ? this.frames[1].side : 'white'}`), dice: frame.dice.join('-') });
    return t('replay.move', {
      n: index, total: this.last, side: t(`board.side.${frame.side}`), dice: frame.dice.join('-'), play: frame.play || t('replay.pass'),
    });
  }

  /** The note of move ``index``, as the build wrote it into the record of moves. @param {number} index */
  noteOf(index) {
    if (!index) return this.startNote;
    const note = this.root.querySelector(`[data-frame="${index}"] .replay-list-note`);
    return note ? note.innerHTML : '';
  }

  /** @param {number} index @param {boolean} [animate] */
  show(index, animate = true) {
    const target = Math.max(0, Math.min(this.last, index));
    const step = Math.abs(target - this.index) === 1;
    this.index = target;
    const frame = this.frames[target];
    this.view.setModel(frame.model, { animate: animate && step && !reducedMotion() });
    let line = this.moveText(target);
    const { result } = this.config;
    if (target === this.last && result) {
      const winner = result.winner ? t(`board.side.${result.winner}`) : '';
      line += ` ${t('play.game_over', { result: t(`play.result_${result.kind}`, { winner, n: result.points }) })}`;
    }
    this.moveLine.textContent = line;
    this.noteBox.innerHTML = this.noteOf(target); // rendered from the lesson's Markdown at build time (escaped)
    this.root.dataset.frame = String(target);
    for (const item of this.root.querySelectorAll('[data-frame]')) {
      const current = Number(/** @type {HTMLElement} */ (item).dataset.frame) === target;
      item.classList.toggle('is-current', current);
      const button = item.querySelector('button');
      if (button) {
        if (current) button.setAttribute('aria-current', 'step');
        else button.removeAttribute('aria-current');
      }
    }
    for (const [action, disabled] of /** @type {[string, boolean][]} */ ([
      ['first', target === 0], ['prev', target === 0], ['next', target === this.last], ['last', target === this.last],
    ])) {
      const button = /** @type {HTMLButtonElement | null} */ (this.root.querySelector(`[data-action="${action}"]`));
      if (!button) continue;
      if (disabled && document.activeElement === button) this.root.focus(); // the keys keep working
      button.disabled = disabled;
    }
  }
}

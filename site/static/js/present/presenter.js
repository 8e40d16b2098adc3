// Presenter mode in the teacher's window: the page as full-screen slides (present/slides.js), a toolbar
// and keys (a clicker's PageDown/PageUp too), answers revealed step by step, a reset per board, drawing
// on the board, the teacher's notes, and the audience window kept in step over a BroadcastChannel.
//
//   const presenter = await startPresenter(slide)   enters (the page's widgets are mounted by app.js)
//   presenter.rebuild()                              after in-page navigation swapped <main>
//   presenter.exit()

import { SVG_NS } from '../board/constants.js';
import { make } from '../dom.js';
import { viewOf } from '../board/view.js';
import { t } from '../i18n.js';
import { widgetAt } from '../widget.js';
import { slideAfter } from './deck.js';
import { bindDrawingInput, Drawing } from './drawing.js';
import { CHANNEL, isGreeting, VERSION } from './messages.js';
import { boardsOf, capture } from './mirror.js';
import { fitSlide, forgetSlides, loadPresentStyles, readSlides, showSlide, slideTitle } from './slides.js';

/** @typedef {import('./slides.js').Slide} Slide */

/** Keys by the character they type, in either layout a Russian teacher may have on. */
const KEYS = {
  reveal: ['h', 'п'],
  reset: ['r', 'з'],
  draw: ['d', 'р'],
  clear: ['c', 'с'],
  fullscreen: ['f', 'в'],
};

/** @type {Presenter | null} */
let active = null;

class Presenter {
  /** @param {number} slide */
  constructor(slide) {
    this.index = slide;
    /** @type {Slide[]} */
    this.slides = [];
    this.drawing = false;
    this.notesShown = false;
    this.audienceOpen = false;
    /** @type {Map<SVGSVGElement, Drawing>} */
    this.drawings = new Map();
    /** @type {{name: string, title: string, items: {id: string, href: string, title: string}[]} | null} */
    this.set = null;
    this.arriveAtEnd = false;
    /** @type {(() => void)[]} */
    this.unbind = [];
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (this.channel) this.channel.onmessage = (event) => this.heard(event.data);
    this.observer = new MutationObserver(() => this.changed());
    this.bar = this.makeBar();
    /** @param {string} action */
    const find = (action) => /** @type {HTMLButtonElement} */ (this.bar.querySelector(`[data-present-action="${action}"]`));
    this.counter = /** @type {HTMLElement} */ (this.bar.querySelector('[data-present-counter]'));
    this.help = /** @type {HTMLElement} */ (this.bar.querySelector('.present-help'));
    this.revealButton = find('reveal');
    this.resetButton = find('reset');
    this.drawButton = find('draw');
    this.clearButton = find('clear');
    this.audienceButton = find('audience');
    this.notesButton = find('notes');
    this.notes = make('aside', { class: 'present-notes', 'aria-labelledby': 'present-notes-title' });
    this.notes.hidden = true;
    this.live = make('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
    document.body.append(this.notes, this.bar, this.live);
    this.keys = (/** @type {KeyboardEvent} */ event) => this.key(event);
    // drawing's keys are taken before the board sees them (its arrows and Enter would move checkers)
    this.drawKeys = (/** @type {KeyboardEvent} */ event) => {
      if (this.drawing && !event.ctrlKey && !event.metaKey && !event.altKey && this.drawKey(event)) event.stopPropagation();
    };
    document.addEventListener('keydown', this.drawKeys, true);
    document.addEventListener('keydown', this.keys);
    this.resize = () => this.fit();
    window.addEventListener('resize', this.resize);
    // the toolbar wraps where its buttons do not fit one line (a 1024 px projector, notes and drawing on):
    // the stage above it is what is left, never under it
    this.barSize = new ResizeObserver(() => {
      document.documentElement.style.setProperty('--bar-h', `${this.bar.offsetHeight}px`);
      this.fit();
    });
    this.barSize.observe(this.bar);
    document.documentElement.classList.add('presenting');
    this.rebuild();
  }

  /** @returns {HTMLElement} */
  makeBar() {
    const bar = make('div', { class: 'present-bar' });
    const row = bar.appendChild(make('div', { class: 'present-buttons', role: 'toolbar', 'aria-label': t('present.toolbar') }));
    /** @param {string} action @param {string} text @param {string} [keys] */
    const button = (action, text, keys) => {
      const b = make('button', { type: 'button', 'data-present-action': action, ...(keys ? { 'aria-keyshortcuts': keys } : {}) }, text);
      b.addEventListener('click', () => this.act(action));
      row.append(b);
      return b;
    };
    button('previous', `◀ ${t('present.previous')}`, 'ArrowLeft PageUp');
    row.append(make('span', { class: 'present-counter', 'data-present-counter': '' }));
    button('next', `${t('present.next')} ▶`, 'ArrowRight PageDown');
    button('reveal', t('present.reveal_solution'), 'H');
    button('reset', t('present.reset'), 'R');
    button('draw', t('present.draw'), 'D').setAttribute('aria-pressed', 'false');
    button('clear', t('present.clear'), 'C');
    button('audience', t('present.audience'));
    button('notes', t('present.notes')).setAttribute('aria-pressed', 'false');
    button('fullscreen', t('present.fullscreen'), 'F');
    button('exit', `✕ ${t('present.exit')}`, 'Escape');
    bar.append(make('p', { class: 'present-help' }, t('present.keys')));
    return bar;
  }

  get main() {
    return /** @type {HTMLElement} */ (document.querySelector('main'));
  }

  get slide() {
    return this.slides[this.index];
  }

  /** Reads the slides of the page now in <main> (on entering, and after in-page navigation).
   * @param {number} [index] the slide to show */
  rebuild(index = this.index) {
    this.observer.disconnect();
    this.dropDrawings();
    this.slides = readSlides(this.main);
    if (!this.slides.length) {
      this.exit(); // a page with nothing to show (the course map, the lab): the page as it is
      return false;
    }
    this.index = Math.min(Math.max(0, this.arriveAtEnd ? this.slides.length - 1 : index), this.slides.length - 1);
    this.arriveAtEnd = false;
    this.loadSet();
    this.observer.observe(this.main, { subtree: true, childList: true, attributes: true, characterData: true });
    this.show(this.index);
    return true;
  }

  /** @param {number} index */
  show(index) {
    this.dropDrawings();
    this.index = index;
    showSlide(this.slides, index);
    this.setDrawing(false);
    const url = new URL(window.location.href);
    url.searchParams.set('present', String(index + 1));
    window.history.replaceState(window.history.state, '', url.href);
    this.counter.textContent = t('present.counter', { n: index + 1, total: this.slides.length });
    this.live.textContent = `${t('present.slide', { n: index + 1, total: this.slides.length })}: ${slideTitle(this.slide)}`;
    this.updateButtons();
    this.writeNotes();
    this.fit();
    this.broadcast();
    this.keepFocus();
  }

  /** Focus never stays on a part that is hidden now (or falls to the body): it goes to the toolbar. */
  keepFocus() {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || (focused instanceof HTMLElement && !focused.closest('.present-bar, .present-notes')
      && !focused.closest('[data-slide-current]'));
    if (!lost) return;
    const next = /** @type {HTMLButtonElement} */ (this.bar.querySelector('[data-present-action=next]'));
    (next.disabled ? /** @type {HTMLButtonElement} */ (this.bar.querySelector('[data-present-action=exit]')) : next).focus({ preventScroll: true });
  }

  fit() {
    fitSlide(this.main);
  }

  /** The slide's board views, each with a drawing layer of its own. */
  drawingsHere() {
    const widget = this.slide.widget;
    if (!widget) return [];
    return boardsOf(widget).filter((svg) => !svg.closest('[hidden]')).flatMap((svg) => {
      const view = viewOf(svg);
      if (!view) return [];
      let drawing = this.drawings.get(svg);
      if (!drawing) {
        drawing = new Drawing(view);
        this.drawings.set(svg, drawing);
        const made = drawing;
        this.unbind.push(bindDrawingInput(made, () => this.drawing, () => this.changed()));
      }
      return [drawing];
    });
  }

  dropDrawings() {
    for (const off of this.unbind) off();
    this.unbind = [];
    for (const drawing of this.drawings.values()) drawing.destroy();
    this.drawings.clear();
  }

  /** @param {boolean} on */
  setDrawing(on) {
    this.drawing = on && this.drawingsHere().length > 0;
    document.documentElement.classList.toggle('present-drawing', this.drawing);
    this.drawButton.setAttribute('aria-pressed', String(this.drawing));
    this.help.textContent = t(this.drawing ? 'present.draw_help' : 'present.keys');
    if (this.drawing) this.drawingsHere()[0].moveCursor(0, 0);
    else for (const drawing of this.drawings.values()) {
      drawing.cursor = null;
      drawing.from = null;
      drawing.render();
    }
  }

  /** The slide's puzzle, if it has one: what reveal steps through. */
  puzzle() {
    const widget = this.slide.widget;
    return widget && widget.dataset.widget === 'puzzle' ? widget : null;
  }

  updateButtons() {
    const at = (/** @type {'next' | 'previous'} */ step) => slideAfter(this.index, this.slides.length, step) !== null;
    const next = /** @type {HTMLButtonElement} */ (this.bar.querySelector('[data-present-action=next]'));
    const previous = /** @type {HTMLButtonElement} */ (this.bar.querySelector('[data-present-action=previous]'));
    previous.disabled = !at('previous') && !this.neighbour(-1);
    next.disabled = !at('next') && !this.nextPage();
    const widget = this.slide.widget;
    this.resetButton.disabled = !widget || !widgetAt(widget)?.reset;
    this.clearButton.disabled = !widget || !boardsOf(widget).length;
    this.drawButton.disabled = this.clearButton.disabled;
    const puzzle = this.puzzle();
    const reveal = this.revealButton;
    if (!puzzle) {
      reveal.disabled = true;
      reveal.textContent = t('present.nothing_to_reveal');
      return;
    }
    const total = puzzle.querySelectorAll('.hint-list-static > li').length + 1; // and the board's hint
    const hint = /** @type {HTMLButtonElement | null} */ (puzzle.querySelector('[data-action=hint]'));
    const shown = (puzzle.querySelector('[data-hints]')?.children.length || 0) + (hint && hint.disabled ? 1 : 0);
    const answer = /** @type {HTMLElement | null} */ (puzzle.querySelector('[data-answer-box]'));
    const done = (answer && !answer.hidden) || puzzle.querySelector('[data-success]:not([hidden])');
    reveal.disabled = Boolean(done);
    reveal.textContent = done ? t('present.revealed') : shown < total ? t('present.reveal_hint', { n: shown + 1, total }) : t('present.reveal_solution');
  }

  /** The page after this one when its last slide is on: the next lesson, or the theme's next puzzle.
   * @returns {{href: string, title: string} | null} */
  nextPage() {
    return this.neighbour(1);
  }

  /** @param {1 | -1} step @returns {{href: string, title: string} | null} */
  neighbour(step) {
    const link = /** @type {HTMLAnchorElement | null} */ (this.main.querySelector(step > 0 ? 'a[rel=next]' : 'a[rel=prev]'));
    if (link) return { href: link.href, title: (link.textContent || '').replace(/^[←\s]+|[→\s]+$/g, '').trim() };
    const puzzle = this.puzzle();
    if (!this.set || !puzzle) return null;
    const index = this.set.items.findIndex((item) => item.id === puzzle.dataset.puzzle);
    const item = index >= 0 ? this.set.items[index + step] : undefined;
    return item ? { href: item.href, title: item.title } : null;
  }

  /** Goes to a page of the site by in-page navigation (navigation.js), so Python and this mode stay on.
   * @param {string} href */
  go(href) {
    const link = make('a', { href, hidden: '' });
    document.body.append(link);
    link.click();
    link.remove();
  }

  /** A theme of the puzzles page shown as slides (?set=theme on a puzzle's page): its puzzles, in order,
   * read from the puzzles page itself. */
  async loadSet() {
    const name = new URL(window.location.href).searchParams.get('set');
    if (!name || !/^[a-z0-9-]+$/.test(name) || (this.set && this.set.name === name)) return;
    try {
      const index = new URL('../', window.location.href);
      const response = await fetch(index, { credentials: 'same-origin' });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const links = /** @type {HTMLAnchorElement[]} */ ([...page.querySelectorAll(`#theme-${name} li[data-puzzle] > a`)]);
      this.set = {
        name,
        title: (page.querySelector(`#theme-${name} h2`)?.textContent || '').trim(),
        items: links.map((a) => {
          const href = new URL(a.getAttribute('href') || '', index);
          href.search = `?present=1&set=${name}`;
          return { id: /** @type {HTMLElement} */ (a.parentElement).dataset.puzzle || '', href: href.href, title: (a.textContent || '').trim() };
        }),
      };
      this.updateButtons();
      this.writeNotes();
    } catch {
      // offline and not cached: the puzzle is still shown, only the way on is missing
    }
  }

  writeNotes() {
    const { notes } = this;
    notes.replaceChildren(make('h2', { id: 'present-notes-title' }, t('present.notes_title')));
    const puzzle = this.puzzle();
    const box = puzzle && puzzle.querySelector('[data-answer-box]');
    notes.append(make('h3', {}, t('present.notes_answer')));
    if (box) {
      for (const part of box.children) if (part.tagName !== 'SUMMARY') notes.append(part.cloneNode(true));
    } else {
      notes.append(make('p', {}, t('present.notes_no_answer')));
    }
    const puzzleId = puzzle && puzzle.dataset.puzzle;
    const place = this.set && puzzleId ? this.set.items.findIndex((item) => item.id === puzzleId) : -1;
    if (this.set && place >= 0) {
      notes.append(make('p', {}, t('present.set_place', { n: place + 1, total: this.set.items.length, theme: this.set.title })));
    }
    notes.append(make('h3', {}, t('present.notes_next')));
    const next = this.slides[this.index + 1];
    const page = this.nextPage();
    notes.append(make('p', { 'data-present-next': '' }, next ? `${this.index + 2}. ${slideTitle(next)}`
      : page ? `${t('present.notes_last')} ${t('present.notes_next_page', { title: page.title })}` : t('present.notes_last')));
    const board = next && next.widget && next.widget.querySelector('svg.nb-board[id]');
    if (board) {
      // a picture of the next board: the board itself, drawn again (one element, no copy of its ids)
      const picture = document.createElementNS(SVG_NS, 'svg');
      picture.setAttribute('class', 'present-next-board');
      picture.setAttribute('viewBox', board.getAttribute('viewBox') || '0 0 892 892');
      picture.setAttribute('aria-hidden', 'true');
      const use = document.createElementNS(SVG_NS, 'use');
      use.setAttribute('href', `#${board.id}`);
      picture.append(use);
      notes.append(picture);
    }
  }

  /** @param {boolean} shown */
  setNotes(shown) {
    this.notesShown = shown;
    this.notes.hidden = !shown;
    document.documentElement.classList.toggle('present-with-notes', shown);
    this.notesButton.setAttribute('aria-pressed', String(shown));
    this.fit();
  }

  /** @param {string} action */
  act(action) {
    switch (action) {
      case 'next':
      case 'previous': {
        const target = slideAfter(this.index, this.slides.length, action);
        const page = target === null ? this.neighbour(action === 'next' ? 1 : -1) : null;
        if (target !== null) this.show(target);
        else if (page) {
          this.arriveAtEnd = action === 'previous'; // back from a lesson's first slide: the last of the one before
          this.go(page.href);
        }
        break;
      }
      case 'reveal': return this.reveal();
      case 'reset': return this.reset();
      case 'draw': return this.setDrawing(!this.drawing);
      case 'clear':
        for (const drawing of this.drawingsHere()) drawing.clear();
        return this.changed();
      case 'audience': return this.openAudience();
      case 'notes': return this.setNotes(!this.notesShown);
      case 'fullscreen': return toggleFullscreen();
      case 'exit': return this.exit();
      default:
    }
    return undefined;
  }

  /** One step of the answer: the next hint, then the board's hint, then the solution. */
  reveal() {
    const puzzle = this.puzzle();
    const widget = puzzle && widgetAt(puzzle);
    if (!widget) return;
    if (!widget.hint?.()) widget.reveal?.();
    this.updateButtons();
  }

  /** The slide's widget from its start (the widget's own «Заново»), its drawings wiped, its answer hidden. */
  reset() {
    const widget = this.slide.widget;
    if (!widget) return;
    for (const drawing of this.drawingsHere()) drawing.clear();
    widgetAt(widget)?.reset?.();
    const answer = /** @type {HTMLElement | null} */ (widget.querySelector('[data-answer-box]'));
    if (answer) answer.hidden = true; // the answer is the teacher's again, until revealed
    this.updateButtons();
    this.changed();
  }

  openAudience() {
    const url = new URL(window.location.href);
    url.searchParams.set('present', 'audience');
    url.hash = '';
    const opened = window.open(url.href, 'nardy-audience', 'popup');
    if (!opened) this.live.textContent = t('present.popup_blocked');
    else this.setNotes(true);
  }

  /** @param {unknown} data */
  heard(data) {
    if (!isGreeting(data)) return;
    this.audienceOpen = data.kind === 'hello';
    this.audienceButton.textContent = t(this.audienceOpen ? 'present.audience_connected' : 'present.audience');
    if (this.audienceOpen) {
      this.setNotes(true);
      this.broadcast();
    }
  }

  /** Something on the page changed: the buttons, the fit and the audience follow (once per task). */
  changed() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      if (!this.slide) return;
      this.updateButtons();
      this.fit();
      this.broadcast();
    });
  }

  broadcast() {
    if (!this.channel || !this.slide) return;
    const widget = this.slide.widget ? capture(this.slide.widget, this.drawings) : null;
    this.channel.postMessage({ kind: 'state', v: VERSION, page: window.location.pathname, slide: this.index, count: this.slides.length, widget });
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest('input, textarea, select, [contenteditable]')) return;
    const onBoard = target && target.closest('.nb-board, .replay');
    const char = event.key.length === 1 ? event.key.toLowerCase() : '';
    /** @type {string | null} */
    let action = null;
    if (event.key === 'PageDown' || (!onBoard && (event.key === 'ArrowRight' || (event.key === ' ' && !target?.closest('button, a'))))) action = 'next';
    else if (event.key === 'PageUp' || (!onBoard && event.key === 'ArrowLeft')) action = 'previous';
    else if (event.key === 'Home' && !onBoard) return this.showFrom('first', event);
    else if (event.key === 'End' && !onBoard) return this.showFrom('last', event);
    else if (event.key === 'Escape' && !document.fullscreenElement && !onBoard) action = 'exit'; // a board's Esc drops its checker
    else action = Object.entries(KEYS).find(([, chars]) => chars.includes(char))?.[0] || null;
    if (!action && event.code === 'KeyF') action = 'fullscreen';
    if (!action) return;
    event.preventDefault();
    this.act(action);
  }

  /** @param {'first' | 'last'} step @param {KeyboardEvent} event */
  showFrom(step, event) {
    const target = slideAfter(this.index, this.slides.length, step);
    event.preventDefault();
    if (target !== null) this.show(target);
  }

  /** Keys while drawing: arrows move the point, Enter rings it, Shift+Enter starts and ends an arrow.
   * @param {KeyboardEvent} event @returns {boolean} whether the key was the drawing's */
  drawKey(event) {
    const drawing = this.drawingsHere()[0];
    if (!drawing) return false;
    const moves = /** @type {Record<string, [number, number]>} */ ({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, 1] });
    if (event.key in moves) {
      const [dx, dy] = moves[event.key];
      const point = drawing.moveCursor(dx, dy);
      this.live.textContent = t('present.cursor_text', { point });
    } else if (event.key === 'Enter' && drawing.cursor !== null) {
      if (event.shiftKey && drawing.from === null) {
        drawing.from = drawing.cursor;
        drawing.render();
        this.live.textContent = t('present.arrow_start', { point: drawing.cursor });
      } else {
        if (event.shiftKey && drawing.from !== null) drawing.toggleArrow(drawing.from, drawing.cursor);
        else drawing.toggleRing(drawing.cursor);
        drawing.from = null;
        drawing.render();
        this.live.textContent = drawing.describe();
        this.changed();
      }
    } else if (event.key === 'Escape') {
      this.setDrawing(false);
    } else return false;
    event.preventDefault();
    return true;
  }

  exit() {
    const part = this.slide && this.slide.parts[0];
    this.observer.disconnect();
    this.dropDrawings();
    document.removeEventListener('keydown', this.keys);
    document.removeEventListener('keydown', this.drawKeys, true);
    window.removeEventListener('resize', this.resize);
    this.barSize.disconnect();
    this.bar.remove();
    this.notes.remove();
    this.live.remove();
    if (this.channel) {
      this.channel.postMessage({ kind: 'bye', v: VERSION });
      this.channel.close();
    }
    const root = document.documentElement;
    root.classList.remove('presenting', 'present-drawing', 'present-with-notes');
    root.style.removeProperty('--present-scale');
    root.style.removeProperty('--bar-h');
    forgetSlides(this.main);
    const url = new URL(window.location.href);
    url.searchParams.delete('present');
    window.history.replaceState(window.history.state, '', url.href);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    if (part) part.scrollIntoView({ block: 'start' });
    /** @type {HTMLElement | null} */ (document.querySelector('[data-present]'))?.focus({ preventScroll: true });
    active = null;
  }
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen?.().catch(() => {}); // refused without a gesture: the button stays
}

/**
 * Enters presenter mode on this page (or moves to ``slide`` if it is on).
 * @param {number} [slide] the slide to show first, from 0
 */
export async function startPresenter(slide = 0) {
  await loadPresentStyles();
  if (active) active.show(Math.min(slide, active.slides.length - 1));
  else active = new Presenter(slide);
  return active;
}

/** The presenter, when presenter mode is on. */
export function presenter() {
  return active;
}

// A widget's state as data (presenter's window) and the same state shown on a widget that nobody plays
// (the audience window): the boards through BoardView.snapshot/restore, the status lines as text, the
// revealed hints and the solution from the audience page's own copy of them. Nothing sent is markup.

import { BoardView, viewOf } from '../board/view.js';
import { Drawing } from './drawing.js';

/** @typedef {import('./messages.js').WidgetState} WidgetState */

const TEXTS = '[data-status], [data-move], [data-note], [data-url-problem]';
const TOGGLED = '[data-board-for], [data-answer-box], [data-url-problem], [data-choices], [data-number-form]';

/** @param {HTMLElement} root @returns {SVGSVGElement[]} */
export function boardsOf(root) {
  return /** @type {SVGSVGElement[]} */ ([...root.querySelectorAll('svg.nb-board')]);
}

/**
 * @param {HTMLElement} root @param {Map<SVGSVGElement, Drawing>} drawings
 * @returns {WidgetState | null}  null while a board is not drawn by a view yet
 */
export function capture(root, drawings) {
  const boards = [];
  for (const svg of boardsOf(root)) {
    const view = viewOf(svg);
    if (!view) return null;
    boards.push(view.snapshot());
  }
  const box = /** @type {HTMLElement | null} */ (root.querySelector('[data-success]'));
  const input = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-number]'));
  return {
    boards,
    drawings: boardsOf(root).map((svg) => drawings.get(svg)?.get() || { rings: [], arrows: [] }),
    texts: [...root.querySelectorAll(TEXTS)].map((el) => (/** @type {HTMLElement} */ (el).hidden ? null : (el.textContent || '').trim())),
    shown: [...root.querySelectorAll(TOGGLED)].map((el) => !(/** @type {HTMLElement} */ (el).hidden)),
    hints: root.querySelector('[data-hints]')?.children.length || 0,
    answers: [...root.querySelectorAll('[data-answer]')].map((b) => ({
      pressed: b.getAttribute('aria-pressed') === 'true', disabled: b.getAttribute('aria-disabled') === 'true',
    })),
    success: box && !box.hidden ? (box.querySelector('.success-title')?.textContent || '').trim() : null,
    number: input ? input.value.slice(0, 32) : '',
  };
}

/**
 * Shows ``state`` on the audience's copy of the widget (checked by messages.readState first).
 * @param {HTMLElement} root @param {WidgetState} state @param {Map<SVGSVGElement, Drawing>} drawings
 */
export function apply(root, state, drawings) {
  boardsOf(root).forEach((svg, index) => {
    const shot = state.boards[index];
    if (!shot) return;
    if (shot.model.game !== JSON.parse(svg.dataset.model || '{}').game) return; // not this board's game: another page's boards
    let view = viewOf(svg);
    if (!view) {
      svg.dataset.interactive = 'false'; // a picture: the audience watches, the presenter plays
      view = new BoardView(svg);
    }
    view.restore(shot);
    let drawing = drawings.get(svg);
    if (!drawing) {
      drawing = new Drawing(view);
      drawings.set(svg, drawing);
    }
    drawing.set(state.drawings[index] || { rings: [], arrows: [] });
  });
  [...root.querySelectorAll(TEXTS)].forEach((el, index) => {
    const text = state.texts[index];
    if (text === undefined) return;
    /** @type {HTMLElement} */ (el).hidden = text === null;
    if (text !== null && el.textContent !== text) el.textContent = text;
  });
  [...root.querySelectorAll(TOGGLED)].forEach((el, index) => {
    const shown = state.shown[index];
    if (shown === undefined) return;
    /** @type {HTMLElement} */ (el).hidden = !shown;
    if (el instanceof HTMLDetailsElement) el.open = shown;
  });
  const list = root.querySelector('[data-hints]');
  if (list) {
    const hints = [...root.querySelectorAll('.hint-list-static > li')];
    const wanted = hints.slice(0, state.hints).map((li) => li.cloneNode(true));
    if (list.children.length !== wanted.length) list.replaceChildren(...wanted);
  }
  [...root.querySelectorAll('[data-answer]')].forEach((button, index) => {
    const answer = state.answers[index];
    if (!answer) return;
    button.setAttribute('aria-pressed', String(answer.pressed));
    button.setAttribute('aria-disabled', String(answer.disabled));
  });
  showSuccess(root, state.success);
  const input = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-number]'));
  if (input) input.value = state.number;
}

/** @param {HTMLElement} root @param {string | null} title */
function showSuccess(root, title) {
  let box = /** @type {HTMLElement | null} */ (root.querySelector('[data-mirror-success]'));
  if (title === null) {
    if (box) box.hidden = true;
    return;
  }
  if (!box) {
    box = document.createElement('div');
    box.className = 'puzzle-success';
    box.dataset.mirrorSuccess = '';
    box.append(document.createElement('p'));
    /** @type {HTMLElement} */ (box.firstChild).className = 'success-title';
    const explanation = root.querySelector('[data-answer-box] .explanation');
    if (explanation) box.append(explanation.cloneNode(true));
    root.append(box);
  }
  box.hidden = false;
  /** @type {HTMLElement} */ (box.firstChild).textContent = title;
}

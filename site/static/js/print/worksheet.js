// Worksheets: a lesson's puzzles (?print on its page) or a theme's (?print=theme on the puzzles page) laid
// out for paper: each board in its starting position as the build drew it (never the learner's board, marks
// or stars: no widget is mounted), numbered tasks with room to answer, a QR code and the address of each
// puzzle online, and the answer key on a page of its own at the end. A4 or Letter (css/print.css).

import { SVG_NS } from '../board/constants.js';
import { BoardView, viewOf } from '../board/view.js';
import { loadStylesheet, make } from '../dom.js';
import { t } from '../i18n.js';
import { qrMatrix, qrPath } from './qr.js';

const STYLESHEET = new URL('../../css/print.css', import.meta.url).href;

/** @param {Element} el */
const words = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim();

/** A QR code of ``url`` as an SVG picture (its address is written beside it too). @param {string} url */
function qrCode(url) {
  const matrix = qrMatrix(url);
  const side = matrix.length + 8;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'sheet-qr');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `QR: ${url}`);
  svg.dataset.url = url;
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', qrPath(matrix));
  svg.append(path);
  return svg;
}

/** @param {number} count */
function lines(count) {
  const box = make('div', { class: 'sheet-lines', 'aria-hidden': 'true' });
  for (let i = 0; i < count; i += 1) box.append(make('span'));
  return box;
}

/**
 * One task of the sheet, from a puzzle widget's markup as the build wrote it.
 * @param {HTMLElement} puzzle @param {number} n @param {URL} online
 */
function task(puzzle, n, online) {
  const config = JSON.parse(puzzle.dataset.config || '{}');
  const item = make('li', { class: 'sheet-task', 'data-puzzle': config.id || '' });
  const heading = puzzle.querySelector('.puzzle-head h2');
  const title = heading ? [...heading.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim() : '';
  // the number, title and prompt, the board with the QR code beside it (where it takes no height of its own),
  // the room to answer and the address (print.css): a task as short as its board allows, so rows of three fit
  const text = make('div', { class: 'sheet-text' });
  text.append(make('h2', {}, `${t('sheet.task', { n })}. ${title}`));
  const prompt = puzzle.querySelector('.puzzle-prompt');
  if (prompt) text.append(make('p', { class: 'sheet-prompt' }, words(prompt)));
  const play = puzzle.querySelector('.quiz-play');
  if (play) text.append(make('p', { class: 'sheet-prompt' }, words(play)));
  item.append(text);
  const board = /** @type {SVGSVGElement | null} */ (puzzle.querySelector('.board-frame svg'));
  const figure = make('div', { class: 'sheet-board' });
  if (board) {
    const picture = /** @type {SVGSVGElement} */ (document.importNode(board, true));
    picture.removeAttribute('id'); // the page's own board keeps its id
    picture.dataset.interactive = 'false';
    figure.append(picture);
    // a puzzle's own page (a theme's sheet gathers them) leaves its board to the page to draw: drawn here
    if (!picture.firstElementChild) new BoardView(picture);
  }
  item.append(figure, qrCode(online.href));
  const answer = make('div', { class: 'sheet-answer' });
  if (config.mode === 'choice') {
    answer.append(make('p', {}, t('sheet.choose_one')));
    const list = make('ul', { class: 'sheet-choices' });
    for (const button of puzzle.querySelectorAll('[data-answer]')) list.append(make('li', {}, words(button)));
    answer.append(list);
  } else if (config.mode === 'click') {
    answer.append(make('p', {}, t('sheet.mark_points')));
  } else {
    answer.append(make('p', {}, t(config.mode === 'turn' ? 'sheet.write_move' : 'sheet.write_answer')), lines(1));
  }
  item.append(answer, make('p', { class: 'sheet-online' }, `${t('sheet.online')}: ${online.href}`));
  return { item, config, puzzle };
}

/** The answer of one task, from the answer box the build wrote (and the points of a find-the-point task).
 * @param {{item: HTMLElement, config: any, puzzle: HTMLElement}} made @param {number} n */
function keyEntry({ item, config, puzzle }, n) {
  const entry = make('li', { class: 'sheet-key-entry' });
  entry.append(make('h3', {}, t('sheet.task', { n })));
  if (config.mode === 'click') {
    const svg = /** @type {SVGSVGElement | null} */ (item.querySelector('.sheet-board svg'));
    const view = svg ? viewOf(svg) || new BoardView(svg) : null; // numbered as the task's board is seen (White's or Black's side)
    const points = (config.targets || []).map((/** @type {number} */ p) => view?.pointEl(p)?.dataset.label || String(p));
    entry.append(make('p', {}, t('sheet.key_points', { points: points.join(', ') })));
  }
  const box = puzzle.querySelector('[data-answer-box]');
  if (box) {
    for (const part of box.querySelectorAll(':scope > p, :scope > .explanation')) entry.append(part.cloneNode(true));
  }
  return entry;
}

/** The size of the printed page: A4 (the stylesheet's own rule) or Letter (a rule added after it).
 * @param {string} paper */
function setPaper(paper) {
  const sheet = [...document.styleSheets].find((s) => s.href === STYLESHEET);
  if (!sheet) return;
  const added = [...sheet.cssRules].findIndex((rule) => rule instanceof CSSPageRule && rule.style.getPropertyValue('size') === 'letter');
  if (added >= 0 && paper !== 'letter') sheet.deleteRule(added);
  if (added < 0 && paper === 'letter') sheet.insertRule('@page { size: letter; }', sheet.cssRules.length);
}

/** @param {string} lang @param {string} value */
function paperChoice(lang, value) {
  const label = make('label', {}, `${t('sheet.paper')} `);
  const select = /** @type {HTMLSelectElement} */ (make('select', { 'data-sheet-paper': '' }));
  for (const [code, key] of [['a4', 'sheet.paper_a4'], ['letter', 'sheet.paper_letter']]) {
    const option = /** @type {HTMLOptionElement} */ (make('option', { value: code }, t(key)));
    option.selected = code === value;
    select.append(option);
  }
  label.append(select);
  label.lang = lang;
  return label;
}

/**
 * Builds the worksheet in <main> from ``puzzles`` (widget sections) and shows it instead of the page.
 * @param {{title: string, kicker: string, lead: string, puzzles: HTMLElement[], back: {href: string, text: string}, online: (id: string) => URL}} source
 */
function buildSheet({ title, kicker, lead, puzzles, back, online }) {
  const main = /** @type {HTMLElement} */ (document.querySelector('main'));
  const lang = document.documentElement.lang;
  // readers of the English pages in the US and Canada get Letter first; anyone can switch (?paper=a4|letter)
  const wanted = new URL(window.location.href).searchParams.get('paper');
  const american = lang === 'en' && /^en-(us|ca)$/i.test(navigator.language || '');
  const paper = wanted === 'a4' || wanted === 'letter' ? wanted : american ? 'letter' : 'a4';
  const sheet = make('article', { class: `worksheet paper-${paper}`, 'data-worksheet': '' });
  const tools = make('div', { class: 'sheet-tools', role: 'group', 'aria-label': t('sheet.toolbar') });
  const print = make('button', { type: 'button', 'data-sheet-print': '' }, t('sheet.print'));
  print.addEventListener('click', () => window.print());
  const keyToggle = make('label', {});
  const keyBox = /** @type {HTMLInputElement} */ (make('input', { type: 'checkbox', 'data-sheet-key-toggle': '' }));
  keyBox.checked = true;
  keyToggle.append(keyBox, ` ${t('sheet.with_key')}`);
  const choice = paperChoice(lang, paper);
  const select = /** @type {HTMLSelectElement} */ (choice.querySelector('select'));
  setPaper(paper);
  select.addEventListener('change', () => {
    sheet.classList.toggle('paper-a4', select.value === 'a4');
    sheet.classList.toggle('paper-letter', select.value === 'letter');
    setPaper(select.value);
    const url = new URL(window.location.href);
    url.searchParams.set('paper', select.value);
    window.history.replaceState(window.history.state, '', url.href);
  });
  tools.append(print, choice, keyToggle, make('a', { href: back.href }, `← ${back.text}`));
  sheet.append(tools);
  const head = make('header', { class: 'sheet-head' });
  if (kicker) head.append(make('p', { class: 'sheet-kicker' }, kicker));
  head.append(make('h1', {}, t('sheet.title', { title })));
  const fields = make('p', { class: 'sheet-fields' });
  for (const key of ['sheet.name', 'sheet.group', 'sheet.date']) fields.append(make('span', {}, `${t(key)}:`));
  head.append(fields, make('p', { class: 'sheet-lead' }, lead));
  sheet.append(head);
  const list = make('ol', { class: 'sheet-tasks' });
  const made = puzzles.map((puzzle, index) => task(puzzle, index + 1, online(JSON.parse(puzzle.dataset.config || '{}').id)));
  for (const { item } of made) list.append(item);
  sheet.append(list);
  const key = make('section', { class: 'sheet-key', 'aria-labelledby': 'sheet-key-title' });
  key.append(make('h2', { id: 'sheet-key-title' }, `${t('sheet.key')}: ${title}`));
  const entries = make('ol', { class: 'sheet-key-list' });
  made.forEach((one, index) => entries.append(keyEntry(one, index + 1)));
  key.append(entries);
  sheet.append(key);
  keyBox.addEventListener('change', () => {
    key.hidden = !keyBox.checked;
  });
  main.replaceChildren(sheet);
  document.title = `${t('sheet.title', { title })} · ${document.title.split(' · ').pop()}`;
  document.documentElement.classList.add('worksheet-mode');
  print.focus();
}

/** The puzzles page's theme ``name``, gathered from each puzzle's own page. @param {string} name */
async function themePuzzles(name) {
  const section = document.getElementById(`theme-${name}`);
  if (!section) return null;
  const links = /** @type {HTMLAnchorElement[]} */ ([...section.querySelectorAll('li[data-puzzle] > a')]);
  const pages = await Promise.all(links.map(async (a) => {
    const response = await fetch(a.href, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(String(response.status));
    return new DOMParser().parseFromString(await response.text(), 'text/html');
  }));
  const puzzles = pages.map((page) => /** @type {HTMLElement | null} */ (page.querySelector('[data-widget=puzzle]')));
  return { title: words(/** @type {Element} */ (section.querySelector('h2'))), puzzles: /** @type {HTMLElement[]} */ (puzzles.filter(Boolean)) };
}

/** Shows the worksheet this page's address asks for (?print, or ?print=theme on the puzzles page). */
export async function startWorksheet() {
  await loadStylesheet(STYLESHEET);
  const main = /** @type {HTMLElement} */ (document.querySelector('main'));
  const asked = new URL(window.location.href).searchParams.get('print') || '';
  const here = new URL(window.location.href);
  here.search = '';
  here.hash = '';
  const lesson = main.querySelector('.lesson');
  if (lesson) {
    const puzzles = /** @type {HTMLElement[]} */ ([...lesson.querySelectorAll('[data-widget=puzzle]')]);
    const kicker = lesson.querySelector('.lesson-kicker');
    buildSheet({
      title: words(/** @type {Element} */ (lesson.querySelector('h1'))),
      kicker: kicker ? words(kicker) : '',
      lead: t('sheet.lead'),
      puzzles,
      back: { href: here.href, text: t('sheet.back') },
      online: (id) => new URL(`../../puzzles/${id}/`, here),
    });
    return;
  }
  if (!/^[a-z0-9-]+$/.test(asked)) return;
  const status = make('p', { class: 'sheet-status', role: 'status' }, t('sheet.loading'));
  main.prepend(status);
  try {
    const theme = await themePuzzles(asked);
    if (!theme) {
      status.remove();
      return;
    }
    buildSheet({
      title: theme.title, kicker: '', lead: t('sheet.lead_theme'), puzzles: theme.puzzles,
      back: { href: `${here.href}#theme-${asked}`, text: t('sheet.back_puzzles') },
      online: (id) => new URL(`${id}/`, here),
    });
  } catch {
    status.textContent = t('sheet.failed');
  }
}

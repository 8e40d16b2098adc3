// The review page: the puzzles due again (review.js), the ones coming back later and the weakest themes,
// picked from the lists the build wrote into the page (templates/review.html), and beside them the learner's
// own puzzles, positions kept from their games (mine.js), each opened on the free board. It runs no Python.

import { diceText } from './feedback.js';
import { t } from './i18n.js';
import { make } from './dom.js';
import * as progress from './progress.js';
import { daysUntil, queue, struggled } from './review.js';

/** @param {Element} root @param {string} selector @returns {HTMLElement[]} */
function fromTemplate(root, selector) {
  const template = /** @type {HTMLTemplateElement | null} */ (root.querySelector(selector));
  return template ? /** @type {HTMLElement[]} */ ([...template.content.children]) : [];
}

/** @param {Element} root @param {string} kind @param {HTMLElement[]} items */
function fill(root, kind, items) {
  const list = root.querySelector(`[data-review-list="${kind}"]`);
  const empty = /** @type {HTMLElement | null} */ (root.querySelector(`[data-review-empty="${kind}"]`));
  if (list) list.replaceChildren(...items);
  if (empty) empty.hidden = items.length > 0;
}

/** A personal puzzle in the list, as the course's are: its link (the free board, the position and its roll) and
 * what it asks. @param {string} id @param {import('./mine.js').Mine} mine */
function mineItem(id, mine) {
  const li = make('li', { 'data-puzzle': id, 'data-mine': '' });
  li.append(
    make('a', { href: `../play/?practise=${encodeURIComponent(id)}` },
      t('mine.title', { n: mine.number, side: t(`analysis.side_of.${mine.side}`), dice: diceText(mine.dice) })),
    ' ', make('span', { class: 'puzzle-task' }, `· ${t('mine.task')} · ${t(`game.${mine.game}`)}`),
    ' ', make('span', { class: 'review-when', 'data-review-when': '' }),
  );
  return li;
}

/** Shows the learner's queue and weak themes as stored in this browser. @param {number} [now] */
export function showReview(now = Date.now()) {
  const root = document.querySelector('[data-review]');
  if (!root) return;
  /** @type {Map<string, HTMLElement>} */
  const catalog = new Map(fromTemplate(root, '[data-review-puzzles]').map((li) => [li.dataset.puzzle || '', li]));
  const stored = progress.load();
  const entries = stored.puzzles;
  const { due, later } = queue(entries, now);
  /** @param {string} id */
  const known = (id) => catalog.has(id) || Object.hasOwn(stored.mine, id);
  /** @param {string} id @param {string} when */
  const item = (id, when) => {
    const template = catalog.get(id);
    const li = template ? /** @type {HTMLElement} */ (template.cloneNode(true)) : mineItem(id, stored.mine[id]);
    const label = li.querySelector('[data-review-when]');
    if (label) label.textContent = when && `· ${when}`;
    return li;
  };
  fill(root, 'due', due.filter(([id]) => known(id)).map(([id]) => item(id, '')));
  fill(root, 'later', later.filter(([id]) => known(id)).map(([id, entry]) => item(id, t('review.in_days', { n: daysUntil(entry.due, now) }))));

  /** @type {Map<string, {tried: number, weak: number}>} game and tag -> how the learner's puzzles went */
  const themes = new Map();
  for (const [id, li] of catalog) {
    const entry = Object.prototype.hasOwnProperty.call(entries, id) ? entries[id] : null;
    if (!entry || !(entry.solved || entry.attempts > 0 || entry.hints > 0)) continue;
    for (const tag of (li.dataset.tags || '').split(' ')) {
      const key = `${li.dataset.game} ${tag}`;
      const counts = themes.get(key) || { tried: 0, weak: 0 };
      counts.tried += 1;
      if (struggled(entry)) counts.weak += 1;
      themes.set(key, counts);
    }
  }
  const weak = fromTemplate(root, '[data-review-themes]')
    .map((li) => ({ li, counts: themes.get(`${li.dataset.game} ${li.dataset.theme}`) || { tried: 0, weak: 0 } }))
    .filter(({ counts }) => counts.weak > 0)
    .sort((a, b) => b.counts.weak - a.counts.weak || b.counts.weak / b.counts.tried - a.counts.weak / a.counts.tried);
  fill(root, 'weak', weak.map(({ li, counts }) => {
    const row = /** @type {HTMLElement} */ (li.cloneNode(true));
    const stats = row.querySelector('[data-review-stats]');
    if (stats) stats.textContent = `· ${t('review.theme_stats', { weak: counts.weak, tried: counts.tried })}`;
    return row;
  }));
  const note = /** @type {HTMLElement | null} */ (root.querySelector('[data-review-note="weak"]'));
  if (note) note.hidden = weak.length === 0;
}

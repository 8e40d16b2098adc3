// The course map's pointers: where the learner stopped (the lesson of their latest solve or, once that one is
// complete, the next lesson not yet complete) and how many puzzles are due for review (review.js).

import { t } from './i18n.js';
import * as progress from './progress.js';
import { queue } from './review.js';

/** @param {HTMLElement[]} cards the map's lesson cards, in course order @param {number} [now] */
export function showCourseMap(cards, now = Date.now()) {
  const pointers = /** @type {HTMLElement | null} */ (document.querySelector('[data-course-next]'));
  if (!pointers) return;
  const store = progress.load();
  const here = new Set(cards.map((card) => card.dataset.lesson));
  const mine = Object.values(store.puzzles).filter((entry) => here.has(entry.lesson || undefined)); // this course's
  const started = mine.length > 0;
  const latest = mine.filter((entry) => entry.solved).sort((a, b) => b.at - a.at)[0];
  const from = Math.max(0, latest ? cards.findIndex((card) => card.dataset.lesson === latest.lesson) : 0);
  /** @param {HTMLElement} card */
  const open = (card) => !card.classList.contains('is-complete') && Number(card.dataset.puzzles) > 0;
  const next = started ? cards.slice(from).find(open) || cards.find(open) : undefined;
  for (const card of cards) {
    card.classList.toggle('is-next', card === next);
    const label = /** @type {HTMLElement | null} */ (card.querySelector('[data-lesson-next]'));
    if (label) label.hidden = card !== next;
  }
  const link = /** @type {HTMLAnchorElement | null} */ (pointers.querySelector('[data-continue]'));
  const lessonLink = /** @type {HTMLAnchorElement | null} */ (next && next.querySelector('a[href]'));
  if (link) {
    link.hidden = !lessonLink;
    if (lessonLink) {
      link.href = lessonLink.href;
      link.textContent = t('course.continue', { lesson: lessonLink.textContent || '' });
    }
  }
  const review = /** @type {HTMLAnchorElement | null} */ (pointers.querySelector('[data-review-link]'));
  const due = queue(store.puzzles, now).due.length;
  if (review) review.textContent = due ? t('course.review_due', { n: due }) : t('course.review_link');
  pointers.hidden = !started;
}

// The page as slides, for the presenter's window and the audience window alike (both read the same
// HTML, so slide N is the same part of the page in both): the parts are marked data-slide="N" and the
// stylesheet (css/present.css) shows the current one only.

import { loadStylesheet } from '../dom.js';
import { groupSlides } from './deck.js';

const STYLESHEET = new URL('../../css/present.css', import.meta.url).href;

/** @typedef {{parts: HTMLElement[], widget: HTMLElement | null}} Slide */

/** The stylesheet of presenter mode, loaded when it starts (no page pays for it otherwise). */
export function loadPresentStyles() {
  return loadStylesheet(STYLESHEET);
}

/** @param {Element} el @returns {import('./deck.js').PartKind} */
function kindOf(el) {
  if (el.matches('[data-widget]')) return 'widget';
  return /^H[1-6]$/.test(el.tagName) ? 'heading' : 'text';
}

/**
 * The slides of the page in <main>: a lesson's title, then its body; on any other page (a puzzle's, the
 * free board) each of its widgets.
 * @param {HTMLElement} main @returns {Slide[]}
 */
export function readSlides(main) {
  const lesson = main.querySelector('.lesson');
  const body = lesson && lesson.querySelector('.lesson-body');
  /** @type {HTMLElement[]} */
  const title = /** @type {HTMLElement[]} */ (lesson ? [...lesson.querySelectorAll(':scope > .lesson-kicker, :scope > h1, :scope > .lead')] : []);
  const parts = /** @type {HTMLElement[]} */ (body ? [...body.children] : [...main.querySelectorAll('[data-widget]')]);
  /** @type {Slide[]} */
  const slides = title.length ? [{ parts: title, widget: null }] : [];
  for (const group of groupSlides(parts.map(kindOf))) {
    const members = group.map((index) => parts[index]);
    slides.push({ parts: members, widget: members.length === 1 && kindOf(members[0]) === 'widget' ? members[0] : null });
  }
  slides.forEach((slide, index) => {
    for (const part of slide.parts) part.dataset.slide = String(index);
  });
  return slides;
}

/** @param {Slide[]} slides @param {number} index */
export function showSlide(slides, index) {
  for (const el of document.querySelectorAll('[data-slide-current]')) el.removeAttribute('data-slide-current');
  for (const part of slides[index].parts) part.dataset.slideCurrent = '';
}

/** @param {HTMLElement} main */
export function forgetSlides(main) {
  for (const el of main.querySelectorAll('[data-slide]')) {
    el.removeAttribute('data-slide');
    el.removeAttribute('data-slide-current');
  }
}

/**
 * Type as large as the stage allows: the scale steps down until the slide fits without scrolling (a long
 * explanation on a 1280×720 projector), then holds.
 * @param {HTMLElement} stage
 */
export function fitSlide(stage) {
  const root = document.documentElement;
  let scale = 1;
  root.style.setProperty('--present-scale', '1');
  const overflows = () => stage.scrollHeight > stage.clientHeight + 1 || stage.scrollWidth > stage.clientWidth + 1;
  while (overflows() && scale > 0.45) {
    scale = Math.round((scale - 0.05) * 100) / 100;
    root.style.setProperty('--present-scale', String(scale));
  }
}

/** A slide's title, for the notes' "next slide" and the counter's accessible name. @param {Slide} slide */
export function slideTitle(slide) {
  const first = slide.parts[0];
  const heading = first.querySelector('h2, h3, figcaption') || (/^H[1-6]$/.test(first.tagName) ? first : null);
  if (heading) {
    const clone = /** @type {HTMLElement} */ (heading.cloneNode(true));
    for (const extra of clone.querySelectorAll('.puzzle-badge, [data-solved-mark]')) extra.remove();
    return (clone.textContent || '').replace(/\s+/g, ' ').trim();
  }
  const text = (first.textContent || '').replace(/\s+/g, ' ').trim();
  return text.length > 90 ? `${text.slice(0, 88)}…` : text;
}

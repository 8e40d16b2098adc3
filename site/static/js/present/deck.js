// How a page becomes slides: one board or puzzle per slide, the prose between them in sections that
// start at a heading. Pure (the kinds of the page's elements in, groups of their indexes out), tested
// with node --test; present/presenter.js reads the kinds from the page.

/** @typedef {'widget' | 'heading' | 'text'} PartKind */

/** Prose slides longer than this many elements are split (a projector shows a few paragraphs at a time). */
export const MAX_TEXT_PARTS = 4;

/**
 * The slides of a page's parts, each a list of part indexes in order.
 * @param {PartKind[]} kinds
 * @returns {number[][]}
 * @example groupSlides(['heading', 'text', 'widget', 'text']) // [[0, 1], [2], [3]]
 */
export function groupSlides(kinds) {
  /** @type {number[][]} */
  const slides = [];
  /** @type {number[] | null} */
  let prose = null;
  kinds.forEach((kind, index) => {
    if (kind === 'widget') {
      prose = null;
      slides.push([index]);
      return;
    }
    const full = prose && prose.length >= MAX_TEXT_PARTS && kind === 'text';
    if (!prose || kind === 'heading' || full) {
      // a heading at the end of a full slide would be left alone on it: it opens the next one instead
      prose = [];
      slides.push(prose);
    }
    prose.push(index);
  });
  return slides;
}

/**
 * The slide to show after a key press, or null to stay.
 * @param {number} current @param {number} count @param {'next' | 'previous' | 'first' | 'last'} step
 */
export function slideAfter(current, count, step) {
  const target = { next: current + 1, previous: current - 1, first: 0, last: count - 1 }[step];
  return target >= 0 && target < count && target !== current ? target : null;
}

// The board code's own constants (everything about the layout comes from the sprite's geometry).

export const SVG_NS = 'http://www.w3.org/2000/svg';
/** Drawing order of mark kinds: the most important one ends on top. */
export const MARK_KINDS = /** @type {const} */ (['hint', 'target', 'block', 'error']);
/** @typedef {typeof MARK_KINDS[number]} MarkKind */
/** A press that moves further than this (CSS pixels) is a drag, not a click. */
export const DRAG_THRESHOLD_PX = 6;
export const STEP_ANIMATION_MS = 240;

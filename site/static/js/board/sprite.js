// The page's one set of board shapes (#nb-sprite): a page with board pictures carries the picture's shapes
// inline (builder/board_svg.py sprite); the rest, or all of them on a page without pictures, come from
// sprite-data.js and are added here once, before the first board is drawn.

import { INTERACTIVE_SHAPES, STATIC_SHAPES } from './sprite-data.js';
import { SVG_NS } from './constants.js';

/** @param {Document} doc @param {SVGDefsElement} defs @param {string} markup */
function addShapes(doc, defs, markup) {
  const parsed = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}"><defs>${markup}</defs></svg>`, 'image/svg+xml');
  const source = parsed.querySelector('defs');
  if (source) defs.append(...[...source.children].map((child) => doc.importNode(child, true)));
}

/** Every shape a board may use is in the document once (the picture's and the playable board's).
 * @param {Document} [doc] */
export function ensureSprite(doc = document) {
  let sprite = /** @type {Element | null} */ (doc.getElementById('nb-sprite'));
  if (!sprite) {
    const created = doc.createElementNS(SVG_NS, 'svg');
    for (const [name, value] of Object.entries({ id: 'nb-sprite', class: 'nb-sprite', 'aria-hidden': 'true', focusable: 'false' })) {
      created.setAttribute(name, value);
    }
    created.append(doc.createElementNS(SVG_NS, 'defs'));
    doc.body.prepend(created);
    sprite = created;
  }
  const defs = /** @type {SVGDefsElement} */ (sprite.querySelector('defs'));
  if (!doc.getElementById('nb-field')) addShapes(doc, defs, STATIC_SHAPES);
  if (!doc.getElementById('nb-hit-top')) addShapes(doc, defs, INTERACTIVE_SHAPES);
}

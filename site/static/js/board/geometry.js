// The layout tables the builder renders once per page into the sprite (builder/board_geometry.py).

/** @typedef {import('./types.js').Geometry} Geometry */

/** @type {Map<Document, Geometry>} */
const cache = new Map();

/**
 * The page's board geometry (read once per document).
 * @param {Document} doc
 * @returns {Geometry}
 */
export function readGeometry(doc = document) {
  let geometry = cache.get(doc);
  if (!geometry) {
    const sprite = doc.getElementById('nb-sprite');
    if (!sprite) throw new Error('the page has no board sprite (#nb-sprite)');
    geometry = /** @type {Geometry} */ (JSON.parse(sprite.dataset.geometry || '{}'));
    cache.set(doc, geometry);
  }
  return geometry;
}

// The layout tables the builder renders once per page into the sprite (builder/board_geometry.py).

/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').Slot} Slot */

/** @type {Map<Document, Geometry>} */
const cache = new Map();

/**
 * The page's board geometry (read once per document). The sprite lists the slots field by field (one list
 * of 24 values each, to keep pages small); here they become one object per slot.
 * @param {Document} doc
 * @returns {Geometry}
 */
export function readGeometry(doc = document) {
  let geometry = cache.get(doc);
  if (!geometry) {
    const sprite = doc.getElementById('nb-sprite');
    if (!sprite) throw new Error('the page has no board sprite (#nb-sprite)');
    const raw = JSON.parse(sprite.dataset.geometry || '{}');
    /** @type {Record<string, unknown[]>} */
    const fields = raw.slots;
    /** @type {Slot[]} */
    const slots = Array.from({ length: 24 }, (_, i) => /** @type {Slot} */ (Object.fromEntries(
      Object.entries(fields).map(([key, values]) => [key, values[i]]))));
    geometry = /** @type {Geometry} */ ({ ...raw, slots });
    cache.set(doc, geometry);
  }
  return geometry;
}

// The layout tables the build writes into sprite-data.js (builder/board_geometry.py: their one home).

import { GEOMETRY } from './sprite-data.js';

/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').Slot} Slot */

/** @type {Geometry | null} */
let geometry = null;

/**
 * The board geometry. The build lists the slots field by field (one list of 24 values each, to keep the
 * file small); here they become one object per slot.
 * @returns {Geometry}
 */
export function readGeometry() {
  if (!geometry) {
    const fields = GEOMETRY.slots;
    /** @type {Slot[]} */
    const slots = Array.from({ length: 24 }, (_, i) => /** @type {Slot} */ (Object.fromEntries(
      Object.entries(fields).map(([key, values]) => [key, values[i]]))));
    geometry = /** @type {Geometry} */ ({ ...GEOMETRY, slots });
  }
  return geometry;
}

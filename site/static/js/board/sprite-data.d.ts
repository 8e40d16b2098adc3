// Types of sprite-data.js, which the build writes (builder/board_svg.py sprite_module): the layout tables
// of builder/board_geometry.geometry_json (slots given field by field) and the board's shapes as markup.

/** The geometry as written: ``slots`` is one list of 24 values per field. */
export const GEOMETRY: Omit<import('./types.js').Geometry, 'slots'> & { slots: Record<string, unknown[]> };
/** The shapes a board's picture uses (a page with pictures also carries them inline, in #nb-sprite). */
export const STATIC_SHAPES: string;
/** The shapes only a playable board draws: hit areas, marks, focus rings, the mirrored numbers. */
export const INTERACTIVE_SHAPES: string;

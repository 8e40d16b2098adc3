// The shapes every board module shares (JSDoc only: this module exports nothing at run time).
// The board model is nardy_core.board.board_model's JSON (docs/architecture.md "Board model"); the
// geometry is builder/board_geometry.geometry_json(), read from the page's sprite.

/** @typedef {'white' | 'black'} Side */
/**
 * @typedef {string} GameName  a game's name as nardy_core writes it ("game" of a model or an answer): an opaque
 * key for catalogs (`board.label.${game}`), the geometry's tables and addresses, never compared to a name
 * (what differs between the games' boards comes in the model: has_bar, captions)
 */
/** @typedef {'home' | 'head'} CaptionKind */
/** @typedef {'top' | 'bottom'} Row */
/** @typedef {number | 'bar' | 'off'} PointId  an absolute point 1..24, or a side's bar / tray */
/** @typedef {{side: Side, count: number}} Occupant */
/** @typedef {{value: number, used: boolean}} DieUse */
/** @typedef {{value: number, owner: Side | null, offered_by: Side | null, turned: boolean}} CubeState */
/**
 * @typedef {object} BoardModel
 * @property {GameName} game
 * @property {boolean} has_bar                   the board has a bar (for hit checkers)
 * @property {CaptionKind[]} captions            what the board's captions name, for each side
 * @property {Record<string, Occupant>} points   absolute point (as a string key) -> occupant
 * @property {Record<Side, number>} bar
 * @property {Record<Side, number>} off
 * @property {Side | null} to_move
 * @property {DieUse[]} dice                     one entry per use (a double has four)
 * @property {Record<Side, number> | null} pips   null: not shown (a puzzle that asks for a pip count)
 * @property {CubeState | null} cube
 */
/**
 * @typedef {object} Slot
 * @property {Row} row
 * @property {number} col
 * @property {number} left
 * @property {number} top
 * @property {number} x        centre of the column
 * @property {number} y        centre of the first checker
 * @property {number} dir      +1: the stack grows downwards, -1: upwards
 * @property {number} label_y
 * @property {number} badge_y
 */
/** @typedef {{x: number, y: number, dir: number, top: number, left: number, hit_top: number, count_y?: number}} StackPlace */
/** @typedef {{what: CaptionKind, owner: Row, y: number, normal: [number, string], mirrored: [number, string]}} CaptionPlace */
/**
 * @typedef {object} Geometry
 * @property {Slot[]} slots
 * @property {{normal: number[], mirrored: number[]}} labels
 * @property {Record<GameName, Record<Side, {normal: number[], mirrored: number[]}>>} points
 * @property {number} pitch
 * @property {number} max_visible
 * @property {number} slab_pitch
 * @property {number} bar_pitch
 * @property {number} bar_visible
 * @property {Record<Row, StackPlace>} trays
 * @property {Record<Row, StackPlace>} bar
 * @property {Record<string, number[][]>} dice   number of dice shown -> top-left corner of each
 * @property {Record<string, number[]>} faces    die value -> pip indexes shown
 * @property {Record<'middle' | Row, number[]>} cube
 * @property {number} die_size
 * @property {number} cube_size
 * @property {number} point_width
 * @property {number} row_height
 * @property {number} badge_radius
 * @property {Record<GameName, CaptionPlace[]>} captions   by game: where the top side's home is follows its numbering
 * @property {PlayerPlaces} players
 * @property {[number, number]} size   the board's width and height (its viewBox)
 */
/**
 * @typedef {object} PlayerPlaces  the player bars above and below the board
 * @property {{top: number, middle: number}} top
 * @property {{top: number, middle: number}} bottom
 * @property {number} icon_x
 * @property {number} icon_scale
 * @property {number} text_x
 * @property {number} status_x
 */
/**
 * @typedef {object} ViewState  how the board is looked at (never part of the position)
 * @property {Side} perspective  the side sitting at the bottom
 * @property {boolean} flipped   mirrored left-right
 * @property {boolean} interactive
 */

export {};

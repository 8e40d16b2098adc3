// The rules client: the only module that knows the request kinds of nardy_core.api (docs/architecture.md;
// tests/build/test_contracts.py keeps this file, api.HANDLERS and the docs identical). Every answer comes
// from Python in the worker; the page never derives a rule fact itself.

import { request } from './runtime.js';

/** @typedef {import('./board/types.js').BoardModel} BoardModel */
/** @typedef {import('./board/types.js').PointId} PointId */
/** @typedef {import('./board/types.js').Side} Side */
/** @typedef {{position: string, dice: number[], first_turn?: boolean, rules?: Record<string, unknown>}} TurnSetup */
/** @typedef {[PointId, PointId]} StepPair  absolute [from, to] */
/**
 * @typedef {object} Reason  a refused step or turn, ready to say and to mark
 * @property {string} code
 * @property {string} message   the catalog key of the sentence
 * @property {Record<string, string | number>} params
 * @property {PointId[]} highlight
 * @property {'error' | 'block'} mark
 */
/** @typedef {{from: PointId, to: PointId, die: number, hit: boolean, labels: [number | string, number | string]}} PlayedStep */
/** @typedef {{to: PointId, dice: number[], steps: StepPair[], hits: number}} Destination */
/**
 * @typedef {object} TurnState
 * @property {string} position   the position after the steps played (notation)
 * @property {Side} mover
 * @property {number[]} dice
 * @property {number[]} dice_left
 * @property {PlayedStep[]} steps
 * @property {string} play       the steps in the mover's notation
 * @property {Record<string, Destination[]>} moves  source ("13", "bar") -> where it may go
 * @property {boolean} complete
 * @property {boolean} must_pass
 * @property {number} max_dice
 * @property {Reason | null} incomplete_reason
 * @property {BoardModel} board
 */
/** @typedef {{accepted: boolean, steps: PlayedStep[], reason: Reason | null, state: TurnState}} StepAnswer */
/**
 * @typedef {object} GameStateJson  the free board's game: sent back with every game request
 * @property {'long' | 'short'} game
 * @property {Record<string, unknown>} rules
 * @property {Record<Side, 'human' | 'computer'>} players
 * @property {string} position
 * @property {number[] | null} roll
 * @property {boolean} first_turn
 * @property {Side} to_move
 * @property {number[][]} opening
 * @property {import('./board/types.js').CubeState} cube
 * @property {boolean} cube_in_play
 * @property {boolean} may_double
 * @property {'roll' | 'move' | 'cube' | 'over'} phase
 * @property {Side | null} actor
 * @property {boolean} computer   the computer acts next
 * @property {{winner: Side | null, kind: string, base: number, cube: number, points: number} | null} result
 * @property {{side: Side, dice?: number[], play?: string, cube?: string} | null} last
 * @property {BoardModel} board
 */

/** Every request kind this client sends, in the order of api.HANDLERS. */
export const KINDS = /** @type {const} */ ([
  'ping', 'turns', 'check', 'describe', 'result', 'turn_state', 'try_step', 'explain_point', 'game_new',
  'game_from_position', 'game_roll', 'game_play', 'game_cube', 'game_computer', 'bot_turn',
]);

/** @param {typeof KINDS[number]} kind @param {object} payload @returns {Promise<any>} */
function ask(kind, payload) {
  return request(kind, payload);
}

/** @returns {Promise<{pong: boolean, version: string}>} */
export const ping = () => ask('ping', {});

/** @param {object} query */
export const turns = (query) => ask('turns', query);

/** @param {object} query */
export const check = (query) => ask('check', query);

/** @param {string} position @param {Record<string, unknown>} [rules] */
export const describe = (position, rules = {}) => ask('describe', { position, rules });

/** @param {object} query */
export const result = (query) => ask('result', query);

/** @param {TurnSetup} setup @param {StepPair[]} steps @returns {Promise<TurnState>} */
export const turnState = (setup, steps) => ask('turn_state', { ...setup, steps });

/** @param {TurnSetup} setup @param {StepPair[]} steps @param {{from: PointId, to: PointId, die?: number}} step
 *  @returns {Promise<StepAnswer>} */
export const tryStep = (setup, steps, step) => ask('try_step', { ...setup, steps, step });

/** @param {TurnSetup} setup @param {StepPair[]} steps @param {PointId} point @returns {Promise<{reason: Reason | null}>} */
export const explainPoint = (setup, steps, point) => ask('explain_point', { ...setup, steps, point });

/** @param {{game: string, rules: Record<string, unknown>, players: Record<string, string>}} options
 *  @returns {Promise<GameStateJson>} */
export const gameNew = (options) => ask('game_new', options);

/** @param {{position: string, dice?: string, rules: Record<string, unknown>, players: Record<string, string>}} options
 *  players: by side, or relative ({to_move, opponent}) for a position from an address
 *  @returns {Promise<GameStateJson>} */
export const gameFromPosition = (options) => ask('game_from_position', options);

/** @param {GameStateJson} game @returns {Promise<GameStateJson>} */
export const gameRoll = (game) => ask('game_roll', { game });

/** @param {GameStateJson} game @param {string} play @returns {Promise<GameStateJson>} */
export const gamePlay = (game, play) => ask('game_play', { game, play });

/** @param {GameStateJson} game @param {'double' | 'take' | 'drop' | 'beaver'} action @returns {Promise<GameStateJson>} */
export const gameCube = (game, action) => ask('game_cube', { game, action });

/** @param {GameStateJson} game @returns {Promise<GameStateJson>} */
export const gameComputer = (game) => ask('game_computer', { game });

/** @param {object} query */
export const botTurn = (query) => ask('bot_turn', query);

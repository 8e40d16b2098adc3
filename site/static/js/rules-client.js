// The rules client: the only module that knows the request kinds of nardy_core.api (docs/architecture.md;
// tests/build/test_contracts.py keeps this file, api.HANDLERS and the docs identical). Every answer comes
// from nardy_core: from the worker's Python, or for a board's first interactions from its answer book, which
// the build computed with the same api calls (builder/answers.py) so that a board plays before Python has
// booted. The page never derives a rule fact itself.
//
// The answers' types below are nardy_core/answer_types.py's TypedDicts, key for key (the mapping and the check
// are tests/build/test_answer_types.py): change both together.

import { request } from './runtime.js';

/** @typedef {import('./board/types.js').BoardModel} BoardModel */
/** @typedef {import('./board/types.js').PointId} PointId */
/** @typedef {import('./board/types.js').Side} Side */
/** @typedef {import('./board/types.js').GameName} GameName */
/** @typedef {import('./board/types.js').CubeState} CubeState */
/** @typedef {'human' | 'computer'} PlayerKind */
/** @typedef {{position: string, dice?: number[], first_turn?: boolean, rules?: Record<string, unknown>, roll_no?: number, own_roll_no?: number, handoff?: number[]}} TurnSetup
 *  roll_no, own_roll_no, handoff: a game whose turns have parts (nardy_core.turn_plan): the free board's game says them (``turn``) */
/** @typedef {[PointId, PointId]} StepPair  absolute [from, to] */
/**
 * @typedef {object} Reason  a refused step or turn, ready to say and to mark
 * @property {string} code
 * @property {string} message   the catalog key of the sentence
 * @property {Record<string, string | number>} params
 * @property {PointId[]} highlight
 * @property {'error' | 'block'} mark
 */
/** @typedef {{from: PointId, to: PointId, die: number, hit: boolean, labels: [number | string, number | string]}} PlayedStep
 *  labels: the mover's own numbers of from and to */
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
 * @property {TurnPart | null} part   in a game whose turns have parts (a cascade, a hand-off), the part being played
 * @property {number[]} handoff   the dice a complete turn of parts hands to the opponent
 */
/**
 * @typedef {object} TurnPart  which part of a turn made of parts is being played
 * @property {'roll' | 'cascade' | 'handoff'} kind
 * @property {number} index   the part being played, from 0
 * @property {number[][]} parts   every part's dice, in order
 * @property {number[]} dice   the roll thrown, or the dice handed over
 */
/**
 * @typedef {object} TurnFields  what a turn request adds to the position and the rules for the move a game waits for
 * @property {boolean} first_turn
 * @property {number[]} [dice]
 * @property {number} [roll_no]
 * @property {number} [own_roll_no]
 * @property {number[]} [handoff]
 */
/** @typedef {{accepted: boolean, steps: PlayedStep[], reason: Reason | null, state: TurnState}} StepAnswer */
/**
 * @typedef {object} GameResult  how a game ended
 * @property {Side | null} winner   null: a draw
 * @property {'oin' | 'mars' | 'koks' | 'home mars' | 'draw' | 'drop'} kind
 * @property {number} base
 * @property {number} cube
 * @property {number} points
 */
/**
 * @typedef {object} GameEvent  what a game request did: a turn (dice, play) or a cube action (cube)
 * @property {Side} side
 * @property {number[]} [dice]
 * @property {string} [play]
 * @property {'double' | 'take' | 'drop' | 'beaver'} [cube]
 * @property {number[]} [handoff]   the dice the opponent handed over, played before the roll
 */
/**
 * @typedef {object} GameStateJson  the free board's game: sent back with every game request
 * @property {GameName} game
 * @property {Record<string, unknown>} rules
 * @property {Record<Side, PlayerKind>} players
 * @property {string} position
 * @property {Side} first_mover
 * @property {Side[]} has_moved
 * @property {number[] | null} roll
 * @property {Side | null} extra_roll_for   the side that throws once more, the other having borne off all
 * @property {boolean} first_turn
 * @property {Side} to_move
 * @property {number[][]} opening
 * @property {CubeState} cube
 * @property {boolean} cube_in_play
 * @property {boolean} may_double
 * @property {'roll' | 'move' | 'cube' | 'over'} phase
 * @property {Side | null} actor
 * @property {boolean} computer   the computer acts next
 * @property {GameResult | null} result
 * @property {GameEvent | null} last
 * @property {string | null} last_board_play  the last turn's play in the board's numbering (what the page says of it)
 * @property {PlayedStep[]} last_steps  the last turn's steps, to show on the board (none after a cube action)
 * @property {BoardModel} board
 * @property {number[]} handoff   the dice the opponent handed to the side to move, played before he rolls
 * @property {number[]} rolls   [White's, Black's] own rolls so far
 * @property {TurnFields | null} turn   what the side to move plays now, as a turn request's fields
 * @property {boolean} tutor   the engine hints and judges this game's turns
 */
/** @typedef {{code: string, message: string, params: Record<string, unknown>}} AnswerError  why a request was refused */
/** @typedef {{error: AnswerError}} ErrorAnswer  the answer to an invalid request: the worker rejects with a RequestError whose error is its AnswerError */
/** @typedef {{pong: boolean, version: string}} PingAnswer */
/** @typedef {{white: Record<string, number>, black: Record<string, number>, play: string, handoff?: number[]}} Outcome  each side in its own numbering */
/** @typedef {{outcomes: Outcome[], turn?: 'roll' | 'cascade' | 'handoff', parts?: number[][]}} TurnsAnswer */
/** @typedef {{verdict: 'legal' | 'illegal' | 'incomplete', code: string | null, step: number | null, handoff?: number[]}} CheckAnswer */
/**
 * @typedef {object} DescribeAnswer
 * @property {string} position
 * @property {GameName} game
 * @property {BoardModel} board
 * @property {Record<string, number[]>} forbidden_blocks  side -> the absolute points of its forbidden block (only a side that has one)
 * @property {Side | null} winner
 */
/** @typedef {{reason: Reason | null}} ExplainAnswer */
/** @typedef {{play: string, steps: PlayedStep[]}} BotTurnAnswer */
/** @typedef {'beginner' | 'club' | 'master'} Level  the computer's strength (nardy_core.engine.LEVELS) */
/**
 * @typedef {object} HintPlay  one legal play, with the mover's cubeless equity and chances after it
 * @property {string} play
 * @property {Record<string, number>} white   each side in its own numbering, as in an Outcome
 * @property {Record<string, number>} black
 * @property {number} equity
 * @property {number} win
 * @property {number} win_mars
 * @property {number} lose_mars
 */
/** @typedef {{plays: HintPlay[]}} HintAnswer  every legal play, best first */
/** @typedef {'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder'} Grade  a play against the best of its roll */
/**
 * @typedef {object} AdvisedPlay  a play as the tutor shows it, in the board's numbering, with its steps to draw
 * @property {string} play
 * @property {PlayedStep[]} steps
 * @property {number} equity
 * @property {number} win
 * @property {number} win_mars
 * @property {number} lose_mars
 * @property {number} loss   the equity it loses against the best
 * @property {Grade} grade
 */
/** @typedef {{plays: AdvisedPlay[], total: number}} AdviseAnswer  the best plays of a turn, best first */
/** @typedef {{code: string, message: string, params: Record<string, number>}} WhyJson  why the best play is better */
/**
 * @typedef {object} JudgeAnswer  a legal play graded against the best of its roll
 * @property {Grade} grade
 * @property {number} loss
 * @property {number} rank   its place among the roll's plays, from 1
 * @property {number} total  how many plays the roll had
 * @property {AdvisedPlay} played
 * @property {AdvisedPlay} best
 * @property {WhyJson[]} why  most telling first (none for a play as good as the best)
 */
/**
 * @typedef {object} EvaluateAnswer  the side to move's chances and cubeless equity
 * @property {number} win
 * @property {number} win_mars
 * @property {number} win_koks
 * @property {number} lose_mars
 * @property {number} lose_koks
 * @property {number} equity
 * @property {boolean} exact   the race tables (or the game's end) gave them
 */
/**
 * @typedef {object} CubeAdvice  the cube decision, equities per unit of the cube's value
 * @property {'double' | 'no_double' | 'too_good'} action
 * @property {'take' | 'drop' | 'beaver'} response
 * @property {number} no_double
 * @property {number} double_take
 * @property {number} double_drop
 * @property {boolean} may_double
 */
/** @typedef {{win: number, win_mars: number, lose_mars: number, equity: number, advice: CubeAdvice}} CubeAnswer */
/** @typedef {'world_class' | 'expert' | 'advanced' | 'intermediate' | 'casual' | 'beginner' | 'novice'} Band  a rating band (nardy_core.analysis.BANDS) */
/** @typedef {'double' | 'no_double' | 'take' | 'drop' | 'beaver'} CubeMove */
/**
 * @typedef {object} AnalysedTurn  a turn of a game analysed (the board's numbering)
 * @property {number} index   its place among the record's events
 * @property {number} number  the mover's own turn, from 1
 * @property {Side} side
 * @property {number[]} dice
 * @property {string} position  where it was played from (the mover to move)
 * @property {boolean} first_turn
 * @property {string} play
 * @property {PlayedStep[]} steps  the play's steps, to draw
 * @property {number} white_win  White's chance to win after it
 * @property {JudgeAnswer | null} judged  null: the roll had one play or none
 */
/**
 * @typedef {object} AnalysedCube  a cube decision against the engine's advice (no_double: a double missed)
 * @property {number} index
 * @property {Side} side
 * @property {CubeMove} move
 * @property {CubeMove} right
 * @property {number} loss
 * @property {Grade} grade
 */
/**
 * @typedef {object} SideAnalysisJson  one side's figures
 * @property {number} decisions
 * @property {number} loss
 * @property {number} error_rate
 * @property {Band | null} band
 * @property {number} inaccuracies
 * @property {number} mistakes
 * @property {number} blunders
 * @property {number} cube_decisions
 * @property {number} cube_errors
 * @property {number} cube_loss
 */
/**
 * @typedef {object} GameAnalysisAnswer  a whole game analysed (nardy_core.analysis)
 * @property {GameName} game
 * @property {number} start_white_win
 * @property {AnalysedTurn[]} turns
 * @property {AnalysedCube[]} cube
 * @property {SideAnalysisJson} white
 * @property {SideAnalysisJson} black
 * @property {number[]} worst  places in turns of the biggest mistakes, costliest first
 * @property {GameResult | null} result
 */
/** @typedef {{position_id: string, match_id: string, gnubg: string, xgid: string}} ShareCodes  a position for GNU Backgammon and eXtreme Gammon */
/** @typedef {{codes: ShareCodes | null}} ShareCodesAnswer  null: a game these formats cannot hold */
/** @typedef {{position: string, dice: number[] | null, cube: CubeState}} SharedPositionAnswer  a pasted code read */
/** @typedef {{text: string, extension: 'mat' | 'txt'}} GameFileAnswer  a game's record as a file (mat: GNU Backgammon imports it) */

/** Every request kind this client sends, in the order of api.HANDLERS. */
export const KINDS = /** @type {const} */ ([
  'ping', 'turns', 'check', 'describe', 'setup', 'result', 'turn_state', 'try_step', 'explain_point', 'game_new',
  'game_from_position', 'game_roll', 'game_play', 'game_cube', 'game_computer', 'bot_turn', 'game_review', 'hint',
  'advise', 'judge', 'evaluate', 'cube', 'game_analysis', 'share_codes', 'shared_position', 'game_file',
]);

/** @param {typeof KINDS[number]} kind @param {object} payload @returns {Promise<any>} */
function ask(kind, payload) {
  return request(kind, payload);
}

// ---- answer books (builder/answers.py) ---------------------------------------------------------------

const BOOK_FORMAT = 1;
/**
 * @typedef {object} Book  one turn setup's answers; states are stored once and referred to by index
 * @property {string} setup   the setup as JSON text, as setupText gives it
 * @property {unknown[]} states
 * @property {Record<string, unknown>} answers  entry key -> a state index, or an answer whose state is an index
 */
/** @type {Map<string, Promise<void>>} books by URL, fetched once per visit */
const fetched = new Map();
/** @type {Map<string, Book>} books by setup text */
const books = new Map();

/** The setup of a turn request, in the key order the build uses. @param {TurnSetup} setup */
function baseOf(setup) {
  const base = setup.handoff ? { position: setup.position, handoff: setup.handoff, first_turn: !!setup.first_turn, rules: setup.rules || {} }
    : { position: setup.position, dice: setup.dice, first_turn: !!setup.first_turn, rules: setup.rules || {} };
  // the turn's parameters of a game whose turns have parts (never in a board's answer book, whose keys stay as built)
  return setup.roll_no ? { ...base, roll_no: setup.roll_no, own_roll_no: setup.own_roll_no } : base;
}

/** @param {unknown} book @returns {book is Book} */
function isBook(book) {
  if (!book || typeof book !== 'object') return false;
  const b = /** @type {Record<string, unknown>} */ (book);
  return b.format === BOOK_FORMAT && typeof b.setup === 'string' && Array.isArray(b.states)
    && !!b.answers && typeof b.answers === 'object' && !Array.isArray(b.answers);
}

/**
 * Fetch a board's answer book (once per URL). It never fails: without the book the worker answers all.
 * @param {string | null | undefined} url  absolute, or relative to the document
 * @returns {Promise<void>}
 */
export function useAnswers(url) {
  if (!url) return Promise.resolve();
  let done = fetched.get(url);
  if (!done) {
    done = fetch(url)
      .then((response) => (response.ok ? readBook(response) : null))
      .then((book) => {
        if (isBook(book)) books.set(book.setup, book);
      })
      .catch(() => {});
    fetched.set(url, done);
  }
  return done;
}

/** A book is stored gzipped and unpacked here, so any static host serves it; a host that already sent it
 * unpacked (Content-Encoding: gzip) is fine too. @param {Response} response @returns {Promise<unknown>} */
async function readBook(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(bytes));
  if (typeof DecompressionStream !== 'function') return null; // an old browser: the worker answers everything
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).json();
}

/** The shipped answer to one request, as a fresh copy, or undefined.
 * @param {TurnSetup} setup @param {string} kind @param {StepPair[]} steps @param {unknown} extra */
function shipped(setup, kind, steps, extra) {
  const book = books.get(JSON.stringify(baseOf(setup)));
  if (!book) return undefined;
  const value = book.answers[`${kind} ${JSON.stringify(steps)} ${JSON.stringify(extra)}`];
  if (value === undefined) return undefined;
  const state = (/** @type {unknown} */ index) => (typeof index === 'number' ? book.states[index] : undefined);
  if (typeof value === 'number') return structuredClone(state(value));
  if (value && typeof value === 'object' && 'state' in value) return structuredClone({ ...value, state: state(value.state) });
  return structuredClone(value);
}

/** Ask about a turn: its book first, then the worker.
 * @param {'turn_state' | 'try_step' | 'explain_point'} kind @param {TurnSetup} setup @param {StepPair[]} steps
 * @param {'step' | 'point' | null} name @param {unknown} extra */
function askTurn(kind, setup, steps, name, extra) {
  const answer = shipped(setup, kind, steps, name ? extra : null);
  if (answer !== undefined) return Promise.resolve(answer);
  return ask(kind, name ? { ...baseOf(setup), steps, [name]: extra } : { ...baseOf(setup), steps });
}

/** @returns {Promise<PingAnswer>} */
export const ping = () => ask('ping', {});

/** @param {object} query @returns {Promise<TurnsAnswer>} */
export const turns = (query) => ask('turns', query);

/** @param {object} query @returns {Promise<CheckAnswer>} */
export const check = (query) => ask('check', query);

/** @param {string} position @param {Record<string, unknown>} [rules] @returns {Promise<DescribeAnswer>} */
export const describe = (position, rules = {}) => ask('describe', { position, rules });

/**
 * @typedef {object} SetupAnswer  what the board editor holds, judged (nardy_core.setups)
 * @property {BoardModel} board             drawn even while the setup is not a position (16 white checkers)
 * @property {string | null} position       the canonical notation, null while there are problems (but for a finished game)
 * @property {boolean} playable              a game can go on from it: no problems at all
 * @property {SetupProblem[]} problems
 * @property {Record<string, unknown>} rules  the options that differ from the game's defaults
 */
/** @typedef {{code: string, message: string, params: Record<string, unknown>, highlight: number[], mark: 'error' | 'block'}} SetupProblem */

/** @param {object} query @returns {Promise<SetupAnswer>} */
export const setup = (query) => ask('setup', query);

/** @param {object} query @returns {Promise<GameResult>} */
export const result = (query) => ask('result', query);

/** @param {TurnSetup} setup @param {StepPair[]} steps @returns {Promise<TurnState>} */
export const turnState = (setup, steps) => askTurn('turn_state', setup, steps, null, null);

/** @param {TurnSetup} setup @param {StepPair[]} steps @param {{from: PointId, to: PointId, die?: number}} step
 *  @returns {Promise<StepAnswer>} */
export const tryStep = (setup, steps, step) => askTurn('try_step', setup, steps, 'step', step);

/** @param {TurnSetup} setup @param {StepPair[]} steps @param {PointId} point @returns {Promise<ExplainAnswer>} */
export const explainPoint = (setup, steps, point) => askTurn('explain_point', setup, steps, 'point', point);

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

/** @param {GameStateJson} game @param {Level} [level] the computer's strength (default: beginner)
 *  @returns {Promise<GameStateJson>} */
export const gameComputer = (game, level) => ask('game_computer', level ? { game, level } : { game });

/** @param {object} query @returns {Promise<BotTurnAnswer>} */
export const botTurn = (query) => ask('bot_turn', query);

/** A finished game's review from its record (nardy_core.summary).
 * @param {object} record @returns {Promise<import('./game-review.js').GameReview>} */
export const gameReview = (record) => ask('game_review', { record });

/** Every legal play of a turn, best first (the CLI's hint): a turn query plus plies (0, 1 or 2).
 * @param {object} query @returns {Promise<HintAnswer>} */
export const hint = (query) => ask('hint', query);

/** The tutor's hint: the best plays of a turn (query: a turn, plus plies and limit), in the board's numbering.
 * @param {object} query @returns {Promise<AdviseAnswer>} */
export const advise = (query) => ask('advise', query);

/** The tutor's verdict on a legal play (query: a turn and its play in the mover's notation, plus plies).
 * @param {object} query @returns {Promise<JudgeAnswer>} */
export const judge = (query) => ask('judge', query);

/** A position's chances for its side to move. @param {object} query @returns {Promise<EvaluateAnswer>} */
export const evaluate = (query) => ask('evaluate', query);

/** The cube decision for the side to move (query: a position, rules and cube). @param {object} query
 *  @returns {Promise<CubeAnswer>} */
export const cube = (query) => ask('cube', query);

/** A whole game analysed from its record (as gameReview takes it). @param {object} record
 *  @returns {Promise<GameAnalysisAnswer>} */
export const gameAnalysis = (record) => ask('game_analysis', { record });

/** A position's codes for GNU Backgammon (Position ID:Match ID) and eXtreme Gammon (XGID).
 * @param {{position: string, dice?: string | number[], cube?: object}} query  dice: "6-5", [6, 5], or "" (not thrown) @returns {Promise<ShareCodesAnswer>} */
export const shareCodes = (query) => ask('share_codes', query);

/** A pasted XGID or GNU Backgammon Position ID (with its Match ID) read. @param {string} text
 *  @returns {Promise<SharedPositionAnswer>} */
export const sharedPosition = (text) => ask('shared_position', { text });

/** A game's record as a file (a .mat for GNU Backgammon where the game is backgammon). @param {object} record
 *  @returns {Promise<GameFileAnswer>} */
export const gameFile = (record) => ask('game_file', { record });

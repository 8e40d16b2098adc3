// The free board (/{lang}/play/): any position from the URL (?pos=…&dice=…&game=…&rules={…}), a game
// against yourself or the computer, in any game the page has a board for. The game flow — the opening
// throw, who moves, the computer's turn, the cube, the result — comes from nardy_core; this file keeps the
// state it is given, forwards the learner's choices and draws.

import { siteURL } from './site-root.js';
import { BoardView } from './board/view.js';
import { reportHeight, takeCommands, tellHost } from './embed-frame.js';
import { sayRules } from './editor/rules-form.js';
import { diceText, resultText } from './feedback.js';
import { hasMessage, t } from './i18n.js';
import { positionQuery, readRules } from './position-address.js';
import { AnalysisSeat } from './free-board-analysis.js';
import { GameLog } from './game-log.js';
import { showGameInHeader } from './header-game.js';
import { ComputerSeat } from './free-board-computer.js';
import { PracticeSeat } from './free-board-practice.js';
import { gameCube, gameFromPosition, gameNew, gamePlay, gameRoll, setup } from './rules-client.js';
import { TurnController } from './turn-controller.js';
import { Tutor } from './tutor.js';
import { EditorSeat } from './free-board-editor.js';
import { bindViewControls, Widget } from './widget.js';

/** @typedef {import('./rules-client.js').GameStateJson} GameStateJson */
/** @typedef {import('./board/types.js').GameName} GameName */

/** What the build wrote into the widget's config, by game: each game's starting position in notation
 * (builder: start_notations), and the lesson whose checklist a finished game's review answers, where the
 * game's course has one. @param {HTMLElement} root
 * @returns {{starts: Record<string, string>, reviewLessons: Record<string, string>}} */
function readConfig(root) {
  /** @param {unknown} value @returns {Record<string, string>} */
  const table = (value) => (value && typeof value === 'object' ? /** @type {Record<string, string>} */ (value) : {});
  try {
    const config = JSON.parse(root.dataset.config || '{}');
    return { starts: table(config.starts), reviewLessons: table(config.review_lessons) };
  } catch {
    return { starts: {}, reviewLessons: {} };
  }
}

export class FreeBoard extends Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    /** @type {Record<string, BoardView>} */
    this.views = {};
    for (const frame of root.querySelectorAll('[data-board-for]')) {
      const game = /** @type {HTMLElement} */ (frame).dataset.boardFor || '';
      this.views[game] = new BoardView(/** @type {SVGSVGElement} */ (frame.querySelector('svg')));
    }
    /** the game of the page's first board: what an address that names none plays
     *  @type {GameName} */
    this.firstGame = Object.keys(this.views)[0] || '';
    /** @type {GameName} */
    this.gameName = this.firstGame;
    this.status = /** @type {HTMLElement} */ (root.querySelector('[data-status]'));
    /** what the address asked for that cannot be shown, above the board (the status line is for the game) */
    this.alert = /** @type {HTMLElement | null} */ (root.querySelector('[data-url-problem]'));
    const config = readConfig(root);
    /** @type {Record<string, string>} each game's starting position in notation (builder: start_notations) */
    this.starts = config.starts;
    /** @type {Record<string, string>} each game's lesson for its review (site-relative), where there is one */
    this.reviewLessons = config.reviewLessons;
    this.form = /** @type {HTMLFormElement} */ (root.querySelector('[data-position-form]'));
    this.share = /** @type {HTMLAnchorElement} */ (root.querySelector('[data-share-link]'));
    /** @type {GameStateJson | null} */
    this.game = null;
    /** the game's record, its move list and the learner's turns to take back */
    this.log = new GameLog(root);
    /** the finished game's review and analysis («Итоги партии», «Анализ партии») */
    this.afterGame = new AnalysisSeat(this);
    /** the computer's side: its level, its turns played out on the board, what is said of them */
    this.computer = new ComputerSeat(this);
    /** a personal puzzle from the review page (?practise=<id>) */
    this.practice = new PracticeSeat(this);
    /** @type {TurnController | null} */
    this.turn = null;
    /** @type {(() => void) | null} */
    this.unbindView = null;
    /** the board editor's seat on this board («Расставить позицию») */
    this.editing = new EditorSeat(this);
    /** on someone else's page (embed/<lang>/play.html) */
    this.embedded = document.body.classList.contains('embed');
    /** the hint and the verdicts on the learner's turns */
    this.tutor = new Tutor(root, () => this.view);
    /** a played turn the tutor holds back (a mistake or a blunder) until the learner keeps or takes it back */
    this.holding = false;
    /** said before what the computer does next, which comes at once: the opening throw it won, or the
     * learner's roll that had no move (the turn passed at once) */
    this.preamble = '';
  }

  attach() {
    const { root } = this;
    this.onUnmount(() => {
      this.editing.leave();
      if (this.turn) this.turn.destroy();
      if (this.unbindView) this.unbindView();
      for (const view of Object.values(this.views)) view.destroy();
    });
    /** @type {HTMLElement} */ (root.querySelector('[data-controls]')).hidden = false;
    this.on(this.button('roll'), 'click', () => this.roll());
    this.on(this.button('undo'), 'click', () => {
      this.release(); // a held turn's verdict goes with the step taken back: the turn is played on
      if (this.turn) this.turn.undo();
    });
    this.on(this.button('confirm'), 'click', () => this.turn && this.turn.confirm());
    this.on(this.button('undo-turn'), 'click', () => this.takeBackTurn());
    this.on(this.button('new-game'), 'click', () => this.reset());
    for (const action of /** @type {const} */ (['double', 'take', 'drop'])) this.on(this.button(action), 'click', () => this.cube(action));
    this.on(this.button('computer-move'), 'click', () => this.computer.ask());
    this.on(this.button('hint'), 'click', () => this.hint());
    this.on(this.button('edit'), 'click', () => this.editing.open({ ...this.editing.start(), focus: true }));
    for (const choice of root.querySelectorAll('[data-choose-game]')) {
      this.on(choice, 'click', () => this.newGame(/** @type {GameName} */ (/** @type {HTMLElement} */ (choice).dataset.chooseGame), {}));
    }
    this.on(this.form, 'submit', (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      const data = new FormData(this.form);
      const url = new URL(window.location.href);
      url.searchParams.set('pos', String(data.get('pos') || '').trim());
      const dice = String(data.get('dice') || '').trim();
      if (dice) url.searchParams.set('dice', dice);
      else url.searchParams.delete('dice');
      window.history.replaceState(window.history.state, '', url);
      this.fromUrl();
    });
    if (this.embedded) {
      // the frame's height, and the host's «reset»
      this.onUnmount(reportHeight('play'));
      this.onUnmount(takeCommands({ reset: () => this.fromUrl() }));
    }
    const embed = this.button('embed');
    if (embed && this.embedded) embed.hidden = true;
    this.on(embed, 'click', async () => {
      const { openEmbedPanel } = await import('./embed-panel.js');
      openEmbedPanel({ id: null, title: t('play.title'), query: this.shareQuery() }, /** @type {HTMLElement} */ (embed));
    });
    this.fromUrl();
  }

  /** «Новая партия»: the game on the board again from its start, with its rules. */
  reset() {
    return this.newGame(this.gameName, this.game ? this.game.rules : {});
  }

  /** The address's query for the game on the board (what «Ссылка на эту позицию» and «Встроить» share). */
  shareQuery() {
    const game = this.game;
    if (!game) return window.location.search.replace(/^\?/, '');
    return positionQuery(game.position, game.roll && game.phase === 'move' ? game.roll.join('-') : '', game.game, game.rules);
  }

  /** @param {string} action @returns {HTMLButtonElement | null} */
  button(action) {
    return this.root.querySelector(`[data-action="${action}"]`);
  }

  get view() {
    return this.views[this.gameName];
  }

  /** @returns {{white: 'human', black: 'human' | 'computer'}} */
  get players() {
    const computer = /** @type {HTMLInputElement | null} */ (this.root.querySelector('[data-option="computer"]'));
    return { white: 'human', black: computer && computer.checked ? 'computer' : 'human' };
  }

  /** Whether the tutor judges each of the learner's turns (the option under the board, on by default). */
  get verdicts() {
    const option = /** @type {HTMLInputElement | null} */ (this.root.querySelector('[data-option="verdicts"]'));
    return Boolean(option && option.checked);
  }

  /** @param {string} text */
  say(text) {
    this.status.textContent = text;
  }

  /** Says above the board what in the address cannot be read and how to go on; '' takes it away.
   * @param {string} text @param {'pos' | 'dice' | 'rules'} [part] the part of the address at fault */
  warn(text, part = 'pos') {
    if (!this.alert) return;
    const fix = part === 'rules' ? t('play.fix_rules', { button: t('play.new_game') })
      : t('play.fix_field', { field: t(part === 'dice' ? 'play.dice' : 'play.position'), button: t('play.show') });
    this.alert.textContent = text ? `${text} ${fix}` : '';
    this.alert.hidden = !text;
  }

  /** @param {GameName} game */
  showGame(game) {
    this.gameName = Object.hasOwn(this.views, game) ? game : this.firstGame;
    for (const frame of this.root.querySelectorAll('[data-board-for]')) {
      /** @type {HTMLElement} */ (frame).hidden = /** @type {HTMLElement} */ (frame).dataset.boardFor !== this.gameName;
    }
    if (this.unbindView) this.unbindView();
    this.unbindView = bindViewControls(this.root, this.view);
    this.root.dataset.game = this.gameName;
    showGameInHeader(this.gameName);
  }

  async fromUrl() {
    this.say(''); // the page's "needs JavaScript" line, or what was said about the last address
    this.warn('');
    const params = new URLSearchParams(window.location.search);
    const pos = params.get('pos');
    // the board of the game the address names, until Python says which game its position is
    this.showGame(params.get('game') || this.firstGame);
    if (params.has('edit') && this.button('edit')) {
      const read = params.get('rules') ? readRules(params.get('rules') || '') : {};
      if (typeof read === 'string') this.warn(t('play.bad_rules', { error: read }), 'rules');
      // the editor draws on its game's board from the start: a position the address gives without its game
      // (the page's own addresses name it) is Python's to read first
      const game = pos && !params.has('game') ? await this.gameOf(pos) : this.gameName;
      return this.editing.open({ position: pos || undefined, game, dice: params.get('dice') || '', rules: typeof read === 'string' ? {} : read });
    }
    this.editing.leave();
    if (params.has('practise')) return this.practice.open(params.get('practise') || '');
    this.practice.leave();
    /** @type {Record<string, unknown>} */
    let rules = {};
    const rulesText = params.get('rules');
    if (rulesText) {
      // a teacher's variant demo: ?rules={"block_timing":"end"} (names and values of the rules pages)
      const read = readRules(rulesText);
      if (typeof read === 'string') {
        this.warn(t('play.bad_rules', { error: read }), 'rules');
        return;
      }
      rules = read;
    }
    if (!pos) return this.newGame(this.gameName, rules);
    this.form.elements.namedItem('pos') && (/** @type {HTMLInputElement} */ (this.form.elements.namedItem('pos')).value = pos);
    const diceInput = /** @type {HTMLInputElement | null} */ (this.form.elements.namedItem('dice'));
    if (diceInput) diceInput.value = params.get('dice') || '';
    try {
      // a position from the address is the learner's to play; the computer, if on, takes the other side
      const players = { to_move: 'human', opponent: this.players.black };
      this.computer.move.stop();
      this.tutor.clear();
      this.startRecord(null);
      this.setGame(await gameFromPosition({ position: pos, dice: params.get('dice') || '', rules, players }));
    } catch (error) {
      this.problem(error);
    }
  }

  /** The game of a position in notation, as Python reads it (the board shown when it cannot be read: the
   * editor then says what is wrong with it). @param {string} position @returns {Promise<GameName>} */
  async gameOf(position) {
    try {
      return (await setup({ position })).board.game;
    } catch {
      return this.gameName;
    }
  }

  /** The free board's words for a request that Python refused: what was wrong, in the page's language (the
   * API's own message is for developers). @param {any} error */
  problem(error) {
    const code = String((error && error.code) || '');
    const part = code === 'BAD_RULES' || code === 'RULES_GAME' ? 'rules' : code === 'BAD_DICE' ? 'dice' : 'pos';
    const params = (error && error.error && error.error.params) || {};
    const side = params.side === 'white' || params.side === 'black' ? t(`play.error_side.${params.side}`) : '';
    const reason = hasMessage(`play.error.${code}`) ? `play.error.${code}` : 'play.error.other';
    const start = this.starts[this.gameName] || '';
    const key = { pos: 'play.bad_position', dice: 'play.bad_dice', rules: 'play.bad_rules' }[part];
    this.warn(t(key, { error: t(reason, { side, n: Number(params.total) || 0, start }) }), part);
  }

  /** @param {GameStateJson} game @param {boolean} [restored] a state the game was in before (a turn taken back):
   * its last event is in the record already */
  setGame(game, restored = false) {
    if (this.root.classList.contains('is-editing')) return; // an answer about the game, arriving after the editor took the board over
    if (!restored) this.log.add(game, this.game);
    this.game = game;
    if (this.embedded && this.root.dataset.ready !== 'true') tellHost('ready', { id: 'play' });
    this.root.dataset.ready = 'true'; // Python answered: the board can be played
    if (this.turn) {
      this.turn.destroy();
      this.turn = null;
    }
    this.showGame(game.game);
    this.view.setModel(game.board, { animate: false });
    this.view.clearMarks();
    this.view.setSelectable([]);
    const last = game.last;
    if (last && !restored && game.players[last.side] === 'computer') this.computer.move.mark(game.last_steps || []);
    this.share.href = `?${this.shareQuery()}`;
    sayRules(this.root.querySelector('[data-rules-line]'), this.root, game.game, game.rules);
    const posInput = /** @type {HTMLInputElement | null} */ (this.form.elements.namedItem('pos'));
    if (posInput) posInput.value = game.position;
    this.showControls();
    this.next();
  }

  /** The controls that the game's phase asks for: the dice when the learner is to roll, the turn's own
   * buttons while the learner moves, the cube's when it is offered. */
  showControls() {
    const game = this.game;
    const human = game && !game.computer && !this.computer.playing; // (the computer's move played out: its turn)
    const show = /** @param {string} action @param {boolean} visible */ (action, visible) => {
      const el = this.button(action);
      if (el) el.hidden = !visible;
    };
    const moving = Boolean(game && human && !game.result && game.phase === 'move' && game.turn && !this.practice.answered);
    show('roll', Boolean(game && human && !game.result && game.phase === 'roll'));
    show('undo', moving);
    show('confirm', moving && !this.holding);
    // the editor's demo: both sides are the learner's, and the computer plays a turn when asked
    show('computer-move', Boolean(game && human && !game.result && !this.practice.active && Object.values(game.players).every((who) => who === 'human')));
    // a personal puzzle is found, not hinted; a turn made of parts (a cascade) is not one the engine ranks
    show('hint', moving && !this.holding && !this.practice.active && Boolean(game && game.tutor));
    // a turn played against the computer can be taken back until the next is played (and after the game's end)
    show('undo-turn', Boolean(game && (human || game.result) && this.log.canTakeBack && !this.holding));
    show('double', Boolean(game && human && game.phase === 'roll' && game.may_double));
    show('take', Boolean(game && human && game.phase === 'cube'));
    show('drop', Boolean(game && human && game.phase === 'cube'));
  }

  /** What happens after each new state: the computer acts, a roll is played, or the learner is asked. */
  next() {
    const game = this.game;
    if (!game) return;
    if (game.result) return this.announce(game);
    if (game.computer) {
      // the computer played the dice handed to it and rolls now: what it played is said with its roll's move
      if (game.last && game.last.handoff && game.players[game.last.side] === 'computer') this.preamble += this.computer.lastText(game);
      return this.computer.turn();
    }
    if (game.phase === 'move' && game.turn) {
      // dice handed over: what the computer did first (its turn left them), then the hand-off to play
      // (kept as the preamble: said again once the hand-off is played or found unplayable)
      if (game.handoff.length) this.say(this.preamble = this.takePreamble() + this.computer.lastText(game));
      return this.startTurn(game.turn);
    }
    if (game.phase === 'cube') {
      const byComputer = Boolean(game.last && game.last.cube === 'double' && game.players[game.last.side] === 'computer');
      return this.say(this.takePreamble() + this.computer.takeNotice() + t(byComputer ? 'play.computer_double_offered' : 'play.double_offered', { value: game.cube.value * 2 }));
    }
    this.say(this.takePreamble() + this.computer.lastText(game) + t('play.your_turn'));
  }

  /** What came just before the computer's action, said once with it. */
  takePreamble() {
    const preamble = this.preamble;
    this.preamble = '';
    return preamble;
  }

  /** @param {GameName} game @param {Record<string, unknown>} rules */
  async newGame(game, rules) {
    this.say(''); // a new game: nothing said about the last one (or about the address) still stands
    this.preamble = '';
    this.warn('');
    this.tutor.clear();
    this.practice.leave();
    this.computer.move.stop();
    try {
      const state = await gameNew({ game, rules, players: this.players });
      this.startRecord({ game: state.game, rules: state.rules, opening: state.opening, events: [] });
      this.computer.move.stop(); // a game's computer move from before the answer came
      const [white, black] = state.opening[state.opening.length - 1];
      const opening = t('play.opening', { white, black });
      if (state.computer) this.preamble = `${opening} `; // the computer won it: said with its first move
      this.setGame(state);
      if (!state.computer && state.phase !== 'over') this.say(`${opening} ${this.status.textContent}`.trim());
    } catch (error) {
      this.problem(error);
    }
  }

  async roll() {
    if (!this.game || this.game.result) return this.newGame(this.gameName, this.game ? this.game.rules : {});
    if (this.game.phase !== 'roll' || this.game.computer || this.computer.playing) return;
    const state = await gameRoll(this.game);
    // what was said of the last turn («…бросьте кубики») is done with: the dice, and what to do with them
    this.say(`${t('play.rolled', { dice: diceText(state.roll || []) })} ${t('widget.choose_checker')}`);
    this.setGame(state);
  }

  /** @param {'double' | 'take' | 'drop'} action */
  async cube(action) {
    if (!this.game || this.computer.playing) return;
    this.setGame(await gameCube(this.game, action));
  }

  /** @param {import('./rules-client.js').TurnFields} fields what the game waits for: the dice thrown or handed over */
  startTurn(fields) {
    if (this.turn) this.turn.destroy();
    this.release();
    this.tutor.clear(); // a new roll: the last turn's verdict and arrows are done with
    const game = /** @type {GameStateJson} */ (this.game);
    if (Object.values(game.players).includes('computer')) this.log.turnBegins(game);
    // the learner ends the turn («Завершить ход»): a last step clicked by mistake can still be taken back
    const turn = new TurnController(this.view, { position: game.position, rules: game.rules, ...fields },
      { status: this.status, confirmLast: true });
    this.turn = turn;
    turn.addEventListener('complete', (e) => this.endTurn(/** @type {CustomEvent} */ (e).detail.play));
    turn.addEventListener('step', () => this.computer.move.clear(), { once: true }); // the learner moves on
    turn.start();
  }

  /** The turn the learner is playing, as the tutor asks about it. @param {GameStateJson} game */
  turnQuery(game) {
    return { position: game.position, dice: game.roll || [], first_turn: game.first_turn, rules: game.rules };
  }

  /** The learner's turn is played: the tutor judges it first (if asked to); against the computer a mistake
   * or a blunder waits for the learner to take it back or keep it, anything else is played at once with its
   * verdict shown.
   * @param {string} play */
  async endTurn(play) {
    const before = this.game;
    if (!before) return;
    if (this.practice.active) return this.practice.answer(before, play);
    // a pass is said with what comes next: the roll had no move, or the dice handed over were lost (said after
    // the computer's move that handed them over)
    const handed = before.handoff.length ? this.preamble : '';
    this.preamble = !play && before.roll ? `${t('play.you_passed', { dice: diceText(before.roll) })} `
      : !play && before.handoff.length ? `${handed}${t('widget.handoff_lost', { dice: diceText(before.handoff) })} ` : '';
    const verdict = this.verdicts && before.tutor && play && before.roll ? await this.tutor.judge(this.turnQuery(before), play) : null;
    if (this.game !== before) return; // a new game (or position) meanwhile
    // held only against the computer (the learner's opponent, since the learner moves), before it answers: two
    // people at one board see the verdict and play on
    if (verdict && this.tutor.holds(verdict) && Object.values(before.players).includes('computer')) {
      this.holding = true;
      this.showControls();
      this.tutor.showVerdict(verdict, {
        takeBack: () => this.takeBack(before, verdict),
        keep: () => this.commit(before, play),
      });
      return;
    }
    if (verdict) this.tutor.showVerdict(verdict, null);
    await this.commit(before, play);
  }

  /** A held turn is held no more (kept, taken back, or a step of it undone); its verdict stays said. */
  release() {
    if (!this.holding) return;
    this.holding = false;
    this.tutor.dropActions();
    this.showControls();
  }

  /** Plays the learner's turn from ``before``. @param {GameStateJson} before @param {string} play */
  async commit(before, play) {
    if (this.game !== before) return;
    this.release();
    this.setGame(await gamePlay(before, play || ''));
  }

  /** «Переходить»: the roll again from where it was, the better play drawn on the board.
   * @param {GameStateJson} before @param {import('./rules-client.js').JudgeAnswer} verdict */
  takeBack(before, verdict) {
    if (this.game !== before) return;
    this.release();
    this.say(''); // the finished turn's last words: the roll is the learner's again
    this.setGame(before);
    this.tutor.showTakenBack(verdict);
  }

  /** «Подсказка»: the best plays of the learner's roll, from the turn's start (steps already made go back).
   */
  async hint() {
    const game = this.game;
    if (!game || game.result || game.computer || game.phase !== 'move' || !game.roll || !game.tutor || this.holding) return;
    if (this.turn) this.turn.reset();
    this.computer.move.clear();
    try {
      await this.tutor.hint(this.turnQuery(game));
    } catch (error) {
      this.problem(error);
    }
  }

  /** @param {GameStateJson} game */
  announce(game) {
    const result = /** @type {NonNullable<GameStateJson['result']>} */ (game.result);
    this.say(this.computer.lastText(game) + t('play.game_over', { result: resultText(result) }));
    this.afterGame.show(game);
  }

  /** A new record (or none), and the last game's review and analysis put away. @param {import('./game-log.js').GameRecord | null} record */
  startRecord(record) {
    this.log.begin(record);
    this.hideReview();
  }

  hideReview() {
    this.afterGame.hide();
  }

  /** «Взять ход назад»: the game as the learner's last turn began, with the same dice; the computer's answer
   * goes with it (the analysis counts the turns taken back). */
  takeBackTurn() {
    const start = this.log.takeBack();
    if (!start) return;
    if (this.turn) this.turn.destroy();
    this.turn = null;
    this.release();
    this.tutor.clear();
    this.computer.move.stop();
    this.hideReview();
    this.say(t('play.turn_taken_back', { dice: diceText(start.roll || []) }));
    const said = this.status.textContent;
    this.setGame(start, true);
    if (said && !this.status.textContent.startsWith(said)) this.say(`${said} ${this.status.textContent}`);
  }
}

// The board editor on the free board (?edit): any position set up by clicking or dragging checkers onto
// points, the bar (short nardy) and the trays; the side to move, the dice and the rules variant from the
// panel's controls. After every change nardy_core judges the arrangement (api.setup) and the panel says
// what keeps it from being a position, or gives its notation, its link and its embed. «Играть с этой
// позиции» hands it to the free board, where the computer moves only when asked.

import { copyText, make } from '../dom.js';
import { hasMessage, t } from '../i18n.js';
import { positionQuery } from '../position-address.js';
import { setup } from '../rules-client.js';
import { emptyArrangement, fromModel, move, put, setupQuery, take } from './arrangement.js';
import { CodesBox } from './codes.js';
import { chosenRules, sayRules, showRules } from './rules-form.js';
import { Widget } from '../widget.js';

/** @typedef {import('../board/view.js').BoardView} BoardView */
/** @typedef {import('../board/types.js').Side} Side */
/** @typedef {import('../board/types.js').GameName} GameName */
/** @typedef {import('../rules-client.js').SetupAnswer} SetupAnswer */
/** @typedef {import('./arrangement.js').Arrangement} Arrangement */
/** @typedef {import('./arrangement.js').Place} Place */
/** @typedef {import('./arrangement.js').Change} Change */

/**
 * What the editor needs from the free board it sits on.
 * @typedef {object} EditorHost
 * @property {HTMLElement} root
 * @property {BoardView} view              the board of the game shown
 * @property {(game: GameName) => void} showGame
 * @property {Record<string, string>} starts   each game's starting position in notation
 * @property {(error: unknown) => void} problem  says above the board what in the address cannot be read
 * @property {(play: {position: string, dice: string, rules: Record<string, unknown>}) => void} play
 * @property {() => void} close            back to the free board, with the last correct setup
 */

/** @typedef {{position?: string, game: GameName, dice: string, rules: Record<string, unknown>, focus?: boolean}} EditorStart */

/** @param {unknown} value @returns {Side} */
const sideOf = (value) => (value === 'black' ? 'black' : 'white');

/** The sentence for one of nardy_core.setups's problems. @param {SetupAnswer['problems'][number]} problem */
export function problemText(problem) {
  const params = problem.params;
  const side = sideOf(params.side);
  if (!problem.message.startsWith('editor.problem.') || !hasMessage(problem.message)) return problem.code;
  return t(problem.message, {
    side: t(`editor.side_genitive.${side}`),
    other: t(`editor.side_genitive.${side === 'white' ? 'black' : 'white'}`),
    n: Number(params.total ?? params.off ?? 0),
    from: Number(params.from) || 0,
    to: Number(params.to) || 0,
  });
}

/** The editor's panel is its root; it is mounted and unmounted by the free board it sits on. */
export class BoardEditor extends Widget {
  /** @param {EditorHost} host @param {EditorStart} start */
  constructor(host, start) {
    super(/** @type {HTMLElement} */ (host.root.querySelector('[data-editor]')));
    this.host = host;
    this.start = start;
    this.panel = this.root;
    /** @type {Arrangement} */
    this.arrangement = emptyArrangement(this.view.model); // open() sets the game's
    /** @type {Side} */
    this.mover = 'white';
    /** @type {SetupAnswer | null} */
    this.answer = null;
    this.generation = 0;
    /** the change the shown answer is about (play only from the answer to the latest change) */
    this.answered = -1;
    /** where the last change was made: its name is said once the board shows it */
    /** @type {Place | null} */
    this.touched = null;
    /** the listeners on the board of the game shown: a new board (another game) gets its own
     * @type {AbortController | null} */
    this.boardLifetime = null;
    this.verdict = /** @type {HTMLElement} */ (this.panel.querySelector('[data-editor-verdict]'));
    this.sayLine = /** @type {HTMLElement} */ (this.panel.querySelector('[data-editor-say]'));
    this.notation = /** @type {HTMLInputElement} */ (this.panel.querySelector('[data-editor-notation]'));
    this.link = /** @type {HTMLInputElement} */ (this.panel.querySelector('[data-editor-link]'));
    /** the position for GNU Backgammon and eXtreme Gammon, and a pasted code opened */
    this.codes = new CodesBox(this.panel);
    this.dice = /** @type {HTMLSelectElement[]} */ ([...this.panel.querySelectorAll('select[data-die]')]);
  }

  attach() {
    this.onUnmount(() => {
      this.boardLifetime?.abort();
      this.panel.hidden = true;
      this.view.clearMarks();
    });
    this.bindPanel();
    this.panel.hidden = false;
    if (this.start.focus) /** @type {HTMLElement | null} */ (this.panel.querySelector('h2'))?.focus();
    this.open(this.start);
  }

  get view() {
    return this.host.view;
  }

  get game() {
    return this.arrangement.game;
  }

  /** @param {string} name @returns {HTMLElement | null} */
  control(name) {
    return this.panel.querySelector(`[data-editor-action="${name}"]`);
  }

  /** @param {string} name @returns {HTMLInputElement[]} */
  radios(name) {
    return /** @type {HTMLInputElement[]} */ ([...this.panel.querySelectorAll(`input[name="${name}"]`)]);
  }

  /** @param {string} name @returns {string} */
  checked(name) {
    const radio = this.radios(name).find((r) => r.checked);
    return radio ? radio.value : '';
  }

  /** @param {string} name @param {string} value */
  check(name, value) {
    for (const radio of this.radios(name)) radio.checked = radio.value === value;
  }

  get colour() {
    return sideOf(this.checked('editor-colour'));
  }

  bindPanel() {
    for (const radio of this.radios('editor-mover')) this.on(radio, 'change', () => { this.mover = sideOf(this.checked('editor-mover')); this.send(); });
    for (const radio of this.radios('editor-game')) this.on(radio, 'change', () => this.switchGame(/** @type {GameName} */ (this.checked('editor-game'))));
    for (const select of this.dice) this.on(select, 'change', () => this.send());
    for (const select of this.panel.querySelectorAll('select[data-rule]')) this.on(select, 'change', () => this.send());
    this.on(this.control('start'), 'click', () => this.open({ game: this.game, dice: '', rules: chosenRules(this.panel, this.game) }));
    this.on(this.control('clear'), 'click', () => this.change({ arrangement: emptyArrangement(this.view.model), refused: null }));
    this.on(this.control('play'), 'click', () => {
      if (this.answer && this.answered === this.generation && this.answer.playable && this.answer.position) this.host.play({ position: this.answer.position, dice: this.diceText(), rules: this.answer.rules });
    });
    this.on(this.control('close'), 'click', () => this.host.close());
    this.on(this.control('copy-link'), 'click', () => this.copy(this.link));
    this.on(this.control('copy-notation'), 'click', () => this.copy(this.notation));
    for (const [action, field] of /** @type {const} */ ([['copy-gnubg', this.codes.gnubg], ['copy-xgid', this.codes.xgid]])) {
      this.on(this.control(action), 'click', () => field && this.copy(field));
    }
    this.on(this.control('open-code'), 'click', async () => {
      try {
        await this.open(await this.codes.read());
      } catch {
        this.say(t('editor.bad_code'));
      }
    });
    const embed = this.control('embed');
    this.on(embed, 'click', async () => {
      if (!this.answer || !this.answer.position) return;
      const { openEmbedPanel } = await import('../embed-panel.js');
      openEmbedPanel({ id: null, title: t('play.title'), query: this.playQuery() }, /** @type {HTMLElement} */ (embed));
    });
  }

  /** Listens to the board of the game shown (a new one after the game changes). */
  bindBoard() {
    if (!this.mounted) return;
    this.boardLifetime?.abort();
    const lifetime = new AbortController();
    this.boardLifetime = lifetime;
    const view = this.view;
    const svg = view.svg;
    if (view.input) view.input.editing = true;
    lifetime.signal.addEventListener('abort', () => { if (view.input) view.input.editing = false; });
    /** @param {string} type @param {(e: any) => void} handler */
    const on = (type, handler) => svg.addEventListener(type, handler, { signal: lifetime.signal });
    on('point-activate', (e) => this.change(put(this.arrangement, this.touch({ kind: 'point', point: e.detail.point }), this.colour)));
    on('bar-activate', (e) => this.change(put(this.arrangement, this.touch({ kind: 'bar', side: sideOf(e.detail.side) }), sideOf(e.detail.side))));
    on('off-activate', (e) => {
      this.check('editor-colour', sideOf(e.detail.side));
      this.say(`${t('editor.colour')}: ${t(`board.side.${sideOf(e.detail.side)}`)}`);
    });
    on('drag-move', (e) => {
      const { from, to, fromSide, toSide } = e.detail;
      this.change(move(this.arrangement, this.place(from, fromSide), this.touch(this.place(to, toSide))));
    });
    on('contextmenu', (e) => {
      const place = this.placeOf(e.target);
      if (!place) return;
      e.preventDefault();
      this.change(take(this.arrangement, this.touch(place)));
    });
    on('keydown', (e) => {
      const event = /** @type {KeyboardEvent} */ (e);
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const place = this.placeOf(event.target);
      if (!place) return;
      if (['Delete', 'Backspace', '-'].includes(event.key)) {
        event.preventDefault();
        this.change(take(this.arrangement, this.touch(place)));
      } else if (event.key === '+' && place.kind !== 'tray') {
        event.preventDefault();
        this.change(put(this.arrangement, this.touch(place), place.kind === 'bar' ? place.side : this.colour));
      }
    });
  }

  /** @param {Place} place @returns {Place} */
  touch(place) {
    this.touched = place;
    return place;
  }

  /** @param {number | string} id @param {string | null} side @returns {Place} */
  place(id, side) {
    if (id === 'bar') return { kind: 'bar', side: sideOf(side) };
    if (id === 'off') return { kind: 'tray', side: sideOf(side) };
    return { kind: 'point', point: Number(id) };
  }

  /** The point, bar or tray an event happened on. @param {EventTarget | null} target @returns {Place | null} */
  placeOf(target) {
    const g = target instanceof Element ? /** @type {SVGGElement | null} */ (target.closest('.nb-point, .nb-bar-slot, .nb-tray')) : null;
    if (!g) return null;
    if (g.classList.contains('nb-point')) return { kind: 'point', point: Number(g.dataset.point) };
    return this.place(g.classList.contains('nb-tray') ? 'off' : 'bar', g.dataset.side || null);
  }

  /** The element that shows ``place`` on the board. @param {Place} place @returns {Element | null} */
  placeEl(place) {
    if (place.kind === 'point') return this.view.pointEl(place.point);
    const cls = place.kind === 'bar' ? 'nb-bar-slot' : 'nb-tray';
    return this.view.svg.querySelector(`.${cls}[data-side="${place.side}"]`);
  }

  /** @param {string} text */
  say(text) {
    this.sayLine.textContent = text;
  }

  /** A change made on the board: kept and judged, or refused with the reason. @param {Change} change */
  change(change) {
    const refused = change.refused;
    if (refused) {
      this.touched = null;
      if (refused.why === 'no_bar') return this.say(t('editor.no_bar'));
      const label = this.view.pointEl(refused.point)?.dataset.label || String(refused.point);
      if (refused.why === 'empty') return this.say(t('editor.empty_point', { point: label }));
      return this.say(t('editor.occupied', { point: label, side: t(`editor.side_instrumental.${refused.side}`) }));
    }
    if (change.arrangement === this.arrangement) return;
    this.arrangement = change.arrangement;
    this.send();
  }

  diceText() {
    const [first, second] = this.dice.map((select) => select.value);
    return first && second ? `${first}-${second}` : '';
  }

  /** Opens a position (notation), or the starting position of ``start.game``. @param {EditorStart} start */
  async open(start) {
    this.check('editor-game', start.game);
    this.host.showGame(start.game);
    this.bindBoard();
    showRules(this.panel, start.game, start.rules);
    const dice = /^[1-6]-[1-6]$/.test(start.dice) ? start.dice.split('-') : ['', ''];
    this.dice.forEach((select, i) => { select.value = dice[i]; });
    const position = start.position || this.host.starts[start.game];
    this.arrangement = emptyArrangement(this.view.model); // a click before the answer is about this game
    const mine = ++this.generation;
    try {
      this.apply(await setup({ position, game: start.game, dice: this.diceText(), rules: chosenRules(this.panel, start.game) }), mine);
    } catch (error) {
      if (mine !== this.generation) return;
      this.host.problem(error);
      if (start.position) this.open({ ...start, position: undefined }); // the starting position instead
    }
  }

  /** @param {GameName} game */
  switchGame(game) {
    this.open({ game, dice: '', rules: {} });
  }

  /** Asks nardy_core about the arrangement as it now stands; only the latest answer is shown. */
  async send() {
    const mine = ++this.generation;
    const query = setupQuery(this.arrangement, this.mover, this.diceText(), chosenRules(this.panel, this.game));
    try {
      this.apply(await setup(query), mine);
    } catch {
      // only a count no point can hold gets here (nardy_core refuses it unread): back to what was shown
      if (mine !== this.generation) return;
      if (this.answer) this.arrangement = fromModel(this.answer.board);
      this.answered = mine;
      this.say(t('editor.refused'));
    }
  }

  /** Shows nardy_core's answer: the board, what is wrong or the shares, the rules in force. @param {SetupAnswer} answer @param {number} mine */
  apply(answer, mine) {
    if (mine !== this.generation) return; // a later change is on its way
    this.answer = answer;
    this.answered = mine;
    this.arrangement = fromModel(answer.board);
    this.mover = sideOf(answer.board.to_move);
    this.check('editor-mover', this.mover);
    const view = this.view;
    view.setModel(answer.board, { animate: false });
    view.clearMarks();
    for (const problem of answer.problems) {
      if (problem.highlight.length) view.highlight(problem.highlight, problem.mark);
    }
    this.showVerdict(answer);
    sayRules(this.host.root.querySelector('[data-rules-line]'), this.panel, this.game, answer.rules);
    if (this.touched) {
      const el = this.placeEl(this.touched);
      this.say(el ? el.getAttribute('aria-label') || '' : '');
      this.touched = null;
    }
  }

  /** @param {SetupAnswer} answer */
  showVerdict(answer) {
    const valid = Boolean(answer.position);
    const parts = [make('p', {}, t(answer.playable ? 'editor.valid' : 'editor.invalid'))];
    if (!answer.playable) {
      const list = make('ul');
      list.append(...answer.problems.map((problem) => make('li', {}, problemText(problem))));
      parts.push(list);
    }
    // the verdict is a live region: it is rewritten (and read out) only when what it says changes
    const said = parts.map((part) => part.textContent).join('\n');
    if (said !== this.verdict.dataset.said) this.verdict.replaceChildren(...parts);
    this.verdict.dataset.said = said;
    this.verdict.dataset.valid = String(answer.playable);
    for (const name of ['play', 'copy-link', 'copy-notation', 'embed']) {
      const button = /** @type {HTMLButtonElement | null} */ (this.control(name));
      if (button) button.disabled = name === 'play' ? !answer.playable : !valid; // a finished game is shown, not played
    }
    this.notation.value = answer.position || '';
    this.notation.placeholder = valid ? '' : t('editor.not_shared');
    this.link.value = valid ? new URL(`?${this.playQuery()}`, window.location.href).href : '';
    this.link.placeholder = this.notation.placeholder;
    this.codes.show(valid ? answer.position : null, this.diceText());
    if (valid) {
      // the address keeps the setup: a reload, or the link in the address bar, opens it in the editor again
      const url = new URL(`?edit=1&${this.playQuery()}`, window.location.href);
      window.history.replaceState(window.history.state, '', url);
    }
  }

  /** The free board's query for the position (pos, dice, game, rules), as «Ссылка» and «Встроить» share it. */
  playQuery() {
    const answer = /** @type {SetupAnswer} */ (this.answer);
    return positionQuery(answer.position || '', this.diceText(), this.game, answer.rules);
  }

  /** @param {HTMLInputElement} field */
  async copy(field) {
    if (!field.value) return;
    this.say(t(await copyText(field.value, field) ? 'editor.copied' : 'editor.copy_by_hand'));
  }
}

// The board editor («Расставить позицию», ?edit=1) seated on the free board: opening it (its module loads
// then), the play controls giving way to its panel, and the way back: closed, or «Играть с этой позиции»,
// a game from the position set up, both sides the learner's.

import { t } from './i18n.js';

/** @typedef {import('./free-board.js').FreeBoard} FreeBoard */
/** @typedef {import('./editor/editor.js').EditorStart} EditorStart */

/** What the editor hides while it has the board. */
const PLAY_PARTS = ['[data-controls]', '[data-position-form]', '.position-link', '.game-choice', '[data-status]'];

export class EditorSeat {
  /** @param {FreeBoard} board */
  constructor(board) {
    this.board = board;
    /** counts the editor's openings and closings: an opening still loading its module after a closing is dropped */
    this.session = 0;
    /** @type {import('./editor/editor.js').BoardEditor | null} the board editor, while it is open */
    this.editor = null;
  }

  /** What the editor opens with: the position on the board, its dice and rules. @returns {EditorStart} */
  start() {
    const { game, gameName } = this.board;
    if (!game) return { game: gameName, dice: '', rules: {} };
    return { position: game.position, game: game.game, dice: game.roll && game.phase === 'move' ? game.roll.join('-') : '', rules: game.rules };
  }

  /** Opens the board editor (the play controls give way to its panel). @param {EditorStart} start */
  async open(start) {
    const board = this.board;
    if (board.turn) {
      board.turn.destroy();
      board.turn = null;
    }
    board.say('');
    board.tutor.clear();
    this.show(true);
    const session = ++this.session;
    const { BoardEditor } = await import('./editor/editor.js');
    if (session !== this.session || !board.mounted) return; // closed (or the page left) while the editor was loading
    if (this.editor) this.editor.unmount();
    this.editor = new BoardEditor({
      root: board.root,
      get view() { return board.view; },
      showGame: (game) => board.showGame(game),
      starts: board.starts,
      problem: (error) => board.problem(error),
      play: (play) => this.playFrom(play),
      close: () => this.close(),
    }, start).mount();
  }

  /** @param {boolean} editing */
  show(editing) {
    const { root } = this.board;
    root.classList.toggle('is-editing', editing);
    for (const selector of PLAY_PARTS) {
      const el = /** @type {HTMLElement | null} */ (root.querySelector(selector));
      if (el) el.hidden = editing;
    }
  }

  /** The editor goes (if open), and the play controls come back. */
  leave() {
    this.session += 1;
    if (this.editor) this.editor.unmount();
    this.editor = null;
    this.show(false);
  }

  /** «Закрыть редактор»: the free board again, with the last correct setup the address holds. */
  async close() {
    this.leave();
    const url = new URL(window.location.href);
    url.searchParams.delete('edit');
    window.history.replaceState(window.history.state, '', url);
    this.board.button('edit')?.focus();
    await this.board.fromUrl();
  }

  /** The editor's «Играть с этой позиции»: a game from its position, both sides the learner's (the computer
   * moves only when asked). @param {{position: string, dice: string, rules: Record<string, unknown>}} play */
  async playFrom(play) {
    const board = this.board;
    this.leave();
    const computer = /** @type {HTMLInputElement | null} */ (board.root.querySelector('[data-option="computer"]'));
    if (computer) computer.checked = false;
    const url = new URL(window.location.href);
    url.search = '';
    url.searchParams.set('game', board.gameName); // the board to show until Python has read the position
    url.searchParams.set('pos', play.position);
    if (play.dice) url.searchParams.set('dice', play.dice);
    if (Object.keys(play.rules).length) url.searchParams.set('rules', JSON.stringify(play.rules));
    window.history.replaceState(window.history.state, '', url);
    board.button('edit')?.focus(); // the pressed button is gone with the panel
    await board.fromUrl();
    board.say(`${t('editor.demo', { button: t('editor.computer_move') })} ${board.status.textContent}`.trim());
  }
}

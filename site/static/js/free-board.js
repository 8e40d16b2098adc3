// The free board (/{lang}/play/): any position from the URL (?pos=…&dice=…), roll dice, play a game
// against yourself or the computer. Game flow, legality, the computer's choice and the score all come
// from nardy_core; this file only rolls dice, keeps the game state it is given and draws.

import { bindViewControls } from './board-controls.js';
import { BoardView } from './board-view.js';
import { diceText } from './feedback.js';
import { t } from './i18n.js';
import { request } from './runtime.js';
import { TurnController } from './turn-controller.js';

function rollDie() {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return 1 + (buffer[0] % 6);
}

function sideName(side) {
  return t(`board.side.${side}`);
}

export class FreeBoard {
  constructor(root) {
    this.root = root;
    this.view = new BoardView(root.querySelector('svg'));
    this.status = root.querySelector('[data-status]');
    this.form = root.querySelector('[data-position-form]');
    this.share = root.querySelector('[data-share-link]');
    this.game = null;
    this.turn = null;
    this.listeners = [];
    root.querySelector('[data-controls]').hidden = false;
    const bind = (el, type, handler) => {
      el.addEventListener(type, handler);
      this.listeners.push(() => el.removeEventListener(type, handler));
    };
    bind(root.querySelector('[data-action="roll"]'), 'click', () => this.roll());
    bind(root.querySelector('[data-action="undo"]'), 'click', () => this.turn && this.turn.undo());
    bind(root.querySelector('[data-action="confirm"]'), 'click', () => this.turn && this.turn.confirm());
    this.listeners.push(bindViewControls(root, this.view));
    bind(root.querySelector('[data-action="new-game"]'), 'click', () => this.newGame());
    bind(this.form, 'submit', (event) => {
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
    this.fromUrl();
  }

  get computer() {
    return this.root.querySelector('[data-option="computer"]').checked;
  }

  say(text) {
    this.status.textContent = text;
  }

  async fromUrl() {
    const params = new URLSearchParams(window.location.search);
    const pos = params.get('pos');
    const dice = params.get('dice');
    let rules = {};
    if (params.get('rules')) {
      // a teacher's variant demo: ?rules={"block_timing":"end"} (names and values of RULES.md §1.16)
      try {
        rules = JSON.parse(params.get('rules'));
      } catch {
        this.say(t('play.bad_rules', { error: params.get('rules') }));
        return;
      }
    }
    if (!pos) return this.newGame(rules);
    this.form.elements.pos.value = pos;
    this.form.elements.dice.value = dice || '';
    let game;
    try {
      game = await request('game_from_position', { position: pos, rules });
    } catch (error) {
      const key = error.code === 'BAD_RULES' ? 'play.bad_rules' : 'play.bad_position';
      this.say(t(key, { error: error.detail || error.code }));
      return;
    }
    let parsed = null;
    if (dice) {
      const digits = dice.replace(/[^0-9]/g, '').split('').map(Number);
      if (digits.length !== 2 || digits.some((d) => d < 1 || d > 6)) {
        this.setGame(game);
        this.say(t('play.bad_dice', { error: dice }));
        return;
      }
      parsed = digits;
    }
    this.setGame(game);
    if (parsed) this.startTurn(parsed);
    else this.say(t('play.your_turn'));
  }

  setGame(game) {
    this.game = game;
    this.root.dataset.ready = 'true'; // Python answered: the board can be played
    if (this.turn) {
      this.turn.destroy();
      this.turn = null;
    }
    this.view.setModel({ ...game.board, perspective: this.view.model?.perspective || 'white' }, { animate: false });
    this.view.clearMarks();
    this.view.setSelectable([]);
    const shared = { pos: game.position };
    if (Object.keys(game.rules).length) shared.rules = JSON.stringify(game.rules);
    this.share.href = `?${new URLSearchParams(shared)}`;
    this.form.elements.pos.value = game.position;
  }

  async newGame(rules = this.game ? this.game.rules : {}) {
    let white = rollDie();
    let black = rollDie();
    while (white === black) {
      white = rollDie();
      black = rollDie();
    }
    const game = await request('game_new', { white_die: white, black_die: black, rules });
    this.setGame(game);
    this.say(t('play.opening', { white, black }));
    this.continueGame();
  }

  continueGame() {
    const game = this.game;
    if (game.result) return this.announce(game.result);
    const dice = game.pending_roll;
    if (game.to_move === 'black' && this.computer) return this.computerTurn(dice || [rollDie(), rollDie()]);
    if (dice) this.startTurn(dice);
  }

  roll() {
    if (!this.game || this.game.result) return this.newGame();
    if (this.turn && !this.turn.finished) return;
    this.startTurn(this.game.pending_roll || [rollDie(), rollDie()]);
  }

  startTurn(dice) {
    if (this.turn) this.turn.destroy();
    const game = this.game;
    this.turn = new TurnController(this.view, { position: game.position, dice, first_turn: game.first_turn, rules: game.rules }, { status: this.status });
    this.turn.addEventListener('complete', (e) => this.endTurn(dice, e.detail.play));
    this.turn.start();
  }

  async endTurn(dice, play) {
    const next = await request('game_play', { game: this.game, dice, play: play || '' });
    this.setGame(next);
    if (next.result) return this.announce(next.result);
    if (next.to_move === 'black' && this.computer) return this.computerTurn([rollDie(), rollDie()]);
    this.say(`${this.status.textContent} ${t('play.your_turn')}`);
  }

  async computerTurn(dice) {
    const game = this.game;
    const choice = await request('bot_turn', { position: game.position, dice, first_turn: game.first_turn, rules: game.rules });
    const next = await request('game_play', { game, dice, play: choice.play });
    this.setGame(next);
    this.say(choice.play ? t('play.computer_moved', { dice: diceText(dice), play: choice.play }) : t('play.computer_passed', { dice: diceText(dice) }));
    if (next.result) return this.announce(next.result);
    if (next.to_move === 'black' && this.computer) return this.computerTurn([rollDie(), rollDie()]);
  }

  announce(result) {
    let text;
    if (!result.winner) text = t('play.result_draw');
    else if (result.kind === 'oin') text = t('play.result_oin', { winner: sideName(result.winner) });
    else if (result.kind === 'mars') text = t('play.result_mars', { winner: sideName(result.winner) });
    else text = t('play.result_other', { winner: sideName(result.winner), kind: result.kind, points: result.points });
    this.say(t('play.game_over', { result: text }));
  }

  destroy() {
    if (this.turn) this.turn.destroy();
    for (const off of this.listeners) off();
    this.view.destroy();
  }
}

// A diagram in a lesson. With dice it is a playable board: the learner tries any move and nardy_core says
// whether it is legal and why not. Without dice it is a picture with keyboard-readable points.

import { BoardView } from './board/view.js';
import { t } from './i18n.js';
import { TurnController } from './turn-controller.js';
import { bindViewControls, Widget } from './widget.js';

/** @typedef {{kind: 'board', position: string, dice: number[], first_turn: boolean, rules: Record<string, unknown>,
 *   interactive: boolean, highlight: import('./board/types.js').PointId[], answers: string | null}} BoardConfig */

export class BoardWidget extends Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    /** @type {BoardConfig} */
    this.config = JSON.parse(root.dataset.config || '{}');
    this.view = new BoardView(/** @type {SVGSVGElement} */ (root.querySelector('svg')));
    /** @type {TurnController | null} */
    this.turn = null;
    const playable = this.config.interactive && this.config.dice.length > 0;
    /** «Заново», on a board that is played (a picture has nothing to reset) @type {(() => void) | undefined} */
    this.reset = playable ? () => this.turn?.reset() : undefined;
  }

  attach() {
    const { root } = this;
    if (this.config.highlight.length) this.view.highlight(this.config.highlight, 'target');
    this.onUnmount(() => {
      if (this.turn) this.turn.destroy();
      this.view.destroy();
    });
    this.addEmbedButton();
    if (!this.reset) return;
    const status = /** @type {HTMLElement | null} */ (root.querySelector('[data-status]'));
    /** @type {HTMLElement} */ (root.querySelector('[data-controls]')).hidden = false;
    const turn = new TurnController(this.view, this.config, { status });
    this.turn = turn;
    this.on(root.querySelector('[data-action="undo"]'), 'click', () => turn.undo());
    this.on(root.querySelector('[data-action="reset"]'), 'click', () => turn.reset());
    this.onUnmount(bindViewControls(root, this.view));
    turn.start();
  }

  /** «Встроить»: this position, on the free board of someone else's page. */
  addEmbedButton() {
    const { position, dice, rules } = this.config;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'board-embed button-secondary';
    button.dataset.action = 'embed';
    button.textContent = t('embed.button');
    const open = async () => {
      // only when asked: neither is among the modules a first tap waits for
      const [{ openEmbedPanel }, { positionQuery }] = await Promise.all([import('./embed-panel.js'), import('./position-address.js')]);
      const query = positionQuery(position, dice.join('-'), this.view.model.game, rules || {});
      openEmbedPanel({ id: null, title: t('play.title'), query }, button);
    };
    this.on(button, 'click', open);
    const controls = this.root.querySelector('[data-controls]'); // a playable board's row, else below the board
    (this.config.interactive && dice.length && controls ? controls : this.root).append(button);
    this.onUnmount(() => button.remove());
  }
}

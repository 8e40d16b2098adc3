// A diagram in a lesson. With dice it is a playable board: the learner tries any move and nardy_core says
// whether it is legal and why not. Without dice it is a picture with keyboard-readable points.

import { bindViewControls } from './board-controls.js';
import { BoardView } from './board-view.js';
import { TurnController } from './turn-controller.js';

export class BoardWidget {
  constructor(root) {
    this.root = root;
    this.config = JSON.parse(root.dataset.config);
    this.view = new BoardView(root.querySelector('svg'));
    if (this.config.highlight.length) this.view.highlight(this.config.highlight, 'target');
    this.listeners = [];
    if (!this.config.interactive || !this.config.dice.length) return;
    const status = root.querySelector('[data-status]');
    root.querySelector('[data-controls]').hidden = false;
    this.turn = new TurnController(this.view, this.config, { status });
    const bind = (action, handler) => {
      const el = root.querySelector(`[data-action="${action}"]`);
      if (!el) return;
      el.addEventListener('click', handler);
      this.listeners.push(() => el.removeEventListener('click', handler));
    };
    bind('undo', () => this.turn.undo());
    bind('reset', () => this.turn.reset());
    this.listeners.push(bindViewControls(root, this.view));
    this.turn.start();
  }

  destroy() {
    if (this.turn) this.turn.destroy();
    for (const off of this.listeners) off();
    this.view.destroy();
  }
}

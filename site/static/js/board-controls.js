// The view buttons every board shares: mirror the board, and look at it from the other side's seat.
// They change only how the position is drawn, never the position.

import { t } from './i18n.js';
import { OTHER } from './board/text.js';

/** @typedef {import('./board/view.js').BoardView} BoardView */

/**
 * Wire the widget's [data-action=flip] and [data-action=perspective] buttons; returns an unbinder.
 * @param {ParentNode} root
 * @param {BoardView} view
 */
export function bindViewControls(root, view) {
  const flip = root.querySelector('[data-action="flip"]');
  const seat = root.querySelector('[data-action="perspective"]');
  const label = () => {
    if (seat) seat.textContent = t(`board.control.view_${OTHER[view.perspective]}`);
  };
  const onFlip = () => view.setFlipped(!view.flipped);
  const onSeat = () => {
    view.setPerspective(OTHER[view.perspective]);
    label();
  };
  if (flip) flip.addEventListener('click', onFlip);
  if (seat) seat.addEventListener('click', onSeat);
  label();
  return () => {
    if (flip) flip.removeEventListener('click', onFlip);
    if (seat) seat.removeEventListener('click', onSeat);
  };
}

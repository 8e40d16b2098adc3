// Moving checkers: a one-checker step (and the blot it hits) flies to its new place; nothing else moves.
// prefers-reduced-motion: reduce turns it off.

import { reducedMotion } from '../dom.js';
import { STEP_ANIMATION_MS } from './constants.js';
import { useShape } from './render.js';
import { nextPosition, singleStep, slotOf } from './state.js';
import { sideAt, slotTable } from './text.js';

/** @typedef {import('./types.js').BoardModel} BoardModel */
/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {import('./types.js').ViewState} ViewState */
/** @typedef {import('./types.js').PointId} PointId */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./render.js').Elements} Elements */

/**
 * The centre of the top checker of ``point`` when it holds ``count`` of ``side``'s checkers.
 * @param {PointId} point @param {Side} side @param {number} count
 * @param {BoardModel} model @param {ViewState} view @param {Geometry} geometry
 */
export function checkerPlace(point, side, count, model, view, geometry) {
  const row = sideAt('bottom', view.perspective) === side ? 'bottom' : 'top';
  if (point === 'off') return nextPosition(geometry.trays[row], Math.max(0, count - 1), geometry.slab_pitch, 15);
  if (point === 'bar') return nextPosition(geometry.bar[row], Math.max(0, count - 1), geometry.bar_pitch, geometry.bar_visible);
  const slot = slotOf(slotTable(geometry, model, view).points, point);
  return nextPosition(geometry.slots[slot], Math.max(0, count - 1), geometry.pitch, geometry.max_visible);
}

/** @param {BoardModel} model @param {PointId} point @param {Side} side */
function countAt(model, point, side) {
  if (point === 'bar' || point === 'off') return model[point][side] || 0;
  const occupant = model.points[String(point)];
  return occupant && occupant.side === side ? occupant.count : 0;
}

/**
 * Fly the checkers of a one-step change from ``before`` to ``after`` (already drawn).
 * @param {Elements} els @param {BoardModel} before @param {BoardModel} after @param {ViewState} view @param {Geometry} geometry
 */
export function animateStep(els, before, after, view, geometry) {
  if (reducedMotion()) return;
  const step = singleStep(before, after);
  if (!step) return;
  const flights = [{ side: step.side, from: step.from, to: step.to }];
  if (step.hit !== null) flights.push({ side: /** @type {Side} */ (step.side === 'white' ? 'black' : 'white'), from: step.hit, to: 'bar' });
  for (const flight of flights) {
    const start = checkerPlace(flight.from, flight.side, countAt(before, flight.from, flight.side), before, view, geometry);
    const end = checkerPlace(flight.to, flight.side, countAt(after, flight.to, flight.side), after, view, geometry);
    const shape = flight.to === 'off' ? `nb-slab-${flight.side}` : `nb-checker-${flight.side}`;
    const ghost = useShape(shape, { x: end.x, y: end.y });
    // the checker already drawn where the ghost lands stays hidden until the ghost arrives
    const landed = [...(els.fly.ownerSVGElement?.querySelectorAll(`.nb-stack > use[href="#${shape}"]`) || [])]
      .find((el) => Number(el.getAttribute('x')) === end.x && Number(el.getAttribute('y')) === end.y);
    if (landed instanceof SVGElement) landed.style.visibility = 'hidden';
    els.fly.append(ghost);
    const animation = ghost.animate(
      [{ transform: `translate(${start.x - end.x}px, ${start.y - end.y}px)` }, { transform: 'translate(0, 0)' }],
      { duration: STEP_ANIMATION_MS, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
    const done = () => {
      ghost.remove();
      if (landed instanceof SVGElement) landed.style.visibility = '';
    };
    animation.finished.then(done, done);
  }
}

/** @param {Elements} els */
export function stopAnimations(els) {
  for (const ghost of [...els.fly.children]) {
    for (const animation of ghost.getAnimations()) animation.cancel();
    ghost.remove();
  }
}

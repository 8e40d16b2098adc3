// Says what nardy_core answered, in the page's language: a refused step, the dice, a side, a game's result.
// Reasons and errors arrive with their catalog key and parameters (nardy_core.api.reason_json), so nothing
// here knows a rule or a code.

import { currentLang, t } from './i18n.js';

/** @typedef {import('./rules-client.js').Reason} Reason */

/** One sentence for a refused step or turn. @param {Reason | null | undefined} reason */
export function reasonText(reason) {
  return reason ? t(reason.message, reason.params || {}) : '';
}

/** The dice as a learner reads them: "6-5" or "4-4". @param {number[] | null | undefined} dice */
export function diceText(dice) {
  return (dice || []).join('-');
}

/** Which part of a turn made of parts is being played (a cascade's stage, the dice handed over), or '' in a
 * turn of one roll: «Каскад: 5-5 после 4-4.» @param {import('./rules-client.js').TurnState} state */
export function partText(state) {
  const part = state.part;
  if (!part || part.kind === 'roll') return '';
  if (part.kind === 'handoff') return t(`play.part.handoff.${state.mover}`, { dice: diceText(part.dice) });
  const stage = (/** @type {number} */ index) => diceText(part.parts[index].slice(0, 2));
  if (part.index === 0) {
    if (part.parts.length === 1) return '';
    return t('play.part.cascade_first', { stage: stage(0), next: part.parts.slice(1).map((_, i) => stage(i + 1)).join(', ') });
  }
  const last = part.index === part.parts.length - 1;
  return t(last ? 'play.part.cascade_last' : 'play.part.cascade', { stage: stage(part.index), before: stage(part.index - 1) });
}

/** The dice a complete turn hands to the opponent, as a sentence ('' when none). @param {import('./rules-client.js').TurnState} state */
export function handedText(state) {
  if (!state.handoff.length) return '';
  return t(`play.part.handed.${state.mover === 'white' ? 'black' : 'white'}`, { dice: diceText(state.handoff) });
}

/** @param {string} side */
export function sideName(side) {
  return t(`board.side.${side}`);
}

/** A game's result as a sentence ("Белые выиграли: марс, 2 очка"). @param {{winner: string | null, kind: string, points: number}} result */
export function resultText(result) {
  if (!result.winner) return t('play.result_draw');
  return t(`play.result_${result.kind.replace(' ', '_')}`, { winner: sideName(result.winner), n: result.points });
}

/** A chance as a percentage in the page's language ("43 %", "43%"). @param {number} chance 0..1 */
export function percentText(chance) {
  return new Intl.NumberFormat(currentLang(), { style: 'percent', maximumFractionDigits: 0 }).format(chance);
}

/** An equity (or equity lost) to three places, in the page's language; signed: with its sign unless zero.
 * @param {number} equity @param {boolean} [signed] */
export function equityText(equity, signed = false) {
  return new Intl.NumberFormat(currentLang(), { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: signed ? 'exceptZero' : 'auto' }).format(equity);
}

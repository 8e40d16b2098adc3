// Says what nardy_core answered, in the page's language: reasons and errors arrive with their catalog key
// and parameters (nardy_core.api.reason_json), so nothing here knows a rule or a code.

import { t } from './i18n.js';

/** @typedef {import('./rules-client.js').Reason} Reason */

/** One sentence for a refused step or turn. @param {Reason | null | undefined} reason */
export function reasonText(reason) {
  return reason ? t(reason.message, reason.params || {}) : '';
}

/** The dice as a learner reads them: "6-5" or "4-4". @param {number[] | null | undefined} dice */
export function diceText(dice) {
  return (dice || []).join('-');
}

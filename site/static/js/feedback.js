// Turns nardy_core's reason codes (docs/reason-codes.md) into sentences from the ru/en catalogs.
// No rule is decided here: the code and its parameters come from Python.

import { t } from './i18n.js';

function pointList(points) {
  return (points || []).map((p) => (p === 0 || p === 'off' ? t('feedback.off') : String(p))).join(', ');
}

/** The dice as a learner reads them: "6-5" or "4-4". */
export function diceText(dice) {
  return (dice || []).join('-');
}

/** One sentence for a reason {code, params}. */
export function reasonText(reason) {
  if (!reason) return '';
  const { code } = reason;
  const params = reason.params || {};
  switch (code) {
    case 'NO_CHECKER':
      return t(params.owner === 'opponent' ? 'reason.NO_CHECKER_opponent' : 'reason.NO_CHECKER', { point: params.point });
    case 'WRONG_DIRECTION':
      return t('reason.WRONG_DIRECTION', { from: params.from, to: params.to });
    case 'NO_SUCH_DIE':
      return (params.dice || []).length
        ? t('reason.NO_SUCH_DIE', { dice: (params.dice || []).join(', ') })
        : t('reason.NO_DICE_LEFT');
    case 'HEAD_LIMIT':
      return t(params.limit === 2 ? 'reason.HEAD_LIMIT_2' : 'reason.HEAD_LIMIT_1');
    case 'OCCUPIED':
      return t('reason.OCCUPIED', { point: params.point });
    case 'NOT_ALL_HOME':
      return t('reason.NOT_ALL_HOME', { outside: pointList(params.outside) });
    case 'BEAR_OFF_HIGHER_OCCUPIED':
      return t('reason.BEAR_OFF_HIGHER_OCCUPIED', { die: params.die, from: params.from, higher: pointList(params.higher) });
    case 'SIX_BLOCK':
      return t(params.at_end ? 'reason.SIX_BLOCK_at_end' : 'reason.SIX_BLOCK', {
        points: pointList([...(params.points || [])].sort((a, b) => b - a)),
      });
    case 'MUST_USE_LARGER':
      return t('reason.MUST_USE_LARGER', { die: params.die });
    case 'MUST_USE_BOTH':
      return t('reason.MUST_USE_BOTH', { n: params.dice });
    case 'HEAD_SEQUENTIAL':
      return t('reason.HEAD_SEQUENTIAL');
    default:
      return t('feedback.unknown', { code });
  }
}

/** Which board mark a refused step's points get. */
export function markKind(reason) {
  return reason && reason.code === 'SIX_BLOCK' ? 'block' : 'error';
}

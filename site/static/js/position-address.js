// The free board's address for a position (/{lang}/play/?pos=…&dice=…&game=…&rules={…}): written for
// «Ссылка на эту позицию», the editor and «Встроить» on any board, and its rules read back by the free board.

import { t } from './i18n.js';

/**
 * The rules of the address as an object of option: value, or what is wrong with them (in the page's
 * language). Whether an option and its value exist is Python's to say; here only the shape is checked, so
 * that `null`, a list or a deep nesting never reaches the worker.
 * @param {string} text @returns {Record<string, unknown> | string}
 */
export function readRules(text) {
  /** @type {unknown} */
  let rules;
  try {
    rules = JSON.parse(text);
  } catch {
    return t('address.rules_not_json', { text: text.length > 80 ? `${text.slice(0, 80)}…` : text });
  }
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) return t('address.rules_not_object');
  for (const [name, value] of Object.entries(rules)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) return t('address.rules_bad_value', { name: name.slice(0, 40) });
  }
  return /** @type {Record<string, unknown>} */ (rules);
}

/**
 * The free board's address for a position (what «Ссылка на эту позицию», the editor and «Встроить» share):
 * pos, the dice if any, the game (the position's own, as an answer or the board's model names it: the page
 * shows that game's board before Python has read the position), the rules if any differ from the usual ones.
 * @param {string} position @param {string} dice "6-5", or '' @param {string} game @param {Record<string, unknown>} rules
 */
export function positionQuery(position, dice, game, rules) {
  /** @type {Record<string, string>} */
  const query = { pos: position };
  if (dice) query.dice = dice;
  query.game = game;
  if (Object.keys(rules).length) query.rules = JSON.stringify(rules);
  return String(new URLSearchParams(query));
}

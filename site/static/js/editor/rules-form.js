// The rules variant of the free board: one select per option of each game, written by the build from
// nardy_core.rules (builder/rules_controls.py, widgets/editor.html), and the line that always says which
// options differ from the usual rules. The values are JSON texts; whether one is allowed is Python's to say.

import { make } from '../dom.js';
import { t } from '../i18n.js';

/** @typedef {import('../board/types.js').GameName} GameName */

/** @param {HTMLElement} root @param {GameName} game @returns {HTMLSelectElement[]} */
function selects(root, game) {
  return [...root.querySelectorAll(`[data-rules-for="${game}"] select[data-rule]`)].map((el) => /** @type {HTMLSelectElement} */ (el));
}

/** @param {string} text @returns {unknown} */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The options chosen for ``game`` that differ from the usual rules (the first value of each select).
 * @param {HTMLElement} root @param {GameName} game @returns {Record<string, unknown>}
 */
export function chosenRules(root, game) {
  /** @type {Record<string, unknown>} */
  const rules = {};
  for (const select of selects(root, game)) {
    if (select.selectedIndex > 0) rules[String(select.dataset.rule)] = parsed(select.value);
  }
  return rules;
}

/**
 * Shows ``rules`` in the selects of ``game`` (every other option back to the usual value) and only that
 * game's selects.
 * @param {HTMLElement} root @param {GameName} game @param {Record<string, unknown>} rules
 */
export function showRules(root, game, rules) {
  for (const group of root.querySelectorAll('[data-rules-for]')) {
    /** @type {HTMLElement} */ (group).hidden = /** @type {HTMLElement} */ (group).dataset.rulesFor !== game;
  }
  for (const select of selects(root, game)) {
    const name = String(select.dataset.rule);
    const wanted = Object.prototype.hasOwnProperty.call(rules, name) ? JSON.stringify(rules[name]) : null;
    const index = [...select.options].findIndex((option) => option.value === wanted);
    select.selectedIndex = Math.max(0, index);
  }
}

/**
 * Fills ``line`` with the rules in force: «Правила: обычные.», or each changed option with its value, in
 * words (the labels of the selects). Options the page has no select for are named as they are.
 * @param {HTMLElement | null} line @param {HTMLElement} root @param {GameName} game @param {Record<string, unknown>} rules
 */
export function sayRules(line, root, game, rules) {
  if (!line) return;
  const names = Object.keys(rules);
  if (!names.length) {
    line.replaceChildren(t('editor.rules_default'));
    return;
  }
  const list = make('ul', { class: 'rules-changed' });
  for (const name of names) {
    const select = selects(root, game).find((el) => el.dataset.rule === name);
    const option = select ? [...select.options].find((o) => o.value === JSON.stringify(rules[name])) : null;
    const label = select?.closest('label')?.querySelector('[data-rule-label]')?.textContent || name;
    list.append(make('li', {}, `${label}: ${option ? option.textContent : JSON.stringify(rules[name])}`));
  }
  line.replaceChildren(make('span', {}, t('editor.rules_changed')), ' ', list);
}

// UI strings in the browser: the same semantics as builder/i18n.py (tests/build/test_i18n_parity.py runs
// both over every catalog key).
//
//   makeTranslator(messages, lang)  a t(key, params) over one catalog (the build uses it under node)
//   setCatalog(messages, lang)      install the page's catalog (dist/i18n/{lang}.json) for t()
//   t(key, params = {})             the message with `{name}` placeholders filled; a plural table
//                                   {one, few, many, other} is chosen by params.n with Intl.PluralRules(lang)
//   currentLang(), hasMessage(key)
//
// A missing key returns the key itself and a missing parameter leaves its `{name}` in place: a page must
// never break (or log console errors) over a string.

/** @typedef {string | Record<string, string>} Message */
/** @typedef {Record<string, Message>} Catalog */
/** @typedef {Record<string, string | number>} Params */
/** @typedef {(key: string, params?: Params) => string} Translate */

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * @param {Catalog} messages
 * @param {string} lang
 * @returns {Translate}
 */
export function makeTranslator(messages, lang) {
  const rules = new Intl.PluralRules(lang);
  const own = Object.prototype.hasOwnProperty;
  return (key, params = {}) => {
    if (!own.call(messages, key)) return key;
    let message = messages[key];
    if (message && typeof message === 'object') {
      const n = Number(params.n);
      const category = Number.isFinite(n) ? rules.select(n) : 'other';
      // Same fallback order as the builder: the exact category, then "other", then "many".
      message = message[category] ?? message.other ?? message.many ?? key;
    }
    return String(message).replace(PLACEHOLDER, (whole, name) => (own.call(params, name) ? String(params[name]) : whole));
  };
}

/** @type {Catalog} */
let messages = {};
let lang = 'en';
/** @type {Translate} */
let translate = makeTranslator(messages, lang);

/**
 * @param {unknown} catalog
 * @param {string} language
 */
export function setCatalog(catalog, language) {
  messages = catalog && typeof catalog === 'object' ? /** @type {Catalog} */ (catalog) : {};
  lang = language || 'en';
  translate = makeTranslator(messages, lang);
}

export function currentLang() {
  return lang;
}

/** @param {string} key */
export function hasMessage(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/**
 * @param {string} key
 * @param {Params} [params]
 */
export function t(key, params = {}) {
  return translate(key, params);
}

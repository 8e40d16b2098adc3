// UI strings in the browser: the same semantics as builder/i18n.py.
//
//   setCatalog(messages, lang)  install the catalog (the object from Catalog.as_json(), i.e. dist/i18n/{lang}.json)
//   t(key, params = {})          the message with `{name}` placeholders filled; a plural table
//                                {one, few, many, other} is chosen by params.n with Intl.PluralRules(lang)
//   currentLang()                the language of the installed catalog
//   hasMessage(key)              whether the catalog has the key
//
// A missing key returns the key itself and a missing parameter leaves its `{name}` in place: a page must
// never break (or log console errors) over a string.

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

let messages = {};
let lang = 'en';
let pluralRules = new Intl.PluralRules(lang);

export function setCatalog(catalog, language) {
  messages = catalog && typeof catalog === 'object' ? catalog : {};
  lang = language || 'en';
  pluralRules = new Intl.PluralRules(lang);
}

export function currentLang() {
  return lang;
}

export function hasMessage(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

export function t(key, params = {}) {
  if (!hasMessage(key)) return key;
  let text = messages[key];
  if (text && typeof text === 'object') {
    const n = Number(params.n);
    const category = Number.isFinite(n) ? pluralRules.select(n) : 'other';
    // Same fallback order as the builder: the exact category, then "other", then "many".
    text = text[category] ?? text.other ?? text.many ?? key;
  }
  return String(text).replace(PLACEHOLDER, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

// The learner's preferences for the whole site, kept in localStorage under PREFERENCES_KEY: the theme
// (the system's, light or dark), the board's orientation (the home on the right, or mirrored) and sounds.
// The settings page (settings.js) changes them; every page applies them. theme-early.js, inlined in each
// page's <head>, reads the same key before the first paint, so a chosen theme never flashes the other one.
//
// Whatever storage holds, reading never throws: an unknown or broken value is the default. A change is
// announced on window as `nardy-preferences` (and by the browser's `storage` event to the other tabs).

export const PREFERENCES_KEY = 'nardy.preferences';
export const THEMES = /** @type {const} */ (['system', 'light', 'dark']);

/** @typedef {typeof THEMES[number]} Theme */
/** @typedef {{theme: Theme, flipped: boolean, sound: boolean}} Preferences */

/** @type {Preferences} sounds are off until asked for: a classroom or a library hears nothing it did not choose */
export const DEFAULTS = Object.freeze({ theme: 'system', flipped: false, sound: false });

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // a sandboxed frame, storage switched off
  }
}

/** Preferences as stored, each field checked on its own (a bad one is the default, the others are kept).
 * @param {unknown} raw the stored text @returns {Preferences} */
export function readPreferences(raw) {
  /** @type {Preferences} */
  const prefs = { ...DEFAULTS };
  if (typeof raw !== 'string') return prefs;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return prefs;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return prefs;
  const theme = Object.prototype.hasOwnProperty.call(data, 'theme') ? data.theme : undefined;
  if (THEMES.includes(theme)) prefs.theme = theme;
  if (data.flipped === true || data.flipped === false) prefs.flipped = data.flipped;
  if (data.sound === true || data.sound === false) prefs.sound = data.sound;
  return prefs;
}

/** @type {Preferences | null} what this page could not write (storage full or refused): kept for the visit */
let unsaved = null;

/** @returns {Preferences} */
export function preferences() {
  if (unsaved) return { ...unsaved };
  const store = storage();
  let raw = null;
  try {
    raw = store ? store.getItem(PREFERENCES_KEY) : null;
  } catch {
    raw = null;
  }
  return readPreferences(raw);
}

/**
 * Changes one preference, applies it to this page and tells the page's widgets.
 * @template {keyof Preferences} K @param {K} name @param {Preferences[K]} value
 */
export function setPreference(name, value) {
  const prefs = { ...preferences(), [name]: value };
  const clean = readPreferences(JSON.stringify(prefs)); // a wrong value never reaches storage
  const store = storage();
  try {
    if (!store) throw new Error('no storage');
    store.setItem(PREFERENCES_KEY, JSON.stringify(clean));
    unsaved = null;
  } catch {
    unsaved = clean;
  }
  applyPreferences();
}

/** The theme on <html data-theme> (none: the system's), and the news to this page's widgets. */
export function applyPreferences() {
  const root = document.documentElement;
  if (root.dataset.themeFixed === undefined) {
    const { theme } = preferences();
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }
  window.dispatchEvent(new CustomEvent('nardy-preferences'));
}

/** Follows a change made in another tab (the settings page open beside a lesson). */
export function followOtherTabs() {
  window.addEventListener('storage', (event) => {
    if (event.key === PREFERENCES_KEY || event.key === null) applyPreferences();
  });
}

// The settings page (templates/settings.html): the theme, the boards' orientation and sounds, each a group of
// radio buttons over preferences.js, and the whole course offline (offline-copy.js).

import { bindOfflineCopy } from './offline-copy.js';
import { preferences, setPreference } from './preferences.js';
import { playSound } from './sounds.js';

/** @typedef {import('./preferences.js').Preferences} Preferences */

/** @param {HTMLElement} page */
function showChoices(page) {
  const prefs = preferences();
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (page.querySelectorAll('[data-setting] input[type=radio]'))) {
    input.checked = String(prefs[/** @type {keyof Preferences} */ (input.name)]) === input.value;
  }
}

/** @param {HTMLElement} page */
export function showSettings(page) {
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (page.querySelectorAll('[data-setting] input[type=radio]'))) {
    input.disabled = false;
    input.addEventListener('change', () => {
      if (!input.checked) return;
      if (input.name === 'theme') setPreference('theme', /** @type {Preferences['theme']} */ (input.value));
      else if (input.name === 'flipped') setPreference('flipped', input.value === 'true');
      else if (input.name === 'sound') {
        setPreference('sound', input.value === 'true');
        if (input.value === 'true') playSound('solved'); // what was switched on is heard at once
      }
    });
  }
  const tryButton = /** @type {HTMLButtonElement | null} */ (page.querySelector('[data-sound-try]'));
  if (tryButton) {
    tryButton.disabled = false;
    // heard even with sounds off: the learner asked for it, and hears what switching them on would give
    tryButton.addEventListener('click', () => {
      playSound('step', { always: true });
      playSound('hit', { always: true, delay: 0.4 });
      playSound('refused', { always: true, delay: 0.9 });
      playSound('solved', { always: true, delay: 1.5 });
    });
  }
  showChoices(page);
  window.addEventListener('nardy-preferences', () => showChoices(page)); // another tab changed them
  const offline = /** @type {HTMLElement | null} */ (page.querySelector('[data-offline-download]')?.closest('section') || null);
  if (offline) bindOfflineCopy(offline, page.dataset.offlineList || '');
}

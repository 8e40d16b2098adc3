// «Скачать весь курс для офлайна» on the settings page: fetches every file of the course in this language (the
// list the builder wrote, builder/offline.py) through the service worker, which stores them as it stores any
// page (sw.js), with a progress bar; then counts what the caches hold. What was stored before is not fetched
// again, so pressing it once more after a lost connection finishes the job.

import { currentLang, t } from './i18n.js';
import { siteURL } from './site-root.js';

const AT_ONCE = 4; // requests in flight: the download keeps moving without starving the page's own
const CONTROL_WAIT_MS = 15_000;
// the service worker stores a file after it has answered it (a runtime file once its sha256 is checked)
const STORE_CHECKS = 20;
const STORE_CHECK_MS = 250;
const MOSTLY = 0.9;

/** @typedef {{pages: [string, string, string][], files: [string, number][], bytes: number}} OfflineList */

/** The list of the whole course, or null (offline and never stored, or not the builder's).
 * @param {string} address @returns {Promise<OfflineList | null>} */
export async function readOfflineList(address) {
  try {
    const response = await fetch(address);
    const data = response.ok ? await response.json() : null;
    if (!data || !Array.isArray(data.pages) || !Array.isArray(data.files) || typeof data.bytes !== 'number') return null;
    return data;
  } catch {
    return null;
  }
}

/** Every file of the list as [absolute URL, size]: the pages first, as a learner meets them.
 * @param {OfflineList} list @returns {[string, number][]} */
export function offlineFiles(list) {
  return [...list.pages.map(([address]) => /** @type {[string, number]} */ ([siteURL(address), 0])),
    ...list.files.map(([path, size]) => /** @type {[string, number]} */ ([siteURL(path), size]))];
}

/** Whether the service worker's caches hold ``url``. @param {string} url */
export async function isStored(url) {
  try {
    return Boolean(await caches.match(url));
  } catch {
    return false;
  }
}

/** @param {number} bytes */
function megabytes(bytes) {
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1e6);
}

/** A service worker controls this page (it is what stores the files), or null after a while without one. */
async function controller() {
  const container = navigator.serviceWorker;
  if (container.controller) return container.controller;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(container.controller), CONTROL_WAIT_MS);
    container.addEventListener('controllerchange', () => {
      clearTimeout(timer);
      resolve(container.controller);
    }, { once: true });
  });
}

/** @param {HTMLElement} section the settings page's offline section @param {string} listAddress */
export async function bindOfflineCopy(section, listAddress) {
  const button = /** @type {HTMLButtonElement} */ (section.querySelector('[data-offline-download]'));
  const bar = /** @type {HTMLProgressElement} */ (section.querySelector('[data-offline-progress]'));
  const state = /** @type {HTMLElement} */ (section.querySelector('[data-offline-state]'));
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') {
    state.textContent = t('settings.offline_unsupported');
    return;
  }
  const list = await readOfflineList(new URL(listAddress, window.location.href).href);
  if (!list) {
    state.textContent = t('settings.offline_no_list'); // offline, and the list was never stored: the button stays off
    return;
  }
  const files = offlineFiles(list);
  const all = megabytes(list.bytes);

  /** @returns {Promise<[string, number][]>} what the caches do not hold yet */
  const missing = async () => {
    const flags = await Promise.all(files.map(([url]) => isStored(url)));
    return files.filter((_, i) => !flags[i]);
  };
  /** @param {[string, number][]} left */
  const showState = (left) => {
    const done = files.length - left.length;
    if (!left.length) state.textContent = t('settings.offline_done', { mb: all });
    else if (done) state.textContent = `${t('settings.offline_partly', { done, total: files.length, n: files.length })} ${t('settings.offline_size', { mb: all })}`;
    else state.textContent = t('settings.offline_size', { mb: all });
    // the pages a visit opened are stored by themselves: "finish saving" once most of the course is here
    button.textContent = t(done >= MOSTLY * files.length ? 'settings.offline_again' : 'settings.offline_download');
  };

  showState(await missing());
  button.disabled = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    state.textContent = t('settings.offline_waiting');
    if (!(await navigator.serviceWorker.ready.then(() => controller()))) {
      state.textContent = t('settings.offline_unsupported');
      button.disabled = false;
      return;
    }
    const left = await missing();
    const total = list.bytes;
    let bytes = list.bytes - left.reduce((sum, [, size]) => sum + size, 0);
    let done = files.length - left.length;
    bar.hidden = false;
    const show = () => {
      bar.value = total ? bytes / total : 1;
      state.textContent = t('settings.offline_progress', { done, total: files.length, n: files.length, mb: megabytes(bytes), all });
    };
    show();
    const queue = [...left];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const [url, size] = item;
        try {
          const response = await fetch(url, { cache: 'no-cache' });
          await response.arrayBuffer(); // read whole: the service worker stores what it passed on
        } catch {
          // offline half way: counted below, from what the caches hold
        }
        done += 1;
        bytes += size;
        show();
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    // the worker stores each file once it has answered: the count is taken from the caches, not the answers
    let after = await missing();
    for (let tries = 0; after.length && tries < STORE_CHECKS; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, STORE_CHECK_MS));
      after = await missing();
    }
    bar.hidden = true;
    showState(after);
    if (after.length) state.textContent = `${t('settings.offline_failed', { n: after.length })} ${state.textContent}`;
    button.disabled = false;
  });
}

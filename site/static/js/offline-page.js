// The offline page (templates/offline.html, <lang>/offline/): where the service worker sends a visit that asks,
// without a network, for a page this device never stored (sw.js, ?from=<the page's path>). It names that page,
// offers to try again, and lists what does open here: the sections, lessons and puzzles the caches hold, and
// whether the rules engine is among them.

import { make } from './dom.js';
import { t } from './i18n.js';
import { isStored, readOfflineList } from './offline-copy.js';
import { siteURL } from './site-root.js';

const FOLDED_FROM = 40;

/** The page the visit asked for, as a path of the site (anything else in ?from= is ignored). @returns {string | null} */
function askedFor() {
  const from = new URL(window.location.href).searchParams.get('from');
  if (!from || !/^[a-z0-9][a-z0-9/_.-]*$/i.test(from) || from.includes('..')) return null;
  const url = new URL(from, siteURL());
  return url.origin === window.location.origin ? from : null;
}

/** A group of stored pages, folded when it is long (the puzzles). @param {string} title @param {[string, string, string][]} pages */
function group(title, pages) {
  const section = make('details', { class: 'offline-group' });
  section.toggleAttribute('open', pages.length <= FOLDED_FROM);
  section.append(make('summary', {}, `${title} (${pages.length})`));
  const list = make('ul', { class: 'offline-list' });
  for (const [address, name] of pages) {
    const item = make('li');
    item.append(make('a', { href: siteURL(address) }, name));
    list.append(item);
  }
  section.append(list);
  return section;
}

/** @param {HTMLElement} page */
export async function showOfflinePage(page) {
  const summary = /** @type {HTMLElement} */ (page.querySelector('[data-offline-summary]'));
  const groups = /** @type {HTMLElement} */ (page.querySelector('[data-offline-groups]'));
  const from = askedFor();
  if (!from && navigator.onLine) {
    // opened on purpose (from the settings page), not sent here by a failed page: nothing is missing
    /** @type {HTMLElement} */ (page.querySelector('h1')).textContent = t('offline_page.title_saved');
    document.title = document.title.replace(t('offline_page.title'), t('offline_page.title_saved'));
    /** @type {HTMLElement} */ (page.querySelector('[data-offline-missing]')).textContent = t('offline_page.lead_saved');
  }
  const list = await readOfflineList(new URL(page.dataset.offlineList || '', window.location.href).href);
  if (from) {
    const known = list?.pages.find(([address]) => address === from);
    /** @type {HTMLElement} */ (page.querySelector('[data-offline-missing]')).textContent = t('offline_page.missing', { page: known ? known[1] : `/${from}` });
    const retry = /** @type {HTMLButtonElement} */ (page.querySelector('[data-offline-retry]'));
    retry.hidden = false;
    retry.addEventListener('click', () => window.location.assign(siteURL(from)));
  }
  if (!list || typeof caches === 'undefined') {
    summary.textContent = t('offline_page.nothing');
    return;
  }
  const own = new URL(window.location.pathname, window.location.origin).href; // this page: not worth listing
  const held = await Promise.all(list.pages.map(([address]) => isStored(siteURL(address))));
  const stored = list.pages.filter(([address], i) => held[i] && siteURL(address) !== own);
  const runtime = list.files.filter(([path]) => path.startsWith('pyodide/') || path.startsWith('py/'));
  const engine = (await Promise.all(runtime.map(([path]) => isStored(siteURL(path))))).every(Boolean);
  if (!stored.length) {
    summary.textContent = t('offline_page.nothing');
    return;
  }
  summary.textContent = t('offline_page.summary', { n: stored.length, engine: t(engine ? 'offline_page.engine_yes' : 'offline_page.engine_no') });
  for (const [kind, title] of [['page', 'offline_page.pages'], ['lesson', 'offline_page.lessons'], ['puzzle', 'offline_page.puzzles']]) {
    const pages = stored.filter((entry) => entry[2] === kind);
    if (pages.length) groups.append(group(t(title), pages));
  }
}

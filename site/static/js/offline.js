// The page side of the service worker (sw.js): registers it, and shows "a new version is ready — reload"
// when a service worker of another build takes over (it tells every open page its version when it
// activates). The page's own build is <html data-build>, written by the builder (builder/manifest.py).

import { t } from './i18n.js';
import { showNotice } from './notices.js';
import { siteURL } from './site-root.js';

const CHECK_EVERY_MS = 30 * 60 * 1000; // a tab left open all day still hears of a redeploy

/** @type {ServiceWorkerRegistration | null} */
let registration = null;
let lastCheck = 0;

function pageBuild() {
  return document.documentElement.dataset.build || '';
}

/** @param {unknown} version @param {Promise<unknown>} ready */
function heard(version, ready) {
  if (typeof version !== 'string' || !pageBuild() || version === pageBuild()) return;
  // the page's strings first: a service worker may activate before the catalog has arrived
  ready.catch(() => {}).then(() => {
    showNotice('update', t('update.ready'), [{ label: t('update.reload'), run: () => window.location.reload() }]);
  });
}

/** Asks the server for a newer sw.js (throttled); the browser also does this on every full navigation. */
export function checkForUpdate() {
  if (!registration || Date.now() - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = Date.now();
  registration.update().catch(() => {
    // offline: the next check will do
  });
}

let askedForBuild = false;

/**
 * After one of the page's scripts failed to load: if the site has been redeployed meanwhile, the page's
 * own scripts are gone with its build (their folder is named by their content, builder/assets.py), so it
 * offers the reload that brings the new one. Asked once per page; offline, nothing is said.
 */
export async function checkDeployedBuild() {
  if (askedForBuild) return;
  askedForBuild = true;
  try {
    const answer = await fetch(siteURL('build-manifest.json'), { cache: 'no-store' });
    const manifest = answer.ok ? await answer.json() : null;
    if (manifest && typeof manifest === 'object') heard(manifest.version, Promise.resolve());
  } catch {
    askedForBuild = false; // offline: the next failure asks again
  }
}

/** The site's own files this page loaded (its modules, styles, catalog, answer books), asked for once more. */
function storeWhatThisPageLoaded() {
  const folders = [siteURL('assets/'), siteURL('answers/')];
  for (const entry of performance.getEntriesByType('resource')) {
    if (folders.some((folder) => entry.name.startsWith(folder))) fetch(entry.name).catch(() => {});
  }
}

/** Registers sw.js (not from embeds); `ready` settles once the page's catalog is installed. */
/** @param {Promise<unknown>} ready */
export function registerOfflineSupport(ready) {
  if (!('serviceWorker' in navigator) || document.body.classList.contains('embed')) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event) => {
    const data = event.data;
    if (data && typeof data === 'object' && data.type === 'nardy:activated') heard(data.version, ready);
  });
  container.startMessages();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  // the first page of a visit loaded its files before the service worker controlled it: asked again once it
  // does, from the HTTP cache, they pass through it and are stored, so this page opens offline too
  if (!container.controller) container.addEventListener('controllerchange', storeWhatThisPageLoaded, { once: true });
  const root = new URL(siteURL());
  container.register(new URL('sw.js', root), { scope: root.pathname, updateViaCache: 'none' }).then((found) => {
    registration = found;
    lastCheck = Date.now();
  }, () => {
    // no offline copy (e.g. a private window): the site still works online
  });
}

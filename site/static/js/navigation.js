// In-page navigation: following a link inside the site swaps <main> (and the header) instead of loading a
// new document, so the Python worker booted on the first page keeps running. Plain links still work with
// JavaScript off, and any failure falls back to a normal page load.

import { afterUnmount, beforeUnmount } from './carry.js';
import { siteURL } from './site-root.js';

const SWAPPED = ['main', '.site-header'];
/** How long a followed link waits for its page before the browser loads it in full instead: a fetch never
 * times out by itself, and a stalled one (a prefetch caught by a dropped connection) left the link dead. */
export const SWAP_TIMEOUT_MS = 8000;
/** url -> the page's HTML (the next lesson, fetched while the learner reads) and how to give up its fetch
 * @type {Map<string, { text: Promise<string>, abort: () => void }>} */
const prefetched = new Map();
/** the address of the page on display (what <main> shows); its fragment does not count */
let shown = new URL(window.location.href);

/** @param {string} href */
function fetchPage(href) {
  let pending = prefetched.get(href);
  if (!pending) {
    const controller = new AbortController();
    const text = fetch(href, { credentials: 'same-origin', signal: controller.signal }).then((response) => {
      if (!response.ok || !(response.headers.get('content-type') || '').includes('text/html')) throw new Error(String(response.status));
      return response.text();
    });
    pending = { text, abort: () => controller.abort() };
    prefetched.set(href, pending);
    text.catch(() => prefetched.delete(href));
  }
  return pending;
}

/** Give up the fetch of ``href``: a stalled one holds the browser's cache entry, and the full load of the same
 * page would wait behind it. @param {string} href */
function abandon(href) {
  prefetched.get(href)?.abort();
  prefetched.delete(href);
}

/** Fetch the page behind rel=next in idle time, so that "next" swaps at once. */
export function prefetchNext() {
  const link = /** @type {HTMLAnchorElement | null} */ (document.querySelector('a[rel=next]'));
  if (!link) return;
  const url = new URL(link.href, document.baseURI);
  if (!sameSite(url)) return;
  const idle = window.requestIdleCallback || ((/** @type {() => void} */ callback) => setTimeout(callback, 200));
  idle(() => fetchPage(url.href).text.catch(() => {}));
}

/** @param {URL} url */
function sameSite(url) {
  return url.origin === window.location.origin && url.href.startsWith(siteURL()) && !url.pathname.includes('/embed/')
    && !/\.(whl|json|zip|wasm|mjs|js|css|svg|png)$/.test(url.pathname);
}

/** @param {(phase: 'before' | 'after') => Promise<void>} onSwap */
export function setupNavigation(onSwap) {
  if (document.body.classList.contains('embed')) return;
  document.documentElement.dataset.navigation = 'in-page'; // links swap the page from now on (for tests)
  document.addEventListener('pointerdown', noteUse, true);
  document.addEventListener('keydown', noteUse, true);
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest('a[href]')) : null;
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, document.baseURI);
    if (!sameSite(url)) return;
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    event.preventDefault();
    // the same page in the other language: opened where the reader is, its puzzles as they were left (carry.js),
    // with what its address asks for (a position and its game on the free board, the lab's example: the same
    // words in both languages)
    const language = link.classList.contains('lang-switch');
    if (language && !url.hash) url.hash = widgetInView();
    if (language && !url.search) url.search = window.location.search;
    go(url, true, onSwap, language);
  });
  window.addEventListener('popstate', () => {
    const url = new URL(window.location.href);
    // a change of the fragment alone (back to #section, or one typed in the address bar) stays on this page
    if (url.pathname === shown.pathname && url.search === shown.search) return;
    go(url, false, onSwap);
  });
}

/** The element a fragment names, or null; a malformed one (`#%zz`) is read as it is written. */
/** @param {string} hash */
function fragmentTarget(hash) {
  if (!hash) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // not percent-encoded UTF-8: the id is the text as typed
  }
  return document.getElementById(id);
}

/** the board or puzzle the reader last used on this page: where they are, even once they scrolled up to the header */
let lastUsed = '';

/** @param {Event} event */
function noteUse(event) {
  const widget = event.target instanceof Element ? event.target.closest('main [data-widget][id]') : null;
  if (widget) lastUsed = widget.id;
}

/** The fragment of the board or puzzle the reader last used, else of the first one in view ('' for none). */
function widgetInView() {
  if (lastUsed && document.getElementById(lastUsed)) return `#${lastUsed}`;
  const widget = [...document.querySelectorAll('main [data-widget][id]')].find((el) => el.getBoundingClientRect().bottom > 0);
  return widget && widget.getBoundingClientRect().top < window.innerHeight ? `#${widget.id}` : '';
}

/** Shows the page at `url` in place; any failure loads it in full instead (so this never rejects). */
/** @param {URL} url @param {boolean} push @param {(phase: 'before' | 'after') => Promise<void>} onSwap @param {boolean} [language] */
async function go(url, push, onSwap, language = false) {
  try {
    await swap(url, push, onSwap, language);
  } catch {
    window.location.href = url.href;
  }
}

/** @param {URL} url @param {boolean} push @param {(phase: 'before' | 'after') => Promise<void>} onSwap @param {boolean} language */
async function swap(url, push, onSwap, language) {
  const href = url.href.split('#')[0];
  // a fetch still pending then is given up: it rejects, and the page is loaded in full below
  const late = setTimeout(() => abandon(href), SWAP_TIMEOUT_MS);
  let html;
  try {
    html = await fetchPage(href).text;
  } catch {
    window.location.href = url.href;
    return;
  } finally {
    clearTimeout(late);
  }
  const next = new DOMParser().parseFromString(html, 'text/html');
  const nextMain = next.querySelector('main');
  // another build (a redeploy since this page loaded): a full load, so its HTML never runs with our JS
  if (!nextMain || next.documentElement.dataset.pyodide !== document.documentElement.dataset.pyodide
    || next.documentElement.dataset.build !== document.documentElement.dataset.build) {
    window.location.href = url.href;
    return;
  }
  lastUsed = '';
  beforeUnmount(language);
  await onSwap('before');
  afterUnmount();
  // links relative to the page: the old page's would point one folder off once the address changes (the
  // browser fetches the favicon again as soon as it does: a 404), so until they are replaced below they
  // keep the address they had
  const old = /** @type {HTMLLinkElement[]} */ ([...document.querySelectorAll('link[rel="alternate"], link[rel="icon"]')]);
  for (const link of old) link.setAttribute('href', link.href);
  if (push) window.history.pushState({}, '', url.href);
  shown = new URL(url.href);
  document.title = next.title;
  const page = document.documentElement;
  for (const name of ['lang', 'data-root', 'data-lang', 'data-core-wheel']) {
    const value = next.documentElement.getAttribute(name);
    if (value !== null) page.setAttribute(name, value);
  }
  for (const selector of SWAPPED) {
    const mine = document.querySelector(selector);
    const theirs = next.querySelector(selector);
    if (mine && theirs) mine.replaceWith(document.importNode(theirs, true));
  }
  // the board sprite (shapes and layout) is the same on every page: the first page with boards brings it
  const sprite = next.getElementById('nb-sprite');
  if (sprite && !document.getElementById('nb-sprite')) document.body.prepend(document.importNode(sprite, true));
  for (const link of old) link.remove();
  for (const link of next.querySelectorAll('link[rel="alternate"], link[rel="icon"]')) document.head.append(document.importNode(link, true));
  await onSwap('after');
  const target = fragmentTarget(url.hash);
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  document.querySelector('main')?.focus({ preventScroll: true });
}

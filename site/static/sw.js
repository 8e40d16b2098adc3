// Service worker: the tutorial keeps working offline once it has been loaded (a classroom with flaky
// Wi-Fi, a phone on a train), and a redeploy reaches the visitor on the next navigation, whole.
//
// The builder writes the build's manifest into BUILD below (builder/manifest.py): the build's version (a
// content hash of every file), the size and sha256 of each runtime file (pyodide/<ver>/…, py/…) and the
// folders whose files are named by their version or content (assets/<hash>/…, answers/, replays/: the
// host's immutable ones, builder/headers.py). So every build has a new sw.js, the browser installs it, and
// its caches carry the version in their names:
//   nardy-pages-<version>    pages, modules, styles, catalogs: one entry per path (the query is dropped),
//                            at most MAX_PAGES, oldest first out; from the install on, each language's offline
//                            page (BUILD.offline: what opens when a page asked for offline was never stored, with
//                            what this device holds) with the files it loads, and its list of the whole course
//   nardy-runtime-<version>  the runtime files of the manifest, stored only once their size, sha256 and
//                            MIME type are right; a captive portal's HTML page or a truncated download is
//                            passed on as it came (the page fails and offers a retry) and never stored
// Strategies:
//   pyodide/<ver>/…  cache first (the path is versioned); a miss is fetched revalidated (`no-cache`), and
//                    after a wrong answer with `reload`, so the retry of a failed boot never gets a
//                    poisoned or stale copy, from here or from the HTTP cache
//   assets/<hash>/…, answers/…, replays/…  cache first: a new content has a new path, so a stored copy is
//                    never stale and a returning visitor's modules cost no round trip; a miss is fetched
//                    as the browser would (its HTTP cache may hold it) and stored like a page file
//   everything else  network first, revalidated (`no-cache`): a redeploy is seen at the next navigation;
//                    the cached copy answers only when the network cannot (offline, a 5xx, a portal's page
//                    instead of a script)
// On install, verified runtime files of an older version's cache are carried over when the manifest says
// they are the same bytes; on activation every other nardy-* cache is deleted, the open pages are told the
// new version ({type: 'nardy:activated', version}), so a page of an older build offers a reload, and the
// pages opened before this worker controlled them (the first page of a visit) are stored too.

/** @typedef {{size: number, sha256: string}} RuntimeFile */
/** @typedef {{page: string, list: string}} OfflineEntry  a language's offline page and its list of the whole course */
/** @typedef {{version: string, runtime: Record<string, RuntimeFile>, immutable: string[], offline: Record<string, OfflineEntry>}} Build */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = /** @type {Build | null} */ (/* build-manifest */ null);
const VERSION = BUILD ? BUILD.version : 'unbuilt';
const PAGES = `nardy-pages-${VERSION}`;
const RUNTIME = `nardy-runtime-${VERSION}`;
const MAX_PAGES = 4000; // the whole site is under 2,000 files: «Скачать весь курс» in both languages fits
const JS = ['text/javascript', 'application/javascript', 'application/x-javascript'];
/** @type {Record<string, string[]>} MIME types a runtime file may have, by extension */
const RUNTIME_TYPES = {
  // brotli the page inflates itself (pyodide.asm.wasm.br, python_stdlib.zip.br): hosts name it as they like
  // (Python's http.server says application/zip for .zip.br); its size and sha256 decide, as for every runtime file
  br: ['*'],
  mjs: JS,
  js: JS,
  json: ['application/json'],
  zip: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
  whl: ['application/octet-stream', 'application/zip', 'application/x-wheel+zip', 'binary/octet-stream'],
};
/** @type {Record<string, string[]>} MIME types a page file may have, by extension ('' for a folder: a page) */
const PAGE_TYPES = {
  '': ['text/html'],
  html: ['text/html'],
  js: JS,
  mjs: JS,
  wasm: ['application/wasm'], // the brotli decoder (static/vendor/brotli-dec-wasm/)
  css: ['text/css'],
  json: ['application/json'],
  // answer books (answers/<hash>.json.gz): hosts name them by the inner or the outer type
  gz: ['application/gzip', 'application/x-gzip', 'application/json', 'application/octet-stream'],
  svg: ['image/svg+xml'],
  png: ['image/png'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  webmanifest: ['application/manifest+json', 'application/json'],
};
/** runtime paths whose last answer was wrong: fetched past the HTTP cache from then on */
const suspect = new Set();

/** The path of a URL inside the site (no query, no fragment), or null outside it. */
/** @param {URL} url */
function sitePath(url) {
  const scope = new URL(sw.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  return url.pathname.slice(scope.pathname.length);
}

/** @param {string} path */
function extension(path) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether the answer's MIME type is one of ``types`` ('*': any but a page's, which a portal would send).
 * @param {Response} response @param {string[] | undefined} types */
function hasType(response, types) {
  const type = (response.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
  return Boolean(types && (types.includes(type) || (types.includes('*') && type !== 'text/html')));
}

/** A whole, untampered answer from this site (not a redirect to a portal, not an error). */
/** @param {Response} response */
function plain(response) {
  return response.status === 200 && response.type === 'basic' && !response.redirected;
}

/** @param {ArrayBuffer} bytes */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A copy of the answer to store, or null if it is not the manifest's file (status, type, size, sha256). */
/** @param {Response} response @param {string} path @returns {Promise<Response | null>} */
async function verified(response, path) {
  const expected = BUILD && BUILD.runtime[path];
  if (!expected || response.status !== 200 || !hasType(response, RUNTIME_TYPES[extension(path)])) {
    discard(response);
    return null;
  }
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength !== expected.size || (await sha256(bytes)) !== expected.sha256) return null;
  return new Response(bytes, { status: 200, statusText: 'OK', headers: response.headers });
}

/** @param {string} path */
function key(path) {
  return new URL(path, sw.registration.scope).href;
}

/** @param {Response} response @param {string} path */
function looksRight(response, path) {
  return plain(response) && hasType(response, RUNTIME_TYPES[extension(path)]);
}

/** Fetches a runtime file revalidated; a wrong answer (status, type) is fetched once more past the HTTP cache. */
/** @param {Request} request @param {string} path */
async function fetchRuntime(request, path) {
  const first = await fetch(request, { cache: suspect.has(path) ? 'reload' : 'no-cache' });
  if (looksRight(first, path)) return first;
  suspect.add(path);
  let second;
  try {
    second = await fetch(request, { cache: 'reload' });
  } catch {
    return first;
  }
  discard(first);
  return second;
}

/** Stores a copy of a network answer if it is the manifest's file; otherwise marks the path suspect. */
/** @param {Response} response @param {string} path */
async function storeRuntime(response, path) {
  if (!plain(response)) discard(response);
  const good = plain(response) ? await verified(response, path) : null;
  if (!good) {
    suspect.add(path);
    return;
  }
  suspect.delete(path);
  const cache = await caches.open(RUNTIME);
  await cache.put(key(path), good);
}

/** A runtime file of the manifest: pyodide/<ver>/ cache first, py/ network first; stored once verified. */
/** @param {FetchEvent} event @param {string} path */
async function runtimeFile(event, path) {
  const stored = await caches.match(key(path), { cacheName: RUNTIME });
  if (stored && path.startsWith('pyodide/')) return stored;
  let response;
  try {
    response = await fetchRuntime(event.request, path);
  } catch (error) {
    if (stored) return stored;
    throw error;
  }
  if (looksRight(response, path)) {
    // checked and stored under waitUntil, so the worker is not stopped before a large file is written
    event.waitUntil(storeRuntime(response.clone(), path).catch(() => {}));
    return response;
  }
  suspect.add(path);
  if (!stored) return response; // a wrong answer is passed on as it came, never stored
  discard(response);
  return stored;
}

/** Drops an answer that will not be used, so that its connection is freed now, not when it is collected. */
/** @param {Response} response */
function discard(response) {
  if (response.body && !response.bodyUsed) response.body.cancel().catch(() => {});
}

/** @param {Cache} cache */
async function trim(cache) {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

/** @param {string} cacheKey */
function storedPage(cacheKey) {
  return caches.match(cacheKey, { cacheName: PAGES });
}

/**
 * A page file, network first. A whole 200 answer of the right type is read in full (pages are small), and
 * the page and the cache each get their own copy of the bytes: nothing cut short is stored, and no stream
 * is shared between the page and the cache. The page's copy is marked `no-cache`: a host may allow keeping
 * pages and scripts for minutes (max-age), and the browser's memory cache would then hand the next page the
 * old scripts without asking this worker. Anything else (a redirect, a 404) is passed on as it came.
 * A file named by its content (`fixed`) is answered from the cache first, and fetched as the browser would.
 * @param {FetchEvent} event @param {string} path @param {boolean} [fixed]
 */
async function pageFile(event, path, fixed = false) {
  const types = PAGE_TYPES[extension(path)];
  const cacheKey = key(path);
  if (fixed) {
    const hit = await storedPage(cacheKey);
    if (hit) return hit;
  }
  /** @type {Response} */
  let response;
  /** @type {ArrayBuffer | null} */
  let bytes = null;
  try {
    response = await fetch(event.request, fixed ? {} : { cache: 'no-cache' });
    if (plain(response) && hasType(response, types)) bytes = await response.arrayBuffer();
  } catch (error) {
    const hit = await storedPage(cacheKey);
    if (hit) return hit;
    const offline = event.request.mode === 'navigate' ? offlinePage(path) : null;
    if (offline && (await storedPage(key(offline)))) {
      // a page never stored, asked for offline: the offline page of its language says so, and what is here
      return Response.redirect(`${key(offline)}?from=${encodeURIComponent(path)}`, 302);
    }
    throw error;
  }
  if (bytes) {
    const init = pageInit(response, fixed);
    event.waitUntil(storePage(cacheKey, bytes, init).catch(() => {}));
    return new Response(bytes, init);
  }
  if (response.status >= 500 || (response.status === 200 && types && !hasType(response, types))) {
    const hit = await storedPage(cacheKey);
    if (hit) {
      discard(response);
      return hit;
    }
  }
  return response;
}

/** How a stored page file is answered: as it came, marked `no-cache` unless it is named by its content.
 * @param {Response} response @param {boolean} fixed @returns {ResponseInit} */
function pageInit(response, fixed) {
  const headers = new Headers(response.headers);
  if (!fixed) headers.set('Cache-Control', 'no-cache');
  return { status: 200, statusText: response.statusText, headers };
}

/** Whether ``path`` is in a folder whose files are named by their version or content (BUILD.immutable).
 * @param {string} path */
function namedByContent(path) {
  return BUILD !== null && BUILD.immutable.some((folder) => path.startsWith(folder));
}

/** @param {string} cacheKey @param {ArrayBuffer} bytes @param {ResponseInit} init */
async function storePage(cacheKey, bytes, init) {
  const cache = await caches.open(PAGES);
  await cache.put(cacheKey, new Response(bytes, init));
  await trim(cache);
}

/** Fetches the page file at ``path`` of the site and stores it, if it is not stored yet and comes whole and of
 * its type; resolves to its text (for a page's own files) or null. @param {string} path */
async function keepPath(path) {
  const types = PAGE_TYPES[extension(path)];
  if (!types) return null;
  const stored = await storedPage(key(path));
  if (stored) return stored.text();
  const fixed = namedByContent(path);
  const response = await fetch(key(path), fixed ? {} : { cache: 'no-cache' });
  if (!plain(response) || !hasType(response, types)) {
    discard(response);
    return null;
  }
  const bytes = await response.arrayBuffer();
  await storePage(key(path), bytes, pageInit(response, fixed));
  return new TextDecoder().decode(bytes);
}

/** Stores the page at ``url`` (an open tab's): the pages opened before this worker controlled them (the first of a
 * visit) are stored as those opened after. @param {string} url */
async function keepOpened(url) {
  const path = sitePath(new URL(url));
  if (path !== null && !path.startsWith('__')) await keepPath(path);
}

/** The offline page for a page path: its language's, else the first language's. @param {string} path */
function offlinePage(path) {
  if (!BUILD || !BUILD.offline) return null;
  const languages = Object.keys(BUILD.offline);
  const lang = languages.find((code) => path.startsWith(`${code}/`)) || languages[0];
  return lang ? BUILD.offline[lang].page : null;
}

/** Each language's offline page, the files it loads (its styles, modules, catalog) and its list: kept from the
 * install on, so that a visit that goes offline on a page it never stored is told so, in its language. */
async function keepOfflinePages() {
  if (!BUILD || !BUILD.offline) return;
  for (const { page, list } of Object.values(BUILD.offline)) {
    await keepPath(list);
    const html = await keepPath(page);
    if (!html) continue;
    const base = new URL(key(page));
    for (const match of html.matchAll(/\s(?:href|src)="([^"#?]+)"/g)) {
      const path = sitePath(new URL(match[1], base));
      if (path !== null && path.startsWith('assets/')) await keepPath(path).catch(() => null);
    }
  }
}

/** Copies the runtime files of older caches that are, byte for byte, this build's. */
async function carryOver() {
  if (!BUILD) return;
  const older = (await caches.keys()).filter((name) => name.startsWith('nardy-runtime-') && name !== RUNTIME);
  const cache = await caches.open(RUNTIME);
  for (const path of Object.keys(BUILD.runtime)) {
    if (await cache.match(key(path))) continue;
    for (const name of older) {
      const hit = await caches.match(key(path), { cacheName: name });
      const good = hit && (await verified(hit, path));
      if (good) {
        await cache.put(key(path), good);
        break;
      }
    }
  }
}

sw.addEventListener('install', (event) => {
  event.waitUntil(carryOver().catch(() => {}).then(() => keepOfflinePages().catch(() => {})).then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('nardy-') && n !== PAGES && n !== RUNTIME).map((n) => caches.delete(n)));
    await sw.clients.claim();
    for (const client of await sw.clients.matchAll({ type: 'window' })) {
      client.postMessage({ type: 'nardy:activated', version: VERSION });
      await keepOpened(client.url).catch(() => {});
    }
  })());
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !BUILD) return;
  const url = new URL(request.url);
  const path = sitePath(url);
  if (path === null || path.startsWith('__') || path === 'sw.js') return;
  if (path.startsWith('pyodide/') || path.startsWith('py/')) {
    // a runtime file the manifest does not list (another build's) is left to the browser: never stored
    if (BUILD.runtime[path]) event.respondWith(runtimeFile(event, path));
    return;
  }
  event.respondWith(pageFile(event, path, namedByContent(path)));
});

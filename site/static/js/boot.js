// Loaded with `async` at the top of <head>, with no imports of its own, so it runs one round trip after the
// HTML: it asks for every module of app.js at once (the build writes their list below, builder/modules.py),
// instead of one import level per round trip, and (on a fast link) starts the Python worker while the rest of a
// long lesson page is still being parsed. The list lives here rather than as <link rel=modulepreload> lines in each
// page: the same 1.4 KB in every one of some 2,000 pages was a tenth of the site. Only the long pages (lessons,
// the rules) carry those lines too, since there boot.js runs only after their first long parse.
// app.js imports the same runtime.js module, so there is still one worker.

/** paths from this folder (static/js/), in the order the browser should fetch them */
const MODULES = /** @type {string[]} */ (/* app-modules */ []);

/** a round trip this long for the page itself means a phone's link (a desktop's is a few tens of ms) */
const SLOW_ROUND_TRIP_MS = 100;

/** Whether the page's own answer came slowly (its navigation timing: request sent to first byte). */
function onSlowLink() {
  const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (performance.getEntriesByType('navigation'));
  return Boolean(navigation) && navigation.responseStart - navigation.requestStart >= SLOW_ROUND_TRIP_MS;
}

// On a fast link Python's download starts first, with the worker's module (it imports nothing), before
// the page's modules queue: Python is ready sooner and the small modules hardly notice. On a slow one its
// 4.5 MB would share the link with the modules the first tap needs, and that tap is answered from the
// page's answer books, not by Python: there app.js starts Python once its modules are in.
if (document.documentElement.dataset.python === 'eager' && !onSlowLink()) {
  performance.mark('nardy:boot-start');
  import('./runtime.js').then((runtime) => runtime.getRuntime());
}

// a long page lists them in its head already (builder/modules.py preload_links)
const listed = new Set([...document.querySelectorAll('link[rel=modulepreload]')].map((link) => /** @type {HTMLLinkElement} */ (link).href));
for (const module of MODULES) {
  const href = new URL(module, import.meta.url).href;
  if (listed.has(href)) continue;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

// Loaded with `async` at the top of <head>, with no imports of its own, so it runs one round trip after the
// HTML: it asks for every module of app.js at once (the build writes their list below, builder/modules.py),
// instead of one import level per round trip, and starts the Python worker while the rest of a long lesson
// page is still being parsed. The list lives here rather than as <link rel=modulepreload> lines in each
// page: the same 1.4 KB in every one of some 2,000 pages was a tenth of the site.
// app.js imports the same runtime.js module, so there is still one worker.

/** paths from this folder (static/js/), in the order the browser should fetch them */
const MODULES = /** @type {string[]} */ (/* app-modules */ []);

// first the worker's module (it imports nothing), so Python's download starts before the page's modules queue
if (document.documentElement.dataset.python === 'eager') {
  performance.mark('nardy:boot-start');
  import('./runtime.js').then((runtime) => runtime.getRuntime());
}

for (const module of MODULES) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = new URL(module, import.meta.url).href;
  document.head.append(link);
}

// Module Web Worker: boots Pyodide with the nardy_core wheel off the main thread and answers requests.
// It runs as a SharedWorker where the browser has one (every tab and embed of the site in one browser
// shares one booted Python: each page is a port, the boot happens once, a late page is told at once where
// it stands) or as a dedicated worker of one page.
//
// Protocol (DESIGN §3 "Worker protocol"), the same on a port and on a dedicated worker:
//   in:  {type: 'init', indexURL, coreWheelURL}   once, from runtime.js
//        {id, type, payload}                      a request for nardy_core.api.handle(type, payload)
//   out: {type: 'progress', stage, fraction}               stage: 'runtime' | 'stdlib' | 'rules' | 'ready'
//        {type: 'ready', version, pyodideVersion, wasmCompiledBy: 'worker'}
//        {type: 'failed', error: {code: 'LOAD_FAILED', detail}}
//        {id, ok: true, result} | {id, ok: false, error: {code, detail}}
// Only codes and technical details leave this file; the UI turns them into sentences.
//
// A package file that the site's wheel holds only a stand-in of (the engine's weights, builder/vendor.py) is
// fetched the first time nardy_core answers NEEDS_DATA for it: from beside the wheel at its path inside
// site-packages, put at that path, and the request asked again.

/** @type {((kind: string, payload: string) => string) | null} nardy_core.api.handle, once the boot succeeded */
let handle = null;
/** @type {(() => boolean) | null} nardy_core.warmup.step, once the boot succeeded */
let warmStep = null;
/** whether a slice of warm-up work is scheduled */
let warming = false;
/** @type {Promise<boolean> | null} the boot under way or done; a failed boot may be started again */
let booting = null;
/** @typedef {{postMessage: (message: unknown) => void}} Page  a page: its port, or the dedicated worker */
/** @type {{FS: {writeFile: (path: string, data: Uint8Array) => void, mkdirTree: (path: string) => void}} | null} */
let runtime = null;
/** @type {string} where the wheel was unpacked */
let sitePackages = '';
/** @type {string} the folder the wheel came from: the package's other files lie under it at their paths */
let packageFilesURL = '';
/** @type {Map<string, Promise<void>>} package files fetched (or being fetched), by path */
const packageFiles = new Map();
/** @type {Set<Page>} the pages that sent 'init' */
const clients = new Set();
/** @type {object | null} the last boot message (progress, ready or failed), told to a page that comes late */
let lastBootMessage = null;
/** A boot message goes to every page. @param {object} message */
function tellAll(message) {
  lastBootMessage = message;
  for (const client of clients) client.postMessage(message);
}

/** @param {string} stage @param {number} fraction */
function progress(stage, fraction) {
  tellAll({ type: 'progress', stage, fraction });
}

/** @param {string} url @param {RequestInit} [init] */
async function fetchBytes(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** @param {unknown} error */
function describe(error) {
  return String((error instanceof Error ? error.message : error) || 'unknown error');
}

/** @param {{indexURL: string, coreWheelURL: string}} config */
async function boot({ indexURL, coreWheelURL }) {
  let restore = () => {};
  try {
    progress('runtime', 0);
    // Asked for at once, side by side: the module that inflates the shipped files (imported here, not at the
    // top, so it does not hold the first fetches back by a round trip), Pyodide's module and the wheel, which
    // downloads while the wasm compiles. The catch only stops an "unhandled rejection" report if the runtime
    // fails first (the promise is still awaited below and rethrows there).
    const shippedRuntime = import('./shipped-runtime.js');
    const pyodideModule = import(`${indexURL}pyodide.mjs`);
    const wheel = fetchBytes(coreWheelURL);
    wheel.catch(() => {});
    pyodideModule.catch(() => {});
    // Pyodide's own downloads of the wasm and the stdlib are redirected to the ones that inflate the shipped
    // brotli files
    const wasm = (await shippedRuntime).useShippedRuntime(new URL(indexURL, self.location.href).href);
    restore = wasm.restore;
    const { loadPyodide } = await pyodideModule;
    progress('runtime', 0.1);
    const pyodide = await Promise.race([
      loadPyodide({
        indexURL,
        packageBaseUrl: indexURL, // never fall back to a remote package host
        // Called once the wasm module is instantiated, while the stdlib is mounted and Python starts.
        fsInit: async () => progress('stdlib', 0.6),
      }),
      wasm.failure, // a broken download fails the boot at once: Pyodide would wait forever
    ]);
    restore();
    progress('rules', 0.85);
    // micropip is not used at boot: unpacking the wheel ourselves is faster and needs no package index.
    sitePackages = pyodide.runPython(
      "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
    );
    pyodide.unpackArchive(await wheel, 'wheel', { extractDir: sitePackages });
    runtime = pyodide;
    packageFilesURL = new URL('./', new URL(coreWheelURL, self.location.href)).href;
    // Kept for the worker's lifetime: destroying the module proxy would also destroy `handle`.
    const api = pyodide.pyimport('nardy_core.api').handle;
    handle = api;
    try {
      warmStep = pyodide.pyimport('nardy_core.warmup').step;
    } catch {
      warmStep = null; // a wheel without it (a test's) boots all the same: the warm-up only saves time later
    }
    // The first call also warms up the call path, so the first click is not the slow one.
    const pong = JSON.parse(api('ping', '{}'));
    if (pong.error) throw new Error(`ping: ${JSON.stringify(pong.error)}`);
    progress('ready', 1);
    tellAll({ type: 'ready', version: pong.version, pyodideVersion: pyodide.version,
      wasmCompiledBy: wasm.compiledBy() });
    return true;
  } catch (error) {
    restore();
    handle = null;
    warmStep = null;
    booting = null; // a page's retry may boot again
    tellAll({ type: 'failed', error: { code: 'LOAD_FAILED', detail: describe(error) } });
    return false;
  }
}

/** @param {number} id @param {string} type @param {unknown} payload */
function answer(id, type, payload) {
  let text;
  try {
    if (!handle) throw new Error('not booted');
    text = handle(type, JSON.stringify(payload === undefined ? {} : payload));
  } catch (error) {
    // A Python exception is a bug in nardy_core (api validates its input and answers INTERNAL itself): keep
    // serving, and never pass its traceback on to a page, which might show it to a learner.
    console.error('nardy_core raised', describe(error));
    return { id, ok: false, error: { code: 'INTERNAL', detail: 'nardy_core raised (see the worker console)' } };
  }
  let result;
  try {
    result = JSON.parse(text);
  } catch (error) {
    return { id, ok: false, error: { code: 'INTERNAL', detail: `not JSON: ${describe(error)}` } };
  }
  if (result !== null && typeof result === 'object' && !Array.isArray(result) && 'error' in result) {
    return { id, ok: false, error: result.error };
  }
  return { id, ok: true, result };
}

/** Let nardy_core prepare what its engine will need (nardy_core.warmup) while no request waits: a slice at a
 * time, each its own task, so a request that comes meanwhile waits for one slice at most. It stops when
 * nardy_core says nothing is left, or that the engine was never asked, and is offered again after each answer. */
function warmWhileIdle() {
  if (warming || !warmStep) return;
  warming = true;
  const slice = () => {
    let more = false;
    try {
      more = Boolean(warmStep && warmStep());
    } catch (error) {
      console.error('nardy_core.warmup raised', describe(error));
    }
    if (more) setTimeout(slice, 0);
    else warming = false;
  };
  setTimeout(slice, 0);
}

/** how long a package file may take to arrive */
const PACKAGE_FILE_MS = 30_000;

/** A package file's path as nardy_core names it: folders and a file name, nothing that climbs out. */
const PACKAGE_PATH = /^[A-Za-z_]\w*(\/[\w-]+)*\/[\w-]+\.[a-z]+$/;

/** Fetch the package file at `path` (once, whoever asks) and put it in place. @param {string} path */
function fetchPackageFile(path) {
  let pending = packageFiles.get(path);
  if (!pending) {
    // a deadline: a stalled download would hold every request that needs the file, in every tab
    pending = fetchBytes(new URL(path, packageFilesURL).href, { signal: AbortSignal.timeout(PACKAGE_FILE_MS) }).then((bytes) => {
      if (!runtime) throw new Error('not booted');
      const target = `${sitePackages}/${path}`;
      runtime.FS.mkdirTree(target.slice(0, target.lastIndexOf('/')));
      runtime.FS.writeFile(target, bytes);
    });
    pending.catch(() => packageFiles.delete(path)); // a later request may try again
    packageFiles.set(path, pending);
  }
  return pending;
}

/** `answer`, after fetching the package file nardy_core asks for first, if it does.
 * @param {number} id @param {string} type @param {unknown} payload */
async function answerWithData(id, type, payload) {
  const first = answer(id, type, payload);
  const path = !first.ok && first.error && first.error.code === 'NEEDS_DATA' && first.error.params
    ? first.error.params.path : null;
  if (typeof path !== 'string' || !PACKAGE_PATH.test(path)) return first;
  try {
    await fetchPackageFile(path);
  } catch (error) {
    return { id, ok: false, error: { code: 'LOAD_FAILED', detail: describe(error) } };
  }
  const second = answer(id, type, payload);
  if (!second.ok && second.error && second.error.code === 'NEEDS_DATA' && second.error.params && second.error.params.path === path) {
    packageFiles.delete(path); // not the file (a captive portal's page): fetched again next time
    return { id, ok: false, error: { code: 'LOAD_FAILED', detail: `${path} is not the file nardy_core reads` } };
  }
  return second;
}

/** @param {Page} client @param {any} data */
async function onMessage(client, data) {
  const message = data && typeof data === 'object' ? data : {};
  if (!('id' in message)) {
    if (message.type === 'init') {
      clients.add(client);
      if (lastBootMessage && booting) client.postMessage(lastBootMessage); // a page that comes late
      booting = booting || boot(message);
    }
    return;
  }
  // runtime.js sends requests only after 'ready'; waiting here as well keeps the protocol safe anyway.
  const ready = booting ? await booting : false;
  if (!ready) {
    client.postMessage({ id: message.id, ok: false, error: { code: 'NOT_READY', detail: '' } });
    return;
  }
  client.postMessage(await answerWithData(message.id, message.type, message.payload));
  warmWhileIdle();
}

if ('onconnect' in self) {
  // a SharedWorker: one port per page
  /** @type {any} */ (self).onconnect = (/** @type {MessageEvent} */ event) => {
    const port = event.ports[0];
    port.onmessage = (message) => onMessage(port, message.data);
  };
} else {
  self.onmessage = (event) => onMessage(self, event.data);
}

// Main-thread client of the Python worker: one booted Python per visitor, requests queued until it is ready.
// Where the browser has SharedWorker, every tab and embed of this build shares one (by name: the build), so
// the second embed on a blog page or a second tab is ready at once; elsewhere, and after any failure, each
// page runs its own dedicated worker.
//
// Usage:
//   import { getRuntime, request, onStatus, retry } from './runtime.js';
//   const off = onStatus((s) => ...);   // s = {state, stage, fraction, version, error}; called at once too
//   const verdict = await request('step', {...});   // rejects with RequestError {code, detail}
//   retry();                            // after 'failed' or 'timeout': start a new worker
// States: 'loading' (with stage 'runtime'|'stdlib'|'rules' and fraction 0..1), 'ready' (with version, and
// wasmCompiledBy 'worker' for tests and benches: the worker downloads, inflates and compiles the wasm),
// 'failed' (with error {code, detail}), 'timeout'. Codes only: the UI owns every sentence.
//
// The singleton lives on module scope so that a pjax-style navigation, which keeps this module, keeps the
// booted Python as well. Configuration comes from <html> data attributes, resolved once to absolute URLs:
//   data-root="../../"  data-pyodide="pyodide/314.0.7/"  data-core-wheel="py/nardy_core-….whl"
//   data-boot-timeout="30" (seconds, optional)  data-build="c6d934034b96" (names the shared worker)

const DEFAULT_BOOT_TIMEOUT_SECONDS = 30;

/** @typedef {{code: string, message?: string, detail?: string, params?: Record<string, unknown>}} WorkerError */
/**
 * @typedef {object} Status
 * @property {'loading' | 'ready' | 'failed' | 'timeout'} state
 * @property {string} stage
 * @property {number} fraction
 * @property {string | null} version
 * @property {WorkerError | null} error
 * @property {string} [wasmCompiledBy]
 * @property {'shared' | 'dedicated'} [worker]  which kind of worker runs Python (for tests and benches)
 * @property {number} [waiting]  requests waiting for Python to boot (a learner is waiting: say so)
 */
/** @typedef {{indexURL: string | null, coreWheelURL: string | null, bootTimeoutMs: number, workerName: string}} RuntimeConfig */
/**
 * @typedef {object} Link  the connection to a worker: a shared worker's port, or a dedicated worker
 * @property {{postMessage: (message: unknown) => void, onmessage: ((event: MessageEvent) => void) | null,
 *   onmessageerror: ((event: MessageEvent) => void) | null}} port
 * @property {boolean} shared
 * @property {() => void} stop
 */
/** @typedef {{type: string, payload: unknown, resolve: (value: any) => void, reject: (reason: unknown) => void}} Pending */

export class RequestError extends Error {
  /** @param {WorkerError | null | undefined} error */
  constructor(error) {
    const code = (error && error.code) || 'INTERNAL';
    super(code);
    this.name = 'RequestError';
    this.code = code;
    this.detail = error ? error.detail || error.message : undefined;
    this.error = error; // the worker's error object as is (may carry reason parameters)
  }
}

/** Reads the runtime configuration from the document's <html> data attributes. */
/** @param {Document} doc @returns {RuntimeConfig} */
export function readConfig(doc = document) {
  const data = doc.documentElement.dataset;
  const siteRoot = new URL(data.root || './', doc.baseURI);
  /** @param {string | undefined} path */
  const resolve = (path) => (path ? new URL(path, siteRoot).href : null);
  const indexURL = resolve(data.pyodide);
  const seconds = Number.parseFloat(data.bootTimeout || "");
  return {
    indexURL: indexURL && !indexURL.endsWith('/') ? `${indexURL}/` : indexURL,
    coreWheelURL: resolve(data.coreWheel),
    bootTimeoutMs: 1000 * (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_BOOT_TIMEOUT_SECONDS),
    // pages of another build must not share this one's Python: the name carries the build (or the wheel)
    workerName: `nardy-python ${data.build || ''} ${indexURL || ''} ${resolve(data.coreWheel) || ''}`,
  };
}

class Runtime {
  /** @type {RuntimeConfig} */
  #config;
  /** @type {Link | null} */
  #worker = null;
  /** false after a shared worker failed or hung: the next attempt runs a worker of its own */
  #share = true;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #timer = undefined;
  #nextId = 1;
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  /** @type {number[]} ids not yet sent to a ready worker, in request order */
  #queue = [];
  /** @type {Set<(status: Status) => void>} */
  #listeners = new Set();
  /** @type {Status} */
  #status = { state: 'loading', stage: 'runtime', fraction: 0, version: null, error: null };

  /** @param {RuntimeConfig} config */
  constructor(config) {
    this.#config = config;
    this.#start();
  }

  get status() {
    return { ...this.#status };
  }

  /** Sends one request to nardy_core.api; before 'ready' it waits in the queue (also across retries). */
  /** @param {string} type @param {unknown} [payload] @returns {Promise<any>} */
  request(type, payload = {}) {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { type, payload, resolve, reject });
      if (this.#status.state === 'ready') this.#send(id);
      else {
        this.#queue.push(id);
        this.#setStatus({ ...this.#status, waiting: this.#queue.length });
      }
    });
  }

  /** Calls `callback(status)` now and on every change; returns a function that unsubscribes. */
  /** @param {(status: Status) => void} callback */
  onStatus(callback) {
    this.#listeners.add(callback);
    this.#notify(callback);
    return () => this.#listeners.delete(callback);
  }

  /** Starts a new worker after 'failed' or 'timeout'; returns whether it did. */
  retry() {
    if (this.#status.state !== 'failed' && this.#status.state !== 'timeout') return false;
    this.#start();
    return true;
  }

  /** Resolves once ready (at once if it already is). */
  /** @returns {Promise<Status>} */
  whenReady() {
    return new Promise((resolve) => {
      const off = this.onStatus((status) => {
        if (status.state !== 'ready') return;
        queueMicrotask(() => off());
        resolve(status);
      });
    });
  }

  #start() {
    this.#stopWorker();
    if (!this.#config.indexURL || !this.#config.coreWheelURL) {
      // A page built without data-pyodide / data-core-wheel: a builder bug, reported instead of a 404 hunt.
      this.#setStatus({ ...this.#status, state: 'failed', error: { code: 'NO_CONFIG', detail: '' } });
      return;
    }
    performance.mark('nardy:worker-start'); // read by bench/browser.py
    const worker = (this.#share && this.#connectShared()) || this.#connectDedicated();
    this.#worker = worker;
    // Messages from a worker that was already replaced (timeout, retry) are ignored.
    worker.port.onmessage = (event) => {
      if (worker === this.#worker) this.#onMessage(event.data);
    };
    worker.port.onmessageerror = () => {
      if (worker === this.#worker) this.#fail({ code: 'WORKER_ERROR', detail: 'messageerror' });
    };
    this.#setStatus({ state: 'loading', stage: 'runtime', fraction: 0, version: null, error: null });
    // A blocked wasm compile or a hung download never settles: only a deadline can end the wait.
    this.#timer = setTimeout(() => {
      if (worker !== this.#worker) return;
      this.#share = false;
      this.#stopWorker();
      this.#setStatus({ ...this.#status, state: 'timeout', error: { code: 'TIMEOUT', detail: '' } });
    }, this.#config.bootTimeoutMs);
    worker.port.postMessage({
      type: 'init',
      indexURL: this.#config.indexURL,
      coreWheelURL: this.#config.coreWheelURL,
    });
  }

  /** The build's shared worker, or null where there is none. @returns {Link | null} */
  #connectShared() {
    if (typeof SharedWorker !== 'function') return null;
    let shared;
    try {
      shared = new SharedWorker(new URL('./worker.js', import.meta.url), { type: 'module', name: this.#config.workerName });
    } catch {
      return null; // not allowed here (an opaque origin, a privacy mode): a worker of our own
    }
    const port = shared.port;
    /** @type {Link} */
    const link = { port, shared: true, stop: () => port.close() };
    // Fired when the shared worker cannot start: a third-party frame whose storage the browser blocks (an
    // embed on another site) gets none. Then this page runs a worker of its own, with nothing lost.
    shared.onerror = (event) => {
      if (link !== this.#worker || this.#status.state === 'ready') return;
      event.preventDefault();
      this.#share = false;
      this.#start();
    };
    port.start();
    return link;
  }

  /** @returns {Link} */
  #connectDedicated() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    /** @type {Link} */
    const link = { port: worker, shared: false, stop: () => worker.terminate() };
    // Fired when worker.js itself cannot load, or on an error the worker did not catch.
    worker.onerror = (event) => {
      if (link !== this.#worker || this.#status.state === 'ready') return;
      event.preventDefault();
      this.#fail({ code: 'WORKER_ERROR', detail: String(event.message || '') });
    };
    return link;
  }

  /** @param {any} message */
  #onMessage(message) {
    if (!message || typeof message !== 'object') return;
    if ('id' in message) {
      const entry = this.#pending.get(message.id);
      if (!entry) return;
      this.#pending.delete(message.id);
      if (message.ok) entry.resolve(message.result);
      else entry.reject(new RequestError(message.error));
      return;
    }
    if (message.type === 'progress' && this.#status.state === 'loading') {
      performance.mark(`nardy:progress-${message.stage}`);
      this.#setStatus({ ...this.#status, stage: message.stage, fraction: message.fraction });
    } else if (message.type === 'ready') {
      performance.mark('nardy:python-ready');
      clearTimeout(this.#timer);
      this.#setStatus({
        state: 'ready',
        stage: 'ready',
        fraction: 1,
        version: message.version,
        error: null,
        wasmCompiledBy: message.wasmCompiledBy,
        worker: this.#worker && this.#worker.shared ? 'shared' : 'dedicated',
      });
      const queued = this.#queue;
      this.#queue = [];
      for (const id of queued) this.#send(id);
    } else if (message.type === 'failed') {
      this.#fail(message.error);
    }
  }

  /** @param {number} id */
  #send(id) {
    const entry = this.#pending.get(id);
    if (!entry || !this.#worker) return;
    try {
      this.#worker.port.postMessage({ id, type: entry.type, payload: entry.payload });
    } catch (error) {
      // A payload that cannot be cloned (a function, a DOM node) fails only its own request.
      this.#pending.delete(id);
      entry.reject(new RequestError({ code: 'BAD_REQUEST', detail: String(error instanceof Error ? error.message : error) }));
    }
  }

  /** @param {WorkerError} error */
  #fail(error) {
    this.#share = false;
    this.#stopWorker();
    this.#setStatus({ ...this.#status, state: 'failed', error });
  }

  #stopWorker() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#worker) this.#worker.stop(); // a shared worker lives on for its other pages
    this.#worker = null;
    // Requests that were sent but not answered go back into the queue, in order, for the next worker.
    const queued = new Set(this.#queue);
    const unanswered = [...this.#pending.keys()].filter((id) => !queued.has(id));
    this.#queue = [...unanswered, ...this.#queue].sort((a, b) => a - b);
  }

  /** @param {Status} status */
  #setStatus(status) {
    this.#status = status;
    for (const listener of this.#listeners) this.#notify(listener);
  }

  /** @param {(status: Status) => void} listener */
  #notify(listener) {
    try {
      listener({ ...this.#status });
    } catch (error) {
      // One broken listener must not stop the others or the runtime; still surface it.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** @type {Runtime | null} */
let runtime = null;

/** The one runtime of this visit; the first call starts the worker (optionally with a given config).
 * @param {RuntimeConfig} [config] @returns {Runtime} */
export function getRuntime(config) {
  if (!runtime) runtime = new Runtime(config || readConfig());
  return runtime;
}

/** @param {string} type @param {unknown} payload @returns {Promise<any>} */
export function request(type, payload) {
  return getRuntime().request(type, payload);
}

/** @param {(status: Status) => void} callback */
export function onStatus(callback) {
  return getRuntime().onStatus(callback);
}

export function retry() {
  return getRuntime().retry();
}

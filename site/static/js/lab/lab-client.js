// The page's side of the lab worker: starts it, runs one program at a time, and ends a program that is
// stopped or runs over its time limit by terminating the worker and starting a fresh one.

import { t } from '../i18n.js';
import { fetchShipped } from '../shipped-runtime.js';

/** @typedef {{indexURL: string, stdLibURL: string, lockFileURL: string, packageBaseURL: string}} LabPaths */
/** @typedef {'loading' | 'ready' | 'running' | 'failed'} LabState */
/**
 * @typedef {{
 *   state(state: LabState, detail?: string): void,
 *   output(stream: 'stdout' | 'stderr', text: string): void,
 *   show(payload: string): void,
 *   table(payload: string): void,
 *   progress(done: number, total: number, label: string): void,
 *   finished(result: {ok: boolean, reason: 'done' | 'error' | 'stopped' | 'timeout', traceback?: string,
 *     line?: number | null, seconds: number}): void,
 * }} LabEvents
 */

export class LabClient {
  /** @param {LabPaths} paths @param {LabEvents} events */
  constructor(paths, events) {
    this.paths = paths;
    this.events = events;
    /** @type {Worker | null} */
    this.worker = null;
    this.ready = false;
    this.nextId = 1;
    /** @type {{id: number, started: number, timer: ReturnType<typeof setTimeout>} | null} */
    this.running = null;
    /** @type {Promise<WebAssembly.Module | null> | null} pyodide.asm.wasm, inflated and compiled once by the page
     *  for every worker: «Стоп» starts a new one, which then boots without a download */
    this.wasm = null;
    this.start();
  }

  /** @returns {Promise<WebAssembly.Module | null>} */
  compileWasm() {
    if (!this.wasm) {
      this.wasm = typeof WebAssembly.compileStreaming === 'function'
        ? WebAssembly.compileStreaming(fetchShipped(`${this.paths.indexURL}pyodide.asm.wasm`)).catch(() => null)
        : Promise.resolve(null);
    }
    return this.wasm;
  }

  start() {
    this.ready = false;
    this.events.state('loading');
    const worker = new Worker(new URL('./lab-worker.js', import.meta.url), { type: 'module', name: 'nardy-lab' });
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = () => this.events.state('failed', 'worker error');
    worker.postMessage({ type: 'init', ...this.paths });
    this.compileWasm().then((module) => {
      if (worker === this.worker) worker.postMessage({ type: 'wasm-module', module });
    });
    this.worker = worker;
  }

  /** @param {Worker} worker @param {any} message */
  receive(worker, message) {
    if (worker !== this.worker || !message || typeof message !== 'object') return; // a stopped worker's last words
    const running = this.running;
    if (message.type === 'ready') {
      this.ready = true;
      this.compiledBy = String(message.wasmCompiledBy || ''); // for tests and benches
      this.events.state('ready');
      return;
    }
    if (message.type === 'failed') {
      this.events.state('failed', String(message.detail || ''));
      return;
    }
    if (!running || message.id !== running.id) return;
    if (message.type === 'stdout' || message.type === 'stderr') this.events.output(message.type, String(message.text));
    else if (message.type === 'input') this.events.output('stderr', t('lab.no_input'));
    else if (message.type === 'show') this.events.show(String(message.payload));
    else if (message.type === 'table') this.events.table(String(message.payload));
    else if (message.type === 'progress') {
      this.events.progress(Number(message.done), Number(message.total), String(message.label || ''));
    } else if (message.type === 'done') {
      this.end(message.ok ? 'done' : 'error', message.ok ? {} : { traceback: String(message.traceback || ''),
        line: typeof message.line === 'number' ? message.line : null });
      this.events.state('ready');
    }
  }

  /** @param {'done' | 'error' | 'stopped' | 'timeout'} reason @param {{traceback?: string, line?: number | null}} [details] */
  end(reason, details = {}) {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = null;
    const seconds = (performance.now() - running.started) / 1000;
    this.events.finished({ ok: reason === 'done', reason, seconds, ...details });
  }

  /** @param {string} code @param {number} limitSeconds @returns {boolean} false while Python is not ready */
  run(code, limitSeconds) {
    if (!this.ready || this.running || !this.worker) return false;
    const id = this.nextId++;
    const timer = setTimeout(() => this.stop('timeout'), limitSeconds * 1000);
    this.running = { id, started: performance.now(), timer };
    this.events.state('running');
    this.worker.postMessage({ type: 'run', id, code });
    return true;
  }

  /** Ends the program under way: its worker is dropped and a fresh Python boots. @param {'stopped' | 'timeout'} [reason] */
  stop(reason = 'stopped') {
    if (!this.running) return;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.end(reason);
    this.start();
  }

  destroy() {
    if (this.running) clearTimeout(this.running.timer);
    this.running = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}

// Module Web Worker of the Python lab: its own Pyodide, never the one that answers the lesson boards, so a
// learner's endless loop cannot freeze a board in another tab. Stop and the time limit end a program by
// terminating this worker (lab-client.js starts a fresh one): no SharedArrayBuffer is needed.
//
// Protocol (one program at a time):
//   in:  {type: 'init', indexURL, stdLibURL, lockFileURL, packageBaseURL}   once
//        {type: 'wasm-module', module}   the page's compiled pyodide.asm.wasm (kept there for the next worker), or null
//        {type: 'run', id, code}
//   out: {type: 'ready', pyodideVersion, wasmCompiledBy: 'page' | 'worker'} | {type: 'failed', detail}
//        {type: 'stdout' | 'stderr', id, text}                one line, without its newline
//        {type: 'show', id, payload} | {type: 'table', id, payload}   JSON text from nardy_lab
//        {type: 'progress', id, done, total, label}
//        {type: 'done', id, ok: true} | {type: 'done', id, ok: false, traceback, line}
// `line` is the line of the learner's program where the error was raised (or null).

import { useShippedRuntime } from '../shipped-runtime.js';
import { PROGRAM, learnerTraceback } from './traceback.js';

/** @type {any} the booted runtime */
let pyodide = null;
/** @type {Promise<boolean> | null} */
let booting = null;
/** @type {number | null} the program being run: its output carries its id */
let current = null;

/** @param {object} message */
function post(message) {
  self.postMessage(message);
}

/** A stream cut into lines for the page; what is left without a newline goes at the end of the program. */
class Lines {
  /** @param {'stdout' | 'stderr'} type */
  constructor(type) {
    this.type = type;
    this.decoder = new TextDecoder();
    this.pending = '';
  }

  /** @param {Uint8Array} bytes @returns {number} */
  write(bytes) {
    const lines = (this.pending + this.decoder.decode(bytes, { stream: true })).split('\n');
    this.pending = /** @type {string} */ (lines.pop());
    for (const text of lines) post({ type: this.type, id: current, text });
    return bytes.length;
  }

  flush() {
    const text = this.pending + this.decoder.decode();
    this.pending = '';
    if (text) post({ type: this.type, id: current, text });
  }
}

const stdout = new Lines('stdout');
const stderr = new Lines('stderr');

/** @param {unknown} error */
function describe(error) {
  return String((error instanceof Error ? error.message : error) || 'unknown error');
}

/** @type {(module: WebAssembly.Module | null) => void} */
let receiveWasmModule = () => {};
/** @type {Promise<WebAssembly.Module | null>} */
const wasmModuleFromPage = new Promise((resolve) => {
  receiveWasmModule = resolve;
});

/** @param {{indexURL: string, stdLibURL: string, lockFileURL: string, packageBaseURL: string}} config */
async function boot({ indexURL, stdLibURL, lockFileURL, packageBaseURL }) {
  // after Stop the page hands the next worker the module it compiled: no second compile
  const redirect = useShippedRuntime(new URL(indexURL, self.location.href).href, wasmModuleFromPage);
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    // packageBaseUrl: the lock's wheels are the site's own (py/); never a remote package host
    // a broken download fails the boot at once (Pyodide itself would wait forever)
    pyodide = await Promise.race([loadPyodide({ indexURL, stdLibURL, lockFileURL, packageBaseUrl: packageBaseURL }), redirect.failure]);
    redirect.restore();
    pyodide.setStdout({ write: (/** @type {Uint8Array} */ bytes) => stdout.write(bytes) });
    pyodide.setStderr({ write: (/** @type {Uint8Array} */ bytes) => stderr.write(bytes) });
    // input() has no one to ask: the page says so (in its language), and Python gets an end of file
    pyodide.setStdin({ stdin: () => { post({ type: 'input', id: current }); return null; } });
    pyodide.registerJsModule('nardy_lab_bridge', {
      show: (/** @type {string} */ payload) => post({ type: 'show', id: current, payload: String(payload) }),
      table: (/** @type {string} */ payload) => post({ type: 'table', id: current, payload: String(payload) }),
      progress: (/** @type {number} */ done, /** @type {number} */ total, /** @type {string} */ label) =>
        post({ type: 'progress', id: current, done: Number(done), total: Number(total), label: String(label || '') }),
    });
    post({ type: 'ready', pyodideVersion: pyodide.version, wasmCompiledBy: redirect.compiledBy() });
    return true;
  } catch (error) {
    redirect.restore();
    post({ type: 'failed', detail: describe(error) });
    return false;
  }
}

/** The program's last words (Python's own buffers first), then its end. @param {object} done */
function finish(done) {
  try {
    pyodide.runPython('import sys\nsys.stdout.flush()\nsys.stderr.flush()');
  } catch {
    // a program that closed or replaced sys.stdout: what it wrote is its own business
  }
  stdout.flush();
  stderr.flush();
  post(done);
}

/** @param {number} id @param {string} code */
async function run(id, code) {
  current = id;
  const globals = pyodide.globals.get('dict')();
  try {
    await pyodide.loadPackagesFromImports(code, { messageCallback: () => {} });
    await pyodide.runPythonAsync(code, { globals, filename: PROGRAM });
    finish({ type: 'done', id, ok: true });
  } catch (error) {
    finish({ type: 'done', id, ok: false, ...learnerTraceback(describe(error)) });
  } finally {
    globals.destroy();
    current = null;
  }
}

self.onmessage = async (event) => {
  const message = event.data && typeof event.data === 'object' ? event.data : {};
  if (message.type === 'wasm-module') {
    receiveWasmModule(message.module instanceof WebAssembly.Module ? message.module : null);
  } else if (message.type === 'init' && !booting) {
    booting = boot(message);
  } else if (message.type === 'run' && typeof message.code === 'string' && typeof message.id === 'number') {
    if (!booting || !(await booting) || current !== null) {
      post({ type: 'done', id: message.id, ok: false, traceback: 'not ready', line: null });
      return;
    }
    await run(message.id, message.code);
  }
};

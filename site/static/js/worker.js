// Module Web Worker: boots Pyodide with the nardy_core wheel off the main thread and answers requests.
//
// Protocol (DESIGN §3 "Worker protocol"):
//   in:  {type: 'init', indexURL, coreWheelURL}            once, from runtime.js
//        {id, type, payload}                               a request for nardy_core.api.handle(type, payload)
//   out: {type: 'progress', stage, fraction}               stage: 'runtime' | 'stdlib' | 'rules' | 'ready'
//        {type: 'ready', version, pyodideVersion}
//        {type: 'failed', error: {code: 'LOAD_FAILED', detail}}
//        {id, ok: true, result} | {id, ok: false, error: {code, detail}}
// Only codes and technical details leave this file; the UI turns them into sentences.

let handle = null; // nardy_core.api.handle as a PyProxy, set once the boot succeeded
let booting = null; // Promise<boolean> of the one boot this worker does

function progress(stage, fraction) {
  self.postMessage({ type: 'progress', stage, fraction });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

function describe(error) {
  return String((error && (error.message || error)) || 'unknown error');
}

async function boot({ indexURL, coreWheelURL }) {
  try {
    progress('runtime', 0);
    // The wheel downloads while the wasm compiles; the catch only stops an "unhandled rejection" report
    // if the runtime fails first (the promise is still awaited below and rethrows there).
    const wheel = fetchBytes(coreWheelURL);
    wheel.catch(() => {});
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    progress('runtime', 0.1);
    const pyodide = await loadPyodide({
      indexURL,
      // Called once the wasm module is instantiated, while the stdlib is mounted and Python starts.
      fsInit: async () => progress('stdlib', 0.6),
    });
    progress('rules', 0.85);
    // micropip is not used at boot: unpacking the wheel ourselves is faster and needs no package index.
    const sitePackages = pyodide.runPython(
      "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
    );
    pyodide.unpackArchive(await wheel, 'wheel', { extractDir: sitePackages });
    const api = pyodide.pyimport('nardy_core.api');
    handle = api.handle;
    api.destroy();
    // The first call also warms up the call path, so the first click is not the slow one.
    const pong = JSON.parse(handle('ping', '{}'));
    if (pong.error) throw new Error(`ping: ${JSON.stringify(pong.error)}`);
    progress('ready', 1);
    self.postMessage({ type: 'ready', version: pong.version, pyodideVersion: pyodide.version });
    return true;
  } catch (error) {
    handle = null;
    self.postMessage({ type: 'failed', error: { code: 'LOAD_FAILED', detail: describe(error) } });
    return false;
  }
}

function answer(id, type, payload) {
  let text;
  try {
    text = handle(type, JSON.stringify(payload === undefined ? {} : payload));
  } catch (error) {
    // A Python exception is a bug in nardy_core (api validates its input): report it, keep serving.
    return { id, ok: false, error: { code: 'INTERNAL', detail: describe(error) } };
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

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === 'init' && !('id' in message)) {
    booting = booting || boot(message);
    return;
  }
  // runtime.js sends requests only after 'ready'; waiting here as well keeps the protocol safe anyway.
  const ready = booting ? await booting : false;
  if (!ready) {
    self.postMessage({ id: message.id, ok: false, error: { code: 'NOT_READY', detail: '' } });
    return;
  }
  self.postMessage(answer(message.id, message.type, message.payload));
};

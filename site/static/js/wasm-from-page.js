// The page compiles pyodide.asm.wasm (runtime.js #compileWasm, lab-client.js: only there does Chromium
// cache the compiled code, and a page keeps the module for the next worker it starts) and posts the
// WebAssembly.Module to its worker. Pyodide 314 fetches the wasm with fetch() and instantiates it with
// WebAssembly.instantiateStreaming(); while it boots, both are redirected to that module. If the page
// could not compile it (module null), Pyodide's own download and compile run as usual.
// Used by both workers (worker.js, lab/lab-worker.js).

/**
 * @param {string} wasmURL
 * @param {Promise<WebAssembly.Module | null>} fromPage
 * @returns {{restore: () => void, compiledBy: () => 'page' | 'worker'}}
 */
export function useWasmModuleFromPage(wasmURL, fromPage) {
  const originalFetch = self.fetch;
  const originalInstantiateStreaming = WebAssembly.instantiateStreaming;
  /** @type {'page' | 'worker'} */
  let compiledBy = 'worker';
  /** @type {typeof fetch} */
  const redirected = (resource, options) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (url !== wasmURL) return originalFetch.call(self, resource, options);
    return fromPage.then((module) =>
      module ? new Response(new Uint8Array(0)) : originalFetch.call(self, resource, options),
    );
  };
  self.fetch = redirected;
  /** @type {typeof WebAssembly.instantiateStreaming} */
  const instantiate = async (source, imports) => {
    const module = await fromPage;
    if (!module) return originalInstantiateStreaming.call(WebAssembly, source, imports);
    compiledBy = 'page';
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  WebAssembly.instantiateStreaming = instantiate;
  return {
    restore() {
      self.fetch = originalFetch;
      WebAssembly.instantiateStreaming = originalInstantiateStreaming;
    },
    compiledBy: () => compiledBy,
  };
}

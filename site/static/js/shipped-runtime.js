// The runtime files the site ships in brotli, and where a worker gets them from. Used by both workers
// (worker.js, lab/lab-worker.js), the lab's page (lab-client.js) and the tests' Pyodide page.
//
// The site ships Pyodide's wasm and its trimmed stdlib in brotli (pyodide.asm.wasm.br, python_stdlib.zip.br:
// builder/vendor.py IN_BROTLI; 2.8 MB instead of 9.6, 0.56 instead of 0.79, less on the wire than any host's
// gzip), and browsers' DecompressionStream knows gzip only, so the vendored brotli-dec-wasm
// (builder/decoder_vendor.py) inflates each chunk by chunk as it arrives, and the wasm compiles as it
// streams out. A host that labels the files Content-Encoding: br hands over the inflated bytes already:
// those pass as they are. The answers carry their own MIME types, so no host has to know them.
//
// Pyodide 314 fetches both from its folder with fetch() and instantiates the wasm with
// WebAssembly.instantiateStreaming(); while it boots, both are redirected: the wasm to the module the page
// compiled, where it sent one (the lab page compiles once for every worker it starts), otherwise to the
// inflating download, and the stdlib to its inflating download.

const DECODER = new URL('../vendor/brotli-dec-wasm/', import.meta.url);
/** Pyodide's files that the site ships in brotli (builder/vendor.py IN_BROTLI): the type of the answer, and
 *  the first bytes of the file itself (how an answer the browser inflated already is recognised) */
const IN_BROTLI = /** @type {Record<string, {type: string, magic: number[]}>} */ ({
  'pyodide.asm.wasm': { type: 'application/wasm', magic: [0x00, 0x61, 0x73, 0x6d] }, // "\0asm"
  'python_stdlib.zip': { type: 'application/zip', magic: [0x50, 0x4b, 0x03, 0x04] }, // "PK\3\4"
});
/** the most a single decoder call hands back; more output waits for the next call */
const OUTPUT_CHUNK = 1 << 20;

/** @typedef {{code: number, buf: Uint8Array, input_offset: number, free(): void}} DecodeResult */
/** @typedef {{dec(input: Uint8Array, outputSize: number): DecodeResult, free(): void}} DecodeStream */
/** @typedef {{BrotliDecStream: new () => DecodeStream, BrotliStreamResultCode: {ResultSuccess: number,
 *   NeedsMoreInput: number, NeedsMoreOutput: number}, initSync(options: {module: WebAssembly.Module}): unknown}} Decoder */

/** @type {Promise<Decoder> | null} */
let decoder = null;

/** The decoder, loaded once per worker or page; its wasm is compiled directly, never through the redirect. */
/** @param {typeof fetch} fetchImpl @returns {Promise<Decoder>} */
function loadDecoder(fetchImpl) {
  if (!decoder) {
    decoder = (async () => {
      // the glue and its wasm are fetched side by side: one round trip, not two
      const [glue, module] = await Promise.all([
        /** @type {Promise<Decoder>} */ (import(new URL('brotli_dec_wasm.js', DECODER).href)),
        fetchImpl.call(self, new URL('brotli_dec_wasm_bg.wasm', DECODER).href).then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status} for the brotli decoder`);
          return WebAssembly.compile(await response.arrayBuffer());
        }),
      ]);
      glue.initSync({ module });
      return glue;
    })();
    decoder.catch(() => {
      decoder = null; // a retry loads it again
    });
  }
  return decoder;
}

/**
 * The inflated bytes of a brotli stream, as a stream.
 * @param {ReadableStream<Uint8Array>} compressed
 * @param {number[]} magic the inflated file's first bytes: a stream that starts with them is passed on
 * @param {typeof fetch} fetchImpl
 * @param {(error: Error) => void} onError told when the stream fails (a cut download, not brotli at all)
 * @returns {ReadableStream<Uint8Array>}
 */
function inflate(compressed, magic, fetchImpl, onError) {
  const reader = compressed.getReader();
  /** @type {DecodeStream | null} */
  let stream = null;
  /** @type {Decoder['BrotliStreamResultCode'] | null} */
  let codes = null;
  let passThrough = false;
  let first = true;
  let finished = false;
  let cancelled = false;
  const close = () => {
    if (stream) stream.free();
    stream = null;
  };
  /** One read of the download, its inflated bytes handed on. @param {ReadableStreamDefaultController<Uint8Array>} controller */
  const pullOnce = async (controller) => {
    const { done, value } = await reader.read();
    if (done) {
      close();
      // a download cut short (or not brotli at all) fails here, not as a wasm that cannot compile
      if (!passThrough && !finished) throw new Error('the download ended before its brotli stream did');
      controller.close();
      return;
    }
    if (first) {
      first = false;
      passThrough = magic.every((byte, i) => value[i] === byte); // inflated by the browser already (Content-Encoding: br)
      if (!passThrough) {
        const glue = await loadDecoder(fetchImpl);
        stream = new glue.BrotliDecStream();
        codes = glue.BrotliStreamResultCode;
      }
    }
    if (passThrough || !stream || !codes) {
      controller.enqueue(value);
      return;
    }
    let input = value;
    try {
      for (;;) {
        const result = stream.dec(input, OUTPUT_CHUNK); // throws on a corrupt stream: the compile fails
        const { code, buf, input_offset: used } = result;
        result.free();
        if (buf.length) controller.enqueue(buf);
        input = input.subarray(used);
        if (code === codes.ResultSuccess) finished = true;
        if (code !== codes.NeedsMoreOutput) break;
      }
    } catch (error) {
      close(); // the decoder's state lives in its wasm memory: give it back
      throw error;
    }
  };
  return new ReadableStream({
    async pull(controller) {
      try {
        await pullOnce(controller);
      } catch (error) {
        // a cut connection, a decoder that did not load, a corrupt stream: the boot hears of it at once
        if (!cancelled) onError(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    cancel(reason) {
      cancelled = true; // whoever read it gave up: nothing went wrong with the download
      close();
      return reader.cancel(reason);
    },
  });
}

/**
 * One of Pyodide's files that the site ships in brotli (IN_BROTLI), fetched as shipped and inflated as it
 * arrives: an answer with the file's MIME type (for WebAssembly.compileStreaming and for Pyodide). A failed
 * download answers as it came.
 * @param {string} url where Pyodide looks for the file (…/pyodide.asm.wasm, …/python_stdlib.zip)
 * @param {typeof fetch} [fetchImpl] the fetch to use (the workers pass the one they redirected from)
 * @param {RequestInit} [init]
 * @param {(error: Error) => void} [onError] told when the answer is not the file: an HTTP error, a download
 *   cut short, something else than brotli (a captive portal's page)
 * @returns {Promise<Response>}
 */
export async function fetchShipped(url, fetchImpl = fetch, init = undefined, onError = () => {}) {
  const file = IN_BROTLI[url.slice(url.lastIndexOf('/') + 1)];
  if (!file) throw new Error(`${url} is not shipped in brotli`);
  let response;
  try {
    response = await fetchImpl.call(self, `${url}.br`, init);
  } catch (error) {
    onError(error instanceof Error ? error : new Error(String(error))); // offline, a connection reset
    throw error;
  }
  if (!response.ok || !response.body) {
    onError(new Error(`HTTP ${response.status} for ${url}.br`));
    return response;
  }
  loadDecoder(fetchImpl).catch(() => {}); // with the file's first bytes, not after them
  return new Response(inflate(response.body, file.magic, fetchImpl, onError), { headers: { 'Content-Type': file.type } });
}

/**
 * Redirects Pyodide's downloads from `indexURL` to the shipped files while it boots (until `restore()`).
 * @param {string} indexURL Pyodide's folder, absolute
 * @param {Promise<WebAssembly.Module | null>} [wasmFromPage] the page's compiled wasm, or null: download it
 * @returns {{restore: () => void, compiledBy: () => 'page' | 'worker', failure: Promise<never>}} `failure`
 *   rejects when a shipped file's download fails: Pyodide itself then waits forever (its wasm instantiation
 *   aborts without settling loadPyodide), so a boot races it to fail at once instead of at its deadline
 */
export function useShippedRuntime(indexURL, wasmFromPage = Promise.resolve(null)) {
  const originalFetch = self.fetch;
  const originalInstantiateStreaming = WebAssembly.instantiateStreaming;
  const wasmURL = `${indexURL}pyodide.asm.wasm`;
  const shipped = new Set(Object.keys(IN_BROTLI).map((name) => indexURL + name));
  // The decoder is on the way while Pyodide's own modules load, so it is ready when the first .br bytes come
  // in (loaded on their arrival, it held the wasm's inflating back by one to two round trips). Its failure
  // surfaces where it is needed: in the download that inflates.
  loadDecoder(originalFetch).catch(() => {});
  /** @type {'page' | 'worker'} */
  let compiledBy = 'worker';
  /** @type {(error: Error) => void} */
  let failed = () => {};
  /** @type {Promise<never>} */
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  failure.catch(() => {}); // only a boot that races it needs to hear of it
  /** @type {typeof fetch} */
  const redirected = (resource, options) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (!shipped.has(url)) return originalFetch.call(self, resource, options);
    if (url !== wasmURL) return fetchShipped(url, originalFetch, options, failed);
    return wasmFromPage.then((module) => (module ? new Response(new Uint8Array(0)) : fetchShipped(url, originalFetch, options, failed)));
  };
  self.fetch = redirected;
  /** @type {typeof WebAssembly.instantiateStreaming} */
  const instantiate = async (source, imports) => {
    const module = await wasmFromPage;
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
    failure,
  };
}

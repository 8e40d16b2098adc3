// The phone bench's HTTP/2 link (bench/phone.py --link h2): a TLS HTTP/2 front that forwards every request
// to the bench's own HTTP/1.1 server (which compresses and sends the site's headers, as the dev server
// does) and models a fast-4G link on the way back: each answer starts one round trip after its request
// arrived, and all answers share one bandwidth. Unlike HTTP/1.1, where Chromium opens at most six
// connections to a host and queues the rest, every request of a page is in flight at once, as on the
// HTTP/2 hosts most static sites are served from. The TLS and TCP handshakes are not modelled (nor are
// they in the HTTP/1.1 link).
//
// Usage: node bench/h2_link.mjs BACKEND_PORT CERT KEY RTT_MS BYTES_PER_S
// Prints "listening <h2 port> <control port>"; GET http://127.0.0.1:<control port>/ answers the bytes sent.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';

const [backendPort, certFile, keyFile, rttText, bandwidthText] = process.argv.slice(2);
const RTT_MS = Number(rttText);
const BYTES_PER_MS = Number(bandwidthText) / 1000;
const CHUNK = 16 * 1024;
/** headers HTTP/2 does not carry */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

let sent = 0;
let freeAt = 0; // when the shared link is free to carry the next chunk (ms, performance.now())

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits for the link to carry `size` bytes: chunks of all answers go out one after another. */
async function carry(size) {
  const begin = Math.max(performance.now(), freeAt);
  freeAt = begin + size / BYTES_PER_MS;
  await sleep(freeAt - performance.now());
  sent += size;
}

const server = http2.createSecureServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
server.on('stream', (stream, headers) => {
  const arrived = performance.now();
  stream.on('error', () => {});
  /** @type {Record<string, string>} */
  const forwarded = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(':') && typeof value === 'string') forwarded[name] = value;
  }
  forwarded.host = `127.0.0.1:${backendPort}`;
  const request = http.request({
    port: Number(backendPort), host: '127.0.0.1', agent,
    method: String(headers[':method']), path: String(headers[':path']), headers: forwarded,
  }, async (response) => {
    const out = { ':status': response.statusCode || 502 };
    for (const [name, value] of Object.entries(response.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    }
    const body = [];
    for await (const piece of response) body.push(piece);
    const bytes = Buffer.concat(body);
    await sleep(arrived + RTT_MS - performance.now()); // the request's way there and the first bytes back
    if (stream.destroyed) return;
    stream.respond(out);
    for (let start = 0; start < bytes.length; start += CHUNK) {
      const piece = bytes.subarray(start, start + CHUNK);
      await carry(piece.length);
      if (stream.destroyed) return;
      stream.write(piece);
    }
    stream.end();
  });
  request.on('error', () => { if (!stream.destroyed) stream.respond({ ':status': 502 }); stream.end(); });
  request.end();
});

const control = http.createServer((_, response) => response.end(String(sent)));
server.listen(0, '127.0.0.1', () => {
  control.listen(0, '127.0.0.1', () => {
    const h2 = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    const ctl = /** @type {import('node:net').AddressInfo} */ (control.address()).port;
    process.stdout.write(`listening ${h2} ${ctl}\n`);
  });
});

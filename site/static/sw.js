// Service worker: the tutorial keeps working offline once it has been loaded (a classroom with flaky
// Wi-Fi, a phone on a train). The Pyodide runtime lives under a versioned path and is served from the
// cache first; everything else is fetched from the network first so an updated site is never stale,
// with the cached copy as the fallback when the network is gone.

const CACHE = 'nardy-v1';
const IMMUTABLE = /\/pyodide\/[^/]+\//;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// the copy is stored under event.waitUntil, so the worker is not stopped before a large file is written
async function cacheFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/__')) return;
  event.respondWith(IMMUTABLE.test(url.pathname) ? cacheFirst(event) : networkFirst(event));
});

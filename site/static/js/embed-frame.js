// The embed page's side of the conversation with the page that frames it (the host). The messages and
// commands are documented for site owners on /{lang}/embedding/ and spoken by static/js/nardy-embed.js.
//
//   embed -> host   {type: 'nardy:ready' | 'nardy:move' | 'nardy:solved' | 'nardy:resize', id, …}
//   host -> embed   {type: 'nardy:reset'}   {type: 'nardy:set-lang', lang: 'ru' | 'en'}
//
// A snippet names its host (`?host=` and the origin of the page it is pasted into): messages are then posted to that origin only, and
// commands are taken from that origin only. Without it, messages go to any parent (they carry nothing
// private) and commands are taken from the parent window alone, whatever its origin.

/** The host the snippet named, as an origin, or null. @returns {string | null} */
export function hostOrigin() {
  const named = new URLSearchParams(window.location.search).get('host');
  if (!named) return null;
  try {
    const origin = new URL(named).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Tells the host something, if the page is framed. @param {string} type @param {object} detail */
export function tellHost(type, detail) {
  if (window.parent === window) return;
  window.parent.postMessage({ type: `nardy:${type}`, ...detail }, hostOrigin() || '*');
}

/** The height the page's content needs: the document's own box, which shrinks as well as grows (its
 * scrollHeight never goes below the frame's height). */
export function contentHeight() {
  return Math.ceil(document.documentElement.getBoundingClientRect().height);
}

/**
 * Reports the content's height to the host whenever it changes; returns a function that stops.
 * @param {string} id
 */
export function reportHeight(id) {
  if (window.parent === window || !('ResizeObserver' in window)) return () => {};
  let last = 0;
  const observer = new ResizeObserver(() => {
    const height = contentHeight();
    if (height !== last) tellHost('resize', { id, height: (last = height) });
  });
  observer.observe(document.documentElement);
  return () => observer.disconnect();
}

/**
 * Takes the host's commands: from the parent window only, and from the named host's origin if there is one.
 * @param {{reset: () => void}} handlers @returns {() => void} stops listening
 */
export function takeCommands(handlers) {
  if (window.parent === window) return () => {};
  const expected = hostOrigin();
  /** @param {MessageEvent} event */
  const listener = (event) => {
    if (event.source !== window.parent || (expected && event.origin !== expected)) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (data.type === 'nardy:reset') handlers.reset();
    else if (data.type === 'nardy:set-lang' && (data.lang === 'ru' || data.lang === 'en')) switchLanguage(data.lang);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/** The same puzzle's embed in the other language: …/embed/<lang>/<id>.html, the query kept.
 * @param {'ru' | 'en'} lang */
function switchLanguage(lang) {
  const here = new URL(window.location.href);
  const path = here.pathname.replace(/\/embed\/(ru|en)\//, `/embed/${lang}/`);
  if (path !== here.pathname) window.location.replace(`${path}${here.search}`);
}

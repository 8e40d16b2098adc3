// Where the lab keeps a learner's code: per example in localStorage (only when it differs from the
// example), and in a shared link's fragment (#code=<base64url of the UTF-8 text>). Whatever is found in
// either place is checked before use: anything but a string of sensible size is ignored.

const PREFIX = 'nardy.lab.';
const MAX_CODE = 100_000; // characters: larger texts are not code a learner typed

/** @returns {Storage | null} */
function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage disabled: the code lives as long as the page
  }
}

/** The learner's code for an example, or null. @param {string} slug @returns {string | null} */
export function readStored(slug) {
  try {
    const text = storage()?.getItem(PREFIX + slug);
    return typeof text === 'string' && text.length <= MAX_CODE ? text : null;
  } catch {
    return null;
  }
}

/** Keeps `code` unless it is the example's own (then forgets it). @param {string} slug @param {string} code @param {string} original */
export function writeStored(slug, code, original) {
  try {
    const store = storage();
    if (!store) return;
    if (code === original || code.length > MAX_CODE) store.removeItem(PREFIX + slug);
    else store.setItem(PREFIX + slug, code);
  } catch {
    // quota or privacy mode: keeping the code is a convenience, not a promise
  }
}

/** `#code=…` for `code`. @param {string} code */
export function encodeShared(code) {
  const bytes = new TextEncoder().encode(code);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#code=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The code of a `#code=…` fragment, or null when there is none or it is not valid UTF-8 text. @param {string} hash */
export function decodeShared(hash) {
  const match = /^#code=([A-Za-z0-9_-]*)$/.exec(hash);
  if (!match || match[1].length > MAX_CODE * 2) return null;
  try {
    const binary = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

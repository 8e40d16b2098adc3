// Small DOM helpers the page's modules share.

/**
 * An element with attributes and, if given, its text.
 * @param {string} tag @param {Record<string, string>} [attrs] @param {string} [text] @returns {HTMLElement}
 */
export function make(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Whether the reader asked for less motion (prefers-reduced-motion): steps land and pages jump at once. */
export function reducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls ``el`` into sight the shortest way if it is out of it (a status line below the fold of a phone).
 * At once, never smoothly: the learner's next tap lands where the page is, not where it is gliding to.
 * @param {Element} el */
export function keepInView(el) {
  const box = el.getBoundingClientRect();
  if (!box.height || (box.top >= 0 && box.bottom <= window.innerHeight)) return;
  el.scrollIntoView({ block: 'nearest', behavior: 'auto' });
}

/**
 * Links the stylesheet at ``href`` once (a mode's own styles, loaded when it starts); resolves when it has
 * loaded or failed (the page then shows unstyled rather than waiting forever).
 * @param {string} href @returns {Promise<void>}
 */
export function loadStylesheet(href) {
  const existing = [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => /** @type {HTMLLinkElement} */ (link).href === href);
  if (existing) return Promise.resolve();
  const link = /** @type {HTMLLinkElement} */ (make('link', { rel: 'stylesheet', href }));
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', () => resolve(undefined), { once: true });
    link.addEventListener('error', () => resolve(undefined), { once: true });
  });
  document.head.append(link);
  return loaded;
}

/**
 * Copies ``text`` to the clipboard. Where the page may not (an insecure origin, a refusal) it selects
 * ``field``, which shows the same text, so the reader copies it by hand; resolves to whether it copied.
 * @param {string} text @param {HTMLInputElement | HTMLTextAreaElement | null} [field] @returns {Promise<boolean>}
 */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) field.select();
    return false;
  }
}

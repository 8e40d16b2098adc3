// The audience window of presenter mode: the same page, opened by the presenter's window with
// ?present=audience. It shows the presenter's slide and what happens on its board, and nothing else: no
// toolbar, no notes, no answer until the presenter reveals it. It runs no Python and takes no input; every
// message is checked by messages.readState and anything else is ignored.

import { siteURL } from '../site-root.js';
import { t } from '../i18n.js';
import { CHANNEL, readState, VERSION } from './messages.js';
import { apply } from './mirror.js';
import { fitSlide, loadPresentStyles, readSlides, showSlide } from './slides.js';

/** @typedef {import('./drawing.js').Drawing} Drawing */

/** @param {HTMLElement} note @param {string} text */
function say(note, text) {
  note.textContent = text;
  note.hidden = !text;
}

export async function startAudience() {
  await loadPresentStyles();
  const root = document.documentElement;
  root.classList.add('presenting', 'audience');
  const main = /** @type {HTMLElement} */ (document.querySelector('main'));
  main.inert = true; // a picture of the presenter's slide: nothing here is pressed or focused
  for (const box of main.querySelectorAll('[data-answer-box]')) /** @type {HTMLElement} */ (box).hidden = true;
  const slides = readSlides(main);
  /** @type {Map<SVGSVGElement, Drawing>} */
  const drawings = new Map();
  const note = document.createElement('p');
  note.className = 'present-audience-note';
  note.setAttribute('role', 'status');
  document.body.append(note);
  say(note, `${t('present.audience_wait')} ${t('present.audience_fullscreen')}`);
  document.title = `${t('present.audience_title')} · ${document.title}`;
  showSlide(slides, 0);
  fitSlide(main);
  window.addEventListener('resize', () => fitSlide(main));
  const full = () => {
    if (!document.fullscreenElement) root.requestFullscreen?.().catch(() => {});
  };
  document.addEventListener('keydown', (event) => {
    if (event.code === 'KeyF' || event.key.toLowerCase() === 'f') full();
  });
  document.addEventListener('dblclick', full);
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CHANNEL);
  const site = new URL(siteURL());
  let current = -1;
  channel.onmessage = (event) => {
    if (event.data && event.data.kind === 'bye' && event.data.v === VERSION) {
      say(note, t('present.audience_closed'));
      return;
    }
    const state = readState(event.data);
    if (!state) return;
    if (state.page !== window.location.pathname) {
      // the presenter went on to another page of the course: follow, never off the site
      const next = new URL(state.page, window.location.origin);
      next.search = '?present=audience';
      next.hash = '';
      if (next.origin === window.location.origin && next.href.startsWith(site.href)) window.location.replace(next.href);
      return;
    }
    if (state.count !== slides.length) return; // another build of this page
    say(note, '');
    if (state.slide !== current) {
      current = state.slide;
      showSlide(slides, current);
      for (const drawing of drawings.values()) drawing.clear(); // marks belong to the slide they were drawn on
    }
    const widget = slides[current].widget;
    if (widget && state.widget) {
      try {
        apply(widget, state.widget, drawings);
      } catch {
        // a state this page cannot show (another version's boards): the slide stays as it was
      }
    }
    fitSlide(main);
  };
  channel.postMessage({ kind: 'hello', v: VERSION });
  window.addEventListener('pagehide', () => channel.postMessage({ kind: 'bye', v: VERSION }));
}

// «Встроить» on a puzzle: a dialog that writes the snippet for another site (language, width, with or without
// the height-keeping script), measures the puzzle's height at that width so the snippet is right from its first
// paint, and copies it. The snippet's parts are explained on /{lang}/embedding/ (embedding.html).

import { copyText, make } from './dom.js';
import { t } from './i18n.js';
import { siteURL } from './site-root.js';

/** @typedef {{id: string | null, title: string, query?: string}} EmbedTarget  a puzzle (id), or a position
 *  on the free board (query: pos, dice, game, rules) */

const WIDTHS = ['100%', '640', '480', '360'];
const REFERENCE_WIDTH = 640; // a "column width" snippet is measured at a usual blog column
/** @type {Map<string, number>} heights measured in this visit, by embed address and width */
const measured = new Map();

/**
 * The snippet for another site.
 * @param {EmbedTarget & {lang: string, width: string, script: boolean, height: number}} choice
 * @returns {string}
 */
export function snippet({ id, title, query, lang, width, script, height }) {
  const escape = (/** @type {string} */ s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const size = width === '100%' ? 'width:100%' : `width:100%;max-width:${width}px`;
  if (script) {
    const what = id ? `puzzle="${id}"` : `board="${escape(query || '')}"`;
    return `<nardy-puzzle ${what} lang="${lang}" title="${escape(title)}" style="display:block;${size};height:${height}px"></nardy-puzzle>\n`
      + `<script src="${siteURL('static/js/nardy-embed.js')}" async></script>`;
  }
  return `<iframe src="${escape(embedAddress({ id, title, query }, lang))}" title="${escape(title)}" style="border:0;${size}" height="${height}" loading="lazy" data-nardy-embed></iframe>`;
}

/** The embed page of a target in a language, as an absolute address. @param {EmbedTarget} target @param {string} lang */
function embedAddress({ id, query }, lang) {
  const path = id ? `embed/${lang}/${id}.html` : `embed/${lang}/play.html${query ? `?${query}` : ''}`;
  return siteURL(path);
}

/** The puzzle's height in its embed page at `width` CSS pixels: loaded out of sight on this origin.
 * @param {string} src @param {number} width @returns {Promise<number | null>} */
function measure(src, width) {
  const key = `${src} ${width}`;
  const known = measured.get(key);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const frame = /** @type {HTMLIFrameElement} */ (make('iframe', { src, 'aria-hidden': 'true', tabindex: '-1', class: 'embed-measure' }));
    frame.style.width = `${width}px`;
    const done = (/** @type {number | null} */ height) => {
      window.removeEventListener('message', listener);
      clearTimeout(timer);
      frame.remove();
      if (height) measured.set(key, height);
      resolve(height);
    };
    /** @param {MessageEvent} event */
    const listener = (event) => {
      if (event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
      const data = event.data;
      // the first height once the puzzle can be played: its controls are in place by then
      if (data && data.type === 'nardy:ready') {
        const doc = frame.contentDocument;
        done(doc ? Math.ceil(doc.documentElement.getBoundingClientRect().height) : null);
      }
    };
    const timer = setTimeout(() => done(null), 20000);
    window.addEventListener('message', listener);
    document.body.append(frame);
  });
}

/** @type {HTMLDialogElement | null} */
let dialog = null;

/** Opens the panel for one puzzle. @param {EmbedTarget} target @param {HTMLElement} opener */
export function openEmbedPanel(target, opener) {
  if (dialog) dialog.remove();
  const lang = document.documentElement.lang === 'en' ? 'en' : 'ru';
  const panel = /** @type {HTMLDialogElement} */ (make('dialog', { class: 'embed-panel', 'aria-labelledby': 'embed-panel-title' }));
  dialog = panel;
  panel.append(make('h2', { id: 'embed-panel-title' }, t('embed.title')));
  panel.append(make('p', {}, t('embed.lead')));
  const form = make('form', { method: 'dialog', class: 'embed-options' });
  /** @param {string} name @param {string} label @param {[string, string][]} options @param {string} value */
  const select = (name, label, options, value) => {
    const wrap = make('label', {}, `${label} `);
    const el = /** @type {HTMLSelectElement} */ (make('select', { name }));
    for (const [v, text] of options) el.append(make('option', { value: v }, text));
    el.value = value;
    wrap.append(el);
    form.append(wrap);
    return el;
  };
  const language = select('lang', t('embed.language'), [['ru', 'Русский'], ['en', 'English']], lang);
  const width = select('width', t('embed.width'), WIDTHS.map((w) => [w, w === '100%' ? t('embed.width_column') : `${w} px`]), '100%');
  const kind = select('kind', t('embed.kind'), [['script', t('embed.kind_script')], ['iframe', t('embed.kind_iframe')]], 'script');
  panel.append(form);
  const code = /** @type {HTMLTextAreaElement} */ (make('textarea', { readonly: '', rows: '5', 'aria-label': t('embed.code'), spellcheck: 'false' }));
  panel.append(code);
  const status = make('p', { class: 'embed-status', role: 'status' });
  const buttons = make('p', { class: 'embed-buttons' });
  const copy = make('button', { type: 'button' }, t('embed.copy'));
  const close = make('button', { type: 'button', class: 'button-secondary' }, t('embed.close'));
  buttons.append(copy, close);
  const more = make('p');
  more.append(make('a', { href: siteURL(`${lang}/embedding/`) }, t('embed.how')));
  panel.append(buttons, status, more);

  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    const choice = { ...target, lang: language.value, width: width.value, script: kind.value === 'script' };
    const px = width.value === '100%' ? REFERENCE_WIDTH : Number(width.value);
    const src = embedAddress(target, choice.lang);
    const known = measured.get(`${src} ${px}`);
    code.value = snippet({ ...choice, height: known || Math.round(px * 1.1 + 300) });
    if (known) return;
    status.textContent = t('embed.measuring');
    const height = await measure(src, px);
    if (mine !== generation) return;
    if (height) code.value = snippet({ ...choice, height });
    status.textContent = height ? t('embed.measured', { height }) : '';
  };
  for (const el of [language, width, kind]) el.addEventListener('change', update);
  copy.addEventListener('click', async () => {
    status.textContent = t(await copyText(code.value, code) ? 'embed.copied' : 'embed.copy_by_hand');
  });
  close.addEventListener('click', () => panel.close());
  panel.addEventListener('close', () => {
    panel.remove();
    if (dialog === panel) dialog = null;
    opener.focus();
  });
  document.body.append(panel);
  panel.showModal();
  update();
}

// Small notices at the top of the page ("a new version is ready", "your saved progress was set aside"):
// one line of text, optional action buttons and a close button; one notice per kind at a time. They live
// outside <main>, so an in-page navigation keeps them.

import { t } from './i18n.js';

/** @typedef {{label: string, run: () => void}} NoticeAction */

/** @returns {HTMLElement} */
function container() {
  let box = /** @type {HTMLElement | null} */ (document.querySelector('[data-site-notices]'));
  if (!box) {
    box = document.createElement('div');
    box.className = 'site-notices';
    box.dataset.siteNotices = '';
    const skip = document.querySelector('.skip-link');
    if (skip) skip.after(box);
    else document.body.prepend(box);
  }
  return box;
}

/**
 * Shows (or replaces) the notice of one kind.
 * @param {string} kind  e.g. 'update', 'storage' (data-notice attribute, for styles and tests)
 * @param {string} text
 * @param {NoticeAction[]} [actions]
 * @returns {HTMLElement}
 */
export function showNotice(kind, text, actions = []) {
  hideNotice(kind);
  const notice = document.createElement('div');
  notice.className = 'site-notice';
  notice.dataset.notice = kind;
  notice.setAttribute('role', 'status');
  const message = document.createElement('p');
  message.textContent = text;
  notice.append(message);
  for (const action of actions) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = action.label;
    button.addEventListener('click', () => action.run());
    notice.append(button);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button-secondary';
  close.dataset.noticeClose = '';
  close.textContent = t('notice.close');
  close.addEventListener('click', () => notice.remove());
  notice.append(close);
  container().append(notice);
  return notice;
}

/** @param {string} kind */
export function hideNotice(kind) {
  for (const old of document.querySelectorAll(`[data-notice="${kind}"]`)) old.remove();
}

/** Offers `text` as a file download named `name`. */
/** @param {string} name @param {string} text @param {string} [type] */
export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

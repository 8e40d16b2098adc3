// The page side of progress.js that is not a puzzle: export and import buttons (course map) and the
// one-time notice when saved progress could not be read and was set aside.

import { t } from './i18n.js';
import { download, showNotice } from './notices.js';
import * as progress from './progress.js';

/** @param {HTMLElement | null} line @param {string} text @param {boolean} failed */
function say(line, text, failed) {
  if (!line) return;
  line.hidden = false;
  line.textContent = text;
  line.classList.toggle('is-error', failed);
}

/** @param {import('./progress.js').ImportError} code @param {Record<string, string | number>} params */
function importError(code, params) {
  switch (code) {
    case 'json': return t('progress.import_error.json');
    case 'newer': return t('progress.import_error.newer', params);
    case 'id': return t('progress.import_error.id', params);
    case 'entry': return t('progress.import_error.entry', params);
    case 'field': return t('progress.import_error.field', params);
    case 'size': return t('progress.import_error.size');
    default: return t('progress.import_error.shape');
  }
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

/** Export and import on the course map; safe to call on every page (does nothing without the buttons). */
export function bindProgressTools() {
  const line = /** @type {HTMLElement | null} */ (document.querySelector('[data-progress-message]'));
  const exporter = document.querySelector('[data-progress-export]');
  if (exporter) exporter.addEventListener('click', () => {
    download(`nardy-progress-${today()}.json`, progress.exportProgress());
    say(line, t('progress.exported'), false);
  });
  const importer = document.querySelector('[data-progress-import]');
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-progress-file]'));
  if (importer && input) {
    importer.addEventListener('click', () => input.click());
    input.addEventListener('change', async () => {
      const file = input.files && input.files[0];
      input.value = '';
      if (!file) return;
      let text;
      try {
        text = await file.text();
      } catch {
        say(line, t('progress.import_failed', { reason: t('progress.import_error.read') }), true);
        return;
      }
      const result = progress.importProgress(text);
      if (result.ok) say(line, t('progress.imported', { n: result.count }), false);
      else say(line, t('progress.import_failed', { reason: importError(result.error, result.params) }), true);
    });
  }
}

/** Tells the learner, once, that saved progress was set aside (and offers the copy as a file). */
export function showStorageNotice() {
  const notice = progress.takeNotice();
  document.documentElement.dataset.storageChecked = ''; // progress has been read on this page (for tests)
  if (!notice) return;
  const key = notice.key;
  const text = key ? progress.backupText(key) : null;
  const actions = text === null ? [] : [{
    label: t('storage.download'),
    run: () => download(`nardy-progress-backup-${today()}.json`, text),
  }];
  const message = notice.reason === 'newer' ? t('storage.newer') : notice.reason === 'unsaved' ? t('storage.unsaved') : t('storage.corrupt');
  showNotice('storage', message, actions);
}

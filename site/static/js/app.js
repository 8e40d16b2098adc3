// Page entry point: installs the UI catalog, starts the rules worker (once per visit), mounts the boards
// and puzzles of the page, shows progress, and keeps all of it across in-page navigation.
//
// What it imports statically is what a lesson's first tap waits for (builder/modules.py lists it for the
// browser to fetch at once). The rest (the free board, the replay, the lab, in-page navigation, the offline
// copy, the learner's progress and its file tools, the course map, a step's flight, the sounds, the settings)
// is imported once the page is set up, or where a page has it, and then that page preloads it
// (builder/pages.py): on a phone's HTTP/1.1 link every module costs a sixth of a round trip.

import { BoardWidget } from './board-widget.js';
import { reducedMotion } from './dom.js';
import { setCatalog, t } from './i18n.js';
import { PuzzleWidget } from './puzzle.js';
import { getRuntime, onStatus, retry } from './runtime.js';
import { siteURL } from './site-root.js';
import { Widget } from './widget.js';

/** @typedef {new (root: HTMLElement) => Widget} WidgetClass */

/** A widget whose modules are fetched only on a page that has one: once they are in, the real widget is mounted
 * on the same root (widgetAt finds it from then on) and it counts as mounted; it goes with this one. */
class LazyWidget extends Widget {
  /** @param {HTMLElement} root @param {() => Promise<WidgetClass>} load */
  constructor(root, load) {
    super(root);
    this.load = load;
  }

  attach() {
    const { root } = this;
    this.load().then((Kind) => {
      if (!this.mounted) return;
      const widget = new Kind(root);
      this.onUnmount(() => widget.unmount());
      widget.mount();
      root.dataset.mounted = 'true';
    }).catch((error) => {
      // offline before the module was ever fetched, or a broken widget: its static board stays readable
      root.dataset.widgetError = String(error instanceof Error ? error.message : error);
    });
  }
}

/** @param {() => Promise<WidgetClass>} load @returns {WidgetClass} */
function lazy(load) {
  return class extends LazyWidget {
    /** @param {HTMLElement} root */
    constructor(root) {
      super(root, load);
    }
  };
}

/** @type {Record<string, WidgetClass>} */
const WIDGETS = {
  board: BoardWidget,
  puzzle: PuzzleWidget,
  free: lazy(() => import('./free-board.js').then((module) => module.FreeBoard)),
  replay: lazy(() => import('./replay.js').then((module) => module.ReplayWidget)),
  lab: lazy(() => import('./lab/lab.js').then((module) => module.LabWidget)), // the code editor above all
};
/** @type {Record<string, import('./i18n.js').Catalog>} */
const catalogs = {};
/** @type {Widget[]} */
let mounted = [];

/** @param {string} selector @returns {HTMLElement[]} */
function all(selector) {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll(selector)]);
}

/** @param {string} lang */
async function loadCatalog(lang) {
  if (!catalogs[lang]) {
    // beside this module in the build's assets folder (builder/assets.py): the address the page preloads
    const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
    catalogs[lang] = await response.json();
  }
  setCatalog(catalogs[lang], lang);
}

/** @param {import('./runtime.js').Status} status */
function showRuntimeStatus(status) {
  document.documentElement.dataset.runtime = status.state; // for styles, tests and benches
  const line = /** @type {HTMLElement | null} */ (document.querySelector('[data-runtime-status]'));
  if (!line) return;
  line.replaceChildren();
  if (status.state === 'ready') {
    line.hidden = true;
    line.textContent = t('runtime.ready');
    return;
  }
  // While Python boots, boards answer from their books: the line speaks up only when a learner waits.
  line.hidden = status.state === 'loading' && !status.waiting;
  if (status.state === 'loading') {
    line.textContent = t('runtime.progress', { percent: Math.round(100 * (status.fraction || 0)) });
    return;
  }
  line.textContent = `${t(status.state === 'timeout' ? 'runtime.timeout' : 'runtime.failed')} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t('runtime.retry');
  button.addEventListener('click', () => retry());
  line.append(button);
}

/** Widgets that ask the rules worker (the lab runs a Python of its own and needs none). */
function hasWidgets() {
  return document.querySelector('[data-widget]:not([data-widget=lab])') !== null;
}

let generation = 0;

// Widgets are mounted one per task, in page order: the first board sends its question to Python at
// once instead of waiting for a dozen boards below it to be set up, and (nextMount) is playable before they are.
async function mountAll() {
  const mine = ++generation;
  for (const root of all('[data-widget]')) {
    if (mine !== generation) return; // the page was swapped meanwhile
    const Kind = WIDGETS[root.dataset.widget || ''];
    if (!Kind) continue;
    try {
      const widget = new Kind(root);
      mounted.push(widget); // first: a mount that fails half way is unmounted with the rest
      widget.mount();
      if (!(widget instanceof LazyWidget)) root.dataset.mounted = 'true'; // for presenter mode and the tests: its controls are in place
    } catch (error) {
      // a broken widget must not take the rest of the page down; its static board stays readable
      root.dataset.widgetError = String(error instanceof Error ? error.message : error);
    }
    await nextMount();
  }
}

/** The next widget waits for whatever else the page has to do: the board above it reading its answer book and
 * answering its first tap come first (Chrome's scheduler; elsewhere the next task). @returns {Promise<void>} */
function nextMount() {
  const scheduler = /** @type {{scheduler?: {postTask(task: () => void, options: {priority: string}): Promise<void>}}} */ (
    /** @type {unknown} */ (window)).scheduler;
  if (scheduler) return scheduler.postTask(() => {}, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function unmountAll() {
  generation += 1;
  for (const widget of mounted) widget.unmount();
  mounted = [];
}

async function showProgress() {
  const progress = await import('./progress.js');
  const cards = all('.lesson-card[data-lesson]');
  for (const card of cards) {
    const stats = progress.lessonStats(card.dataset.lesson || '');
    const total = Number(card.dataset.puzzles);
    const el = card.querySelector('[data-lesson-progress]');
    if (el) {
      // the stars earned of those the solved puzzles could earn: an average drawn as ★★★ hid the two-star ones
      const stars = t('course.stars_of', { stars: stats.stars, max: 3 * stats.solved });
      el.textContent = stats.solved ? `· ${t('course.solved', { solved: stats.solved, total })} · ${stars}` : '';
    }
    card.classList.toggle('is-complete', stats.solved >= total && total > 0);
  }
  if (cards.length) import('./course-map.js').then(({ showCourseMap }) => showCourseMap(cards)); // the course's page only
  const totals = progress.totals();
  const summary = /** @type {HTMLElement | null} */ (document.querySelector('[data-progress-total]'));
  if (summary && totals.solved) {
    const total = cards.length ? cards.reduce((sum, card) => sum + Number(card.dataset.puzzles), 0) : totals.solved;
    summary.hidden = false;
    summary.textContent = ` · ${t('course.solved', { solved: totals.solved, total })} · ${t('course.stars', { n: totals.stars })}`;
  }
  for (const item of all('[data-puzzle]')) {
    const state = item.querySelector('[data-puzzle-state]');
    const entry = progress.puzzle(item.dataset.puzzle || '');
    if (state) state.textContent = entry && entry.solved ? `✓ ${'★'.repeat(entry.stars)}` : '';
  }
}

function bindResets() {
  const everything = document.querySelector('[data-reset-all]');
  if (everything) everything.addEventListener('click', () => {
    if (window.confirm(t('progress.confirm_all'))) {
      import('./progress.js').then((progress) => {
        progress.resetAll();
        showProgress();
      });
    }
  });
  const lesson = /** @type {HTMLElement | null} */ (document.querySelector('[data-reset-lesson]'));
  if (lesson) lesson.addEventListener('click', () => {
    if (window.confirm(t('progress.confirm_lesson'))) {
      import('./progress.js').then((progress) => {
        progress.resetLesson(lesson.dataset.resetLesson || '');
        unmountAll();
        for (const mark of all('[data-solved-mark]')) mark.hidden = true;
        for (const box of all('[data-success]')) box.hidden = true;
        mountAll();
      });
    }
  });
}

/** The page for site owners shows code with this course's real address, known only here. */
function fillSiteAddress() {
  const root = siteURL();
  for (const el of all('[data-site-address]')) el.textContent = root;
  for (const el of all('[data-site-origin]')) el.textContent = new URL(root).origin;
}

let watchingRuntime = false;

function watchRuntime() {
  if (!hasWidgets()) return;
  if (!watchingRuntime) {
    watchingRuntime = true;
    onStatus(showRuntimeStatus); // one subscription per visit; it finds the current page's status line
  } else {
    showRuntimeStatus(getRuntime().status);
  }
}

/** ?present=N: the teacher's window in presenter mode, at slide N; ?present=audience: the window it opens. */
function presentParameter() {
  return new URL(window.location.href).searchParams.get('present');
}

/** @param {number} slide from 0 */
async function present(slide) {
  const { startPresenter } = await import('./present/presenter.js'); // only when asked: not on a learner's path
  await startPresenter(slide);
}

async function setupPresenting() {
  for (const start of all('[data-present-start]')) start.hidden = false;
  for (const button of all('[data-present]')) {
    button.addEventListener('click', () => {
      // asked in the click itself: a browser grants full screen to a gesture only
      document.documentElement.requestFullscreen?.().catch(() => {});
      present(0);
    });
  }
  const wanted = presentParameter();
  // The presenter's modules are fetched only for a show that runs or is asked for: on a learner's first
  // visit they would take the phone's main thread while the first puzzle is being set up.
  if (wanted === null && !document.documentElement.classList.contains('presenting')) return;
  const { presenter } = await import('./present/presenter.js');
  const running = presenter();
  const slide = Math.max(0, (Number.parseInt(wanted || '', 10) || 1) - 1); // back to a slide: its history entry says which
  if (running) running.rebuild(slide); // in-page navigation: the show goes on, or ends on a page with no slides
  else if (wanted !== null) present(slide);
}

async function setupPage() {
  document.documentElement.classList.add('js');
  document.documentElement.classList.remove('worksheet-mode'); // back from a worksheet by in-page navigation
  if (new URL(window.location.href).searchParams.has('print')) {
    // a worksheet: the boards as the build drew them, so nothing is mounted and no Python is needed
    await loadCatalog(document.documentElement.dataset.lang || 'ru');
    const { startWorksheet } = await import('./print/worksheet.js');
    await startWorksheet();
    return;
  }
  if (presentParameter() === 'audience') {
    // the projector's copy of the presenter's slide: it runs no Python and mounts nothing
    await loadCatalog(document.documentElement.dataset.lang || 'ru');
    const { startAudience } = await import('./present/audience.js');
    await startAudience();
    return;
  }
  if (hasWidgets()) getRuntime(); // Python starts booting first: everything else overlaps with it
  await loadCatalog(document.documentElement.dataset.lang || 'ru');
  watchRuntime();
  mountAll();
  bindResets(); // before anything reads progress: resetting must work whatever storage holds
  showProgress();
  fillSiteAddress();
  if (document.querySelector('[data-review]')) import('./review-page.js').then(({ showReview }) => showReview());
  const settings = /** @type {HTMLElement | null} */ (document.querySelector('[data-settings]'));
  if (settings) import('./settings.js').then(({ showSettings }) => showSettings(settings));
  const offlinePage = /** @type {HTMLElement | null} */ (document.querySelector('[data-offline-page]'));
  if (offlinePage) import('./offline-page.js').then(({ showOfflinePage }) => showOfflinePage(offlinePage));
  if (document.querySelector('[data-present-start]') || presentParameter() !== null || document.documentElement.classList.contains('presenting')) setupPresenting();
  import('./progress-tools.js').then(({ bindProgressTools, showStorageNotice }) => {
    bindProgressTools();
    for (const el of all('[data-progress-tools]')) el.hidden = false; // shown once they work
    showStorageNotice();
  });
}

// A presentation clicker sends PageDown/PageUp: step through the boards and puzzles of a lesson.
function bindClicker() {
  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!['PageDown', 'PageUp'].includes(event.key) || (target && target.closest('input, textarea, select'))) return;
    if (document.documentElement.classList.contains('presenting')) return; // presenter mode has its own keys
    const widgets = all('main [data-widget]');
    if (!widgets.length) return;
    const middle = window.innerHeight / 3;
    const current = widgets.findIndex((w) => w.getBoundingClientRect().top > middle + 1);
    const index = event.key === 'PageDown' ? (current === -1 ? widgets.length - 1 : current)
      : Math.max(0, (current === -1 ? widgets.length : current) - 2);
    event.preventDefault();
    widgets[index].scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
    const focusable = /** @type {SVGElement | null} */ (widgets[index].querySelector('[data-point][tabindex="0"]'));
    if (focusable) focusable.focus({ preventScroll: true });
  });
}

async function main() {
  performance.mark('nardy:app-start');
  const page = setupPage(); // Python starts booting at once, before anything below
  bindClicker();
  await page;
  window.addEventListener('nardy-progress', showProgress);
  import('./preferences.js').then(({ followOtherTabs }) => followOtherTabs());
  import('./sounds.js').then(({ listenForSounds }) => listenForSounds());
  import('./game-menu.js').then(({ listenForGameMenu }) => listenForGameMenu());
  const [offline, navigation] = await Promise.all([import('./offline.js'), import('./navigation.js')]);
  offline.registerOfflineSupport(page);
  // a module asked for later (a dialog, the editor, the presenter) that cannot be fetched: a TypeError in
  // every browser; after a redeploy it is gone with this page's build, and the page offers the new one
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof TypeError) offline.checkDeployedBuild();
  });
  navigation.setupNavigation(async (phase) => {
    if (phase === 'before') unmountAll();
    else {
      await setupPage();
      navigation.prefetchNext();
      offline.checkForUpdate();
    }
  });
  navigation.prefetchNext();
}

main();

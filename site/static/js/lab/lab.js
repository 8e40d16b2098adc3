// The Python lab's page: an editor with the examples, Run / Stop and a time limit, the output (stdout,
// stderr, tracebacks that point into the editor, tables, a progress bar) and a board that shows what a
// program passes to `show(...)`. The code is kept in this browser per example and can be shared as a link
// with the code in the fragment. Python runs in lab-worker.js (lab-client.js), never in the boards' worker.

import { siteURL } from '../site-root.js';
import { BoardView } from '../board/view.js';
import { resultText, sideName } from '../feedback.js';
import { t } from '../i18n.js';
import { createEditor } from './editor.js';
import { LabClient } from './lab-client.js';
import { decodeShared, encodeShared, readStored, writeStored } from './lab-store.js';
import { Widget } from '../widget.js';

/** @typedef {{slug: string, title: string, description: string}} Example */
/** @typedef {{kind: 'lab', paths: import('./lab-client.js').LabPaths, examples: Example[]}} LabConfig */

const MAX_LINES = 5000; // an endless print loop must not grow the page without end

/** A payload from nardy_lab as an object, or null: a program may send anything through the bridge. @param {string} text @returns {any} */
function parsed(text) {
  try {
    const data = JSON.parse(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

export class LabWidget extends Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    super(root);
    /** @type {LabConfig} */
    this.config = JSON.parse(root.dataset.config || '{}');
    const site = siteURL();
    const paths = this.config.paths;
    /** @type {import('./lab-client.js').LabPaths} */
    const absolute = {
      indexURL: new URL(paths.indexURL, site).href,
      stdLibURL: new URL(paths.stdLibURL, site).href,
      lockFileURL: new URL(paths.lockFileURL, site).href,
      packageBaseURL: new URL(paths.packageBaseURL, site).href,
    };
    this.examples = this.config.examples;
    this.select = /** @type {HTMLSelectElement} */ (this.part('[data-example]'));
    this.description = this.part('[data-description]');
    this.status = this.part('[data-lab-status]');
    this.output = this.part('[data-output]');
    this.progressBar = /** @type {HTMLProgressElement} */ (this.part('[data-progress]'));
    this.limit = /** @type {HTMLSelectElement} */ (this.part('[data-limit]'));
    this.caption = this.part('[data-board-caption]');
    this.runButton = /** @type {HTMLButtonElement} */ (this.part('[data-action="run"]'));
    this.stopButton = /** @type {HTMLButtonElement} */ (this.part('[data-action="stop"]'));
    /** @type {Record<string, BoardView>} */
    this.views = {};
    for (const frame of root.querySelectorAll('[data-board-for]')) {
      const game = /** @type {HTMLElement} */ (frame).dataset.boardFor || '';
      this.views[game] = new BoardView(/** @type {SVGSVGElement} */ (frame.querySelector('svg')));
    }
    /** each board as the page drew it: a new run starts from it, not from the last program's position */
    this.startModels = Object.fromEntries(Object.entries(this.views).map(([game, view]) => [game, view.model]));
    this.defaultGame = Object.keys(this.views).find((game) => !/** @type {HTMLElement} */ (root.querySelector(`[data-board-for="${game}"]`)).hidden) || '';
    this.lines = 0;
    this.revealOutput = false;
    this.slug = this.startingExample();
    const shared = decodeShared(window.location.hash);
    this.part('[data-static-code]').hidden = true;
    this.editor = createEditor(this.part('[data-editor]'), {
      doc: shared ?? readStored(this.slug) ?? this.original(this.slug),
      label: t('lab.editor_label'),
      onRun: () => this.run(),
      onChange: (doc) => writeStored(this.slug, doc, this.original(this.slug)),
    });
    /** a verdict or notice that outlives the next "loading"/"ready" report (a restart after Stop, the boot) */
    this.sticky = false;
    /** @type {{key: string, params: Record<string, string>} | null} what to say once Python is back after Stop or a time limit */
    this.restarting = null;
    if (shared !== null) this.say(t('lab.shared_loaded'), true);
    this.select.value = this.slug;
    this.describe();
    this.part('[data-controls]').hidden = false;
    this.client = new LabClient(absolute, {
      state: (state, detail) => this.onState(state, detail),
      output: (stream, text) => this.print(stream, text),
      show: (payload) => this.show(payload),
      table: (payload) => this.table(payload),
      progress: (done, total, label) => this.progress(done, total, label),
      finished: (result) => this.finished(result),
    });
  }

  attach() {
    this.on(this.select, 'change', () => this.choose(this.select.value));
    this.on(this.runButton, 'click', () => this.run());
    this.on(this.stopButton, 'click', () => this.client.stop());
    this.on(this.part('[data-action="reset"]'), 'click', () => this.reset());
    this.on(this.part('[data-action="share"]'), 'click', () => this.share());
    this.on(this.part('[data-action="clear"]'), 'click', () => this.clearOutput());
    this.onUnmount(() => {
      this.client.destroy();
      this.editor.destroy();
      for (const view of Object.values(this.views)) view.destroy();
    });
  }

  /** @param {string} selector @returns {HTMLElement} */
  part(selector) {
    const el = this.root.querySelector(selector);
    if (!el) throw new Error(`lab: ${selector} missing`);
    return /** @type {HTMLElement} */ (el);
  }

  /** The example of `?example=`, else the first. */
  startingExample() {
    const asked = new URLSearchParams(window.location.search).get('example');
    return this.examples.some((example) => example.slug === asked) ? /** @type {string} */ (asked) : this.examples[0].slug;
  }

  /** The example's code as the site ships it. @param {string} slug */
  original(slug) {
    const template = this.root.querySelector(`template[data-example-code="${CSS.escape(slug)}"]`);
    return template instanceof HTMLTemplateElement ? (template.content.textContent || "").replace(/^\n/, "") : "";
  }

  /** @param {string} slug */
  choose(slug) {
    if (!this.examples.some((example) => example.slug === slug)) return;
    this.slug = slug;
    this.editor.setDoc(readStored(slug) ?? this.original(slug));
    this.editor.markLine(null);
    this.describe();
    const url = new URL(window.location.href);
    url.searchParams.set('example', slug);
    url.hash = '';
    history.replaceState(history.state, '', url);
  }

  describe() {
    const example = this.examples.find((entry) => entry.slug === this.slug);
    this.description.textContent = example ? example.description : '';
  }

  reset() {
    this.editor.setDoc(this.original(this.slug));
    writeStored(this.slug, this.original(this.slug), this.original(this.slug));
    this.editor.markLine(null);
    this.say(t('lab.reset_done'));
  }

  async share() {
    const url = new URL(window.location.href);
    url.searchParams.set('example', this.slug);
    url.hash = encodeShared(this.editor.getDoc());
    history.replaceState(history.state, '', url);
    try {
      await navigator.clipboard.writeText(url.href);
      this.say(t('lab.link_copied'));
    } catch {
      this.say(t('lab.link_in_address_bar')); // no clipboard (permission, insecure origin): the address has it
    }
  }

  /** @param {string} text @param {boolean} [sticky] */
  say(text, sticky = false) {
    this.status.textContent = text;
    this.sticky = sticky;
  }

  /** @param {import('./lab-client.js').LabState} state @param {string} [detail] */
  onState(state, detail) {
    this.root.dataset.lab = state; // for styles and tests
    this.runButton.disabled = state !== 'ready';
    this.stopButton.disabled = state !== 'running';
    if (state === 'failed') this.say(t('lab.failed', { detail: detail || '' }));
    else if (this.restarting && state === 'ready') {
      // Python is back after Stop or a time limit: only now may the learner run again
      this.say(t(this.restarting.key, this.restarting.params), true);
      this.restarting = null;
      this.sticky = false;
    } else if (this.sticky) this.sticky = state !== 'ready';
    else if (state === 'loading') this.say(t('lab.loading'));
    else if (state === 'ready') this.say(t('lab.ready'));
  }

  run() {
    delete this.root.dataset.result;
    this.clearOutput();
    this.clearBoard();
    this.revealOutput = true;
    this.editor.markLine(null);
    const limit = Number(this.limit.value) || 30;
    if (this.client.run(this.editor.getDoc(), limit)) this.say(t('lab.running'));
    else this.say(t('lab.not_ready'));
  }

  clearBoard() {
    for (const [game, view] of Object.entries(this.views)) {
      view.setModel(this.startModels[game], { animate: false });
      /** @type {HTMLElement} */ (this.root.querySelector(`[data-board-for="${game}"]`)).hidden = game !== this.defaultGame;
    }
    this.caption.textContent = t('lab.board_empty');
  }

  clearOutput() {
    this.output.replaceChildren();
    this.lines = 0;
    this.progressBar.hidden = true;
  }

  /** @param {HTMLElement} el */
  append(el) {
    if (this.lines === MAX_LINES) {
      const note = document.createElement('p');
      note.className = 'lab-note';
      note.textContent = t('lab.output_cut', { n: MAX_LINES });
      this.output.append(note);
    }
    this.lines += 1;
    if (this.lines > MAX_LINES) return;
    this.output.append(el);
    this.output.scrollTop = this.output.scrollHeight;
    if (this.revealOutput) {
      // the run's first words: the output's heading brought up to the top when it is below the screen (at
      // 1280×720 it was, under the editor), so what the program prints is read as it comes
      this.revealOutput = false;
      const head = this.part('.lab-output-head');
      if (head.getBoundingClientRect().bottom > window.innerHeight) head.scrollIntoView({ block: 'start', behavior: 'auto' });
    }
  }

  /** @param {'stdout' | 'stderr'} stream @param {string} text */
  print(stream, text) {
    const line = document.createElement('div');
    line.className = `lab-${stream}`;
    line.textContent = text || '\u00a0';
    this.append(line);
  }

  /** @param {string} payload */
  show(payload) {
    const data = parsed(payload);
    if (!data || !data.model || typeof data.model !== 'object') return;
    const game = String(data.model.game);
    if (!Object.hasOwn(this.views, game)) return; // a model of a game this page has no board for
    for (const frame of this.root.querySelectorAll('[data-board-for]')) {
      /** @type {HTMLElement} */ (frame).hidden = /** @type {HTMLElement} */ (frame).dataset.boardFor !== game;
    }
    // a finished game has no side to move: its caption gives the result
    const over = data.result && typeof data.result === 'object';
    this.views[game].setModel(over ? { ...data.model, to_move: null, dice: [] } : data.model);
    this.caption.textContent = this.captionOf(data);
  }

  /** A frame's caption: a game's turn or result in the page's words, else the program's caption or the notation. @param {any} data */
  captionOf(data) {
    const turn = data.turn;
    if (turn && typeof turn === 'object' && (turn.side === 'white' || turn.side === 'black')) {
      const words = { n: Number(turn.number) || 0, side: sideName(turn.side), dice: String(turn.dice || '') };
      return turn.play ? t('lab.turn', { ...words, play: String(turn.play) }) : t('lab.turn_pass', words);
    }
    const result = data.result;
    if (result && typeof result === 'object' && typeof result.kind === 'string' && Number.isFinite(result.points)) {
      const winner = result.winner === 'white' || result.winner === 'black' ? result.winner : null;
      return t('play.game_over', { result: resultText({ winner, kind: result.kind, points: result.points }) });
    }
    return typeof data.caption === 'string' && data.caption ? data.caption : String(data.notation || '');
  }

  /** @param {string} payload */
  table(payload) {
    const data = parsed(payload);
    if (!data || !Array.isArray(data.rows)) return;
    const table = document.createElement('table');
    table.className = 'lab-table';
    /** @param {HTMLElement} parent @param {unknown[]} cells @param {'td' | 'th'} tag */
    const row = (parent, cells, tag) => {
      const tr = document.createElement('tr');
      for (const cell of cells) {
        const el = document.createElement(tag);
        el.textContent = String(cell);
        if (tag === 'th') el.scope = 'col';
        tr.append(el);
      }
      parent.append(tr);
    };
    if (Array.isArray(data.headers)) row(table.createTHead(), data.headers, 'th');
    const body = table.createTBody();
    for (const cells of data.rows) if (Array.isArray(cells)) row(body, cells, 'td');
    const wrap = document.createElement('div');
    wrap.className = 'lab-table-wrap';
    wrap.append(table);
    this.append(wrap);
  }

  /** @param {number} done @param {number} total @param {string} label */
  progress(done, total, label) {
    this.progressBar.hidden = false;
    this.progressBar.max = Math.max(1, total);
    this.progressBar.value = Math.min(done, total);
    this.progressBar.textContent = `${done} / ${total}`;
    this.progressBar.setAttribute('aria-label', label || t('lab.progress'));
  }

  /** @param {{ok: boolean, reason: string, traceback?: string, line?: number | null, seconds: number}} result */
  finished(result) {
    const seconds = Math.max(0.1, result.seconds).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 });
    this.root.dataset.result = result.reason; // for tests
    if (result.reason === 'done') this.say(t(result.seconds < 0.1 ? 'lab.done_fast' : 'lab.done', { seconds }), true);
    else if (result.reason === 'stopped' || result.reason === 'timeout') {
      // a stopped Python is started afresh: "you can run again" waits until it is (onState)
      const params = { seconds: this.limit.value };
      this.say(t(`lab.${result.reason}_restarting`, params), true);
      this.restarting = { key: `lab.${result.reason}`, params };
    }
    else {
      const error = document.createElement('pre');
      error.className = 'lab-error';
      error.textContent = result.traceback || '';
      this.append(error);
      if (typeof result.line === 'number') {
        const line = result.line;
        const goTo = document.createElement('button');
        goTo.type = 'button';
        goTo.className = 'lab-goto';
        goTo.textContent = t('lab.goto_line', { line });
        goTo.addEventListener('click', () => {
          this.editor.markLine(line);
          this.editor.focus();
        });
        this.append(goTo);
        this.editor.markLine(line);
        this.say(t('lab.error_at', { line: result.line }), true);
      } else this.say(t('lab.error'), true);
    }
  }
}

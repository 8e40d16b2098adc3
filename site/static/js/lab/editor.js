// The Python lab's code editor: CodeMirror 6, vendored by the build (builder/editor_vendor.py) as plain ES
// modules under static/vendor/codemirror/, so the page needs no import map and no bundler.
//
// The editor lives in a shadow root of its own. CodeMirror's style-mod puts its base theme into a <style>
// element when the root is a document, which the pages' CSP (style-src 'self') blocks; in a shadow root it
// uses a constructed stylesheet (adoptedStyleSheets) instead, which no CSP blocks, and no nonce is needed
// (a static site cannot give one). The token colours and the marks are in static/css/lab.css, linked
// into that shadow root: classHighlighter gives tokens classes (tok-keyword, …), not inline styles.

import { EditorState, Prec, StateEffect, StateField } from '../../vendor/codemirror/codemirror-state/index.js';
import {
  Decoration, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers,
} from '../../vendor/codemirror/codemirror-view/index.js';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '../../vendor/codemirror/codemirror-language/index.js';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '../../vendor/codemirror/codemirror-commands/index.js';
import { python } from '../../vendor/codemirror/codemirror-lang-python/index.js';
import { classHighlighter } from '../../vendor/codemirror/lezer-highlight/index.js';

/**
 * @typedef {object} EditorOptions
 * @property {string} [doc] the code the editor starts with
 * @property {string} label the accessible name of the text area (aria-label)
 * @property {() => void} [onRun] Ctrl-Enter (Cmd-Enter on a Mac)
 * @property {(doc: string) => void} [onChange] after every change of the text, setDoc's too
 */
/**
 * @typedef {object} Editor
 * @property {() => string} getDoc
 * @property {(text: string) => void} setDoc replaces the text as one undoable change, and clears the mark
 * @property {() => void} focus
 * @property {(line: number | null) => void} markLine marks a line (1-based) and scrolls it into view; null,
 *   or a line the text does not have, clears the mark
 * @property {() => void} destroy
 */

export const HOST_CLASS = 'lab-editor';
export const MARKED_LINE_CLASS = 'cm-lab-marked';
const STYLESHEET = new URL('../../css/lab.css', import.meta.url).href;

/** @type {import('../../vendor/codemirror/codemirror-state/index.js').StateEffectType<number | null>} */
const setMark = StateEffect.define();
const markedLine = Decoration.line({ class: MARKED_LINE_CLASS });

const marks = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    let next = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(setMark)) {
        next = effect.value === null ? Decoration.none : Decoration.set([markedLine.range(tr.state.doc.line(effect.value).from)]);
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * A Python editor appended to `parent`.
 * @param {HTMLElement} parent
 * @param {EditorOptions} options
 * @returns {Editor}
 */
export function createEditor(parent, { doc = '', label, onRun, onChange }) {
  const host = document.createElement('div');
  host.className = HOST_CLASS;
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = STYLESHEET;
  shadow.append(sheet);
  parent.append(host);

  const run = () => {
    if (onRun) onRun();
    return true;
  };
  const state = EditorState.create({
    doc,
    extensions: [
      // above defaultKeymap, whose Mod-Enter inserts a blank line
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run, preventDefault: true }])),
      lineNumbers(),
      EditorView.lineWrapping, // a long comment stays readable on a phone, with no sideways scrolling
      highlightActiveLineGutter(),
      highlightActiveLine(),
      history(),
      indentOnInput(),
      bracketMatching(),
      python(),
      syntaxHighlighting(classHighlighter),
      indentUnit.of('    '),
      EditorState.tabSize.of(4),
      // Tab indents; CodeMirror's Escape-then-Tab still moves the focus on, so a keyboard is never trapped
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      // tabindex: the text is focusable anyway (contenteditable); axe counts only a tabindex as keyboard access
      // to the scrolling box around it
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && onChange) onChange(update.state.doc.toString());
      }),
      marks,
    ],
  });
  const view = new EditorView({ state, parent: shadow, root: shadow });
  // the stylesheet (line height, font) may arrive after CodeMirror measured its lines: measure again, or the
  // gutter's numbers drift away from their lines
  sheet.addEventListener('load', () => view.requestMeasure());

  return {
    getDoc: () => view.state.doc.toString(),
    setDoc(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, effects: setMark.of(null) });
    },
    focus: () => view.focus(),
    markLine(line) {
      const { doc: text } = view.state;
      if (line === null || !Number.isInteger(line) || line < 1 || line > text.lines) {
        view.dispatch({ effects: setMark.of(null) });
        return;
      }
      const from = text.line(line).from;
      view.dispatch({ effects: [setMark.of(line), EditorView.scrollIntoView(from, { y: 'center' })] });
    },
    destroy() {
      view.destroy();
      host.remove();
    },
  };
}

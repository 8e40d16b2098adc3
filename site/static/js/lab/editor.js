// (provisional: a textarea until the CodeMirror branch lands)
/** @param {HTMLElement} parent @param {{doc: string, label: string, onRun: () => void, onChange: (doc: string) => void}} options */
export function createEditor(parent, { doc, label, onRun, onChange }) {
  const area = document.createElement('textarea');
  area.value = doc;
  area.setAttribute('aria-label', label);
  area.rows = 20;
  area.addEventListener('input', () => onChange(area.value));
  area.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onRun();
  });
  parent.append(area);
  return {
    getDoc: () => area.value,
    /** @param {string} text */
    setDoc: (text) => { area.value = text; },
    focus: () => area.focus(),
    /** @param {number | null} line */
    markLine: (line) => { area.dataset.line = String(line); },
    destroy: () => area.remove(),
  };
}

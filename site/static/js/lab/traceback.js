// What a learner sees of a Python error: the traceback from their own program's first frame on (Pyodide's
// frames above it say nothing to a learner) and the line of their program to point at.

/** The name a learner's program runs under, as tracebacks show it. */
export const PROGRAM = 'main.py';

// a frame of the program; a syntax error's report has the same line, without ", in <function>"
const FRAME = /^ {2}File "main\.py", line (\d+)/;

/**
 * @param {string} text a Python traceback as Pyodide reports it
 * @returns {{traceback: string, line: number | null}}
 */
export function learnerTraceback(text) {
  const lines = text.replace(/\n+$/, '').split('\n');
  let line = null;
  for (const entry of lines) {
    const match = FRAME.exec(entry);
    if (match) line = Number(match[1]);
  }
  const first = lines.findIndex((entry) => FRAME.test(entry));
  if (first < 0) return { traceback: lines.slice(-1).join('\n'), line };
  return { traceback: [lines[0], ...lines.slice(first)].join('\n'), line };
}

// The build's Python 3.14 compiler: builder/bytecode.py runs it as `node bytecode.mjs <pyodide dir> <in.zip>
// <out.zip>`. It boots the vendored Pyodide (the same Python the browser runs, so the bytecode is the one
// that Python reads) and writes in.zip's Python files as bytecode: see bytecode.py for why and how.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [pyodideDir, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
// no column tables in the code objects (the tracebacks nobody sees lose their carets): a sixth of the size
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONNODEBUGRANGES: '1' }, stdout: () => {} });
pyodide.FS.writeFile('/tmp/in.zip', readFileSync(input));
pyodide.globals.set('COMPILE', readFileSync(new URL('./bytecode_compile.py', import.meta.url), 'utf8'));
pyodide.runPython("exec(COMPILE, {'__name__': 'compile'})");
writeFileSync(output, pyodide.FS.readFile('/tmp/out.zip'));

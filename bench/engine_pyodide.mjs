// bench/engine.py's Pyodide section: `node engine_pyodide.mjs <pyodide dir> <project dir> <queries.json>`
// boots the vendored Pyodide (the Python the site's worker runs), copies nardy_core into it with its weights
// (the site's wheel holds stand-ins, fetched when first asked: this measures the engine as a page runs it then),
// and prints, as JSON, each query's hint time at 0 and 1 ply (best of three) and the first one's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pyodideDir, projectDir, queriesFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {} });

/** @param {string} from @param {string} to */
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === '__pycache__') continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyTree(path, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
copyTree(join(projectDir, 'nardy_core'), '/home/pyodide/bench/nardy_core');
pyodide.globals.set('QUERIES', readFileSync(queriesFile, 'utf8'));
const result = pyodide.runPython(`
import json, sys, time
sys.path.insert(0, '/home/pyodide/bench')
from nardy_core import api
timings = []
for query in json.loads(QUERIES):
    row = {}
    for plies in (0, 1):
        spent = []
        for _ in range(3):
            started = time.perf_counter()
            answer = json.loads(api.handle('hint', json.dumps({**query, 'plies': plies})))
            spent.append(time.perf_counter() - started)
        if 'error' in answer:
            raise SystemExit(f"refused: {answer['error']}")
        row[plies] = {'first': spent[0], 'best': min(spent), 'plays': len(answer['plays'])}
    timings.append(row)
json.dumps(timings)
`);
process.stdout.write(result);

// The code of each JavaScript file named on the command line with its comments removed, as JSON by path:
// the vendored CodeMirror's doc comments link to their authors' sites, and only what runs must name no host.
// TypeScript's own parser and printer (a devDependency) tell a comment from a string or a regular expression.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const printer = ts.createPrinter({ removeComments: true });
/** @type {Record<string, string>} */
const code = {};
for (const path of process.argv.slice(2)) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  code[path] = printer.printFile(file);
}
process.stdout.write(JSON.stringify(code));

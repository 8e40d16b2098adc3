// The build's side of site/static/js/board/text.js: reads {catalogs, geometry, boards: [{lang, model, view}]}
// as JSON on stdin and writes the texts of every board (describeBoard) as a JSON list on stdout.
// builder/board_text.py runs it once per build, so the SVG's names are the live board's names. Its argument is
// the site's static folder the build loaded (site/static/ unless the build was told another site).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = process.argv[2];
const { makeTranslator } = await import(pathToFileURL(join(folder, 'js', 'i18n.js')).href);
const { describeBoard } = await import(pathToFileURL(join(folder, 'js', 'board', 'text.js')).href);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { catalogs, geometry, boards } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const translators = Object.fromEntries(Object.entries(catalogs).map(([lang, messages]) => [lang, makeTranslator(messages, lang)]));
const texts = boards.map(({ lang, model, view }) => describeBoard(translators[lang], model, view, geometry));
process.stdout.write(JSON.stringify(texts));

// The build's side of site/static/js/board/text.js: reads {catalogs, geometry, boards: [{lang, model, view}]}
// as JSON on stdin and writes the texts of every board (describeBoard) as a JSON list on stdout.
// builder/board_text.py runs it once per build, so the SVG's names are the live board's names.
import { makeTranslator } from '../site/static/js/i18n.js';
import { describeBoard } from '../site/static/js/board/text.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { catalogs, geometry, boards } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const translators = Object.fromEntries(Object.entries(catalogs).map(([lang, messages]) => [lang, makeTranslator(messages, lang)]));
const texts = boards.map(({ lang, model, view }) => describeBoard(translators[lang], model, view, geometry));
process.stdout.write(JSON.stringify(texts));

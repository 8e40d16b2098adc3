"""builder/i18n.py (templates) and site/static/js/i18n.js (the page) give every string the same way.

The page's JavaScript chooses plurals with the browser's CLDR data (Intl.PluralRules); the builder has the
same CLDR rules for ru and en in Python. Both are run here over every catalog key with generated
parameters, and over the plural categories of 0..2000, under node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from builder.i18n import load_catalog, placeholders, plural_category

PROJECT = Path(__file__).resolve().parents[2]
NODE_SCRIPT = """
import { makeTranslator } from './site/static/js/i18n.js';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { catalogs, calls, counts } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const out = { texts: {}, plurals: {} };
for (const [lang, messages] of Object.entries(catalogs)) {
  const t = makeTranslator(messages, lang);
  out.texts[lang] = calls.map(([key, params]) => t(key, params));
  const rules = new Intl.PluralRules(lang);
  out.plurals[lang] = counts.map((n) => rules.select(n));
}
process.stdout.write(JSON.stringify(out));
"""


def test_every_catalog_key_and_plural_is_the_same_in_python_and_javascript(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed: the build and the page share board/text.js and i18n.js")
    catalogs = {lang: load_catalog(PROJECT / "site" / "i18n", lang) for lang in ("ru", "en")}
    calls = []
    for key in sorted(catalogs["ru"].keys()):
        names = placeholders(catalogs["ru"].messages[key])
        for n in (1, 2, 5, 11, 21, 104):
            calls.append([key, {name: (n if name == "n" else f"<{name}>") for name in names | {"n"}}])
    counts = list(range(2001))
    script = tmp_path / "parity.mjs"
    script.write_text(NODE_SCRIPT.replace("./site/", (PROJECT / "site").as_uri() + "/"), encoding="utf-8")
    payload = json.dumps({"catalogs": {k: dict(v.messages) for k, v in catalogs.items()}, "calls": calls, "counts": counts})
    done = subprocess.run([node, str(script)], input=payload, capture_output=True, text=True, timeout=120, check=True)
    answer = json.loads(done.stdout)
    for lang, catalog in catalogs.items():
        assert answer["plurals"][lang] == [plural_category(lang, n) for n in counts], lang
        python = [catalog.t(key, **params) for key, params in calls]
        assert answer["texts"][lang] == python, lang

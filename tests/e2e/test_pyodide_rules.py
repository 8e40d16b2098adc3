"""nardy_core runs unchanged in the browser's Python (Pyodide, Python 3.14): every worked rules case gives
the same outcome set there as in CPython."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from builder.serve import served

from ..core.conftest import CASES_FILE

SCRIPT = """
import json, sys
from nardy_core import api
cases = json.loads(CASES)
report = {"python": sys.version.split()[0], "checked": 0, "mismatches": []}
for case in cases:
    if not case.get("dice"):
        continue
    query = {"white": case["white"], "black": case["black"], "mover": case["mover"].lower(),
             "dice": case["dice"], "first_turn": case["first_turn"], "rules": case.get("rules") or {}}
    outcomes = api.turns(query)["outcomes"]
    report["checked"] += 1
    report.setdefault("results", {})[case["id"]] = sorted(json.dumps(o[case["mover"].lower()], sort_keys=True) for o in outcomes)
json.dumps(report)
"""

PAGE = """<!doctype html><meta charset=utf-8><title>selftest</title><link rel=icon href="data:,">
<script type=module>
const { loadPyodide } = await import('./pyodide/%s/pyodide.mjs');
const pyodide = await loadPyodide({ indexURL: './pyodide/%s/' });
const wheel = new Uint8Array(await (await fetch('./%s')).arrayBuffer());
pyodide.unpackArchive(wheel, 'wheel', { extractDir: pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))") });
window.selftest = (cases, script) => { pyodide.globals.set('CASES', cases); return pyodide.runPython(script); };
document.title = 'ready';
</script>"""


def test_rules_cases_give_the_same_outcomes_in_pyodide(page: Page, built_site: Path, tmp_path: Path) -> None:
    from builder.vendor import PYODIDE_VERSION
    from nardy_core import api

    wheel = next((built_site / "py").glob("nardy_core-*.whl")).relative_to(built_site).as_posix()
    for name in ("pyodide", "py"):
        (tmp_path / name).symlink_to(built_site / name)
    (tmp_path / "selftest.html").write_text(PAGE % (PYODIDE_VERSION, PYODIDE_VERSION, wheel), encoding="utf-8")
    with served(tmp_path) as base:
        page.goto(base + "selftest.html")
        page.wait_for_function("document.title === 'ready'", timeout=120_000)
        cases_text = CASES_FILE.read_text(encoding="utf-8")
        report = json.loads(page.evaluate("([c, s]) => window.selftest(JSON.stringify(JSON.parse(c).cases), s)", [cases_text, SCRIPT]))
    assert report["python"].startswith("3.14")
    cases = json.loads(cases_text)["cases"]
    expected = {}
    for case in cases:
        if not case.get("dice"):
            continue
        mover = case["mover"].lower()
        query = {"white": case["white"], "black": case["black"], "mover": mover, "dice": case["dice"],
                 "first_turn": case["first_turn"], "rules": case.get("rules") or {}}
        expected[case["id"]] = sorted(json.dumps(o[mover], sort_keys=True) for o in api.turns(query)["outcomes"])
    assert report["checked"] == len(expected) > 20
    assert report["results"] == expected

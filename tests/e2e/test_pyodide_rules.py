"""nardy_core runs unchanged in the browser's Python (Pyodide, Python 3.14): every worked rules case gives
the same outcome set there as in CPython."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from builder.serve import served

from ..core.conftest import CASES_FILE
from . import pyodide_page

# it serves its own copy of the build (another port, its own page), with a Pyodide of its own: a context of its own too
pytestmark = pytest.mark.fresh_python

SCRIPT = """
import json, sys
from nardy_core import api

cases = json.loads(DATA)
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


def test_rules_cases_give_the_same_outcomes_in_pyodide(page: Page, built_site: Path, tmp_path: Path) -> None:
    from nardy_core import api

    pyodide_page.prepare(built_site, tmp_path)
    cases_text = CASES_FILE.read_text(encoding="utf-8")
    with served(tmp_path) as base:
        report = pyodide_page.run(page, base, json.dumps(json.loads(cases_text)["cases"]), SCRIPT)
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

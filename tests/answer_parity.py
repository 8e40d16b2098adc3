"""The parity check of the answer books shipped with the pages (builder/answers.py): each entry is asked again of
``nardy_core.api.handle`` with the JSON text the worker would pass (JSON.stringify of the request), and the
answer text must equal the shipped one byte for byte.

One script, run in two Pythons: natively on every entry of every book (tests/build/test_answer_parity.py), and
in the browser's own Pyodide on a sample that covers every book and every request kind of each
(tests/e2e/test_answer_books.py). What could differ between the two Pythons is how the runtime computes and
encodes (floats, ordering, the trimmed standard library), which every kind of request in every book exercises;
asking each of the 42,000 entries again in Pyodide as well cost two and a half minutes of the suite, eight
times what the same asking costs natively.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

#: Python that reads the books from DATA (a JSON text) and leaves a report as its last expression's value
SCRIPT = """
import json
from nardy_core import api
report = {"books": 0, "answers": 0, "mismatches": []}
EXTRA = {"try_step": "step", "explain_point": "point"}
for book in json.loads(DATA):
    report["books"] += 1
    setup, states = json.loads(book["setup"]), book["states"]
    for key, value in book["answers"].items():
        kind, steps, extra = key.split(" ", 2)
        payload = {**setup, "steps": json.loads(steps)}
        if kind in EXTRA:
            payload[EXTRA[kind]] = json.loads(extra)
        if isinstance(value, int):
            value = states[value]
        elif "state" in value:
            value = {**value, "state": states[value["state"]]}
        sent = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)  # what JSON.stringify gives
        got = api.handle(kind, sent)
        report["answers"] += 1
        if got != json.dumps(value, ensure_ascii=False):
            report["mismatches"].append([book["setup"], key])
json.dumps(report)
"""

#: the browser's sample keeps every STRIDE-th entry of each request kind in each book, and the last one
STRIDE = 8


def shipped_books(built_site: Path) -> list[dict[str, Any]]:
    """Every answer book of the build, decoded."""
    return [json.loads(gzip.decompress(path.read_bytes())) for path in sorted((built_site / "answers").glob("*.json.gz"))]


def run_natively(books: list[dict[str, Any]]) -> dict[str, Any]:
    """SCRIPT's report, run in this Python."""
    scope: dict[str, Any] = {"DATA": json.dumps(books, ensure_ascii=False)}
    exec(SCRIPT, scope)  # the test's own script, as the browser runs it
    return dict(scope["report"])


def sample(books: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each book with every STRIDE-th entry of each request kind and the kind's last one (the states kept whole:
    entries point into them by index).

    >>> book = {"setup": "{}", "states": [], "answers": {f"try_step [] {n}": {} for n in range(20)} | {"turn_state [] null": 0}}
    >>> [key.split(" ", 2)[2] for key in sample([book])[0]["answers"]]
    ['0', '8', '16', '19', 'null']
    """
    sampled = []
    for book in books:
        by_kind: dict[str, list[str]] = {}
        for key in book["answers"]:
            by_kind.setdefault(key.split(" ", 1)[0], []).append(key)
        kept = {key for keys in by_kind.values() for key in keys[::STRIDE] + keys[-1:]}
        sampled.append({**book, "answers": {key: value for key, value in book["answers"].items() if key in kept}})
    return sampled

"""Every entry of every answer book the build ships is what ``nardy_core.api.handle`` answers for that request,
byte for byte, in this Python (tests/answer_parity.py; the browser's Pyodide answers a sample of them the
same: tests/e2e/test_answer_books.py)."""

from __future__ import annotations

from pathlib import Path

from tests.answer_parity import run_natively, shipped_books


def test_every_shipped_answer_is_the_apis_answer_byte_for_byte(built_site: Path) -> None:
    books = shipped_books(built_site)
    report = run_natively(books)
    assert report["books"] == len(books) > 50
    assert report["answers"] > 20 * len(books)
    assert report["mismatches"] == []

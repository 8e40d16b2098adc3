"""The answers shipped with the pages (builder/answers.py) are the worker's answers, and a board plays
from them before Python has booted.

Parity (tests/answer_parity.py): entries of every book are asked again of nardy_core.api.handle in the
browser's own Pyodide, with the JSON text the worker would pass (JSON.stringify of the request), and the
answer text must equal the shipped one byte for byte: a sample covering every request kind of every book
here, every entry natively in tests/build/test_answer_parity.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from builder.serve import served
from tests.answer_parity import SCRIPT, sample, shipped_books

from . import pyodide_page
from .conftest import without_python
from .course_pages import Presenter, Worksheet
from .pages import Puzzle


def _configs(built_site: Path) -> list[dict[str, object]]:
    configs = []
    for path in [*built_site.glob("*/**/index.html"), *built_site.glob("embed/*/*.html")]:
        for raw in re.findall(r"data-config='([^']*)'", path.read_text(encoding="utf-8")):
            configs.append(json.loads(html.unescape(raw)))
    return configs


def test_every_board_that_plays_a_turn_has_its_book(built_site: Path) -> None:
    configs = _configs(built_site)
    playing = [c for c in configs if c.get("mode") == "turn" or (c.get("kind") == "board" and c.get("interactive") and c.get("dice"))]
    assert len(playing) > 100
    missing = [c for c in playing if not c.get("answers") or not (built_site / str(c["answers"])).is_file()]
    assert not missing, missing[:3]
    books = {str(c["answers"]) for c in playing}
    assert books == {p.relative_to(built_site).as_posix() for p in (built_site / "answers").iterdir()}  # no stray book


def test_the_workers_python_answers_every_kind_of_every_book_as_shipped(page: Page, built_site: Path, tmp_path: Path) -> None:
    books = sample(shipped_books(built_site))
    pyodide_page.prepare(built_site, tmp_path)
    with served(tmp_path) as base:
        report = pyodide_page.run(page, base, json.dumps(books, ensure_ascii=False), SCRIPT)
    assert report["books"] == len(books) > 50
    assert report["answers"] == sum(len(book["answers"]) for book in books) > 3 * len(books)
    assert report["mismatches"] == []


def test_a_puzzle_plays_its_first_steps_before_python(browser: Browser, site_url: str) -> None:
    """The runtime's download stays pending (`without_python`), as on a slow phone line: only the page's
    books can answer."""
    with without_python(browser) as context:
        page = context.new_page()
        page.goto(site_url + "ru/puzzles/head-first-move/")
        puzzle = Puzzle(page, "head-first-move")
        expect(puzzle.root).to_have_attribute("data-ready", "true")
        puzzle.click(24)
        expect(puzzle.status).to_have_text("Выбрана шашка на пункте 24. Куда ходим?")
        puzzle.click(20)  # a refused first step names its rule
        expect(puzzle.status).to_have_text("Ни один оставшийся кубик не даёт такого хода (кубики: 6, 5).")
        puzzle.play([[24, 18]])
        expect(puzzle.status).to_have_text("24 → 18. Осталось сыграть: 5.")
        puzzle.click(24)  # the head rule holds the others: from the book as well
        expect(puzzle.status).to_have_text("С головы за ход можно снять только одну шашку.")
        puzzle.click(18)
        puzzle.click(13)
        expect(puzzle.success).to_be_visible()  # the whole turn judged without Python
        expect(page.locator("[data-runtime-status]")).to_be_hidden()  # nobody waited, so nothing says "loading"
        assert page.evaluate("document.documentElement.dataset.runtime") == "loading"


PRELOADED_BOOKS = "[...document.head.querySelectorAll('link[rel=preload]')].map((l) => l.href).filter((h) => h.includes('/answers/'))"


@pytest.mark.parametrize("view", ["", "?print", "?present=audience"])
def test_only_a_page_someone_plays_on_preloads_its_first_books(no_python: Page, site_url: str, built_site: Path, view: str) -> None:
    """A lesson preloads its first answer books with its modules; opened as a worksheet or as the audience's
    window of presenter mode (the same HTML), where no one plays, it fetches none."""
    lesson = "ru/lessons/head/"
    books = [site_url + book for book in re.findall(r'"answers":"(answers/[0-9a-f]{16}\.json\.gz)"',
                                                    (built_site / lesson / "index.html").read_text(encoding="utf-8"))]
    asked: list[str] = []
    no_python.on("request", lambda request: asked.append(request.url) if "/answers/" in request.url else None)
    no_python.goto(site_url + lesson + view)
    if not view:
        first = list(dict.fromkeys(books))[:2]
        assert no_python.evaluate(PRELOADED_BOOKS) == first
        no_python.wait_for_function("(first) => first.every((url) => performance.getEntriesByName(url).length)", arg=first)
        assert set(first) <= set(asked)
        return
    shown = Worksheet(no_python).root if view == "?print" else Presenter(no_python).slide.first
    expect(shown).to_be_visible()
    assert no_python.evaluate(PRELOADED_BOOKS) == []
    assert asked == []  # nor did a widget ask for one

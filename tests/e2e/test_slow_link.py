"""Who starts Python depends on the link and the page (static/js/boot.js): on a fast link boot.js starts it at
once; on a slow one (the page's own first byte takes 100 ms or more) app.js starts it once the page's modules
are in, so the 4.5 MB runtime does not share the phone's link with what the first tap needs. A long page (a
lesson) names its modules in its head and has no boot.js: app.js starts Python there whatever the link. Either
way the first steps are answered from the page's books and Python boots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, expect

from builder.serve import make_handler, served

from .pages import Puzzle

LESSON = "ru/lessons/head/"
PUZZLE = "ru/puzzles/head-first-move/"  # a short page: boot.js asks for the modules and may start Python
MARKS = """() => {
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
  const [navigation] = performance.getEntriesByType('navigation');
  return { ...marks, firstByte: navigation.responseStart - navigation.requestStart };
}"""
SLOW_ROUND_TRIP_MS = 100  # static/js/boot.js


@contextmanager
def slow_pages(built_site: Path) -> Iterator[str]:
    """The built site whose pages (not their files) answer after 150 ms, as over a phone's link."""

    class SlowPages(make_handler(built_site)):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            if path.endswith(("/", ".html")):
                time.sleep(0.15)
            super().do_GET()

    with served(built_site, handler=SlowPages) as base_url:
        yield base_url


def _first_steps_then_python(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    puzzle = Puzzle(page, "head-first-move")
    expect(puzzle.root).to_have_attribute("data-ready", "true")
    puzzle.click(24)
    expect(puzzle.status).to_have_text("Выбрана шашка на пункте 24. Куда ходим?")
    expect(page.locator("html")).to_have_attribute("data-runtime", "ready", timeout=90_000)
    marks: dict[str, float] = page.evaluate(MARKS)
    context.close()
    return marks


def test_on_a_slow_link_python_starts_after_the_pages_modules(browser: Browser, built_site: Path) -> None:
    with slow_pages(built_site) as base:
        marks = _first_steps_then_python(browser, base + PUZZLE)
    assert "nardy:boot-start" not in marks, marks  # boot.js left it to app.js
    assert marks["nardy:app-start"] <= marks["nardy:worker-start"] <= marks["nardy:python-ready"], marks


def test_on_a_fast_link_python_starts_before_the_pages_modules(browser: Browser, site_url: str) -> None:
    marks = _first_steps_then_python(browser, site_url + PUZZLE)
    if marks["firstByte"] >= SLOW_ROUND_TRIP_MS:  # a machine so busy that even the local server is slow
        assert "nardy:boot-start" not in marks, marks
    else:
        assert marks["nardy:boot-start"] <= marks["nardy:worker-start"] <= marks["nardy:python-ready"], marks


def test_a_lesson_starts_python_from_app_js(browser: Browser, site_url: str) -> None:
    marks = _first_steps_then_python(browser, site_url + LESSON)
    assert "nardy:boot-start" not in marks, marks  # a lesson has no boot.js
    assert marks["nardy:app-start"] <= marks["nardy:worker-start"] <= marks["nardy:python-ready"], marks

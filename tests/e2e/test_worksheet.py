"""Worksheets as a teacher prints them: a lesson's (or a theme's) puzzles on A4 or Letter, each board in its
starting position whatever the learner did on the page, numbered tasks with room to answer, a QR code and the
address of each puzzle online, the answer key on its own pages at the end, and a typical lesson in few pages."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .course_pages import CourseMap, PuzzleIndex, Worksheet, follow_link
from .pages import Puzzle

A4 = pytest.approx((595.3, 841.9), abs=2)  #: points (210 × 297 mm), as the MediaBox gives them
LETTER = pytest.approx((612.0, 792.0), abs=2)  #: 8.5 × 11 in


def occupants(points: dict[str, object]) -> dict[str, tuple[str, int]]:
    """A model's points whichever way it writes them (the build's numbers or the view's occupants)."""
    result = {}
    for point, value in points.items():
        if isinstance(value, int):
            result[point] = ("white" if value > 0 else "black", abs(value))
        else:
            assert isinstance(value, dict)
            result[point] = (str(value["side"]), int(value["count"]))
    return {point: occupant for point, occupant in result.items() if occupant[1]}


def static_models(page: Page, site_url: str, path: str) -> dict[str, dict[str, object]]:
    """The starting position of each puzzle of a page, as the build wrote it."""
    html = page.request.get(site_url + path).text()
    found = re.findall(r'id="puzzle-([a-z0-9-]+)".*?data-model=\'([^\']+)\'', html, flags=re.S)
    return {puzzle: json.loads(model) for puzzle, model in found}


#: the relative luminance (WCAG 2) of the computed colour ``property`` of the first element ``selector`` finds
LUMINANCE = """([selector, property]) => {
  const [r, g, b] = getComputedStyle(document.querySelector(selector))[property].match(/[\\d.]+/g).map(Number).map((c) => c / 255);
  const f = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}"""


def luminance(page: Page, selector: str, prop: str) -> float:
    return float(page.evaluate(LUMINANCE, [selector, prop]))


def assert_printer_friendly_board(page: Page) -> None:
    """The sheet's boards save ink, on paper and in the preview: a white field and frame (its edge a thin
    black line), light points with a dark outline, trays outlined, white checkers outlined in black against
    dark grey ones, whatever theme the screen is in. (The board's parts are drawn from the page's sprite, so
    they are read there.)"""
    for media, scheme in (("print", "light"), ("screen", "dark")):
        page.emulate_media(media=media, color_scheme=scheme)
        for part in (".nb-field", ".nb-frame", ".nb-bar", ".nb-tray__box", ".nb-col--a", ".nb-col--b"):
            assert luminance(page, part, "fill") > 0.6, f"{part} ({media})"
        for edge in (".nb-frame", ".nb-triangle", ".nb-checker--white .nb-checker__disc"):
            assert luminance(page, edge, "stroke") < 0.01, f"{edge} ({media})"
        assert luminance(page, ".nb-light--white", "stopColor") > 0.9
        assert 0.01 < luminance(page, ".nb-light--black", "stopColor") < 0.1
        assert luminance(page, ".nb-shade--black", "stopColor") > 0.01, "no solid black on paper"
    page.emulate_media(media="null", color_scheme="null")  # as before (page.pdf() prints a page emulating "screen" as a screen)


# a teacher's screen, in a Russian browser (its paper is A4)
# the module's own context boots its own Python: on one pytest-xdist worker (--dist loadgroup) it boots once
pytestmark = [pytest.mark.browser_context_args(viewport={"width": 1280, "height": 900}, locale="ru-RU"), pytest.mark.xdist_group("worksheet")]


def test_a_lesson_worksheet_has_every_puzzle_in_its_starting_position_and_an_answer_key(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}ru/lessons/head/")
    puzzle = Puzzle(page, "head-first-move").wait_ready()
    puzzle.play([[24, 18], [18, 13]])  # the learner solves one: stars, a ✓ and a moved board on the page
    expect(puzzle.success).to_be_visible()
    follow_link(page, "Рабочий лист")
    sheet = Worksheet(page)
    expect(sheet.root).to_be_visible()
    expect(sheet.title).to_have_text("Рабочий лист: Голова")
    ids = static_models(page, site_url, "ru/lessons/head/")
    expect(sheet.tasks).to_have_count(len(ids))
    assert sheet.task_ids() == list(ids)
    expect(sheet.heading(0)).to_have_text("Задача 1. Первый ход")
    expect(sheet.root).not_to_contain_text("★")
    expect(sheet.learner_marks).to_have_count(0)
    for index, (puzzle_id, model) in enumerate(ids.items()):
        shown = sheet.board_model(index)
        assert occupants(shown["points"]) == occupants(model["points"]), f"task {index + 1} ({puzzle_id}): not its start"
        assert sheet.qr_address(index) == f"{site_url}ru/puzzles/{puzzle_id}/"
        expect(sheet.task(index)).to_contain_text(f"{site_url}ru/puzzles/{puzzle_id}/")
    assert page.request.get(f"{site_url}ru/puzzles/{next(iter(ids))}/").ok
    expect(sheet.answer_lines(0)).to_have_count(1)  # room to write the move
    expect(sheet.task(3)).to_contain_text("Отметьте один ответ:")  # a quiz lists its choices with boxes
    expect(sheet.key_entries).to_have_count(len(ids))
    expect(sheet.key_entries.first).to_contain_text("24/18 18/13")

    count, size = sheet.pdf_pages()
    assert size == A4, "a Russian page prints on A4"
    # 10 tasks: three rows of three on page 1 (under a small head), the tenth on page 2, the key on page 3
    # (4 pages before the sheet was made compact, 3 now)
    assert count <= 3, f"the lesson prints on {count} pages"
    assert_printer_friendly_board(page)
    sheet.with_key(False)
    assert sheet.pdf_pages()[0] < count, "without the key the sheet is shorter"
    sheet.with_key(True)
    sheet.paper("letter")
    assert sheet.pdf_pages()[1] == LETTER
    assert "paper=letter" in page.url
    follow_link(page, "Вернуться к уроку")
    sheet.is_closed()
    Puzzle(page, "head-first-move").wait_ready()
    # the course's own board is the wooden one again, on screen and on paper alike
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        assert luminance(page, ".nb-frame", "fill") < 0.1, media
    page.emulate_media(media="null")


@pytest.mark.long_running
def test_a_typical_lesson_prints_on_three_pages_or_fewer(page: Page, site_url: str) -> None:
    lessons = CourseMap(page).open(site_url, "en").lesson_hrefs()
    counts = {}
    for href in lessons:
        sheet = Worksheet(page).open(f"{href}?print&paper=letter")
        counts[href.rstrip("/").rsplit("/", 1)[-1]], size = sheet.pdf_pages()
        assert size == LETTER
    typical = sorted(counts.values())[len(counts) // 2]
    # before the sheet was made compact: typical 4, the longest (the final test, 25 tasks) 7; now 3 and 6
    assert typical <= 3, counts
    assert max(counts.values()) <= 7, counts


def test_a_theme_of_the_puzzles_page_makes_a_worksheet_of_its_puzzles(page: Page, site_url: str) -> None:
    index = PuzzleIndex(page).open(site_url, "ru")
    ids = index.puzzle_ids(1)
    index.follow(1, re.compile("Рабочий лист"))
    sheet = Worksheet(page)
    expect(sheet.root).to_be_visible()
    assert sheet.task_ids() == ids
    expect(sheet.key_entries).to_have_count(len(ids))
    assert sheet.qr_address(0) == f"{site_url}ru/puzzles/{ids[0]}/"
    # every board drawn (a puzzle's own page leaves its board to the page to draw), none of them playable
    boards = sheet.root.locator(".sheet-board svg")
    expect(boards).to_have_count(len(ids))
    drawn = boards.evaluate_all("(svgs) => svgs.map((svg) => svg.querySelectorAll('.nb-stack > use, use[href^=\\'#nb-stack\\']').length)")
    assert all(drawn), drawn
    expect(sheet.root.locator(".sheet-board [data-interactive=true]")).to_have_count(0)
    expect(sheet.root.locator(".sheet-lead")).to_contain_text("Задачи темы на бумаге")
    count, _ = sheet.pdf_pages()
    assert count <= 7, f"{len(ids)} tasks print on {count} pages"  # 38 tasks: 8 pages before, 7 now
    assert_printer_friendly_board(page)

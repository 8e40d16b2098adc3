"""Worksheets as a teacher prints them: a lesson's (or a theme's) puzzles on A4 or Letter, each board in its
starting position whatever the learner did on the page, numbered tasks with room to answer, a QR code and the
address of each puzzle online, the answer key on its own pages at the end, and a typical lesson in few pages."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import Puzzle

A4 = pytest.approx((595.3, 841.9), abs=2)  #: points (210 × 297 mm), as the MediaBox gives them
LETTER = pytest.approx((612.0, 792.0), abs=2)  #: 8.5 × 11 in


def pdf_pages(page: Page) -> tuple[int, tuple[float, float]]:
    pdf = page.pdf(prefer_css_page_size=True)
    count = int(re.findall(rb"/Count (\d+)", pdf)[0])
    box = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)[0]
    return count, (float(box[0]), float(box[1]))


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


def test_a_lesson_worksheet_has_every_puzzle_in_its_starting_position_and_an_answer_key(
    browser: Browser, site_url: str,
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ru-RU")
    page = context.new_page()
    page.goto(f"{site_url}ru/lessons/head/")
    puzzle = Puzzle(page, "head-first-move").wait_ready()
    puzzle.play([[24, 18], [18, 13]])  # the learner solves one: stars, a ✓ and a moved board on the page
    expect(puzzle.success).to_be_visible()
    page.get_by_role("link", name="Рабочий лист").click()
    sheet = page.locator("[data-worksheet]")
    expect(sheet).to_be_visible()
    expect(page.locator("h1")).to_have_text("Рабочий лист: Голова")
    ids = static_models(page, site_url, "ru/lessons/head/")
    tasks = sheet.locator(".sheet-task")
    expect(tasks).to_have_count(len(ids))
    assert tasks.evaluate_all("(items) => items.map((li) => li.dataset.puzzle)") == list(ids)
    expect(tasks.first.locator("h2")).to_have_text("Задача 1. Первый ход")
    expect(sheet).not_to_contain_text("★")
    expect(sheet.locator(".puzzle-solved-mark, [data-success], [data-controls]")).to_have_count(0)
    for index, (puzzle_id, model) in enumerate(ids.items()):
        shown = json.loads(tasks.nth(index).locator(".sheet-board svg").get_attribute("data-model") or "{}")
        assert occupants(shown["points"]) == occupants(model["points"]), f"task {index + 1} ({puzzle_id}): not its start"
        qr = tasks.nth(index).locator(".sheet-qr")
        assert qr.get_attribute("data-url") == f"{site_url}ru/puzzles/{puzzle_id}/"
        expect(tasks.nth(index)).to_contain_text(f"{site_url}ru/puzzles/{puzzle_id}/")
    assert page.request.get(f"{site_url}ru/puzzles/{next(iter(ids))}/").ok
    expect(tasks.nth(0).locator(".sheet-lines span")).to_have_count(1)  # room to write the move
    expect(tasks.nth(3)).to_contain_text("Отметьте один ответ:")  # a quiz lists its choices with boxes
    key = sheet.locator(".sheet-key")
    expect(key.locator(".sheet-key-entry")).to_have_count(len(ids))
    expect(key.locator(".sheet-key-entry").first).to_contain_text("24/18 18/13")

    count, size = pdf_pages(page)
    assert size == A4, "a Russian page prints on A4"
    assert count <= 6, f"the lesson prints on {count} pages"
    page.locator("[data-sheet-key-toggle]").uncheck()
    assert pdf_pages(page)[0] < count, "without the key the sheet is shorter"
    page.locator("[data-sheet-key-toggle]").check()
    page.locator("[data-sheet-paper]").select_option("letter")
    assert pdf_pages(page)[1] == LETTER
    assert "paper=letter" in page.url
    page.get_by_role("link", name="Вернуться к уроку").click()
    expect(page.locator("[data-worksheet]")).to_have_count(0)
    expect(page.locator("html.worksheet-mode")).to_have_count(0)
    Puzzle(page, "head-first-move").wait_ready()
    context.close()


def test_a_typical_lesson_prints_on_six_pages_or_fewer(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{site_url}en/")
    lessons = page.locator(".lesson-card a").evaluate_all("(links) => links.map((a) => a.href)")
    counts = {}
    for href in lessons:
        page.goto(f"{href}?print&paper=letter")
        expect(page.locator("[data-worksheet]")).to_be_visible()
        counts[href.rstrip("/").rsplit("/", 1)[-1]], size = pdf_pages(page)
        assert size == LETTER
    typical = sorted(counts.values())[len(counts) // 2]
    assert typical <= 6, counts
    assert max(counts.values()) <= 12, counts
    context.close()


def test_a_theme_of_the_puzzles_page_makes_a_worksheet_of_its_puzzles(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{site_url}ru/puzzles/")
    theme = page.locator("section.theme").nth(1)
    ids = theme.locator("li[data-puzzle]").evaluate_all("(items) => items.map((li) => li.dataset.puzzle)")
    theme.get_by_role("link", name=re.compile("Рабочий лист")).click()
    sheet = page.locator("[data-worksheet]")
    expect(sheet).to_be_visible()
    assert sheet.locator(".sheet-task").evaluate_all("(items) => items.map((li) => li.dataset.puzzle)") == ids
    expect(sheet.locator(".sheet-key-entry")).to_have_count(len(ids))
    assert sheet.locator(".sheet-qr").first.get_attribute("data-url") == f"{site_url}ru/puzzles/{ids[0]}/"
    context.close()

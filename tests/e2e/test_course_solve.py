"""Every puzzle of every lesson can be solved through the UI, lesson by lesson (a failure names its lesson)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import builder
from nardy_core import Game

from .pages import READY_MS, puzzles_on

PREFIX = {Game.LONG: "", Game.SHORT: "short/"}


def _lessons() -> list[tuple[str, str]]:
    source = builder.load(builder.Paths())
    return [(game.value, slug) for game, course in source.courses.items() for slug in course.lesson_order()]


@pytest.mark.parametrize("game,slug", _lessons())
def test_every_puzzle_of_the_lesson_can_be_solved(page: Page, site_url: str, game: str, slug: str) -> None:
    page.goto(f"{site_url}ru/{PREFIX[Game.parse(game)]}lessons/{slug}/")
    puzzles = puzzles_on(page)
    for puzzle in puzzles:
        expect(puzzle.root).to_have_attribute("data-ready", "true", timeout=READY_MS)
        puzzle.solve()
        # a step past the answer book waits for Python, which may still be booting: the same bound as ready
        expect(puzzle.success, f"puzzle {puzzle.id}").to_be_visible(timeout=READY_MS)

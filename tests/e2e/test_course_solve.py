"""Every puzzle of every lesson can be solved through the UI, from the keyboard, lesson by lesson (a failure names
its lesson).

The short-nardy course is solved in both languages (issue 10: the whole short course solvable through the UI),
and so are the courses of the games built on another (гюльбар, бешеные нарды); the long course in Russian (its
English pages carry the same puzzles, which the build checks). Each lesson page
must show exactly the lesson's puzzles, in order, so a page that lost its puzzles cannot pass by solving none.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import builder
from builder.pages import PREFIX
from builder.phases import Course
from builder.problems import Problem
from nardy_core import Game

from .pages import READY_MS, puzzles_on

LANGUAGES = {game: ("ru",) if game is Game.LONG else ("ru", "en") for game in Game}


def _lessons() -> list[tuple[str, str, str]]:
    source = builder.load(builder.Paths())
    return [
        (game.value, lang, slug)
        for game, course in source.courses.items()
        for lang in LANGUAGES[game]
        for slug in course.lesson_order()
    ]


@pytest.fixture(scope="module")
def course(project_course: tuple[Course, list[Problem]]) -> Course:
    return project_course[0]


@pytest.mark.parametrize("game,lang,slug", _lessons())
def test_every_puzzle_of_the_lesson_can_be_solved(page: Page, site_url: str, course: Course, game: str, lang: str, slug: str) -> None:
    which = Game.parse(game)
    page.goto(f"{site_url}{lang}/{PREFIX[which]}lessons/{slug}/")
    puzzles = puzzles_on(page)
    assert [p.id for p in puzzles] == [p.id for p in course.games[which].lessons[lang][slug].puzzles]
    for puzzle in puzzles:
        expect(puzzle.root).to_have_attribute("data-ready", "true", timeout=READY_MS)
        # from the keyboard, as a learner without a mouse does: a fifth cheaper than clicks, each of which
        # waits for a target that holds still (clicks are tried on every kind of widget in test_puzzles,
        # test_board_view and test_free_board)
        puzzle.solve(keyboard=True)
        # a step past the answer book waits for Python, which may still be booting: the same bound as ready
        expect(puzzle.success, f"puzzle {puzzle.id}").to_be_visible(timeout=READY_MS)

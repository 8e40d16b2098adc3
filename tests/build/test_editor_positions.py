"""The board editor holds every position of the course: the board each one is drawn with, sent back as
the editor sends an arrangement (api.setup), is the same position again, with nothing said against it but,
for a finished game, that the game is over. The browser side of the round trip is tests/e2e/test_editor.py."""

from __future__ import annotations

import pytest

from builder.lessons import LANGUAGES
from builder.phases import Course
from builder.problems import Problem
from builder.tasks import PuzzleData, Setup
from builder.validate import BoardData
from nardy_core.api import call

from .conftest import PROJECT


@pytest.fixture(scope="module")
def course(project_course: tuple[Course, list[Problem]]) -> Course:
    course, problems = project_course
    assert [p.format(PROJECT) for p in problems if not p.warning] == []
    return course


def course_setups(course: Course) -> list[tuple[str, Setup]]:
    """(where, setup) of every board and puzzle of both games, in both languages and on the rules pages."""
    found = []
    for data in course.games.values():
        for lang in LANGUAGES:
            every = [(slug, part) for slug, lesson in data.lessons[lang].items() for part in lesson.parts]
            every += [(name, part) for name, parts in data.pages.get(lang, {}).items() for part in parts]
            found += [(slug, part.setup) for slug, part in every if isinstance(part, BoardData | PuzzleData)]
    return found


def test_every_position_of_the_course_round_trips_through_the_editor(course: Course) -> None:
    seen: set[tuple[str, str]] = set()
    for slug, setup in course_setups(course):
        notation, rules = setup.position.notation(), setup.rules.to_dict()
        if (notation, repr(rules)) in seen:
            continue
        seen.add((notation, repr(rules)))
        board = call("describe", {"position": notation})["board"]
        answer = call("setup", {"game": board["game"], "mover": board["to_move"], "points": board["points"],
                                "bar": board["bar"], "rules": rules})
        assert answer["position"] == notation, (slug, notation, answer["problems"])
        assert [p["code"] for p in answer["problems"]] in ([], ["FINISHED"]), (slug, notation, answer["problems"])
        opened = call("setup", {"position": notation, "rules": rules})
        assert opened["board"] == answer["board"] and opened["position"] == notation
    assert len(seen) > 250  # the course has about 270 different positions

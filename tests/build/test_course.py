"""The real course meets the curriculum's bar: enough puzzles on every rule theme, every reason code a
learner's step can produce taught somewhere, hints and explanations everywhere, a diagram in every lesson,
and a rules reference that covers R1-R15 with diagrams and the whole glossary."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import builder
from builder.lessons import LANGUAGES
from builder.phases import Course
from builder.tasks import PuzzleData
from builder.validate import BoardData
from nardy_core import Game, codes_for

from .conftest import PROJECT

THEMES = {
    "board and numbering": {"board", "numbering"},
    "moving and occupied points": {"moving", "occupied", "doubles"},
    "head rule": {"head"},
    "first-roll exception": {"first-roll"},
    "whole roll and larger die": {"whole-roll", "larger-die"},
    "six-block": {"block", "block-wrap", "block-in-turn"},
    "bear-off": {"bear-off", "bear-off-higher", "bear-off-inside"},
    "scoring": {"scoring"},
}


@pytest.fixture(scope="module")
def course() -> Course:
    course, problems = builder.validate(builder.load(builder.Paths()))
    assert [p.format(PROJECT) for p in problems if not p.warning] == []
    return course


def long_puzzles(course: Course, lang: str) -> list[PuzzleData]:
    return course.games[Game.LONG].puzzles(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_least_120_puzzles_and_5_per_theme(course: Course, lang: str) -> None:
    items = long_puzzles(course, lang)
    assert len(items) >= 120
    for theme, tags in THEMES.items():
        count = sum(1 for p in items if tags & set(p.tags))
        assert count >= 5, f"{theme}: {count} puzzles"
    assert sum(1 for p in items if "block-wrap" in p.tags) >= 1
    assert sum(1 for p in items if "block-in-turn" in p.tags) >= 1


@pytest.mark.parametrize("game", list(Game))
def test_every_reason_code_is_taught(course: Course, game: Game) -> None:
    if game not in course.games:
        pytest.skip(f"no {game.value}-nardy course yet")
    taught: Counter[str] = Counter()
    for puzzle in course.games[game].puzzles("ru"):
        reason = puzzle.quiz.get("reason")
        if puzzle.task.name == "quiz" and reason:
            taught[reason["code"]] += 1
        for wrong in puzzle.wrong:
            if wrong.get("code"):
                taught[wrong["code"]] += 1
    missing = [code.value for code in codes_for(game) if not taught[code.value]]
    if game is Game.LONG:
        assert missing == []
    else:  # the variant-only code is taught with the variant switched on
        assert missing in ([], ["HIT_AND_RUN_HOME"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_explanations_and_diagrams(course: Course, lang: str) -> None:
    for data in course.games.values():
        for puzzle in data.puzzles(lang):
            assert len(puzzle.text["hints"]) >= 2, puzzle.id
            assert puzzle.text["explanation"].strip(), puzzle.id
        for slug in data.order():
            assert any(isinstance(part, BoardData) for part in data.lessons[lang][slug].parts), f"{lang}/{slug} has no diagram"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_reference_covers_every_rule_with_diagrams(course: Course, lang: str) -> None:
    parts = course.games[Game.LONG].pages[lang]["rules"]
    text = "\n".join(part for part in parts if isinstance(part, str))
    for number in range(1, 16):
        assert re.search(rf"\bR{number}\b", text), f"R{number} missing from lessons/long/{lang}/_rules.md"
    assert sum(1 for part in parts if isinstance(part, BoardData)) >= 8


def test_glossary_has_every_term_of_the_rules_glossary(course: Course) -> None:
    rules = (PROJECT / "docs" / "rules-long.md").read_text(encoding="utf-8")
    section = rules.split("## 3. Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Russian") and not line.startswith("|---")]
    assert len(course.glossary) >= len(rows)
    russian = " ".join(term.ru for term in course.glossary).lower()
    for row in rows:
        first_word = row.split("|")[1].strip().split(",")[0].split("(")[0].strip().lower()
        assert first_word.split()[0] in russian, first_word

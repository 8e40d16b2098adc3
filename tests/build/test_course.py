"""The real course meets the curriculum's bar: enough puzzles on every rule theme, every reason code a
learner's step can produce taught somewhere, hints and explanations everywhere, a diagram in every lesson,
and a rules reference that covers R1-R15 with diagrams and the whole glossary."""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import pytest

from builder.lessons import LANGUAGES, load_course
from builder.validate import BoardData, PuzzleData, validate_course
from nardy_core.reasons import STEP_CODES

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
def course():
    course = load_course(PROJECT / "lessons")
    rendered, problems = validate_course(course)
    assert [p for p in problems] == []
    return course, rendered


def puzzles(rendered, lang: str) -> list[PuzzleData]:
    return [part for parts in rendered[lang].values() for part in parts if isinstance(part, PuzzleData)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_least_120_puzzles_and_5_per_theme(course, lang: str) -> None:
    _, rendered = course
    items = puzzles(rendered, lang)
    assert len(items) >= 120
    for theme, tags in THEMES.items():
        count = sum(1 for p in items if tags & set(p.tags))
        assert count >= 5, f"{theme}: {count} puzzles"
    assert sum(1 for p in items if "block-wrap" in p.tags) >= 1
    assert sum(1 for p in items if "block-in-turn" in p.tags) >= 1


def test_every_reason_code_is_taught(course) -> None:
    _, rendered = course
    taught = Counter()
    for puzzle in puzzles(rendered, "ru"):
        if puzzle.task == "quiz" and puzzle.quiz.get("reason"):
            taught[puzzle.quiz["reason"]["code"]] += 1
        for wrong in puzzle.wrong:
            if wrong.get("code"):
                taught[wrong["code"]] += 1
    missing = [code for code in STEP_CODES if not taught[code]]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_explanations_and_diagrams(course, lang: str) -> None:
    course_, rendered = course
    for puzzle in puzzles(rendered, lang):
        assert len(puzzle.text["hints"]) >= 2, puzzle.id
        assert puzzle.text["explanation"].strip(), puzzle.id
    for slug in course_.lesson_order():
        assert any(isinstance(part, BoardData) for part in rendered[lang][slug]), f"{lang}/{slug} has no diagram"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_reference_covers_every_rule_with_diagrams(course, lang: str) -> None:
    course_, rendered = course
    text = "\n".join(part for part in rendered[lang]["_rules"] if isinstance(part, str))
    for number in range(1, 16):
        assert re.search(rf"\bR{number}\b", text), f"R{number} missing from lessons/{lang}/_rules.md"
    assert sum(1 for part in rendered[lang]["_rules"] if isinstance(part, BoardData)) >= 8


def test_glossary_has_every_term_of_the_rules_glossary() -> None:
    rules = (PROJECT.parent / "shared" / "RULES.md").read_text(encoding="utf-8")
    section = rules.split("## 3. Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Russian") and not line.startswith("|---")]
    glossary = tomllib.loads((PROJECT / "lessons" / "glossary.toml").read_text(encoding="utf-8"))["term"]
    assert len(glossary) >= len(rows)
    russian = " ".join(term["ru"] for term in glossary).lower()
    for row in rows:
        first_word = row.split("|")[1].strip().split(",")[0].split("(")[0].strip().lower()
        assert first_word.split()[0] in russian, first_word

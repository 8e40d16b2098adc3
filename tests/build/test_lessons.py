"""The builder refuses bad lesson input with file:line: reason, reports every error at once,
and a failed build leaves the previous dist/ exactly as it was."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import builder
from builder import ContentError

from .conftest import PROJECT, paths_for

PUZZLE_RU = "long/ru/05-head.md"


def errors_of(course_dir: Path) -> list[str]:
    _, problems = builder.validate(builder.load(paths_for(course_dir)))
    return [p.format(course_dir) for p in problems if not p.warning]


def edit(course_dir: Path, name: str, old: str, new: str) -> None:
    path = course_dir / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture changed: {old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(course_dir: Path, name: str, needle: str) -> int:
    """Line of the first line containing ``needle`` (``last:needle``: of the last one)."""
    lines = (course_dir / name).read_text(encoding="utf-8").splitlines()
    found = [i for i, line in enumerate(lines, start=1) if needle.removeprefix("last:") in line]
    return found[-1] if needle.startswith("last:") else found[0]


def test_fixture_course_is_valid(course_dir: Path) -> None:
    assert errors_of(course_dir) == []


# (file, old text, new text, the line's marker text after the edit, expected message fragment)
BAD_INPUTS = [
    pytest.param(PUZZLE_RU, 'answers = ["24/18 18/13"]', 'answers = ["24/18 18/12"]', "answers =",
                 'puzzle head-1: answer "24/18 18/12" is illegal: NO_SUCH_DIE at step 2', id="illegal-answer"),
    pytest.param(PUZZLE_RU, 'answers = ["24/18 18/13"]', 'answers = ["24/18"]', "answers =",
                 'puzzle head-1: answer "24/18" is incomplete: MUST_USE_BOTH', id="incomplete-answer"),
    pytest.param(PUZZLE_RU, 'position = "w/24:15/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"',
                 'position = "w/24:14/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"', 'position = "w/24:14',
                 "white accounts for 14 checkers, not 15", id="bad-position"),
    pytest.param(PUZZLE_RU, "dice = [5, 1]", "dice = [5, 9]", "dice = [5, 9]", "dice: a die shows 1..6, not 9", id="bad-dice"),
    pytest.param(PUZZLE_RU, 'task = "only"', 'task = "solve"', 'task = "solve"', "unknown task 'solve'", id="unknown-task"),
    pytest.param(PUZZLE_RU, 'code = "SIX_BLOCK"', 'code = "OCCUPIED"', 'code = "OCCUPIED"',
                 "quiz expects OCCUPIED but the play is refused with SIX_BLOCK", id="quiz-wrong-code"),
    pytest.param(PUZZLE_RU, 'answer = "illegal"', 'answer = "legal"', 'answer = "legal"',
                 "quiz says \"24/19 7/6\" is legal, but nardy_core finds it illegal (SIX_BLOCK at step 2)", id="quiz-wrong-answer"),
    pytest.param(PUZZLE_RU, 'play = "24/18 24/19"', 'play = "24/18 18/13"', "[[wrong]]",
                 "wrong play \"24/18 18/13\" is an accepted answer", id="wrong-play-is-accepted"),
    pytest.param(PUZZLE_RU, 'id = "head-2"', 'id = "head-1"', 'last:id = "head-1"', "puzzle id 'head-1' is used twice", id="duplicate-id"),
    pytest.param(PUZZLE_RU, 'tags = ["head"]', 'tags = ["head"]\ncolour = "red"', 'colour = "red"',
                 "unknown field(s) colour", id="unknown-field"),
    pytest.param(PUZZLE_RU, 'explanation = "Одна шашка идёт 24/18/13."', "", "```puzzle",
                 "missing required field 'explanation'", id="missing-field"),
    pytest.param(PUZZLE_RU, 'prompt = "Сыграйте 6-5 первым ходом."', 'prompt = "Сыграйте 6-5 первым ходом.', "prompt =",
                 "invalid TOML", id="toml-syntax"),
    pytest.param(PUZZLE_RU, 'position = "w/24:9,11,10,9,8,7:2/24:15"', 'position = "w/24:8,11,10,9,8,7:2,6/24:15"',
                 'position = "w/24:8', "is impossible: white has a six-block on 6-7-8-9-10-11", id="forbidden-block"),
    pytest.param(PUZZLE_RU, 'position = "w/24:15/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"',
                 'position = "w/24:15/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"\nrules = { block = "sometimes" }',
                 "rules = {", "rules option 'block' cannot be 'sometimes'", id="bad-rules"),
    pytest.param(PUZZLE_RU, 'position = "w/24:15/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"',
                 'position = "w/24:14,20/24:15"\ndice = [6, 5]\nfirst_turn = true\ntask = "only"', 'task = "only"',
                 "task 'only' but 4 different legal turns exist", id="only-not-unique"),
    pytest.param(PUZZLE_RU, "+++\ntitle", "+++\nnot_title", "not_title", "front matter needs title", id="front-matter"),
]


@pytest.mark.parametrize("name,old,new,marker,message", BAD_INPUTS)
def test_bad_lesson_input_is_reported_with_file_and_line(course_dir: Path, name: str, old: str, new: str, marker: str, message: str) -> None:
    edit(course_dir, name, old, new)
    errors = errors_of(course_dir)
    matching = [e for e in errors if message in e]
    assert matching, errors
    expected_line = line_of(course_dir, name, marker) if marker else None
    location = re.match(r"^(.+?):(\d+): ", matching[0])
    assert location, matching[0]
    assert location.group(1) == name
    if expected_line is not None and "front matter" not in message:
        assert int(location.group(2)) == expected_line, matching[0]


def test_language_versions_must_match(course_dir: Path) -> None:
    edit(course_dir, "long/en/05-head.md", 'answers = ["24/18 18/13"]', 'answers = ["24/13"]')
    errors = errors_of(course_dir)
    assert any(e.startswith("long/en/05-head.md:") and "puzzle head-1: answers differ(s) from the ru version" in e for e in errors), errors


def test_missing_lesson_file_and_unlisted_file(course_dir: Path) -> None:
    (course_dir / "long" / "en" / "05-head.md").rename(course_dir / "long" / "en" / "07-extra.md")
    errors = errors_of(course_dir)
    assert any(e.startswith("long/outline.toml:") and "lesson 'head' has no file long/en/NN-head.md" in e for e in errors)
    assert any(e.startswith("long/en/07-extra.md:1:") and "not listed in long/outline.toml" in e for e in errors)


def test_all_errors_are_reported_at_once(course_dir: Path) -> None:
    edit(course_dir, PUZZLE_RU, 'task = "only"', 'task = "solve"')
    edit(course_dir, PUZZLE_RU, "dice = [5, 1]", "dice = [5, 9]")
    errors = errors_of(course_dir)
    assert len([e for e in errors if e.startswith("long/ru/05-head.md")]) >= 2


def test_too_few_hints_is_a_warning_and_strict_fails(course_dir: Path, tmp_path: Path) -> None:
    edit(course_dir, PUZZLE_RU, 'hints = ["Посчитайте белые пункты подряд.", "Есть ли чёрные шашки впереди?"]', 'hints = ["Посчитайте белые пункты подряд."]')
    edit(course_dir, "long/en/05-head.md", 'hints = ["Посчитайте белые пункты подряд.", "Есть ли чёрные шашки впереди?"]', 'hints = ["Посчитайте белые пункты подряд."]')
    assert errors_of(course_dir) == []
    report = builder.check(paths_for(course_dir), strict=False)
    assert any("give at least 2 hints" in w.message for w in report.warnings)
    with pytest.raises(ContentError):
        builder.check(paths_for(course_dir), strict=True)


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_failed_build_leaves_previous_dist_untouched(course_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    builder.build(out, paths_for(course_dir))
    before = _digest(out)
    assert "ru/lessons/head/index.html" in before
    edit(course_dir, PUZZLE_RU, 'answers = ["24/18 18/13"]', 'answers = ["24/18 18/12"]')
    with pytest.raises(ContentError):
        builder.build(out, paths_for(course_dir))
    assert _digest(out) == before
    assert not (tmp_path / "dist.staging").exists()


def test_command_line_reports_file_line_and_exit_status(course_dir: Path, tmp_path: Path) -> None:
    edit(course_dir, PUZZLE_RU, 'answers = ["24/18 18/13"]', 'answers = ["24/18 18/12"]')
    done = subprocess.run(
        [sys.executable, "build.py", "build", "--lessons", str(course_dir), "--out", str(tmp_path / "dist")],
        cwd=PROJECT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 1
    assert re.search(r"long/ru/05-head\.md:\d+: puzzle head-1: answer \"24/18 18/12\" is illegal: NO_SUCH_DIE at step 2", done.stderr), done.stderr
    assert "dist/ left as it was" in done.stderr
    assert not (tmp_path / "dist").exists()

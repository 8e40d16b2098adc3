"""What a rebuild reuses (builder.course_cache, builder.board_text): the same result as judging and composing
again, and never once any input they depend on has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

import builder
import builder.phases
from builder import board_text, course_cache
from builder.i18n import load_catalog
from builder.pages import start_model
from builder.problems import BuildError
from nardy_core import Game

from .conftest import paths_for


def _refuse(*_: object, **__: object) -> object:
    raise AssertionError("judged again")


def _kept(paths: builder.Paths) -> Path:
    return paths.project / ".cache" / f"judged-{course_cache.digest(builder.phases.load(paths))}.pickle"


def test_a_rebuild_reuses_the_judged_courses_until_a_lesson_changes(course_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = paths_for(course_dir)
    first = builder.check(paths)
    assert _kept(paths).is_file()
    with monkeypatch.context() as patched:
        patched.setattr(builder.phases, "validate_course", _refuse)
        again = builder.check(paths)  # nothing changed: nothing judged
        assert again.puzzles == first.puzzles and again.warnings == first.warnings
        lesson = next(course_dir.glob("long/ru/*.md"))
        lesson.write_text(lesson.read_text(encoding="utf-8") + "\nЕщё один абзац.\n", encoding="utf-8")
        with pytest.raises(AssertionError, match="judged again"):
            builder.check(paths)


def test_a_broken_cache_file_is_judged_again(course_dir: Path) -> None:
    paths = paths_for(course_dir)
    builder.check(paths)
    _kept(paths).write_bytes(b"not a pickle")
    assert builder.check(paths).puzzles > 0
    assert course_cache.read(paths.project / ".cache", "no-such-key") is None


def test_board_texts_are_composed_once_for_the_same_boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    requests = [{"lang": "en", "model": start_model(Game.LONG),
                 "view": {"perspective": "white", "flipped": False, "interactive": True}}]
    catalogs = {lang: dict(load_catalog(builder.Paths().i18n, lang).messages) for lang in ("ru", "en")}
    first = board_text.describe_boards(requests, catalogs, cache=tmp_path)
    monkeypatch.setattr(board_text.shutil, "which", lambda _: None)  # node is gone: only the kept texts can answer
    assert board_text.describe_boards(requests, catalogs, cache=tmp_path) == first
    other = [{**requests[0], "lang": "ru"}]
    with pytest.raises(BuildError, match="node not found"):
        board_text.describe_boards(other, catalogs, cache=tmp_path)


def test_the_pages_rendered_on_two_processes_are_the_pages_rendered_on_one(course_dir: Path) -> None:
    source = builder.phases.load(paths_for(course_dir))
    course, _ = builder.phases.validate(source)
    alone = builder.phases.render(course, source, parallel=False)
    together = builder.phases.render(course, source, parallel=True)
    assert list(together.files) == list(alone.files) and together.files == alone.files
    assert together.pages == alone.pages > 0

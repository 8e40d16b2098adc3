"""Fixtures for builder tests: a small valid course copied into a temporary folder per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder import Paths

PROJECT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "course"


@pytest.fixture
def course_dir(tmp_path: Path) -> Path:
    """A writable copy of the small valid fixture course (long/: outline, two lessons in ru and en, rules page)."""
    target = tmp_path / "lessons"
    shutil.copytree(FIXTURE, target)
    return target


def paths_for(course_dir: Path) -> Paths:
    """The builder's inputs with ``course_dir`` as the course folder."""
    return Paths(lessons=course_dir)

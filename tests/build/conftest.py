"""Fixtures for builder tests: a small valid course copied into a temporary folder per test."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "course"


@pytest.fixture()
def course_dir(tmp_path: Path) -> Path:
    """A writable copy of the small valid fixture course (outline, two lessons in ru and en, rules page)."""
    target = tmp_path / "lessons"
    shutil.copytree(FIXTURE, target)
    return target

"""Every folder of tests is collected: pytest silently skips some folder names (``build``, ``dist``…) by default.

A folder under ``tests/`` that holds ``test_*.py`` files and collects nothing is a suite that protects
nothing; this test names it. In ``make test`` it reads what its own session collected (a second collection in
a subprocess cost 14 s of the suite); run on its own, it asks a pytest with the project's configuration.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DESELECTED

PROJECT = Path(__file__).resolve().parents[1]
TESTS = PROJECT / "tests"


def folders_with_tests() -> set[str]:
    """Each folder under tests/ (as a path relative to the project) that holds a test_*.py file."""
    return {path.parent.relative_to(PROJECT).as_posix() for path in TESTS.rglob("test_*.py")}


def collected_folders() -> set[str]:
    """The folders of the test items that ``pytest --collect-only`` lists with the project's configuration."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=PROJECT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    items = (line.split("::", 1)[0] for line in proc.stdout.splitlines() if "::" in line)
    return {Path(item).parent.as_posix() for item in items}


def this_sessions_folders(session: pytest.Session) -> set[str] | None:
    """The folders of the items this session collected, where it collected with the project's configuration (its
    testpaths, as ``make test`` does; under pytest-xdist every worker collects them all), those left out by
    ``-k`` or ``-m`` too; None otherwise (a run of some files), where ``collected_folders`` asks a pytest of its own."""
    if session.config.args_source is not pytest.Config.ArgsSource.TESTPATHS:
        return None
    items = [*session.items, *session.config.stash.get(DESELECTED, [])]
    return {Path(item.path).resolve().parent.relative_to(PROJECT).as_posix() for item in items}


def test_every_folder_of_tests_is_collected(request: pytest.FixtureRequest) -> None:
    expected = folders_with_tests()
    assert "tests/build" in expected and "tests/e2e" in expected
    collected = this_sessions_folders(request.session)
    missing = sorted(expected - (collected if collected is not None else collected_folders()))
    assert not missing, f"pytest collects nothing from {missing}: check norecursedirs and testpaths in pyproject.toml"

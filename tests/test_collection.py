"""Every folder of tests is collected: pytest silently skips some folder names (``build``, ``dist``…) by default.

A folder under ``tests/`` that holds ``test_*.py`` files and collects nothing is a suite that protects
nothing; this test names it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_every_folder_of_tests_is_collected() -> None:
    expected = folders_with_tests()
    assert "tests/build" in expected and "tests/e2e" in expected
    missing = sorted(expected - collected_folders())
    assert not missing, f"pytest collects nothing from {missing}: check norecursedirs and testpaths in pyproject.toml"

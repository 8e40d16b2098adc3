"""The lab's API reference (builder/apidocs.py): a name the code leaves undocumented stops the build instead of
leaving a gap in the reference."""

from __future__ import annotations

import shutil
import types
from pathlib import Path

import pytest

import nardy_core
from builder import phases
from builder.apidocs import ApiDocsError, reference
from builder.problems import ContentError

from .conftest import FIXTURE, paths_for


def _package(**names: object) -> types.ModuleType:
    package = types.ModuleType("fake_core", "A package for the tests.")
    for name, value in names.items():
        setattr(package, name, value)
    package.__all__ = list(names)
    return package


def documented(x: int) -> int:
    """Return ``x``.

    >>> documented(1)
    1
    """
    return x


def undocumented(x: int) -> int:
    return x


class Half:
    """A class with one method left undocumented."""

    def shown(self) -> int:
        """One."""
        return 1

    def hidden(self) -> int:
        return 2


def test_a_public_function_without_a_docstring_stops_the_reference() -> None:
    package = _package(documented=documented, undocumented=undocumented)
    with pytest.raises(ApiDocsError, match=r"^fake_core\.undocumented has no docstring") as caught:
        reference(package, {"theme": ("documented", "undocumented")}, {})
    assert caught.value.path == Path(__file__) and caught.value.line == undocumented.__code__.co_firstlineno


def test_a_method_without_a_docstring_stops_the_reference() -> None:
    with pytest.raises(ApiDocsError, match=r"^fake_core\.Half\.hidden has no docstring"):
        reference(_package(Half=Half), {"theme": ("Half",)}, {})


def test_a_public_name_no_theme_lists_stops_the_reference() -> None:
    with pytest.raises(ApiDocsError, match=r"no theme .* lists undocumented"):
        reference(_package(documented=documented, undocumented=undocumented), {"theme": ("documented",)}, {})


def test_the_core_is_documented_whole() -> None:
    ref = reference(nardy_core)
    ids = ref.anchors()
    assert set(nardy_core.__all__) <= ids and {"bearoff.expected_rolls", "bot.choose", "api.turns"} <= ids


def test_a_documented_package_gives_its_signatures_and_examples() -> None:
    ref = reference(_package(documented=documented), {"theme": ("documented",)}, {})
    (entry,) = ref.themes[0].entries
    assert entry.signature == "documented(x: int) -> int"
    assert entry.doc.summary == "Return ``x``."
    assert [example.lines() for example in entry.doc.examples] == [[">>> documented(1)", "1"]]


def test_check_and_build_name_the_undocumented_function(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(nardy_core.bearoff.finals, "__doc__", None)
    lessons = tmp_path / "lessons"
    shutil.copytree(FIXTURE, lessons)
    with pytest.raises(ContentError) as caught:
        phases.check(paths_for(lessons))
    (problem,) = [p for p in caught.value.problems if "API reference" in p.message]
    assert "nardy_core.bearoff.finals has no docstring" in problem.message
    assert (problem.path.name, problem.line) == ("bearoff.py", nardy_core.bearoff.finals.__code__.co_firstlineno)

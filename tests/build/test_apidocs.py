"""The lab's API reference (builder/apidocs.py, templates/api.html): every public name of nardy_core is on both
pages with its anchor and every doctest example of its docstrings, and a name the code leaves undocumented
stops the build instead of leaving a gap in the reference."""

from __future__ import annotations

import shutil
import types
from pathlib import Path

import pytest
from markupsafe import escape

import nardy_core
from builder import phases
from builder.apidocs import MODULES, ApiDocsError, Reference, module_functions, reference
from builder.lessons import LANGUAGES
from builder.problems import ContentError

from .conftest import FIXTURE, paths_for


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The reference page of each language, rendered with the small fixture course."""
    lessons = tmp_path_factory.mktemp("apidocs") / "lessons"
    shutil.copytree(FIXTURE, lessons)
    source = phases.load(paths_for(lessons))
    course, _ = phases.validate(source)
    files = phases.render(course, source).files
    return {lang: files[f"{lang}/lab/api/index.html"].decode("utf-8") for lang in LANGUAGES}


@pytest.fixture(scope="module")
def core() -> Reference:
    return reference(nardy_core)


def test_every_public_name_and_module_function_has_an_anchor_on_both_pages(pages: dict[str, str]) -> None:
    names = list(nardy_core.__all__)
    for module_name, (_, listed) in MODULES.items():
        module = getattr(nardy_core, module_name)
        names += [f"{module_name}.{name}" for name in listed or module_functions(module)]
    assert "bearoff.expected_rolls" in names and "bot.choose" in names
    for lang, html in pages.items():
        missing = [name for name in names if f'id="{name}"' not in html or f'href="#{name}"' not in html]
        assert missing == [], lang


def test_every_request_kind_is_documented(pages: dict[str, str]) -> None:
    from nardy_core.api import HANDLERS

    for html in pages.values():
        assert all(f'id="api.{kind}"' in html for kind in HANDLERS)


def test_every_doctest_example_appears_with_its_output(pages: dict[str, str], core: Reference) -> None:
    entries = [core.overview, *(e for theme in core.themes for top in theme.entries for e in top.every_entry())]
    examples = [example for entry in entries for example in entry.doc.examples]
    assert len(examples) > 20  # the reference shows the docstrings' doctests, not only their prose
    for lang, html in pages.items():
        absent = [line for example in examples for line in example.lines()
                  if f'<span class="api-line">{escape(line)}</span>' not in html]
        assert absent == [], lang


def test_the_docstrings_are_marked_english_on_the_russian_page(pages: dict[str, str]) -> None:
    assert '<html lang="ru"' in pages["ru"]
    assert pages["ru"].count('<div class="api-doc" lang="en">') > len(nardy_core.__all__)


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


def test_the_core_is_documented_whole(core: Reference) -> None:
    ids = core.anchors()
    assert set(nardy_core.__all__) <= ids and {"bearoff.expected_rolls", "bot.choose", "api.turns"} <= ids


def test_an_enum_is_shown_as_called_with_its_values(core: Reference) -> None:
    (game,) = [entry for theme in core.themes for entry in theme.entries if entry.id == "Game"]
    assert game.signature == "Game(value)" and game.values == ("LONG = 'long'", "SHORT = 'short'", "GULBARA = 'gulbara'", "CRAZY = 'crazy'",
                                                                        "AMERICAN = 'american'", "TAVLA = 'tavla'", "FEVGA = 'fevga'")


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

"""The Python lab's example programs (issue 13), run natively in both languages, and their index.

A program runs as the lab runs it: compiled with top-level ``await``, under asyncio, with a stand-in
``micropip`` whose ``install`` records what was asked for; without the page's ``nardy_lab_bridge``,
nardy_lab prints its boards, progress and tables as text.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import re
import sys
import types
from functools import cache
from pathlib import Path

import pytest

from builder.lab_examples import load_examples
from builder.problems import ContentError

from . import ROOT

LAB = ROOT / "lessons" / "lab"

EXAMPLES = load_examples(LAB)
CASES = [(example.slug, lang) for example in EXAMPLES for lang in ("ru", "en")]


@cache
def run(slug: str, lang: str) -> tuple[str, tuple[str, ...]]:
    """The output of one example, the packages it installed and how long it took."""
    example = next(e for e in EXAMPLES if e.slug == slug)
    installed: list[str] = []

    async def install(name: str) -> None:
        installed.append(name)

    micropip = types.ModuleType("micropip")
    micropip.install = install  # type: ignore[attr-defined]
    saved = sys.modules.get("micropip")
    sys.modules["micropip"] = micropip
    out = io.StringIO()
    try:
        code = compile(example.codes[lang], str(LAB / lang / f"{slug}.py"), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        with contextlib.redirect_stdout(out):
            result = eval(code, {"__name__": "__main__"})
            if asyncio.iscoroutine(result):
                asyncio.run(result)
    finally:
        if saved is None:
            del sys.modules["micropip"]
        else:
            sys.modules["micropip"] = saved
    return out.getvalue(), tuple(installed)


@pytest.mark.parametrize("slug, lang", CASES)
def test_example_prints_what_it_promises(slug: str, lang: str) -> None:
    output, installed = run(slug, lang)
    example = next(e for e in EXAMPLES if e.slug == slug)
    assert installed == ("nardy_core",)
    assert re.search(example.expect[lang], output), output


@pytest.mark.parametrize("slug", [example.slug for example in EXAMPLES])
def test_both_languages_compute_the_same_numbers(slug: str) -> None:
    ru, en = run(slug, "ru")[0], run(slug, "en")[0]
    assert re.findall(r"\d+", ru) == re.findall(r"\d+", en), (ru, en)


@pytest.mark.parametrize("slug, lang", CASES)
def test_example_starts_by_installing_the_core_and_stays_short(slug: str, lang: str) -> None:
    code = next(e for e in EXAMPLES if e.slug == slug).codes[lang]
    body = ast.parse(code).body  # the parser accepts a top-level await; compiling it needs the flag
    assert ast.unparse(body[0]) == "import micropip"
    assert ast.unparse(body[1]) == "await micropip.install('nardy_core')"
    assert code.startswith("# ") and len(code.splitlines()) <= 60
    if lang == "en":
        assert not re.search(r"[а-яё]", code, re.IGNORECASE)


def test_the_index_lists_exactly_the_programs() -> None:
    for lang in ("ru", "en"):
        assert sorted(p.stem for p in (LAB / lang).glob("*.py")) == sorted(e.slug for e in EXAMPLES)
    assert {e.slug for e in EXAMPLES} == {"rolls", "wall", "bear-off", "my-bot", "tournament", "puzzle"}


def _write_lab(folder: Path, index: str, programs: dict[str, str]) -> None:
    for lang in ("ru", "en"):
        (folder / lang).mkdir(parents=True, exist_ok=True)
        for slug, code in programs.items():
            (folder / lang / f"{slug}.py").write_text(code, encoding="utf-8")
    (folder / "examples.toml").write_text(index, encoding="utf-8")


ENTRY = """
[[example]]
slug = "{slug}"
title.ru = "Т"
title.en = "T"
description.ru = "О."
description.en = "D."
expect.ru = '{expect}'
expect.en = 'x'
"""


def test_the_loader_reads_a_good_index(tmp_path: Path) -> None:
    _write_lab(tmp_path, ENTRY.format(slug="one", expect="x"), {"one": "import micropip\nawait micropip.install('nardy_core')\n"})
    (example,) = load_examples(tmp_path)
    assert example.slug == "one" and example.titles == {"ru": "Т", "en": "T"} and "await" in example.codes["ru"]


def test_the_loader_reports_file_and_line(tmp_path: Path) -> None:
    index = "# the lab\n" + ENTRY.format(slug="one", expect="x") + ENTRY.format(slug="two", expect="(") + "\n[[example]]\nslug = 'three'\n"
    _write_lab(tmp_path, index, {"one": "x = (\n", "extra": "pass\n"})
    (tmp_path / "en" / "one.py").write_text("pass\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_examples(tmp_path)
    shown = sorted(problem.format(tmp_path) for problem in caught.value.problems)
    assert any(re.fullmatch(r"ru/one\.py:1: the program does not compile: .*", s) for s in shown), shown
    assert "examples.toml:12: example 'two': expect.ru is not a regular expression: missing ), unterminated subpattern at position 0" in shown
    assert "two.py:1: file not found" in " ".join(shown)
    assert 'examples.toml:21: example \'three\' needs title.ru = "…" and title.en = "…"' in shown
    assert "ru/extra.py:1: example 'extra' is not listed in lab/examples.toml" in shown

"""The Python lab's example programs (issue 13): ``lessons/lab/examples.toml`` and the code it lists.

The file holds ``[[example]]`` tables in the order the lab shows them: ``slug``, ``title.ru``/``title.en``,
``description.ru``/``description.en`` (one sentence) and ``expect.ru``/``expect.en``, a regular expression
the program's output matches (``tests/lab`` runs every program natively and checks it). Each example's
code is ``<lang>/<slug>.py`` next to the file, in both languages; it runs in the browser with top-level
``await`` (Pyodide's ``runPythonAsync``), so it must compile with ``ast.PyCF_ALLOW_TOP_LEVEL_AWAIT``.

Every problem is a :class:`~builder.problems.Problem` with file and line; :func:`load_examples` reports
them all at once in a :class:`~builder.problems.ContentError`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .lessons import LANGUAGES, SLUG, read_tables, read_text
from .problems import ContentError, Problem

INDEX = "examples.toml"
TEXT_FIELDS = ("title", "description", "expect")  #: each a table of one text per language


@dataclass(frozen=True)
class Example:
    """One example program: its slug, and per language its title, description, code and expected output."""

    slug: str
    titles: dict[str, str]
    descriptions: dict[str, str]
    codes: dict[str, str]
    expect: dict[str, str]  #: a regular expression (``re.search``) the output matches


def _texts(item: dict[str, Any], key: str) -> dict[str, str] | None:
    value = item.get(key)
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        return None
    if not all(isinstance(text, str) and text.strip() for text in value.values()):
        return None
    return {lang: value[lang] for lang in LANGUAGES}


def _code(path: Path, problems: list[Problem]) -> str | None:
    """The program's text if it can be read and compiles as the lab runs it."""
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        compile(text, str(path), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
    except SyntaxError as exc:
        problems.append(Problem(path, exc.lineno or 1, f"the program does not compile: {exc.msg}"))
        return None
    return text


def _example(folder: Path, path: Path, line: int, item: object, problems: list[Problem]) -> Example | None:
    if not isinstance(item, dict):
        problems.append(Problem(path, line, "an [[example]] must be a table"))
        return None
    slug = item.get("slug")
    if not isinstance(slug, str) or not SLUG.match(slug):
        problems.append(Problem(path, line, f"example needs slug = \"…\" (lower-case letters, digits, '-'), not {slug!r}"))
        return None
    unknown = sorted(set(item) - {"slug", *TEXT_FIELDS})
    if unknown:
        problems.append(Problem(path, line, f"example {slug!r}: unknown field(s) {', '.join(unknown)}"))
    texts: dict[str, dict[str, str]] = {}
    for key in TEXT_FIELDS:
        found = _texts(item, key)
        if found is None:
            problems.append(Problem(path, line, f"example {slug!r} needs {key}.ru = \"…\" and {key}.en = \"…\""))
        else:
            texts[key] = found
    for lang, pattern in texts.get("expect", {}).items():
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(Problem(path, line, f"example {slug!r}: expect.{lang} is not a regular expression: {exc}"))
    codes = {lang: _code(folder / lang / f"{slug}.py", problems) for lang in LANGUAGES}
    if len(texts) < len(TEXT_FIELDS) or any(code is None for code in codes.values()):
        return None
    return Example(slug, texts["title"], texts["description"], {k: v for k, v in codes.items() if v is not None}, texts["expect"])


def load_examples(folder: Path) -> list[Example]:
    """The examples of ``folder`` (``lessons/lab``) in order; a :class:`ContentError` lists every problem.

    A program in ``<lang>/`` that the file does not list is a problem too: the list is the lab's whole menu.
    """
    path = folder / INDEX
    problems: list[Problem] = []
    examples: list[Example] = []
    seen: set[str] = set()
    tables = read_tables(path, "example", problems)
    for line, item in tables:
        slug = item.get("slug") if isinstance(item, dict) else None
        if isinstance(slug, str) and slug in seen:
            problems.append(Problem(path, line, f"example {slug!r} is listed twice"))
            continue
        seen.add(str(slug))
        example = _example(folder, path, line, item, problems)
        if example is not None:
            examples.append(example)
    if not tables and not problems:
        problems.append(Problem(path, 1, "the file lists no [[example]]"))
    for lang in LANGUAGES:
        for program in sorted((folder / lang).glob("*.py")):
            if program.stem not in seen:
                problems.append(Problem(program, 1, f"example {program.stem!r} is not listed in lab/{INDEX}"))
    if problems:
        raise ContentError(problems)
    return examples

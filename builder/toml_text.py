"""TOML for the builder: every file and block is read through :func:`parse_toml`, whose errors carry a line.

``tomllib`` raises ``TOMLDecodeError`` with the place in its message, and ``RecursionError`` on arrays or
tables nested a few thousand deep; both become a :class:`TomlProblem` with the line and a message without
the place (the :class:`~builder.problems.Problem` carries it), so no input ends in a traceback.

>>> parse_toml('a = 1')
{'a': 1}
>>> try:
...     parse_toml('a = 1\\nb = [' + '[' * 5000 + ']' * 5000 + ']')
... except TomlProblem as problem:
...     problem.line, problem.message
(2, 'arrays or tables nested too deeply')
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_BRACKETS_AT_ONCE = re.compile(r"[\[{]{20}")


class TomlProblem(Exception):
    """TOML that cannot be read: the line it is at (1-based, within the text) and what is wrong (no place)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def parse_toml(text: str) -> dict[str, Any]:
    """The TOML document ``text``, or a :class:`TomlProblem`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = _AT.search(str(exc))
        line = int(match.group(1)) if match else max(1, len(text.splitlines())) if "end of document" in str(exc) else 1
        raise TomlProblem(line, _AT.sub("", str(exc)).replace("(at end of document)", "at the end").strip()) from None
    except RecursionError:
        deep = next((number for number, line in enumerate(text.splitlines(), start=1) if _BRACKETS_AT_ONCE.search(line)), 1)
        raise TomlProblem(deep, "arrays or tables nested too deeply") from None

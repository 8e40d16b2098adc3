"""What can go wrong in a build, in one place: a located :class:`Problem` and one error base class.

Every bad input (a lesson, the outline, the glossary, a catalog, a template's strings) becomes a
``Problem`` with its file and line, and all of them are reported together. Code that cannot go on raises a
:class:`BuildError`; the command line prints it and exits 1, so no input ever ends in a traceback.

>>> Problem(Path("/p/lessons/long/ru/05-head.md"), 42, "puzzle head-1: answer is illegal").format(Path("/p"))
'lessons/long/ru/05-head.md:42: puzzle head-1: answer is illegal'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, located at ``path:line``."""

    path: Path
    line: int
    message: str
    warning: bool = False

    def format(self, root: Path) -> str:
        """``lessons/long/ru/05-head.md:42: message`` (relative to ``root`` when inside it)."""
        try:
            shown = self.path.relative_to(root)
        except ValueError:
            shown = self.path
        prefix = "warning: " if self.warning else ""
        return f"{shown.as_posix()}:{self.line}: {prefix}{self.message}"


class BuildError(Exception):
    """Base class of every error the builder reports to its user (never a bug)."""


class ContentError(BuildError):
    """The input has problems; ``problems`` lists them all (errors, and warnings under ``--strict``)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


class VendorError(BuildError):
    """A vendored runtime file could not be provided; the message says what the user should install or run."""

"""The build's data, shared by its phases and the modules they call: a leaf that imports no other phase.

    Paths    where the inputs are
    Source   everything a build reads (``phases.load``)
    Course   the validated content (``phases.validate``)
    Site     the rendered files in memory (``phases.render``, ``builder.pages``)
    Report   what a build or check did

Its own module so that ``builder.pages`` (which renders a Source into a Site) and ``builder.phases``
(which calls it) both import it at the top, with no cycle between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nardy_core import Game

from .glossary import Term
from .i18n import Catalog
from .lab_examples import Example
from .lessons import LANGUAGES, CourseSource
from .problems import Problem
from .proofs import ProofBook
from .validate import CourseData

PROJECT = Path(__file__).resolve().parents[1]
#: the 404 page's one inline script, as a path under site/static/ (read with the other static files by load)
NOT_FOUND_SCRIPT = "js/not-found.js"


@dataclass(frozen=True)
class Paths:
    """Where the inputs are: the course folder (``--lessons``) and the site's templates, scripts and catalogs."""

    lessons: Path = PROJECT / "lessons"
    site: Path = PROJECT / "site"
    project: Path = PROJECT

    @property
    def templates(self) -> Path:
        return self.site / "templates"

    @property
    def static(self) -> Path:
        return self.site / "static"

    @property
    def i18n(self) -> Path:
        return self.site / "i18n"


@dataclass
class Source:
    """Everything a build reads, read once."""

    paths: Paths
    courses: dict[Game, CourseSource]
    glossary: list[Term]
    catalogs: dict[str, Catalog]
    static: dict[str, bytes]  #: path under site/static/ -> content
    lab_examples: list[Example] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: pages of prose that belong to no course, by name and language (lessons/pages/<name>.<lang>.md)
    prose: dict[str, dict[str, str]] = field(default_factory=dict)
    proofs: ProofBook = field(default_factory=ProofBook)  #: the engine's figures kept so far (builder.proofs)

    @property
    def not_found_script(self) -> str:
        """The 404 page's inline script (static/js/not-found.js), as loaded: the page carries it and the
        pages' CSP header allows it by its hash (``builder.headers``)."""
        return self.static[NOT_FOUND_SCRIPT].decode("utf-8")


@dataclass
class Course:
    """The validated site content: each game's course and the glossary."""

    games: dict[Game, CourseData]
    glossary: list[Term]

    def puzzle_count(self, lang: str = LANGUAGES[0]) -> int:
        return sum(len(course.puzzles(lang)) for course in self.games.values())


@dataclass
class Site:
    """The rendered site in memory: files by path under ``dist/``, and how many are HTML pages.

    ``host`` holds the hosts' configuration files (``_headers``, ``builder.headers``): written beside the
    site, outside its version (``builder.manifest``)."""

    files: dict[str, bytes]
    pages: int
    host: dict[str, bytes] = field(default_factory=dict)


@dataclass
class Report:
    """What a build or check did."""

    pages: int
    puzzles: int
    seconds: float
    warnings: list[Problem]

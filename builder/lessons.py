"""The lesson format: per game, ``outline.toml`` plus one Markdown file per lesson per language.

A lesson file starts with TOML front matter between ``+++`` lines (``title``, ``summary``), then
Markdown. Fenced blocks with the info string ``board`` or ``puzzle`` hold TOML data; everything else is
ordinary Markdown. See ``docs/authoring.md``.

Loading only reads and structures the files; :mod:`builder.validate` judges the content with
nardy_core. Every problem is a :class:`~builder.problems.Problem` with file and line, so all of them can
be reported at once; nothing here raises on bad input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nardy_core import Game

from .problems import Problem
from .toml_text import TomlProblem, parse_toml

LANGUAGES = ("ru", "en")
BLOCK_KINDS = ("board", "puzzle", "replay")
SPECIAL_PAGES = ("rules",)  #: {game}/{lang}/_rules.md: pages outside the course, boards only
#: {game}/{lang}/_openings.md: the opening table's page, for a game with a table (builder.opening_table)
OPTIONAL_PAGES = ("openings",)
LESSON_FILE = re.compile(r"^(?P<number>\d+)-(?P<slug>[a-z0-9][a-z0-9-]{0,60})$")  #: NN-slug.md
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,60}$")  #: what may appear in a URL path segment
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>[\w-]*)\s*$")
IMAGE = re.compile(r"!\[[^\]]*\]\s*[(\[]")  #: a Markdown image, ![alt](address) or ![alt][reference]
MAX_FILE_BYTES = 2_000_000


@dataclass
class Block:
    """A ``board``, ``puzzle`` or ``replay`` block: its TOML data and where it starts (line of the opening fence)."""

    kind: str
    data: dict[str, Any]
    line: int
    field_lines: dict[str, int] = field(default_factory=dict)
    table_lines: dict[str, list[int]] = field(default_factory=dict)  #: every ``[[name]]`` header's line

    def line_of(self, key: str | None) -> int:
        """The line of a field (the block's first line if the field is not there); ``"turn#3"``: the line of the
        fourth ``[[turn]]`` table."""
        name, _, index = (key or "").partition("#")
        if index.isdigit() and int(index) < len(self.table_lines.get(name, [])):
            return self.table_lines[name][int(index)]
        return self.field_lines.get(key or "", self.line)


@dataclass
class LessonSource:
    """One lesson file in one language: front matter, Markdown split into text and blocks."""

    path: Path
    lang: str
    slug: str
    meta: dict[str, Any]
    parts: list[str | Block]  #: Markdown text chunks and blocks, in order

    @property
    def blocks(self) -> list[Block]:
        return [p for p in self.parts if isinstance(p, Block)]

    @property
    def puzzles(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "puzzle"]

    @property
    def title(self) -> str:
        return str(self.meta.get("title", self.slug))

    @property
    def summary(self) -> str:
        return str(self.meta.get("summary", ""))


@dataclass
class Chapter:
    """A chapter of the outline: its slug, titles per language and lesson slugs in order."""

    slug: str
    titles: dict[str, str]
    lessons: list[str]
    line: int


@dataclass
class CourseSource:
    """One game's course as read from disk: the outline and every lesson file, per language."""

    game: Game
    root: Path
    chapters: list[Chapter]
    lessons: dict[str, dict[str, LessonSource]]  #: lang -> slug -> source
    pages: dict[str, dict[str, LessonSource]] = field(default_factory=dict)  #: lang -> "rules" -> source

    def lesson_order(self) -> list[str]:
        return [slug for chapter in self.chapters for slug in chapter.lessons]


def read_text(path: Path, problems: list[Problem]) -> str | None:
    """A UTF-8 text file, or None with a problem saying why it cannot be read."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        problems.append(Problem(path, 1, "file not found"))
        return None
    except OSError as exc:
        problems.append(Problem(path, 1, f"cannot read the file: {exc.strerror or exc}"))
        return None
    if len(data) > MAX_FILE_BYTES:
        problems.append(Problem(path, 1, f"the file is {len(data)} bytes; at most {MAX_FILE_BYTES}"))
        return None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark some editors write
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.append(Problem(path, line, f"not UTF-8 text (byte {data[exc.start]:#04x}); save the file as UTF-8"))
        return None


def load_course(game_dir: Path, game: Game, problems: list[Problem]) -> CourseSource:
    """Read one game's outline and all its lesson files; problems are collected, not raised."""
    outline_path = game_dir / "outline.toml"
    chapters = _load_outline(outline_path, problems)
    lessons: dict[str, dict[str, LessonSource]] = {lang: {} for lang in LANGUAGES}
    listed = {slug for chapter in chapters for slug in chapter.lessons}
    for lang in LANGUAGES:
        folder = game_dir / lang
        if not folder.is_dir():
            problems.append(Problem(folder, 1, f"the {lang} lessons folder {game.value}/{lang}/ is missing"))
            continue
        for path in sorted(folder.glob("*.md")):
            if path.name.startswith("_"):
                continue  # special pages (the rules reference), loaded below
            match = LESSON_FILE.match(path.stem)
            if match is None:
                problems.append(Problem(path, 1, "a lesson file is named NN-slug.md (slug: lower-case letters, digits, '-')"))
                continue
            lesson = load_lesson(path, lang, match.group("slug"), problems)
            if lesson is None:
                continue
            if lesson.slug not in listed:
                problems.append(Problem(path, 1, f"lesson {lesson.slug!r} is not listed in {game.value}/outline.toml"))
                continue
            if lesson.slug in lessons[lang]:
                problems.append(Problem(path, 1, f"lesson {lesson.slug!r} has two files (also {lessons[lang][lesson.slug].path.name})"))
                continue
            lessons[lang][lesson.slug] = lesson
        for chapter in chapters:
            for slug in chapter.lessons:
                if slug not in lessons[lang] and not list(folder.glob(f"*-{slug}.md")):
                    problems.append(
                        Problem(outline_path, chapter.line, f"lesson {slug!r} has no file {game.value}/{lang}/NN-{slug}.md")
                    )
    pages: dict[str, dict[str, LessonSource]] = {lang: {} for lang in LANGUAGES}
    for lang in LANGUAGES:
        for name in SPECIAL_PAGES + OPTIONAL_PAGES:
            path = game_dir / lang / f"_{name}.md"
            if not path.exists() and name in OPTIONAL_PAGES:
                continue
            if not path.exists():
                problems.append(Problem(path, 1, f"the {name} page {game.value}/{lang}/_{name}.md is missing"))
                continue
            page = load_lesson(path, lang, name, problems)
            if page is not None:
                pages[lang][name] = page
    return CourseSource(game, game_dir, chapters, lessons, pages)


def read_tables(path: Path, name: str, problems: list[Problem]) -> list[tuple[int, Any]]:
    """The ``[[name]]`` tables of a TOML file with the line each starts on; problems if it cannot be read."""
    text = read_text(path, problems)
    if text is None:
        return []
    try:
        data = parse_toml(text)
    except TomlProblem as exc:
        problems.append(Problem(path, exc.line, f"invalid TOML: {exc.message}"))
        return []
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == f"[[{name}]]"]
    items = data.get(name, [])
    if not isinstance(items, list):
        problems.append(Problem(path, 1, f"write the entries as [[{name}]] tables"))
        return []
    return [(lines[i] if i < len(lines) else 1, item) for i, item in enumerate(items)]


def _load_outline(path: Path, problems: list[Problem]) -> list[Chapter]:
    tables = read_tables(path, "chapter", problems)
    if not tables and not path.is_file():
        return []
    chapters = []
    seen: set[str] = set()
    seen_chapters: set[str] = set()
    for line, item in tables:
        if not isinstance(item, dict):
            problems.append(Problem(path, line, "a [[chapter]] must be a table"))
            continue
        slug, titles, lessons = item.get("slug"), item.get("title", {}), item.get("lessons", [])
        if not isinstance(slug, str) or not SLUG.match(slug):
            problems.append(Problem(path, line, f"chapter needs slug = \"…\" (lower-case letters, digits, '-'), not {slug!r}"))
            continue
        if slug in seen_chapters:
            problems.append(Problem(path, line, f"chapter {slug!r} is listed twice"))
        seen_chapters.add(slug)
        if not isinstance(titles, dict) or not all(isinstance(titles.get(lang), str) and titles[lang].strip() for lang in LANGUAGES):
            problems.append(Problem(path, line, f"chapter {slug!r} needs title.ru = \"…\" and title.en = \"…\""))
            titles = {}
        if not isinstance(lessons, list) or not all(isinstance(s, str) for s in lessons):
            problems.append(Problem(path, line, f"chapter {slug!r}: lessons must be a list of lesson slugs"))
            lessons = []
        good = []
        for lesson in lessons:
            if not SLUG.match(lesson):
                problems.append(Problem(path, line, f"lesson slug {lesson!r} may hold only lower-case letters, digits and '-'"))
                continue
            if lesson in seen:
                problems.append(Problem(path, line, f"lesson {lesson!r} is listed twice in the outline"))
                continue
            seen.add(lesson)
            good.append(lesson)
        chapters.append(Chapter(slug, dict(titles), good, line))
    if not chapters:
        problems.append(Problem(path, 1, "the outline lists no [[chapter]]"))
    return chapters


def load_lesson(path: Path, lang: str, slug: str, problems: list[Problem]) -> LessonSource | None:
    """Parse one lesson file: front matter, Markdown text and TOML blocks."""
    text = read_text(path, problems)
    if text is None:
        return None
    lines = text.splitlines()
    if not lines or lines[0].strip() != "+++":
        problems.append(Problem(path, 1, "a lesson starts with TOML front matter between '+++' lines (title = \"…\")"))
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "+++"), None)
    if end is None:
        problems.append(Problem(path, 1, "front matter is not closed by a second '+++' line"))
        return None
    try:
        meta = parse_toml("\n".join(lines[1:end]))
    except TomlProblem as exc:
        problems.append(Problem(path, 1 + exc.line, f"invalid front matter: {exc.message}"))
        return None
    for key in ("title", "summary"):
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            problems.append(Problem(path, 2, f"front matter needs {key} = \"…\""))
    parts = _split_blocks(path, lines, end + 1, problems)
    return LessonSource(path, lang, slug, meta, parts)


def _split_blocks(path: Path, lines: list[str], start: int, problems: list[Problem]) -> list[str | Block]:
    parts: list[str | Block] = []
    text: list[str] = []
    index = start
    while index < len(lines):
        match = FENCE.match(lines[index])
        if match and match.group("info") in BLOCK_KINDS:
            fence, kind, opened = match.group("fence"), match.group("info"), index
            body: list[str] = []
            index += 1
            while index < len(lines) and lines[index].strip() != fence:
                body.append(lines[index])
                index += 1
            if index >= len(lines):
                problems.append(Problem(path, opened + 1, f"```{kind} block is not closed"))
                break
            block = _parse_block(path, kind, body, opened + 1, problems)
            if block is not None:
                if text:
                    parts.append("\n".join(text))
                    text = []
                parts.append(block)
            index += 1
            continue
        if match and match.group("info"):
            # an ordinary fenced code block: copy it whole so a '```board' inside it stays text
            fence = match.group("fence")
            text.append(lines[index])
            index += 1
            while index < len(lines):
                text.append(lines[index])
                if lines[index].strip() == fence:
                    break
                index += 1
            index += 1
            continue
        if IMAGE.search(lines[index]):
            problems.append(Problem(path, index + 1, "a lesson has no images (they would be fetched from elsewhere, or "
                                    "not at all): show a position with a ```board block"))
        text.append(lines[index])
        index += 1
    if text:
        parts.append("\n".join(text))
    return parts


def _parse_block(path: Path, kind: str, body: list[str], line: int, problems: list[Problem]) -> Block | None:
    try:
        data = parse_toml("\n".join(body))
    except TomlProblem as exc:
        problems.append(Problem(path, line + exc.line, f"{kind} block: invalid TOML: {exc.message}"))
        return None
    field_lines = {}
    table_lines: dict[str, list[int]] = {}
    for offset, raw in enumerate(body, start=1):
        key = raw.split("=", 1)[0].strip() if "=" in raw else ""
        if key and key.replace("_", "").replace(".", "").isalnum() and key not in field_lines:
            field_lines[key] = line + offset
        header = raw.strip()
        if header.startswith("[[") and header.endswith("]]"):
            field_lines.setdefault(header.strip("[]"), line + offset)
            table_lines.setdefault(header.strip("[]").strip(), []).append(line + offset)
    return Block(kind, data, line, field_lines, table_lines)

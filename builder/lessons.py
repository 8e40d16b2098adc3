"""The lesson format: ``lessons/outline.toml`` plus one Markdown file per lesson per language.

A lesson file starts with TOML front matter between ``+++`` lines (``title``, ``summary``), then
Markdown. Fenced blocks with the info string ``board`` or ``puzzle`` hold TOML data; everything
else is ordinary Markdown. See ``docs/authoring.md``.

Loading only reads and structures the files; :mod:`builder.validate` judges the content with
nardy_core. Every problem is a :class:`Problem` with file and line, so all of them can be reported
at once.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LANGUAGES = ("ru", "en")
BLOCK_KINDS = ("board", "puzzle")
SPECIAL_PAGES = ("rules",)  #: lessons/{lang}/_rules.md: pages outside the course, boards only
LESSON_PREFIX = re.compile(r"^\d+-")  #: files are named NN-slug.md; the number only orders the folder
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>[\w-]*)\s*$")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, located at ``path:line``."""

    path: Path
    line: int
    message: str
    warning: bool = False

    def format(self, root: Path) -> str:
        """``lessons/ru/05-head.md:42: message``."""
        try:
            shown = self.path.relative_to(root)
        except ValueError:
            shown = self.path
        prefix = "warning: " if self.warning else ""
        return f"{shown}:{self.line}: {prefix}{self.message}"


@dataclass
class Block:
    """A ``board`` or ``puzzle`` block: its TOML data and where it starts (line of the opening fence)."""

    kind: str
    data: dict[str, Any]
    line: int
    field_lines: dict[str, int] = field(default_factory=dict)


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


@dataclass
class Chapter:
    slug: str
    titles: dict[str, str]
    lessons: list[str]
    line: int


@dataclass
class Course:
    """The outline and every lesson source, per language."""

    root: Path
    chapters: list[Chapter]
    lessons: dict[str, dict[str, LessonSource]]  #: lang -> slug -> source
    problems: list[Problem]
    pages: dict[str, dict[str, LessonSource]] = field(default_factory=dict)  #: lang -> "rules" -> source

    def lesson_order(self) -> list[str]:
        return [slug for chapter in self.chapters for slug in chapter.lessons]


def load_course(lessons_dir: Path) -> Course:
    """Read the outline and all lesson files; problems are collected, not raised."""
    problems: list[Problem] = []
    outline_path = lessons_dir / "outline.toml"
    chapters = _load_outline(outline_path, problems)
    lessons: dict[str, dict[str, LessonSource]] = {lang: {} for lang in LANGUAGES}
    listed = {slug for chapter in chapters for slug in chapter.lessons}
    for lang in LANGUAGES:
        folder = lessons_dir / lang
        for path in sorted(folder.glob("*.md")):
            if path.name.startswith("_"):
                continue  # special pages (the rules reference), loaded by load_page
            lesson = load_lesson(path, lang, problems)
            if lesson is None:
                continue
            if lesson.slug not in listed:
                problems.append(Problem(path, 1, f"lesson {lesson.slug!r} is not listed in lessons/outline.toml"))
                continue
            lessons[lang][lesson.slug] = lesson
        for chapter in chapters:
            for slug in chapter.lessons:
                if slug not in lessons[lang] and not list(folder.glob(f"*{slug}.md")):
                    problems.append(
                        Problem(outline_path, chapter.line, f"lesson {slug!r} has no file lessons/{lang}/NN-{slug}.md")
                    )
    pages: dict[str, dict[str, LessonSource]] = {lang: {} for lang in LANGUAGES}
    for lang in LANGUAGES:
        for name in SPECIAL_PAGES:
            path = lessons_dir / lang / f"_{name}.md"
            if not path.exists():
                problems.append(Problem(path, 1, f"the {name} page lessons/{lang}/_{name}.md is missing"))
                continue
            page = load_lesson(path, lang, problems)
            if page is not None:
                pages[lang][name] = page
    return Course(lessons_dir, chapters, lessons, problems, pages)


def _load_outline(path: Path, problems: list[Problem]) -> list[Chapter]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(Problem(path, 1, "the course outline lessons/outline.toml is missing"))
        return []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(path, _toml_line(exc), f"invalid TOML: {_toml_message(exc)}"))
        return []
    chapter_lines = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[chapter]]"]
    chapters = []
    seen: set[str] = set()
    for index, item in enumerate(data.get("chapter", [])):
        line = chapter_lines[index] if index < len(chapter_lines) else 1
        slug, titles, lessons = item.get("slug"), item.get("title", {}), item.get("lessons", [])
        if not isinstance(slug, str) or not slug:
            problems.append(Problem(path, line, "chapter needs a slug"))
            continue
        missing = [lang for lang in LANGUAGES if not isinstance(titles, dict) or not titles.get(lang)]
        if missing:
            problems.append(Problem(path, line, f"chapter {slug!r} needs title.{' and title.'.join(missing)}"))
        for lesson in lessons:
            if lesson in seen:
                problems.append(Problem(path, line, f"lesson {lesson!r} is listed twice in the outline"))
            seen.add(lesson)
        chapters.append(Chapter(slug, dict(titles) if isinstance(titles, dict) else {}, list(lessons), line))
    if not chapters:
        problems.append(Problem(path, 1, "the outline lists no [[chapter]]"))
    return chapters


def load_lesson(path: Path, lang: str, problems: list[Problem]) -> LessonSource | None:
    """Parse one lesson file: front matter, Markdown text and TOML blocks."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    slug = LESSON_PREFIX.sub("", path.stem)
    if not lines or lines[0].strip() != "+++":
        problems.append(Problem(path, 1, "a lesson starts with TOML front matter between '+++' lines (title = \"…\")"))
        return None
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "+++")
    except StopIteration:
        problems.append(Problem(path, 1, "front matter is not closed by a second '+++' line"))
        return None
    try:
        meta = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(path, 1 + _toml_line(exc), f"invalid front matter: {_toml_message(exc)}"))
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
        text.append(lines[index])
        index += 1
    if text:
        parts.append("\n".join(text))
    return parts


def _parse_block(path: Path, kind: str, body: list[str], line: int, problems: list[Problem]) -> Block | None:
    try:
        data = tomllib.loads("\n".join(body))
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(path, line + _toml_line(exc), f"{kind} block: invalid TOML: {_toml_message(exc)}"))
        return None
    field_lines = {}
    for offset, raw in enumerate(body, start=1):
        key = raw.split("=", 1)[0].strip() if "=" in raw else ""
        if key and key.replace("_", "").replace(".", "").isalnum() and key not in field_lines:
            field_lines[key] = line + offset
        header = raw.strip()
        if header.startswith("[[") and header.endswith("]]"):
            field_lines.setdefault(header.strip("[]"), line + offset)
    return Block(kind, data, line, field_lines)


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def _toml_line(exc: tomllib.TOMLDecodeError) -> int:
    match = _TOML_AT.search(str(exc))
    return int(match.group(1)) if match else 1


def _toml_message(exc: tomllib.TOMLDecodeError) -> str:
    return _TOML_AT.sub("", str(exc)).strip()

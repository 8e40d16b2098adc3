"""Render the site: every page of DESIGN.md §1 per language, with inline SVG boards, into a staging folder."""

from __future__ import annotations

import json
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from nardy_core import Position, format_position
from nardy_core.api import board_model

from .board_svg import render_board
from .i18n import Catalog, check_complete, load_catalog
from .lessons import LANGUAGES, Course, Problem
from .validate import BoardData, PuzzleData
from .vendor import copy_runtime

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
)
LANGUAGE_NAMES = {"ru": "Русский", "en": "English"}
#: pages whose boards answer moves: their <head> starts Python at once (static/js/boot.js)
PAGES_WITH_PLAYABLE_BOARDS = {"lesson.html", "puzzle.html", "embed.html", "play.html", "rules.html"}


class PagesError(Exception):
    """Something the renderer cannot build (a catalog gap, a broken rules page); carries problems."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


@dataclass
class Lesson:
    """A lesson ready to render in one language."""

    slug: str
    title: str
    summary: str
    parts: list
    number: int


def markdown() -> MarkdownIt:
    """CommonMark with tables and typographic quotes; raw HTML in lessons is not allowed."""
    return MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])


class SiteRenderer:
    """Holds the Jinja environment, the catalogs and the Markdown renderer for one build."""

    def __init__(self, project: Path, course: Course, rendered: dict, staging: Path, runtime: dict[str, str]) -> None:
        self.project = project
        self.course = course
        self.rendered = rendered
        self.staging = staging
        self.runtime = runtime
        self.md = markdown()
        self.catalogs: dict[str, Catalog] = {lang: load_catalog(project / "site" / "i18n", lang) for lang in LANGUAGES}
        gaps = check_complete(self.catalogs["ru"], self.catalogs["en"])
        if gaps:
            raise PagesError([Problem(project / "site" / "i18n", 1, f"catalog: {gap}") for gap in gaps])
        self.env = Environment(
            loader=FileSystemLoader(project / "site" / "templates"),
            autoescape=select_autoescape(["html", "xml"], default=True),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.pages = 0
        self.board_counter = 0
        self._boards: dict[tuple[str, str, str, bool], Markup] = {}

    # helpers ------------------------------------------------------------------------------------
    def inline(self, text: str) -> Markup:
        return Markup(self.md.renderInline(text))

    def block(self, text: str) -> Markup:
        return Markup(self.md.render(text))

    def write(self, relative: str, template: str, lang: str | None, **context: Any) -> None:
        depth = relative.count("/")
        root = "../" * depth
        t: Callable[..., str] = self.catalogs[lang or "ru"].t
        html = self.env.get_template(template).render(
            lang=lang or "ru",
            root=root,
            t=t,
            csp=CSP,
            runtime=self.runtime,
            languages=LANGUAGE_NAMES,
            page_path=relative,
            python=template in PAGES_WITH_PLAYABLE_BOARDS,
            t_by_lang={code: catalog.t for code, catalog in self.catalogs.items()},
            **context,
        )
        target = self.staging / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        if relative.endswith(".html"):
            self.pages += 1

    def svg(self, model: dict, lang: str, board_id: str, interactive: bool) -> Markup:
        """The board's SVG; a puzzle appears on its lesson, puzzle and embed pages, so it is drawn once."""
        key = (board_id, lang, json.dumps(model, sort_keys=True), interactive)
        if key not in self._boards:
            self._boards[key] = render_board(model, self.catalogs[lang].t, board_id=board_id, interactive=interactive)
        return self._boards[key]

    def next_board_id(self, prefix: str) -> str:
        self.board_counter += 1
        return f"{prefix}-{self.board_counter}"

    # widgets ------------------------------------------------------------------------------------
    def board_widget(self, board: BoardData, lang: str) -> Markup:
        setup = board.setup
        dice = setup.roll.to_list() if setup.roll else []
        model = board_model(setup.position, list(setup.roll.steps) if setup.roll else [])
        model["perspective"] = setup.perspective.value
        board_id = self.next_board_id("diagram")
        svg = render_board(model, self.catalogs[lang].t, board_id=board_id, interactive=board.interactive)
        config = {
            "kind": "board",
            "position": format_position(setup.position),
            "dice": dice,
            "first_turn": setup.first_turn,
            "rules": setup.rules.to_dict(),
            "perspective": setup.perspective.value,
            "interactive": board.interactive,
            "highlight": board.highlight,
        }
        template = self.env.get_template("widgets/board.html")
        return Markup(template.render(svg=svg, config=json.dumps(config, ensure_ascii=False), caption=self.inline(board.caption), board=board, t=self.catalogs[lang].t, board_id=board_id))

    def puzzle_widget(self, puzzle: PuzzleData, lang: str, next_url: str | None, embed: bool = False) -> Markup:
        setup = puzzle.setup
        t = self.catalogs[lang].t
        model = board_model(setup.position, list(setup.roll.steps) if setup.roll else [])
        model["perspective"] = setup.perspective.value
        board_id = f"board-{puzzle.id}"  # puzzle ids are unique, so this id is unique on any page
        svg = self.svg(model, lang, board_id, True)
        hints = [str(self.inline(h)) for h in puzzle.text["hints"]]
        config = {
            "kind": "puzzle",
            "id": puzzle.id,
            "lesson": puzzle.lesson,
            "task": puzzle.task,
            "position": format_position(setup.position),
            "dice": setup.roll.to_list() if setup.roll else [],
            "first_turn": setup.first_turn,
            "rules": setup.rules.to_dict(),
            "perspective": setup.perspective.value,
            "accepted": puzzle.accepted,
            "solution": puzzle.solution,
            "targets": puzzle.targets,
            "quiz": puzzle.quiz,
            "wrong": [{**w, "comment": str(self.inline(w["comment"]))} for w in puzzle.wrong],
            "hints": hints,
            "next": next_url,
            "embed": embed,
        }
        template = self.env.get_template("widgets/puzzle.html")
        return Markup(
            template.render(
                svg=svg,
                config=json.dumps(config, ensure_ascii=False),
                puzzle=puzzle,
                title=puzzle.text["title"] or t("puzzle.untitled", id=puzzle.id),
                prompt=self.inline(puzzle.text["prompt"]),
                hints=[Markup(h) for h in hints],
                explanation=self.block(puzzle.text["explanation"]),
                solution_text=" ".join(f"{a}/{b}" for a, b in puzzle.solution),
                t=t,
                board_id=board_id,
            )
        )

    def body(self, parts: list, lang: str) -> Markup:
        """Markdown text, diagrams and puzzles of a lesson (or the rules page), in order."""
        html = []
        for part in parts:
            if isinstance(part, str):
                html.append(self.block(part))
            elif isinstance(part, BoardData):
                html.append(self.board_widget(part, lang))
            else:
                html.append(self.puzzle_widget(part, lang, None))  # the next puzzle is just below
        return Markup("\n".join(html))


# the pages --------------------------------------------------------------------------------------


def render_site(project: Path, course: Course, rendered: dict, staging: Path, cache: Path) -> int:
    """Write the whole site into ``staging``; returns the number of HTML pages."""
    runtime = copy_runtime(staging, cache, project)
    site = SiteRenderer(project, course, rendered, staging, runtime)
    copy_static(project, staging, site.catalogs)
    glossary = load_glossary(project / "lessons" / "glossary.toml")
    order = course.lesson_order()
    for lang in LANGUAGES:
        lessons = _lessons(course, rendered, lang)
        puzzles = [p for slug in order for p in rendered[lang].get(slug, []) if isinstance(p, PuzzleData)]
        next_of = {p.id: (f"{lang}/puzzles/{n.id}/" if n else None) for p, n in zip(puzzles, puzzles[1:] + [None])}
        chapters = [
            {"slug": c.slug, "title": c.titles.get(lang, c.slug), "lessons": [lessons[s] for s in c.lessons if s in lessons]}
            for c in course.chapters
        ]
        puzzle_counts = {slug: sum(1 for p in rendered[lang].get(slug, []) if isinstance(p, PuzzleData)) for slug in order}
        site.write(f"{lang}/index.html", "course.html", lang, chapters=chapters, puzzle_counts=puzzle_counts, total=len(puzzles))
        ordered = [lessons[s] for s in order if s in lessons]
        for index, lesson in enumerate(ordered):
            body = site.body(lesson.parts, lang)
            site.write(
                f"{lang}/lessons/{lesson.slug}/index.html",
                "lesson.html",
                lang,
                lesson=lesson,
                body=body,
                previous=ordered[index - 1] if index else None,
                next=ordered[index + 1] if index + 1 < len(ordered) else None,
                puzzle_ids=[p.id for p in lesson.parts if isinstance(p, PuzzleData)],
            )
        themes: dict[str, list[PuzzleData]] = {}
        for puzzle in puzzles:
            for tag in puzzle.tags or ["other"]:
                themes.setdefault(tag, []).append(puzzle)
        site.write(f"{lang}/puzzles/index.html", "puzzles.html", lang, themes=themes, lessons=lessons)
        for puzzle in puzzles:
            widget = site.puzzle_widget(puzzle, lang, next_of[puzzle.id])
            site.write(f"{lang}/puzzles/{puzzle.id}/index.html", "puzzle.html", lang, puzzle=puzzle, widget=widget, lesson=lessons.get(puzzle.lesson))
            embed = site.puzzle_widget(puzzle, lang, None, embed=True)
            site.write(f"embed/{lang}/{puzzle.id}.html", "embed.html", lang, puzzle=puzzle, widget=embed)
        rules_body = _rules_page(site, rendered, lang)
        site.write(f"{lang}/rules/index.html", "rules.html", lang, body=rules_body, glossary=glossary)
        site.write(f"{lang}/play/index.html", "play.html", lang, board=_free_board(site, lang))
    site.write("index.html", "redirect.html", None)
    site.write("404.html", "404.html", None)
    return site.pages


def _lessons(course: Course, rendered: dict, lang: str) -> dict[str, Lesson]:
    result = {}
    for number, slug in enumerate(course.lesson_order(), start=1):
        source = course.lessons[lang].get(slug)
        if source is None:
            continue
        result[slug] = Lesson(slug, source.meta["title"], source.meta["summary"], rendered[lang][slug], number)
    return result


def _rules_page(site: SiteRenderer, rendered: dict, lang: str) -> Markup:
    return site.body(rendered[lang].get("_rules", []), lang)


def _free_board(site: SiteRenderer, lang: str) -> Markup:
    model = board_model(Position.start(), [])
    return render_board(model, site.catalogs[lang].t, board_id="free-board", interactive=True)


def load_glossary(path: Path) -> list[dict[str, str]]:
    """Glossary entries (``[[term]]`` with ru, en, note_ru, note_en)."""
    if not path.exists():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [dict(item) for item in data.get("term", [])]


def copy_static(project: Path, staging: Path, catalogs: dict[str, Catalog]) -> None:
    """JS, CSS and the UI catalogs as JSON for the browser."""
    shutil.copytree(project / "site" / "static", staging / "static", dirs_exist_ok=True)
    # the service worker must sit at the site root for its scope to cover every page
    shutil.move(staging / "static" / "sw.js", staging / "sw.js")
    i18n_dir = staging / "i18n"
    i18n_dir.mkdir(parents=True, exist_ok=True)
    for lang, catalog in catalogs.items():
        (i18n_dir / f"{lang}.json").write_text(catalog.as_json(), encoding="utf-8")



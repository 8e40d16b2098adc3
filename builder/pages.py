"""Render the site in memory: every page of DESIGN.md §1 per language and game, with inline SVG boards.

URLs: long nardy lives at the root of a language (``ru/``, ``ru/lessons/<slug>/``, ``ru/puzzles/…``,
``ru/rules/``), short nardy under ``ru/short/``; the free board ``ru/play/`` plays both (``?game=short``);
embeds are ``embed/<lang>/<puzzle id>.html`` (ids are unique across both courses).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup, escape

import nardy_core
from nardy_core import Game, Position, board_model
from nardy_core.answer_types import BoardModel
from nardy_core.cube import Cube
from nardy_core.engine import DEFAULT_LEVEL, LEVELS
from nardy_core.games import DEFAULT_GAME

from .answers import AnswerBooks, turn_setup
from .apidocs import prose_html, reference
from .assets import ASSETS, asset, named_by_content, static_path
from .board_svg import captions_ref, json_attribute, render_board, sprite, sprite_module
from .board_text import describe_boards
from .csp import BOOKS_SCRIPT, CSP, THEME_SCRIPT, with_inline_script
from .forked import beside
from .headers import host_files
from .lab_runtime import lab_paths
from .lessons import LANGUAGES
from .model import Course, Site, Source
from .modules import BOOT, lazy_widget_modules, module_closure, preload_links, widget_modules, with_module_list
from .offline import OFFLINE_LIST, OFFLINE_PAGE
from .replay import FOLDER as REPLAYS
from .replay import ReplayData
from .rules_controls import rules_controls
from .tasks import PuzzleData, Setup
from .validate import BoardData, CourseData, Part
from .vendor import runtime_paths

LANGUAGE_NAMES = {"ru": "Русский", "en": "English"}
#: where the page's <head> gets the preloads of its first answer books (known only once its body is rendered)
FIRST_BOOKS = Markup("<!--nb-first-books-->")
WIDGET_MODULES = Markup("<!--nb-widget-modules-->")  # the preloads of the lazy widgets a page holds
#: how many: the first two boards, a lesson's first board and the first puzzle after it as a rule; each other
#: board fetches its own book when it is mounted (a third was one more request before the first tap, over
#: HTTP/1.1 a sixth of a round trip, for a board below the first screen)
FIRST_BOOKS_PRELOADED = 2
#: pages whose boards answer moves: their <head> starts Python at once (static/js/boot.js)
PAGES_WITH_PLAYABLE_BOARDS = {"lesson.html", "puzzle.html", "embed.html", "embed-play.html", "play.html", "rules.html"}
#: pages that read without JavaScript: their boards are drawn by the build (and the page carries the shapes);
#: on the others (a puzzle's page, an embed, the free board) the page's board code draws them
PAGES_WITH_PICTURES = {"lesson.html", "rules.html"}
#: pages whose head lists every module app.js imports: the long ones (boot.js would run late there), and the
#: offline page, whose files the service worker keeps at its install by reading them off the page (static/sw.js)
PAGES_LISTING_MODULES = PAGES_WITH_PICTURES | {"offline.html"}
SPRITE_SLOT = Markup("<!--nb-sprite-->")  # where a page's sprite goes, once its pictures are known
#: where each game's pages live under a language: the default game's at its root, the others in a folder of their name
PREFIX = {game: "" if game is DEFAULT_GAME else f"{game.value}/" for game in Game}


def start_model(game: Game) -> BoardModel:
    """The board model of ``game``'s start, with the cube when its board shows one."""
    return board_model(Position.start(game), cube=Cube() if game.spec.shows_cube else None)
REVIEW_LESSON = "play-computer"  #: the lesson whose checklist a finished game's review answers (the free board links it)


def markdown() -> MarkdownIt:
    """CommonMark with tables and typographic quotes; raw HTML in lessons is not allowed."""
    return MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])


@dataclass(frozen=True)
class BoardKey:
    """What a board's texts depend on."""

    lang: str
    model: str  #: the model as JSON
    perspective: str
    interactive: bool


def _bytecode_cache(folder: Path) -> BytecodeCache | None:
    """Jinja's cache of compiled templates in ``folder``; None where it cannot be made (the build only slows)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


def _book_setup(setup: Setup) -> dict[str, Any] | None:
    """The answer book's setup (builder/answers.py) of a board that plays a turn; None for one without dice."""
    if setup.roll is None:
        return None
    return turn_setup(setup.position.notation(), setup.roll.to_list(), setup.first_turn, setup.rules.to_dict())


def _setup_model(setup: Setup, cube: bool = False) -> BoardModel:
    return board_model(setup.position, setup.throw, cube=Cube() if cube else None)


def _puzzle_model(puzzle: PuzzleData) -> BoardModel:
    """A puzzle's board: without the pip counts where the puzzle asks for one."""
    model = _setup_model(puzzle.setup)
    return model if puzzle.shows_pips else {**model, "pips": None}


class SiteRenderer:
    """The Jinja environment, the catalogs, the Markdown renderer and the board texts of one build."""

    def __init__(self, course: Course, source: Source) -> None:
        self.course = course
        self.source = source
        self.site_url: str | None = None  #: the site's own address, when the build was told it
        self.catalogs = source.catalogs
        self.md = markdown()
        self.env = Environment(
            loader=FileSystemLoader(source.paths.templates),
            autoescape=select_autoescape(["html", "xml"], default=True),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            auto_reload=False,  # one build reads each template once: no stat of its file on every page
            # compiled templates kept between builds (by the templates' source, Jinja's own check)
            bytecode_cache=_bytecode_cache(source.paths.project / ".cache" / "jinja"),
        )
        # a widget's config as JSON in a single-quoted attribute: a third of the bytes of escaped double quotes
        self.env.globals["json_attr"] = lambda name, value: Markup(json_attribute(name, value))
        self.files: dict[str, bytes] = {}
        self.pages = 0
        self.texts: dict[BoardKey, dict[str, Any]] = {}
        self.captions: dict[str, dict[str, list[str]]] = {lang: {} for lang in LANGUAGES}  # by captions_ref
        self.games = [game for game in Game if game in course.games]
        self.books = AnswerBooks(source.paths.project / ".cache" / "answers")
        #: the books asked for since the last page was written, in page order: a page's widgets are rendered
        #: just before the page itself (its context), so these are the next page's
        self.page_books: list[str] = []
        self._drawn: dict[tuple[BoardKey, str, bool, bool], Markup] = {}
        self._inline: dict[str, Markup] = {}
        self._block: dict[str, Markup] = {}

    # answer books, computed on every core before the pages ask for them one by one ---------------------
    def prepare_books(self) -> None:
        # exactly the boards `answers` is asked for: a setup computed and never asked for would not be kept,
        # and every build would compute it again
        setups = [part.setup for _, part in self._course_parts()
                  if (isinstance(part, BoardData) and part.interactive)
                  or (isinstance(part, PuzzleData) and part.task.mode == "turn")]
        self.books.prefetch(book for book in map(_book_setup, setups) if book is not None)

    def _course_parts(self) -> Iterator[tuple[str, Any]]:
        """(language, part) for every part of every lesson and page of every course."""
        for data in self.course.games.values():
            for lang in LANGUAGES:
                for parts in [lesson.parts for lesson in data.lessons[lang].values()] + list(data.pages[lang].values()):
                    for part in parts:
                        yield lang, part

    # board texts, all composed by board/text.js in one run of node ----------------------------------
    def prepare_texts(self) -> None:
        keys: list[BoardKey] = []
        for lang, part in self._course_parts():
            if isinstance(part, BoardData):
                keys.append(self._key(lang, _setup_model(part.setup), part.setup, part.interactive))
            elif isinstance(part, PuzzleData):
                keys.append(self._key(lang, _puzzle_model(part), part.setup, True))
            elif isinstance(part, ReplayData):
                keys.append(BoardKey(lang, json.dumps(part.start.model, sort_keys=True), part.perspective.value, False))
        for lang in LANGUAGES:
            for game in Game:
                model = start_model(game)
                keys.append(BoardKey(lang, json.dumps(model, sort_keys=True), "white", True))
        unique = list(dict.fromkeys(keys))
        requests = [{"lang": k.lang, "model": json.loads(k.model), "view": {"perspective": k.perspective, "flipped": False,
                                                                            "interactive": k.interactive}} for k in unique]
        catalogs = {lang: dict(catalog.messages) for lang, catalog in self.catalogs.items()}
        described = describe_boards(requests, catalogs, self.source.paths.static, self.source.paths.project / ".cache")
        self.texts = dict(zip(unique, described, strict=True))

    @staticmethod
    def _key(lang: str, model: BoardModel, setup: Setup, interactive: bool) -> BoardKey:
        return BoardKey(lang, json.dumps(model, sort_keys=True), setup.perspective.value, interactive)

    def board_svg(self, lang: str, model: BoardModel, perspective: str, interactive: bool, board_id: str,
                  picture: bool = True, captions: bool = True) -> Markup:
        key = BoardKey(lang, json.dumps(model, sort_keys=True), perspective, interactive)
        texts = self.texts[key]
        self.captions[lang][captions_ref(model["game"], perspective)] = texts["captions"]
        drawn = (key, board_id, picture, captions)  # a puzzle is drawn on its lesson, its own page and its embed
        if drawn not in self._drawn:
            self._drawn[drawn] = render_board(model, texts, board_id=board_id, perspective=perspective,
                                              interactive=interactive, picture=picture, captions=captions)
        return self._drawn[drawn]

    # helpers: the same text is rendered once per build (a puzzle's hints are on three pages) ----------
    def inline(self, text: str) -> Markup:
        if text not in self._inline:
            self._inline[text] = Markup(self.md.renderInline(text))
        return self._inline[text]

    def block(self, text: str) -> Markup:
        if text not in self._block:
            self._block[text] = Markup(self.md.render(text))
        return self._block[text]

    def t(self, lang: str) -> Callable[..., str]:
        return self.catalogs[lang].t

    def write(self, relative: str, template: str, lang: str | None, **context: Any) -> None:
        depth = relative.count("/")
        root = "../" * depth
        language = lang or LANGUAGES[0]
        embed_page = relative.startswith("embed/")  # a page for someone else's frame: light, only ever played
        html = self.env.get_template(template).render(
            lang=language,
            root=root,
            assets=root + ASSETS,
            t=self.t(language),
            csp=context.pop("csp", CSP),
            theme_script=Markup(THEME_SCRIPT),
            runtime=self.runtime,
            languages=LANGUAGE_NAMES,
            page_path=relative,
            embed_page=embed_page,
            python=template in PAGES_WITH_PLAYABLE_BOARDS,
            sprite=SPRITE_SLOT if template in PAGES_WITH_PICTURES else "",
            first_books_slot=FIRST_BOOKS,
            widget_modules_slot=WIDGET_MODULES,
            module_preloads=Markup(preload_links(self.app_modules, root)) if template in PAGES_LISTING_MODULES else "",
            games=[g.value for g in self.games],
            prefixes={g.value: PREFIX[g] for g in Game},
            variants=[g.value for g in Game if g.spec.variant],
            default_game=DEFAULT_GAME.value,
            t_by_lang={code: catalog.t for code, catalog in self.catalogs.items()},
            **context,
        )
        html = html.replace(FIRST_BOOKS, first_books(self.page_books, root, scripted=not embed_page), 1)
        html = html.replace(WIDGET_MODULES, preload_links(widget_modules(html, self.lazy_widget_modules), root), 1)
        self.page_books = []
        if template in PAGES_WITH_PICTURES:  # the sprite holds the shared shapes this page's pictures use
            html = html.replace(SPRITE_SLOT, sprite(html, self.captions[language]), 1)
        self.files[relative] = html.encode("utf-8")
        if relative.endswith(".html"):
            self.pages += 1

    @cached_property
    def static_files(self) -> dict[str, bytes]:
        """The static files by site path, for reading the module graph."""
        return {static_path(relative): data for relative, data in self.source.static.items()}

    @cached_property
    def lazy_widget_modules(self) -> dict[str, list[str]]:
        """The lazy widgets' own modules, by widget: read once per build from the static files."""
        return lazy_widget_modules(self.static_files)

    @cached_property
    def app_modules(self) -> list[str]:
        """Every module ``app.js`` imports, as site paths: read once per build from the static files."""
        return module_closure(self.static_files)

    @cached_property
    def runtime(self) -> dict[str, str]:
        """The runtime's paths (``builder.vendor.runtime_paths``): read once per build."""
        return runtime_paths(self.source.paths.project)

    def answers(self, setup: Setup) -> str | None:
        """The answer book of a board that plays a turn (builder/answers.py), as a path from the site root."""
        book = _book_setup(setup)
        if book is None:
            return None
        path = self.books.path_for(book)
        self.page_books.append(path)
        return path

    # widgets ------------------------------------------------------------------------------------
    def board_widget(self, board: BoardData, lang: str, board_id: str) -> Markup:
        setup = board.setup
        model = _setup_model(setup)
        svg = self.board_svg(lang, model, setup.perspective.value, board.interactive, board_id)
        config = {
            "kind": "board",
            "game": setup.position.game.value,
            "position": setup.position.notation(),
            "dice": setup.roll.to_list() if setup.roll else [],
            "first_turn": setup.first_turn,
            "rules": setup.rules.to_dict(),
            "interactive": board.interactive,
            "highlight": board.highlight,
            "answers": self.answers(setup) if board.interactive else None,
        }
        template = self.env.get_template("widgets/board.html")
        return Markup(template.render(svg=svg, config=config, caption=self.inline(board.caption),
                                      board=board, t=self.t(lang), board_id=board_id))

    def puzzle_widget(self, puzzle: PuzzleData, lang: str, next_url: str | None, embed: bool = False,
                      picture: bool = True) -> Markup:
        setup = puzzle.setup
        t = self.t(lang)
        board_id = f"board-{puzzle.id}"  # puzzle ids are unique, so this id is unique on any page
        task = puzzle.task
        # a find-the-point puzzle: a caption ("white's head") would say the answer
        svg = self.board_svg(lang, _puzzle_model(puzzle), setup.perspective.value, True, board_id, picture,
                             captions=task.mode != "click")
        hints = [str(self.inline(h)) for h in puzzle.text["hints"]]
        config = {
            "kind": "puzzle",
            "id": puzzle.id,
            "lesson": puzzle.lesson,
            "game": puzzle.game.value,
            "task": task.name,
            "mode": task.mode,
            "choices": [value for value, _ in (puzzle.choices or task.choices)],
            "position": setup.position.notation(),
            "dice": setup.roll.to_list() if setup.roll else [],
            "first_turn": setup.first_turn,
            "rules": setup.rules.to_dict(),
            "accepted": puzzle.accepted,
            "solution": puzzle.solution,
            "targets": puzzle.targets,
            "quiz": puzzle.quiz,
            "wrong": [{**w, "comment": str(self.inline(w["comment"]))} for w in puzzle.wrong],
            "hint_points": puzzle.hint_points,
            "bearoff": puzzle.bearoff,
            "composed": puzzle.composed,
            "answers": self.answers(setup) if task.mode == "turn" else None,
            "next": next_url,
            "embed": embed,
        }
        template = self.env.get_template("widgets/puzzle.html")
        return Markup(
            template.render(
                svg=svg,
                config=config,
                puzzle=puzzle,
                task=task,
                title=puzzle.text["title"] or t("puzzle.untitled", id=puzzle.id),
                prompt=self.inline(puzzle.text["prompt"]),
                hints=[Markup(h) for h in hints],
                explanation=self.block(puzzle.text["explanation"]),
                t=t,
                board_id=board_id,
            )
        )

    def replay_widget(self, replay: ReplayData, lang: str) -> Markup:
        """An annotated game: the start board, the moves with their notes, and every position for the page."""
        board_id = f"replay-{replay.id}"
        svg = self.board_svg(lang, replay.start.model, replay.perspective.value, False, board_id)
        frames = [
            {"side": f.side, "dice": f.dice, "play": f.play, "note": str(self.inline(f.note)) if f.note else "", "model": f.model}
            for f in replay.frames
        ]
        # every position of the game is a file of its own, fetched when the page mounts the widget (a lesson
        # stays light); the notes are in the page once, in the record of moves (replay.js reads them there)
        moves = [{key: value for key, value in frame.items() if key != "note"} for frame in frames]
        data = json.dumps(moves, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        frames_file = named_by_content(REPLAYS, data, ".json")
        self.files[frames_file] = data
        config = {"kind": "replay", "id": replay.id, "frames": frames_file, "count": len(moves), "first": moves[0],
                  "result": replay.result}
        template = self.env.get_template("widgets/replay.html")
        return Markup(template.render(svg=svg, config=config, replay=replay, frames=frames,
                                      caption=self.inline(replay.caption), t=self.t(lang), board_id=board_id))

    def body(self, parts: list[Part], lang: str, prefix: str) -> Markup:
        """Markdown text, diagrams and puzzles of a lesson (or a rules page), in order."""
        html = []
        for index, part in enumerate(parts):
            if isinstance(part, str):
                html.append(self.block(part))
            elif isinstance(part, BoardData):
                html.append(self.board_widget(part, lang, f"{prefix}diagram-{index}"))
            elif isinstance(part, ReplayData):
                html.append(self.replay_widget(part, lang))
            else:
                html.append(self.puzzle_widget(part, lang, None))  # the next puzzle is just below
        return Markup("\n".join(html))

    @staticmethod
    def start_notations() -> dict[str, str]:
        """Each game's starting position as the free board's address writes it (its form's first value, and
        the example its "cannot read" message gives)."""
        return {game.value: Position.start(game).notation() for game in Game}

    def free_boards(self, lang: str) -> dict[str, Markup]:
        boards = {}
        for game in Game:
            model = start_model(game)
            boards[game.value] = self.board_svg(lang, model, "white", True, f"free-board-{game.value}", picture=False)
        return boards


# the pages --------------------------------------------------------------------------------------


def _render_language(site: SiteRenderer, course: Course, lang: str) -> None:
    """Every page of one language: both courses, the free board, the lab, the review, settings and offline."""
    for game, data in course.games.items():
        _render_game(site, game, data, lang)
    # the games whose course has the lesson a finished game's review links to, and where it is
    review_lessons = {game.value: f"{lang}/{PREFIX[game]}lessons/{REVIEW_LESSON}/"
                      for game, data in course.games.items() if REVIEW_LESSON in data.lessons.get(lang, {})}
    site.write(f"{lang}/play/index.html", "play.html", lang, boards=site.free_boards(lang), game=DEFAULT_GAME.value,
               starts=site.start_notations(), review_lessons=review_lessons, levels=LEVELS, default_level=DEFAULT_LEVEL,
               rules_controls={game.value: rules_controls(game) for game in Game}, header_follows_board=True)
    # any position on someone else's page: the free board in an embed's frame (?pos=…&dice=…&game=…)
    site.write(f"embed/{lang}/play.html", "embed-play.html", lang, boards=site.free_boards(lang), game=DEFAULT_GAME.value,
               starts=site.start_notations(), review_lessons=review_lessons, levels=LEVELS, default_level=DEFAULT_LEVEL)
    _render_lab(site, lang)
    _render_review(site, course, lang)
    # the learner's preferences and "the whole course, offline"; the page a visit without network lands on
    offline_list = OFFLINE_LIST.format(lang=lang)
    site.write(f"{lang}/settings/index.html", "settings.html", lang, game=DEFAULT_GAME.value, offline_list=offline_list)
    site.write(f"{OFFLINE_PAGE.format(lang=lang)}index.html", "offline.html", lang, game=DEFAULT_GAME.value,
               offline_list=offline_list)


def render_site(course: Course, source: Source, site_url: str | None = None, parallel: bool = False) -> Site:
    """Every page and file of the site, in memory; with the site's address (``--site-url``) an oEmbed
    description of each puzzle too (``oembed/{lang}/{id}.json``, which has to name absolute addresses).
    With ``parallel`` the first language is rendered here and the others in a forked process at the same time
    (``builder.forked``): the same files, in the same order."""
    site = SiteRenderer(course, source)
    site.site_url = site_url
    site.prepare_books()
    site.prepare_texts()
    copy_static(site)
    first, rest = LANGUAGES[0], LANGUAGES[1:]
    if parallel and rest:
        files, books, pages = set(site.files), set(site.books.files), site.pages

        def there() -> tuple[dict[str, bytes], dict[str, bytes], int]:
            for lang in rest:
                _render_language(site, course, lang)
            return ({path: data for path, data in site.files.items() if path not in files},
                    {path: data for path, data in site.books.files.items() if path not in books}, site.pages - pages)

        theirs = beside(lambda: _render_language(site, course, first), there)
        if theirs is None:  # the child failed: the rest here, in order (an error is raised as it would be)
            for lang in rest:
                _render_language(site, course, lang)
        else:
            site.files.update(theirs[0])
            site.books.files.update(theirs[1])
            site.pages += theirs[2]
    else:
        for lang in LANGUAGES:
            _render_language(site, course, lang)
    _render_api_reference(site)
    site.write("index.html", "redirect.html", None, game=DEFAULT_GAME.value)
    _render_embedding(site, course)
    # the 404 page's one inline script, as loaded: the pages' CSP header allows it too (builder/headers.py), since
    # a host answers a missing /ru/… with 404.html under the headers of /ru/*
    script = source.not_found_script
    site.write("404.html", "404.html", None, game=DEFAULT_GAME.value, not_found_script=Markup(script),
               csp=with_inline_script(CSP, script))
    site.files.update(site.books.files)
    return Site(site.files, site.pages, host_files(script))


#: the size an oEmbed consumer reserves for a puzzle (the embed's script then keeps the frame as tall as it is)
OEMBED_SIZE = (640, 900)


def oembed_json(site_url: str, lang: str, puzzle_id: str, title: str, provider: str) -> bytes:
    """The oEmbed 1.0 "rich" description of one puzzle: a frame of its embed page and the script that keeps the
    frame as tall as the puzzle (static/js/nardy-embed.js, which follows ``iframe[data-nardy-embed]``).

    >>> import json
    >>> data = json.loads(oembed_json("https://example.org/nardy/", "ru", "head-first-move", "Первый ход", "Нарды"))
    >>> data["type"], data["width"], data["provider_url"]
    ('rich', 640, 'https://example.org/nardy/')
    >>> 'src="https://example.org/nardy/embed/ru/head-first-move.html"' in data["html"]
    True
    """
    width, height = OEMBED_SIZE
    frame = (f'<iframe src="{site_url}embed/{lang}/{puzzle_id}.html" title="{escape(title)}" width="{width}" '
             f'height="{height}" style="border:0;max-width:100%" loading="lazy" data-nardy-embed></iframe>'
             f'<script src="{site_url}static/js/nardy-embed.js" async></script>')
    data = {"version": "1.0", "type": "rich", "title": title, "provider_name": provider, "provider_url": site_url,
            "html": frame, "width": width, "height": height}
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _render_api_reference(site: SiteRenderer) -> None:
    """The lab's reference of nardy_core (builder/apidocs.py) in each language (validate has checked that it can
    document every public name)."""
    ref = reference(nardy_core)
    anchors = ref.anchors()

    def prose(text: str, context: str) -> Markup:
        return Markup(prose_html(text, anchors, context))

    for lang in LANGUAGES:
        site.write(f"{lang}/lab/api/index.html", "api.html", lang, reference=ref, prose=prose, game=DEFAULT_GAME.value)


def _render_game(site: SiteRenderer, game: Game, data: CourseData, lang: str) -> None:
    prefix = PREFIX[game]
    base = f"{lang}/{prefix}"
    lessons = data.lessons[lang]
    ordered = [lessons[s] for s in data.order() if s in lessons]
    puzzles = data.puzzles(lang)
    next_of = {p.id: (f"{base}puzzles/{n.id}/" if n else None) for p, n in zip(puzzles, [*puzzles[1:], None], strict=True)}
    chapters = [
        {"slug": slug, "title": titles.get(lang, slug), "lessons": [lessons[s] for s in slugs if s in lessons]}
        for slug, titles, slugs in data.chapters
    ]
    # one numbering on the course map and on the lesson pages: chapters 1..N, lessons 1..M across the course
    chapter_of = {slug: (number, titles.get(lang, slug))
                  for number, (_, titles, slugs) in enumerate(data.chapters, start=1) for slug in slugs}
    common = {"game": game.value, "prefix": prefix}
    openings = data.openings is not None and "openings" in data.pages[lang]  # the table and its page's prose
    site.write(f"{base}index.html", "course.html", lang, chapters=chapters, total=len(puzzles), openings=openings,
               **common)
    for index, lesson in enumerate(ordered):
        chapter_number, chapter_title = chapter_of[lesson.slug]
        site.write(
            f"{base}lessons/{lesson.slug}/index.html", "lesson.html", lang,
            lesson=lesson, body=site.body(lesson.parts, lang, ""),
            chapter_number=chapter_number, chapter_title=chapter_title,
            previous=ordered[index - 1] if index else None, next=ordered[index + 1] if index + 1 < len(ordered) else None,
            puzzle_ids=[p.id for p in lesson.puzzles], **common,
        )
    themes: dict[str, list[PuzzleData]] = {}
    for puzzle in puzzles:
        for tag in puzzle.tags or ["other"]:
            themes.setdefault(tag, []).append(puzzle)
    site.write(f"{base}puzzles/index.html", "puzzles.html", lang, themes=themes, lessons=lessons, **common)
    for puzzle in puzzles:
        widget = site.puzzle_widget(puzzle, lang, next_of[puzzle.id], picture=False)
        oembed = f"{site.site_url}oembed/{lang}/{puzzle.id}.json" if site.site_url else None
        site.write(f"{base}puzzles/{puzzle.id}/index.html", "puzzle.html", lang, puzzle=puzzle, widget=widget,
                   lesson=lessons.get(puzzle.lesson), oembed=oembed, **common)
        if site.site_url:
            site.files[f"oembed/{lang}/{puzzle.id}.json"] = oembed_json(
                site.site_url, lang, puzzle.id, str(puzzle.text.get("title") or site.t(lang)("puzzle.untitled", id=puzzle.id)),
                site.t(lang)("site.name"))
        embed = site.puzzle_widget(puzzle, lang, None, embed=True, picture=False)
        site.write(f"embed/{lang}/{puzzle.id}.html", "embed.html", lang, puzzle=puzzle, widget=embed, **common)
    glossary = [term for term in site.course.glossary if game in term.games]
    rules_body = site.body(data.pages[lang].get("rules", []), lang, "rules-")
    site.write(f"{base}rules/index.html", "rules.html", lang, body=rules_body, glossary=glossary, **common)
    if openings:
        site.write(f"{base}openings/index.html", "openings.html", lang, table=data.openings,
                   body=site.body(data.pages[lang]["openings"], lang, "openings-"), **common)


def _render_review(site: SiteRenderer, course: Course, lang: str) -> None:
    """The learner's review page (static/js/review-page.js): every puzzle of both games and every theme, from
    which the script shows the puzzles due again, the ones coming back later and the weakest themes."""
    courses = []
    for game, data in course.games.items():
        puzzles = data.puzzles(lang)
        themes: dict[str, int] = {}
        for puzzle in puzzles:
            for tag in puzzle.tags or ["other"]:
                themes[tag] = themes.get(tag, 0) + 1
        courses.append({"game": game.value, "prefix": PREFIX[game], "puzzles": puzzles, "themes": themes})
    site.write(f"{lang}/review/index.html", "review.html", lang, courses=courses, game=DEFAULT_GAME.value)


def _render_lab(site: SiteRenderer, lang: str) -> None:
    """The Python lab (``static/js/lab/``): its examples, the paths its own worker boots from, a board."""
    examples = site.source.lab_examples
    if not examples:
        return
    runtime = site.runtime
    lab = lab_paths()
    config = {
        "kind": "lab",
        "paths": {"indexURL": runtime["pyodide_url_dir"], "stdLibURL": lab["lab_stdlib"],
                  "lockFileURL": lab["lab_lock"], "packageBaseURL": lab["packages"]},
        "examples": [{"slug": e.slug, "title": e.titles[lang], "description": e.descriptions[lang]} for e in examples],
    }
    shown = [{"slug": e.slug, "title": e.titles[lang], "description": e.descriptions[lang], "code": e.codes[lang]}
             for e in examples]
    site.write(f"{lang}/lab/index.html", "lab.html", lang, config=config, examples=shown,
               boards=site.free_boards(lang), game=DEFAULT_GAME.value)


#: the puzzle the page for site owners shows, embedded as its own code says, and the course that has it
EMBEDDING_EXAMPLE = "head-first-move"
EMBEDDING_EXAMPLE_GAME = Game.LONG


def _render_embedding(site: SiteRenderer, course: Course) -> None:
    """/{lang}/embedding/: for site owners, how to embed a puzzle, its events and commands, and a live example.
    The course's address is known only in the browser: the code samples carry it as a span app.js fills."""
    pages = site.source.prose.get("embedding", {})
    for lang in LANGUAGES:
        text = pages.get(lang)
        if text is None:
            continue
        title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), "")
        body = str(site.block(text))
        body = body.replace("{site}", f'<span data-site-address>{site.t(lang)("embedding.address")}</span>')
        body = body.replace("{origin}", f'<span data-site-origin>{site.t(lang)("embedding.origin")}</span>')
        example = next(p for p in course.games[EMBEDDING_EXAMPLE_GAME].puzzles(lang) if p.id == EMBEDDING_EXAMPLE)
        site.write(f"{lang}/embedding/index.html", "embedding.html", lang, title=title, body=Markup(body),
                   example={"id": example.id, "title": example.text.get("title") or example.id}, game=DEFAULT_GAME.value)


def first_books(books: list[str], root: str, scripted: bool = False) -> Markup:
    """Preloads of the page's first answer books, fetched with the modules rather than after them: links, or
    (``scripted``: a page that may be opened as a worksheet or the audience's window) the inline script that
    adds them unless it is (:data:`builder.csp.BOOKS_SCRIPT`).

    >>> print(first_books(["answers/a.json.gz", "answers/a.json.gz", "answers/b.json.gz"], "../"))
    <link rel="preload" href="../answers/a.json.gz" as="fetch" crossorigin>
    <link rel="preload" href="../answers/b.json.gz" as="fetch" crossorigin>
    >>> first_books(["answers/a.json.gz", "answers/b.json.gz"], "../", scripted=True).startswith(
    ...     '<script data-books="../answers/a.json.gz ../answers/b.json.gz">(function(s)')
    True
    >>> first_books([], "../", scripted=True)
    Markup('')
    """
    first = [root + book for book in list(dict.fromkeys(books))[:FIRST_BOOKS_PRELOADED]]
    if not first:
        return Markup("")
    if scripted:
        return Markup('<script data-books="{}">{}</script>').format(" ".join(first), Markup(BOOKS_SCRIPT))
    return Markup("\n").join(Markup('<link rel="preload" href="{}" as="fetch" crossorigin>').format(book) for book in first)


#: the stylesheet of the pages (templates/base.html): the site's and the board's, written one after the other
#: as one file, so a page asks for one stylesheet before its first paint, not two; they stay two in site/static/
PAGE_STYLES = asset("css/page.css")
PAGE_STYLE_PARTS = (asset("css/site.css"), asset("css/board.css"))


def page_styles(files: Mapping[str, bytes], parts: tuple[str, ...] = PAGE_STYLE_PARTS) -> bytes:
    """The ``parts`` one after the other, each named in a comment (a reader of the served file finds its source).

    >>> print(page_styles({"css/a.css": b"a {}\\n", "css/b.css": b"b {}\\n"}, ("css/a.css", "css/b.css")).decode())
    /* css/a.css */
    a {}
    /* css/b.css */
    b {}
    <BLANKLINE>
    """
    return b"".join(f"/* {'/'.join(part.split('/')[-2:])} */\n".encode() + files[part].rstrip(b"\n") + b"\n"
                    for part in parts)


def copy_static(site: SiteRenderer) -> None:
    """JS, CSS and the UI catalogs as JSON for the browser, in the assets folder (builder/assets.py)."""
    site.files.update(site.static_files)
    site.files[PAGE_STYLES] = page_styles(site.files)
    for lang, catalog in site.catalogs.items():
        site.files[asset(f"i18n/{lang}.json")] = catalog.as_json().encode("utf-8")
    site.files[asset("js/board/sprite-data.js")] = sprite_module().encode("utf-8")
    site.files[BOOT] = with_module_list(site.files)


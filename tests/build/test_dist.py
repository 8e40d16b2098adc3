"""The built site as files: runtime self-hosted, no third-party host anywhere, a strict CSP on every page,
inline SVG boards on every lesson, language alternates."""

from __future__ import annotations

import html as html_module
import io
import json
import re
import subprocess
import zipfile
from pathlib import Path

import brotli
import pytest

import builder
from builder.assets import asset, written
from builder.csp import BASE_CSP, BOOKS_SCRIPT, CSP, THEME_SCRIPT, with_inline_script
from builder.decoder_vendor import SHIPPED
from builder.decoder_vendor import VENDOR_DIR as DECODER_DIR
from builder.editor_vendor import VENDOR_DIR
from builder.i18n import load_catalog
from builder.modules import LAZY_WIDGETS
from builder.pages import FIRST_BOOKS, FIRST_BOOKS_PRELOADED, PAGE_STYLES
from builder.phases import Course
from builder.problems import Problem
from builder.stdlib import STDLIB_ZIP
from builder.vendor import PYODIDE_VERSION, SHIPPED_RUNTIME_FILES, WASM, pyodide_cache_path, shipped_name
from nardy_core import Game

HERE = Path(__file__).resolve().parent
PROJECT_ROOT = HERE.parents[1]
ALLOWED_URL = re.compile(r"^https?://www\.w3\.org/")  # XML namespace names, not addresses that are fetched
URL = re.compile(r"""(?:https?:)?//[a-zA-Z0-9][a-zA-Z0-9.-]*\.[a-z]{2,}[^\s"'<>)`]*""")


@pytest.fixture(scope="module")
def dist(built_site: Path) -> Path:
    """The session's build of the site (tests/conftest.py), which the browser tests serve too: read only."""
    return built_site


def test_runtime_and_wheels_are_self_hosted(dist: Path) -> None:
    for name in SHIPPED_RUNTIME_FILES:
        assert (dist / "pyodide" / PYODIDE_VERSION / name).stat().st_size > 0
    wheels = sorted(p.name for p in (dist / "py").glob("*.whl"))
    assert any(name.startswith("micropip-") for name in wheels)
    assert any(name.startswith("nardy_core-") for name in wheels)


def test_the_wasm_and_the_stdlib_ship_in_brotli_with_their_decoder(dist: Path) -> None:
    """What the workers inflate (js/shipped-runtime.js) is Pyodide's own wasm, byte for byte, and the
    trimmed stdlib as a stored zip; the decoder and its licences are shipped beside the modules."""
    folder = dist / "pyodide" / PYODIDE_VERSION
    wasm = brotli.decompress((folder / shipped_name(WASM)).read_bytes())
    assert wasm == (pyodide_cache_path(PROJECT_ROOT / ".cache") / WASM).read_bytes()
    assert not (folder / WASM).exists() and not (folder / STDLIB_ZIP).exists()
    with zipfile.ZipFile(io.BytesIO(brotli.decompress((folder / shipped_name(STDLIB_ZIP)).read_bytes()))) as stdlib:
        assert {info.compress_type for info in stdlib.infolist()} == {zipfile.ZIP_STORED}
    for name in SHIPPED:
        assert (dist / written(dist, DECODER_DIR) / name).stat().st_size > 0, name
    assert (dist / written(dist, DECODER_DIR) / "brotli_dec_wasm_bg.wasm").read_bytes()[:4] == b"\0asm"


def vendored_code(dist: Path) -> dict[Path, str]:
    """The vendored editor modules without their comments (tests/build/code_only.mjs), by path."""
    paths = sorted((dist / written(dist, VENDOR_DIR)).rglob("*.js"))
    assert paths, "no vendored modules"
    proc = subprocess.run(["node", str(HERE / "code_only.mjs"), *map(str, paths)],
                          capture_output=True, text=True, check=True, timeout=120)
    return {Path(path): code for path, code in json.loads(proc.stdout).items()}


def test_nothing_refers_to_a_third_party_host(dist: Path) -> None:
    # the vendored modules' doc comments link to their authors' sites: their code is held to the rule
    code = vendored_code(dist)
    offenders = []
    for path in dist.rglob("*"):
        if path.suffix not in {".html", ".js", ".mjs", ".css", ".json", ".svg"}:
            continue
        text = code[path] if path in code else path.read_text(encoding="utf-8", errors="replace")
        for match in URL.finditer(text):
            if not ALLOWED_URL.match(match.group(0)):
                offenders.append(f"{path.relative_to(dist)}: {match.group(0)}")
    assert offenders == []


def test_every_page_has_a_strict_csp_and_no_inline_code(dist: Path) -> None:
    for path in dist.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
        assert csp, path
        policy = html_module.unescape(csp.group(1))
        assert "'wasm-unsafe-eval'" in policy and "'unsafe-eval'" not in policy.replace("'wasm-unsafe-eval'", "")
        assert "'unsafe-inline'" not in policy
        inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S)
        if path.name == "404.html":  # its one script finds the site's root; allowed by its hash alone
            assert len(inline) == 1 and policy == with_inline_script(CSP, inline[0]), policy
        elif "/embed/" in path.as_posix():  # light in someone else's page, whatever the learner chose here
            assert not inline, f"inline script in {path}"
            assert 'data-theme="light" data-theme-fixed' in html, path
        else:  # the theme the learner chose, before the first paint, and the preloads of the first answer books:
            # the two scripts the policy allows inline
            assert inline in ([], [THEME_SCRIPT], [THEME_SCRIPT, BOOKS_SCRIPT]), f"inline script in {path}"
            assert inline or (path.name == "index.html" and path.parent == dist), f"no theme script in {path}"
            assert policy == with_inline_script(with_inline_script(BASE_CSP, THEME_SCRIPT), BOOKS_SCRIPT) == CSP, policy
        assert not re.search(r"<[a-z]+[^>]*\sstyle=", html), f"inline style attribute in {path}"
        assert not re.search(r"\son[a-z]+=", html), f"inline event handler in {path}"


def test_course_map_lists_lessons_and_every_lesson_has_a_board(dist: Path) -> None:
    for lang in ("ru", "en"):
        course = (dist / lang / "index.html").read_text(encoding="utf-8")
        lessons = sorted((dist / lang / "lessons").iterdir())
        assert len(lessons) >= 10
        for lesson in lessons:
            assert f'href="lessons/{lesson.name}/"' in course
            html = (lesson / "index.html").read_text(encoding="utf-8")
            assert 'class="nb-board"' in html and '<use href="#nb-checker-' in html, lesson  # a board drawn, not only named


def test_language_alternates_and_switch_keep_the_page(dist: Path) -> None:
    html = (dist / "ru" / "lessons" / "head" / "index.html").read_text(encoding="utf-8")
    assert 'hreflang="en" href="../../../en/lessons/head/"' in html
    assert re.search(r'class="lang-switch" hreflang="en"[^>]*href="../../../en/lessons/head/"', html)
    assert (dist / "index.html").exists() and (dist / "404.html").exists()
    assert (dist / "embed" / "en").is_dir() and (dist / "sw.js").exists()


def test_boot_asks_for_every_module_and_pages_preload_their_first_books(dist: Path) -> None:
    js = written(dist, asset("js/"))
    boot = (dist / js / "boot.js").read_text(encoding="utf-8")
    module_list = re.search(r"const MODULES = /\*\* @type \{string\[\]\} \*/ \((\[.*?\])\);", boot)
    assert module_list, "boot.js has no module list"
    listed = json.loads(module_list.group(1))
    shipped = {str(p.relative_to(dist / js)) for p in (dist / js).rglob("*.js")}
    assert set(listed) <= shipped and {"runtime.js", "board/view.js", "puzzle.js", "i18n.js"} <= set(listed)
    assert "app.js" not in listed and "boot.js" not in listed and "worker.js" not in listed
    lesson = (dist / "ru/lessons/head/index.html").read_text(encoding="utf-8")
    # preloaded by the inline script after the theme's (builder/csp.py BOOKS_SCRIPT), which the page's CSP allows
    scripted = re.search(r'<script data-books="([^"]*)">(.*?)</script>', lesson)
    assert scripted and scripted.group(2) == BOOKS_SCRIPT
    books = [book.removeprefix("../../../") for book in scripted.group(1).split(" ")]
    in_page = list(dict.fromkeys(re.findall(r'"answers":"(answers/[0-9a-f]{16}\.json\.gz)"', lesson)))
    assert books == in_page[:FIRST_BOOKS_PRELOADED] and len(books) == FIRST_BOOKS_PRELOADED
    assert all((dist / book).is_file() for book in books)
    for path in dist.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        # a long page (a lesson, the rules) names every module in its head and has no boot.js (app.js starts
        # Python there); the others that start Python name the worker's module alone, and boot.js asks for the rest
        preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
        starts_python = 'data-python="eager"' in html
        relative = path.relative_to(dist).as_posix()
        root = "../" * relative.count("/")
        # the lazy widgets' own modules are preloaded by the pages that hold those widgets, and by no other
        widgets = [f"{root}{written(dist, module)}" for kind, module in LAZY_WIDGETS.items() if f'data-widget="{kind}"' in html]
        # (and the offline page, whose files the service worker reads off it at its install)
        long_page = "/lessons/" in relative or relative.endswith(("/rules/index.html", "/offline/index.html"))
        if long_page:
            assert preloads[:len(listed)] == [f"{root}{js}{module}" for module in listed], path
            assert [p for p in preloads[len(listed):] if p in widgets] == widgets, path
            assert not set(preloads[len(listed):]) & set(preloads[:len(listed)]), path
        else:
            runtime = [p for p in preloads if p == f"{root}{js}runtime.js"]
            # an embedded puzzle talks to its host page: the one module only an embed asks for
            frame = [p for p in preloads if p == f"{root}{js}embed-frame.js" and relative.startswith("embed/") and not widgets]
            widget_preloads = [p for p in preloads if p not in runtime and p not in frame]
            assert len(runtime) == starts_python, path
            assert [p for p in widget_preloads if p in widgets] == widgets and (widgets or not widget_preloads), path
        assert FIRST_BOOKS not in html, path
        if 'src="' in html and "app.js" in html:
            assert (f'<script type="module" async src="{root}{js}boot.js">' in html) != long_page, path
            # one stylesheet before the first paint: the site's and the board's in one file
            assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', html) == [f"{root}{written(dist, PAGE_STYLES)}"], path


def test_the_pages_stylesheet_is_the_sites_and_the_boards(dist: Path) -> None:
    styles = (dist / written(dist, PAGE_STYLES)).read_text(encoding="utf-8")
    sources = Path(builder.__file__).resolve().parents[1] / "site" / "static" / "css"
    site, board = ((sources / name).read_text(encoding="utf-8").strip() for name in ("site.css", "board.css"))
    assert site in styles and board in styles and styles.index(site) < styles.index(board)


def test_both_courses_have_a_home_a_puzzle_index_rules_a_glossary_and_embeds(dist: Path, project_course: tuple[Course, list[Problem]]) -> None:
    """The root page and each language's home offer both courses; each game has its puzzle index (every puzzle
    linked), its rules page with its own glossary, and an embed per puzzle (issue 10, the site)."""
    course, _ = project_course
    root = (dist / "index.html").read_text(encoding="utf-8")
    for lang in ("ru", "en"):
        assert f'href="{lang}/"' in root and f'href="{lang}/short/"' in root
        assert 'href="../ru/short/"' in (dist / "ru" / "index.html").read_text(encoding="utf-8")
        assert 'href="../../ru/"' in (dist / "ru" / "short" / "index.html").read_text(encoding="utf-8")
        for game, prefix, marker in ((Game.LONG, "", "R15"), (Game.SHORT, "short/", "S7")):
            puzzles = (dist / lang / prefix / "puzzles" / "index.html").read_text(encoding="utf-8")
            for puzzle in course.games[game].puzzles(lang):
                assert f'href="{puzzle.id}/"' in puzzles, (lang, puzzle.id)
                assert (dist / lang / prefix / "puzzles" / puzzle.id / "index.html").exists()
                assert (dist / "embed" / lang / f"{puzzle.id}.html").exists()
            rules = (dist / lang / prefix / "rules" / "index.html").read_text(encoding="utf-8")
            assert marker in rules and "<table role=\"table\">" in rules.split(marker, 1)[1]
            glossary = rules.rsplit("<table role=\"table\">", 1)[1]
            own_term = "25 − n"  # the first term of lessons/short/glossary.toml: only on the short-nardy page
            assert (own_term in glossary) is (game is Game.SHORT), (lang, game)
            if game is Game.SHORT:
                assert all(word in glossary for word in {"ru": ("блот", "бивер"), "en": ("blot", "beaver")}[lang])


LESSON_PAGE_LIMIT = 150_000  #: bytes of HTML, uncompressed: a lesson is a light page (issue 12)


def test_every_lesson_page_is_light(dist: Path) -> None:
    """Every lesson of both games in both languages, the final test too: the boards share their shapes (the
    sprite), carry their model in short, and the controls only JavaScript shows are made by it."""
    pages = sorted(dist.glob("*/lessons/*/index.html")) + sorted(dist.glob("*/short/lessons/*/index.html"))
    assert len(pages) >= 40 and any("final-test" in str(p) for p in pages)
    heavy = {str(p.relative_to(dist)): p.stat().st_size for p in pages if p.stat().st_size > LESSON_PAGE_LIMIT}
    assert not heavy, f"lesson pages over {LESSON_PAGE_LIMIT} bytes: {heavy}"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("prefix", ["", "short/"])
def test_the_course_map_and_the_lesson_pages_number_alike(dist: Path, lang: str, prefix: str) -> None:
    # the finding: the map numbered chapters (3 «Голова») and the page said «Урок 5» with no chapter
    course = (dist / lang / prefix / "index.html").read_text(encoding="utf-8")
    word = {"ru": ("Глава", "Урок"), "en": ("Chapter", "Lesson")}[lang]
    seen = []
    for chapter in re.finditer(r'<li class="chapter" id="chapter-(\d+)">(.*?)</ol>', course, re.S):
        number = int(chapter.group(1))
        assert re.search(rf'<span class="visually-hidden">{word[0]} </span>{number}</span>', chapter.group(2))
        for card in re.finditer(r'<span class="lesson-number">[^<]* (\d+)</span>\s*<a href="lessons/([a-z0-9-]+)/">',
                                chapter.group(2)):
            lesson, slug = int(card.group(1)), card.group(2)
            seen.append(lesson)
            page = (dist / lang / prefix / "lessons" / slug / "index.html").read_text(encoding="utf-8")
            kicker = re.search(r'<p class="lesson-kicker">(.*?)</p>', page, re.S)
            assert kicker, slug
            text = html_module.unescape(re.sub(r"<[^>]+>", "", kicker.group(1)))
            assert text.startswith(f"{word[0]} {number}"), (slug, text)
            assert text.endswith(f"{word[1]} {lesson}"), (slug, text)
            assert f'href="../../#chapter-{number}"' in kicker.group(1)
    assert seen == list(range(1, len(seen) + 1)) and len(seen) > 10, seen


def _head(page: Path) -> tuple[str, str, str]:
    """The page's title, its meta description and the site header's brand, as a reader sees them."""
    text = page.read_text(encoding="utf-8")
    found = [re.search(pattern, text, re.S) for pattern in
             (r"<title>(.*?)</title>", r'<meta name="description" content="([^"]*)">', r'<a class="brand"[^>]*>(.*?)</a>')]
    return tuple(html_module.unescape(m.group(1)).strip() if m else "" for m in found)  # type: ignore[return-value]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game, prefix", [(Game.LONG, ""), (Game.SHORT, "short/")])
def test_a_courses_pages_name_their_own_game(dist: Path, lang: str, game: Game, prefix: str) -> None:
    """Every page of a game's course (its map, lessons, puzzles, rules, embeds) is titled and described with
    that game's name and tagline from the catalogs; short nardy's pages once all said «… · Длинные нарды»."""
    t = load_catalog(PROJECT_ROOT / "site" / "i18n", lang).t
    name, tagline, site = t(f"game.{game.value}"), t(f"course.tagline.{game.value}"), t("site.name")
    others = [t(f"game.{other.value}") for other in Game if other is not game]
    assert site != name and site not in others  # the site teaches every game: its name is none of theirs
    base = dist / lang / prefix
    puzzles = sorted(p.parent.name for p in base.glob("puzzles/*/index.html"))
    pages = [base / "index.html", base / "puzzles" / "index.html", base / "rules" / "index.html",
             *sorted(base.glob("lessons/*/index.html")), *(base / "puzzles" / p / "index.html" for p in puzzles)]
    assert len(pages) > 20 and puzzles
    for page in pages:
        title, description, brand = _head(page)
        assert title.endswith(f" · {name}") and not any(other in title for other in others), (page, title)
        assert brand == site, (page, brand)
        if "/lessons/" not in page.as_posix():  # a lesson is described by its own summary
            assert description == tagline, (page, description)
    for puzzle in puzzles:
        embed = dist / "embed" / lang / f"{puzzle}.html"
        assert _head(embed)[0].endswith(f" · {name}"), embed
        credit = re.search(r'<p class="embed-credit"><a href="([^"]+)"[^>]*>([^<]*)</a>', embed.read_text(encoding="utf-8"))
        assert credit and credit.group(2) == name, embed
        assert (embed.parent / credit.group(1) / "index.html").resolve() == (base / "puzzles" / puzzle / "index.html").resolve()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_pages_of_no_one_game_are_named_after_the_site(dist: Path, lang: str) -> None:
    t = load_catalog(PROJECT_ROOT / "site" / "i18n", lang).t
    for folder in ("play", "lab", "review", "embedding", "lab/api"):
        title, description, _ = _head(dist / lang / folder / "index.html")
        assert title.endswith(f" · {t('site.name')}"), (folder, title)
        assert description in {t("site.tagline"), t("apidocs.description")}, (folder, description)


def _board_model(page: str, board_id: str) -> dict[str, object]:
    match = re.search(rf"<svg[^>]* id=\"{board_id}\"[^>]*data-model='([^']*)'", page)
    assert match, f"no board {board_id}"
    model: dict[str, object] = json.loads(html_module.unescape(match.group(1)))
    return model


def test_a_puzzle_that_asks_for_a_pip_count_does_not_show_it_on_its_board(dist: Path) -> None:
    """The player bars state each side's pips; where the learner is asked for them, the board keeps quiet (in
    its picture on the lesson page and in the model the page's code draws from)."""
    asked = (dist / "ru" / "short" / "puzzles" / "sn-pips-bar" / "index.html").read_text(encoding="utf-8")
    assert _board_model(asked, "board-sn-pips-bar")["pips"] is None
    other = (dist / "ru" / "short" / "puzzles" / "sn-cube-count" / "index.html").read_text(encoding="utf-8")
    assert _board_model(other, "board-sn-cube-count")["pips"] == {"white": 6, "black": 3}  # how many rolls: shown
    lesson = (dist / "ru" / "short" / "lessons" / "pip-count" / "index.html").read_text(encoding="utf-8")
    board = lesson[lesson.index('id="board-sn-pips-bar"'):]
    board = board[: board.index("</svg>")]
    assert "198" not in board and "пипс" not in board

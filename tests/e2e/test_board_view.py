"""The board modules (static/js/board/) on the builder's SVG, in real Chromium.

Each page is a small static HTML file written to a temp folder: the page's sprite, a board from render_board
with the texts of board/text.js (composed by node, as in a build), the catalog JSON inline (a data block,
allowed by the site's CSP), the CSS and the ES modules as files, the same CSP as the site. Assertions go
through what a user meets: focus, accessible names, events, what is drawn.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from builder.board_svg import captions_ref, render_board, shared_shapes, sprite, sprite_module
from builder.board_text import describe_boards
from builder.i18n import load_catalog
from builder.serve import served
from nardy_core import Game, Position, Roll, Side, TurnSearch, board_model
from nardy_core.cube import Cube

pytestmark = pytest.mark.e2e

PROJECT_ROOT = Path(__file__).resolve().parents[2]
STATIC = PROJECT_ROOT / "site" / "static"
SCREENSHOTS = PROJECT_ROOT / "test-results" / "board"
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"
EVENTS = ["point-activate", "bar-activate", "drag-move", "die-select", "off-activate", "cube-activate", "selection-clear"]

START = board_model(Position.start(), Roll(6, 5))
MIDGAME = board_model(
    Position.from_notation("w/24:8,20,17:2,14,9,5,off:1/24:6,22,19,15:2,10,4:2,16,off:1"), Roll(4, 4), dice_left=[4, 4, 4]
)
BEAR_OFF = board_model(Position.from_notation("w/3:3,1:2,off:10/1:4,off:11"), Roll(3, 1))
SHORT = board_model(Position.from_notation("short:w/24:2,13:5,8:3,6:4,2/bar,24,13:5,8:3,6:5"), Roll(3, 1), cube=Cube())
PAGES: dict[str, tuple[str, dict[str, Any], str, bool]] = {  # name: (language, model, perspective, interactive)
    "start-ru": ("ru", START, "white", True),
    "start-en": ("en", START, "white", True),
    "start-black-ru": ("ru", START, "black", True),
    "mid-ru": ("ru", MIDGAME, "white", True),
    "mid-en": ("en", MIDGAME, "white", True),
    "bearoff-en": ("en", BEAR_OFF, "white", True),
    "diagram-ru": ("ru", START, "white", False),
    "short-ru": ("ru", SHORT, "white", True),
    "short-en": ("en", SHORT, "white", True),
    "parity-ru": ("ru", START, "white", False),
    "parity-en": ("en", START, "white", False),
    "parity-short-ru": ("ru", SHORT, "white", False),
    "parity-short-en": ("en", SHORT, "white", False),
}
PAGE_JS = """\
import { setCatalog, t } from './i18n.js';
import { BoardView, flightsLoaded } from './board/view.js';
setCatalog(JSON.parse(document.getElementById('catalog').textContent), document.documentElement.lang);
const svg = document.querySelector('svg.nb-board');
const SHAPES = /^#nb-(checker|slab|die|strike|cube-face)/;
/** What a board shows, in its own units: every disc, slab, die face, strike and cube at its drawn place, every
 * text, the numbers' mirroring and the board's name (the same function reads a build's picture and a live board). */
window.picture = (board) => {
  const frame = board.getBoundingClientRect();
  const scale = board.viewBox.baseVal.width / frame.width;
  const unit = (board.getScreenCTM()?.a ?? 1) * scale; // one viewBox unit, in the units `at` measures
  const shown = (el) => !el.closest('[display="none"]');
  const at = (el) => { const r = el.getBoundingClientRect(); return [(r.x - frame.x) * scale, (r.y - frame.y) * scale]; };
  const shape = (u) => document.getElementById((u.getAttribute('href') || '').slice(1));
  // a shared shape (a stack of discs, a tray's slabs) is read as the discs it draws, each at its place
  const parts = (u) => {
    const href = u.getAttribute('href') || '';
    if (SHAPES.test(href)) return [[href, ...at(u)]];
    const inner = [...(shape(u)?.querySelectorAll(':scope > use') ?? [])]
      .filter((p) => SHAPES.test(p.getAttribute('href') || '') && !p.classList.contains('nb-player__icon'));
    const [x0, y0] = at(u);
    const xy = (p) => [Number(p.getAttribute('x') || 0), Number(p.getAttribute('y') || 0)];
    const minX = Math.min(...inner.map((p) => xy(p)[0])), minY = Math.min(...inner.map((p) => xy(p)[1]));
    return inner.map((p) => [p.getAttribute('href'), x0 + (xy(p)[0] - minX) * unit, y0 + (xy(p)[1] - minY) * unit]);
  };
  const uses = [...board.querySelectorAll('use')].filter((u) => !u.classList.contains('nb-player__icon') && shown(u));
  const shapes = uses.flatMap(parts).map(([href, x, y]) => [href, Math.round(x), Math.round(y)].join(' ')).sort();
  const sharedTexts = uses.filter((u) => !u.classList.contains('nb-numbers')).flatMap((u) => [...(shape(u)?.querySelectorAll('text') ?? [])]);
  const texts = [...board.querySelectorAll('text'), ...sharedTexts].filter(shown).map((el) => el.textContent.trim()).filter(Boolean).sort();
  return { label: board.getAttribute('aria-label'), numbers: board.querySelector('.nb-numbers')?.getAttribute('href') ?? null, shapes, texts };
};
window.staticPicture = window.picture(document.querySelector('svg.nb-board'));
window.events = [];
for (const type of %s) svg.addEventListener(type, (event) => window.events.push({ type, ...event.detail }));
window.view = new BoardView(svg);
window.t = t;
await flightsLoaded; // a step's flight comes after the board code (view.js): the tests that watch one wait for it
document.documentElement.dataset.boardReady = 'true';
""".replace("%s", json.dumps(EVENTS))


def texts_for(lang: str, model: dict[str, Any], perspective: str, interactive: bool) -> dict[str, Any]:
    catalogs = {code: dict(load_catalog(PROJECT_ROOT / "site" / "i18n", code).messages) for code in ("ru", "en")}
    request = {"lang": lang, "model": model, "view": {"perspective": perspective, "flipped": False, "interactive": interactive}}
    return describe_boards([request], catalogs)[0]


#: pages whose board the build only names (a puzzle's page, an embed): the board code draws it; each is the
#: page named beside it without the picture
PLACEHOLDERS = {"placeholder-mid-ru": "mid-ru", "placeholder-short-en": "short-en", "placeholder-black-ru": "start-black-ru"}


def page_html(lang: str, model: dict[str, Any], perspective: str, interactive: bool, picture: bool = True) -> str:
    catalog = load_catalog(PROJECT_ROOT / "site" / "i18n", lang)
    texts = texts_for(lang, model, perspective, interactive)
    board = render_board(model, texts, board_id="board", perspective=perspective, interactive=interactive, picture=picture)
    captions = {captions_ref(model["game"], perspective): texts["captions"]}
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>board</title><link rel="icon" href="data:,"><link rel="stylesheet" href="board.css">
<link rel="stylesheet" href="page.css"></head>
<body>{sprite(board, captions) if picture else ""}<main>{board}</main>
<script type="application/json" id="catalog">{catalog.as_json()}</script>
<script type="module" src="page.js"></script></body></html>
"""


@pytest.fixture(scope="module")
def board_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("board-site")
    shutil.copytree(STATIC / "js" / "board", root / "board")
    (root / "board" / "sprite-data.js").write_text(sprite_module(), encoding="utf-8")  # as the build writes it
    for name in ("i18n.js", "dom.js"):  # what board/ imports from beside it
        shutil.copyfile(STATIC / "js" / name, root / name)
    shutil.copyfile(STATIC / "css" / "board.css", root / "board.css")
    (root / "page.css").write_text("body { margin: 8px; background: #fff; } main { max-width: 1100px; margin: auto; }")
    (root / "page.js").write_text(PAGE_JS)
    for name, (lang, model, perspective, interactive) in PAGES.items():
        (root / f"{name}.html").write_text(page_html(lang, model, perspective, interactive), encoding="utf-8")
    for name, like in PLACEHOLDERS.items():
        lang, model, perspective, interactive = PAGES[like]
        (root / f"{name}.html").write_text(page_html(lang, model, perspective, interactive, picture=False), encoding="utf-8")
    with served(root) as base_url:
        yield base_url


def open_board(page: Page, base_url: str, name: str) -> Page:
    page.goto(f"{base_url}{name}.html")
    page.locator("html[data-board-ready]").wait_for(state="attached")  # no eval: the CSP forbids it
    return page


def focused_name(page: Page) -> str:
    return str(page.evaluate("document.activeElement.getAttribute('aria-label')"))


def events(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.events"))


def checkers_on(page: Page, point: int | str) -> Any:
    return page.locator(f".nb-point[data-point='{point}'] .nb-stack > use")


def test_js_draws_the_builders_picture_again(page: Page, board_site: str) -> None:
    """The page's board code replaces the build's static picture with its own drawing: the same picture."""
    for name in ("mid-ru", "short-ru", "diagram-ru", "start-black-ru", "bearoff-en"):
        open_board(page, board_site, name)
        live, built = page.evaluate("window.picture(document.querySelector('svg.nb-board'))"), page.evaluate("window.staticPicture")
        if PAGES[name][3]:  # a playable board is named shortly; its parts carry the names
            assert live.pop("label") == texts_for(PAGES[name][0], PAGES[name][1], PAGES[name][2], True)["label"]
            built.pop("label")
        assert _same_picture(live, built), name


def _same_picture(live: dict[str, Any], built: dict[str, Any]) -> bool:
    """Two pictures the same, their shapes' places to a unit (each is read off the screen and rounded: a place
    half way between two units may round either way at one scale and not at another)."""
    def places(picture: dict[str, Any]) -> list[tuple[str, int, int]]:
        return sorted((href, int(x), int(y)) for href, x, y in (shape.split() for shape in picture["shapes"]))

    if {k: v for k, v in live.items() if k != "shapes"} != {k: v for k, v in built.items() if k != "shapes"}:
        return False
    ours, theirs = places(live), places(built)
    return len(ours) == len(theirs) and all(
        a[0] == b[0] and abs(a[1] - b[1]) <= 1 and abs(a[2] - b[2]) <= 1 for a, b in zip(ours, theirs, strict=True))


def test_a_board_the_build_only_named_is_drawn_as_the_picture_would_be(page: Page, board_site: str) -> None:
    for name, like in PLACEHOLDERS.items():
        open_board(page, board_site, like)
        expected = page.evaluate("window.picture(document.querySelector('svg.nb-board'))")
        open_board(page, board_site, name)
        assert page.evaluate("window.staticPicture")["shapes"] == []  # nothing drawn by the build
        assert page.evaluate("window.picture(document.querySelector('svg.nb-board'))") == expected, name
        expect(page.locator(".nb-point[data-point='24']")).to_have_count(1)


def _generated_models(count: int, seed: int) -> list[tuple[dict[str, Any], str]]:
    """Positions from random play of both games, with dice half played, seen from either side."""
    rng = random.Random(seed)
    cases = []
    for game in (Game.LONG, Game.SHORT):
        position = Position.start(game)
        for turn in range(count):
            roll = Roll.random(rng)
            outcomes = TurnSearch(position, roll, turn < 2).outcomes()
            steps = rng.choice(outcomes)[1] if outcomes else []
            left = [s.die for s in steps][: rng.randint(0, len(steps))]
            cube = Cube(rng.choice([1, 2, 4]), rng.choice([None, Side.WHITE, Side.BLACK])) if game is Game.SHORT else None
            cases.append((board_model(position, roll, dice_left=left, cube=cube), rng.choice(["white", "black"])))
            if outcomes:
                position = rng.choice(outcomes)[0]
            if position.winner():
                position = Position.start(game)
            position = position.with_to_move(position.to_move.other)
    return cases


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_build_and_the_live_board_draw_the_same_over_many_positions(page: Page, board_site: str, lang: str) -> None:
    """Parity over generated positions of both games: the picture the builder writes (board_svg with the texts
    of board/text.js under node) is the picture the live board draws after setModel, name included."""
    cases = _generated_models(30, seed=11 if lang == "ru" else 12)
    catalogs = {code: dict(load_catalog(PROJECT_ROOT / "site" / "i18n", code).messages) for code in ("ru", "en")}
    requests = [{"lang": lang, "model": m, "view": {"perspective": p, "flipped": False, "interactive": False}} for m, p in cases]
    built = []
    for (model, perspective), texts in zip(cases, describe_boards(requests, catalogs), strict=True):
        markup = str(render_board(model, texts, board_id="built", perspective=perspective, interactive=False))
        shapes = shared_shapes(markup, {captions_ref(model["game"], perspective): texts["captions"]})
        built.append(f'<svg class="nb-sprite" aria-hidden="true"><defs>{shapes}</defs></svg>{markup}')  # as its page would
    for game in ("long", "short"):
        indexes = [i for i, (m, _) in enumerate(cases) if m["game"] == game]
        assert len(indexes) >= 25
        open_board(page, board_site, f"parity{'' if game == 'long' else '-short'}-{lang}")  # a long board has no bar
        pictures = page.evaluate(
            """(cases) => cases.map(([model, perspective, markup]) => {
                 view.setPerspective(perspective);
                 view.setModel(model, { animate: false });
                 const holder = document.createElement('div');
                 document.querySelector('main').append(holder);
                 holder.innerHTML = markup;
                 const pair = [window.picture(document.querySelector('#board')), window.picture(holder.querySelector('svg.nb-board'))];
                 holder.remove();
                 return pair;
               })""", [[cases[i][0], cases[i][1], built[i]] for i in indexes])
        for i, (live, static) in zip(indexes, pictures, strict=True):
            assert live == static, (game, cases[i])


def test_arrow_keys_follow_the_drawn_layout(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    page.keyboard.press("Tab")
    assert focused_name(page) == "Пункт 24, 15 белых шашек"
    steps = [("ArrowLeft", "Пункт 23, пусто"), ("ArrowDown", "Пункт 2, пусто"), ("ArrowRight", "Пункт 1, пусто"),
             ("ArrowRight", "Пункт 1, пусто"), ("Home", "Пункт 12, 15 чёрных шашек"), ("ArrowRight", "Пункт 11, пусто"),
             ("ArrowUp", "Пункт 14, пусто"), ("End", "Пункт 24, 15 белых шашек")]
    for key, expected in steps:
        page.keyboard.press(key)
        assert focused_name(page) == expected, key
    expect(page.locator(":focus")).to_have_attribute("tabindex", "0")
    assert page.locator("svg [role=button][tabindex='0'].nb-point").count() == 1
    expect(page.locator(":focus > .nb-focus")).to_be_visible()  # the drawn focus ring shows for keyboard users


def test_enter_and_space_activate_the_absolute_point(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-black-ru")
    page.keyboard.press("Tab")
    assert focused_name(page) == "Пункт 24, 15 чёрных шашек"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    assert events(page) == [{"type": "point-activate", "point": 12}, {"type": "point-activate", "point": 11}]


def _drag(page: Page, source: Any, target: Any, y_share: float = 0.5) -> None:
    start, end = source.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] * y_share, steps=8)


def test_click_activates_and_drag_moves(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    page.get_by_role("button", name="Point 24, 15 white checkers").click()
    assert events(page) == [{"type": "point-activate", "point": 24}]
    _drag(page, checkers_on(page, 24).last, page.locator(".nb-point[data-point='18'] > .nb-hit"), 0.3)
    assert page.locator(".nb-fly > use").count() == 1  # the checker follows the pointer
    page.mouse.up()
    assert events(page)[1:] == [{"type": "drag-move", "from": 24, "to": 18, "fromSide": None, "toSide": None}]  # and no extra click
    assert page.locator(".nb-fly > *").count() == 0
    # a finger scrolls the page over the board; only a touch on a movable checker drags (test_phone.py)
    assert page.evaluate("getComputedStyle(document.querySelector('svg.nb-board')).touchAction") == "pan-y pinch-zoom"


def test_dice_trays_and_escape_emit_events(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    page.get_by_role("button", name="Кубик 6").click()
    page.keyboard.press("5")
    page.get_by_role("button", name="Выброшено белых: 0").click()
    page.keyboard.press("Escape")
    assert events(page) == [{"type": "die-select", "index": 0, "value": 6},
                            {"type": "die-select", "index": 1, "value": 5},
                            {"type": "off-activate", "side": "white"}, {"type": "selection-clear"}]


def test_tab_order_is_point_dice_trays(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    names = []
    for _ in range(5):
        page.keyboard.press("Tab")
        names.append(focused_name(page))
    assert names == ["Point 24, 15 white checkers", "Die 6", "Die 5", "Black borne off: 0", "White borne off: 0"]


def test_short_board_has_bar_and_cube_controls(page: Page, board_site: str) -> None:
    open_board(page, board_site, "short-ru")
    bar = page.get_by_role("button", name="Бар: 1 чёрная шашка")
    expect(bar).to_be_visible()
    expect(bar.locator(".nb-stack > use")).to_have_count(1)
    bar.click()
    page.get_by_role("button", name="Куб удвоения: 1, в центре").click()
    assert events(page) == [{"type": "bar-activate", "side": "black"}, {"type": "cube-activate"}]
    page.evaluate("(model) => view.setModel(model)", {**SHORT, "bar": {"white": 2, "black": 0}, "points": {
        k: v for k, v in SHORT["points"].items() if k != "2"}, "cube": {"value": 2, "owner": "black", "offered_by": None, "turned": True}})
    expect(page.get_by_role("button", name="Бар: 2 белые шашки")).to_be_visible()
    expect(page.get_by_role("button", name="Куб удвоения: 2, у чёрных")).to_have_attribute("data-place", "top")


def test_a_hit_flies_the_blot_to_the_bar(page: Page, board_site: str) -> None:
    open_board(page, board_site, "short-ru")
    before = board_model(Position.from_notation("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:4,18"), Roll(6, 5))
    after = board_model(Position.from_notation("short:w/24:2,13:4,8:3,7,6:5/bar,24:2,13:5,8:3,6:4"), Roll(6, 5), dice_left=[5])
    page.evaluate("(model) => view.setModel(model, { animate: false })", before)
    running = page.evaluate("(model) => { view.setModel(model); return document.getAnimations().length; }", after)
    assert running == 2  # the hitter and the blot it sends to the bar
    expect(page.locator(".nb-fly > *")).to_have_count(0, timeout=3000)


def test_bear_off_destination_and_drag_to_the_tray(page: Page, board_site: str) -> None:
    open_board(page, board_site, "bearoff-en")
    page.evaluate("view.select(3); view.markDestinations([{point: 'off', dice: [3]}, {point: 2, dice: [1]}])")
    tray = page.get_by_role("button", name="White borne off: 10, move here: 3")
    expect(tray).to_be_visible()
    expect(tray.locator(".nb-destination__dice")).to_have_text("3")
    expect(page.get_by_role("button", name="Black borne off: 11")).to_be_visible()  # the other tray is unmarked
    _drag(page, checkers_on(page, 3).last, tray, 0.75)
    page.mouse.up()
    assert events(page) == [{"type": "drag-move", "from": 3, "to": "off", "fromSide": None, "toSide": "white"}]
    page.evaluate("(model) => view.setModel(model)", {**BEAR_OFF, "points": {**BEAR_OFF["points"],
                  "3": {"side": "white", "count": 2}}, "off": {"white": 11, "black": 11}})
    assert page.locator(".nb-tray[data-side='white'] .nb-stack > use").count() == 11


def test_a_caption_steps_aside_for_a_badge(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    caption = page.locator("svg.nb-board .nb-caption", has_text="Black's home")
    expect(caption).to_be_visible()
    page.evaluate("view.highlight([15, 16], 'error')")
    expect(caption).to_be_hidden()
    page.evaluate("view.clearMarks()")
    expect(caption).to_be_visible()


def test_diagram_is_one_image_that_follows_the_model(page: Page, board_site: str) -> None:
    open_board(page, board_site, "diagram-ru")
    board = page.get_by_role("img", name="Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек. "
                                          "Ход белых. Кубики: 6, 5")
    expect(board).to_be_visible()
    assert page.locator("svg.nb-board [role=button], svg.nb-board [tabindex]").count() == 0
    page.evaluate("view.highlight([12], 'block')")  # a lesson diagram can still point at something
    expect(page.locator(".nb-point[data-point='12'] .nb-marks > use[href='#nb-badge-block']")).to_be_attached()
    page.evaluate("(model) => view.setModel(model)", {**START, "dice": [], "to_move": "black"})
    expect(page.locator("svg.nb-board")).to_have_attribute(
        "aria-label", "Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек. Ход чёрных")


def test_set_model_updates_names_and_checkers(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    moved = board_model(Position.from_notation("w/24:14,18/24:13,off:2"), Roll(6, 5), dice_left=[5])
    page.evaluate("(model) => view.setModel(model)", moved)
    expect(page.get_by_role("button", name="Пункт 24, 14 белых шашек")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 18, 1 белая шашка")).to_be_visible()
    expect(page.get_by_role("button", name="Кубик 6, использован")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Выброшено чёрных: 2")).to_be_visible()
    assert checkers_on(page, 18).count() == 1
    expect(page.locator(".nb-point[data-point='24'] .nb-count")).to_have_text("14")
    assert page.locator(".nb-tray[data-side='black'] .nb-stack > use").count() == 2


def test_marks_are_shapes_and_words(page: Page, board_site: str) -> None:
    open_board(page, board_site, "mid-ru")
    page.evaluate("""() => { view.select(24);
                      view.markDestinations([{point: 20, dice: [4]}, {point: 16, dice: [4, 4]}]);
                      view.highlight([16], 'block'); view.highlight([7], 'error'); }""")
    expect(page.get_by_role("button", name="Пункт 24, 8 белых шашек, выбран")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 20, 1 белая шашка, ход сюда: 4")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 16, 2 чёрные шашки, ход сюда: 4+4, блок")).to_be_visible()
    expect(page.locator(".nb-point[data-point='20'] .nb-destination__dice")).to_have_text("4")
    expect(page.locator(".nb-point[data-point='7'] .nb-marks > use[href='#nb-badge-error']")).to_be_attached()
    page.evaluate("view.clearMarks()")
    expect(page.get_by_role("button", name="Пункт 24, 8 белых шашек")).to_be_visible()
    assert page.locator(".nb-marks > *, .nb-under > *").count() == 0


def test_flip_and_perspective_relabel_the_slots(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    page.evaluate("view.setFlipped(true)")
    bottom_left = page.locator(".nb-point[data-slot='12']")
    expect(bottom_left).to_have_attribute("aria-label", "Point 1, empty")
    expect(page.locator("svg.nb-board > .nb-numbers")).to_have_attribute("href", "#nb-labels-mirrored")
    page.evaluate("view.setPerspective('black')")
    top_left = page.locator(".nb-point[data-slot='0']")  # mirrored: own 24 is top left
    expect(top_left).to_have_attribute("aria-label", "Point 24, 15 black checkers")
    top_left.click()
    assert events(page)[-1] == {"type": "point-activate", "point": 12}
    expect(page.locator(".nb-player[data-player='bottom'] .nb-player__name")).to_have_text("Black")


def test_one_step_animates_unless_reduced_motion(page: Page, board_site: str) -> None:
    step = board_model(Position.from_notation("w/24:14,19/24:15"), Roll(6, 5), dice_left=[6])
    open_board(page, board_site, "start-en")
    running = page.evaluate("(model) => { view.setModel(model); return document.getAnimations().length; }", step)
    assert running == 1
    expect(page.locator(".nb-fly > *")).to_have_count(0, timeout=3000)  # the flying checker lands and goes
    expect(checkers_on(page, 19)).to_have_count(1)

    page.emulate_media(reduced_motion="reduce")
    open_board(page, board_site, "start-en")
    running = page.evaluate("(model) => { view.setModel(model); return document.getAnimations().length; }", step)
    assert running == 0
    assert page.locator(".nb-fly > *").count() == 0
    expect(checkers_on(page, 19)).to_have_count(1)


@pytest.mark.parametrize("width", [360, 1280])
def test_screenshots_fit_the_screen(browser: Browser, board_site: str, width: int) -> None:
    """Renders the start, a mid-game and a short-nardy position for a human to look at (test-results/board/)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # A phone has a dense screen: render it as one does, so the picture shows what a reader would see.
    context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=2 if width < 600 else 1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        for name in ("start-ru", "mid-en", "short-ru"):
            open_board(page, board_site, name)
            if name.startswith("mid"):
                page.evaluate("""() => { view.select(20); view.markDestinations([{point: 16, dice: [4]}]);
                                  view.highlight([15], 'error'); view.highlight([14], 'hint'); }""")
                page.keyboard.press("Tab")
            box = page.locator("svg.nb-board").bounding_box()
            assert box is not None and box["width"] <= width and box["height"] > 0.8 * box["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
            page.locator("svg.nb-board").screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"))
    finally:
        context.close()
    assert not errors

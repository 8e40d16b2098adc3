"""board-view.js + i18n.js + board.css on the builder's SVG, in real Chromium.

Each page is a small static HTML file written to a temp folder: the SVG from render_board, the catalog JSON
inline (a data block, allowed by the site's CSP), the CSS and JS modules as files, the same CSP as the site.
Assertions go through what a user meets: focus, accessible names, events, what is drawn.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from builder.board_svg import render_board
from builder.i18n import load_catalog
from builder.serve import served

pytestmark = pytest.mark.e2e

PROJECT_ROOT = Path(__file__).resolve().parents[2]
STATIC = PROJECT_ROOT / "site" / "static"
SCREENSHOTS = PROJECT_ROOT / "test-results" / "board"
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"
EVENTS = ["point-activate", "drag-move", "die-select", "off-activate", "selection-clear"]

START: dict[str, Any] = {
    "points": {"24": {"side": "white", "count": 15}, "12": {"side": "black", "count": 15}},
    "off": {"white": 0, "black": 0}, "to_move": "white", "dice": [6, 5], "dice_used": [False, False],
    "perspective": "white", "pips": {"white": 360, "black": 360},
}
MIDGAME: dict[str, Any] = {
    "points": {
        "24": {"side": "white", "count": 8}, "20": {"side": "white", "count": 1}, "17": {"side": "white", "count": 2},
        "14": {"side": "white", "count": 1}, "9": {"side": "white", "count": 1}, "5": {"side": "white", "count": 1},
        "12": {"side": "black", "count": 6}, "10": {"side": "black", "count": 2}, "7": {"side": "black", "count": 1},
        "3": {"side": "black", "count": 1}, "22": {"side": "black", "count": 2}, "15": {"side": "black", "count": 2},
        "16": {"side": "black", "count": 1},
    },
    "off": {"white": 0, "black": 0}, "to_move": "white", "dice": [4, 4], "dice_used": [True, False, False, False],
    "perspective": "white", "pips": {"white": 283, "black": 297},
}
PAGES = {  # name: (language, model)
    "start-ru": ("ru", START), "start-en": ("en", START), "start-black-ru": ("ru", {**START, "perspective": "black"}),
    "mid-ru": ("ru", MIDGAME), "mid-en": ("en", MIDGAME), "bearoff-en": ("en", None),
    "diagram-ru": ("ru", None),
}
BEAR_OFF: dict[str, Any] = {
    "points": {"1": {"side": "white", "count": 2}, "3": {"side": "white", "count": 3},
               "13": {"side": "black", "count": 4}},
    "off": {"white": 10, "black": 11}, "to_move": "white", "dice": [3, 1], "perspective": "white",
}
PAGE_JS = """\
import { setCatalog, t } from './i18n.js';
import { BoardView } from './board-view.js';
setCatalog(JSON.parse(document.getElementById('catalog').textContent), document.documentElement.lang);
const svg = document.querySelector('svg.nb-board');
window.staticLabels = [...svg.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
window.events = [];
for (const type of %s) svg.addEventListener(type, (event) => window.events.push({ type, ...event.detail }));
window.view = new BoardView(svg);
window.t = t;
document.documentElement.dataset.boardReady = 'true';
""" % json.dumps(EVENTS)


def page_html(lang: str, model: dict[str, Any], interactive: bool = True) -> str:
    catalog = load_catalog(PROJECT_ROOT / "site" / "i18n", lang)
    board = render_board(model, catalog.t, board_id="board", interactive=interactive)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>board</title><link rel="icon" href="data:,"><link rel="stylesheet" href="board.css">
<link rel="stylesheet" href="page.css"></head>
<body><main>{board}</main>
<script type="application/json" id="catalog">{catalog.as_json()}</script>
<script type="module" src="page.js"></script></body></html>
"""


@pytest.fixture(scope="module")
def board_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("board-site")
    shutil.copyfile(STATIC / "js" / "board-view.js", root / "board-view.js")
    shutil.copyfile(STATIC / "js" / "i18n.js", root / "i18n.js")
    shutil.copyfile(STATIC / "css" / "board.css", root / "board.css")
    (root / "page.css").write_text("body { margin: 8px; background: #fff; } main { max-width: 1100px; margin: auto; }")
    (root / "page.js").write_text(PAGE_JS)
    for name, (lang, model) in PAGES.items():
        html = page_html(lang, model or (START if name.startswith("diagram") else BEAR_OFF),
                         interactive=not name.startswith("diagram"))
        (root / f"{name}.html").write_text(html, encoding="utf-8")
    with served(root) as base_url:
        yield base_url


def open_board(page: Page, base_url: str, name: str) -> Page:
    page.goto(f"{base_url}{name}.html")
    page.locator("html[data-board-ready]").wait_for(state="attached")  # no eval: the CSP forbids it
    return page


def focused_name(page: Page) -> str:
    return page.evaluate("document.activeElement.getAttribute('aria-label')")


def events(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("window.events")


def test_js_keeps_the_builders_accessible_names(page: Page, board_site: str) -> None:
    open_board(page, board_site, "mid-ru")
    after = page.evaluate("[...document.querySelectorAll('svg [aria-label]')].map((e) => e.getAttribute('aria-label'))")
    assert after == page.evaluate("window.staticLabels")


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
    expect(page.locator(":focus .nb-focus")).to_be_visible()  # the drawn focus ring shows for keyboard users


def test_enter_and_space_activate_the_absolute_point(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-black-ru")
    page.keyboard.press("Tab")
    assert focused_name(page) == "Пункт 24, 15 чёрных шашек"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    assert events(page) == [{"type": "point-activate", "point": 12}, {"type": "point-activate", "point": 11}]


def test_click_activates_and_drag_moves(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    page.get_by_role("button", name="Point 24, 15 white checkers").click()
    assert events(page) == [{"type": "point-activate", "point": 24}]
    source = page.locator(".nb-point[data-point='24'] .nb-checker").last.bounding_box()
    target = page.locator(".nb-point[data-point='18'] .nb-triangle").bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=8)
    assert page.locator(".nb-fly .nb-checker").count() == 1  # the checker follows the pointer
    page.mouse.up()
    assert events(page)[1:] == [{"type": "drag-move", "from": 24, "to": 18}]  # and no extra click
    assert page.locator(".nb-fly > *").count() == 0
    assert page.evaluate("getComputedStyle(document.querySelector('svg.nb-board')).touchAction") == "none"


def test_dice_trays_and_escape_emit_events(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    page.get_by_role("button", name="Кубик 6").click()
    page.keyboard.press("5")
    page.get_by_role("button", name="Снято белых: 0").click()
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


def test_bear_off_destination_and_drag_to_the_tray(page: Page, board_site: str) -> None:
    open_board(page, board_site, "bearoff-en")
    page.evaluate("view.select(3); view.markDestinations([{point: 'off', dice: [3]}, {point: 2, dice: [1]}])")
    tray = page.get_by_role("button", name="White borne off: 10, move here: 3")
    expect(tray).to_be_visible()
    expect(tray.locator(".nb-destination__dice")).to_have_text("3")
    expect(page.get_by_role("button", name="Black borne off: 11")).to_be_visible()  # the other tray is unmarked
    source = page.locator(".nb-point[data-point='3'] .nb-checker").last.bounding_box()
    target = tray.bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] * 0.75, steps=6)
    page.mouse.up()
    assert events(page) == [{"type": "drag-move", "from": 3, "to": "off"}]
    page.evaluate("""(model) => view.setModel(model)""", {**BEAR_OFF, "points": {**BEAR_OFF["points"],
                  "3": {"side": "white", "count": 2}}, "off": {"white": 11, "black": 11}})
    assert page.locator(".nb-tray[data-side='white'] .nb-slab").count() == 11


def test_a_caption_steps_aside_for_a_badge(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    caption = page.locator(".nb-caption", has_text="Black's home")
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
    assert page.locator("svg [role=button], svg [tabindex]").count() == 0
    page.evaluate("view.highlight([12], 'block')")  # a lesson diagram can still point at something
    expect(page.locator(".nb-point[data-point='12'] .nb-badge--block")).to_be_visible()
    page.evaluate("(model) => view.setModel(model)", {**START, "dice": [], "to_move": "black"})
    expect(page.locator("svg.nb-board")).to_have_attribute(
        "aria-label", "Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек. Ход чёрных")


def test_set_model_updates_names_and_checkers(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    moved = {**START, "points": {**START["points"], "24": {"side": "white", "count": 14},
                                 "18": {"side": "white", "count": 1}},
             "dice_used": [True, False], "off": {"white": 0, "black": 2}}
    page.evaluate("(model) => view.setModel(model)", moved)
    expect(page.get_by_role("button", name="Пункт 24, 14 белых шашек")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 18, 1 белая шашка")).to_be_visible()
    expect(page.get_by_role("button", name="Кубик 6, использован")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Снято чёрных: 2")).to_be_visible()
    assert page.locator(".nb-point[data-point='18'] .nb-checker").count() == 1
    expect(page.locator(".nb-point[data-point='24'] .nb-count")).to_have_text("14")
    assert page.locator(".nb-tray[data-side='black'] .nb-slab").count() == 2


def test_marks_are_shapes_and_words(page: Page, board_site: str) -> None:
    open_board(page, board_site, "mid-ru")
    page.evaluate("""() => { view.select(24);
                      view.markDestinations([{point: 20, dice: [4]}, {point: 16, dice: [4, 4]}]);
                      view.highlight([16], 'block'); view.highlight([7], 'error'); }""")
    expect(page.get_by_role("button", name="Пункт 24, 8 белых шашек, выбран")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 20, 1 белая шашка, ход сюда: 4")).to_be_visible()
    expect(page.get_by_role("button", name="Пункт 16, 1 чёрная шашка, ход сюда: 4+4, блок")).to_be_visible()
    expect(page.locator(".nb-point[data-point='20'] .nb-destination__dice")).to_have_text("4")
    expect(page.locator(".nb-point[data-point='7'] .nb-badge--error text")).to_have_text("✕")
    page.evaluate("view.clearMarks()")
    expect(page.get_by_role("button", name="Пункт 24, 8 белых шашек")).to_be_visible()
    assert page.locator(".nb-marks > *, .nb-under > *").count() == 0


def test_flip_and_perspective_relabel_the_slots(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-en")
    page.evaluate("view.setFlipped(true)")
    bottom_left = page.locator(".nb-point[data-row='bottom'][data-col='0']")
    expect(bottom_left).to_have_attribute("aria-label", "Point 1, empty")
    expect(bottom_left.locator(".nb-label")).to_have_text("1")
    page.evaluate("(model) => view.setModel(model)", {**START, "perspective": "black"})
    top_left = page.locator(".nb-point[data-row='top'][data-col='0']")  # mirrored: own 24 is top left
    expect(top_left).to_have_attribute("aria-label", "Point 24, 15 black checkers")
    top_left.click()
    assert events(page)[-1] == {"type": "point-activate", "point": 12}
    expect(page.locator(".nb-player[data-player='bottom'] .nb-player__name")).to_have_text("Black")


def test_one_step_animates_unless_reduced_motion(page: Page, board_site: str) -> None:
    step = {**START, "points": {**START["points"], "24": {"side": "white", "count": 14},
                                "19": {"side": "white", "count": 1}}}
    open_board(page, board_site, "start-en")
    running = page.evaluate("(model) => { view.setModel(model); return document.getAnimations().length; }", step)
    assert running == 1
    expect(page.locator(".nb-fly > *")).to_have_count(0, timeout=3000)  # the flying checker lands and goes
    expect(page.locator(".nb-point[data-point='19'] .nb-checker")).to_be_visible()

    page.emulate_media(reduced_motion="reduce")
    open_board(page, board_site, "start-en")
    running = page.evaluate("(model) => { view.setModel(model); return document.getAnimations().length; }", step)
    assert running == 0
    assert page.locator(".nb-fly > *").count() == 0
    expect(page.locator(".nb-point[data-point='19'] .nb-checker")).to_be_visible()


def test_i18n_js_matches_the_builder(page: Page, board_site: str) -> None:
    open_board(page, board_site, "start-ru")
    catalog = load_catalog(PROJECT_ROOT / "site" / "i18n", "ru")
    counts = [1, 2, 5, 11, 21, 22, 25]
    in_browser = page.evaluate("(counts) => counts.map((n) => t('board.checkers.black', {n}))", counts)
    assert in_browser == [catalog.t("board.checkers.black", n=n) for n in counts]
    assert page.evaluate("t('no.such.key')") == "no.such.key"
    assert page.evaluate("t('board.die.name', {})") == "Кубик {value}"


@pytest.mark.parametrize("width", [360, 1280])
def test_screenshots_fit_the_screen(browser: Browser, board_site: str, width: int) -> None:
    """Renders the start and a mid-game position for a human to look at (test-results/board/)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # A phone has a dense screen: render it as one does, so the picture shows what a reader would see.
    context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=2 if width < 600 else 1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        for name in ("start-ru", "mid-en"):
            open_board(page, board_site, name)
            if name.startswith("mid"):
                page.evaluate("""() => { view.select(20); view.markDestinations([{point: 16, dice: [4]}]);
                                  view.highlight([15], 'error'); view.highlight([14], 'hint'); }""")
                page.keyboard.press("Tab")
            box = page.locator("svg.nb-board").bounding_box()
            assert box["width"] <= width and box["height"] > 0.8 * box["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
            page.locator("svg.nb-board").screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"))
    finally:
        context.close()
    assert not errors

"""On a phone (360 px, touch): the hint list keeps its numbers, and a swipe over a board scrolls the page
unless it starts on a checker the learner may move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from builder.i18n import load_catalog
from nardy_core import Game

from .pages import Puzzle

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
# bypass_csp: only so that a test can wait on the page's scroll position
# the module's own context boots its own Python: on one pytest-xdist worker (--dist loadgroup) it boots once
pytestmark = [pytest.mark.browser_context_args(bypass_csp=True, **PHONE), pytest.mark.xdist_group("phone")]


def test_hint_numbers_stay_visible_on_a_phone(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/puzzles/head-first-move/")
    puzzle = Puzzle(page, "head-first-move").wait_ready()
    puzzle.button("hint").click()
    hints = puzzle.root.locator("[data-hints]")
    expect(hints.locator("li")).to_have_count(1)
    # the number ("1.") is drawn in the list's left padding: with too little of it, it is cut off
    marker_room = hints.evaluate("(list) => list.firstElementChild.getBoundingClientRect().left - list.getBoundingClientRect().left")
    assert marker_room >= 18
    assert hints.evaluate("(list) => list.getBoundingClientRect().left") >= 0
    # the hint is read where the learner is: under the status line, in the screen, not below three rows of buttons
    hint = hints.locator("li").first
    expect(hint).to_be_in_viewport()
    assert hint.evaluate("(li) => li.getBoundingClientRect().bottom") <= 740
    assert hints.evaluate("(list, controls) => list.compareDocumentPosition(controls) & Node.DOCUMENT_POSITION_FOLLOWING",
                          puzzle.root.locator("[data-controls]").element_handle())


def swipe_up(page: Page, x: float, y: float) -> None:
    """A finger's swipe of 300 px upwards starting at (x, y), as the touchscreen sends it."""
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 30 * step}]})
    for _ in range(5):  # the finger rests before it lifts: no fling carries the page on afterwards
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 300}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def settled_scroll(page: Page) -> int:
    """The page's scroll position ten frames from now (a scroll still under way would have moved it)."""
    return int(page.evaluate(
        "new Promise((done) => { let frames = 0; const tick = () => (++frames < 10 ? requestAnimationFrame(tick)"
        " : done(window.scrollY)); requestAnimationFrame(tick); })"))


def test_a_swipe_over_a_board_scrolls_the_page_unless_it_moves_a_checker(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/puzzles/head-first-move/")
    puzzle = Puzzle(page, "head-first-move").wait_ready()
    assert settled_scroll(page) == 0
    head = puzzle.point(24).bounding_box()  # the head: its top checker may be moved, so a swipe there drags it
    assert head
    swipe_up(page, head["x"] + head["width"] / 2, head["y"] + 12)
    assert settled_scroll(page) == 0
    empty = puzzle.point(7).bounding_box()  # an empty point: nothing to pick up there
    assert empty
    swipe_up(page, empty["x"] + empty["width"] / 2, min(empty["y"] + empty["height"] / 2, 700))
    page.wait_for_function("window.scrollY > 100")


def test_a_refusal_said_below_the_fold_is_scrolled_into_view(page: Page, site_url: str) -> None:
    """The board near the bottom of the screen, its status line under the fold: a refused tap's sentence is
    brought into view (the page scrolls the shortest way), not said out of sight."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    # the board's top two thirds down the screen: its bottom row and the status line below the fold
    puzzle.svg.evaluate("(svg) => window.scrollBy(0, svg.getBoundingClientRect().top - window.innerHeight * 2 / 3)")
    assert puzzle.status.evaluate("(status) => status.getBoundingClientRect().top") > 740
    puzzle.activate(12)  # Black's head, on the top row in view: not the learner's checkers
    expect(puzzle.status).to_contain_text("соперника")
    # (to a pixel: the page scrolls by whole pixels, the line may end on a fraction of one)
    page.wait_for_function("(status) => status.getBoundingClientRect().bottom <= window.innerHeight + 1", arg=puzzle.status.element_handle())


@pytest.mark.parametrize("path", ["ru/lessons/head/", "en/short/puzzles/", "ru/american/", "ru/gulbara/rules/"])
def test_the_header_takes_two_lines_and_every_section_is_in_view(page: Page, site_url: str, path: str) -> None:
    """It took ~200 px in four wrapped lines on a 360 px phone, and three lines on a variant's page (the
    games in a row did not fit); the current game reads by its short word and opens a menu of them all."""
    page.goto(site_url + path)
    header = page.locator(".site-header")
    box = header.bounding_box()
    assert box and box["height"] <= 100, box
    links = header.get_by_role("link")
    for i in range(links.count()):
        link = links.nth(i).bounding_box()
        assert link and link["x"] >= 0 and link["x"] + link["width"] <= 360, (links.nth(i).inner_text(), link)
    name = {"ru/lessons/head/": "Игры: Длинные нарды", "en/short/puzzles/": "Games: Short nardy",
            "ru/american/": "Игры: Американка", "ru/gulbara/rules/": "Игры: Гюльбар"}[path]
    expect(header.locator(".game-menu summary")).to_have_accessible_name(name)
    expect(header.get_by_role("link", name="English" if path.startswith("ru/") else "Русский")).to_be_visible()
    expect(header.get_by_role("link", name="Настройки" if path.startswith("ru/") else "Settings")).to_be_visible()


@pytest.mark.parametrize("path", ["ru/puzzles/head-first-move/", "ru/lessons/board/"])
def test_every_points_hit_area_is_a_target_a_finger_can_hit(page: Page, site_url: str, path: str) -> None:
    """The drawn triangles are ~20 px wide on a 360 px phone; each point answers a tap on its whole column (its
    number, its row and half the band), and the board runs edge to edge: 24 px wide or more (WCAG 2.2's
    smallest target) and over 120 px tall, with nothing of the page pushed off to the side."""
    page.goto(site_url + path)
    board = page.locator("svg.nb-board[data-interactive=true]").first
    expect(board).to_be_visible()
    boxes = board.locator("[data-point]").evaluate_all(
        "(points) => points.map((p) => { const b = p.getBoundingClientRect(); return [b.left, b.width, b.height]; })")
    assert len(boxes) == 24
    assert all(width >= 24 and height >= 120 and left >= 0 and left + width <= 360 for left, width, height in boxes), boxes
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_the_game_menu_lists_every_game_and_closes_as_a_menu_does(page: Page, site_url: str) -> None:
    """The header's current game opens a menu of every game (the current one marked), which closes on Escape
    (the focus back on the current game) and on a tap outside it."""
    page.goto(site_url + "ru/tavla/")
    summary = page.locator(".game-menu summary")
    menu = page.get_by_role("navigation", name="Игры")
    expect(menu).to_be_hidden()
    summary.click()
    links = menu.get_by_role("link")
    catalog = load_catalog(Path(__file__).resolve().parents[2] / "site" / "i18n", "ru")
    expect(links).to_have_text([catalog.t(game.spec.display_key) for game in Game])
    expect(menu.locator("[aria-current=true]")).to_have_text("Тавла")
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] >= 24, box
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(summary).to_be_focused()
    summary.click()
    expect(menu).to_be_visible()
    page.mouse.click(350, 700)  # below the menu, on the page
    expect(menu).to_be_hidden()
    summary.click()
    menu.get_by_role("link", name="Гюльбар").click()
    expect(page).to_have_url(re.compile(r"/ru/gulbara/$"))
    expect(page.locator(".game-menu summary")).to_have_accessible_name("Игры: Гюльбар")

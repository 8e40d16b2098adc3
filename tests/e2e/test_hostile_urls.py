"""Hostile addresses on the pages that read or keep one: the free board says in the page's language which
part of the address it cannot read, draws the board and lets the learner start a new game; a puzzle and an
embedded puzzle ignore what they do not use and stay playable, whatever the query or fragment. The e2e
conftest fails every test here on any console error, uncaught exception or unhandled rejection."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from nardy_core import Game

from .pages import READY_MS, FreeBoard, Puzzle

POSITION = "Позиция в адресе не читается: "
RULES = "Правила в адресе не читаются: "
DICE = "Кубики в адресе не читаются: "
DEEP = "[" * 5000 + "]" * 5000

FREE_BOARD = {
    # the finding: unknown rules and no position left a dead board and an unhandled rejection
    "unknown rule, no position": ('rules={"x":1}', RULES),
    "rules that are null": ("rules=null", RULES + "нужен объект в фигурных скобках"),
    "rules that are a list": ("rules=[1]", RULES + "нужен объект в фигурных скобках"),
    "rules nested 5000 deep": ("rules=" + DEEP, RULES + "нужен объект в фигурных скобках"),
    "a rule whose value is a list": ('rules={"block_timing":["end"]}', RULES + "значение правила «block_timing»"),
    "rules cut short": ('rules={"block_timing":', RULES + "запись не в формате JSON"),
    "a __proto__ rule": ('rules={"__proto__":{"polluted":1}}', RULES + "значение правила «__proto__»"),
    "unknown rule with a position": ('pos=w/24:15/24:15&rules={"x":1}', RULES),
    "broken percent-encoding": ("pos=%E0%A4%A", POSITION),
    "full-width digits": ("pos=w/２４:15/24:15", POSITION),
    "a 5000-character position": ("pos=" + "x" * 5000, POSITION),
    "both sides finished": ("pos=w/off:15/off:15", POSITION),
    "markup in the position": (f"pos={quote('<img src=x onerror=alert(1)>')}", POSITION),
    "dice out of range": ("pos=w/24:15/24:15&dice=9-9", DICE),
    "dice that are a word": ("pos=w/24:15/24:15&dice=true", DICE),
}


@pytest.mark.parametrize("case", list(FREE_BOARD))
def test_the_free_board_says_what_it_cannot_read(page: Page, site_url: str, case: str) -> None:
    query, says = FREE_BOARD[case]
    page.goto(f"{site_url}ru/play/?{query}")
    board = FreeBoard(page)
    expect(board.alert).to_contain_text(says, timeout=READY_MS)
    expect(board.alert).not_to_contain_text("Traceback")
    expect(board.status).not_to_contain_text("JavaScript")  # the page's no-script line is gone
    expect(board.alert.locator("*")).to_have_count(0)  # text, never markup
    expect(page.locator("h1")).to_have_text("Свободная доска")
    expect(board.svg.locator(".nb-point")).to_have_count(24)  # the board is drawn, not a blank page
    board.button("new-game").click()  # and the learner can go on
    board.wait_ready()
    expect(board.alert).to_be_hidden()


def test_the_free_board_speaks_the_pages_language(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", rules="null")
    expect(board.alert).to_contain_text("The rules in the address cannot be read: expected an object in braces",
                                         timeout=READY_MS)


def test_a_valid_address_still_plays(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "ru", pos="w/24:15/24:15", dice="6-5", rules='{"block_timing":"end"}')
    board.wait_ready()
    board.click(24)
    board.click(18)
    expect(board.status).to_contain_text("24 → 18")


@pytest.mark.parametrize("game", ["constructor", "chess"])
def test_a_game_the_page_has_no_board_for_plays_the_first_board(page: Page, site_url: str, game: str) -> None:
    """The page never compares a game's name: one it has no board for (an inherited property's name among
    them) is simply not one of its boards, and the first board plays."""
    board = FreeBoard(page).open(site_url, "ru", game=game)
    board.wait_ready()
    expect(page.locator(".board-frame:not([hidden])")).to_have_attribute("data-board-for", next(iter(Game)).value)
    expect(board.svg.locator(".nb-point")).to_have_count(24)
    expect(board.alert).to_be_hidden()


HOSTILE_QUERY = "?" + "&".join([
    f"pos={quote('<script>alert(1)</script>')}", 'rules={"x":1}', "dice=9-9", "__proto__[polluted]=1", "x=" + "y" * 3000,
])


@pytest.mark.parametrize("path", ["ru/puzzles/board-head/", "embed/ru/board-head.html"])
def test_a_puzzle_ignores_a_hostile_query_and_fragment(page: Page, site_url: str, path: str) -> None:
    page.goto(f"{site_url}{path}{HOSTILE_QUERY}#%E0%A4%A")
    puzzle = Puzzle(page, "board-head").wait_ready()
    expect(puzzle.status).to_contain_text("Найдите на доске")
    puzzle.click(24)
    expect(puzzle.success).to_be_visible()
    assert page.evaluate("() => ({}).polluted") is None


def test_a_malformed_fragment_typed_on_a_page_keeps_it(page: Page, site_url: str) -> None:
    """A same-page fragment change (typed, or back to it) is not an in-page navigation, and never throws."""
    page.goto(site_url + "ru/puzzles/board-head/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.button("hint").click()
    hint = puzzle.root.locator("[data-hints] li")
    expect(hint).to_be_visible()
    for fragment in ["#%zz", "#%E0%A4%A", "#main"]:
        page.goto(f"{site_url}ru/puzzles/board-head/{fragment}")
    page.go_back()
    page.go_back()
    expect(page).to_have_url(site_url + "ru/puzzles/board-head/#%zz")
    expect(hint).to_be_visible()  # the same puzzle, not a fresh copy of the page
    puzzle.click(24)
    expect(puzzle.success).to_be_visible()

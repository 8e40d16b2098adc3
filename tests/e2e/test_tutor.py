"""The tutor of the free board, in both games: the hint lists the best plays in the engine's order and draws the
best on the board; each of the learner's turns gets a verdict; a mistake or a blunder is held back, with the
better play and why, until the learner takes it back (the roll again, the better play drawn) or keeps it; axe
finds nothing on the hint or the verdict."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from nardy_core.api import call

from .axe import violations
from .pages import READY_MS, FreeBoard

SHORT_START = "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"
LONG_MIDDLE = "w/24:13,19,13/24:13,19,13"  #: each side: 13 on the head, one on 19 and one on 13

# bypass_csp only to inject axe (the page is unchanged)
pytestmark = pytest.mark.browser_context_args(bypass_csp=True)


def test_the_hint_lists_the_engines_best_plays_and_draws_the_best(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=SHORT_START, dice="3-1").wait_ready()
    expect(board.button("hint")).to_be_visible()
    board.button("hint").click()
    engine = call("advise", {"position": SHORT_START, "dice": [3, 1], "limit": 3})["plays"]
    expect(board.hinted_plays).to_have_count(3, timeout=READY_MS)
    assert [item.get_attribute("data-play") for item in board.hinted_plays.all()] == [play["play"] for play in engine]
    expect(board.hinted_plays.first).to_contain_text("8/5 6/5 — the best play")
    expect(board.tutor).to_contain_text("The best plays of 3-1 (16 possible plays in all)")
    expect(board.arrows).to_have_count(2)  # 8/5 and 6/5
    board.hinted_plays.nth(1).locator("summary").click()  # the numbers, on demand
    expect(board.hinted_plays.nth(1)).to_contain_text(re.compile(r"Equity [−-]0\.\d{3}; win \d+%"))
    assert violations(page) == []


def test_a_blunder_is_held_with_the_better_play_and_why_and_can_be_taken_back(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "ru", pos=SHORT_START, dice="3-1").wait_ready()
    board.play([[24, 21], [24, 23]])  # two blots in the opponent's home: the classic beginner's 3-1
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "blunder", timeout=READY_MS)
    expect(board.tutor).to_contain_text("Грубая ошибка. Ваш ход: 24/21 24/23. Лучше: 8/5 6/5.")
    expect(board.tutor).to_contain_text("Лучший ход занимает больше пунктов в доме: 2 против 1.")
    expect(board.tutor).to_contain_text("Ваш ход оставляет больше одиноких шашек под прямым ударом: 2 против 0.")
    expect(board.button("hint")).to_be_hidden()  # the turn is played, only held
    assert violations(page) == []
    board.tutor_button("take-back").click()
    expect(board.point(24)).to_have_attribute("aria-label", re.compile("2 белые шашки"))  # the roll again, from its start
    expect(board.tutor).to_contain_text("Лучший ход 8/5 6/5 показан стрелками на доске. Сыграйте этот бросок ещё раз.")
    expect(board.arrows).to_have_count(2)
    expect(board.status).to_have_text("Выберите шашку: нажмите на пункт.")
    board.play([[8, 5], [6, 5]])
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "best", timeout=READY_MS)
    expect(board.tutor).to_have_text("Лучший ход.")
    expect(board.status).to_contain_text(re.compile(r"(Компьютер сыграл|У компьютера с)"), timeout=READY_MS)
    expect(board.arrows).to_have_count(0)


def test_a_kept_long_nardy_blunder_is_played_and_the_game_goes_on(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=LONG_MIDDLE, dice="4-2").wait_ready()
    board.play([[19, 15], [15, 13]])
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "blunder", timeout=READY_MS)
    expect(board.tutor).to_contain_text("Blunder. You played 19/15 15/13. Better: 13/9 24/22.")
    expect(board.tutor).to_contain_text(re.compile(r"With your play you lose a mars \(gammon\) \d+% of the time; with the best, \d+%\."))
    board.tutor_button("keep").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(board.tutor).to_contain_text("Blunder.")  # the verdict stays said; the choice is made
    expect(board.tutor_button("keep")).to_have_count(0)
    expect(board.point(13)).to_have_attribute("aria-label", re.compile("2 white checkers"))  # 19/15/13 joined the one there


def test_the_verdicts_can_be_turned_off(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=LONG_MIDDLE, dice="4-2").wait_ready()
    board.root.get_by_label("Judge my moves").uncheck()
    board.play([[19, 15], [15, 13]])
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(board.tutor).to_be_hidden()

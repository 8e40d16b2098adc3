"""Every reason code a learner's step can meet says its rule as a sentence and marks the board: long nardy
and short nardy, on the free board."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .pages import FreeBoard

LONG = [
    # (position, dice, actions on absolute points, the Russian sentence, marked point and mark kind)
    pytest.param("w/24:14,13/24:15", "2-1", [13, 12], "занят соперником", (12, "error"), id="OCCUPIED"),
    pytest.param("w/24:15/24:15", "6-5", [24, 18, 24], "только одну шашку", (24, "error"), id="HEAD_LIMIT"),
    pytest.param("w/24:9,11,10,9,8,7:2/24:15", "5-1", [7, 6], "блок", (6, "block"), id="SIX_BLOCK"),
    pytest.param("w/13,1:14/24:14,14", "6-5", [13, 8], "обязательно больший", None, id="MUST_USE_LARGER"),
    pytest.param("w/13,1:14/24:14,20", "6-5", [13, 7, "confirm"], "их нужно сыграть", None, id="MUST_USE_BOTH"),
    pytest.param("w/7,1:14/24:15", "6-1", [1], "все шашки дома", (7, "error"), id="NOT_ALL_HOME"),
    pytest.param("w/6,2,off:13/24:15", "5-3", [2], "выше ещё стоят ваши шашки", (6, "error"), id="BEAR_OFF_HIGHER_OCCUPIED"),
]
SHORT = [
    pytest.param("short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "3-1", [13], "с бара", ("bar", "error"), id="BAR_FIRST"),
    pytest.param("short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:4,off:1", "6-5", ["bar", 19], "закрыт", (19, "error"), id="ENTRY_HELD"),
    pytest.param("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "5-2", [24, 19], "закрыт", (19, "error"), id="OCCUPIED-short"),
]
MARK_WORDS = {"error": "ошибка", "block": "блок"}


def _act(board: FreeBoard, actions: list[int | str]) -> None:
    for action in actions:
        if action == "confirm":
            board.button("confirm").click()
        else:
            board.click(action)


@pytest.mark.parametrize("position,dice,actions,sentence,mark", LONG + SHORT)
def test_illegal_step_shows_its_rule(page: Page, site_url: str, position: str, dice: str, actions: list[int | str],
                                     sentence: str, mark: tuple[int | str, str] | None) -> None:
    board = FreeBoard(page).open(site_url, "ru", pos=position, dice=dice)
    board.wait_ready()
    _act(board, actions)
    expect(board.status).to_contain_text(sentence)
    if mark:
        board.expect_mark(mark[0], mark[1], MARK_WORDS[mark[1]])

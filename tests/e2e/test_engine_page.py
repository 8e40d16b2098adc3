"""The engine in the page (issue 29): the free board's computer plays at the level chosen under the board; the
engine's weights, which the site's wheel holds only stand-ins of, are fetched from beside the wheel the first
time the engine is asked, never before (a lesson's first tap never waits on them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from builder.serve import DistHandler, make_handler, served

from .conftest import ConsoleErrors
from .pages import READY_MS, FreeBoard, wait_runtime


def _logging_handler(dist: Path, asked: list[str], weights_gone: bool = False) -> type[DistHandler]:
    """The site's handler, noting every path asked; with ``weights_gone`` the weights are not found (a network
    that failed on them)."""
    base = make_handler(dist)

    def do_get(self: DistHandler) -> None:
        asked.append(self.path)
        if weights_gone and "/weights/" in self.path:
            self.send_error(404)
            return
        base.do_GET(self)

    return type("LoggingDistHandler", (base,), {"do_GET": do_get})


@pytest.mark.fresh_python  # a Python of its own: the session's may have fetched the weights already
@pytest.mark.parametrize("weights_gone", [False, True], ids=["weights", "no-weights"])
def test_the_club_level_plays_with_the_weights_fetched_when_first_asked(browser: Browser, built_site: Path, weights_gone: bool) -> None:
    """Without the weights (offline before they were ever fetched) the computer still plays, as the beginner,
    and says so."""
    asked: list[str] = []

    def weights() -> list[str]:
        return [path for path in asked if "/weights/" in path]

    errors = ConsoleErrors()
    with served(built_site, handler=_logging_handler(built_site, asked, weights_gone)) as url:
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            errors.attach(page)
            board = FreeBoard(page).open(url, pos="w/24:15/24:15", dice="6-5")
            wait_runtime(page)
            board.wait_ready()
            expect(board.level).to_have_value("beginner")
            assert weights() == []  # booted and playable: no weights yet
            board.level.select_option(label="club player")
            board.click(24)
            board.click(13)
            board.button("confirm").click()
            expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
            gave_way = "The computer's stronger play could not be loaded: it plays as a beginner."
            if weights_gone:
                expect(board.status).to_contain_text(gave_way)
                expect(board.tutor).to_have_text("The data for judging moves could not be loaded: your move was played unjudged.")
                # asked for by the tutor's verdict, then again by the computer's move: a failed load is tried anew
                assert weights() == ["/py/nardy_core/weights/long-v1.json"] * 2
            else:
                expect(board.status).not_to_contain_text(gave_way)
                expect(board.tutor).to_have_attribute("data-grade", re.compile("."))  # the tutor judged the move
                assert weights() == ["/py/nardy_core/weights/long-v1.json"]  # once, for the verdict and the computer
        finally:
            context.close()
    # the browser reports the weights' 404 itself; nothing else
    assert [line for line in errors if not (weights_gone and "404" in line)] == [], errors

"""Moving around the site: one Python boot per visit, progress that survives a reload and resets only after
asking, and lessons that read without JavaScript (offline: test_offline.py)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from builder.assets import asset, written
from builder.serve import DistHandler, served

from .conftest import counted_site, holding_handler
from .pages import READY_MS, Puzzle, press_reset_lesson, wait_runtime

PROJECT = Path(__file__).resolve().parents[2]
#: how long a followed link waits for its page before loading it in full, as navigation.js says
SWAP_TIMEOUT_MS = int(re.findall(r"SWAP_TIMEOUT_MS = (\d+);", (PROJECT / "site/static/js/navigation.js").read_text(encoding="utf-8"))[0])


def test_next_lesson_does_not_load_python_again(page: Page, built_site: Path) -> None:
    wasm_requests: list[str] = []  # counted by the server: a shared worker's requests are invisible to the page
    with counted_site(built_site, wasm_requests) as site_url:
        page.goto(site_url + "ru/lessons/head/")
        wait_runtime(page)
        expect(page.locator("html[data-navigation=in-page]")).to_be_attached()  # links swap the page now
        page.locator("a[rel=next]").click()
        # twice in four full runs on four workers the address had not changed 15 s after the click: the
        # bound is the boot's, so that a slow swap passes and only a swap that never comes fails
        expect(page).to_have_url(re.compile(r"/ru/lessons/first-roll/$"), timeout=READY_MS)
        expect(page.locator("article.lesson[data-lesson='first-roll'] [data-widget][data-ready]").first).to_be_attached()
        expect(page.locator("html[data-runtime=ready]")).to_be_attached()
    assert len(wasm_requests) == 1, wasm_requests


def test_a_link_whose_page_never_comes_is_loaded_in_full(no_python: Page, built_site: Path) -> None:
    """The next lesson's page is fetched in idle time or on the click; a fetch never times out by itself, so one
    that stalled (a dropped connection on a phone's line) left "next" dead. Once the swap has waited for it
    SWAP_TIMEOUT_MS (on the page's clock, moved on by the test), the browser loads the page in full."""
    released, asked = threading.Event(), threading.Event()
    stalled: list[str] = []
    base = holding_handler(built_site, released)  # no_python's pages never get the runtime: no boot needed here

    def do_get(self: DistHandler) -> None:
        if self.path.startswith("/ru/lessons/first-roll/") and not stalled:
            stalled.append(self.path)  # the first request for the page: never answered
            asked.set()
            self.close_connection = True
            released.wait(READY_MS / 1000)
            return
        base.do_GET(self)

    with served(built_site, handler=type("StallingHandler", (base,), {"do_GET": do_get})) as site_url:
        try:
            no_python.goto(site_url + "ru/lessons/head/")
            expect(no_python.locator("html[data-navigation=in-page]")).to_be_attached()
            no_python.clock.install()
            no_python.locator("a[rel=next]").click()
            assert asked.wait(READY_MS / 1000), "the page was never asked for"
            assert stalled == ["/ru/lessons/first-roll/"]
            expect(no_python).to_have_url(re.compile(r"/ru/lessons/head/$"))  # still waiting for the page
            no_python.clock.run_for(SWAP_TIMEOUT_MS)
            expect(no_python).to_have_url(re.compile(r"/ru/lessons/first-roll/$"))
            expect(no_python.locator("article.lesson[data-lesson='first-roll'] h1")).to_be_visible()
        finally:
            released.set()


def expect_a_solve_to_be_kept(page: Page, site_url: str) -> None:
    """Solve the board lesson's first puzzle and reload: it is still solved, and the course map counts it."""
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.click(24)
    expect(puzzle.success).to_be_visible()
    page.reload()
    expect(puzzle.root.locator("[data-solved-mark]")).to_be_visible()
    page.goto(site_url + "ru/")
    expect(page.locator(".lesson-card[data-lesson=board] [data-lesson-progress]")).to_contain_text("решено 1")


def test_progress_survives_a_reload(page: Page, site_url: str) -> None:
    expect_a_solve_to_be_kept(page, site_url)


def test_reset_a_lesson_asks_first(page: Page, site_url: str) -> None:
    page.goto(site_url + "en/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.click(24)
    mark = puzzle.root.locator("[data-solved-mark]")
    expect(mark).to_be_visible()
    # one handler answers the dialogs in turn: a handler per dialog, registered after the first press, could
    # see the first dialog again when its event arrives late (both answer it, and the second dialog none)
    answers = ["dismiss", "accept"]
    page.on("dialog", lambda dialog: dialog.dismiss() if answers.pop(0) == "dismiss" else dialog.accept())
    press_reset_lesson(page)
    expect(mark).to_be_visible()
    press_reset_lesson(page)
    expect(mark).to_be_hidden()
    # the puzzle is mounted afresh: one row of controls (not the old one left beside it), and its buttons work
    expect(puzzle.root.locator("[data-controls]")).to_have_count(1)
    puzzle.button("hint").click()
    expect(puzzle.root.locator("[data-hints] li")).to_have_count(1)
    page.reload()
    expect(mark).to_be_hidden()


def test_lesson_reads_without_javascript(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + "ru/lessons/head/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator(".lesson-body p").first).to_be_visible()
    boards = page.locator(".lesson-body svg.nb-board")
    assert boards.count() >= 1
    expect(boards.first).to_have_attribute("role", "img")
    expect(boards.first).to_have_attribute("aria-label", re.compile(r"^Доска для длинных нард\. Пункт 24, 15 белых шашек"))
    # drawn, not just named: the two heads, five discs each (a shared stack), and their counts
    expect(boards.first.locator(".nb-static > use[href='#nb-stack-white-5-top']")).to_have_count(1)
    expect(boards.first.locator(".nb-static > use[href='#nb-stack-black-5-bottom']")).to_have_count(1)
    expect(page.locator("#nb-stack-white-5-top > use")).to_have_count(5)
    expect(page.locator("[data-answer-box]").first).to_be_attached()
    context.close()


def test_the_favicon_follows_an_in_page_navigation(page: Page, site_url: str, built_site: Path) -> None:
    page.goto(site_url + "ru/lessons/head/")
    expect(page.locator("html[data-navigation=in-page]")).to_be_attached()  # loaded once the page is set up
    page.evaluate("window.samePage = true")  # gone if the click loaded a new document
    page.locator(".site-header a.brand").click()
    expect(page).to_have_url(site_url + "ru/")
    assert page.evaluate("window.samePage") is True
    icons = page.evaluate("[...document.querySelectorAll('link[rel=icon]')].map((link) => link.href)")
    assert icons == [site_url + written(built_site, asset("icon.svg"))]  # not ../../../assets/… read from ru/


def test_switching_the_language_mid_puzzle_keeps_the_place_and_the_steps(page: Page, site_url: str) -> None:
    """It jumped to the top and reset a half-played puzzle: now the other language's page opens at the same
    puzzle, with the step already played, the miss already counted, and the turn finishes from there."""
    page.goto(site_url + "ru/lessons/board/")
    expect(page.locator("html[data-navigation=in-page]")).to_be_attached()
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    puzzle.root.scroll_into_view_if_needed()
    puzzle.play([[24, 20]])
    expect(puzzle.status).to_contain_text("Осталось")
    puzzle.activate(24)  # a second checker off the head: refused, one miss
    expect(puzzle.status).to_have_text("С головы за ход можно снять только одну шашку.")
    page.locator(".site-header .lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/lessons/board/#puzzle-board-first-move$"))
    english = Puzzle(page, "board-first-move").wait_ready()
    expect(english.root).to_be_in_viewport()
    expect(english.svg).to_have_attribute("data-model", re.compile(r'"20":\{"side":"white","count":1\}'))
    english.play([[20, 18]])
    expect(english.success).to_be_visible()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('nardy.progress') || '{}')")
    assert stored["puzzles"]["board-first-move"]["stars"] == 2  # one miss, recorded once

"""An embedded puzzle on someone else's page: it plays, and its messages reach the host."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page, expect

from builder.serve import make_handler, served

from .conftest import counted_site
from .pages import READY_MS, Puzzle


@contextmanager
def someone_elses_site(folder: Path) -> Iterator[str]:
    """Serve ``folder`` as a blog would: plain files, none of the site's own headers (its CSP would forbid
    the host's inline script and its frames)."""

    class PlainHandler(make_handler(folder)):  # type: ignore[misc, valid-type]
        def response_headers(self) -> list[tuple[str, str]]:
            return []

    with served(folder, handler=PlainHandler) as base_url:
        yield base_url


def host_page(folder: Path, blurb: str, src: str, height: int) -> None:
    """A third party's index.html: a paragraph, the embed as #f, and #log listing the nardy:* messages heard."""
    (folder / "index.html").write_text(
        f"<!doctype html><title>host</title><link rel=icon href='data:,'><p>{blurb}</p>"
        f"<iframe id=f src='{src}' width=600 height={height}></iframe>"
        "<ol id=log></ol><script>addEventListener('message', e => {"
        "if (e.data && String(e.data.type).startsWith('nardy:')) {const li = document.createElement('li');"
        "li.textContent = e.data.type; document.getElementById('log').append(li);}});</script>",
        encoding="utf-8",
    )


def test_embed_talks_to_a_third_party_page(page: Page, site_url: str, tmp_path: Path) -> None:
    host_page(tmp_path, "Someone else's page", f"{site_url}embed/en/board-head.html", height=600)
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY_MS)
        frame = page.frame_locator("#f")
        expect(frame.locator("[data-widget=puzzle][data-ready]")).to_be_attached()
        frame.locator("svg .nb-point[data-point='24']").click()
        expect(page.locator("#log")).to_contain_text("nardy:solved")


def test_a_short_nardy_puzzle_embeds_and_enters_from_the_bar(page: Page, site_url: str, tmp_path: Path) -> None:
    """A short-nardy puzzle on a third-party page: its bar is named, the learner enters the one checker that can
    enter (the 5's entry point is held, so that die is lost), and the host hears that the puzzle was solved."""
    host_page(tmp_path, "A backgammon blog", f"{site_url}embed/en/sn-bar-two.html", height=700)
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY_MS)
        puzzle = Puzzle(page.frame_locator("#f"), "sn-bar-two")
        puzzle.wait_ready()
        expect(puzzle.svg).to_have_attribute("data-game", "short")
        expect(puzzle.point("bar")).to_have_attribute("aria-label", "Bar: 2 white checkers")
        assert puzzle.config()["solution"] == [["bar", 23]]  # the 2 enters on own 23; the 5 (own 20) is held
        puzzle.solve()
        expect(puzzle.success).to_be_visible(timeout=READY_MS)
        expect(page.locator("#log")).to_contain_text("nardy:solved")
        expect(puzzle.point("bar")).to_have_attribute("aria-label", "Bar: 1 white checker")


BLOG = ("<!doctype html><title>blog</title><link rel=icon href='data:,'><p>A post with two puzzles</p>"
        "<iframe id=first src='{site}embed/ru/head-first-move.html' width=600 height=700></iframe>")
ADD_SECOND = """(src) => { const frame = document.createElement('iframe');
                  frame.id = 'second'; frame.src = src; frame.width = 600; frame.height = 700;
                  document.body.append(frame); }"""


def _second_embed_plays(page: Page, site: str) -> None:
    page.evaluate(ADD_SECOND, site + "embed/en/bearing-off-black.html")
    second = page.frame_locator("#second")
    expect(second.locator("[data-widget=puzzle][data-ready]")).to_be_attached()
    second.locator("svg .nb-point[data-point='21']").click()  # Black's own 9
    expect(second.locator("[data-status]")).to_have_text("Checker on point 9 selected. Where to?")


def test_two_embeds_on_another_origin_share_one_python(page: Page, built_site: Path, tmp_path: Path) -> None:
    """A page of another origin (another port) with two puzzles: one Python boots, in a shared worker, and the
    second embed, added once the first has it, finds it booted."""
    wasm: list[str] = []
    with counted_site(built_site, wasm) as site, someone_elses_site(tmp_path) as host_url:
        (tmp_path / "index.html").write_text(BLOG.format(site=site), encoding="utf-8")
        page.goto(host_url + "index.html")
        first = page.frame_locator("#first")
        expect(first.locator("html")).to_have_attribute("data-runtime", "ready", timeout=READY_MS)
        _second_embed_plays(page, site)
        expect(page.frame_locator("#second").locator("html")).to_have_attribute("data-runtime", "ready")
        assert len(wasm) == 1, wasm  # one Python for the whole page


def test_embeds_on_another_site_play_where_the_browser_allows_them_no_shared_worker(
        page: Page, built_site: Path, tmp_path: Path) -> None:
    """On another site (localhost, not 127.0.0.1) this Chromium blocks a frame's storage and its shared
    worker: each embed runs its own Python, and both play from their first tap."""
    wasm: list[str] = []
    with counted_site(built_site, wasm) as site, someone_elses_site(tmp_path) as host_url:
        (tmp_path / "index.html").write_text(BLOG.format(site=site), encoding="utf-8")
        page.goto(host_url.replace("127.0.0.1", "localhost") + "index.html")
        first = page.frame_locator("#first")
        expect(first.locator("[data-widget=puzzle][data-ready]")).to_be_attached()
        _second_embed_plays(page, site)
        for frame in ("#first", "#second"):
            expect(page.frame_locator(frame).locator("html")).to_have_attribute("data-runtime", "ready", timeout=READY_MS)

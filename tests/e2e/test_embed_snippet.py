"""What a site owner gets from «Встроить»: the snippet copied from the panel, pasted into a page of another
origin, shows the whole puzzle with no scrollbar inside its frame, before and after solving and after a reset,
on a phone and on a desktop; the puzzle's events arrive on the element, and commands or messages from the
wrong origin change nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page, expect

from .pages import READY_MS, Puzzle
from .test_embed import someone_elses_site

PUZZLE = "head-first-move"
LOG = ("<ol id=log></ol><script>for (const type of ['nardy:ready', 'nardy:move', 'nardy:solved', 'nardy:resize'])"
       " document.addEventListener(type, (e) => { const li = document.createElement('li'); li.textContent = type;"
       " document.getElementById('log').append(li); });</script>")


def copied_snippet(page: Page, site_url: str, width: str) -> str:
    page.goto(f"{site_url}ru/puzzles/{PUZZLE}/")
    puzzle = Puzzle(page, PUZZLE).wait_ready()
    puzzle.button("embed").click()
    panel = page.locator("dialog.embed-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("Встроить задачу на свой сайт")
    panel.locator("select[name=lang]").select_option("en")
    panel.locator("select[name=width]").select_option(width)
    expect(panel.locator(".embed-status")).to_contain_text("px; она уже в коде", timeout=READY_MS)
    snippet = panel.locator("textarea").input_value()
    panel.get_by_role("button", name="Копировать").click()
    expect(panel.locator(".embed-status")).to_contain_text(re.compile("Код скопирован|Код выделен"))
    panel.get_by_role("button", name="Закрыть").click()
    expect(panel).to_have_count(0)
    expect(puzzle.button("embed")).to_be_focused()  # the focus goes back where it was
    return snippet


def embed_frame(page: Page) -> Frame:
    handle = page.locator("nardy-puzzle").element_handle()
    assert handle is not None
    frame = handle.evaluate_handle("(el) => el.shadowRoot.querySelector('iframe')").as_element()
    assert frame is not None
    content = frame.content_frame()
    assert content is not None
    return content


def no_inner_scrollbar(page: Page) -> int:
    """Waits until the frame is as tall as what it shows (a pixel of rounding aside); returns that height."""
    frame = embed_frame(page)
    frame.wait_for_function("() => document.documentElement.scrollHeight <= window.innerHeight + 1", timeout=READY_MS)
    return int(frame.evaluate("() => window.innerHeight"))


@pytest.mark.parametrize("viewport", [360, 1280])
def test_the_copied_snippet_keeps_the_whole_puzzle_in_view(page: Page, site_url: str, tmp_path: Path,
                                                             viewport: int) -> None:
    snippet = copied_snippet(page, site_url, "100%")
    assert f'<nardy-puzzle puzzle="{PUZZLE}" lang="en"' in snippet and f"{site_url}static/js/nardy-embed.js" in snippet
    (tmp_path / "index.html").write_text(
        f"<!doctype html><title>blog</title><link rel=icon href='data:,'><p>A post with a puzzle</p>{snippet}{LOG}",
        encoding="utf-8")
    page.set_viewport_size({"width": viewport, "height": 800})
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY_MS)
        before = no_inner_scrollbar(page)
        puzzle = Puzzle(page.frame_locator("nardy-puzzle iframe"), PUZZLE)
        puzzle.solve()
        expect(puzzle.success).to_be_visible(timeout=READY_MS)
        expect(page.locator("#log")).to_contain_text("nardy:move")
        expect(page.locator("#log")).to_contain_text("nardy:solved")
        solved = no_inner_scrollbar(page)
        assert solved > before, (before, solved)  # it grew for the explanation
        page.evaluate("() => document.querySelector('nardy-puzzle').reset()")
        expect(puzzle.success).to_be_hidden()
        page.wait_for_function(f"() => document.querySelector('nardy-puzzle').getBoundingClientRect().height < {solved}",
                               timeout=READY_MS)
        assert no_inner_scrollbar(page) < solved  # and shrank back


def test_commands_and_messages_from_the_wrong_origin_are_ignored(page: Page, site_url: str, tmp_path: Path) -> None:
    # a frame whose snippet names another host takes no command from this page; a message that does not come
    # from the element's own frame does not move the element
    (tmp_path / "index.html").write_text(
        "<!doctype html><title>blog</title><link rel=icon href='data:,'>"
        f"<iframe id=f src='{site_url}embed/en/{PUZZLE}.html?host=https://elsewhere.example' width=600 height=900></iframe>"
        f"<nardy-puzzle puzzle='{PUZZLE}' lang='en' style='display:block;height:700px'></nardy-puzzle>"
        f"<script src='{site_url}static/js/nardy-embed.js'></script>{LOG}", encoding="utf-8")
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        framed = Puzzle(page.frame_locator("#f"), PUZZLE).wait_ready()
        framed.solve()
        expect(framed.success).to_be_visible(timeout=READY_MS)
        site_origin = site_url.rstrip("/")
        page.evaluate(f"() => document.getElementById('f').contentWindow.postMessage({{type: 'nardy:reset'}}, '{site_origin}')")
        # the element's frame names this page as its host: the same command resets it (while the first arrives)
        element = Puzzle(page.frame_locator("nardy-puzzle iframe"), PUZZLE).wait_ready()
        element.solve()
        expect(element.success).to_be_visible(timeout=READY_MS)
        page.evaluate("() => document.querySelector('nardy-puzzle').reset()")
        expect(element.success).to_be_hidden(timeout=READY_MS)
        expect(framed.success).to_be_visible()  # the command from a host the frame does not know was dropped
        height = no_inner_scrollbar(page)
        # a fake height from the page itself, then a marker: messages to one window arrive in order
        page.evaluate("""() => new Promise((done) => {
          addEventListener('message', (e) => e.data === 'after' && done());
          postMessage({type: 'nardy:resize', height: 5}, '*');
          postMessage('after', '*');
        })""")
        assert no_inner_scrollbar(page) == height
        assert page.locator("nardy-puzzle").bounding_box()["height"] > 100  # type: ignore[index]


def test_a_lesson_boards_position_embeds_on_the_free_board(page: Page, site_url: str, tmp_path: Path) -> None:
    page.goto(f"{site_url}en/lessons/head/")
    board = page.locator("[data-widget=board]").first
    position = json.loads(board.get_attribute("data-config") or "{}")["position"]
    board.locator(".board-embed").click()
    panel = page.locator("dialog.embed-panel")
    expect(panel.locator(".embed-status")).to_contain_text("px tall", timeout=READY_MS)
    snippet = panel.locator("textarea").input_value()
    assert 'board="pos=' in snippet and "dice=6-5" in snippet, snippet
    (tmp_path / "index.html").write_text(
        f"<!doctype html><title>blog</title><link rel=icon href='data:,'>{snippet}{LOG}", encoding="utf-8")
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY_MS)
        frame = page.frame_locator("nardy-puzzle iframe")
        free = frame.locator("[data-widget=free][data-ready]")
        expect(free).to_be_attached()
        expect(free.locator(".position-form")).to_be_hidden()  # on someone's page it is for playing
        expect(free.locator("[data-action=embed]")).to_be_hidden()
        model = json.loads(free.locator("svg.nb-board:visible").get_attribute("data-model") or "{}")
        assert [d["value"] for d in model["dice"]] == [6, 5] and position.startswith("w/24:15"), (model, position)
        no_inner_scrollbar(page)


@pytest.mark.parametrize("viewport", [360, 1280])
def test_a_hand_written_element_without_a_height_does_not_move_the_page(page: Page, site_url: str, tmp_path: Path,
                                                                        viewport: int) -> None:
    """Written by hand with no height, far down a post: it keeps about the puzzle's height from the start, so
    the text under it stays where the reader saw it (it grew from 150 px by 600-780 once scrolled into view)."""
    (tmp_path / "index.html").write_text(
        "<!doctype html><title>blog</title><link rel=icon href='data:,'><p style='height:2500px'>A long post</p>"
        f'<nardy-puzzle puzzle="{PUZZLE}" lang="en"></nardy-puzzle><p id=after>After the puzzle</p>'
        f'<script src="{site_url}static/js/nardy-embed.js" async></script>{LOG}', encoding="utf-8")
    page.set_viewport_size({"width": viewport, "height": 800})
    with someone_elses_site(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        element = page.locator("nardy-puzzle")
        page.wait_for_function("() => document.querySelector('nardy-puzzle').getBoundingClientRect().height > 300")
        kept = element.evaluate("(el) => el.getBoundingClientRect().height")
        element.scroll_into_view_if_needed()
        expect(page.locator("#log")).to_contain_text("nardy:resize", timeout=READY_MS)
        height = no_inner_scrollbar(page)
        assert abs(height - kept) <= 120, (kept, height)

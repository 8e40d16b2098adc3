"""axe-core finds no moderate, serious or critical WCAG 2 A/AA problem on each kind of page once
Python has made its boards playable."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .axe import violations

PAGES = ["ru/", "ru/review/", "ru/lessons/head/", "en/lessons/blocks/", "ru/puzzles/head-first-move/", "en/puzzles/",
         "ru/rules/", "en/openings/", "en/play/?pos=w/24:15/24:15&dice=6-5", "ru/play/?game=short", "embed/ru/board-home.html",
         "ru/lab/", "en/lab/?example=my-bot", "ru/lab/api/", "en/lab/api/",
         "ru/lessons/head/?present=4", "en/lessons/whole-game/?present=3", "ru/lessons/head/?present=audience",
         "ru/play/?edit=1", "en/play/?edit=1&pos=short:b/bar:1,6:14/bar:2,20:13"]


# bypass_csp only to inject the checker (the page is unchanged); the module's own context boots its own Python: on
# one pytest-xdist worker (--dist loadgroup) it boots once
pytestmark = [pytest.mark.browser_context_args(bypass_csp=True), pytest.mark.xdist_group("accessibility")]


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violations(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    if "present=audience" in path:  # the projector's window mirrors another one and runs no Python
        expect(page.locator("html.audience")).to_be_attached()
    elif page.locator("[data-widget=lab]").count():  # the lab boots a Python of its own
        expect(page.locator("[data-widget=lab]")).to_have_attribute("data-lab", "ready", timeout=60_000)
    elif page.locator("[data-widget]").count():
        expect(page.locator("html[data-runtime=ready]")).to_be_attached(timeout=60_000)
    if "edit=1" in path:  # the board editor: its verdict said, every option of the rules variant shown
        expect(page.locator("[data-editor-verdict] p")).to_be_visible(timeout=60_000)
        page.locator(".editor-rules summary").click()
    assert violations(page) == []

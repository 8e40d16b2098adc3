"""Every page of the built site opens without a console error; a full boot is clean on each kind of page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import KEEPER_PAGE, ConsoleErrors, without_python
from .pages import wait_runtime

TABS = 4
PHONE_WIDTH = 360
PARTS = 4  #: the sweep in parts, each of every PARTS-th page, which parallel workers (pytest -n) can share
#: once the page has loaded, whether <main> is visible (Playwright's sense: a box, not visibility:hidden) and the
#: page's width, read at once: one evaluate a page instead of a wait for the load and a locator's, each of which
#: cost a tenth of the sweep (a round trip to the browser per page)
SHOWN_AND_WIDTH = """async () => {
  if (document.readyState !== 'complete') await new Promise((loaded) => addEventListener('load', loaded, { once: true }));
  const main = document.querySelector('main');
  const box = main?.getBoundingClientRect();
  const shown = Boolean(main && box.width > 0 && box.height > 0 && main.checkVisibility({ visibilityProperty: true }));
  return [shown, document.documentElement.scrollWidth];
}"""


@pytest.mark.long_running
@pytest.mark.parametrize("part", range(PARTS), ids=[f"part{n + 1}of{PARTS}" for n in range(PARTS)])
def test_every_built_page_opens_without_console_errors(browser: Browser, site_url: str, built_site: Path, part: int) -> None:
    """Every page loads and mounts cleanly, on a phone's 360 px without sideways scrolling. To keep this quick
    no page boots Python (conftest.without_python: its boot stays pending, as on a slow line); full boots are
    checked on one page of each kind below."""
    every_page = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html") if p.name != "404.html")
    assert len(every_page) > 20
    pages = every_page[part::PARTS]
    errors = ConsoleErrors()
    too_wide: dict[str, int] = {}
    with without_python(browser, viewport={"width": PHONE_WIDTH, "height": 740}) as context:
        # a page left open holds the site's shared worker, as a visitor's other tab does: without it the worker
        # ends whenever every tab is between two pages and starts again on the next (a sixth of the sweep)
        context.new_page().goto(site_url + KEEPER_PAGE)
        tabs = [context.new_page() for _ in range(TABS)]
        for tab in tabs:
            errors.attach(tab)
        for start in range(0, len(pages), TABS):  # a few tabs load at once, as a visitor's browser would
            batch = list(zip(tabs, pages[start:start + TABS], strict=False))
            for tab, relative in batch:
                tab.goto(site_url + relative.removesuffix("index.html"), wait_until="commit")
            for tab, relative in batch:
                if relative == "index.html":  # the root redirects to a language
                    tab.wait_for_load_state("load")
                else:
                    shown, width = tab.evaluate(SHOWN_AND_WIDTH)
                    if not shown:  # not yet: wait as Playwright does (its visible, with a bound), then measure
                        expect(tab.locator("main"), relative).to_be_visible()
                        width = tab.evaluate("document.documentElement.scrollWidth")
                    if width > PHONE_WIDTH:
                        too_wide[relative] = width
    assert not errors, errors
    assert not too_wide, f"pages wider than a {PHONE_WIDTH} px phone: {too_wide}"


KINDS = ["ru/", "ru/lessons/head/", "en/puzzles/board-head/", "embed/ru/board-home.html", "en/rules/",
         "ru/play/?pos=w/24:15/24:15&dice=6-5", "ru/play/?game=short"]


@pytest.mark.fresh_python  # a full boot, from nothing, on each kind of page
@pytest.mark.parametrize("path", KINDS)
def test_each_kind_of_page_boots_python_without_console_errors(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    if page.locator("[data-widget]").count():
        wait_runtime(page)
        expect(page.locator("[data-widget][data-ready]").first).to_be_attached()
    expect(page.locator("main")).to_be_visible()

"""The dark theme (issue 33): a system that prefers dark gets light text on a dark page, on the course map, a
lesson, the free board and the lab, with every text readable (axe-core's WCAG AA contrast check among the
rest) and the board still a wooden nardy board; ``<html data-theme="light">`` or ``"dark"`` overrides the
system's preference, and paper is always light."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .axe import violations

#: the relative luminance (WCAG 2) of an element's computed colour property: "rgb(…)" or "rgba(…)"
LUMINANCE = """([selector, property]) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const [r, g, b] = getComputedStyle(el)[property].match(/[\\d.]+/g).map(Number).map((c) => c / 255);
  const f = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}"""

PAGES = ["ru/", "ru/lessons/board/", "ru/play/", "ru/lab/"]

# bypass_csp only to inject the checker (the page is unchanged)
pytestmark = [pytest.mark.browser_context_args(bypass_csp=True), pytest.mark.xdist_group("accessibility")]


def luminance(page: Page, selector: str, prop: str) -> float:
    value = page.evaluate(LUMINANCE, [selector, prop])
    assert value is not None, f"no {selector} on the page"
    return float(value)


def is_dark(page: Page) -> bool:
    """A dark page with light text (and not merely a dim one: both ends measured)."""
    return luminance(page, "body", "backgroundColor") < 0.03 and luminance(page, "body", "color") > 0.6


def is_light(page: Page) -> bool:
    return luminance(page, "body", "backgroundColor") > 0.85 and luminance(page, "body", "color") < 0.05


def wait_ready(page: Page) -> None:
    """As the accessibility sweep waits: the lab's Python, or the page's boards made playable."""
    if page.locator("[data-widget=lab]").count():
        expect(page.locator("[data-widget=lab]")).to_have_attribute("data-lab", "ready", timeout=60_000)
    elif page.locator("[data-widget]").count():
        expect(page.locator("html[data-runtime=ready]")).to_be_attached(timeout=60_000)


@pytest.mark.parametrize("path", PAGES)
def test_a_dark_system_gets_a_dark_page_that_axe_finds_readable(page: Page, site_url: str, path: str) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + path)
    wait_ready(page)
    assert is_dark(page), path
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"  # form controls, scrollbars
    if page.locator(".nb-field").count():
        # still the wooden board: a light field between a dark frame, black checkers told from the field
        assert luminance(page, ".nb-field", "fill") > 0.45
        assert luminance(page, ".nb-frame", "fill") < 0.05
    assert violations(page) == [], path


def test_data_theme_overrides_the_systems_preference_and_paper_stays_light(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "ru/lessons/board/")
    assert is_dark(page)
    page.evaluate("document.documentElement.dataset.theme = 'light'")
    assert is_light(page), "data-theme=light under a dark system"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    page.emulate_media(color_scheme="light")
    page.evaluate("document.documentElement.removeAttribute('data-theme')")
    assert is_light(page), "no data-theme under a light system"
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    assert is_dark(page), "data-theme=dark under a light system"
    assert luminance(page, ".nb-field", "fill") > 0.45
    page.emulate_media(media="print")
    assert is_light(page), "printed in the dark theme"
    page.emulate_media(media="screen", color_scheme="dark")
    page.evaluate("document.documentElement.removeAttribute('data-theme')")
    assert is_dark(page)

"""axe-core in a page: the WCAG 2 A/AA problems of moderate, serious or critical impact it finds."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from playwright.sync_api import Page

PROJECT = Path(__file__).resolve().parents[2]
#: installed by `npm ci` from package-lock.json, which pins the version and checks its integrity
AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
# label-content-name-mismatch is an experimental axe rule; on a point it glues the drawn point number and
# the stack count together ("2415") and misses that both are in the name "Point 24, 15 white checkers".
RUN = (
    "async () => (await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},"
    " rules: {'label-content-name-mismatch': {enabled: false}}}))"
    ".violations.filter(v => v.impact === 'serious' || v.impact === 'critical' || v.impact === 'moderate')"
    ".map(v => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0].target.join(' ')}`)"
)


@cache
def axe_script() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[str]:
    """What axe finds on the page as it is now (the page's context must bypass its CSP to take the script)."""
    # content-visibility: auto (long lessons skip drawing boards off screen) moves boxes while axe scrolls, so
    # its colour check pairs text with a button 300 px away; the checker sees every box laid out instead
    page.add_style_tag(content=".nardy-widget { content-visibility: visible !important; }")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    return list(page.evaluate(RUN))

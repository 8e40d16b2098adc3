"""The dark theme's palette is written twice in site.css (once under the system's dark preference, once for
``data-theme="dark"``): CSS has no way to join a media query and a selector in one rule. The two must stay the
same, and every property they set must be one the light theme has (site.css's :root, or a fallback in the file
that reads it), so that ``data-theme="light"`` really brings the light colours back."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "site" / "static" / "css"


def block(css: str, selector: str) -> dict[str, str]:
    """The declarations of the rule ``selector`` opens (a rule without nested blocks)."""
    start = css.index(selector + " {") + len(selector) + 2
    body = css[start:css.index("}", start)]
    return dict(re.findall(r"([\w-]+)\s*:\s*([^;]+);", body))


def test_both_dark_rules_set_the_same_palette() -> None:
    site = (CSS / "site.css").read_text(encoding="utf-8")
    by_preference = block(site, ':root:not([data-theme="light"], .worksheet-mode)')
    by_attribute = block(site, ':root[data-theme="dark"]:not(.worksheet-mode)')
    assert by_preference == by_attribute
    assert by_preference["color-scheme"] == "dark"
    assert len(by_preference) > 20


def test_every_dark_colour_has_a_light_one() -> None:
    site = (CSS / "site.css").read_text(encoding="utf-8")
    light = block(site, ":root")
    dark = block(site, ':root[data-theme="dark"]:not(.worksheet-mode)')
    readers = "".join((CSS / name).read_text(encoding="utf-8") for name in ("board.css", "lab.css"))
    for name in dark:
        if name.startswith("--") and name not in light:
            assert re.search(rf"var\({name}, #[0-9a-f]{{6}}\)", readers), f"{name}: no light value"
    # the print and worksheet rules never see the dark palette: both rules are for the screen only
    assert re.search(r'@media screen and \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]', site)
    assert re.search(r'@media screen \{\s*:root\[data-theme="dark"\]', site)

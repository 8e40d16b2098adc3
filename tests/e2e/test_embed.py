"""An embedded puzzle on someone else's page: it plays, and its messages reach the host."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from builder.serve import served

from .pages import READY_MS


def test_embed_talks_to_a_third_party_page(page: Page, site_url: str, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'><p>Someone else's page</p>"
        f"<iframe id=f src='{site_url}embed/en/board-head.html' width=600 height=600></iframe>"
        "<ol id=log></ol><script>addEventListener('message', e => {"
        "if (e.data && String(e.data.type).startsWith('nardy:')) {const li = document.createElement('li');"
        "li.textContent = e.data.type; document.getElementById('log').append(li);}});</script>",
        encoding="utf-8",
    )
    with served(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY_MS)
        frame = page.frame_locator("#f")
        expect(frame.locator("[data-widget=puzzle][data-ready]")).to_be_attached()
        frame.locator("svg .nb-point[data-point='24']").click()
        expect(page.locator("#log")).to_contain_text("nardy:solved")

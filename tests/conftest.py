"""Shared pytest configuration: the browser used by every pytest-playwright test."""

from __future__ import annotations

from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
# Debian's Chromium, not Playwright's download (which never happens here). The switches keep a headless
# run quiet and offline: no background updates, sync or first-run work competing with the page.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright hook: launch /usr/bin/chromium with the switches above."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}

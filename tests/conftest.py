"""Shared pytest configuration: the browser used by every pytest-playwright test."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

# `builder` is not an installed package; make it importable however pytest was started.
PROJECT_ROOT = Path(__file__).resolve().parents[1]
if str(PROJECT_ROOT) not in sys.path:
    sys.path.insert(0, str(PROJECT_ROOT))

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

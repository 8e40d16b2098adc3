"""End-to-end fixtures: the session's built site (tests/conftest.py) served locally, and a console-error guard.

Every test in tests/e2e gets the `e2e` marker (`pytest -m "not e2e"` skips the browser). A test that uses
`page` fails if the page logged a console error or threw; mark it `allow_console_errors` to opt out (and
use the `console_errors` fixture to assert on them yourself).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from builder.serve import make_handler, served
from builder.vendor import SHIPPED_WASM

E2E_DIR = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: runs in a real browser against a built site")
    config.addinivalue_line("markers", "allow_console_errors: the page may log console errors in this test")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL (with trailing slash) of the built site served on 127.0.0.1."""
    with served(built_site) as base_url:
        yield base_url


class ConsoleErrors(list[str]):
    """Console errors and uncaught exceptions of one page, as readable lines."""

    def attach(self, page: object) -> None:
        page.on("console", lambda msg: self.append(f"console.{msg.type}: {msg.text} @ {msg.location}")
                if msg.type == "error" else None)
        page.on("pageerror", lambda exc: self.append(f"pageerror: {exc}"))


@pytest.fixture
def console_errors(page: object) -> ConsoleErrors:
    """The list that collects the console errors of `page` during the test."""
    errors = ConsoleErrors()
    errors.attach(page)
    return errors


@pytest.fixture(autouse=True)
def _fail_on_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    if "page" not in request.fixturenames:
        yield
        return
    errors: ConsoleErrors = request.getfixturevalue("console_errors")
    yield
    if errors and request.node.get_closest_marker("allow_console_errors") is None:
        pytest.fail("the page logged errors:\n" + "\n".join(errors), pytrace=False)


@contextmanager
def counted_site(built_site: Path, wasm: list[str]) -> Iterator[str]:
    """The built site on its own server, which notes every request for the wasm (from a page or a worker)."""

    class CountingHandler(make_handler(built_site)):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:
            if self.path.endswith(SHIPPED_WASM):
                wasm.append(self.path)
            super().do_GET()

    with served(built_site, handler=CountingHandler) as base_url:
        yield base_url

"""End-to-end fixtures: one freshly built site per session, served locally, and a console-error guard.

Every test in tests/e2e gets the `e2e` marker (`pytest -m "not e2e"` skips the browser). A test that uses
`page` fails if the page logged a console error or threw; mark it `allow_console_errors` to opt out (and
use the `console_errors` fixture to assert on them yourself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from builder.serve import make_handler, served
from builder.vendor import SHIPPED_WASM

PROJECT_ROOT = Path(__file__).resolve().parents[2]
E2E_DIR = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: runs in a real browser against a built site")
    config.addinivalue_line("markers", "allow_console_errors: the page may log console errors in this test")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`dist/` of a fresh `build.py build`, once per session, in a temp folder."""
    out = tmp_path_factory.mktemp("site") / "dist"
    # NARDY_E2E_LESSONS=<folder> builds another course (handy while lessons are being written)
    lessons = ["--lessons", os.environ["NARDY_E2E_LESSONS"]] if os.environ.get("NARDY_E2E_LESSONS") else []
    proc = subprocess.run(
        [sys.executable, "build.py", "build", "--out", str(out), *lessons],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"build.py build failed (exit {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return out


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

"""Shared pytest configuration: the browser used by every pytest-playwright test, and the site built once per
session for every test that reads or serves it (tests/build, tests/e2e)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long_running: one of the suite's longest tests, started first (see below)")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests run first: pytest-xdist hands out tests in this order (make test: --dist loadgroup
    --no-loadscope-reorder), and a long test handed out last keeps the suite waiting on one worker while the
    others are done. Among them, and among the rest, the tests that need no built site come first: they run
    while the session's site is built (`pytest_sessionstart`). The order is otherwise kept."""
    items.sort(key=lambda item: (item.get_closest_marker("long_running") is None, "built_site" in getattr(item, "fixturenames", ())))


def _needs_site(config: pytest.Config) -> bool:
    """Whether the session's paths may hold tests that read the built site (tests/build, tests/e2e)."""
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] or [PROJECT_ROOT]
    site_tests = [PROJECT_ROOT / "tests" / "build", PROJECT_ROOT / "tests" / "e2e"]
    return any(path == folder or path in folder.parents or folder in path.parents for path in paths for folder in site_tests)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist the controller starts the session's build as the session starts, in a thread that
    holds the build's lock (`built_site`): a cold build (the runtime's Brotli above all) takes most of a
    minute on one core, and meanwhile the workers run what needs no site instead of waiting for one of them
    to build it."""
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None) or not _needs_site(config):
        return
    shared = config._tmp_path_factory.getbasetemp()  # the workers' basetemps are its children (pytest-xdist)
    lock = (shared / "site.lock").open("w")
    fcntl.flock(lock, fcntl.LOCK_EX)

    def build() -> None:
        try:
            _build(shared / "site" / "dist")
            (shared / "site" / "built").touch()
        except BaseException as error:  # pytest.fail: each worker that needs the site reports it
            (shared / "site").mkdir(parents=True, exist_ok=True)
            (shared / "site" / "failed").write_text(str(error), encoding="utf-8")
        finally:
            lock.close()

    threading.Thread(target=build, name="site-build", daemon=True).start()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright hook: launch /usr/bin/chromium with the switches above."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`dist/` of a fresh `build.py build`, once per session, in a temp folder. Under pytest-xdist (``-n 3``)
    the workers share one build, made under a lock by the controller as the session starts
    (`pytest_sessionstart`) or else by the first worker to ask; the others wait and read it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist workers: this process is the session
        return _build(tmp_path_factory.mktemp("site") / "dist")
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of this session
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = shared / "site" / "dist"
        if (shared / "site" / "failed").exists():  # the controller's build (pytest_sessionstart)
            pytest.fail((shared / "site" / "failed").read_text(encoding="utf-8"))
        if not (shared / "site" / "built").exists():
            _build(out)
            (shared / "site" / "built").touch()
    return out


def _build(out: Path) -> Path:
    # NARDY_E2E_LESSONS=<folder> builds another course (handy while lessons are being written)
    lessons = ["--lessons", os.environ["NARDY_E2E_LESSONS"]] if os.environ.get("NARDY_E2E_LESSONS") else []
    proc = subprocess.run(
        [sys.executable, "build.py", "build", "--out", str(out), *lessons],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"build.py build failed (exit {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return out

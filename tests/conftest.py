"""Shared pytest configuration: the browser used by every pytest-playwright test, and the site built once per
session for every test that reads or serves it (tests/build, tests/e2e)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from builder.atomic import making

if TYPE_CHECKING:
    from builder.phases import Course
    from builder.problems import Problem

PROJECT_ROOT = Path(__file__).resolve().parents[1]
#: Debian's build of Chromium's headless shell (package chromium-headless-shell: the same version, Blink and V8
#: as the package chromium, installed beside it by .ci/install-browser), not Playwright's download (which never
#: happens here). It is what Playwright itself runs headless tests in by default: the browser without the
#: desktop browser's user interface layers. The same tests cost a quarter less in it (make test's pytest 681 ->
#: 499 s here, all 1,860 passing in both; the page sweep 365 -> 255 worker-s). The benches measure the desktop
#: browser (/usr/bin/chromium), as a visitor has it. Without the shell (pytest run by hand on a machine that
#: lacks it) the desktop one runs the tests.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else "/usr/bin/chromium"
# The switches keep a headless run quiet and offline: no background updates, sync or first-run work competing
# with the page. Wasm runs on V8's baseline compiler (Liftoff) alone: the suite boots Python some 65 times, and
# a boot's optimising compile of the interpreter costs more than it returns in a test's few seconds of Python
# (a boot 5.9 -> 3.8 CPU-s here; make test's pytest 724 -> 641 s, 1,464 -> 1,265 CPU-s). What runs is the same
# wasm, only compiled once less.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--js-flags=--liftoff-only",
]


#: the items a session collected and then left out (``-k``, ``-m``, ``--deselect``, ``--lf``): tests/test_collection.py
#: reads them with the items that run
DESELECTED = pytest.StashKey[list[pytest.Item]]()


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:
        items[0].config.stash.setdefault(DESELECTED, []).extend(items)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long_running: one of the suite's longest tests, started first (see below)")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order pytest-xdist hands tests out in (``--no-loadscope-reorder`` keeps it; the order is otherwise
    kept): first one long group (it starts the site's build, which every browser test waits for), then the
    tests that need no site, which keep the other workers busy during that build, then the longest tests (one
    handed out last would keep the suite waiting on one worker while the others are done), then the rest.
    Only one group goes first: each worker handed a group that needs the site would wait for the build idle."""
    first = next((_group(item) for item in items if _long_running(item) and _group(item) is not None), None)
    items.sort(key=lambda item: _start_order(item, first))


def _long_running(item: pytest.Item) -> bool:
    return item.get_closest_marker("long_running") is not None


def _group(item: pytest.Item) -> object:
    marker = item.get_closest_marker("xdist_group")
    return None if marker is None else (marker.args[0] if marker.args else marker.kwargs.get("name"))


def _start_order(item: pytest.Item, first_group: object) -> int:
    long_running = _long_running(item)
    if long_running and first_group is not None and _group(item) == first_group:
        return 0
    if "built_site" not in getattr(item, "fixturenames", ()):
        return 1 if long_running else 2
    return 3 if long_running else 4


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright hook: launch CHROMIUM with the switches above."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`dist/` of a fresh `build.py build`, once per session, in a temp folder. Under pytest-xdist (``-n 2``)
    the workers share one build: the first to ask builds it under a lock, the others wait and read it.
    NARDY_E2E_DIST=<folder> uses a build made before instead (while working on tests; never in `make test`)."""
    if os.environ.get("NARDY_E2E_DIST"):
        return Path(os.environ["NARDY_E2E_DIST"]).resolve()
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # no xdist workers: this process is the session
        return _build(tmp_path_factory.mktemp("site") / "dist")
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of this session
    with making(shared / "site"):
        out = shared / "site" / "dist"
        if not (shared / "site" / "built").exists():
            _build(out)
            (shared / "site" / "built").touch()
    return out


@pytest.fixture(scope="session")
def project_course(tmp_path_factory: pytest.TempPathFactory) -> tuple[Course, list[Problem]]:
    """The project's course (``lessons/``) loaded and validated, with its problems: once per session. Validating
    proves every puzzle with the engine (some seconds, most of them building bear-off tables), and a dozen test
    modules read the course; under pytest-xdist the first worker to ask validates it under a lock and leaves it
    pickled for the others. Treat it as read-only."""
    import builder

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return builder.validate(builder.load(builder.Paths()))
    stored = tmp_path_factory.getbasetemp().parent / "course.pickle"  # beside the session's site
    with making(stored):
        if not stored.exists():
            stored.write_bytes(pickle.dumps(builder.validate(builder.load(builder.Paths()))))
        result: tuple[Course, list[Problem]] = pickle.loads(stored.read_bytes())
    return result


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

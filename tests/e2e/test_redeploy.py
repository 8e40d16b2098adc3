"""A redeploy under a visitor's feet, with the real service worker and the real Pyodide (no mocks).

Two real builds, A and B, differ in their HTML (a marker in <main>) and their JavaScript (app.js marks <html>).
The server first serves A; the test swaps B in by renames, as builder.phases.write does. Like many static
hosts (GitHub Pages: max-age=600) it lets browsers keep pages and scripts for a while, so a service worker
that fetches through the HTTP cache would show stale or mixed versions; or, like a plain host, it sends no
Cache-Control at all and old Last-Modified dates, from which a browser guesses weeks of freshness. The same
server can poison the wasm runtime the way a captive portal or a broken download does.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import builder
from builder import Paths
from builder.serve import make_handler, start_background_server
from builder.vendor import SHIPPED_WASM

from .pages import wait_runtime
from .test_offline import CACHE_CONTENTS, CACHED, CONTROLLED, WASM_URL

# the service worker, its caches and the runtime's boot after a redeploy: each test in a context of its own;
# all on one pytest-xdist worker (`--dist loadgroup`), which makes the two builds once, started first
pytestmark = [pytest.mark.fresh_python, pytest.mark.xdist_group("redeploy"), pytest.mark.long_running]

PROJECT_ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT_S = 20
#: a navigation needs its HTML and scripts, not every image: on a loaded 2-core machine "load" can lag
NAVIGATION_MS = 60_000
GAVE_UP = "html[data-runtime=failed], html[data-runtime=timeout]"
PORTAL = b"<!doctype html><html><head><title>Wi-Fi</title></head><body><p>Log in to use the Wi-Fi.</p></body></html>"
ONLY_CACHES_OF = """async (version) => {
  const names = await caches.keys();
  return names.length > 0 && names.every((name) => name.endsWith(version));
}"""


#: the course's chapters the redeploy builds keep (long nardy's; short nardy keeps its first): the pages these
#: tests visit (the rules, the head lesson and its puzzle, the home page) and the links between them
KEPT_CHAPTERS = {"long": ["head"], "short": []}


def _field(chapter: str, name: str) -> str:
    """The value of a chapter's line ``name = …`` in outline.toml, as written (a slug without its quotes)."""
    found = re.search(rf"^{name} = (.*)$", chapter, re.M)
    assert found, f"no {name} in {chapter[:80]!r}"
    return found.group(1).strip('"')


def small_course(root: Path) -> Path:
    """A copy of the course with only KEPT_CHAPTERS (a tenth of the pages: a build in a second, not twenty):
    what these tests watch is the host, the service worker and the runtime, which every page has alike."""
    lessons = root / "lessons"
    shutil.copytree(PROJECT_ROOT / "lessons", lessons)
    for game, keep in KEPT_CHAPTERS.items():
        outline = lessons / game / "outline.toml"
        head, *chapters = outline.read_text(encoding="utf-8").split("[[chapter]]")
        kept = [chapter for chapter in chapters if _field(chapter, "slug") in keep] or chapters[:1]
        slugs = {slug for chapter in kept for slug in re.findall(r'"([\w-]+)"', _field(chapter, "lessons"))}
        outline.write_text(head + "".join("[[chapter]]" + c for c in kept), encoding="utf-8")
        for page in (lessons / game).glob("*/[0-9]*.md"):
            if page.stem.split("-", 1)[1] not in slugs:
                page.unlink()
    return lessons


def build_flavour(root: Path, flavour: str, lessons: Path) -> Path:
    """A real build of the site with `flavour` written into <main> (HTML) and into app.js (JavaScript)."""
    site = root / f"site-{flavour}"
    shutil.copytree(PROJECT_ROOT / "site", site)
    base = site / "templates" / "base.html"
    html = base.read_text(encoding="utf-8")
    assert '<main id="main" tabindex="-1">' in html
    assert 'data-boot-timeout="90"' in html
    # a shorter deadline than the pages': a broken wasm fails the boot at once (the worker races Pyodide, which
    # would wait forever, against the download), so a test that sees "failed" and not "timeout" knows it did
    html = html.replace('data-boot-timeout="90"', f'data-boot-timeout="{BOOT_TIMEOUT_S}"')
    base.write_text(html.replace('<main id="main" tabindex="-1">', f'<main id="main" tabindex="-1" data-test-build="{flavour}">'),
                    encoding="utf-8")
    with (site / "static" / "js" / "app.js").open("a", encoding="utf-8") as app:
        app.write(f"\ndocument.documentElement.dataset.testBuild = '{flavour}';\n")
    out = root / f"dist-{flavour}"
    builder.build(out, Paths(site=site, lessons=lessons))
    return out


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory, built_site: Path) -> dict[str, Path]:
    """Builds A and B, made after the session's own (``built_site``): theirs share its cache (the packed
    runtime, the answers, the bytecode), so neither makes again what the first build of a fresh clone makes."""
    root = tmp_path_factory.mktemp("redeploy")
    lessons = small_course(root)
    a = build_flavour(root, "A", lessons)
    b = build_flavour(root, "B", lessons)  # built second: newer modification times, as on a real host
    return {"A": a, "B": b}


def version(dist: Path) -> str:
    return str(json.loads((dist / "build-manifest.json").read_text(encoding="utf-8"))["version"])


YEAR_S = 365 * 24 * 3600
#: how old the files of each build look to the host (B is the newer): what Last-Modified says
AGE_S = {"A": 2 * YEAR_S, "B": YEAR_S}


class Host:
    """What the test server does. `caching`: 'max-age' (pages and scripts may be kept ten minutes) or 'none'
    (no Cache-Control: the browser guesses from Last-Modified). `poison` the wasm ('portal': an HTML page;
    'truncated': half the bytes)."""

    def __init__(self, served: Path, builds: dict[str, Path], caching: str) -> None:
        self.served = served
        self.builds = builds
        self.caching = caching
        self.poison: str | None = None
        self.poisoned = 0  #: how many poisoned answers it has given

    def deploy(self, flavour: str) -> None:
        """Put a copy of build `flavour` in place by renames (never a half-written folder)."""
        fresh = self.served.with_name(f"incoming-{flavour}")
        shutil.copytree(self.builds[flavour], fresh)
        stamp = time.time() - AGE_S[flavour]
        for path in fresh.rglob("*"):
            os.utime(path, (stamp, stamp))
        old = self.served.with_name("old")
        if self.served.exists():
            os.replace(self.served, old)
        os.replace(fresh, self.served)
        shutil.rmtree(old, ignore_errors=True)


def host_handler(host: Host) -> type[http.server.BaseHTTPRequestHandler]:
    base = make_handler(host.served)

    class HostHandler(base):  # type: ignore[misc, valid-type]
        def response_headers(self) -> list[tuple[str, str]]:
            headers: list[tuple[str, str]] = super().response_headers()
            if host.caching == "none":
                return [(name, value) for name, value in headers if name != "Cache-Control"]
            if self.path.startswith("/pyodide/"):
                return headers
            # a host that lets browsers keep everything but the runtime for ten minutes, as GitHub Pages does
            return [(name, "max-age=600") if name == "Cache-Control" else (name, value) for name, value in headers]

        def do_GET(self) -> None:
            if host.poison and self.path.split("?")[0].endswith(f"/{SHIPPED_WASM}"):
                host.poisoned += 1
                if host.poison == "portal":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(PORTAL)))
                    self.send_header("Cache-Control", "max-age=3600")
                    http.server.BaseHTTPRequestHandler.end_headers(self)
                    self.wfile.write(PORTAL)
                    return
                real = (host.served / self.path.lstrip("/").split("?")[0]).read_bytes()
                body = real[: len(real) // 2]
                self.send_response(200)
                self.send_header("Content-Type", "application/wasm")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    return HostHandler


@pytest.fixture
def host(builds: dict[str, Path], tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Host, str]]:
    served = tmp_path / "www" / "dist"
    served.parent.mkdir()
    state = Host(served, builds, getattr(request, "param", "max-age"))
    state.deploy("A")
    server, base_url = start_background_server(served, handler=host_handler(state))
    try:
        yield state, base_url
    finally:
        server.shutdown()
        server.server_close()


def visit(page: Page, url: str) -> None:
    """Open `url`: its HTML and scripts are what a test looks at, so "load" (every image) is not waited for."""
    page.goto(url, wait_until="domcontentloaded", timeout=NAVIGATION_MS)


def settled(page: Page) -> None:
    """The page's Python has booted, failed or given up (a loaded machine may pass the 20 s deadline)."""
    expect(page.locator(f"html[data-runtime=ready], {GAVE_UP}")).to_be_attached(timeout=2 * BOOT_TIMEOUT_S * 1000)


def expect_build(page: Page, flavour: str, builds: dict[str, Path]) -> None:
    """The page is build `flavour` in every part: its HTML, its JavaScript and its version."""
    expect(page.locator(f"main[data-test-build={flavour}]")).to_be_attached()
    expect(page.locator(f"html[data-test-build={flavour}]")).to_be_attached()
    expect(page.locator(f"html[data-build='{version(builds[flavour])}']")).to_be_attached()


@pytest.mark.parametrize("host", ["max-age", "none"], indirect=True)
@pytest.mark.parametrize("how", ["link", "address"])
def test_next_navigation_after_a_redeploy_shows_only_the_new_build(
    page: Page, host: tuple[Host, str], builds: dict[str, Path], how: str
) -> None:
    state, base_url = host
    visit(page, base_url + "en/rules/")  # in the HTTP cache from now on (max-age=600, or guessed from Last-Modified)
    page.wait_for_function(CONTROLLED, timeout=30_000)
    visit(page, base_url + "en/lessons/head/")
    expect_build(page, "A", builds)
    settled(page)  # each page here boots Python: the test leaves it once that is over, one way or the other
    state.deploy("B")
    if how == "link":
        page.locator(".site-nav a[href$='rules/']").click()  # an in-page navigation
    else:
        visit(page, base_url + "en/rules/")
    expect(page).to_have_url(base_url + "en/rules/")
    expect_build(page, "B", builds)
    # B's service worker takes over and deletes A's caches
    page.wait_for_function(ONLY_CACHES_OF, arg=version(builds["B"]), timeout=30_000)
    settled(page)
    visit(page, base_url + "en/lessons/head/")
    expect_build(page, "B", builds)


def test_a_new_version_offers_a_reload(page: Page, host: tuple[Host, str], builds: dict[str, Path]) -> None:
    state, base_url = host
    visit(page, base_url + "ru/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    expect_build(page, "A", builds)
    notice = page.locator("[data-notice=update]")
    expect(notice).to_have_count(0)
    state.deploy("B")
    page.evaluate("async () => { await (await navigator.serviceWorker.ready).update(); }")  # the browser's periodic check
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("Вышла новая версия учебника")
    notice.get_by_role("button", name="Обновить страницу").click()
    expect_build(page, "B", builds)
    expect(notice).to_have_count(0)


def test_a_module_gone_with_a_redeploy_offers_the_reload(browser: Browser, host: tuple[Host, str], builds: dict[str, Path]) -> None:
    """A page's scripts live in a folder named by their content, so a redeploy takes the ones it has not asked
    for yet away (here «Встроить»'s): instead of a button that does nothing, the page offers the new build.
    No service worker here: its update, which also tells the page, must not be what the test sees."""
    state, base_url = host
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        visit(page, base_url + "ru/puzzles/head-first-move/")
        expect(page.locator("html[data-navigation=in-page]")).to_be_attached()  # the page is set up
        settled(page)
        state.deploy("B")
        page.locator('[data-action="embed"]').click()
        notice = page.locator("[data-notice=update]")
        expect(notice).to_be_visible(timeout=30_000)
        expect(notice).to_contain_text("Вышла новая версия учебника")
        notice.get_by_role("button", name="Обновить страницу").click()
        expect_build(page, "B", builds)
    finally:
        context.close()


def wait_for(condition: Callable[[], bool], timeout_s: float) -> None:
    """Wait until ``condition()`` holds: something the test server saw, which no page can be asked."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout_s} s")
        time.sleep(0.05)


def cached_urls(page: Page) -> list[str]:
    contents: dict[str, list[dict[str, Any]]] = page.evaluate(CACHE_CONTENTS)
    return [entry["url"] for entries in contents.values() for entry in entries]


@pytest.mark.parametrize("poison", ["portal", "truncated"])
def test_a_poisoned_runtime_answer_is_never_stored_and_the_retry_recovers(
    page: Page, host: tuple[Host, str], builds: dict[str, Path], poison: str
) -> None:
    state, base_url = host
    state.poison = poison
    visit(page, base_url + "en/lessons/head/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.reload(wait_until="domcontentloaded", timeout=NAVIGATION_MS)  # now through the service worker
    gave_up = page.locator(GAVE_UP)
    failed = page.locator("html[data-runtime=failed]")  # at once, not at the boot's deadline (a timeout)
    expect(gave_up).to_be_attached(timeout=2 * BOOT_TIMEOUT_S * 1000)
    expect(failed).to_be_attached(timeout=1)
    wasm = page.evaluate(WASM_URL)
    assert wasm not in cached_urls(page)
    retry = page.locator("[data-runtime-status] button")
    asked = state.poisoned
    retry.click()  # still poisoned: the retry really refetches, gives up again, and still nothing is stored
    # (the server is asked again: "failed" comes back so soon that the state between may never be seen)
    wait_for(lambda: state.poisoned > asked, 2 * BOOT_TIMEOUT_S)
    expect(gave_up).to_be_attached(timeout=2 * BOOT_TIMEOUT_S * 1000)
    expect(failed).to_be_attached(timeout=1)
    assert wasm not in cached_urls(page)
    state.poison = None  # the network is fine again
    retry.click()
    wait_runtime(page)
    page.wait_for_function(CACHED, arg=wasm, timeout=60_000)
    contents: dict[str, list[dict[str, Any]]] = page.evaluate(CACHE_CONTENTS)
    stored = [entry for entries in contents.values() for entry in entries if entry["url"] == wasm]
    expected = json.loads((builds["A"] / "build-manifest.json").read_text(encoding="utf-8"))
    assert [entry["size"] for entry in stored] == [expected["runtime"][wasm[len(base_url):]]["size"]]
    page.reload(wait_until="domcontentloaded", timeout=NAVIGATION_MS)  # and the next visit boots from the stored copy
    wait_runtime(page)

"""End-to-end fixtures: the session's built site (tests/conftest.py) served locally, one booted Python shared by
the tests that do not need their own, and a console-error guard.

Every test in tests/e2e gets the `e2e` marker (`pytest -m "not e2e"` skips the browser). A test that uses
`page` fails if the page logged a console error or threw; mark it `allow_console_errors` to opt out (and
use the `console_errors` fixture to assert on them yourself).

Booting Python (Pyodide in the build's SharedWorker) is most of what a browser test costs, and every new
browser context boots its own. So `page` is a tab in one session-wide context whose Python a keeper tab
keeps booted (`PythonContext`): the tab finds it ready, as a learner's second tab does. Between tests the
context is emptied: every other tab closed, the site's localStorage cleared (progress, the lab's code), no
cookies; service workers are blocked there, so no offline cache carries over either. The test's tab itself is
kept for the next test, emptied (its listeners removed, left for about:blank), unless the test did something
to it that only a new tab undoes (STICKY). A test about the boot
itself, the service worker or a timeout is marked `fresh_python` and gets a context of its own.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import weakref
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect
from playwright.sync_api import Error as PlaywrightError

import builder.serve
from builder.serve import DistHandler, make_handler, served
from builder.vendor import SHIPPED_WASM

E2E_DIR = Path(__file__).resolve().parent
EXPECT_MS = 15_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: runs in a real browser against a built site")
    config.addinivalue_line("markers", "allow_console_errors: the page may log console errors in this test")
    config.addinivalue_line("markers", "fresh_python: `page` is in a browser context of its own, which boots its own Python")
    # Playwright's 5 s for an expectation is short on a 2-core machine running several workers at once (a
    # navigation once took longer): a passing test is no slower for a longer bound, a failing one fails later
    expect.set_options(timeout=EXPECT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


#: the cookie by which a `without_python` context asks the test server to hold the runtime's files: a cookie,
#: not a header, because the site's shared worker sends the context's cookies but not its extra headers
HOLD_RUNTIME_COOKIE = "test-hold-runtime"


def holds_runtime(cookies: str | None) -> bool:
    """Whether a request's Cookie header asks for the runtime to be held (HOLD_RUNTIME_COOKIE).

    >>> holds_runtime("a=1; test-hold-runtime=1"), holds_runtime("a=1"), holds_runtime(None)
    (True, False, False)
    """
    jar = SimpleCookie()
    jar.load(cookies or "")
    return HOLD_RUNTIME_COOKIE in jar


def holding_handler(dist_dir: Path, released: threading.Event) -> type[DistHandler]:
    """The site's handler, except that a request for the runtime carrying HOLD_RUNTIME_COOKIE is never answered:
    it is held until the browser gives it up (its worker ended) or `released` is set. Holding it here,
    not with a Playwright route, keeps the browser's requests uninterrupted: a route makes every request of
    the context a round trip through the test process, which tripled the cost of the page sweep."""
    base = make_handler(dist_dir)

    def do_get(self: DistHandler) -> None:
        if "/pyodide/" in self.path and holds_runtime(self.headers.get("Cookie")):
            self.close_connection = True
            while not released.is_set():
                readable, _, _ = select.select([self.connection], [], [], 0.5)
                if not readable:
                    continue
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return  # the browser closed the connection
                except OSError:
                    return
                released.wait(0.5)  # bytes of another request wait unread: do not spin on them
            return
        base.do_GET(self)

    return type("HoldingDistHandler", (base,), {"do_GET": do_get})


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL (with trailing slash) of the built site served on 127.0.0.1."""
    released = threading.Event()
    with served(built_site, handler=holding_handler(built_site, released)) as base_url:
        try:
            yield base_url
        finally:
            released.set()


#: a page of the site that boots its Python and stays open all along, so that the shared worker stays alive
KEEPER_PAGE = "en/play/"


class _ServerCount:
    """How many test servers this worker has started (``builder.serve.served``, counted by `_count_servers`)."""

    started = 0


@pytest.fixture(scope="session", autouse=True)
def _count_servers() -> Iterator[None]:
    original = builder.serve.start_background_server

    def counted(*args: Any, **kwargs: Any) -> Any:
        _ServerCount.started += 1
        return original(*args, **kwargs)

    builder.serve.start_background_server = counted  # served() looks it up at each call
    yield
    builder.serve.start_background_server = original


#: what a test can do to its tab that outlives the test (the tab's own media emulation, routes, init scripts,
#: bindings, headers and timeouts): such a tab is closed after the test instead of kept for the next one
STICKY = ("emulate_media", "route", "route_from_har", "route_web_socket", "add_init_script", "expose_binding",
          "expose_function", "set_extra_http_headers", "set_default_timeout", "set_default_navigation_timeout",
          "add_locator_handler")


class TabUse:
    """What the tests did to their tabs (Playwright's Page methods noted while the session runs): the listeners
    each added, and whether one did anything STICKY to it. Keyed by the tab's implementation object, which one
    tab keeps however a test reaches it, and held weakly: a closed tab's notes go with it."""

    listeners: ClassVar[weakref.WeakKeyDictionary[Any, list[tuple[str, Any]]]] = weakref.WeakKeyDictionary()
    sticky: ClassVar[weakref.WeakSet[Any]] = weakref.WeakSet()

    @classmethod
    def added(cls, page: Page) -> list[tuple[str, Any]]:
        return cls.listeners.setdefault(page._impl_obj, [])

    @classmethod
    def taken(cls, page: Page) -> tuple[list[tuple[str, Any]], bool]:
        """What the tests did to ``page`` so far (its listeners, whether anything STICKY), forgotten here."""
        sticky = page._impl_obj in cls.sticky
        cls.sticky.discard(page._impl_obj)
        return cls.listeners.pop(page._impl_obj, []), sticky


@pytest.fixture(scope="session", autouse=True)
def _note_tab_use() -> Iterator[None]:
    originals = {name: getattr(Page, name) for name in ("on", "once", *STICKY)}

    def listening(name: str) -> Any:
        def method(self: Page, event: str, handler: Any) -> Any:
            TabUse.added(self).append((event, handler))
            return originals[name](self, event, handler)
        return method

    def sticking(name: str) -> Any:
        def method(self: Page, *args: Any, **kwargs: Any) -> Any:
            TabUse.sticky.add(self._impl_obj)
            return originals[name](self, *args, **kwargs)
        return method

    for name in originals:
        setattr(Page, name, listening(name) if name in ("on", "once") else sticking(name))
    yield
    for name, method in originals.items():
        setattr(Page, name, method)


class PythonContext:
    """A browser context whose Python stays booted: its keeper tab holds the build's shared worker, and every
    tab opened for a test connects to it (ready at once). ``reset`` empties the context between tests.

    A test's tab is kept for the next test (a new tab cost some 0.2 s and a quarter of a CPU-second more than
    a page loaded in a kept one, and some 900 tests open one): emptied first (the test's listeners removed,
    the page left for about:blank, the viewport and the mouse put back), unless the test closed it or did
    something STICKY to it, which only a new tab undoes."""

    def __init__(self, context: BrowserContext, keeper: Page) -> None:
        self.context = context
        self.keeper = keeper
        self.viewport = keeper.viewport_size  #: the context's: what a kept tab is put back to
        self.spare: Page | None = None  #: the last test's tab, emptied for the next one
        self._cdp: CDPSession | None = None
        self._servers_cached = _ServerCount.started  #: the servers started when the HTTP cache was last emptied

    @contextmanager
    def tab(self) -> Iterator[Page]:
        """A tab for one test (the last test's, emptied, or a new one), the context emptied before and after it
        (``reset``)."""
        self.reset()
        tab = self.spare if self.spare is not None and not self.spare.is_closed() else self.context.new_page()
        self.spare = None
        try:
            yield tab
        finally:
            self.spare = self._emptied(tab)
            self.reset()

    def _emptied(self, tab: Page) -> Page | None:
        """``tab`` ready for another test, or None where only a new tab would be (it is then closed by reset)."""
        listeners, sticky = TabUse.taken(tab)
        if tab.is_closed() or sticky:
            return None
        for event, handler in listeners:
            with suppress(KeyError, ValueError):  # a `once` listener that fired is gone already
                tab.remove_listener(event, handler)
        try:
            tab.goto("about:blank")  # the test's page leaves now: what it writes as it goes, reset then clears
            if tab.viewport_size != self.viewport and self.viewport is not None:
                tab.set_viewport_size(self.viewport)
            tab.mouse.move(0, 0)  # no hover carried into the next test's page
        except PlaywrightError:
            return None
        return tab

    def reset(self) -> None:
        """Close every tab but the keeper (and the tab kept for the next test), forget the site's localStorage and
        every cookie, and the HTTP cache once a test has started a server of its own: a later one serving other
        files on a port it used must not get these. (Kept otherwise: the session's site never changes, and a page
        that finds the site's modules cached, as a learner's second page does, costs a seventh less.)"""
        for tab in self.context.pages:
            if tab is not self.keeper and tab is not self.spare:
                tab.close()
        self.keeper.evaluate("localStorage.clear()")
        self.context.clear_cookies()
        if _ServerCount.started != self._servers_cached:
            self.cdp.send("Network.clearBrowserCache")
            self._servers_cached = _ServerCount.started

    @property
    def cdp(self) -> CDPSession:
        if self._cdp is None:
            self._cdp = self.context.new_cdp_session(self.keeper)
        return self._cdp


@contextmanager
def python_context(browser: Browser, site_url: str, **context_args: Any) -> Iterator[PythonContext]:
    """A `PythonContext` of ``browser`` (with ``context_args``: a viewport, bypass_csp…) on the site at
    ``site_url``, its Python booted before it is given; closed after."""
    from .pages import wait_runtime

    context = browser.new_context(service_workers="block", **context_args)
    keeper = context.new_page()
    keeper.goto(site_url + KEEPER_PAGE)
    wait_runtime(keeper)
    try:
        yield PythonContext(context, keeper)
    finally:
        context.close()


class SharedPython:
    """The session's `PythonContext`s, one per set of context options (a test module asks for its own with
    pytest-playwright's marker, ``pytestmark = pytest.mark.browser_context_args(viewport=…, bypass_csp=True)``).
    Each stays open for the session: under pytest-xdist a worker's tests come from any module, in any order,
    and a context closed between them would boot Python again (a handful of idle keeper tabs cost memory only)."""

    def __init__(self, browser: Browser, site_url: str, base_args: dict[str, Any]) -> None:
        self.browser, self.site_url, self.base_args = browser, site_url, base_args
        self.open: dict[str, tuple[ExitStack, PythonContext]] = {}

    def get(self, **extra_args: Any) -> PythonContext:
        key = json.dumps(extra_args, sort_keys=True)
        if key not in self.open:
            stack = ExitStack()
            shared = stack.enter_context(python_context(self.browser, self.site_url, **self.base_args, **extra_args))
            self.open[key] = (stack, shared)
        return self.open[key][1]

    def close(self) -> None:
        for stack, _ in self.open.values():
            stack.close()


@pytest.fixture(scope="session")
def shared_python(browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> Iterator[SharedPython]:
    """The session's contexts with a booted Python, behind `page` (see the module's docstring)."""
    contexts = SharedPython(browser, site_url, browser_context_args)
    yield contexts
    contexts.close()


@pytest.fixture
def page(request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new tab: in a shared context with Python booted (with the options of the test's
    ``browser_context_args`` marker), or (marked `fresh_python`) in a context of its own."""
    if request.node.get_closest_marker("fresh_python") is not None:
        context: BrowserContext = request.getfixturevalue("context")  # pytest-playwright's, closed after
        yield context.new_page()
        return
    marker = request.node.get_closest_marker("browser_context_args")
    shared: SharedPython = request.getfixturevalue("shared_python")
    with shared.get(**(marker.kwargs if marker else {})).tab() as tab:
        yield tab


@contextmanager
def without_python(browser: Browser, **context_args: Any) -> Iterator[BrowserContext]:
    """A context of ``browser`` whose pages never boot Python, for tests that only look at pages. The server of
    `site_url` holds the runtime's files for it (HOLD_RUNTIME_COOKIE), never answering them: the boot stays
    pending, as on a slow line, which logs nothing. Its pages share the site's one shared worker, as a
    visitor's tabs do, so a page costs a connection, not a worker of its own (a third of the page sweep's
    time). Service workers are blocked (they would fetch the runtime themselves)."""
    context = browser.new_context(service_workers="block", **context_args)
    context.add_cookies([{"name": HOLD_RUNTIME_COOKIE, "value": "1", "domain": "127.0.0.1", "path": "/"}])
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def no_python(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A tab whose Python never boots (`without_python`), watched by the console-error guard as `page` is."""
    with without_python(browser, **browser_context_args) as context:
        yield context.new_page()


class ConsoleErrors(list[str]):
    """Console errors and uncaught exceptions of one page, as readable lines."""

    def attach(self, page: object) -> None:
        page.on("console", lambda msg: self.append(f"console.{msg.type}: {msg.text} @ {msg.location}")
                if msg.type == "error" else None)
        page.on("pageerror", lambda exc: self.append(f"pageerror: {exc}"))


WATCHED = ("page", "no_python")  #: the fixtures whose tab the console-error guard watches


@pytest.fixture
def console_errors(request: pytest.FixtureRequest) -> ConsoleErrors:
    """The list that collects the console errors of the test's `page` (or `no_python`) during the test."""
    errors = ConsoleErrors()
    for name in WATCHED:
        if name in request.fixturenames:
            errors.attach(request.getfixturevalue(name))
    return errors


@pytest.fixture(autouse=True)
def _fail_on_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    if not any(name in request.fixturenames for name in WATCHED):
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

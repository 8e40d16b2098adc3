"""runtime.js + worker.js in real Chromium with the real vendored Pyodide (no mocks of Python or Pyodide).

The pages here are tiny ones built in a temp folder (not the site): they carry the same <html> data
attributes and CSP that build.py writes, and a module script that exposes the runtime to the test.
"""

from __future__ import annotations

import shutil
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from builder import vendor
from builder.assets import asset
from builder.decoder_vendor import decoder_files
from builder.serve import ReloadHub, _watch_and_rebuild, make_handler, start_background_server

# the boot itself, its timeout and retry, and a second tab's finding it booted: each test on a Python of its own
pytestmark = [pytest.mark.e2e, pytest.mark.fresh_python]

PROJECT_ROOT = Path(__file__).resolve().parents[2]
JS_DIR = PROJECT_ROOT / "site" / "static" / "js"
BOOT_MS = 90_000  # generous: a cold wasm compile on a busy 2-core CI machine
# Note: wait_for_function gets arrow functions, never bare expressions: those are eval'd, which the CSP forbids.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; style-src 'self'")

# A stand-in nardy_core.api with one request kind per code path of the worker.
STUB_API = '''\
import json

def handle(kind, payload_json):
    payload = json.loads(payload_json)
    if kind == "ping":
        return json.dumps({"pong": True, "version": "0.0.1"})
    if kind == "echo":
        return json.dumps({"echo": payload})
    if kind == "boom":
        raise ValueError("boom from python")
    return json.dumps({"error": {"code": "UNKNOWN_REQUEST", "detail": kind}})
'''

# Exposes the runtime module and records every status; sends one request before the worker can be ready.
TEST_PAGE_JS = '''\
import * as runtime from './runtime.js';
window.nardyRuntime = runtime;
window.statuses = [];
runtime.onStatus((status) => window.statuses.push(status));
const stateAtRequest = runtime.getRuntime().status.state;
window.early = { stateAtRequest, settled: false };
runtime.request('ping', {}).then(
  (result) => Object.assign(window.early, { settled: true, ok: true, result }),
  (error) => Object.assign(window.early, { settled: true, ok: false, code: error.code }),
);
'''


def page_html(core_wheel: str, pyodide: str = "pyodide/314.0.7/", extra: str = "") -> str:
    return f'''<!doctype html>
<html lang="en" data-root="../../" data-pyodide="{pyodide}" data-core-wheel="{core_wheel}" {extra}>
<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="{CSP}">
<title>runtime test</title></head>
<body><p>board</p><script type="module" src="../../{asset("js/test-page.js")}"></script></body></html>
'''


class Flaky:
    """How the server answers under /flaky-runtime/: 'ok', 'missing' (404) or 'hang' (the wasm never arrives)."""

    mode = "ok"
    release = threading.Event()
    wasm_requests = 0  #: GETs of the runtime's wasm, by any page or worker (a shared worker's are invisible to Playwright)


def flaky_handler(site: Path) -> type:
    base = make_handler(site)

    class FlakyHandler(base):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:
            if self.path.endswith(vendor.SHIPPED_WASM):
                Flaky.wasm_requests += 1
            if not self.path.startswith("/flaky-runtime/"):
                return super().do_GET()
            if Flaky.mode == "missing":
                return self.send_error(404)
            if Flaky.mode == "hang" and self.path.endswith(vendor.SHIPPED_WASM):
                Flaky.release.wait(timeout=120)  # bounded: a test run never leaves a thread behind for long
                return self.send_error(503)
            self.path = self.path[len("/flaky-runtime"):]
            return super().do_GET()

    return FlakyHandler


@pytest.fixture(scope="module")
def runtime_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve a temp site with the real Pyodide, a stub wheel, the real wheel and the pages below."""
    root = tmp_path_factory.mktemp("runtime-site")
    stub_project = root / "stub-project"
    (stub_project / "nardy_core").mkdir(parents=True)
    (stub_project / "nardy_core" / "__init__.py").write_text('__version__ = "0.0.1"\n')
    (stub_project / "nardy_core" / "api.py").write_text(STUB_API)
    site = root / "site"
    paths = vendor.copy_runtime(site, PROJECT_ROOT / ".cache", stub_project)
    real_wheel = vendor.build_core_wheel(PROJECT_ROOT, site / "py")
    js = site / asset("js")  # beside the decoder, as in a build (its folder left unnamed: nothing here reads it)
    js.mkdir(parents=True)
    for name in ("runtime.js", "worker.js", "shipped-runtime.js"):
        shutil.copyfile(JS_DIR / name, js / name)
    (js / "test-page.js").write_text(TEST_PAGE_JS)
    for relative, data in decoder_files(PROJECT_ROOT / ".cache", PROJECT_ROOT).items():  # shipped-runtime.js inflates with it
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_bytes(data)
    (site / "favicon.ico").write_bytes(b"")  # the browser asks for it; a 404 would be a console error
    pages = {
        "stub/page": page_html(paths["core_wheel"]),
        "real/page": page_html(f"py/{real_wheel.name}"),
        "flaky/page": page_html(
            paths["core_wheel"], "flaky-runtime/" + paths["pyodide_url_dir"], 'data-boot-timeout="10"'
        ),
    }
    for rel, html in pages.items():
        (site / rel).mkdir(parents=True)
        (site / rel / "index.html").write_text(html)
    server, base_url = start_background_server(site, handler=flaky_handler(site))
    try:
        yield base_url
    finally:
        Flaky.release.set()
        server.shutdown()
        server.server_close()


def wait_for_state(page: Any, state: str, timeout: int = BOOT_MS) -> dict[str, Any]:
    page.wait_for_function(
        "(state) => window.statuses && window.statuses.some((s) => s.state === state)", arg=state, timeout=timeout
    )
    return page.evaluate("(state) => window.statuses.find((s) => s.state === state)", state)


def request(page: Any, kind: str, payload: Any = None) -> dict[str, Any]:
    """Run runtime.request in the page; return {ok, result} or {ok: false, code, detail}."""
    return page.evaluate(
        """([kind, payload]) => window.nardyRuntime.request(kind, payload ?? undefined).then(
             (result) => ({ ok: true, result }),
             (error) => ({ ok: false, name: error.name, code: error.code, detail: error.detail }))""",
        [kind, payload],
    )


def test_boots_reports_progress_and_answers_requests(page: Any, runtime_site: str) -> None:
    page.goto(runtime_site + "stub/page/")
    ready = wait_for_state(page, "ready")
    assert ready["version"] == "0.0.1" and ready["error"] is None
    assert ready["worker"] == "shared"  # Chromium has SharedWorker: one Python for all the site's pages
    statuses = page.evaluate("window.statuses")
    stages = [s["stage"] for s in statuses if s["state"] == "loading"]
    assert [s for i, s in enumerate(stages) if s not in stages[:i]] == ["runtime", "stdlib", "rules", "ready"]
    fractions = [s["fraction"] for s in statuses]
    assert fractions == sorted(fractions) and fractions[-1] == 1

    assert request(page, "ping") == {"ok": True, "result": {"pong": True, "version": "0.0.1"}}
    payload = {"pos": "длинные нарды ✓", "dice": [6, 5], "nested": {"none": None}}
    assert request(page, "echo", payload) == {"ok": True, "result": {"echo": payload}}
    assert request(page, "nope") == {
        "ok": False, "name": "RequestError", "code": "UNKNOWN_REQUEST", "detail": "nope",
    }
    boom = request(page, "boom")
    assert boom["ok"] is False and boom["code"] == "INTERNAL"
    assert "boom from python" not in boom["detail"] and "Traceback" not in boom["detail"]  # never shown to a page
    assert request(page, "ping")["ok"] is True  # a Python exception does not break the worker
    unclonable = page.evaluate(
        "() => window.nardyRuntime.request('echo', { f: () => 1 }).catch((error) => error.code)")
    assert unclonable == "BAD_REQUEST"
    assert page.evaluate("window.nardyRuntime.retry()") is False  # nothing to retry when ready


def test_without_shared_workers_each_page_runs_its_own_worker(page: Any, runtime_site: str) -> None:
    page.add_init_script("delete window.SharedWorker")  # as in browsers without them
    page.goto(runtime_site + "stub/page/")
    ready = wait_for_state(page, "ready")
    assert ready["worker"] == "dedicated" and ready["version"] == "0.0.1"
    # The worker downloads, inflates and compiles the wasm: the page's thread is left to the page.
    assert ready["wasmCompiledBy"] == "worker"
    assert len(page.workers) == 1  # one worker per visit
    assert request(page, "echo", {"n": 1}) == {"ok": True, "result": {"echo": {"n": 1}}}


def test_a_second_tab_finds_python_booted(page: Any, runtime_site: str) -> None:
    before = Flaky.wasm_requests
    page.goto(runtime_site + "stub/page/")
    wait_for_state(page, "ready")
    second = page.context.new_page()
    second.goto(runtime_site + "stub/page/")
    ready = wait_for_state(second, "ready", timeout=10_000)
    assert ready["worker"] == "shared" and ready["version"] == "0.0.1"
    assert [s["stage"] for s in second.evaluate("window.statuses")][-1] == "ready"
    assert request(second, "echo", {"tab": 2}) == {"ok": True, "result": {"echo": {"tab": 2}}}
    assert request(page, "echo", {"tab": 1}) == {"ok": True, "result": {"echo": {"tab": 1}}}  # each its answers
    assert Flaky.wasm_requests - before == 1  # booted once
    second.close()
    assert request(page, "ping")["ok"] is True  # the first tab keeps its Python when the other closes


def test_request_made_before_ready_is_answered_after_ready(page: Any, runtime_site: str) -> None:
    page.goto(runtime_site + "stub/page/")
    wait_for_state(page, "ready")
    page.wait_for_function("() => window.early.settled", timeout=5_000)
    early = page.evaluate("window.early")
    assert early["stateAtRequest"] == "loading"
    assert early["ok"] is True and early["result"]["version"] == "0.0.1"


def test_many_requests_are_answered_in_order(page: Any, runtime_site: str) -> None:
    """(How fast they come back is measured by bench/browser.py, not asserted here.)"""
    page.goto(runtime_site + "stub/page/")
    wait_for_state(page, "ready")
    order = page.evaluate(
        """async () => (await Promise.all(
             Array.from({ length: 50 }, (_, i) => window.nardyRuntime.request('echo', { i })))).map((r) => r.echo.i)"""
    )
    assert order == list(range(50))


def test_real_wheel_boots_and_answers_ping(page: Any, runtime_site: str) -> None:
    if not (PROJECT_ROOT / "nardy_core" / "api.py").is_file():
        pytest.skip("nardy_core/api.py does not exist yet")
    version = vendor.read_project_version(PROJECT_ROOT)
    page.goto(runtime_site + "real/page/")
    assert wait_for_state(page, "ready")["version"] == version
    answer = request(page, "ping")
    assert answer["ok"] is True and answer["result"]["version"] == version


def test_hung_runtime_times_out_keeps_queue_and_retry_recovers(page: Any, runtime_site: str) -> None:
    Flaky.mode, Flaky.release = "hang", threading.Event()
    page.goto(runtime_site + "flaky/page/")
    timeout = wait_for_state(page, "timeout", timeout=30_000)
    assert timeout["error"] == {"code": "TIMEOUT", "detail": ""}
    assert page.evaluate("window.early.settled") is False  # the queued request is kept, not rejected
    assert page.evaluate("window.nardyRuntime.getRuntime().status.state") == "timeout"

    Flaky.mode = "ok"
    Flaky.release.set()
    assert page.evaluate("window.nardyRuntime.retry()") is True
    page.wait_for_function("() => window.statuses.at(-1).state === 'ready'", timeout=BOOT_MS)
    page.wait_for_function("() => window.early.settled", timeout=5_000)
    assert page.evaluate("window.early")["result"] == {"pong": True, "version": "0.0.1"}
    assert len(page.workers) == 1  # the hung worker was terminated, not left running


@pytest.mark.allow_console_errors  # the 404s of the missing runtime are logged by the browser
def test_unreachable_runtime_fails_and_retry_recovers(page: Any, runtime_site: str, console_errors: list) -> None:
    Flaky.mode = "missing"
    page.goto(runtime_site + "flaky/page/")
    failed = wait_for_state(page, "failed", timeout=30_000)
    assert failed["error"]["code"] == "LOAD_FAILED" and "pyodide.mjs" in failed["error"]["detail"]
    assert page.evaluate("window.early.settled") is False
    assert page.evaluate("window.nardyRuntime.retry()") is True
    # Still missing: the retry fails the same way, and the request is still kept.
    page.wait_for_function("() => window.statuses.filter((s) => s.state === 'failed').length === 2", timeout=30_000)
    assert page.evaluate("window.early.settled") is False

    Flaky.mode = "ok"
    assert page.evaluate("window.nardyRuntime.retry()") is True
    page.wait_for_function("() => window.statuses.at(-1).state === 'ready'", timeout=BOOT_MS)
    page.wait_for_function("() => window.early.settled", timeout=5_000)
    assert page.evaluate("window.early")["ok"] is True
    assert all("404" in line for line in console_errors), console_errors


# --- the server the runtime is served by (builder.serve) ---------------------------------------------------

def fetch(url: str) -> tuple[int, Any, bytes]:
    """(status, headers with case-insensitive lookup, body)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.fixture
def tiny_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "x").mkdir(parents=True)
    for name in ("a.wasm", "a.mjs", "a.js", "a.json", "a.whl", "a.zip", "a.svg"):
        (dist / "x" / name).write_bytes(b"1")
    (dist / "index.html").write_text("<html><body>v1</body></html>")
    return dist


def test_server_types_caching_404_and_swapped_dist(tiny_dist: Path) -> None:
    server, base = start_background_server(tiny_dist)
    try:
        expected = {"a.wasm": "application/wasm", "a.mjs": "text/javascript", "a.js": "text/javascript",
                    "a.json": "application/json", "a.whl": "application/octet-stream", "a.zip": "application/zip",
                    "a.svg": "image/svg+xml"}
        for name, mime in expected.items():
            status, headers, _ = fetch(f"{base}x/{name}")
            assert status == 200 and headers["Content-Type"].split(";")[0] == mime, name
            assert headers["Cache-Control"] == "no-cache"
        assert fetch(base + "missing")[0] == 404
        (tiny_dist / "404.html").write_text("<p>not here</p>")
        assert fetch(base + "missing")[::2] == (404, b"<p>not here</p>")
        assert b"__livereload" not in fetch(base)[2]  # no live reload outside serve mode
        # A rebuild swaps dist/ by rename; the server must follow the name, not the old folder.
        tiny_dist.rename(tiny_dist.with_name("dist.old"))
        (tiny_dist / "x").mkdir(parents=True)
        (tiny_dist / "index.html").write_text("<html><body>v2</body></html>")
        assert b"v2" in fetch(base)[2]
    finally:
        server.shutdown()
        server.server_close()


def test_live_reload_reloads_the_page_after_a_successful_rebuild(page: Any, tiny_dist: Path) -> None:
    (tiny_dist / "index.html").write_text(
        "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'\">"
        "</head><body>v1</body></html>")
    (tiny_dist / "favicon.ico").write_bytes(b"")
    hub = ReloadHub()
    server, base = start_background_server(tiny_dist, handler=make_handler(tiny_dist, hub))
    sources = tiny_dist.parent / "src"
    sources.mkdir()
    rebuilds: list[int] = []

    def rebuild() -> bool:
        rebuilds.append(1)
        (tiny_dist / "index.html").write_text("<html><body>v2</body></html>")
        return True

    stop = threading.Event()
    watcher = threading.Thread(target=_watch_and_rebuild, args=([sources, tiny_dist], tiny_dist, rebuild, hub, stop))
    watcher.start()
    try:
        status, headers, _ = fetch(base + "__livereload.js")
        assert status == 200 and headers["Content-Type"].startswith("text/javascript")
        page.goto(base)
        assert page.content().count('<script src="/__livereload.js"></script>') == 1
        hub.wait_for_listeners(1, timeout=20)  # the EventSource is connected and has seen the first build token
        (tiny_dist / "ignored.txt").write_text("output changes never trigger a rebuild")
        (sources / "lesson.md").write_text("changed")
        page.wait_for_function("() => document.body.textContent.includes('v2')", timeout=20_000)
        assert rebuilds == [1]
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
        watcher.join(timeout=10)

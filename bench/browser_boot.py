"""Browser boot time: bare `loadPyodide()` on an empty page vs. first `ping` answered through runtime.js.

Runs headless Debian Chromium against a local server on a temp site holding the real vendored Pyodide and
the real nardy_core wheel. Every run uses a fresh browser context (cold HTTP cache, as on a first visit
over a fast local link). Prints medians of 5 runs, in milliseconds.

    .venv/bin/python bench/browser_boot.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT_ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from builder import vendor  # noqa: E402
from builder.assets import asset  # noqa: E402
from builder.decoder_vendor import decoder_files  # noqa: E402
from builder.serve import start_background_server  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head>
<body><script type="module" src="/bare.js"></script></body></html>"""
BARE_JS = """
const started = performance.now();
const { loadPyodide } = await import('/pyodide/VERSION/pyodide.mjs');
await loadPyodide({ indexURL: '/pyodide/VERSION/' });
window.bench = { loadMs: performance.now() - started, sinceNavigationMs: performance.now() };
""".replace("VERSION", vendor.PYODIDE_VERSION)

RUNTIME_PAGE = """<!doctype html>
<html data-root="../" data-pyodide="{pyodide}" data-core-wheel="{wheel}"><head><meta charset="utf-8">
<title>runtime</title></head><body><script type="module" src="../{bench}"></script></body></html>"""
RUNTIME_JS = """
import { getRuntime, request, onStatus } from './runtime.js';
const marks = {};
onStatus((s) => { if (!(s.stage in marks)) marks[s.stage] = performance.now(); });
const result = await request('ping', {});
window.bench = { pingMs: performance.now(), marks, version: result.version,
                 compiledBy: getRuntime().status.wasmCompiledBy };
"""


def build_bench_site(root: Path) -> None:
    paths = vendor.copy_runtime(root, PROJECT_ROOT / ".cache", PROJECT_ROOT)
    vendor.write_plain_runtime(root / paths["pyodide_url_dir"], PROJECT_ROOT / ".cache")  # what the bare page's loadPyodide() fetches
    for relative, data in decoder_files(PROJECT_ROOT / ".cache", PROJECT_ROOT).items():  # what shipped-runtime.js inflates with
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(data)
    js = root / asset("js")  # beside the decoder, as in a build
    js.mkdir(parents=True)
    for name in ("runtime.js", "worker.js", "shipped-runtime.js"):
        shutil.copyfile(PROJECT_ROOT / "site" / "static" / "js" / name, js / name)
    (js / "bench.js").write_text(RUNTIME_JS)
    (root / "bare.js").write_text(BARE_JS)
    (root / "bare.html").write_text(BARE_PAGE)
    (root / "page").mkdir()
    (root / "page" / "index.html").write_text(
        RUNTIME_PAGE.format(pyodide=paths["pyodide_url_dir"], wheel=paths["core_wheel"], bench=asset("js/bench.js")))
    (root / "favicon.ico").write_bytes(b"")


def measure(browser: Browser, url: str) -> tuple[dict, dict]:
    """(first visit with an empty HTTP cache, second visit of the same URL in the same context)."""
    context = browser.new_context()  # new context = empty HTTP cache
    try:
        page = context.new_page()
        visits = []
        for _ in range(2):  # the second one can use the HTTP cache and V8's cached wasm code
            page.goto(url)
            page.wait_for_function("() => window.bench !== undefined", timeout=120_000)
            visits.append(page.evaluate("window.bench"))
        return visits[0], visits[1]
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory(prefix="bench-boot-") as tmp:
        site = Path(tmp)
        build_bench_site(site)
        server, base = start_background_server(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                measure(browser, base + "bare.html")  # warm-up: OS file cache, Chromium's first start
                bare, full, bare_again, full_again = [], [], [], []
                for _ in range(runs):  # interleaved, so that a busy moment of the machine hits both alike
                    first, again = measure(browser, base + "bare.html")
                    bare.append(first)
                    bare_again.append(again)
                    first, again = measure(browser, base + "page/")
                    full.append(first)
                    full_again.append(again)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    def med(values: list[float]) -> str:
        return f"{statistics.median(values):7.0f} ms"

    print(f"Pyodide {vendor.PYODIDE_VERSION}, nardy_core {full[0]['version']}, median of {runs}; "
          f"'first' = empty HTTP cache, 'again' = same page loaded a second time")
    print(f"bare loadPyodide() on an empty page, main thread, first:  {med([r['loadMs'] for r in bare])}")
    print(f"  same, counted from navigation start, first:            {med([r['sinceNavigationMs'] for r in bare])}")
    print(f"  same, counted from navigation start, again:            {med([r['sinceNavigationMs'] for r in bare_again])}")
    print(f"ping answered via runtime.js + worker (from nav), first: {med([r['pingMs'] for r in full])}")
    for stage in ("runtime", "stdlib", "rules", "ready"):
        print(f"  status stage {stage + ':':9} reached at                 {med([r['marks'][stage] for r in full])}")
    print(f"ping answered via runtime.js + worker (from nav), again: {med([r['pingMs'] for r in full_again])}")
    print(f"wasm compiled by: {sorted({r['compiledBy'] for r in full + full_again})}")


if __name__ == "__main__":
    main()

"""A bare page that boots the site's own Pyodide with the built nardy_core wheel, as the worker does, and
runs Python sent by a test: for checks that must run in the browser's Python itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

PAGE = """<!doctype html><meta charset=utf-8><title>selftest</title><link rel=icon href="data:,">
<script type=module>
const indexURL = new URL('./pyodide/%s/', location.href).href;
// the wasm and the stdlib as the site ships them (brotli), inflated by the site's own code as in the worker
const { useShippedRuntime } = await import('./%s');
useShippedRuntime(indexURL);
const { loadPyodide } = await import(indexURL + 'pyodide.mjs');
const pyodide = await loadPyodide({ indexURL });
const wheel = new Uint8Array(await (await fetch('./%s')).arrayBuffer());
pyodide.unpackArchive(wheel, 'wheel', { extractDir: pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))") });
// importlib keeps a folder's listing while its modification time stays the same, which it may within a clock
// tick of the boot: forget site-packages' finder (importlib.invalidate_caches would need importlib.metadata,
// which the trimmed library leaves out), so that the wheel just unpacked is found
pyodide.runPython("import sys; [sys.path_importer_cache.pop(p) for p in list(sys.path_importer_cache) if p.endswith('site-packages')]");
window.selftest = (data, script) => { pyodide.globals.set('DATA', data); return pyodide.runPython(script); };
document.title = 'ready';
</script>"""


def prepare(built_site: Path, folder: Path) -> None:
    """Write the page into ``folder`` beside links to the build's runtime and wheel (serve ``folder``)."""
    from builder.assets import FOLDER, asset, written
    from builder.vendor import PYODIDE_VERSION

    wheel = next((built_site / "py").glob("nardy_core-*.whl")).relative_to(built_site).as_posix()
    for name in ("pyodide", "py", "answers", FOLDER):
        if (built_site / name).exists() and not (folder / name).exists():
            (folder / name).symlink_to(built_site / name)
    shipped_runtime = written(built_site, asset("js/shipped-runtime.js"))
    (folder / "selftest.html").write_text(PAGE % (PYODIDE_VERSION, shipped_runtime, wheel), encoding="utf-8")


def run(page: Page, base_url: str, data: str, script: str) -> Any:
    """Open the page (once per ``page``), run ``script`` with the text ``data`` as ``DATA``; its last
    expression must be a JSON text, returned decoded."""
    if not page.url.endswith("selftest.html"):
        page.goto(base_url + "selftest.html")
        page.wait_for_function("document.title === 'ready'", timeout=120_000)
    return json.loads(page.evaluate("([data, script]) => window.selftest(data, script)", [data, script]))

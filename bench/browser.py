"""Browser figures, measured in one run in headless Chromium against a local server of a fresh build:

1. time from navigation start to a playable board on a lesson page (the first board has its legal moves,
   from its answer book or from Python: mark 'nardy:ready') and to Python booted in the page's worker
   (mark 'nardy:python-ready'), both read from the page's own performance marks;
2. bare ``loadPyodide()`` of Pyodide as released (its own wasm and whole standard library, served plain) on
   an empty page from the same server, also from navigation start;
   fresh browser contexts each run, the two measured alternately so that machine load hits both alike;
3. the boot ratio: the page's Python ready / bare (target <= 1.05);
4. click-to-feedback latency once ready: from a click on a point to the board's status line changing,
   median and p95 over >= 50 clicks (target p95 <= 50 ms);
5. time from clicking "next lesson" until the next lesson is playable (target <= 300 ms).

Usage: python bench/browser.py [--runs N] [--clicks N] [--dist DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from playwright.sync_api import sync_playwright  # noqa: E402

from builder.serve import start_background_server  # noqa: E402
from builder.vendor import PYODIDE_VERSION, write_plain_runtime  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LESSON = "ru/lessons/head/"
PLAYABLE = "[data-widget=puzzle][data-ready][data-task=only], [data-widget=puzzle][data-ready][data-task=play], [data-widget=board][data-ready]"
NEXT_LESSON = "ru/lessons/first-roll/"
#: the free board LATENCY_SCRIPT plays on: the opening, 6-5 to play
FREE_BOARD = "en/play/?pos=w/24:15/24:15&dice=6-5"

BARE_PAGE = """<!doctype html><meta charset=utf-8><title>bare</title>
<script type=module>
const { loadPyodide } = await import('/pyodide/%s/pyodide.mjs');
await loadPyodide({ indexURL: '/pyodide/%s/' });
document.title = 'done ' + performance.now().toFixed(1);  // since navigation start, like the lesson figure
</script>"""

LATENCY_SCRIPT = """async ([clicks]) => {
  const root = document.querySelector('[data-widget=free]');
  const status = root.querySelector('[data-status]');
  const svg = root.querySelector('svg');
  const pointEl = (p) => svg.querySelector(`[data-point="${p}"]`);
  const undo = root.querySelector('[data-action=undo]');
  const changed = () => new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
  });
  const timings = [];
  const measure = async (el) => {
    const done = changed();
    const start = performance.now();
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    timings.push((await done) - start);
  };
  while (timings.length < clicks) {
    pointEl(24).dispatchEvent(new MouseEvent('click', { bubbles: true }));   // pick up (local, no request)
    await measure(pointEl(18));                                               // 24/18: judged by Python
    pointEl(24).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await measure(pointEl(19));                                               // a second head checker: refused
    await measure(undo);                                                      // back to the start of the turn
  }
  return timings;
}"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def build_site(out: Path) -> None:
    subprocess.run([sys.executable, str(PROJECT / "build.py"), "build", "--quiet", "--out", str(out)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--dist", type=Path, help="an existing build to measure (default: build a fresh one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist or Path(tmp) / "dist"
        if not args.dist:
            build_site(dist)
        (dist / "bench-bare.html").write_text(BARE_PAGE % (PYODIDE_VERSION, PYODIDE_VERSION), encoding="utf-8")
        plain = write_plain_runtime(dist / "pyodide" / PYODIDE_VERSION, PROJECT / ".cache")  # Pyodide as released
        server, base = start_background_server(dist)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                measure(browser, base, args.runs, args.clicks)
                browser.close()
        finally:
            server.shutdown()
            (dist / "bench-bare.html").unlink(missing_ok=True)
            for path in plain:
                path.unlink(missing_ok=True)


def measure(browser, base: str, runs: int, clicks: int) -> None:
    bare, playable, python, next_lesson = [], [], [], []
    for _ in range(runs):
        context = browser.new_context()  # a fresh visit each run: nothing cached
        page = context.new_page()
        page.goto(base + "bench-bare.html")
        page.wait_for_function("document.title.startsWith('done')", timeout=120_000)
        bare.append(float(page.title().split()[1]))
        context.close()

        # bypass_csp only lets the bench read the page's performance marks; the page itself is unchanged
        context = browser.new_context(bypass_csp=True)
        page = context.new_page()
        page.goto(base + LESSON, wait_until="commit")
        page.locator(PLAYABLE).first.wait_for(state="attached", timeout=120_000)
        # 'nardy:ready' is marked by the first board that answers moves, in ms since navigation start
        playable.append(page.evaluate("() => performance.getEntriesByName('nardy:ready')[0].startTime"))
        page.wait_for_function("() => performance.getEntriesByName('nardy:python-ready').length > 0", timeout=120_000)
        python.append(page.evaluate("() => performance.getEntriesByName('nardy:python-ready')[0].startTime"))

        started = time.perf_counter()
        page.locator("a[rel=next]").click()
        page.wait_for_url(base + NEXT_LESSON)
        page.locator("[data-widget][data-ready]").first.wait_for(state="attached", timeout=60_000)
        next_lesson.append((time.perf_counter() - started) * 1000)
        context.close()

    context = browser.new_context(bypass_csp=True)  # the bench script itself is injected; the site is not changed
    page = context.new_page()
    page.goto(base + FREE_BOARD)
    page.locator("[data-widget=free][data-ready]").wait_for(state="attached", timeout=120_000)
    latencies = page.evaluate(LATENCY_SCRIPT, [clicks])
    context.close()

    bare_ms, playable_ms, python_ms = statistics.median(bare), statistics.median(playable), statistics.median(python)
    print(f"navigation to playable board ({LESSON}): median {playable_ms:.0f} ms over {runs} fresh visits "
          f"(all: {', '.join(f'{v:.0f}' for v in playable)})")
    print(f"navigation to Python ready on that page: median {python_ms:.0f} ms (all: {', '.join(f'{v:.0f}' for v in python)})")
    print(f"bare loadPyodide() on an empty page: median {bare_ms:.0f} ms (all: {', '.join(f'{v:.0f}' for v in bare)})")
    print(f"boot ratio (Python ready / bare): {python_ms / bare_ms:.2f}")
    print(f"click-to-feedback: median {statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms, "
          f"max {max(latencies):.1f} ms over {len(latencies)} clicks")
    print(f"next lesson playable after clicking 'next': median {statistics.median(next_lesson):.0f} ms "
          f"(all: {', '.join(f'{v:.0f}' for v in next_lesson)})")


if __name__ == "__main__":
    main()

"""The Python lab's figures, measured in headless Chromium against a local server of a fresh build:

1. a cold visit of /en/lab/: navigation to "Python ready" (the Run button enabled), and the bytes the visit
   fetched (page, editor, the lab's runtime: compressed as served by the local server, i.e. not at all);
2. the first run of the first example (micropip installs nardy_core from the site, then the program);
3. Stop: from pressing Stop on an endless loop to the next Python ready (a fresh worker's boot);
4. the bot example (a whole game on the board, with its 0.15 s pauses) and the tournament example.

Usage: python bench/lab.py [--runs N] [--dist DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from bench.browser import CHROMIUM_ARGS, build_site  # noqa: E402
from builder.serve import start_background_server  # noqa: E402

ENDLESS = "while True:\n    pass\n"


def wait_ready(page: Page) -> None:
    expect(page.locator("[data-widget=lab]")).to_have_attribute("data-lab", "ready", timeout=180_000)


def run(page: Page, example: str | None = None) -> float:
    """Press Run (after choosing `example`) and return the seconds until the program ended."""
    if example:
        page.locator("[data-example]").select_option(example)
    started = time.perf_counter()
    page.locator("[data-action=run]").click()
    expect(page.locator("[data-widget=lab]")).to_have_attribute("data-result", "done", timeout=180_000)
    return time.perf_counter() - started


def write(page: Page, code: str) -> None:
    page.locator("[data-editor] .cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def measure(browser, base: str, runs: int) -> None:
    ready, first, stop, transferred = [], [], [], []
    for _ in range(runs):
        context = browser.new_context()  # a fresh visit: nothing cached
        sizes: list[int] = []
        context.on("requestfinished", lambda request: sizes.append(request.sizes()["responseBodySize"]))  # noqa: B023
        page = context.new_page()
        started = time.perf_counter()
        page.goto(base + "en/lab/")
        wait_ready(page)
        ready.append(time.perf_counter() - started)
        transferred.append(sum(sizes))
        first.append(run(page))
        write(page, ENDLESS)
        page.locator("[data-action=run]").click()
        expect(page.locator("[data-widget=lab]")).to_have_attribute("data-lab", "running")
        started = time.perf_counter()
        page.locator("[data-action=stop]").click()
        wait_ready(page)
        stop.append(time.perf_counter() - started)
        context.close()
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "en/lab/")
    wait_ready(page)
    run(page, "rolls")  # nardy_core installed once, as a learner's first run does
    bot, tournament = run(page, "my-bot"), run(page, "tournament")
    context.close()

    def figures(values: list[float]) -> str:
        return f"median {statistics.median(values):.2f} s (all: {', '.join(f'{v:.2f}' for v in values)})"

    print(f"lab cold visit to Python ready: {figures(ready)}")
    print(f"bytes fetched by then: median {statistics.median(transferred) / 1e6:.2f} MB (uncompressed)")
    print(f"first run of the first example (micropip.install + program): {figures(first)}")
    print(f"Stop on an endless loop to Python ready again: {figures(stop)}")
    print(f"bot example (a whole game on the board): {bot:.1f} s; tournament example: {tournament:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, help="an existing build to measure (default: build a fresh one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist or Path(tmp) / "dist"
        if not args.dist:
            build_site(dist)
        server, base = start_background_server(dist)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                measure(browser, base, args.runs)
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()

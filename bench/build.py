"""Full-build time of the site: a clean build (as on a fresh clone: empty cache, so Pyodide and micropip are
fetched with npm pack / pip download and checked, no previous output) and cached builds (runtime in the
cache, previous output present). Target here: cached build <= 5 s.

Usage: python bench/build.py [--runs N]
Prints the figures; it builds into a temporary folder and never touches dist/.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))  # a bench script runs from anywhere; the project is not installed for it

import builder  # noqa: E402

CACHE = PROJECT / ".cache"


def timed_build(out: Path, cache: Path = CACHE) -> float:
    started = time.perf_counter()
    report = builder.build(out, cache=cache)
    elapsed = time.perf_counter() - started
    print(f"  {report.pages} pages, {report.puzzles} puzzles per language: {elapsed:.2f} s")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dist"
        print("clean build (empty cache: runtime fetched and verified; no previous output):")
        clean = timed_build(out, Path(tmp) / "cache")  # a fresh clone's empty cache
        print("cached builds (previous output present):")
        cached = [timed_build(out) for _ in range(args.runs)]
        shutil.rmtree(out, ignore_errors=True)
    print(f"clean build: {clean:.2f} s; cached build: median {statistics.median(cached):.2f} s, max {max(cached):.2f} s "
          f"over {len(cached)} runs")


if __name__ == "__main__":
    main()

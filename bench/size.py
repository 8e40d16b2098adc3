"""How big the built site is: ``dist/`` in file bytes (what a host stores; ``du`` adds the folders' own
blocks), its largest parts, the heaviest pages, and a lesson's first visit on the wire with every file
gzipped as a host would (level 6; archives and files compressed by the build as they are), runtime included.
Targets (issue 12): dist <= 25 MB, lesson HTML <= 150 KB, first visit <= 4 MB.

Usage: python bench/size.py [--dist DIR]   (default: build a fresh one into a temporary folder)
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from builder.assets import FOLDER as ASSETS  # noqa: E402
from builder.assets import asset, written  # noqa: E402
from builder.decoder_vendor import VENDOR_DIR as DECODER  # noqa: E402
from builder.vendor import PYODIDE_VERSION, SHIPPED_RUNTIME_FILES  # noqa: E402

#: sent as they are: compressed already
AS_THEY_ARE = (".br", ".gz", ".zip", ".whl", ".png", ".woff2")
LESSON = "ru/lessons/head/index.html"


def on_the_wire(path: Path) -> int:
    data = path.read_bytes()
    return len(data) if path.name.endswith(AS_THEY_ARE) else len(gzip.compress(data, compresslevel=6, mtime=0))


def first_visit(dist: Path) -> dict[str, int]:
    """The files a cold visit of the lesson fetches until Python is ready: the page, its styles, catalog,
    modules and first books, the worker, the wasm's decoder and the runtime (approximated from the build's
    own lists: the head's links and boot.js's module list)."""

    page = dist / LESSON
    html = page.read_text(encoding="utf-8")
    linked = {(page.parent / href).resolve() for href in re.findall(r'(?:href|src)="([^"]+\.(?:js|css|json|gz))"', html)}
    js = dist / written(dist, asset("js"))
    boot = (js / "boot.js").read_text(encoding="utf-8")
    listed = re.search(r"const MODULES = /\*\* @type \{string\[\]\} \*/ \((\[.*?\])\);", boot)
    modules = {(js / name).resolve() for name in (json.loads(listed.group(1)) if listed else [])}
    worker = {js / "worker.js", js / "shipped-runtime.js", *(dist / written(dist, DECODER)).glob("brotli_dec_wasm*")}
    runtime = {dist / "pyodide" / PYODIDE_VERSION / name for name in SHIPPED_RUNTIME_FILES} | set((dist / "py").glob("nardy_core-*.whl"))
    parts = {"page": [page], "its files": sorted(linked | modules), "worker and decoder": sorted(worker), "runtime": sorted(runtime)}
    return {name: sum(on_the_wire(p) for p in files if p.is_file()) for name, files in parts.items()}


def report(dist: Path) -> None:
    files = [p for p in dist.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    folders = sum(1 for p in dist.rglob("*") if p.is_dir())
    print(f"dist/: {total / 1e6:.2f} MB in {len(files)} files ({folders} folders; du -sb also counts their blocks)")
    parts: Counter[str] = Counter()
    for p in files:
        relative = p.relative_to(dist).parts
        parts["/".join(relative[:2]) if relative[0] in ("pyodide", ASSETS) else relative[0]] += p.stat().st_size
    for name, size in parts.most_common(8):
        print(f"  {name:28} {size / 1e6:6.2f} MB")
    pages = sorted(((p.stat().st_size, p) for p in dist.glob("*/**/lessons/*/index.html")), reverse=True)
    print(f"lesson pages: {len(pages)}, heaviest {pages[0][0] / 1e3:.0f} KB ({pages[0][1].relative_to(dist)})")
    visit = first_visit(dist)
    print(f"first visit of {LESSON} on the wire (gzip 6 where a host would): {sum(visit.values()) / 1e6:.2f} MB")
    for name, size in visit.items():
        print(f"  {name:28} {size / 1e3:8.0f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="an existing build (default: build a fresh one)")
    args = parser.parse_args()
    if args.dist:
        report(args.dist)
        return
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        subprocess.run([sys.executable, "-m", "builder", "build", "--quiet", "--out", str(dist)], check=True, cwd=PROJECT)
        report(dist)


if __name__ == "__main__":
    main()

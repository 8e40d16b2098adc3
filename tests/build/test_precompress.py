"""builder/precompress.py: the copies a host serves instead of compressing, exact and deterministic."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli

from builder.precompress import CACHED_FROM, precompress


def _site(root: Path) -> dict[str, bytes]:
    files = {
        "index.html": "<p>Длинные нарды</p>\n".encode() * 400,
        "static/js/app.js": b"export const x = 1;\n" * 300,
        "pyodide/big.wasm": bytes(range(256)) * (CACHED_FROM // 256 + 8),
        "pyodide/python_stdlib.zip": b"PK" + b"\0" * 5000,  # an archive: compressed already
        "tiny.css": b"a{}",  # too small to be worth a copy
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return files


def test_every_text_file_and_the_wasm_get_exact_copies(tmp_path: Path) -> None:
    files = _site(tmp_path / "dist")
    report = precompress(tmp_path / "dist", tmp_path / "cache")
    for name in ("index.html", "static/js/app.js", "pyodide/big.wasm"):
        original = tmp_path / "dist" / name
        assert gzip.decompress(original.with_name(original.name + ".gz").read_bytes()) == files[name]
        assert brotli.decompress(original.with_name(original.name + ".br").read_bytes()) == files[name]
    for name in ("pyodide/python_stdlib.zip", "tiny.css"):
        assert not list((tmp_path / "dist").glob(name + ".*")), name
    assert report.files == 3 and report.brotli < report.gzip < report.original


def test_copies_are_deterministic_and_big_ones_come_from_the_cache(tmp_path: Path) -> None:
    _site(tmp_path / "a")
    _site(tmp_path / "b")
    precompress(tmp_path / "a", tmp_path / "cache")
    cached = sorted(p.name for p in (tmp_path / "cache").iterdir() if p.suffix != ".lock")  # made under its lock (builder/atomic.py)
    assert len(cached) == 2  # the wasm only: .gz and .br
    precompress(tmp_path / "b", tmp_path / "cache")
    for copy in sorted((tmp_path / "a").rglob("*.[gb][zr]")):
        assert copy.read_bytes() == (tmp_path / "b" / copy.relative_to(tmp_path / "a")).read_bytes(), copy

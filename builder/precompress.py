"""Precompressed copies for hosts that serve them (nginx ``gzip_static``/``brotli_static``, Caddy
``precompressed``): ``name.gz`` and ``name.br`` beside each text file and the wasm, written by
``python -m builder build --precompress``.

Hosts that compress on the fly (Netlify, Cloudflare Pages, GitHub Pages) need none of this, so the default
build leaves them out and ``dist/`` stays small. Copies are deterministic (no time stamps) and written only
where they save at least a tenth; big files (the runtime) are compressed once per content and kept in the
build cache, since the best brotli takes seconds a megabyte.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

import brotli

from .atomic import making, write_atomically

#: what is worth compressing (archives and wheels are compressed already)
SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".xml", ".map"})
MIN_SIZE = 1024
#: files at least this big are compressed through the cache
CACHED_FROM = 256 * 1024


@dataclass(frozen=True)
class Compressed:
    """What ``precompress`` wrote: how many originals got copies, their bytes, and each kind's bytes."""

    files: int
    original: int
    gzip: int
    brotli: int


def compress(data: bytes) -> tuple[bytes, bytes]:
    """``(gzip, brotli)`` of ``data``, both at their best settings and deterministic.

    >>> gz, br = compress(b"nardy " * 1000)
    >>> gzip.decompress(gz) == brotli.decompress(br) == b"nardy " * 1000
    True
    >>> compress(b"abc" * 500) == compress(b"abc" * 500)
    True
    """
    return gzip.compress(data, compresslevel=9, mtime=0), brotli.compress(data, quality=11)


def _compress_cached(data: bytes, cache: Path) -> tuple[bytes, bytes]:
    key = hashlib.sha256(data).hexdigest()
    gz_file, br_file = cache / f"{key}.gz", cache / f"{key}.br"
    with making(br_file):
        if gz_file.is_file() and br_file.is_file():
            return gz_file.read_bytes(), br_file.read_bytes()
        gz, br = compress(data)
        write_atomically(gz_file, gz)
        write_atomically(br_file, br)
    return gz, br


def precompress(folder: Path, cache: Path) -> Compressed:
    """Write ``.gz`` and ``.br`` copies beside every compressible file under ``folder``."""
    files = original = gz_total = br_total = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in SUFFIXES:
            continue
        data = path.read_bytes()
        if len(data) < MIN_SIZE:
            continue
        gz, br = _compress_cached(data, cache) if len(data) >= CACHED_FROM else compress(data)
        wrote = False
        for suffix, packed in ((".gz", gz), (".br", br)):
            if len(packed) <= 0.9 * len(data):
                path.with_name(path.name + suffix).write_bytes(packed)
                wrote = True
        if wrote:
            files += 1
            original += len(data)
            gz_total += len(gz)
            br_total += len(br)
    return Compressed(files, original, gz_total, br_total)

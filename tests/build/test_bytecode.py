"""The worker's standard library as bytecode (builder/bytecode.py): compiled by the vendored Pyodide under
Node, into pycs that need no source, kept in the cache by their inputs, and a damaged cache entry is made
again rather than shipped."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from builder.bytecode import compile_library
from builder.vendor import ensure_pyodide

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def small_library() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as library:
        library.writestr("tiny/", b"")
        library.writestr("tiny/__init__.py", b'"""A docstring the bytecode drops."""\nANSWER = 42\n')
        library.writestr("LICENSE.txt", b"kept as it is")
    return out.getvalue()


def test_python_files_become_unchecked_pycs_and_the_rest_stays(tmp_path: Path) -> None:
    pyodide = ensure_pyodide(PROJECT_ROOT / ".cache")
    compiled = compile_library(small_library(), pyodide, tmp_path)
    with zipfile.ZipFile(io.BytesIO(compiled)) as library:
        assert library.namelist() == ["tiny/", "tiny/__init__.pyc", "LICENSE.txt"]
        assert {info.compress_type for info in library.infolist()} == {zipfile.ZIP_STORED}
        pyc = library.read("tiny/__init__.pyc")
        assert library.read("LICENSE.txt") == b"kept as it is"
    assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b01  # a magic number; hash-based, unchecked
    assert b"A docstring the bytecode drops" not in pyc and b"ANSWER" in pyc
    cached = list((tmp_path / "bytecode").glob("*.zip"))
    assert len(cached) == 1 and cached[0].read_bytes() == compiled
    cached[0].write_bytes(compiled[:100])  # a damaged entry is compiled again, not shipped
    assert compile_library(small_library(), pyodide, tmp_path) == compiled

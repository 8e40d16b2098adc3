"""Runs inside Pyodide (builder/bytecode.mjs): a zip's ``.py`` files as ``.pyc``, every other entry as it is.

Each module is compiled as ``python -OO`` would (no docstrings, no asserts) into an unchecked hash-based
pyc, which zipimport loads with no source beside it; its file name is where the browser's Python finds it
(``/lib/python3XY.zip/…``). The zip is stored and dated 1980, like its input. Plain Python, so that the
tests' doctest run may import it: it compiles only when bytecode.mjs runs it under the name ``compile``.
"""

from __future__ import annotations

import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]  # py_compile's
from importlib.util import source_hash


def compile_zip(source_path: str, target_path: str) -> None:
    """Write ``target_path``: the zip ``source_path`` with its Python files compiled."""
    mounted_at = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    with zipfile.ZipFile(source_path) as source, zipfile.ZipFile(target_path, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, mounted_at + name, "exec", dont_inherit=True, optimize=2)
                data, name = bytes(_code_to_hash_pyc(code, source_hash(data), checked=False)), name + "c"
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = info.external_attr
            target.writestr(entry, data, compress_type=zipfile.ZIP_STORED)


if __name__ == "compile":
    compile_zip("/tmp/in.zip", "/tmp/out.zip")

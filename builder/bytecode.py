"""The rules worker's standard library as bytecode, compiled at build time by the browser's own Python.

Pyodide ships its standard library as source, so every boot compiles the modules Python starts with (the
encodings, ``_pyodide``, ``asyncio``, ``json``, ``dataclasses``, …) before it can run a line: on a desktop
that is most of the second between the wasm being instantiated and Python being ready. The build compiles
the trimmed library (builder/stdlib.py) once, in the vendored Pyodide run by Node (the interpreter the
browser runs: the same 3.14 bytecode), and ships the ``.pyc`` files alone; Python then only unmarshals them.
The result is kept in ``.cache/bytecode/`` by the digest of its inputs, so a build compiles only when the
library, the compiler script or the Pyodide release changed.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .atomic import made_once
from .problems import VendorError

HERE = Path(__file__).resolve().parent
SCRIPTS = (HERE / "bytecode.mjs", HERE / "bytecode_compile.py")
TIMEOUT_SECONDS = 300


def compiled_name(name: str) -> str:
    """Where a library file ends up in the compiled zip.

    >>> compiled_name("json/__init__.py"), compiled_name("json/"), compiled_name("LICENSE.txt")
    ('json/__init__.pyc', 'json/', 'LICENSE.txt')
    """
    return name + "c" if name.endswith(".py") else name


def compile_library(source: bytes, pyodide_dir: Path, cache_dir: Path) -> bytes:
    """The zip ``source`` with its ``.py`` files compiled (builder/bytecode_compile.py), from the cache if
    it holds this compilation, else by the Pyodide in ``pyodide_dir`` under Node."""
    digest = hashlib.sha256(source)
    for script in SCRIPTS:
        digest.update(script.read_bytes())
    digest.update(pyodide_dir.name.encode())  # the release's folder, pyodide-<version>/
    cached = cache_dir / "bytecode" / f"{digest.hexdigest()[:32]}.zip"
    return made_once(cached, lambda: _compile(source, pyodide_dir), lambda kept: _compiled_from(source, kept))


def _compile(source: bytes, pyodide_dir: Path) -> bytes:
    """The zip ``source`` compiled by the Pyodide in ``pyodide_dir`` under Node."""
    node = shutil.which("node")
    if node is None:
        raise VendorError("node not found: the build compiles the worker's Python library with Node.js "
                          "(install nodejs, e.g. apt-get install nodejs)")
    with tempfile.TemporaryDirectory() as folder:
        given, made = Path(folder) / "in.zip", Path(folder) / "out.zip"
        given.write_bytes(source)
        try:
            done = subprocess.run([node, str(SCRIPTS[0]), str(pyodide_dir), str(given), str(made)],
                                  capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise VendorError(f"node could not compile the worker's Python library: {exc}") from None
        if done.returncode != 0 or not made.is_file():
            tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
            raise VendorError("node failed compiling the worker's Python library: " + (" | ".join(tail) or "no output"))
        compiled = made.read_bytes()
    if not _compiled_from(source, compiled):
        raise VendorError("the compiled Python library does not hold every module of the trimmed one")
    return compiled


def _compiled_from(source: bytes, compiled: bytes) -> bool:
    """Whether ``compiled`` is a readable zip holding exactly the compiled names of ``source``'s entries."""
    try:
        with zipfile.ZipFile(io.BytesIO(source)) as before, zipfile.ZipFile(io.BytesIO(compiled)) as after:
            return after.testzip() is None and after.namelist() == [compiled_name(n) for n in before.namelist()]
    except (zipfile.BadZipFile, OSError):
        return False

"""The trimmed standard library (builder/stdlib.py), compiled to bytecode (builder/bytecode.py), holds
everything the site's Python uses: the boot, the wheel's unpacking, every module nardy_core imports (at the
top or inside a function), a request of every kind. Run in the browser's Pyodide on the zip of a real build."""

from __future__ import annotations

import ast
import io
import json
import zipfile
from pathlib import Path

import brotli
import pytest
from playwright.sync_api import Page

from builder.bytecode import compiled_name
from builder.serve import served
from builder.stdlib import EXERCISE, STDLIB_ZIP, kept_files
from builder.vendor import PYODIDE_VERSION, shipped_name

from . import pyodide_page

# it serves its own copy of the build (another port, its own page), with a Pyodide of its own: a context of its own too
pytestmark = pytest.mark.fresh_python

PROJECT_ROOT = Path(__file__).resolve().parents[2]
IMPORTS = """
import json

missing = []
for name in json.loads(DATA):
    try:
        __import__(name)
    except ImportError as exc:
        missing.append(f"{name}: {exc}")
json.dumps(missing)
"""


def imported_by_the_core() -> list[str]:
    """Every absolute module name any nardy_core module imports, wherever the import statement is."""
    names = set()
    for path in (PROJECT_ROOT / "nardy_core").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if not name.startswith("nardy_core"))


def test_the_build_ships_the_trimmed_library(built_site: Path) -> None:
    packed = (built_site / "pyodide" / PYODIDE_VERSION / shipped_name(STDLIB_ZIP)).read_bytes()
    with zipfile.ZipFile(io.BytesIO(brotli.decompress(packed))) as shipped:  # a stored zip, in brotli as a whole
        files = {name for name in shipped.namelist() if not name.endswith("/")}
    assert files == {compiled_name(name) for name in kept_files()}  # as bytecode, with no source beside it
    assert "json/__init__.pyc" in files and "email/__init__.pyc" not in files  # what is used, only that


def test_everything_the_core_and_the_worker_use_imports_from_it(page: Page, built_site: Path, tmp_path: Path) -> None:
    pyodide_page.prepare(built_site, tmp_path)
    with served(tmp_path) as base:
        report = pyodide_page.run(page, base, "", EXERCISE)
        missing = pyodide_page.run(page, base, json.dumps(imported_by_the_core()), IMPORTS)
    assert report["errors"] == []
    # (a frozen module, such as io or os, reports its source's name)
    assert report["files"] and {compiled_name(name) for name in report["files"]} <= {compiled_name(name) for name in kept_files()}
    assert missing == []
    assert "random" in imported_by_the_core() and "json" in imported_by_the_core()

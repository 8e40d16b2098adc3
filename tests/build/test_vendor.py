"""builder.vendor: the nardy_core wheel, the pinned-checksum cache and its error messages (all offline)."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import brotli
import pytest

from builder import vendor
from builder.bytecode import compiled_name
from builder.stdlib import kept_files
from builder.vendor import VendorError

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def make_project(root: Path, version: str = "1.2.3") -> Path:
    """A minimal project: a nardy_core package (its version in __init__) with a cache dir that must be skipped."""
    (root / "nardy_core" / "sub").mkdir(parents=True)
    (root / "nardy_core" / "__init__.py").write_text(f'"""A test package."""\n\n__version__ = "{version}"\n')
    (root / "nardy_core" / "api.py").write_text("def handle(kind, payload):\n    return '{}'\n")
    (root / "nardy_core" / "sub" / "__init__.py").write_text("")
    (root / "nardy_core" / "__pycache__").mkdir()
    (root / "nardy_core" / "__pycache__" / "api.cpython-311.pyc").write_bytes(b"\0junk")
    return root


def fake_runtime_file(name: str) -> bytes:
    """Stand-in bytes of one runtime file: the two the vendoring rewrites have their real formats."""
    if name == "python_stdlib.zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for kept in kept_files():
                archive.writestr(kept, f"# {kept}: the core or the worker uses it")
            archive.writestr("tkinter/__init__.py", "# left out: nothing imports it")
        return buffer.getvalue()
    if name == "pyodide-lock.json":
        return json.dumps({"info": {"version": "314.0.7"}, "packages": {"numpy": {"name": "numpy"}}}).encode()
    return f"content of {name}".encode()


def fake_pyodide_tarball(path: Path) -> str:
    """Write an npm-style tarball holding the runtime files plus extras; return its SRI integrity."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        names = vendor.PYODIDE_RUNTIME_FILES + vendor.PYODIDE_RECORD_FILES + ("console.html", "pyodide.js.map")
        for name in names:
            data = fake_runtime_file(name)
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    path.write_bytes(buffer.getvalue())
    return vendor.sri_sha512(buffer.getvalue())


# --- the nardy_core wheel ---------------------------------------------------------------------------

def test_wheel_is_named_after_the_package_version_and_deterministic(tmp_path: Path) -> None:
    project = make_project(tmp_path / "proj")
    first = vendor.build_core_wheel(project, tmp_path / "a")
    second = vendor.build_core_wheel(project, tmp_path / "b")
    assert first.name == "nardy_core-1.2.3-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()


def test_wheel_is_not_rewritten_when_code_is_unchanged_and_is_when_it_changes(tmp_path: Path) -> None:
    project = make_project(tmp_path / "proj")
    wheel = vendor.build_core_wheel(project, tmp_path / "out")
    before = wheel.stat().st_mtime_ns
    wheel.touch()  # mtime moves; a rebuild with the same code must leave the file alone
    touched = wheel.stat().st_mtime_ns
    vendor.build_core_wheel(project, tmp_path / "out")
    assert wheel.stat().st_mtime_ns == touched and touched >= before
    (project / "nardy_core" / "api.py").write_text("def handle(kind, payload):\n    return '[]'\n")
    changed = vendor.build_core_wheel(project, tmp_path / "out")
    assert b"return '[]'" in zipfile.ZipFile(changed).read("nardy_core/api.py")


def test_wheel_contents_and_record_are_valid(tmp_path: Path) -> None:
    wheel = vendor.build_core_wheel(make_project(tmp_path / "proj"), tmp_path / "out")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert names == sorted(n for n in names if not n.startswith("nardy_core-")) + [
            n for n in names if n.startswith("nardy_core-")
        ]
        assert {"nardy_core/__init__.py", "nardy_core/api.py", "nardy_core/sub/__init__.py"} <= set(names)
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in zf.infolist())
        dist_info = "nardy_core-1.2.3.dist-info"
        assert "Version: 1.2.3" in zf.read(f"{dist_info}/METADATA").decode()
        assert "Tag: py3-none-any" in zf.read(f"{dist_info}/WHEEL").decode()
        assert zf.read(f"{dist_info}/top_level.txt") == b"nardy_core\n"
        rows = list(csv.reader(io.StringIO(zf.read(f"{dist_info}/RECORD").decode())))
        assert sorted(row[0] for row in rows) == sorted(names)
        for name, digest, size in rows:
            if name.endswith("/RECORD"):
                assert digest == size == ""
                continue
            data = zf.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data), name


def test_wheel_installs_with_pip_and_imports(tmp_path: Path) -> None:
    wheel = vendor.build_core_wheel(make_project(tmp_path / "proj"), tmp_path / "out")
    target = tmp_path / "target"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check",
         "--quiet", "--target", str(target), str(wheel)],
        check=True, capture_output=True, text=True,
    )
    probe = (
        "import sys, importlib.metadata as m; sys.path.insert(0, sys.argv[1]); import nardy_core.api as a;"
        "print(a.handle('ping', '{}'), m.version('nardy_core'), a.__file__.startswith(sys.argv[1]))"
    )
    out = subprocess.run([sys.executable, "-I", "-c", probe, str(target)], check=True, capture_output=True, text=True)
    assert out.stdout.split() == ["{}", "1.2.3", "True"]


def test_real_project_wheel_holds_the_real_package(tmp_path: Path) -> None:
    wheel = vendor.build_core_wheel(PROJECT_ROOT, tmp_path)
    assert wheel.name == f"nardy_core-{vendor.read_project_version(PROJECT_ROOT)}-py3-none-any.whl"
    names = zipfile.ZipFile(wheel).namelist()
    sources = {p.relative_to(PROJECT_ROOT).as_posix() for p in (PROJECT_ROOT / "nardy_core").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert sources <= set(names)
    # the engine's weights are on no lesson's path: the wheel every lesson's first tap waits on holds stand-ins,
    # and the files lie beside it at their package paths, fetched when a page first asks the engine
    weights = sorted(p.relative_to(PROJECT_ROOT).as_posix() for p in (PROJECT_ROOT / "nardy_core" / "weights").glob("*.json"))
    assert weights
    with zipfile.ZipFile(wheel) as archive:
        assert {name: json.loads(archive.read(name))["format"] for name in weights} == dict.fromkeys(weights, "nardy-net-lazy")
    served = vendor.write_lazy_files(PROJECT_ROOT, tmp_path / "py")
    assert [p.relative_to(tmp_path / "py").as_posix() for p in served] == weights
    assert all((tmp_path / "py" / name).read_bytes() == (PROJECT_ROOT / name).read_bytes() for name in weights)


def test_wheel_of_a_folder_without_the_package_says_so(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "1"\n')
    with pytest.raises(VendorError, match=r"nardy_core/__init__\.py not found"):
        vendor.build_core_wheel(tmp_path, tmp_path / "out")


# --- Pyodide cache ------------------------------------------------------------------------------------

def test_integrity_mismatch_names_both_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    actual = fake_pyodide_tarball(tmp_path / f"pyodide-{vendor.PYODIDE_VERSION}.tgz")
    pinned = "sha512-" + "A" * 86 + "=="
    monkeypatch.setattr(vendor, "PYODIDE_INTEGRITY", pinned)
    with pytest.raises(VendorError) as err:
        vendor.ensure_pyodide(tmp_path)
    assert pinned in str(err.value) and actual in str(err.value) and "integrity mismatch" in str(err.value)
    assert not vendor.pyodide_cache_path(tmp_path).exists()


def test_verified_tarball_is_unpacked_selectively_then_served_from_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = tmp_path / f"pyodide-{vendor.PYODIDE_VERSION}.tgz"
    monkeypatch.setattr(vendor, "PYODIDE_INTEGRITY", fake_pyodide_tarball(tarball))
    target = vendor.ensure_pyodide(tmp_path)
    expected = set(vendor.PYODIDE_RUNTIME_FILES + vendor.PYODIDE_RECORD_FILES) | {vendor.MARKER_NAME}
    assert {p.name for p in target.iterdir()} == expected
    assert (target / "pyodide.mjs").read_text() == "content of pyodide.mjs"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no staging leftovers
    tarball.unlink()
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # a cache hit needs neither npm nor network
    assert vendor.ensure_pyodide(tmp_path) == target


def test_incomplete_cache_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tarball = tmp_path / f"pyodide-{vendor.PYODIDE_VERSION}.tgz"
    monkeypatch.setattr(vendor, "PYODIDE_INTEGRITY", fake_pyodide_tarball(tarball))
    target = vendor.ensure_pyodide(tmp_path)
    (target / "pyodide.asm.wasm").write_bytes(b"truncated")
    assert vendor.ensure_pyodide(tmp_path) == target
    assert (target / "pyodide.asm.wasm").read_text() == "content of pyodide.asm.wasm"


def test_missing_npm_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(VendorError) as err:
        vendor.ensure_pyodide(tmp_path / "cache")
    message = str(err.value)
    assert message.startswith("npm not found: install Node.js and npm")
    assert "apt-get install npm" in message and f"pyodide-{vendor.PYODIDE_VERSION}" in message


def test_failing_npm_reports_its_output_and_the_offline_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_npm = bin_dir / "npm"
    fake_npm.write_text("#!/bin/sh\necho 'npm error code ENOTFOUND' >&2\nexit 1\n")
    fake_npm.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    with pytest.raises(VendorError, match=r"npm pack pyodide@.* failed \(exit 1: npm error code ENOTFOUND\)"):
        vendor.ensure_pyodide(tmp_path / "cache")


def test_real_pyodide_cache_is_used_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = PROJECT_ROOT / ".cache"
    if not (vendor.pyodide_cache_path(cache) / vendor.MARKER_NAME).is_file():
        pytest.skip("the real Pyodide is not cached yet (the e2e tests fetch it)")
    monkeypatch.setenv("PATH", "/nonexistent")
    target = vendor.ensure_pyodide(cache)
    marker = json.loads((target / vendor.MARKER_NAME).read_text())
    assert marker["integrity"] == vendor.PYODIDE_INTEGRITY
    assert json.loads((target / "package.json").read_text())["version"] == vendor.PYODIDE_VERSION


# --- micropip and copy_runtime ---------------------------------------------------------------------------

def test_failed_micropip_download_is_a_vendor_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vendor.sys, "executable", shutil.which("false") or "/bin/false")
    with pytest.raises(VendorError, match=r"pip download micropip==0\.11\.1. failed"):
        vendor.ensure_micropip(tmp_path)


def renamed_as_compiled(source: bytes, pyodide_dir: Path, cache_dir: Path) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as before, zipfile.ZipFile(out, "w") as after:
        for info in before.infolist():
            after.writestr(compiled_name(info.filename), before.read(info))
    return out.getvalue()


def test_copy_runtime_lays_out_dist_and_returns_site_relative_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setattr(
        vendor, "PYODIDE_INTEGRITY", fake_pyodide_tarball(cache / f"pyodide-{vendor.PYODIDE_VERSION}.tgz")
    )
    (cache / vendor.MICROPIP_WHEEL).write_bytes(b"micropip stand-in")
    monkeypatch.setattr(vendor, "MICROPIP_SHA256", hashlib.sha256(b"micropip stand-in").hexdigest())
    # the stand-in Pyodide cannot compile: the library is "compiled" by renaming (tests/build/test_bytecode.py
    # compiles for real)
    monkeypatch.setattr(vendor, "compile_library", renamed_as_compiled)
    dist = tmp_path / "dist"
    paths = vendor.copy_runtime(dist, cache, make_project(tmp_path / "proj"))
    assert paths == {
        "pyodide_url_dir": "pyodide/314.0.7/",
        "core_wheel": "py/nardy_core-1.2.3-py3-none-any.whl",
        "micropip_wheel": "py/micropip-0.11.1-py3-none-any.whl",
    }
    assert sorted(p.name for p in (dist / paths["pyodide_url_dir"]).iterdir()) == sorted(vendor.SHIPPED_RUNTIME_FILES)
    shipped = (dist / paths["pyodide_url_dir"] / vendor.SHIPPED_WASM).read_bytes()
    assert brotli.decompress(shipped) == b"content of pyodide.asm.wasm"  # the wasm, in brotli
    assert (dist / paths["micropip_wheel"]).read_bytes() == b"micropip stand-in"
    stored = brotli.decompress((dist / paths["pyodide_url_dir"] / "python_stdlib.zip.br").read_bytes())
    with zipfile.ZipFile(io.BytesIO(stored)) as stdlib:
        assert "json/__init__.pyc" in stdlib.namelist() and "tkinter/__init__.pyc" not in stdlib.namelist()
    lock = json.loads((dist / paths["pyodide_url_dir"] / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock == {"info": {"version": "314.0.7"}, "packages": {}}
    assert zipfile.is_zipfile(dist / paths["core_wheel"])

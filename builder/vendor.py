"""Pinned browser runtime (Pyodide, micropip) and the nardy_core wheel the browser installs.

Vendored files are fetched once into a cache folder with their registry's ordinary client (`npm pack`,
`pip download`), checked against the pinned checksums below, and copied into `dist/` from there on every
build. A cached build does no network I/O and takes milliseconds.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from .atomic import made_once, making, write_atomically
from .bytecode import compile_library
from .problems import VendorError
from .stdlib import STDLIB_ZIP
from .stdlib import trim as trim_stdlib

PYODIDE_VERSION = "314.0.7"
# `npm view pyodide@314.0.7 dist.integrity` (Subresource-Integrity format of the npm tarball).
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# Only what a browser needs to boot Python; the tarball's consoles, maps and typings stay out.
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Kept in the cache (not served) as the record of version and licence (MPL-2.0).
PYODIDE_RECORD_FILES = ("package.json",)
WASM = "pyodide.asm.wasm"
#: the runtime files the site ships in brotli at its best (``name.br``): the wasm, 9.6 MB become 2.8 MB, and
#: the trimmed stdlib, 0.79 MB (a zip of deflated files) become 0.56 MB (a stored zip, packed whole); together
#: most of ``dist/`` saved, and on the wire less than any host's gzip gives. The workers inflate them as they
#: stream in (static/js/shipped-runtime.js, with the vendored decoder of builder/decoder_vendor.py)
IN_BROTLI = (WASM, STDLIB_ZIP)
SHIPPED_WASM = WASM + ".br"


def shipped_name(name: str) -> str:
    """A runtime file's name in ``dist/``.

    >>> shipped_name("pyodide.asm.wasm"), shipped_name("python_stdlib.zip"), shipped_name("pyodide.mjs")
    ('pyodide.asm.wasm.br', 'python_stdlib.zip.br', 'pyodide.mjs')
    """
    return f"{name}.br" if name in IN_BROTLI else name


#: the runtime files as ``dist/pyodide/<ver>/`` holds them
SHIPPED_RUNTIME_FILES = tuple(shipped_name(name) for name in PYODIDE_RUNTIME_FILES)

# The Python inside this Pyodide (its lock file's `info.python`): micropip is downloaded for it, not for ours.
PYODIDE_PYTHON = "3.14"
# micropip for Pyodide 314 (it reads the lock file through `pyodide._api.lockfile_packages`, which older
# releases don't know); installed only by the lab's worker (builder/lab_runtime.py).
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

CORE_PACKAGE = "nardy_core"
MARKER_NAME = ".vendored.json"
# Zip entries get this timestamp so that the wheel's bytes depend on the code alone.
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def pyodide_cache_path(cache_dir: Path) -> Path:
    """Folder inside `cache_dir` that holds the unpacked, verified Pyodide runtime."""
    return cache_dir / f"pyodide-{PYODIDE_VERSION}"


def sri_sha512(data: bytes) -> str:
    """Subresource-Integrity string (`sha512-<base64>`) as npm publishes it for a tarball.

    >>> sri_sha512(b"")[:20]
    'sha512-z4PhNX7vuL3xV'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _offline_hint(cache_dir: Path) -> str:
    return (
        f"or, on a machine without network access, copy a verified folder pyodide-{PYODIDE_VERSION}/ "
        f"(or the tarball pyodide-{PYODIDE_VERSION}.tgz) into {cache_dir}/"
    )


def _pyodide_cache_is_complete(target: Path) -> bool:
    """True when the marker exists and every runtime file has the size recorded in it."""
    marker = target / MARKER_NAME
    try:
        record = json.loads(marker.read_text(encoding="utf-8"))
        sizes: dict[str, int] = record["sizes"]
        if record.get("integrity") != PYODIDE_INTEGRITY:
            return False
        return all((target / name).stat().st_size == sizes[name] for name in PYODIDE_RUNTIME_FILES)
    except (OSError, ValueError, KeyError, TypeError):
        return False


def npm_pack(specs: list[str], dest: Path, offline_hint: str) -> None:
    """Download the tarballs of `specs` (`name@version`) with one `npm pack` into `dest`.

    `offline_hint` ends every error: how to fill the cache by hand on a machine without network access.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError(
            f"npm not found: install Node.js and npm (Debian: apt-get install npm), "
            f"then build again; {offline_hint}"
        )
    shown = " ".join(specs)
    try:
        proc = subprocess.run(
            [npm, "pack", *specs, "--pack-destination", str(dest), "--silent", "--ignore-scripts"],
            capture_output=True, text=True, timeout=600, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VendorError(f"`npm pack {shown}` could not run ({exc}); {offline_hint}") from None
    if proc.returncode != 0 or not any(dest.glob("*.tgz")):
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise VendorError(
            f"`npm pack {shown}` failed (exit {proc.returncode}: {' | '.join(tail) or 'no output'}). "
            f"Check that the npm registry is reachable and run the build again; {offline_hint}"
        )


def _npm_pack_pyodide(dest: Path, cache_dir: Path) -> Path:
    """Download the pinned tarball with `npm pack` into `dest`; return its path."""
    npm_pack([f"pyodide@{PYODIDE_VERSION}"], dest, _offline_hint(cache_dir))
    return sorted(dest.glob("pyodide-*.tgz"))[0]


def _extract_pyodide(tarball: Path, staging: Path) -> dict[str, int]:
    """Copy the runtime files out of the npm tarball (members live under `package/`); return sizes."""
    sizes: dict[str, int] = {}
    try:
        with tarfile.open(tarball, "r:gz") as tar:
            for name in PYODIDE_RUNTIME_FILES + PYODIDE_RECORD_FILES:
                # Named members only: nothing else in the archive can reach the disk.
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise KeyError(name)
                data = member.read()
                (staging / name).write_bytes(data)
                sizes[name] = len(data)
    except (KeyError, tarfile.TarError, OSError) as exc:
        raise VendorError(f"{tarball.name} is not the expected Pyodide package: {exc!r}") from None
    return sizes


def ensure_pyodide(cache_dir: Path) -> Path:
    """Return `cache_dir/pyodide-<ver>/` with the verified runtime files, fetching them only if missing.

    The tarball comes from `npm pack` (or from a copy the user left in `cache_dir`); its sha512 must equal
    PYODIDE_INTEGRITY. The folder is assembled beside its final name and renamed into place, so an
    interrupted fetch never leaves a half-filled cache behind.
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    target = pyodide_cache_path(cache_dir)
    with making(target):  # another build fetching it meanwhile: wait for it rather than fetch it again
        if _pyodide_cache_is_complete(target):
            return target
        with tempfile.TemporaryDirectory(prefix=".pyodide-", dir=cache_dir) as tmp:
            tmp_path = Path(tmp)
            local_tarball = cache_dir / f"pyodide-{PYODIDE_VERSION}.tgz"
            tarball = local_tarball if local_tarball.is_file() else _npm_pack_pyodide(tmp_path, cache_dir)
            actual = sri_sha512(tarball.read_bytes())
            if actual != PYODIDE_INTEGRITY:
                raise VendorError(
                    f"integrity mismatch for pyodide@{PYODIDE_VERSION} ({tarball.name}): "
                    f"expected {PYODIDE_INTEGRITY}, got {actual}. The download is corrupt or not the pinned release; "
                    f"delete it and build again."
                )
            staging = tmp_path / "staging"
            staging.mkdir()
            sizes = _extract_pyodide(tarball, staging)
            marker = {"version": PYODIDE_VERSION, "integrity": PYODIDE_INTEGRITY, "sizes": sizes}
            (staging / MARKER_NAME).write_text(json.dumps(marker, indent=1, sort_keys=True), encoding="utf-8")
            if target.exists():  # a leftover without a valid marker
                shutil.rmtree(target)
            try:
                staging.rename(target)
            except OSError:
                # A concurrent build may have won the race; its result is just as good if complete.
                if not _pyodide_cache_is_complete(target):
                    raise
    return target


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_micropip(cache_dir: Path) -> Path:
    """Return the path of the verified micropip wheel in `cache_dir`, downloading it with pip if missing.

    micropip is used by the lab only (the lesson boards' worker unpacks its wheel itself); the checksum is
    checked every time because the file is small.
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    target = cache_dir / MICROPIP_WHEEL
    with making(target):
        if target.is_file() and file_sha256(target) == MICROPIP_SHA256:
            return target
        with tempfile.TemporaryDirectory(prefix=".micropip-", dir=cache_dir) as tmp:
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                   "--python-version", PYODIDE_PYTHON, "--disable-pip-version-check", "--quiet",
                   f"micropip=={MICROPIP_VERSION}", "-d", tmp]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise VendorError(f"`pip download micropip=={MICROPIP_VERSION}` could not run ({exc})") from None
            downloaded = Path(tmp) / MICROPIP_WHEEL
            if proc.returncode != 0 or not downloaded.is_file():
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
                raise VendorError(
                    f"`pip download micropip=={MICROPIP_VERSION}` failed ({' | '.join(tail) or 'no output'}). "
                    f"Check that PyPI is reachable (run `make deps` first), or copy {MICROPIP_WHEEL} into {cache_dir}/"
                )
            actual = file_sha256(downloaded)
            if actual != MICROPIP_SHA256:
                raise VendorError(
                    f"sha256 mismatch for {MICROPIP_WHEEL}: expected {MICROPIP_SHA256}, got {actual}"
                )
            os.replace(downloaded, target)
    return target


def read_project_version(project_root: Path) -> str:
    """nardy_core's version (its one home is ``nardy_core/__init__.py``; pyproject.toml reads it from there)."""
    init = project_root / CORE_PACKAGE / "__init__.py"
    if not init.is_file():
        raise VendorError(f"{init} not found: is {project_root} the project root?")
    text = init.read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if match is None:
        raise VendorError(f"{CORE_PACKAGE}/__init__.py has no __version__ line")
    return match.group(1)


def runtime_paths(project_root: Path) -> dict[str, str]:
    """Site-root-relative paths of the runtime files, as the templates write them."""
    return {
        "pyodide_url_dir": f"pyodide/{PYODIDE_VERSION}/",
        "core_wheel": f"py/{CORE_PACKAGE}-{read_project_version(project_root)}-py3-none-any.whl",
        "micropip_wheel": f"py/{MICROPIP_WHEEL}",
    }


def _record_digest(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def _package_files(package_dir: Path) -> list[tuple[str, bytes]]:
    """(archive name, bytes) of every file in the package, sorted; caches and dotfiles left out."""
    files = []
    for path in package_dir.rglob("*"):
        rel = path.relative_to(package_dir.parent)
        if not path.is_file() or "__pycache__" in rel.parts or path.suffix in {".pyc", ".pyo"}:
            continue
        if any(part.startswith(".") for part in rel.parts):
            continue
        files.append((rel.as_posix(), path.read_bytes()))
    return sorted(files)


#: what the site's wheel of nardy_core holds only a stand-in of (nardy_core.net.lazy_stand_in): the engine's
#: network weights (tens of kilobytes each) are on no lesson's path, and every lesson's first tap waits on the
#: wheel. The files themselves are served under ``py/`` at their path in the package (`write_lazy_files`); the
#: worker fetches one when nardy_core first answers NEEDS_DATA for it, and puts it in place.
SITE_WHEEL_LAZY = (f"{CORE_PACKAGE}/weights/",)


def lazy_files(project_root: Path) -> list[tuple[str, bytes]]:
    """(path in the package, bytes) of the package's files the site serves beside its wheel (SITE_WHEEL_LAZY)."""
    return [(name, data) for name, data in _package_files(project_root / CORE_PACKAGE) if name.startswith(SITE_WHEEL_LAZY)]


def write_lazy_files(project_root: Path, py_dir: Path) -> list[Path]:
    """Write `lazy_files` under ``py_dir`` at their package paths (a file rewritten only if its bytes change)."""
    written = []
    for name, data in lazy_files(project_root):
        target = py_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not (target.is_file() and target.read_bytes() == data):
            target.write_bytes(data)
        written.append(target)
    return written


def core_wheel_bytes(project_root: Path, whole: bool = False) -> tuple[str, bytes]:
    """(file name, bytes) of the pure-Python wheel of `nardy_core/` the site ships (SITE_WHEEL_LAZY's files as
    stand-ins, unless ``whole``: the lab's, whose learners call the engine from their own code); the same code
    gives the same bytes."""
    from nardy_core.net import lazy_stand_in

    version = read_project_version(project_root)
    files = [(name, lazy_stand_in() if name.startswith(SITE_WHEEL_LAZY) and not whole else data)
             for name, data in _package_files(project_root / CORE_PACKAGE)]
    if not any(name == f"{CORE_PACKAGE}/__init__.py" for name, _ in files):
        raise VendorError(f"{project_root / CORE_PACKAGE}/__init__.py not found: is {project_root} the project root?")
    summary = "Rules of long nardy: legal turns, step legality with reason codes, scoring."
    return wheel_bytes(CORE_PACKAGE, version, summary, files)


def wheel_bytes(name: str, version: str, summary: str, files: list[tuple[str, bytes]],
                requires: tuple[str, ...] = ()) -> tuple[str, bytes]:
    """(file name, bytes) of a pure-Python wheel holding `files` (archive name, bytes); reproducible.

    >>> name, data = wheel_bytes("demo", "1.0", "A demo.", [("demo.py", b"x = 1")])
    >>> name, sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())[:2]
    ('demo-1.0-py3-none-any.whl', ['demo-1.0.dist-info/METADATA', 'demo-1.0.dist-info/RECORD'])
    """
    dist_info = f"{name}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\n"
        f"Version: {version}\n"
        f"Summary: {summary}\n"
        "License: MIT\n"
        "Requires-Python: >=3.11\n"
        + "".join(f"Requires-Dist: {requirement}\n" for requirement in requires)
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: builder.vendor\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    top_level = sorted({entry.split("/")[0].removesuffix(".py") for entry, _ in files})
    entries = files + [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", wheel.encode()),
        (f"{dist_info}/top_level.txt", "".join(f"{top}\n" for top in top_level).encode()),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for entry, data in entries:
        writer.writerow([entry, _record_digest(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for entry, data in entries:  # RECORD last, as installers expect
            info = zipfile.ZipInfo(entry, date_time=FIXED_ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()


def build_core_wheel(project_root: Path, out_dir: Path) -> Path:
    """Write `out_dir/nardy_core-<version>-py3-none-any.whl` and return its path.

    Built directly with `zipfile` (no pip/setuptools subprocess: that costs seconds per build). The file
    is rewritten only if its bytes change, so its mtime also tracks the code.
    """
    name, data = core_wheel_bytes(project_root)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / name
    if target.is_file() and target.read_bytes() == data:
        return target
    write_atomically(target, data)
    return target


# pyodide.mjs carries a default package address on a public host, used only when no `packageBaseUrl` is
# given. The worker always gives one (the site's own copy), so the literal is dead code; it is blanked so
# that nothing the site serves names a third-party host.
_REMOTE_PACKAGE_BASE = re.compile(r"https://[A-Za-z0-9.-]+/pyodide/v\$\{\w+\}/full/")


def _drop_remote_fallback(module: Path) -> None:
    text = module.read_text(encoding="utf-8")
    patched = _REMOTE_PACKAGE_BASE.sub("", text)
    if "https://" in patched:
        raise VendorError(f"{module.name} still names a remote address after patching; "
                          f"check the Pyodide version pin ({PYODIDE_VERSION})")
    if patched != text:
        module.write_text(patched, encoding="utf-8")


LOCK_FILE = "pyodide-lock.json"


def _drop_package_index(source: Path, target: Path) -> None:
    """The lock file without its index of Pyodide's 350 packages: the site loads none of them (its wheel is
    unpacked by the worker), and every boot fetches and parses this file."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {}
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def brotli_cached(data: bytes, cache_dir: Path) -> bytes:
    """``data`` in brotli at its best settings (half a minute for the wasm), made once and kept in
    ``cache_dir/brotli/`` by content; a cached copy is used only if it inflates to exactly ``data``."""
    cached = cache_dir / "brotli" / f"{hashlib.sha256(data).hexdigest()}.br"
    return made_once(cached, lambda: bytes(brotli.compress(data, quality=11, lgwin=24)),
                     lambda kept: _inflates_to(kept, data))


def _inflates_to(packed: bytes, data: bytes) -> bool:
    """Whether ``packed`` is brotli of exactly ``data`` (a truncated or foreign file is not)."""
    try:
        return bool(brotli.decompress(packed) == data)
    except brotli.error:
        return False


def write_plain_runtime(pyodide_dir: Path, cache_dir: Path) -> list[Path]:
    """Pyodide's release files beside the site's copies, as a bare ``loadPyodide()`` fetches them, to compare
    with (bench/browser.py, bench/browser_boot.py): the wasm inflated (byte for byte the release's) and the
    release's own standard library (source, all of it) from ``cache_dir``. The caller removes them."""
    release = ensure_pyodide(cache_dir)
    plain = [pyodide_dir / name for name in IN_BROTLI]
    for path in plain:
        shutil.copyfile(release / path.name, path)
    return plain


def packed_runtime(cache_dir: Path) -> dict[str, bytes]:
    """The runtime files the site ships in brotli (``IN_BROTLI``), by their names in ``dist/``: the wasm as
    released, the standard library trimmed to what the core and the worker use and compiled to bytecode.

    Each takes a quarter of a minute at brotli's best, the longest step of a first build, so the two are packed
    at once on two threads (brotli lets go of the GIL); later builds read both from the cache.
    """
    release = ensure_pyodide(cache_dir)

    def pack(name: str) -> bytes:
        if name != STDLIB_ZIP:
            return brotli_cached((release / name).read_bytes(), cache_dir)
        with tempfile.TemporaryDirectory() as folder:
            trimmed = Path(folder) / name
            trim_stdlib(release / name, trimmed)  # only what the core and the worker use
            return brotli_cached(compile_library(trimmed.read_bytes(), release, cache_dir), cache_dir)  # as bytecode

    with ThreadPoolExecutor(len(IN_BROTLI)) as pool:
        return dict(zip((shipped_name(name) for name in IN_BROTLI), pool.map(pack, IN_BROTLI), strict=True))


def copy_runtime(dist_dir: Path, cache_dir: Path, project_root: Path,
                 packed: dict[str, bytes] | None = None) -> dict[str, str]:
    """Put the runtime into `dist_dir` and return site-root-relative paths for the templates; ``packed``: what
    :func:`packed_runtime` gave, if the caller has it already.

    Returns `{"pyodide_url_dir": "pyodide/<ver>/", "core_wheel": "py/<wheel>", "micropip_wheel": "py/<wheel>"}`.
    """
    pyodide_src = ensure_pyodide(cache_dir)
    micropip_src = ensure_micropip(cache_dir)
    packed = packed if packed is not None else packed_runtime(cache_dir)
    pyodide_rel = f"pyodide/{PYODIDE_VERSION}/"
    pyodide_dst = dist_dir / pyodide_rel
    pyodide_dst.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME_FILES:
        if name == LOCK_FILE:
            _drop_package_index(pyodide_src / name, pyodide_dst / name)
        else:
            shipped = shipped_name(name)
            (pyodide_dst / shipped).write_bytes(packed[shipped] if name in IN_BROTLI else (pyodide_src / name).read_bytes())
    _drop_remote_fallback(pyodide_dst / "pyodide.mjs")
    py_dst = dist_dir / "py"
    py_dst.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(micropip_src, py_dst / micropip_src.name)
    build_core_wheel(project_root, py_dst)
    write_lazy_files(project_root, py_dst)
    return runtime_paths(project_root)

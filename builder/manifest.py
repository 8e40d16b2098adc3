"""The build's manifest: its version (a content hash of every file) and the runtime files' sizes and hashes.

    manifest = build_manifest(site.files, runtime_files(staging))   pure over the files; runtime from disk
    files = stamp(site.files, manifest)                              the version written into the pages and sw.js

``dist/build-manifest.json`` is ``{"version": "<12 hex>", "runtime": {"pyodide/<ver>/pyodide.asm.wasm.br":
{"size": …, "sha256": "…"}, …}, "immutable": ["pyodide/", "assets/", …], "offline": {"ru": {"page": "ru/offline/",
"list": "offline/ru.json"}, …}}``. The runtime files are everything
under ``pyodide/`` and ``py/`` (what :func:`builder.vendor.copy_runtime` puts there); ``immutable`` names the
folders whose files are named by their version or content (the host's immutable ones, :mod:`builder.headers`),
which the service worker answers from its cache first; ``offline`` names each language's offline page and the list
of "the whole course" (:mod:`builder.offline`), which the service worker keeps from its install on. The version
hashes every rendered file as rendered (with the placeholders below still in it) and every runtime file, so any
change to any file gives a new version.

The builder writes it into two places:
  * ``sw.js``: ``/* build-manifest */ null`` becomes the manifest as JSON, so every build has a new service
    worker (the browser installs it) whose caches are named after the version and which checks each runtime
    file against the manifest before it stores it;
  * every page: ``data-build="__NARDY_BUILD__"`` on ``<html>`` becomes the version, so an in-page navigation
    that lands on a page of another build does a full load instead (``static/js/navigation.js``), and the
    page can tell whether the active service worker is its own build (``static/js/offline.js``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict

from .headers import immutable_folders
from .offline import offline_entry, offline_lists

MANIFEST_NAME = "build-manifest.json"
SERVICE_WORKER = "sw.js"
SW_PLACEHOLDER = b"/* build-manifest */ null"
PAGE_PLACEHOLDER = b"__NARDY_BUILD__"
RUNTIME_FOLDERS = ("pyodide", "py")
VERSION_LENGTH = 12


class RuntimeFile(TypedDict):
    size: int
    sha256: str


class OfflineEntry(TypedDict):
    page: str  #: the offline page of a language (``ru/offline/``)
    list: str  #: what "the whole course" is in that language (``offline/ru.json``, builder/offline.py)


class Manifest(TypedDict):
    version: str
    runtime: dict[str, RuntimeFile]
    immutable: list[str]
    offline: dict[str, OfflineEntry]


def runtime_file(data: bytes) -> RuntimeFile:
    """Size and sha256 of one runtime file.

    >>> runtime_file(b"abc")["size"], runtime_file(b"abc")["sha256"][:12]
    (3, 'ba7816bf8f01')
    """
    return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def runtime_files(folder: Path) -> dict[str, RuntimeFile]:
    """Every file under ``folder/pyodide/`` and ``folder/py/`` by site path, with its size and sha256."""
    found: dict[str, RuntimeFile] = {}
    for name in RUNTIME_FOLDERS:
        top = folder / name
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            if path.is_file():
                found[path.relative_to(folder).as_posix()] = runtime_file(path.read_bytes())
    return found


def build_manifest(files: Mapping[str, bytes], runtime: Mapping[str, RuntimeFile],
                   immutable: Sequence[str] = ()) -> Manifest:
    """The manifest of a build: a pure function of the rendered files, the runtime files and the folders
    whose files never change (``immutable``, the host's rule: a path that changes with the content).

    >>> a = build_manifest({"index.html": b"a"}, {})
    >>> a == build_manifest({"index.html": b"a"}, {}), a["version"] == build_manifest({"index.html": b"b"}, {})["version"]
    (True, False)
    >>> len(a["version"])
    12
    """
    digest = hashlib.sha256()
    for path in sorted(files):
        if path == MANIFEST_NAME:
            continue
        digest.update(f"file\0{path}\0{hashlib.sha256(files[path]).hexdigest()}\n".encode())
    for path in sorted(runtime):
        entry = runtime[path]
        digest.update(f"runtime\0{path}\0{entry['size']}\0{entry['sha256']}\n".encode())
    entries: dict[str, RuntimeFile] = {path: {"size": runtime[path]["size"], "sha256": runtime[path]["sha256"]} for path in sorted(runtime)}
    offline: dict[str, OfflineEntry] = {lang: {"page": entry["page"], "list": entry["list"]} for lang, entry in offline_entry().items()}
    return {"version": digest.hexdigest()[:VERSION_LENGTH], "runtime": entries, "immutable": list(immutable), "offline": offline}


def manifest_json(manifest: Manifest) -> str:
    """The manifest as the JSON text of ``build-manifest.json`` (and of the literal in sw.js)."""
    return json.dumps(manifest, sort_keys=True, separators=(",", ":"))


def stamp(files: Mapping[str, bytes], manifest: Manifest) -> dict[str, bytes]:
    """The files with the version written in (pages, sw.js), plus ``build-manifest.json``; a new dict."""
    version = manifest["version"].encode("ascii")
    literal = manifest_json(manifest).encode("ascii")
    stamped: dict[str, bytes] = {}
    for path, data in files.items():
        if path == SERVICE_WORKER:
            stamped[path] = data.replace(SW_PLACEHOLDER, literal)
        elif path.endswith(".html"):
            stamped[path] = data.replace(PAGE_PLACEHOLDER, version)
        else:
            stamped[path] = data
    stamped[MANIFEST_NAME] = (manifest_json(manifest) + "\n").encode("ascii")
    return stamped


def with_manifest(files: Mapping[str, bytes], staging: Path) -> dict[str, bytes]:
    """The files to write beside the runtime already in ``staging``: with each language's offline list, stamped,
    with the manifest."""
    runtime = runtime_files(staging)
    files = {**files, **offline_lists(files, {path: entry["size"] for path, entry in runtime.items()})}
    return stamp(files, build_manifest(files, runtime, immutable_folders()))

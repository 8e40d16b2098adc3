"""CodeMirror 6 for the Python lab's editor (``static/js/lab/editor.js``), vendored as plain ES modules.

package-lock.json is the one home of each package's version and integrity (they are exact-pinned
devDependencies, which also gives ``tsc --checkJs`` their types). Each tarball is fetched once with
``npm pack`` into ``<cache>/npm/``, checked against the lock's integrity on every build, and only its ESM
entry and LICENSE are shipped, as ``vendor/codemirror/<dir>/index.js`` of the assets folder. The pages' CSP
allows scripts from 'self' only and the site has no import map, so every bare specifier
(``'@codemirror/state'``) is rewritten to the sibling file (``'../codemirror-state/index.js'``) here, at
build time.
"""

from __future__ import annotations

import io
import json
import posixpath
import re
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .assets import asset
from .problems import VendorError
from .vendor import npm_pack, sri_sha512

#: the editor's imports and their dependency closure; a package the files import that is not here fails the build
EDITOR_PACKAGES = (
    "@codemirror/autocomplete",
    "@codemirror/commands",
    "@codemirror/lang-python",
    "@codemirror/language",
    "@codemirror/state",
    "@codemirror/streamparser",
    "@codemirror/view",
    "@lezer/common",
    "@lezer/highlight",
    "@lezer/lr",
    "@lezer/python",
    "@marijn/find-cluster-break",
    "crelt",
    "style-mod",
    "w3c-keyname",
)
VENDOR_DIR = asset("vendor/codemirror")
ENTRY_NAME = "index.js"
LOCK_FILE = "package-lock.json"
CACHE_FOLDER = "npm"
#: every module specifier of a static import or re-export (``import x from '…'``, ``export * from '…'``,
#: ``import '…'``) and of a dynamic ``import('…')``; what the rewriting must see to leave nothing bare
SPECIFIER = re.compile(
    r"""(?<![\w$.])(?P<head>(?:import|export)\b[^'";]*?\bfrom\s*|import\s*\(?\s*)"""
    r"""(?P<quote>['"])(?P<spec>[^'"\n]+)(?P=quote)""",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Pin:
    """One package as package-lock.json pins it."""

    name: str
    version: str
    integrity: str

    @property
    def dir_name(self) -> str:
        """The folder under vendor/codemirror/ (and npm's tarball stem): '@lezer/lr' -> 'lezer-lr'."""
        return self.name.removeprefix("@").replace("/", "-")

    @property
    def tarball(self) -> str:
        return f"{self.dir_name}-{self.version}.tgz"


def read_pins(project_root: Path, names: tuple[str, ...] = EDITOR_PACKAGES) -> list[Pin]:
    """Version and integrity of each package from package-lock.json, which must pin it exactly at the top."""
    lock_path = project_root / LOCK_FILE
    try:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
        packages = lock["packages"]
        declared = packages[""].get("devDependencies", {})
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise VendorError(f"{lock_path} cannot be read as an npm lock file ({exc!r})") from None
    pins = []
    for name in names:
        entry = packages.get(f"node_modules/{name}")
        if not isinstance(entry, dict) or not entry.get("version") or not entry.get("integrity"):
            raise VendorError(f"{name} is not in {LOCK_FILE} with a version and an integrity: add it with "
                              f"`npm install --save-dev --save-exact --ignore-scripts {name}@<version>`")
        if declared.get(name) != entry["version"]:
            raise VendorError(f"{name} must be an exact-pinned devDependency in package.json "
                              f"({entry['version']} as in {LOCK_FILE}), not {declared.get(name)!r}")
        pins.append(Pin(name, entry["version"], entry["integrity"]))
    if len({pin.dir_name for pin in pins}) != len(pins):
        raise VendorError("two vendored packages would share a folder under " + VENDOR_DIR)
    return pins


def _offline_hint(cache: Path) -> str:
    return f"or, on a machine without network access, copy the tarballs (`npm pack <name>@<version>`) into {cache}/"


def ensure_tarballs(pins: list[Pin], cache_dir: Path) -> dict[str, bytes]:
    """The verified tarball of every pin by package name; only the ones missing from the cache are fetched,
    all with one `npm pack`. Integrity is checked on every build: a few hundred kilobytes, milliseconds."""
    cache = cache_dir / CACHE_FOLDER
    cache.mkdir(parents=True, exist_ok=True)
    missing = [pin for pin in pins if not (cache / pin.tarball).is_file()]
    if missing:
        with tempfile.TemporaryDirectory(prefix=".npm-", dir=cache) as tmp:
            npm_pack([f"{pin.name}@{pin.version}" for pin in missing], Path(tmp), _offline_hint(cache))
            for pin in missing:
                fetched = Path(tmp) / pin.tarball
                if not fetched.is_file():
                    raise VendorError(f"`npm pack {pin.name}@{pin.version}` did not write {pin.tarball}")
                _check(pin, fetched.read_bytes(), fetched)
                fetched.replace(cache / pin.tarball)  # verified before it enters the cache
    found = {}
    for pin in pins:
        path = cache / pin.tarball
        found[pin.name] = _check(pin, path.read_bytes(), path)
    return found


def _check(pin: Pin, data: bytes, path: Path) -> bytes:
    actual = sri_sha512(data)
    if actual != pin.integrity:
        raise VendorError(
            f"integrity mismatch for {pin.name}@{pin.version} ({path}): {LOCK_FILE} has {pin.integrity}, "
            f"the tarball is {actual}. It is corrupt or not the pinned release; delete it and build again."
        )
    return data


def _esm_entry(manifest: dict[str, object]) -> str:
    """The file a browser's `import` gets, as the package's own package.json says: exports, else module."""
    exports = manifest.get("exports")
    if isinstance(exports, dict) and "." in exports:
        exports = exports["."]
    if isinstance(exports, dict):
        exports = exports.get("import", exports.get("default"))
    entry = exports if isinstance(exports, str) else manifest.get("module")
    if not isinstance(entry, str):
        raise KeyError("no ESM entry in exports or module")
    return posixpath.normpath(entry)


def read_package(pin: Pin, tarball: bytes, wanted: Callable[[dict[str, Any]], list[str]]) -> dict[str, bytes]:
    """The members ``wanted(package.json)`` names, from an npm tarball that says it is ``pin``; named members
    only reach memory."""
    try:
        with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
            def member(name: str) -> bytes:
                handle = tar.extractfile(f"package/{name}")
                if handle is None:
                    raise KeyError(name)
                return handle.read()

            manifest = json.loads(member("package.json"))
            if (manifest.get("name"), manifest.get("version")) != (pin.name, pin.version):
                raise ValueError(f"it says it is {manifest.get('name')}@{manifest.get('version')}")
            return {name: member(name) for name in wanted(manifest)}
    except (KeyError, ValueError, tarfile.TarError, OSError) as exc:
        raise VendorError(f"{pin.tarball} is not the expected package {pin.name}: {exc!r}") from None


def unpack(pin: Pin, tarball: bytes) -> tuple[str, bytes]:
    """(ESM entry source, LICENSE bytes) from an npm tarball."""
    entry: list[str] = []

    def wanted(manifest: dict[str, Any]) -> list[str]:
        entry.append(_esm_entry(manifest))
        return [entry[0], "LICENSE"]

    members = read_package(pin, tarball, wanted)
    try:
        return members[entry[0]].decode("utf-8"), members["LICENSE"]
    except UnicodeDecodeError as exc:
        raise VendorError(f"{pin.tarball} is not the expected package {pin.name}: {exc!r}") from None


def rewrite_specifiers(source: str, pin: Pin, folders: dict[str, str]) -> str:
    """The module with every bare specifier pointing at its vendored sibling (``folders``: package -> dir).

    >>> pin = Pin("@codemirror/view", "6.0.0", "")
    >>> rewrite_specifiers("import { Text } from '@codemirror/state';", pin, {"@codemirror/state": "codemirror-state"})
    "import { Text } from '../codemirror-state/index.js';"
    """
    def replace(match: re.Match[str]) -> str:
        spec = match["spec"]
        if spec.startswith(("./", "../", "/")) or ":" in spec:
            # only the entry file is shipped, so even a relative import would point at nothing
            raise VendorError(f"{pin.name}@{pin.version}: its entry imports {spec!r}, which is not vendored")
        if spec not in folders:
            raise VendorError(f"{pin.name}@{pin.version} imports {spec!r}, which is not vendored: add it to "
                              f"builder.editor_vendor.EDITOR_PACKAGES and to package.json's devDependencies")
        return f"{match['head']}{match['quote']}../{folders[spec]}/{ENTRY_NAME}{match['quote']}"

    return SPECIFIER.sub(replace, source)


def bare_specifiers(source: str) -> list[str]:
    """Specifiers a browser without an import map cannot load (for the final check and the tests)."""
    return [m["spec"] for m in SPECIFIER.finditer(source) if not m["spec"].startswith(("./", "../"))]


def editor_files(cache_dir: Path, project_root: Path) -> dict[str, bytes]:
    """Every vendored file by site path (``vendor/codemirror/<dir>/index.js`` and ``LICENSE``).

    The files join the rendered ones in the assets folder, so they are hashed into its name and the build's
    version, and served and cached like every other module of the site.
    """
    pins = read_pins(project_root)
    tarballs = ensure_tarballs(pins, cache_dir)
    folders = {pin.name: pin.dir_name for pin in pins}
    files: dict[str, bytes] = {}
    for pin in pins:
        source, licence = unpack(pin, tarballs[pin.name])
        module = rewrite_specifiers(source, pin, folders)
        if left := bare_specifiers(module):
            raise VendorError(f"{pin.name}@{pin.version}: bare specifiers left after rewriting: {left}")
        files[f"{VENDOR_DIR}/{pin.dir_name}/{ENTRY_NAME}"] = module.encode("utf-8")
        files[f"{VENDOR_DIR}/{pin.dir_name}/LICENSE"] = licence
    return files


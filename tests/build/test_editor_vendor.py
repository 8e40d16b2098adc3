"""CodeMirror vendored for the lab's editor (builder/editor_vendor.py): the pinned packages from
package-lock.json, verified, shipped as plain ES modules that import each other by relative path."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path

import pytest

from builder import editor_vendor
from builder.assets import asset, written
from builder.editor_vendor import EDITOR_PACKAGES, SPECIFIER, VENDOR_DIR, Pin, bare_specifiers, read_pins
from builder.manifest import MANIFEST_NAME, build_manifest
from builder.modules import module_closure
from builder.problems import VendorError

from .conftest import PROJECT


@pytest.fixture(scope="module")
def dist(built_site: Path) -> Path:
    """The session's build: the editor's modules are the same whatever the course (a build of its own cost each
    worker that ran these tests half a minute in a fresh clone)."""
    return built_site


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return editor_vendor.editor_files(PROJECT / ".cache", PROJECT)


def vendored_modules(dist: Path) -> dict[str, str]:
    return {p.relative_to(dist).as_posix(): p.read_text(encoding="utf-8") for p in (dist / written(dist, VENDOR_DIR)).glob("*/index.js")}


def test_every_package_is_shipped_as_its_entry_and_licence(dist: Path) -> None:
    folders = sorted(p.name for p in (dist / written(dist, VENDOR_DIR)).iterdir())
    assert folders == sorted(pin.dir_name for pin in read_pins(PROJECT))
    for folder in folders:
        assert sorted(p.name for p in (dist / written(dist, VENDOR_DIR) / folder).iterdir()) == ["LICENSE", "index.js"]
        assert "MIT" in (dist / written(dist, VENDOR_DIR) / folder / "LICENSE").read_text(encoding="utf-8")


def test_no_bare_specifier_is_left_and_every_import_is_a_vendored_file(dist: Path) -> None:
    modules = vendored_modules(dist)
    imports = 0
    for path, text in modules.items():
        assert bare_specifiers(text) == [], path
        for match in SPECIFIER.finditer(text):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), match["spec"]))
            assert target in modules, f"{path} imports {match['spec']}"
            imports += 1
    assert imports > 20  # the pattern does find the imports


def test_the_editor_imports_every_vendored_module_and_nothing_else(dist: Path) -> None:
    shipped = {p.relative_to(dist).as_posix(): p.read_bytes() for p in (dist / written(dist, asset(""))).rglob("*.js")}
    closure = module_closure(shipped, written(dist, asset("js/lab/editor.js")))
    assert sorted(closure) == sorted(vendored_modules(dist))  # no dead weight, nothing missing


def test_the_modules_are_part_of_the_build_version(dist: Path) -> None:
    manifest = json.loads((dist / MANIFEST_NAME).read_text(encoding="utf-8"))
    shipped = {p.relative_to(dist).as_posix(): p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    rendered = {path: data for path, data in shipped.items() if not path.startswith(("pyodide/", "py/"))}
    touched = {**rendered, f"{written(dist, VENDOR_DIR)}/crelt/index.js": b"changed"}
    assert build_manifest(touched, manifest["runtime"])["version"] != manifest["version"]
    assert not any(path.startswith(written(dist, asset(""))) for path in manifest["runtime"])  # with the modules, not the runtime


def test_versions_are_package_lock_s_and_exact_devdependencies() -> None:
    lock = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    declared = json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    pins = read_pins(PROJECT)
    assert [pin.name for pin in pins] == list(EDITOR_PACKAGES)
    for pin in pins:
        entry = lock["packages"][f"node_modules/{pin.name}"]
        assert (pin.version, pin.integrity) == (entry["version"], entry["integrity"])
        assert declared[pin.name] == pin.version and re.fullmatch(r"\d+\.\d+\.\d+", pin.version)


def test_a_cached_build_needs_no_npm(files: dict[str, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    assert editor_vendor.editor_files(PROJECT / ".cache", PROJECT) == files


def copy_cache(tmp_path: Path) -> Path:
    """The pinned tarballs only: another worker's build may be filling the shared cache's temporary folder."""
    cache = tmp_path / "cache"
    folder = cache / editor_vendor.CACHE_FOLDER
    folder.mkdir(parents=True)
    for pin in read_pins(PROJECT):
        shutil.copy2(PROJECT / ".cache" / editor_vendor.CACHE_FOLDER / pin.tarball, folder / pin.tarball)
    return cache


def test_a_tampered_cached_tarball_fails_the_build(files: dict[str, bytes], tmp_path: Path) -> None:
    cache = copy_cache(tmp_path)
    crelt = next(pin for pin in read_pins(PROJECT) if pin.name == "crelt")
    tarball = cache / editor_vendor.CACHE_FOLDER / crelt.tarball
    data = bytearray(tarball.read_bytes())
    data[-1] ^= 1
    tarball.write_bytes(bytes(data))
    with pytest.raises(VendorError, match=rf"integrity mismatch for crelt@{crelt.version} .*{crelt.integrity}"):
        editor_vendor.editor_files(cache, PROJECT)


def test_a_wrong_download_never_enters_the_cache(files: dict[str, bytes], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cache = copy_cache(tmp_path)
    crelt = next(pin for pin in read_pins(PROJECT) if pin.name == "crelt")
    (cache / editor_vendor.CACHE_FOLDER / crelt.tarball).unlink()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # an npm that writes a tarball of the right name and the wrong bytes (a proxy's error page, say)
    fake_npm = bin_dir / "npm"
    fake_npm.write_text(f'#!/bin/sh\nwhile [ "$1" != --pack-destination ]; do shift; done\necho bad > "$2/{crelt.tarball}"\n')
    fake_npm.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    with pytest.raises(VendorError, match="integrity mismatch for crelt"):
        editor_vendor.editor_files(cache, PROJECT)
    assert not (cache / editor_vendor.CACHE_FOLDER / crelt.tarball).exists()


def test_an_import_of_an_unvendored_package_fails_the_build() -> None:
    pin = Pin("@codemirror/view", "6.0.0", "")
    with pytest.raises(VendorError, match=r"imports 'style-mod', which is not vendored: add it to"):
        editor_vendor.rewrite_specifiers("import { StyleModule } from 'style-mod';\n", pin, {})
    with pytest.raises(VendorError, match=r"imports './chunk.js', which is not vendored"):
        editor_vendor.rewrite_specifiers("export * from './chunk.js';\n", pin, {})


def test_every_import_form_is_rewritten() -> None:
    source = ("import { a } from '@x/a';\nimport * as b from \"b\";\nexport { c } from '@x/a';\nimport 'b';\n"
              "const lazy = () => import('b');\nimport {\n  d,\n  e\n} from 'b';\n")
    out = editor_vendor.rewrite_specifiers(source, Pin("p", "1.0.0", ""), {"@x/a": "x-a", "b": "b"})
    assert bare_specifiers(out) == []
    assert out.count("'../x-a/index.js'") == 2 and out.count("../b/index.js") == 4


def test_the_lock_must_pin_each_package_exactly(tmp_path: Path) -> None:
    lock = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    lock["packages"][""]["devDependencies"]["crelt"] = "^1.0.0"
    (tmp_path / "package-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    with pytest.raises(VendorError, match=r"crelt must be an exact-pinned devDependency"):
        read_pins(tmp_path)
    with pytest.raises(VendorError, match=r"left-pad is not in package-lock.json .*`npm install --save-dev --save-exact"):
        read_pins(tmp_path, ("left-pad",))

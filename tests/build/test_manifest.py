"""The build's manifest (builder/manifest.py) and the recommended response headers (builder/headers.py):
a version that changes with any file, the runtime's sizes and hashes as written, the version stamped into
the pages and the service worker, dist/_headers and docs/hosting.md equal to the rules, and the dev server
sending them."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from markupsafe import escape

import builder
from builder import Paths
from builder.assets import FOLDER as ASSETS
from builder.assets import asset, written
from builder.csp import CSP, with_inline_script
from builder.headers import EMBED_CSP, IMMUTABLE, headers_for, immutable_folders, netlify_headers, nginx_example, page_csp, rules
from builder.manifest import (
    MANIFEST_NAME,
    PAGE_PLACEHOLDER,
    SW_PLACEHOLDER,
    build_manifest,
    runtime_file,
    runtime_files,
    stamp,
)
from builder.model import NOT_FOUND_SCRIPT
from builder.serve import served
from builder.vendor import SHIPPED_WASM

from .conftest import FIXTURE, PROJECT

#: the rules of this project's site: its 404 page runs static/js/not-found.js
SCRIPT = (Paths().static / NOT_FOUND_SCRIPT).read_text(encoding="utf-8")
RULES = rules(SCRIPT)
PAGE_CSP = page_csp(SCRIPT)
RUNTIME = {"pyodide/1/pyodide.asm.wasm": runtime_file(b"\0asm"), "py/x.whl": runtime_file(b"PK")}
FILES = {"sw.js": b"const BUILD = /* build-manifest */ null;", "ru/index.html": b'<html data-build="__NARDY_BUILD__">',
         "static/js/app.js": b"main();"}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("manifest") / "dist"
    builder.build(out, Paths(lessons=FIXTURE))
    return out


def read_manifest(dist: Path) -> dict[str, object]:
    return dict(json.loads((dist / MANIFEST_NAME).read_text(encoding="utf-8")))


# --- the pure functions ------------------------------------------------------------------------------

def test_the_version_is_a_pure_function_of_every_file_and_runtime_file() -> None:
    first = build_manifest(FILES, RUNTIME)
    assert first == build_manifest(dict(reversed(list(FILES.items()))), RUNTIME)
    assert re.fullmatch(r"[0-9a-f]{12}", first["version"])
    changed = [
        build_manifest({**FILES, "static/js/app.js": b"main(); "}, RUNTIME),
        build_manifest({**FILES, "ru/new.html": b""}, RUNTIME),
        build_manifest(FILES, {**RUNTIME, "py/x.whl": runtime_file(b"PK!")}),
        build_manifest(FILES, {k: v for k, v in RUNTIME.items() if k != "py/x.whl"}),
    ]
    assert len({first["version"], *(m["version"] for m in changed)}) == 1 + len(changed)
    assert first["runtime"] == RUNTIME


def test_stamp_writes_the_version_into_pages_and_the_whole_manifest_into_sw_js() -> None:
    manifest = build_manifest(FILES, RUNTIME)
    files = stamp(FILES, manifest)
    assert files["ru/index.html"] == f'<html data-build="{manifest["version"]}">'.encode()
    literal = files["sw.js"].decode().removeprefix("const BUILD = ").removesuffix(";")
    assert json.loads(literal) == manifest
    assert json.loads(files[MANIFEST_NAME]) == manifest
    assert files["static/js/app.js"] == FILES["static/js/app.js"]
    assert FILES["sw.js"].count(SW_PLACEHOLDER) == 1  # the input is not changed


def test_runtime_files_are_read_from_the_staging_folder(tmp_path: Path) -> None:
    (tmp_path / "pyodide" / "9").mkdir(parents=True)
    (tmp_path / "pyodide" / "9" / "a.wasm").write_bytes(b"wasm")
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "w.whl").write_bytes(b"wheel")
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "x.js").write_bytes(b"not runtime")
    assert runtime_files(tmp_path) == {
        "pyodide/9/a.wasm": {"size": 4, "sha256": hashlib.sha256(b"wasm").hexdigest()},
        "py/w.whl": {"size": 5, "sha256": hashlib.sha256(b"wheel").hexdigest()},
    }


# --- the written build -------------------------------------------------------------------------------

def test_the_manifest_describes_the_runtime_as_written(dist: Path) -> None:
    manifest = read_manifest(dist)
    runtime = manifest["runtime"]
    assert isinstance(runtime, dict)
    on_disk = sorted(p.relative_to(dist).as_posix() for folder in ("pyodide", "py") for p in (dist / folder).rglob("*") if p.is_file())
    assert sorted(runtime) == on_disk
    assert any(path.endswith(SHIPPED_WASM) for path in runtime)
    for path, entry in runtime.items():
        data = (dist / path).read_bytes()
        assert entry == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}, path


def test_every_page_built_from_base_carries_the_version(dist: Path) -> None:
    version = read_manifest(dist)["version"]
    pages = [p for p in dist.rglob("*.html") if b"data-pyodide=" in p.read_bytes()]  # every page of base.html
    assert len(pages) > 5
    for page in pages:
        assert f'data-build="{version}"' in page.read_text(encoding="utf-8"), page
    for path in dist.rglob("*"):
        if path.is_file() and path.suffix in {".html", ".js", ".json"}:
            assert PAGE_PLACEHOLDER not in path.read_bytes(), path


def test_the_manifest_names_the_folders_that_never_change(dist: Path) -> None:
    """The service worker answers these from its cache first: the host's immutable folders, and only those."""
    immutable = read_manifest(dist)["immutable"]
    assert immutable == immutable_folders() and {"pyodide/", f"{ASSETS}/", "answers/", "replays/"} == set(immutable)
    for folder in immutable:
        assert dict(headers_for(RULES, f"/{folder}x"))["Cache-Control"] == IMMUTABLE, folder


def test_the_service_worker_carries_the_manifest(dist: Path) -> None:
    text = (dist / "sw.js").read_text(encoding="utf-8")
    assert SW_PLACEHOLDER.decode() not in text
    match = re.search(r"^const BUILD = /\*\* @type \{Build \| null\} \*/ \((\{.*\})\);$", text, re.MULTILINE)
    assert match, "sw.js: the BUILD line"
    assert json.loads(match.group(1)) == read_manifest(dist)


def test_a_new_build_of_other_content_has_another_version(dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(PROJECT / "site", site)
    (site / "static" / "css" / "site.css").write_text("/* changed */\n", encoding="utf-8")
    other = tmp_path / "dist"
    builder.build(other, Paths(lessons=FIXTURE, site=site))
    assert read_manifest(other)["version"] != read_manifest(dist)["version"]
    assert read_manifest(other)["runtime"] == read_manifest(dist)["runtime"]
    # a changed style is a new assets folder: a browser that kept the old one for a year never uses it again
    assert written(other, asset("")) != written(dist, asset(""))
    assert (other / written(other, asset("css/site.css"))).read_text(encoding="utf-8") == "/* changed */\n"


def test_the_assets_folder_keeps_its_name_when_only_lessons_change(dist: Path, tmp_path: Path) -> None:
    """A lesson's new wording is a new build, not new scripts: a returning visitor keeps every module."""
    lessons = tmp_path / "lessons"
    shutil.copytree(FIXTURE, lessons)
    lesson = next((lessons / "long" / "ru").glob("0*.md"))
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\nЕщё один абзац.\n", encoding="utf-8")
    other = tmp_path / "dist"
    builder.build(other, Paths(lessons=lessons))
    assert read_manifest(other)["version"] != read_manifest(dist)["version"]
    assert written(other, asset("")) == written(dist, asset(""))


def test_every_address_a_page_names_is_a_file_of_the_build(dist: Path) -> None:
    """Styles, scripts, preloads and the icon of every page point into the build's own assets folder."""
    folder = written(dist, asset(""))
    for page in dist.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "__NARDY_" not in html, page
        for address in re.findall(r'(?:href|src|data-from-root)="([^"#?:]+\.(?:js|css|svg|json|gz))"', html):
            target = (dist / address) if page.name == "404.html" else (page.parent / address)
            assert target.resolve().is_file(), (page, address)
            if address.endswith((".js", ".css", ".svg")) and "nardy-embed.js" not in address:
                assert folder in address, (page, address)


# --- headers -----------------------------------------------------------------------------------------

def parse_headers_file(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Netlify's _headers format: a path line, then indented `Name: value` lines."""
    blocks: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith((" ", "\t")):
            name, _, value = line.strip().partition(": ")
            blocks[-1][1].append((name, value))
        else:
            blocks.append((line.strip(), []))
    return blocks


def netlify_match(pattern: str, path: str) -> bool:
    return path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern


def url_paths(dist: Path) -> list[str]:
    """The URL path of every served file (a folder's index.html also as the folder)."""
    paths = []
    for path in dist.rglob("*"):
        if path.is_file() and not path.name.startswith("_"):
            rel = path.relative_to(dist).as_posix()
            paths.append("/" + rel)
            if path.name == "index.html":
                paths.append("/" + rel[: -len("index.html")])
    return paths


def test_dist_headers_file_is_the_rules_and_sets_each_header_once_per_path(dist: Path) -> None:
    text = (dist / "_headers").read_text(encoding="utf-8")
    assert text == netlify_headers(RULES)
    blocks = parse_headers_file(text)
    for path in url_paths(dist):
        names = [name for pattern, headers in blocks if netlify_match(pattern, path) for name, _ in headers]
        assert len(names) == len(set(names)), (path, names)  # hosts would join the values
        assert names.count("X-Content-Type-Options") == 1, path
        assert names.count("Cache-Control") == 1, path  # every file is named by one caching rule
        got = {name: value for pattern, headers in blocks if netlify_match(pattern, path) for name, value in headers}
        assert got == dict(headers_for(RULES, path)), path


def test_pages_may_not_be_framed_but_embeds_may_be_framed_anywhere() -> None:
    for path in ("/", "/ru/", "/en/lessons/head/", "/ru/short/puzzles/x/", "/404.html", "/index.html"):
        headers = dict(headers_for(RULES, path))
        assert headers["Content-Security-Policy"] == PAGE_CSP and "frame-ancestors 'none'" in PAGE_CSP, path
        assert headers["X-Frame-Options"] == "DENY"
    embed = dict(headers_for(RULES, "/embed/ru/board-head.html"))
    assert embed["Content-Security-Policy"] == EMBED_CSP == CSP
    assert "frame-ancestors" not in EMBED_CSP and "X-Frame-Options" not in embed
    # the header adds to the pages' <meta> policy: framing refused, and the 404 page's one script by its hash
    # (a host answers a missing /ru/… with 404.html under these headers); nothing else is loosened
    assert re.sub(r" 'sha256-[A-Za-z0-9+/=]+'", "", PAGE_CSP, count=1) == f"{CSP}; frame-ancestors 'none'"
    assert "'unsafe-inline'" not in PAGE_CSP


def test_only_what_is_named_by_its_version_or_content_is_immutable() -> None:
    for path in (f"/pyodide/314.0.7/{SHIPPED_WASM}", f"/{ASSETS}/0123456789ab/js/app.js", f"/{ASSETS}/0123456789ab/i18n/ru.json",
                 "/answers/0123456789abcdef.json.gz", "/replays/0123456789abcdef.json"):
        assert dict(headers_for(RULES, path))["Cache-Control"] == IMMUTABLE, path
    # the embed script's address is in other sites' pages, the wheel's name carries only the core's version
    for path in ("/static/js/nardy-embed.js", "/py/nardy_core-0.2.0-py3-none-any.whl",
                 "/sw.js", "/build-manifest.json", "/ru/", "/embed/en/x.html"):
        assert dict(headers_for(RULES, path))["Cache-Control"] == "no-cache", path
    assert dict(headers_for(RULES, "/pyodide/314.0.7/nothing.wasm", 404))["Cache-Control"] == "no-cache"
    assert dict(headers_for(RULES, "/pyodide/314.0.7/nothing.wasm", 404))["X-Content-Type-Options"] == "nosniff"


def test_docs_hosting_shows_the_nginx_example_of_the_rules() -> None:
    doc = (PROJECT / "docs" / "hosting.md").read_text(encoding="utf-8")
    assert nginx_example(RULES) in doc
    for rule in RULES:
        for name, value in rule.headers:
            assert f"{name}: {value}" in netlify_headers(RULES)
            assert value in doc, value


def test_the_dev_server_sends_the_recommended_headers(dist: Path) -> None:
    manifest = read_manifest(dist)
    runtime = manifest["runtime"]
    assert isinstance(runtime, dict)
    wasm = next(path for path in runtime if path.endswith(SHIPPED_WASM))
    embed = next((dist / "embed").rglob("*.html")).relative_to(dist).as_posix()
    with served(dist) as base:
        for path in ("ru/", written(dist, asset("js/app.js")), "static/js/nardy-embed.js", wasm, embed, "sw.js"):
            with urllib.request.urlopen(base + path) as answer:
                got = {name: answer.headers[name] for name, _ in headers_for(RULES, "/" + path)}
            assert got == dict(headers_for(RULES, "/" + path)), path
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "pyodide/none/missing.wasm")
        assert missing.value.headers["Cache-Control"] == "no-cache"
        assert missing.value.headers["X-Content-Type-Options"] == "nosniff"


def test_the_404_page_and_the_headers_carry_the_loaded_script() -> None:
    """The 404 page's script is read with the other sources (``load``), not beside them: a site whose
    not-found.js differs gets that script in its 404 page, and the hash of it in its ``_headers``."""
    source = builder.load(Paths(lessons=FIXTURE))
    other = "/* another site's not-found script */ console.log(1);\n"
    source.static[NOT_FOUND_SCRIPT] = other.encode("utf-8")
    course, _ = builder.validate(source)
    site = builder.render(course, source)
    page = site.files["404.html"].decode("utf-8")
    assert f"<script>{other}</script>" in page
    assert f'content="{escape(with_inline_script(CSP, other))}"' in page
    headers = site.host["_headers"].decode("utf-8")
    assert headers == netlify_headers(rules(other)) and page_csp(other) in headers and PAGE_CSP not in headers

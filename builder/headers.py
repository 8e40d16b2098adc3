"""Recommended HTTP response headers: one list of rules, three renderings.

    rules(not_found_script)         the rules of a site whose 404 page runs that script
    headers_for(rules, path, status) what the dev server (builder/serve.py) sends
    netlify_headers(rules)          dist/_headers for Netlify- and Cloudflare-Pages-style hosts
    nginx_example(rules)            the nginx example of docs/hosting.md (a test keeps the page equal to it)

The rules: every answer ``X-Content-Type-Options: nosniff``; pages a CSP header that adds
``frame-ancestors 'none'`` to the pages' own CSP (``builder.csp.CSP``, which they also carry as a
``<meta>``; frame-ancestors works only as a header) and ``X-Frame-Options: DENY`` for older browsers; embeds
the same CSP without frame-ancestors (embeddable anywhere); what is named by its version or its content
(the runtime under ``/pyodide/<ver>/``, the assets folder ``/assets/<hash>/`` of ``builder.assets``, the
answer books and the annotated games' positions) cached for a year as immutable; everything else (pages,
the embed script, wheels, sw.js, the manifest) ``no-cache``: stored, but revalidated before each use, so a
redeploy is seen at once.

Every path gets each header from at most one rule: these hosts join the values of overlapping rules
(``no-cache, public, max-age=…`` would be nonsense), so the rules list folders instead of "all but".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .answers import FOLDER as ANSWERS_FOLDER
from .assets import FOLDER as ASSETS_FOLDER
from .csp import CSP, with_inline_script
from .lessons import LANGUAGES
from .replay import FOLDER as REPLAYS_FOLDER

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
EMBED_CSP = CSP
HEADERS_FILE = "_headers"
NOT_FOUND_PAGE = "404.html"


def page_csp(not_found_script: str | None) -> str:
    """The pages' CSP header: their own policy, ``frame-ancestors 'none'``, and the 404 page's script by its
    hash (the host may serve 404.html for any missing page path; every other page's own <meta> CSP still
    refuses it).

    >>> page_csp(None) == f"{CSP}; frame-ancestors 'none'"
    True
    >>> "'sha256-" in page_csp("x")
    True
    """
    own = CSP if not_found_script is None else with_inline_script(CSP, not_found_script)
    return f"{own}; frame-ancestors 'none'"


@dataclass(frozen=True)
class Rule:
    """Headers for some paths: ``/exact`` or ``/folder/*`` (the folder and everything under it)."""

    what: str
    paths: tuple[str, ...]
    headers: tuple[tuple[str, str], ...]
    #: also sent with error answers (security headers); caching headers are not
    always: bool = False

    def matches(self, path: str) -> bool:
        return any(path.startswith(p[:-1]) if p.endswith("*") else path == p for p in self.paths)


PAGES = ("/", "/index.html", "/404.html", *(f"/{lang}/*" for lang in LANGUAGES))
#: how long each path is kept: the same for every site
CACHING: tuple[Rule, ...] = (
    Rule("revalidated before each use", (*PAGES, "/embed/*", "/static/*", "/py/*", "/offline/*", "/sw.js", "/build-manifest.json"),
         (("Cache-Control", REVALIDATE),)),
    Rule("named by version or content", ("/pyodide/*", f"/{ASSETS_FOLDER}/*", f"/{ANSWERS_FOLDER}/*", f"/{REPLAYS_FOLDER}/*"),
         (("Cache-Control", IMMUTABLE),)),
)


def rules(not_found_script: str | None) -> tuple[Rule, ...]:
    """Every rule, for a site whose 404 page runs ``not_found_script`` inline (None: a site without one)."""
    return (
        Rule("every answer", ("/*",), (("X-Content-Type-Options", "nosniff"),), always=True),
        Rule("pages: never in a frame", PAGES, (("Content-Security-Policy", page_csp(not_found_script)), ("X-Frame-Options", "DENY")),
             always=True),
        Rule("embeds: in a frame anywhere", ("/embed/*",), (("Content-Security-Policy", EMBED_CSP),), always=True),
        *CACHING,
    )


def rules_of(folder: Path) -> tuple[Rule, ...]:
    """The rules of the built site in ``folder``, as its 404 page's inline script gives them (the dev server's:
    it serves whatever build is there, asking on every request)."""
    page = folder / NOT_FOUND_PAGE
    try:
        stat = page.stat()
    except OSError:
        return _rules_of_page(page, None)
    return _rules_of_page(page, (stat.st_mtime_ns, stat.st_size, stat.st_ino))


@lru_cache(maxsize=16)
def _rules_of_page(page: Path, version: tuple[int, int, int] | None) -> tuple[Rule, ...]:
    """``rules_of`` for one version of the 404 page (``version``: its modification time, size and inode, so a
    rebuild, which renames a new file in, is read again), or for none."""
    found = re.search(r"<script>(.*?)</script>", page.read_text(encoding="utf-8"), re.S) if version and page.is_file() else None
    return rules(found.group(1) if found else None)


def immutable_folders() -> list[str]:
    """The folders a host keeps for a year unasked, as site paths (the service worker's cache-first ones).

    >>> immutable_folders()
    ['pyodide/', 'assets/', 'answers/', 'replays/']
    """
    return [path[1:-1] for rule in CACHING for path in rule.paths
            if ("Cache-Control", IMMUTABLE) in rule.headers and path.endswith("/*")]


def headers_for(rules: Sequence[Rule], path: str, status: int = 200) -> list[tuple[str, str]]:
    """The headers the ``rules`` give an answer to the URL path ``path`` (no query) with HTTP ``status``.

    An error answer gets the security headers only, and ``no-cache``, as does a path no rule names
    (the dev server revalidates everything; the hosts' files leave those paths to the host).

    >>> site = rules("x")
    >>> dict(headers_for(site, "/pyodide/314.0.7/pyodide.asm.wasm.br"))["Cache-Control"]
    'public, max-age=31536000, immutable'
    >>> dict(headers_for(site, "/pyodide/314.0.7/missing.wasm", 404))["Cache-Control"]
    'no-cache'
    >>> "frame-ancestors" in dict(headers_for(site, "/embed/ru/board-head.html"))["Content-Security-Policy"]
    False
    """
    error = status >= 400
    found = [header for rule in rules if rule.matches(path) and (rule.always or not error) for header in rule.headers]
    if not any(name == "Cache-Control" for name, _ in found):
        found.append(("Cache-Control", REVALIDATE))
    return found


def _by_path(rules: Sequence[Rule]) -> dict[str, list[tuple[str, str, bool]]]:
    """Each path the rules name (but "every answer"), with its headers in rule order: (name, value, always)."""
    found: dict[str, list[tuple[str, str, bool]]] = {}
    for rule in rules:
        if rule.paths == ("/*",):
            continue
        for path in rule.paths:
            found.setdefault(path, []).extend((name, value, rule.always) for name, value in rule.headers)
    return found


def netlify_headers(rules: Sequence[Rule]) -> str:
    """The text of ``dist/_headers`` (Netlify, Cloudflare Pages): one block per path."""
    lines = [
        "# Response headers for Netlify- and Cloudflare-Pages-style hosts, written by the build (builder/headers.py).",
        "# See docs/hosting.md. No header is set by two blocks for one path: these hosts join overlapping values.",
        "/*",
        *(f"  {name}: {value}" for rule in rules if rule.paths == ("/*",) for name, value in rule.headers),
    ]
    for path, headers in _by_path(rules).items():
        lines.append(path)
        lines += [f"  {name}: {value}" for name, value, _ in headers]
    return "\n".join(lines) + "\n"


def _location(path: str) -> str:
    return f"location {path[:-1]}" if path.endswith("*") else f"location = {path}"


def nginx_example(rules: Sequence[Rule], root: str = "/srv/nardy/dist") -> str:
    """An nginx ``server`` block with the same rules (``add_header`` in a location replaces the server's,
    so each location repeats the headers every answer gets)."""
    everywhere = [rule for rule in rules if rule.paths == ("/*",)]
    by_location = {_location(path): headers for path, headers in _by_path(rules).items()}

    def add(name: str, value: str, always: bool) -> str:
        return f'add_header {name} "{value}"{" always" if always else ""};'

    common = [add(name, value, rule.always) for rule in everywhere for name, value in rule.headers]
    lines = [
        "# written by builder/headers.py: keep it equal to the site's own rules (tests/build/test_manifest.py)",
        "server {",
        "    listen 80;",
        "    server_name nardy.example.org;",
        f"    root {root};",
        "    index index.html;",
        "    error_page 404 /404.html;",
        "    # mime.types must map mjs to text/javascript",
        *(f"    {line}" for line in common),
    ]
    for location, headers in by_location.items():
        lines.append(f"    {location} {{")
        lines += [f"        {line}" for line in common]
        lines += [f"        {add(name, value, always)}" for name, value, always in headers]
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def host_files(not_found_script: str) -> dict[str, bytes]:
    """The host configuration files the build writes into ``dist/``, for a site whose 404 page runs
    ``not_found_script`` (as loaded: ``Source.not_found_script``)."""
    return {HEADERS_FILE: netlify_headers(rules(not_found_script)).encode("utf-8")}

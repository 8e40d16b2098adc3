"""What "the whole course, offline" is, per language: ``offline/<lang>.json``, read by the settings page's
«Скачать весь курс для офлайна» (static/js/offline-copy.js, which fetches every file through the service worker,
so that it stores them) and by the offline page (``<lang>/offline/``, which lists what this device holds).

    lists = offline_lists(files, runtime)       {"offline/ru.json": b"…", "offline/en.json": b"…"}

A language's list holds its pages (path and title, in the order a learner meets them: the course, its lessons,
then the puzzles), and the files every page shares: the assets, the answer books, the replays and the runtime.
Embeds (for other people's pages) and the other language's pages are not part of it. Pure over the files.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping

from .answers import FOLDER as ANSWERS_FOLDER
from .assets import FOLDER as ASSETS_FOLDER
from .lessons import LANGUAGES
from .replay import FOLDER as REPLAYS_FOLDER

#: the offline page of a language, and its list: the service worker keeps both from its install on
OFFLINE_PAGE = "{lang}/offline/"
OFFLINE_LIST = "offline/{lang}.json"
SHARED_FOLDERS = (ASSETS_FOLDER, ANSWERS_FOLDER, REPLAYS_FOLDER)
#: files shipped beside what pages load and never loaded by one (the vendored packages' licences): not stored
NOT_LOADED = re.compile(r"/(LICEN[CS]E[^/]*|[^/]+\.(txt|md))$")
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
# the page kinds the offline page groups by, found from the path (builder/pages.py writes them there)
KINDS = (("puzzle", re.compile(r"puzzles/[^/]+/$")), ("lesson", re.compile(r"lessons/[^/]+/$")))


def page_address(path: str) -> str:
    """The address a page is asked for by: its folder, as links name it.

    >>> page_address("ru/lessons/board/index.html"), page_address("ru/index.html")
    ('ru/lessons/board/', 'ru/')
    """
    return path.removesuffix("index.html")


def page_kind(address: str) -> str:
    """``lesson``, ``puzzle`` or ``page``.

    >>> page_kind("ru/short/lessons/opening/"), page_kind("en/puzzles/board-head/"), page_kind("ru/rules/")
    ('lesson', 'puzzle', 'page')
    """
    return next((kind for kind, pattern in KINDS if pattern.search(address)), "page")


def _order(address: str) -> tuple[int, str]:
    return ({"page": 0, "lesson": 1, "puzzle": 2}[page_kind(address)], address)


def offline_list(files: Mapping[str, bytes], runtime: Mapping[str, int], lang: str) -> dict[str, object]:
    """One language's list: ``{"pages": [[address, title, kind], …], "files": [[path, size], …], "bytes": n}``
    (``runtime``: the runtime files' sizes, by site path).

    >>> page = b"<title>Board &amp; points \\xc2\\xb7 Long nardy</title>"
    >>> listed = offline_list({"en/lessons/board/index.html": page, "ru/index.html": page, "assets/a/app.js": b"x",
    ...                        "assets/a/vendor/x/LICENSE": b"MIT"},
    ...                       {"py/core.whl": 5}, "en")
    >>> listed["pages"], listed["files"], listed["bytes"]
    ([['en/lessons/board/', 'Board & points · Long nardy', 'lesson']], [('assets/a/app.js', 1), ('py/core.whl', 5)], 53)
    """
    pages: list[list[str]] = []
    sizes: dict[str, int] = {}
    for path, data in files.items():
        if path.startswith(f"{lang}/") and path.endswith("index.html"):
            found = TITLE.search(data.decode("utf-8", errors="replace"))
            title = " ".join(html.unescape(found.group(1)).split()) if found else path  # with its game: «Доска · Длинные нарды»
            address = page_address(path)
            pages.append([address, title, page_kind(address)])
            sizes[address] = len(data)
        elif path.startswith(tuple(f"{folder}/" for folder in SHARED_FOLDERS)) and not NOT_LOADED.search(path):
            sizes[path] = len(data)
    pages.sort(key=lambda page: _order(page[0]))
    shared = sorted(path for path in sizes if not path.startswith(f"{lang}/"))
    shared += sorted(runtime)
    listed: list[tuple[str, int]] = [(path, sizes[path] if path in sizes else runtime[path]) for path in shared]
    total = sum(sizes[page[0]] for page in pages) + sum(size for _, size in listed)
    return {"pages": pages, "files": listed, "bytes": total}


def offline_lists(files: Mapping[str, bytes], runtime: Mapping[str, int]) -> dict[str, bytes]:
    """Every language's list, as the files to write (``runtime``: the runtime files' sizes, by site path)."""
    return {OFFLINE_LIST.format(lang=lang): json.dumps(offline_list(files, runtime, lang), ensure_ascii=False,
                                                        separators=(",", ":")).encode("utf-8")
            for lang in LANGUAGES}


def offline_entry() -> dict[str, dict[str, str]]:
    """The offline page and list of each language, for the build's manifest (the service worker reads it there).

    >>> offline_entry()["ru"]
    {'page': 'ru/offline/', 'list': 'offline/ru.json'}
    """
    return {lang: {"page": OFFLINE_PAGE.format(lang=lang), "list": OFFLINE_LIST.format(lang=lang)} for lang in LANGUAGES}

"""The page's ES module graph, read from the files the build ships: what ``boot.js`` asks for with
``<link rel="modulepreload">``, so the browser fetches every module of ``app.js`` at once instead of one
import level per round trip (on a phone's 170 ms link, five levels are most of a second)."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping

from .assets import asset

#: ``import … from './x.js'``, ``export … from '../y.js'`` and ``import './z.js'``: static imports only (a
#: dynamic ``import()`` is loaded when it is needed, by whoever needs it)
#: (no parenthesis before the path: ``export function f(/** @type {import('./t.js').T} */ x)`` imports nothing)
STATIC_IMPORT = re.compile(r"""^\s*(?:import(?!\s*\()|export)\b[^'";()]*?(?:\bfrom\s*)?['"](\.{1,2}/[^'"]+)['"]""", re.MULTILINE)
ENTRY = asset("js/app.js")
#: widgets ``app.js`` imports only where a page has one: ``data-widget`` value -> its module
LAZY_WIDGETS = {"free": asset("js/free-board.js"), "replay": asset("js/replay.js")}


def module_closure(files: Mapping[str, bytes], entry: str = ENTRY) -> list[str]:
    """Every module ``entry`` imports, directly or not, as site paths in the order they are found.

    >>> files = {"js/a.js": b"import { b } from './b.js';\\nexport * from './c/d.js';",
    ...          "js/b.js": b"import './a.js'; const x = await import('./lazy.js');\\n  import('./lazy2.js');",
    ...          "js/c/d.js": b"export { b } from '../b.js';"}
    >>> module_closure(files, "js/a.js")
    ['js/b.js', 'js/c/d.js']

    A type in a JSDoc comment is not an import:

    >>> module_closure({"js/a.js": b"export function f(/** @type {import('./t.js').T} */ x) {}"}, "js/a.js")
    []
    """
    found: list[str] = []
    seen = {entry}
    pending = [entry]
    while pending:
        current = pending.pop(0)
        text = files.get(current, b"").decode("utf-8")
        for relative in STATIC_IMPORT.findall(text):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(current), relative))
            if path not in seen:
                seen.add(path)
                found.append(path)
                pending.append(path)
    return found


def preload_links(modules: list[str], root: str) -> str:
    """``<link rel="modulepreload">`` lines for ``modules`` (site paths, :func:`module_closure`), for the head
    of a long page.

    There the browser's preload scanner asks for them with the HTML's first requests, while ``boot.js`` would
    run only once the page's first long parse is over (on a phone's slowed CPU, half a second later). Short
    pages keep the list in ``boot.js`` alone: the lines cost 1.5 KB a page.

    >>> print(preload_links(["assets/__NARDY_ASSETS__/js/i18n.js"], "../"))
    <link rel="modulepreload" href="../assets/__NARDY_ASSETS__/js/i18n.js">
    """
    return "".join(f'<link rel="modulepreload" href="{root}{path}">' for path in modules)


def lazy_widget_modules(files: Mapping[str, bytes], entry: str = ENTRY,
                        widgets: Mapping[str, str] = LAZY_WIDGETS) -> dict[str, list[str]]:
    """Each lazily imported widget's modules beyond what ``entry`` imports anyway, by ``data-widget`` value:
    read once per build; a page that holds the widget preloads them (:func:`widget_modules`).

    >>> files = {"js/app.js": b"import './i18n.js';", "js/free.js": b"import './i18n.js';\\nimport './form.js';"}
    >>> lazy_widget_modules(files, "js/app.js", {"free": "js/free.js"})
    {'free': ['js/free.js', 'js/form.js']}
    """
    common = set(module_closure(files, entry))
    return {kind: [path for path in [module, *module_closure(files, module)] if path not in common]
            for kind, module in widgets.items()}


def widget_modules(html: str, by_widget: Mapping[str, list[str]]) -> list[str]:
    """The modules of the lazy widgets ``html`` holds (``by_widget``: :func:`lazy_widget_modules`), each once:
    the page preloads them with the rest, rather than fetch them one import level at a time once app.js runs.

    >>> widget_modules('<div data-widget="free">', {"free": ["js/free.js", "js/form.js"], "replay": ["js/r.js"]})
    ['js/free.js', 'js/form.js']
    """
    found: list[str] = []
    for kind, modules in by_widget.items():
        if f'data-widget="{kind}"' in html:
            found += [path for path in modules if path not in found]
    return found


BOOT = asset("js/boot.js")
#: where ``boot.js`` receives the module list (a JSON array of paths from its own folder)
BOOT_PLACEHOLDER = b"/* app-modules */ []"


def with_module_list(files: Mapping[str, bytes], entry: str = ENTRY, boot: str = BOOT) -> bytes:
    """``boot.js`` with the modules ``entry`` imports written in, as paths from ``boot.js``'s folder, breadth
    first: what ``entry`` imports itself comes first, so it is fetched first.

    >>> files = {"js/boot.js": b"const M = (/* app-modules */ []);", "js/app.js": b"import './board/view.js';",
    ...          "js/board/view.js": b"import '../i18n.js';", "js/i18n.js": b""}
    >>> with_module_list(files, "js/app.js", "js/boot.js").decode()
    'const M = (["board/view.js","i18n.js"]);'
    """
    source = files[boot]
    if BOOT_PLACEHOLDER not in source:
        raise ValueError(f"{boot} has no {BOOT_PLACEHOLDER.decode()} for the module list")
    folder = posixpath.dirname(boot)
    paths = [posixpath.relpath(path, folder) for path in module_closure(files, entry)]
    return source.replace(BOOT_PLACEHOLDER, json.dumps(paths, separators=(",", ":")).encode("utf-8"))

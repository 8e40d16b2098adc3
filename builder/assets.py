"""Where the site's own scripts, styles, icon and UI catalogs are served: one folder named by their content,
``assets/<12 hex>/``, so a host lets browsers keep them a year without asking again (``builder/headers.py``).

Until the files are known the build writes the folder as ``assets/__NARDY_ASSETS__/`` (:data:`ASSETS`),
in the files' paths and in the pages that name them; :func:`place` then names it by a hash of every file in
it and writes that name into the pages. A module names the others by relative paths, so nothing but the
pages changes. An unchanged build keeps the folder's name; any change to any of its files gives a new one,
which is why a browser never needs to ask whether a copy it holds is still the right one:

* the second embed on a blog page takes every module from the first one's answers, instead of asking again
  for each (over HTTP/1.1, six at a time on a phone's link: 0.6 s);
* a returning visitor's service worker answers them from its cache without a round trip.

Two files keep addresses that other sites hold (:data:`STABLE`): the embed script (``<script
src=".../static/js/nardy-embed.js">`` in a site owner's page) and the service worker at the root.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

FOLDER = "assets"
PLACEHOLDER = "__NARDY_ASSETS__"
#: the folder as the build writes it until :func:`place` names it
ASSETS = f"{FOLDER}/{PLACEHOLDER}/"
#: files of site/static/ that keep their address from build to build, by their path there
STABLE = {
    "js/nardy-embed.js": "static/js/nardy-embed.js",  # in other sites' pages; finds the site from its own URL
    "sw.js": "sw.js",  # at the site root, so that its scope covers every page
}
NAME_LENGTH = 12


def asset(relative: str) -> str:
    """The site path of a file of the assets folder, as the build writes it until :func:`place`.

    >>> asset("js/app.js")
    'assets/__NARDY_ASSETS__/js/app.js'
    """
    return ASSETS + relative


def static_path(relative: str) -> str:
    """Where a file of ``site/static/`` is served: its stable address, or in the assets folder.

    >>> static_path("js/nardy-embed.js"), static_path("css/site.css")
    ('static/js/nardy-embed.js', 'assets/__NARDY_ASSETS__/css/site.css')
    """
    return STABLE.get(relative, asset(relative))


def named_by_content(folder: str, data: bytes, suffix: str) -> str:
    """The site path of a file named by its content (an answer book, a replay's positions), which a host may
    therefore let browsers keep for good (builder/headers.py).

    >>> named_by_content("replays", b"[]", ".json")
    'replays/4f53cda18c2baa0c.json'
    """
    return f"{folder}/{hashlib.sha256(data).hexdigest()[:16]}{suffix}"


def folder_name(files: Mapping[str, bytes]) -> str:
    """The folder's name: a hash of the path and content of every file in it (nothing else counts).

    >>> a = folder_name({asset("js/a.js"): b"1", "ru/index.html": b"x"})
    >>> a == folder_name({asset("js/a.js"): b"1", "ru/index.html": b"y"}), a == folder_name({asset("js/a.js"): b"2"})
    (True, False)
    >>> len(a)
    12
    """
    digest = hashlib.sha256()
    for path in sorted(files):
        if path.startswith(ASSETS):
            digest.update(f"{path[len(ASSETS):]}\0{hashlib.sha256(files[path]).hexdigest()}\n".encode())
    return digest.hexdigest()[:NAME_LENGTH]


def place(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """The files with the assets folder named (:func:`folder_name`) in their paths and in every file that
    names it (the pages); a new dict.

    >>> placed = place({asset("js/a.js"): b"a()", "index.html": b'<script src="assets/__NARDY_ASSETS__/js/a.js">'})
    >>> name = folder_name({asset("js/a.js"): b"a()"})
    >>> sorted(placed) == ["assets/" + name + "/js/a.js", "index.html"]
    True
    >>> placed["index.html"] == f'<script src="assets/{name}/js/a.js">'.encode()
    True
    """
    name = folder_name(files)
    placeholder, named = PLACEHOLDER.encode("ascii"), name.encode("ascii")
    return {path.replace(ASSETS, f"{FOLDER}/{name}/", 1) if path.startswith(ASSETS) else path:
            data.replace(placeholder, named) if placeholder in data else data
            for path, data in files.items()}


def written(dist: Path, path: str) -> str:
    """A path of :func:`asset` (or any site path) as a written build ``dist`` serves it (for tests and benches).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (Path(folder) / "assets" / "0123456789ab").mkdir(parents=True)
    ...     written(Path(folder), asset("js/app.js")), written(Path(folder), "sw.js")
    ('assets/0123456789ab/js/app.js', 'sw.js')
    """
    if not path.startswith(ASSETS):
        return path
    names = [entry.name for entry in (dist / FOLDER).iterdir() if entry.is_dir()]
    if len(names) != 1:
        raise ValueError(f"{dist / FOLDER} holds {len(names)} folders, not one")
    return f"{FOLDER}/{names[0]}/{path[len(ASSETS):]}"

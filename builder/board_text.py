"""Board texts (accessible names, captions, status lines) from the one definition in the page's JavaScript.

``site/static/js/board/text.js`` composes every text a board shows or speaks. The live board calls it in
the browser; the build calls the same module under Node.js (``board_text.mjs``), once for all the boards of
the build, so the static SVG and the live board can never disagree.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from .atomic import prune, write_atomically
from .board_geometry import geometry_json
from .model import Paths
from .problems import BuildError, ContentError, Problem

SCRIPT = Path(__file__).resolve().with_name("board_text.mjs")
TIMEOUT_SECONDS = 300
KEPT = 32  #: board texts kept in the cache, the newest (tests compose boards of their own courses)


def describe_boards(
    requests: Sequence[Mapping[str, Any]], catalogs: Mapping[str, Mapping[str, Any]], static: Path = Paths().static,
    cache: Path | None = None,
) -> list[dict[str, Any]]:
    """The texts of every board in ``requests`` (``{lang, model, view}`` each), in the same order, composed by
    ``js/board/text.js`` of the site's ``static`` folder (the build's, as loaded). A script that fails is a
    problem at its file and line (:func:`node_problem`). With a ``cache`` folder, the texts of the same requests,
    catalogs and scripts are read from there instead of running node again (a rebuild that changed no board)."""
    if not requests:
        return []
    payload = json.dumps({"catalogs": catalogs, "geometry": geometry_json(), "boards": list(requests)}, ensure_ascii=False)
    kept = _kept_texts(cache, payload, static)
    if kept is not None:
        try:
            known = json.loads(kept.read_bytes())
            if isinstance(known, list) and len(known) == len(requests):
                return known
        except (OSError, ValueError):
            pass  # unreadable: composed again
    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: the build composes board texts with Node.js (install nodejs, e.g. apt-get install nodejs)")
    try:
        done = subprocess.run(
            [node, str(SCRIPT), str(static)], input=payload.encode("utf-8"), capture_output=True, timeout=TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BuildError(f"node could not compose the board texts: {exc}") from None
    if done.returncode != 0:
        stderr = done.stderr.decode("utf-8", "replace")
        problem = node_problem(stderr)
        if problem is not None:
            raise ContentError([problem])
        raise BuildError("node failed composing the board texts: " + " | ".join(stderr.strip().splitlines()[-5:]))
    texts: list[dict[str, Any]] = json.loads(done.stdout.decode("utf-8"))
    if kept is not None:
        try:  # a cache that cannot be written only makes the next build slower
            write_atomically(kept, done.stdout)
            prune(kept.parent, "board-texts-*.json", KEPT)
        except OSError:
            pass
    return texts


def _kept_texts(cache: Path | None, payload: str, static: Path) -> Path | None:
    """Where the texts of ``payload`` are kept in ``cache``: named by the payload and every script node runs."""
    if cache is None:
        return None
    digest = hashlib.sha256(payload.encode("utf-8") + SCRIPT.read_bytes())
    for path in sorted((static / "js").rglob("*.js")):
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return cache / f"board-texts-{digest.hexdigest()[:24]}.json"


def node_problem(stderr: str) -> Problem | None:
    """Where node's uncaught error happened, from its report (the script's own line first, then the error),
    as a problem at that file and line; None when the report names no file.

    >>> problem = node_problem("file:///p/site/static/js/board/text.js:42\\n  x.y;\\n  ^\\n\\nTypeError: x is undefined\\n    at f")
    >>> problem.path.as_posix(), problem.line, problem.message
    ('/p/site/static/js/board/text.js', 42, 'node failed composing the board texts: TypeError: x is undefined')
    >>> node_problem("node: bad option: --nope") is None
    True
    """
    lines = stderr.strip().splitlines()
    where = re.fullmatch(r"(file://\S+):(\d+)", lines[0].strip()) if lines else None
    if where is None:
        return None
    error = next((line.strip() for line in lines[1:] if re.match(r"[A-Za-z]*(Error|Exception)\b.*:", line)), lines[-1].strip())
    path = Path(unquote(urlparse(where.group(1)).path))
    return Problem(path, int(where.group(2)), f"node failed composing the board texts: {error}")

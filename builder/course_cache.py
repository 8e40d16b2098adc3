"""The judged courses of the last build, kept by everything judging them depends on.

Judging the courses (``builder.validate``: every puzzle's moves, counts and proofs checked with nardy_core) is a
third of a build that changes nothing. What it depends on is known exactly: the files under the lessons folder,
the code of the builder and of nardy_core (with the networks' weights) and the engine's figures in the proof
book. Their digest names a pickle of the result in the build cache; any change to any of them names another
file, and the courses are judged again. A file that cannot be read, or holds anything else, is ignored.

``python -m builder prove`` never reads it: it must see which decisions the course asks about.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path

import nardy_core
from nardy_core import Game

from .atomic import prune, write_atomically
from .model import Source
from .problems import Problem
from .validate import CourseData

VERSION = 1  #: of what is kept: a change here names every earlier file stale
BUILDER = Path(__file__).resolve().parent
CORE = Path(nardy_core.__file__).resolve().parent

Judged = tuple[dict[Game, CourseData], list[Problem]]


def _files(folder: Path, pattern: str = "*") -> list[Path]:
    return sorted(path for path in folder.rglob(pattern) if path.is_file() and "__pycache__" not in path.parts)


def digest(source: Source) -> str:
    """What judging ``source``'s courses depends on, as a short hex digest."""
    h = hashlib.sha256(f"{VERSION}\0{source.paths.lessons.resolve()}\0".encode())
    for root, files in ((source.paths.lessons, _files(source.paths.lessons)), (BUILDER, _files(BUILDER, "*.py")),
                        (CORE, _files(CORE))):
        for path in files:
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(json.dumps(source.proofs.entries, sort_keys=True).encode())
    return h.hexdigest()[:24]


def _path(cache: Path, key: str) -> Path:
    return cache / f"judged-{key}.pickle"


def read(cache: Path, key: str) -> Judged | None:
    """The courses judged under ``key`` and their problems, or None."""
    try:
        value = pickle.loads(_path(cache, key).read_bytes())
    except Exception:  # missing, truncated, or written by other code: judged again
        return None
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], dict) and isinstance(value[1], list)):
        return None
    return value[0], value[1]


KEPT = 32  #: how many judged courses the cache keeps, the newest (tests judge courses of their own beside the site's)


def write(cache: Path, key: str, judged: Judged) -> None:
    """Keep ``judged`` under ``key``; of the earlier ones only the newest :data:`KEPT` stay."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_atomically(_path(cache, key), pickle.dumps(judged, protocol=pickle.HIGHEST_PROTOCOL))
        prune(cache, "judged-*.pickle", KEPT)
    except OSError:  # a cache that cannot be written only makes the next build slower
        pass

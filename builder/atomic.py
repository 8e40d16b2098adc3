"""Files written whole or not at all, by any number of builds at once.

The build caches (`.cache/`: compressed runtime files, compiled Python, answer books) are shared by every
build of a checkout, and the test suite runs several builds at the same time (its workers' fixtures). A file
is therefore written under a name of its own writer's (the process and a random part) and renamed into place:
a reader never sees half a file, and two writers of the same file both succeed (the last rename wins, with
the same bytes). An entry that costs seconds to make (the runtime's brotli, the compiled library) is made under
its lock (:func:`making`): a second build that needs it meanwhile waits and reads it instead of making it too.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: builds at once each make what they lack, as before
    fcntl = None  # type: ignore[assignment]


def staging_path(path: Path) -> Path:
    """A temporary name beside ``path`` that no other writer uses."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a staging file of this writer's own, then rename it into place."""
    staging = staging_path(path)
    try:
        staging.write_bytes(data)
        os.replace(staging, path)
    finally:
        staging.unlink(missing_ok=True)


@contextmanager
def making(path: Path) -> Iterator[None]:
    """Hold the lock of the cache entry ``path`` (``<name>.lock`` beside it) while it is looked up and, if missing, made
    and written: builds at once (the test suite's workers on a fresh clone) make an entry once, not each.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder, making(Path(folder) / "entry"):
    ...     (Path(folder) / "entry").is_file()
    False
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.with_name(f"{path.name}.lock").open("w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def made_once(path: Path, make: Callable[[], bytes], usable: Callable[[bytes], bool]) -> bytes:
    """The cache entry ``path``: its bytes if they are ``usable``, else ``make()``'s, written there; under the
    entry's lock (:func:`making`), so that builds at once make it once.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     entry = Path(folder) / "entry"
    ...     made_once(entry, lambda: b"new", lambda kept: True), made_once(entry, lambda: b"newer", lambda kept: True)
    (b'new', b'new')
    """
    with making(path):
        if path.is_file():
            kept = path.read_bytes()
            if usable(kept):
                return kept
        made = make()
        write_atomically(path, made)
    return made


def prune(cache: Path, pattern: str, kept: int) -> None:
    """Remove all but the newest ``kept`` files of ``pattern`` in ``cache`` (one another build removed meanwhile
    is no error): a cache keyed by content grows with every change, and only the recent entries match again."""
    def age(path: Path) -> float:
        try:
            return -path.stat().st_mtime
        except OSError:
            return 0.0
    for old in sorted(cache.glob(pattern), key=age)[kept:]:
        old.unlink(missing_ok=True)

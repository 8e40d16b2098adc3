"""Files written whole or not at all, by any number of builds at once.

The build caches (`.cache/`: compressed runtime files, compiled Python, answer books) are shared by every
build of a checkout, and the test suite runs several builds at the same time (its workers' fixtures). A file
is therefore written under a name of its own writer's (the process and a random part) and renamed into place:
a reader never sees half a file, and two writers of the same file both succeed (the last rename wins, with
the same bytes).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


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

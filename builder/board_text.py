"""Board texts (accessible names, captions, status lines) from the one definition in the page's JavaScript.

``site/static/js/board/text.js`` composes every text a board shows or speaks. The live board calls it in
the browser; the build calls the same module under Node.js (``board_text.mjs``), once for all the boards of
the build, so the static SVG and the live board can never disagree.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .board_geometry import geometry_json
from .problems import BuildError

SCRIPT = Path(__file__).resolve().with_name("board_text.mjs")
TIMEOUT_SECONDS = 300


def describe_boards(
    requests: Sequence[Mapping[str, Any]], catalogs: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The texts of every board in ``requests`` (``{lang, model, view}`` each), in the same order."""
    if not requests:
        return []
    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: the build composes board texts with Node.js (install nodejs, e.g. apt-get install nodejs)")
    payload = json.dumps({"catalogs": catalogs, "geometry": geometry_json(), "boards": list(requests)}, ensure_ascii=False)
    try:
        done = subprocess.run(
            [node, str(SCRIPT)], input=payload.encode("utf-8"), capture_output=True, timeout=TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BuildError(f"node could not compose the board texts: {exc}") from None
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
        raise BuildError("node failed composing the board texts: " + " | ".join(tail))
    texts: list[dict[str, Any]] = json.loads(done.stdout.decode("utf-8"))
    return texts

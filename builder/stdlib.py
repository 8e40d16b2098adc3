"""The standard library the site's Python needs, and nothing else: a trimmed ``python_stdlib.zip``.

Pyodide ships the whole standard library (about 2.5 MB, read on every boot); the rules core and the worker
use a small part of it. ``stdlib-modules.txt`` (beside this file) lists the files kept: those Python had
loaded after :data:`EXERCISE` ran in Pyodide with the whole library (the boot itself, unpacking the wheel,
every module of nardy_core, one request of every kind, the error paths). Regenerate it after a Pyodide or
core change with ``python -m builder.stdlib_trace``; the e2e test ``test_stdlib.py`` runs the exercise on
the trimmed zip of a real build, so a missing module fails the tests, not a visitor.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from .atomic import staging_path

KEEP_FILE = Path(__file__).with_name("stdlib-modules.txt")
STDLIB_ZIP = "python_stdlib.zip"

#: Runs inside Pyodide once nardy_core is installed, as the worker would use it; its last expression is a
#: JSON report: ``{"errors": [...], "files": [...]}`` (the library files Python has loaded, zip-relative).
EXERCISE = r'''
import json, os, sys
errors = []
import nardy_core
from nardy_core import api
for name in sorted(os.listdir(os.path.dirname(nardy_core.__file__))):
    if name.endswith(".py") and name != "__main__.py":
        __import__(f"nardy_core.{name[:-3]}")

def ask(kind, payload):
    answer = json.loads(api.handle(kind, payload if isinstance(payload, str) else json.dumps(payload)))
    return answer

SETUP = {"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True, "rules": {}}
SHORT = {"position": "short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [6, 1], "first_turn": False, "rules": {}}
checks = [
    ("ping", {}),
    ("turns", {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True}),
    ("turns", {"game": "short", "white": {"bar": 1, "24": 14}, "black": {"24": 15}, "mover": "white", "dice": [6, 1]}),
    ("check", {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True,
               "steps": [[24, 18], [18, 13]]}),
    ("describe", {"position": "w/24:14,13/24:15"}),
    ("result", {"position": "w/off:15/24:15", "winner": "white"}),
    ("turn_state", {**SETUP, "steps": []}),
    ("try_step", {**SETUP, "steps": [], "step": {"from": 24, "to": 13}}),
    ("try_step", {**SHORT, "steps": [], "step": {"from": "bar", "to": 19}}),
    ("explain_point", {**SETUP, "steps": [[24, 18]], "point": 24}),
    ("bot_turn", {**SETUP, "seed": 1}),
    ("bot_turn", {**SHORT, "seed": 1}),
]
for kind, payload in checks:
    if "error" in ask(kind, payload):
        errors.append(kind)
for game in ("long", "short"):
    state = ask("game_new", {"game": game, "rules": {}, "players": {"white": "computer", "black": "computer"}, "seed": 3})
    for _ in range(6):
        state = ask("game_computer", {"game": state, "seed": 5})
        if "error" in state:
            errors.append(f"game_computer {game}")
            break
    ask("game_cube", {"game": state, "action": "double"})  # allowed or not, it answers
    ask("game_review", {"record": {"game": game, "opening": state.get("opening", [[6, 5]]), "events": []}})
played = ask("game_play", {"game": ask("game_roll", {"game": ask("game_from_position", {"position": "w/24:15/24:15",
       "dice": "6-5", "rules": {}, "players": {}}), "dice": [6, 5]}), "play": "24/13"})
for bad in ("{", "[]", '{"position": 1}', "x" * 100):  # the error paths answer too
    ask("turn_state", bad)
prefix = next(p for p in sys.path if p.endswith(".zip")) if any(p.endswith(".zip") for p in sys.path) else None
roots = [p for p in sys.path if p.startswith("/lib/python")]
files = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    for root in ([prefix] if prefix else []) + roots:
        if root and path.startswith(root + "/") and "site-packages" not in path:
            files.add(path[len(root) + 1:])
json.dumps({"errors": errors, "files": sorted(files)})
'''


def kept_files() -> list[str]:
    """The zip-relative paths to keep (``stdlib-modules.txt``: one per line, ``#`` comments)."""
    lines = KEEP_FILE.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def trim(source: Path, target: Path, keep: list[str] | None = None) -> tuple[int, int]:
    """Write ``target``: the zip ``source`` with only the files in ``keep`` (and the folders holding them),
    byte-identical from build to build, each stored as it is: the site ships the whole zip in brotli
    (builder/vendor.py), which packs the files together far tighter than a zip packs each one, and Python
    imports from a stored zip without inflating. Returns (files kept, files in the source).

    A name in ``keep`` that ``source`` lacks is an error: the list belongs to another Pyodide.
    """
    wanted = set(kept_files() if keep is None else keep)
    with zipfile.ZipFile(source) as full:
        names = full.namelist()
        missing = sorted(wanted - set(names))
        if missing:
            raise ValueError(f"{source.name} lacks {', '.join(missing[:5])}: regenerate {KEEP_FILE.name}")
        folders = {name[: i + 1] for name in wanted for i, ch in enumerate(name) if ch == "/"}
        kept = [info for info in full.infolist() if info.filename in wanted or info.filename in folders]
        temporary = staging_path(target)
        with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_STORED) as small:
            for info in kept:
                copy = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
                copy.external_attr = info.external_attr
                copy.compress_type = zipfile.ZIP_STORED
                small.writestr(copy, full.read(info))
        temporary.replace(target)
    return len([k for k in kept if not k.is_dir()]), len([n for n in names if not n.endswith("/")])

"""The first answers of a playable board, computed at build time and shipped beside the page.

A board is playable before Python has booted in the browser: the answers its first interactions need (the
turn's initial state, why a checker without a move cannot go, the verdict on the first and second steps)
are computed here **by the same** :func:`nardy_core.api.call` the worker runs, for the same requests the
page's rules client (``site/static/js/rules-client.js``) sends, and written gzipped to
``answers/<hash>.json.gz`` (the page unpacks it itself, so it needs nothing from the host and a book costs
a few kilobytes of the site).
The rules client consults the book first and the worker for everything else; the e2e parity test replays
every entry of every book in Pyodide and compares the text byte for byte.

A book (``BOOK_FORMAT``) is one turn setup — the position, dice, first-turn flag and rule options exactly
as the page sends them — and its answers keyed by :func:`entry_key`. The turn states, which most answers
repeat, are stored once: an answer that is a state is its index in ``states``, and an answer object's
``"state"`` is such an index.

>>> book = first_answers({"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True, "rules": {}})
>>> entry_key("turn_state", [], None) in book.answers
True
>>> book.answers[entry_key("try_step", [], {"from": 24, "to": 13})]["accepted"]
True
"""

from __future__ import annotations

import gzip
import hashlib
import json
import multiprocessing
import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nardy_core
from nardy_core import Position, api

from .assets import named_by_content
from .atomic import write_atomically

Json = Any
BOOK_FORMAT = 1
FOLDER = "answers"
# Past this many answers a book stops growing (doubles with many checkers): the worker answers the rest.
MAX_ANSWERS = 700


def compact(value: Json) -> str:
    """The JSON text JavaScript's ``JSON.stringify`` gives for the same value (no spaces, UTF-8 as is)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def turn_setup(position: str, dice: list[int], first_turn: bool, rules: dict[str, Any]) -> dict[str, Any]:
    """The setup part of a turn request, keys in the order the turn controller builds it."""
    return {"position": position, "dice": dice, "first_turn": first_turn, "rules": rules}


def entry_key(kind: str, steps: list[list[Json]], extra: Json) -> str:
    """How a book names one request of its setup: the kind, the steps played, then the step or point asked."""
    return f"{kind} {compact(steps)} {compact(extra)}"


@dataclass
class Book:
    """The first answers of one setup."""

    setup: dict[str, Any]
    answers: dict[str, Json] = field(default_factory=dict)

    @property
    def setup_text(self) -> str:
        return compact(self.setup)

    @property
    def cache_name(self) -> str:
        """The book's file in the build cache (named by its setup: equal setups share one book)."""
        return f"{hashlib.sha256(self.setup_text.encode('utf-8')).hexdigest()[:16]}.json.gz"

    def ask(self, kind: str, steps: list[list[Json]], extra_name: str | None, extra: Json) -> Json:
        """Ask nardy_core.api as the worker would, keep the answer, return it (None if it is an error)."""
        payload = {**self.setup, "steps": steps}
        if extra_name is not None:
            payload[extra_name] = extra
        # the same text the worker hands to api.handle: the answer must be the one the worker would give
        answer = api.call(kind, json.loads(compact(payload)))
        if not isinstance(answer, dict) or "error" in answer:
            return None
        if len(self.answers) < MAX_ANSWERS:
            self.answers[entry_key(kind, steps, extra)] = answer
        return answer

    def to_json(self) -> bytes:
        """The book as shipped: turn states stored once, referred to by index; gzipped."""
        states: list[Json] = []
        index: dict[str, int] = {}

        def ref(state: Json) -> int:
            text = compact(state)
            if text not in index:
                index[text] = len(states)
                states.append(state)
            return index[text]

        answers: dict[str, Json] = {}
        for key, answer in self.answers.items():
            if key.startswith("turn_state "):
                answers[key] = ref(answer)
            elif "state" in answer:
                answers[key] = {**answer, "state": ref(answer["state"])}
            else:
                answers[key] = answer
        book = {"format": BOOK_FORMAT, "setup": self.setup_text, "states": states, "answers": answers}
        return gzip.compress(compact(book).encode("utf-8"), compresslevel=9, mtime=0)  # the same bytes every build


def _point_id(key: str) -> Json:
    """A ``moves`` key ("13", "bar") as the page names the point in a request (13, "bar")."""
    return key if key == "bar" else int(key)


def _pairs(steps: list[Json]) -> list[list[Json]]:
    return [[s["from"], s["to"]] for s in steps]


def first_answers(setup: dict[str, Any]) -> Book:
    """Everything the first two taps of a learner can ask for this setup.

    The initial state; for every point without a move, why (``explain_point``); for every checker that can
    move, the verdict on each point it might be dropped on, allowed or not; and after each allowed first
    step, its state, the verdicts on the allowed second steps and why the mover's other checkers are stuck.
    """
    book = Book(setup)
    start = book.ask("turn_state", [], None, None)
    if start is None:
        return book
    game_points: list[Json] = list(range(24, 0, -1))
    if Position.from_notation(setup["position"]).game.has_bar:
        game_points.append("bar")
    sources = [_point_id(key) for key in start["moves"]]
    for point in game_points:
        if point not in sources:
            book.ask("explain_point", [], "point", point)
    accepted = []
    for source in sources:
        for target in [*range(24, 0, -1), "off"]:
            if target == source or target in sources:
                continue  # a tap on another movable checker picks that one up: no request
            answer = book.ask("try_step", [], "step", {"from": source, "to": target})
            if answer and answer["accepted"]:
                accepted.append(_pairs(answer["steps"]))
    for steps in accepted:
        state = book.ask("turn_state", steps, None, None)  # after an undo of the second step
        if state is None:
            continue
        for key, routes in state["moves"].items():
            for route in routes:
                book.ask("try_step", steps, "step", {"from": _point_id(key), "to": route["to"]})
        stuck = [key for key, occupant in state["board"]["points"].items()
                 if occupant["side"] == state["mover"] and key not in state["moves"]]
        for key in stuck:  # the learner's own checkers that cannot move now: the rule that holds them
            book.ask("explain_point", steps, "point", int(key))
    return book


def fingerprint() -> str:
    """What every answer depends on: the source of nardy_core and of this module."""
    digest = hashlib.sha256()
    for path in sorted(Path(nardy_core.__file__).parent.glob("*.py")) + [Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class AnswerBooks:
    """The books of one build, one per distinct setup, kept between builds in ``cache`` (optional): a
    rebuild after a lesson edit computes only the books of new setups, and none after a template edit."""

    def __init__(self, cache: Path | None = None) -> None:
        self.folder = cache / fingerprint() if cache else None
        self.files: dict[str, bytes] = {}  #: path under dist/ -> the book as shipped
        self._paths: dict[str, str] = {}  #: setup text -> path under dist/
        self._computed: dict[str, bytes] = {}  #: setup text -> a book `prefetch` computed, not yet asked for

    def prefetch(self, setups: Iterable[dict[str, Any]], workers: int | None = None) -> None:
        """Compute the books of ``setups`` that the cache lacks, on ``workers`` processes (one per core by
        default) at once, for ``path_for`` to find: a build after a change to the rules core (which every book
        depends on) computes hundreds of books, and one process would leave the other cores idle."""
        missing: dict[str, dict[str, Any]] = {}
        for setup in setups:
            book = Book(setup)
            if book.setup_text in self._paths or book.setup_text in self._computed or book.setup_text in missing:
                continue
            if self.folder is not None and (self.folder / book.cache_name).is_file():
                continue
            missing[book.setup_text] = setup
        workers = min(workers or os.cpu_count() or 1, len(missing))
        if workers < 2:
            return  # path_for computes each one when it is asked for
        # spawned, not forked: the dev server's build runs beside its threads
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            for setup_text, data in zip(missing, pool.map(_book_bytes, missing.values(), chunksize=8), strict=True):
                self._computed[setup_text] = data

    def path_for(self, setup: dict[str, Any]) -> str:
        """The book of ``setup`` (see :func:`turn_setup`): its path under ``dist/``, computed on first use.

        A book is named by its content, so a host may let browsers keep it for good (builder/headers.py): a
        change to the rules core that changes an answer gives the book a new name.
        """
        book = Book(setup)
        if book.setup_text in self._paths:
            return self._paths[book.setup_text]
        cached = self.folder / book.cache_name if self.folder else None
        data = _read(cached)
        if data is None:
            data = self._computed.pop(book.setup_text, None) or _book_bytes(setup)
            _write(cached, data)
        path = named_by_content(FOLDER, data, ".json.gz")
        self._paths[book.setup_text] = path
        self.files[path] = data
        return path


def _book_bytes(setup: dict[str, Any]) -> bytes:
    """The book of ``setup`` as shipped (a process pool's task)."""
    return first_answers(setup).to_json()


def _read(path: Path | None) -> bytes | None:
    try:
        return path.read_bytes() if path else None
    except OSError:
        return None


def _write(path: Path | None, data: bytes) -> None:
    if path is None:
        return
    try:  # a cache that cannot be written only makes the next build slower
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, data)
    except OSError:
        pass

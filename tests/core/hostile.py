"""Hostile input for ``nardy_core.api``: valid requests of every kind, and strategies that break them.

Shared by the fuzz test (``test_api_fuzz.py``, a bounded number of examples) and ``bench/fuzz_api.py`` (as
many as you ask for). A request is built by taking a valid request of its kind and mutating it: a field
replaced by any JSON value (or by a near miss: ``"２４"``, ``"024"``, ``" 24 "``, ``true`` for a die, a huge
number, a deep list…), a field removed, an unknown field added, the same inside nested objects (the game
state, its cube, a step, the rules). What an answer must be is :func:`check_answer`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from nardy_core import ReasonCode
from nardy_core.api import HANDLERS, call, handle
from nardy_core.errors import ERROR_CODES

LONG_START = "w/24:15/24:15"
SHORT_START = "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"
POSITIONS = [
    LONG_START,
    "b/24:14,13/24:15",
    "w/20:3,18:2,16:2,13:3,6:2,5,4,off:1/24:6,21:2,19:2,15:2,14,12:2",
    "w/6,4,off:13/24:15",
    "w/off:15/6:3,off:12",
    SHORT_START,
    "short:b/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5",
    "short:w/bar:2,13:6,8:3,6:4/6:2,5:2,4:2,3:2,2:2,13:5",
]
DICE = [[6, 5], [3, 1], [6, 6], [4, 4], [2, 1], [5, 5]]


def deep(levels: int) -> object:
    """A list nested ``levels`` deep."""
    value: object = []
    for _ in range(levels):
        value = [value]
    return value


#: text a person (or a broken page) might send where a point, a die, a side or a play is expected
NEAR_MISSES: list[object] = [
    "２４", "024", " 24 ", "24 ", "+24", "-1", "0", "25", "1e1", "٢٤", "24.0", "0x18", "", " ", "\u00a024",
    "bar", "off", "BAR", "Off", "white", "black", "w", "b", " white", "green", "long", "short", "Long",
    "6-5", "6 5", "65", "6-7", "６-５", "0-0", "24/18 18/13", "24/18", "bar/22*", "24-18", "25/1", "24/off/1",
    LONG_START, SHORT_START, "w/24:16/24:15", "w/off:15/off:15", "w/24:15/12:15", "short:w/bar:16/24:15",
    True, False, None, 0, 1, 6, 7, -1, 24, 25, 2**53, 2**53 + 1, 10**30, -(10**30), 1.5, 6.0, 1e308, -0.0,
    [], {}, [6], [6, 5, 4], [True, 1], [6.0, 5], ["6", "5"], [[24, 18]], [[24, 18, 1]], {"from": 24, "to": 18},
    "x" * 500, "9" * 400, ["x"] * 40, list(range(100)), {str(i): 1 for i in range(40)}, deep(12), deep(16), deep(40),
]

RULE_OPTIONS = [
    "start", "head_first", "head33_split", "block", "block_timing", "koks", "home_mars", "draw_last_roll",
    "next_game_starter", "cube", "cube_mars", "jacoby", "beaver", "auto_doubles", "cube_scale", "crawford",
    "home_hit_and_run", "head33_sequential", "colour",
]


def _scalars() -> st.SearchStrategy[object]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=30),
        st.text(alphabet="0123456789０１２３٠١٢ /:-*,.bawroffshlgn\t\n", max_size=30),
        st.sampled_from(NEAR_MISSES),
        st.sampled_from(RULE_OPTIONS),
        st.sampled_from([4301, 5000]).map(lambda digits: 10**digits),  # more digits than int() reads from text
    )


#: any JSON-like value (plus what Python's json module also reads: NaN and the infinities)
json_values: st.SearchStrategy[object] = st.recursive(
    _scalars(),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.one_of(st.text(max_size=12), st.sampled_from(NEAR_MISSES[:40]).map(str)), inner, max_size=6),
    ),
    max_leaves=20,
)


def _game_state(kind: str = "game_new", query: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = call(kind, query or {"seed": 7})
    assert "error" not in answer, answer
    return answer


def _plays(setup: dict[str, Any]) -> list[str]:
    """The legal plays of a turn, best first, in the mover's notation (as ``judge`` reads a play)."""
    return [play["play"] for play in call("hint", setup)["plays"]]


def base_requests() -> dict[str, list[dict[str, Any]]]:
    """A few valid requests of every kind (computed once: some need a game state)."""
    setups = [
        {"position": p, "dice": d, "first_turn": p in (LONG_START, SHORT_START), "rules": {}}
        for p in POSITIONS[:3] + POSITIONS[5:]
        for d in DICE[:3]
    ]
    new_long = _game_state()
    new_short = _game_state("game_new", {"game": "short", "seed": 3, "rules": {"cube": True}})
    cube_long = _game_state("game_new", {"seed": 5, "rules": {"cube": True}, "players": {"white": "human", "black": "human"}})
    from_position = _game_state("game_from_position", {"position": POSITIONS[2], "dice": "6-5"})
    rolled = _game_state("game_roll", {"game": from_position, "dice": [3, 1]}) if from_position["roll"] is None else from_position
    offered = _game_state("game_cube", {"game": _game_state("game_from_position", {"position": POSITIONS[2], "rules": {"cube": True}}),
                                        "action": "double"})
    games = [new_long, new_short, cube_long, from_position, rolled, offered]
    # гюльбар and бешеные нарды: a cascade, the dice it hands over, a game waiting for a hand-off
    cascade = {"position": "gulbara:b/24:13,16,5/24:14,20", "dice": [5, 5], "roll_no": 4, "own_roll_no": 2}
    handed = {"position": "crazy:w/24:14,13/24:13,18:2", "handoff": [6, 6]}
    new_gulbara = _game_state("game_new", {"game": "gulbara", "seed": 2})
    crazy_rolled = _game_state("game_from_position", {"position": "crazy:b/24:14,13/24:15", "dice": "6-6"})
    handing = _game_state("game_play", {"game": crazy_rolled, "play": "24/18"})
    parted_games = [new_gulbara, crazy_rolled, handing]
    parted_record = {"game": "crazy", "rules": {}, "opening": [[6, 5]], "events": [
        {"side": "white", "dice": [6, 5], "play": "24/18 18/13"}, {"side": "black", "dice": [6, 6], "play": "24/18 24/18"},
        {"side": "white", "handoff": [6, 6], "play": "13/7 7/1"}]}
    requests = _requests(setups, games, new_long, new_short, cube_long, from_position, offered)
    parted = {
        "turns": [cascade, handed, {**cascade, "rules": {"cascade_max": "whole"}}],
        "check": [{**cascade, "play": "24/19 20/15/10/5 19/13/7/1"}, {**handed, "play": "13/7/1"}],
        "turn_state": [{**cascade, "steps": [[12, 7]]}, {**handed, "steps": []}],
        "try_step": [{**cascade, "steps": [], "step": {"from": 12, "to": 6}}, {**handed, "steps": [], "step": {"from": 24, "to": 18}}],
        "explain_point": [{**cascade, "steps": [], "point": 8}],
        "game_new": [{"game": "crazy", "seed": 3}],
        "game_play": [{"game": handing, "play": "24/18 13/7 7/1"}, {"game": crazy_rolled, "play": "24/18"}],
        "game_computer": [{"game": g, "seed": 4} for g in parted_games],
        "game_roll": [{"game": new_gulbara, "seed": 1}],
        "bot_turn": [{**cascade, "seed": 1}, {**handed, "level": "club"}],
        "game_review": [{"record": parted_record}],
        "game_file": [{"record": parted_record}],
    }
    for kind, extra in parted.items():
        requests[kind] = requests[kind] + extra
    return requests


def _requests(setups: list[dict[str, Any]], games: list[dict[str, Any]], new_long: dict[str, Any], new_short: dict[str, Any],
              cube_long: dict[str, Any], from_position: dict[str, Any], offered: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {
        "ping": [{}],
        "turns": [{"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True},
                  {"game": "short", "white": {"bar": 1, "13": 1, "2": 13}, "black": {"1": 2, "8": 5, "2": 8}, "dice": [6, 3]},
                  *setups[:4]],
        "check": [{**s, "play": "24/18 18/13"} for s in setups[:3]] + [{**setups[0], "steps": [[24, 18], [18, 13]]}],
        "describe": [{"position": p, "rules": {}} for p in POSITIONS],
        "setup": [{"position": p, "dice": "6-5", "rules": {}} for p in POSITIONS]
        + [{"game": "short", "mover": "black", "points": {"1": {"side": "white", "count": 16}}, "bar": {"black": 2}, "dice": [3, 3]},
           {"game": "long", "points": {"13": {"side": "black", "count": 15}}, "rules": {"block": "forbid"}}],
        "result": [{"position": "w/off:15/6:3,off:12"}, {"position": "b/24:15/off:15", "cube": 2, "rules": {"cube": True}}],
        "turn_state": [{**s, "steps": []} for s in setups] + [{**setups[0], "steps": [[24, 18]]}],
        "try_step": [{**s, "steps": [], "step": {"from": 24, "to": 18}} for s in setups[:3]]
        + [{**setups[0], "steps": [], "step": {"from": 24, "to": 18, "die": 6}}],
        "explain_point": [{**s, "steps": [], "point": 24} for s in setups[:3]],
        "game_new": [{"game": "long", "rules": {}, "players": {"white": "human", "black": "computer"}, "seed": 1},
                     {"game": "short", "rules": {"cube": True}}],
        "game_from_position": [{"position": p, "dice": "", "rules": {}, "players": {"to_move": "human", "opponent": "computer"}}
                               for p in POSITIONS[:3]] + [{"position": POSITIONS[5], "dice": "6-5"}],
        "game_roll": [{"game": g, "seed": 2} for g in games if g["roll"] is None] + [{"game": from_position, "dice": [6, 6]}],
        "game_play": [{"game": g, "play": ""} for g in games] + [{"game": new_long, "play": "24/13"}],
        "game_cube": [{"game": cube_long, "action": "double"}, {"game": offered, "action": "take"}, {"game": offered, "action": "drop"}],
        "game_computer": [{"game": g, "seed": 4} for g in games] + [{"game": new_short, "seed": 4, "level": "club"}],
        "bot_turn": [{**s, "seed": 9} for s in setups[:4]] + [{**setups[-1], "level": "club"}],
        "hint": [*setups[:4], {**setups[-1], "plies": 0},
                 {"game": "short", "white": {"6": 2, "5": 2, "4": 1}, "black": {"6": 2, "5": 1}, "dice": [2, 1], "plies": 1}],
        "advise": [*setups[:3], {**setups[-1], "limit": 1}, {**setups[3], "limit": 50, "plies": 1}],
        "judge": [{**s, "play": play} for s in setups[:3] + setups[-2:] for play in _plays(s)[:1] + _plays(s)[-1:]],
        "evaluate": [{"position": p, "rules": {}} for p in POSITIONS] + [{"position": POSITIONS[5], "rules": {"koks": 2}}],
        "cube": [{"position": p, "rules": {"cube": True}} for p in POSITIONS[2:6]]
        + [{"position": POSITIONS[6], "rules": {"cube": True, "beaver": True}, "cube": {"value": 2, "owner": "black", "turned": True}}],
        "game_analysis": [
            {"record": {"game": "long", "rules": {}, "opening": [[6, 5]],
                        "events": [{"side": "white", "dice": [6, 5], "play": "24/13"}, {"side": "black", "dice": [3, 1], "play": "24/21/20"}]}},
            {"record": {"game": "short", "rules": {"cube": True}, "opening": [[3, 1]],
                        "events": [{"side": "white", "dice": [3, 1], "play": "8/5 6/5"}, {"side": "black", "cube": "double"},
                                   {"side": "white", "cube": "take"}]}, "plies": 1},
        ],
        "share_codes": [{"position": p} for p in POSITIONS[:3]] + [{"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5",
                        "dice": [5, 2], "cube": {"value": 2, "owner": "black", "turned": True}}],
        "shared_position": [{"text": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"}, {"text": "4HPwATDgc/ABMA:MIEKAAAAAAAA"},
                            {"text": "4HPwATDgc/ABMA"}],
        "game_file": [
            {"record": {"game": "short", "rules": {"cube": True}, "opening": [[3, 1]],
                        "events": [{"side": "white", "dice": [3, 1], "play": "8/5 6/5"}, {"side": "black", "cube": "double"}]}},
        ],
        "game_review": [
            {"record": {"game": "long", "rules": {}, "opening": [[6, 5]],
                        "events": [{"side": "white", "dice": [6, 5], "play": "24/13"}, {"side": "black", "dice": [3, 1], "play": "24/21/20"}]}},
            {"record": {"game": "short", "rules": {"cube": True}, "opening": [[2, 2], [3, 1]],
                        "events": [{"side": "white", "dice": [3, 1], "play": "8/5 6/5"}, {"side": "black", "cube": "double"},
                                   {"side": "white", "cube": "take"}]}},
        ],
    }


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a field or list item inside a request (the request itself is the empty path)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


def _replaced(value: object, path: tuple[object, ...], new: Callable[[object], object]) -> object:
    if not path:
        return new(value)
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: (_replaced(v, rest, new) if k == head else v) for k, v in value.items()}
    if isinstance(value, list):
        return [_replaced(v, rest, new) if i == head else v for i, v in enumerate(value)]
    return value


_REMOVE = object()


def _without_removed(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_removed(v) for k, v in value.items() if v is not _REMOVE}
    if isinstance(value, list):
        return [_without_removed(v) for v in value if v is not _REMOVE]
    return value


@st.composite
def mutated(draw: st.DrawFn, kind: str, bases: dict[str, list[dict[str, Any]]]) -> object:
    """A request of ``kind``: a valid one with one to three fields (anywhere inside) replaced, removed or added."""
    request: object = draw(st.sampled_from(bases[kind]))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(request)
        inner = paths[1:]  # the request itself is replaced by test_any_value_of_any_kind_is_answered
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if action in ("replace", "remove") and inner:
            path = draw(st.sampled_from(inner))
            if action == "replace":
                value = draw(json_values)
                request = _replaced(request, path, lambda _old, value=value: value)
            else:
                request = _without_removed(_replaced(request, path, lambda _old: _REMOVE))
        else:
            objects = [p for p in paths if isinstance(_at(request, p), dict)]
            path = draw(st.sampled_from(objects)) if objects else ()
            key = draw(st.one_of(st.sampled_from(["frist_turn", "dice", "position", "rules", "steps", "seed", "x"]), st.text(max_size=8)))
            value = draw(json_values)
            request = _replaced(request, path, lambda old, key=key, value=value: {**old, key: value} if isinstance(old, dict) else value)
    return request


def _at(value: object, path: tuple[object, ...]) -> object:
    for step in path:
        value = value[step]  # type: ignore[index]
    return value


def requests(bases: dict[str, list[dict[str, Any]]]) -> st.SearchStrategy[tuple[str, object]]:
    """(kind, request) for every kind: mostly mutated valid requests, sometimes anything at all."""
    kinds = sorted(HANDLERS)
    valid_mutated = st.sampled_from(kinds).flatmap(lambda kind: st.tuples(st.just(kind), mutated(kind, bases)))
    return st.one_of(
        valid_mutated, valid_mutated, valid_mutated, valid_mutated, valid_mutated, valid_mutated,  # most examples
        st.tuples(st.sampled_from(kinds), json_values),
        st.tuples(st.text(max_size=12), st.sampled_from(bases["turns"])),
    )


#: every code an answer may carry; anything else, and above all INTERNAL (a bug), fails the fuzz
KNOWN_CODES = (set(ERROR_CODES) | {code.value for code in ReasonCode}) - {"INTERNAL"}
MAX_MESSAGE = 400  #: an error message quotes at most an excerpt of the input (the longest: the list of request kinds)


def check_answer(kind: object, request: object) -> dict[str, Any]:
    """Ask ``call`` and ``handle``; both must answer (never raise) with JSON, an error being a known code."""
    answer = call(kind, request)
    _check_shape(answer)
    try:
        text = json.dumps(request, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return answer
    through_text = json.loads(handle(kind if isinstance(kind, str) else str(kind), text), parse_constant=_no_constants)
    _check_shape(through_text)
    return answer


def _no_constants(name: str) -> float:
    raise AssertionError(f"handle answered with {name}, which JavaScript's JSON.parse refuses")


def _check_shape(answer: object) -> None:
    assert isinstance(answer, dict), answer
    json.dumps(answer, allow_nan=False)  # a JSON text the page can read
    if "error" in answer:
        error = answer["error"]
        assert set(error) == {"code", "message", "params"}, error
        assert error["code"] in KNOWN_CODES, error
        assert isinstance(error["message"], str) and error["message"], error
        assert len(error["message"]) <= MAX_MESSAGE, error["message"][:200]
        assert "Traceback" not in error["message"] and 'File "' not in error["message"], error["message"]
        assert isinstance(error["params"], dict)
        for value in error["params"].values():
            assert not isinstance(value, float) or math.isfinite(value)

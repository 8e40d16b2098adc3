"""Reading API requests: every field of every request kind checked, with bounded sizes and a specific code.

The JSON shapes are documented in ``docs/architecture.md``; the functions here turn a request object into
core values or raise :class:`~nardy_core.errors.NardyError` saying what is wrong. Nothing here guesses: a
point is a whole number (or its ASCII digits as an object key), a flag is ``true``/``false``, a die is 1..6.

>>> read_position({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"}).game
<Game.SHORT: 'short'>
>>> read_position({"white": {"24": 15}, "black": {"24": 15}, "mover": "black"}).to_move
<Side.BLACK: 'black'>
>>> read_board_point({"point": "bar"}, "point", Position.start(Game.SHORT))
25
>>> read_board_point({"point": 12}, "point", Position.start().with_to_move(Side.BLACK))   # absolute 12 = Black's 24
24
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dice import Roll
from .errors import InputError, shown
from .games import BAR, OFF, POINTS, Game
from .moves import parse_play
from .position import Position
from .rules import Rules, rules_from_dict
from .sides import Side

Json = dict[str, Any]

MAX_FIELDS = 32  #: fields in one request object
MAX_STEPS = 8  #: steps already played in a turn (a double has four)
MAX_TEXT = 400  #: characters of a text field


def require_object(value: object, what: str = "a request") -> Json:
    """``value`` as a JSON object, or an error."""
    if not isinstance(value, dict):
        raise InputError(f"{what} must be a JSON object, not {shown(value)}", "BAD_REQUEST")
    if len(value) > MAX_FIELDS:
        raise InputError(f"{what} has {len(value)} fields; at most {MAX_FIELDS}", "BAD_REQUEST")
    return value


def read_game(query: Json) -> Game:
    """``game``: ``"long"`` (default) or ``"short"``."""
    value = query.get("game", "long")
    try:
        return Game.parse(value)
    except ValueError:
        raise InputError(f"game must be 'long' or 'short', not {shown(value)}", "BAD_GAME") from None


def read_side(value: object, what: str = "mover") -> Side:
    """``"white"`` or ``"black"`` (``w``/``b`` too)."""
    try:
        return Side.parse(value)
    except ValueError:
        raise InputError(f"{what} must be 'white' or 'black', not {shown(value)}", "BAD_SIDE") from None


def read_position(query: Json) -> Position:
    """The position of a query: ``position`` notation or ``white``/``black``/``mover`` (+ ``game``)."""
    query = require_object(query)
    if "position" in query:
        position = Position.from_notation(query["position"])
        if "game" in query and read_game(query) is not position.game:
            raise InputError(
                f"the position is {position.game.value} nardy but game says {read_game(query).value}", "BAD_GAME"
            )
        if "mover" in query:
            position = position.with_to_move(read_side(query["mover"]))
        return position
    for key in ("white", "black"):
        if not isinstance(query.get(key), dict):
            raise InputError(
                f"missing {key!r}: give 'position' (notation) or 'white' and 'black' as {{point: count}}", "BAD_POSITION"
            )
        if len(query[key]) > POINTS + 1:
            raise InputError(f"{key} lists {len(query[key])} points; there are {POINTS} and the bar", "BAD_POSITION")
    return Position.from_points(query["white"], query["black"], read_side(query.get("mover", "white")), read_game(query))


def read_roll(query: Json, key: str = "dice") -> Roll:
    """``dice``: two numbers 1..6 (or a text such as ``"6-5"``)."""
    value = query.get(key)
    if isinstance(value, str):
        return Roll.parse(value)
    return Roll.from_list(value)


def read_rules(query: Json, game: Game) -> Rules:
    """``rules``: options of RULES.md §1.16 / SHORT-RULES.md for ``game`` (optional)."""
    return rules_from_dict(query.get("rules"), game)


def read_flag(query: Json, key: str, default: bool = False) -> bool:
    """A yes/no field: ``true`` or ``false`` only."""
    value = query.get(key, default)
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {shown(value)}", "BAD_FLAG")
    return value


def read_int(query: Json, key: str, default: int, low: int, high: int) -> int:
    """A whole number in ``low..high``."""
    value = query.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{key} must be a whole number {low}..{high}, not {shown(value)}", "BAD_NUMBER")
    return value


def read_text(query: Json, key: str, default: str = "") -> str:
    """A text field of bounded length."""
    value = query.get(key, default)
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise InputError(f"{key} must be a text of at most {MAX_TEXT} characters, not {shown(value)}", "BAD_TEXT")
    return value


def own_point(position: Position, value: object, what: str) -> int:
    """An absolute board point (1..24, ``"bar"``, ``"off"``) as the side to move's own number (25 = bar, 0 = off)."""
    if value == "off":
        return OFF
    if value == "bar":
        return BAR
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= POINTS:
        return position.game.own(position.to_move, value)
    raise InputError(f"{what} must be a point 1..{POINTS}, 'bar' or 'off', not {shown(value)}", "BAD_POINT")


def read_board_point(query: Json, key: str, position: Position) -> int:
    """An absolute point of the board (as the page speaks) in the mover's own numbering."""
    return own_point(position, query.get(key), key)


def read_board_steps(query: Json, position: Position) -> list[tuple[int, int]]:
    """``steps``: the steps already played, ``[[from, to], …]`` in absolute points, as own (from, to) pairs."""
    steps = query.get("steps", [])
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise InputError(f"steps must be a list of at most {MAX_STEPS} [from, to] pairs, not {shown(steps)}", "BAD_STEPS")
    result = []
    for item in steps:
        if not isinstance(item, list) or len(item) != 2:
            raise InputError(f"a step must be [from, to], not {shown(item)}", "BAD_STEPS")
        result.append((own_point(position, item[0], "a step's from"), own_point(position, item[1], "a step's to")))
    return result


def read_own_moves(query: Json) -> list[tuple[int, int]]:
    """The CLI's ``play`` (text, own numbering) or ``steps`` (``[[from, to], …]`` own numbering)."""
    if "steps" in query:
        steps = query["steps"]
        if not isinstance(steps, list) or len(steps) > MAX_STEPS:
            raise InputError(f"steps must be a list of at most {MAX_STEPS} [from, to] pairs", "BAD_STEPS")
        result = []
        for raw in steps:
            item = [raw.get("from"), raw.get("to")] if isinstance(raw, dict) else raw
            if not isinstance(item, list) or len(item) != 2:
                raise InputError(f"a step must be [from, to], not {shown(raw)}", "BAD_STEPS")
            result.append((_own_cli_point(item[0]), _own_cli_point(item[1])))
        return result
    return parse_play(read_text(query, "play"))


def _own_cli_point(value: object) -> int:
    if value == "off":
        return OFF
    if value == "bar":
        return BAR
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= POINTS:
        return value
    raise InputError(f"a point is 1..{POINTS}, 'bar' or 'off', not {shown(value)}", "BAD_POINT")


def check_depth(value: object, limit: int = 16) -> None:
    """Refuse JSON nested deeper than ``limit`` (no request needs more than a few levels)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise InputError(f"the request is nested deeper than {limit} levels", "BAD_REQUEST")
        if isinstance(item, Mapping):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)

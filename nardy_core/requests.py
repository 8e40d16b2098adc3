"""Reading API requests: the schema of every request kind, and one typed reader per kind of field.

The JSON shapes are documented in ``docs/architecture.md``. :data:`REQUEST_FIELDS` lists the fields each
request kind reads, and the nested objects (the game state, its cube, a step, the players) have their own
lists: any other field is refused with ``UNKNOWN_FIELD``, so a typo such as ``frist_turn`` never passes
silently. Every field that is read goes through one of the readers below, which turn it into a core value
or raise :class:`~nardy_core.errors.NardyError` with a specific code. Nothing here guesses: a point is a
whole number (or its ASCII digits as an object key, no sign, space or leading zero), a flag is
``true``/``false`` (never ``1``), a die is a whole number 1..6 (never ``true``), a side is ``"white"`` or
``"black"``. Sizes are bounded: fields per object, nesting, steps, opening throws, text lengths.

>>> read_position({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"}).game
<Game.SHORT: 'short'>
>>> read_position({"white": {"24": 15}, "black": {"24": 15}, "mover": "black"}).to_move
<Side.BLACK: 'black'>
>>> read_board_point({"point": "bar"}, "point", Position.start(Game.SHORT))
25
>>> read_board_point({"point": 12}, "point", Position.start().with_to_move(Side.BLACK))   # absolute 12 = Black's 24
24
>>> check_fields("turns", {"position": "w/24:15/24:15", "dice": [6, 5], "frist_turn": True})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nardy_core.errors.InputError: a turns request has no field 'frist_turn'; its fields: black, dice, first_turn, ...
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Collection, Mapping
from typing import Any, NamedTuple

from .cube import MAX_VALUE, Cube
from .dice import Roll
from .errors import GameError, InputError, shown
from .flow import CubeAction, Event, GameState, Handoff, Record, Turn
from .games import BAR, DEFAULT_GAME, OFF, POINTS, Game, names
from .moves import Step, parse_play
from .position import Position
from .rules import GulbaraRules, Rules, rules_from_dict
from .sides import Side
from .turn_plan import MAX_PARTED_DICE, TurnPlan, plan_turn

Json = dict[str, Any]

MAX_REQUEST_CHARS = 65536  #: a request text longer than this is refused unread
MAX_DIGITS = 20  #: digits of a number in a request text (the largest a request needs is a seed, 2**53)
MAX_FIELDS = 32  #: fields in one request object
MAX_STEPS = 8  #: steps already played in a turn (a double has four)
MAX_TEXT = 400  #: characters of a text field
MAX_DEPTH = 16  #: nesting of a request (a game state needs four levels)
MAX_OPENING_THROWS = 64  #: opening throws of a game (ties are thrown again)
MAX_SEED = 2**53  #: a seed is a whole number 0..2**53 (exact in JavaScript)
MAX_EVENTS = 1000  #: turns and cube actions in a game record (a long game has some 120)
MAX_ROLL_NO = MAX_EVENTS  #: a roll's number in a game

POSITION_FIELDS = ("position", "white", "black", "mover", "game")
#: a turn's parameters that are not part of its position, in the games whose turns have parts (VARIANTS.md
#: V0.1.3): which roll of the game and of the mover it is, and the dice the opponent handed over
PARTED_TURN_FIELDS = ("roll_no", "own_roll_no", "handoff")
TURN_FIELDS = (*POSITION_FIELDS, "dice", "first_turn", "rules", *PARTED_TURN_FIELDS)
PAGE_TURN_FIELDS = (*TURN_FIELDS, "steps")

#: the fields every request kind reads; any other is refused (``docs/architecture.md`` describes each)
REQUEST_FIELDS: dict[str, frozenset[str]] = {
    "ping": frozenset(),
    "turns": frozenset(TURN_FIELDS),
    "check": frozenset((*TURN_FIELDS, "play", "steps")),
    "describe": frozenset((*POSITION_FIELDS, "rules")),
    "setup": frozenset(("position", "mover", "game", "points", "bar", "dice", "rules")),
    "result": frozenset((*POSITION_FIELDS, "winner", "rules", "cube")),
    "turn_state": frozenset(PAGE_TURN_FIELDS),
    "try_step": frozenset((*PAGE_TURN_FIELDS, "step")),
    "explain_point": frozenset((*PAGE_TURN_FIELDS, "point")),
    "game_new": frozenset(("game", "rules", "players", "seed")),
    "game_from_position": frozenset((*POSITION_FIELDS, "dice", "rules", "players")),
    "game_roll": frozenset(("game", "dice", "seed")),
    "game_play": frozenset(("game", "play")),
    "game_cube": frozenset(("game", "action")),
    "game_computer": frozenset(("game", "seed", "level")),
    "bot_turn": frozenset((*TURN_FIELDS, "seed", "level")),
    "game_review": frozenset(("record",)),
    "hint": frozenset((*TURN_FIELDS, "plies")),
    "advise": frozenset((*TURN_FIELDS, "plies", "limit")),
    "judge": frozenset((*TURN_FIELDS, "plies", "play")),
    "evaluate": frozenset((*POSITION_FIELDS, "rules")),
    "cube": frozenset((*POSITION_FIELDS, "rules", "cube")),
    "game_analysis": frozenset(("record", "plies")),
    "share_codes": frozenset((*POSITION_FIELDS, "dice", "cube")),
    "shared_position": frozenset(("text",)),
    "game_file": frozenset(("record",)),
}
#: a game state as the answers write it: the fields read back ...
GAME_STATE_FIELDS = frozenset((
    "game", "rules", "players", "position", "first_mover", "has_moved", "roll", "extra_roll_for", "opening", "cube",
    "cube_in_play", "result", "handoff", "rolls",
))
#: ... and those every answer recomputes from them (accepted as sent back, never read)
GAME_STATE_DERIVED = frozenset(("first_turn", "to_move", "may_double", "phase", "actor", "computer", "last", "last_board_play",
                                "last_steps", "board", "turn", "tutor"))
CUBE_FIELDS = frozenset(("value", "owner", "offered_by", "turned"))
STEP_FIELDS = frozenset(("from", "to", "die"))
PLAYERS = ("human", "computer")
SIDE_NAMES = {"white": Side.WHITE, "w": Side.WHITE, "black": Side.BLACK, "b": Side.BLACK}


# ---------------------------------------------------------------------------------------------
# the JSON text


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number has {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


#: strict JSON: no NaN or Infinity (JavaScript's JSON.parse would refuse the answer), no huge numbers
strict_json = json.JSONDecoder(parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def text_depth(text: str) -> int:
    """How deeply a JSON text nests its arrays and objects (strings skipped), without parsing it.

    >>> text_depth('{"a": [[1], "]]]"], "b": {}}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def decode_request(text: object) -> object:
    """A request's JSON text as a value: bounded in length and nesting (checked before parsing, so the parser
    never recurses deeply), strict JSON only.

    >>> decode_request('{"dice": [6, 5]}')
    {'dice': [6, 5]}
    >>> decode_request('[' * 100 + ']' * 100)
    Traceback (most recent call last):
    ...
    nardy_core.errors.InputError: the request nests 100 arrays and objects in each other; at most 17
    """
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        size = f"this one has {len(text)}" if isinstance(text, str) else f"not {type(text).__name__}"
        raise InputError(f"a request is a JSON text of at most {MAX_REQUEST_CHARS} characters; {size}", "REQUEST_TOO_LARGE")
    depth = text_depth(text)
    if depth > MAX_DEPTH + 1:
        raise InputError(f"the request nests {depth} arrays and objects in each other; at most {MAX_DEPTH + 1}", "TOO_DEEP")
    try:
        return strict_json.decode(text)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"invalid JSON: {str(exc)[:120]}", "BAD_JSON") from None


# ---------------------------------------------------------------------------------------------
# objects and their fields


def require_object(value: object, what: str = "a request") -> Json:
    """``value`` as a JSON object, or an error."""
    if not isinstance(value, dict):
        raise InputError(f"{what} must be a JSON object, not {shown(value)}", "BAD_REQUEST")
    if len(value) > MAX_FIELDS:
        raise InputError(f"{what} has {len(value)} fields; at most {MAX_FIELDS}", "BAD_REQUEST")
    return value


def check_fields(kind: str, query: Json) -> None:
    """Refuse any field the request kind ``kind`` does not read."""
    refuse_unknown(query, REQUEST_FIELDS[kind], f"a {kind} request")


def refuse_unknown(value: Json, known: Collection[str], what: str) -> None:
    """Refuse a field of ``value`` that is not in ``known`` (``UNKNOWN_FIELD``, naming it)."""
    for key in value:
        if key not in known:
            raise InputError(
                f"{what} has no field {shown(key)}; its fields: {', '.join(sorted(known)) or 'none'}",
                "UNKNOWN_FIELD",
                params={"field": shown(key)},
            )


def check_depth(value: object, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` (no request needs more than a few levels)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise InputError(f"the request is nested deeper than {limit} levels", "TOO_DEEP")
        if isinstance(item, Mapping):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


# ---------------------------------------------------------------------------------------------
# scalar fields


def read_game(query: Json) -> Game:
    """``game``: a game's name (``"long"``, the default, or ``"short"``)."""
    value = query.get("game", DEFAULT_GAME.value)
    try:
        return Game.parse(value)
    except ValueError:
        raise InputError(f"game must be {names()}, not {shown(value)}", "BAD_GAME") from None


def read_side(value: object, what: str = "mover") -> Side:
    """``"white"`` or ``"black"`` (``"w"``/``"b"`` too), exactly: no other case, no spaces.

    >>> read_side("b"), read_side(" white ", "winner")
    Traceback (most recent call last):
    ...
    nardy_core.errors.InputError: winner must be 'white' or 'black', not ' white '
    """
    side = SIDE_NAMES.get(value) if isinstance(value, str) else None
    if side is None:
        raise InputError(f"{what} must be 'white' or 'black', not {shown(value)}", "BAD_SIDE")
    return side


def read_optional_side(query: Json, key: str, what: str) -> Side | None:
    """A side, or ``null`` (the default) for none."""
    value = query.get(key)
    return None if value is None else read_side(value, what)


def read_flag(query: Json, key: str, default: bool = False) -> bool:
    """A yes/no field: ``true`` or ``false`` only."""
    value = query.get(key, default)
    if not isinstance(value, bool):
        raise InputError(f"{key} must be true or false, not {shown(value)}", "BAD_FLAG")
    return value


def read_int(query: Json, key: str, default: int, low: int, high: int) -> int:
    """A whole number in ``low..high`` (not ``true``, not ``6.0``)."""
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


def read_rng(query: Json) -> random.Random:
    """``seed`` (a whole number 0..2**53) for a repeatable game, else a fresh random source."""
    if "seed" in query:
        return random.Random(read_int(query, "seed", 0, 0, MAX_SEED))
    return random.Random()


# ---------------------------------------------------------------------------------------------
# positions, dice, rules, turns


def read_position(query: Json) -> Position:
    """The position of a query: ``position`` notation or ``white``/``black``/``mover`` (+ ``game``)."""
    query = require_object(query)
    if "position" in query:
        position = Position.from_notation(query["position"])
        if "white" in query or "black" in query:
            raise InputError("give the position either as 'position' (notation) or as 'white' and 'black', not both", "BAD_POSITION")
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
    """``dice``: two whole numbers 1..6 (or a text such as ``"6-5"``)."""
    value = query.get(key)
    if isinstance(value, str):
        return Roll.parse(value)
    return Roll.from_list(value)


def read_optional_roll(query: Json, key: str = "dice") -> Roll | None:
    """``dice`` as :func:`read_roll` reads it, or None where it is absent or empty (``""``: not thrown)."""
    return None if query.get(key) in (None, "") else read_roll(query, key)


def read_rules(query: Json, game: Game) -> Rules:
    """``rules``: options of RULES.md §1.16 / SHORT-RULES.md for ``game`` (optional)."""
    return rules_from_dict(query.get("rules"), game)


class TurnSetup(NamedTuple):
    """What every turn request starts from: the position, the roll, the first-turn flag, the rules."""

    position: Position
    roll: Roll
    first_turn: bool
    rules: Rules


def read_turn_setup(query: Json) -> TurnSetup:
    """Position, ``dice``, ``first_turn`` and ``rules`` of a turn request (of a game whose turns are one roll:
    the turn parameters of :data:`PARTED_TURN_FIELDS` are refused)."""
    position = read_position(query)
    rules = read_rules(query, position.game)
    if isinstance(rules, GulbaraRules):
        raise GameError(f"a turn of {position.game.value} is made of parts: the engine does not rank it", "PARTED_TURN")
    _refuse_parted_fields(query, position.game)
    return TurnSetup(position, read_roll(query), read_flag(query, "first_turn"), rules)


def _refuse_parted_fields(query: Json, game: Game) -> None:
    for key in PARTED_TURN_FIELDS:
        if key in query:
            raise InputError(f"{key} is a turn parameter of the games whose turns have parts, not of {game.value}",
                             "UNKNOWN_FIELD", params={"field": key})


class PartedSetup(NamedTuple):
    """A turn request of a game whose turns have parts: the position, its rules and the turn's plan."""

    position: Position
    rules: GulbaraRules
    plan: TurnPlan


def read_parted_setup(query: Json) -> PartedSetup | None:
    """A turn request's setup where the position's game has parted turns (None in the other games): the
    mover's own roll (``dice``, with ``roll_no``, ``own_roll_no`` and ``first_turn``), or the dice the opponent
    handed over (``handoff``, without ``dice``). Without ``roll_no`` the turn is the roll
    :func:`~nardy_core.turn_plan.default_roll_no` says; ``own_roll_no`` is by default the mover's share of
    ``roll_no``, every other roll, the first mover's odd ones.

    >>> read_parted_setup({"position": "gulbara:b/24:13,16,5/24:14,20", "dice": [5, 5], "roll_no": 4}).plan.kind
    'cascade'
    >>> read_parted_setup({"position": "gulbara:w/24:14,13/24:13,18:2", "handoff": [6, 6]}).plan.kind
    'handoff'
    """
    position = read_position(query)
    rules = read_rules(query, position.game)
    if not isinstance(rules, GulbaraRules):
        _refuse_parted_fields(query, position.game)
        return None
    if "handoff" in query:
        if "dice" in query or "roll_no" in query or "own_roll_no" in query:
            raise InputError("a request is about the dice handed over or about a roll, not both: play the hand-off "
                             "first, then ask about the roll", "BAD_HANDOFF")
        return PartedSetup(position, rules, plan_turn(rules, position, handoff=read_handoff(query.get("handoff"), "handoff")))
    plan = plan_turn(
        rules, position, roll=read_roll(query), first_turn=read_flag(query, "first_turn"),
        roll_no=read_int(query, "roll_no", 1, 1, MAX_ROLL_NO) if "roll_no" in query else None,
        own_roll_no=read_int(query, "own_roll_no", 1, 1, MAX_ROLL_NO) if "own_roll_no" in query else None,
    )
    return PartedSetup(position, rules, plan)


def read_handoff(value: object, what: str) -> tuple[int, ...]:
    """Dice handed over: a list of 1..24 whole numbers 1..6."""
    if (not isinstance(value, list) or not 1 <= len(value) <= MAX_PARTED_DICE
            or not all(isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6 for die in value)):
        raise InputError(f"{what} must list 1..{MAX_PARTED_DICE} dice, each 1..6, not {shown(value)}", "BAD_HANDOFF")
    return tuple(value)


# ---------------------------------------------------------------------------------------------
# points and steps


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


def read_board_steps(query: Json, position: Position, limit: int = MAX_STEPS) -> list[tuple[int, int]]:
    """``steps``: the steps already played, ``[[from, to], …]`` in absolute points, as own (from, to) pairs
    (``limit``: at most so many; a turn made of parts has up to :data:`~nardy_core.turn_plan.MAX_PARTED_DICE`)."""
    steps = query.get("steps", [])
    if not isinstance(steps, list) or len(steps) > limit:
        raise InputError(f"steps must be a list of at most {limit} [from, to] pairs, not {shown(steps)}", "BAD_STEPS")
    result = []
    for item in steps:
        if not isinstance(item, list) or len(item) != 2:
            raise InputError(f"a step must be [from, to], not {shown(item)}", "BAD_STEPS")
        result.append((own_point(position, item[0], "a step's from"), own_point(position, item[1], "a step's to")))
    return result


def read_step(query: Json, position: Position) -> tuple[int, int, int | None]:
    """``step``: ``{"from", "to", "die"?}`` in absolute points, as own (from, to) and the die (None: any)."""
    step = require_object(query.get("step"), "step")
    refuse_unknown(step, STEP_FIELDS, "a step")
    src, dst = read_board_point(step, "from", position), read_board_point(step, "to", position)
    die = step.get("die")
    if die is not None and (not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6):
        raise InputError(f"die must be a whole number 1..6, not {shown(die)}", "BAD_DICE")
    return src, dst, die


def read_own_moves(query: Json, limit: int = MAX_STEPS) -> list[tuple[int, int]]:
    """The CLI's ``play`` (text, own numbering) or ``steps`` (``[[from, to], …]`` own numbering, at most ``limit``)."""
    if "steps" in query:
        if "play" in query:
            raise InputError("give the play either as 'play' (text) or as 'steps', not both", "BAD_STEPS")
        steps = query["steps"]
        if not isinstance(steps, list) or len(steps) > limit:
            raise InputError(f"steps must be a list of at most {limit} [from, to] pairs", "BAD_STEPS")
        result = []
        for raw in steps:
            if isinstance(raw, dict):
                refuse_unknown(raw, ("from", "to"), "a step")
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


# ---------------------------------------------------------------------------------------------
# games on the free board: the page keeps the state it is given and sends it back


def read_players(query: Json, to_move: Side = Side.WHITE) -> dict[str, str]:
    """Who plays each side: ``{"white": …, "black": …}``, or relative to the side to move
    (``{"to_move": …, "opponent": …}``, for a position from an address: its mover is the learner)."""
    value = require_object(query.get("players", {"white": "human", "black": "computer"}), "players")
    if "to_move" in value or "opponent" in value:
        refuse_unknown(value, ("to_move", "opponent"), "players")
        value = {to_move.value: value.get("to_move", "human"), to_move.other.value: value.get("opponent", "human")}
    refuse_unknown(value, [side.value for side in Side], "players")
    players = {}
    for side in Side:
        who = value.get(side.value, "human")
        if not isinstance(who, str) or who not in PLAYERS:
            raise InputError(f"players.{side.value} must be 'human' or 'computer', not {shown(who)}", "BAD_PLAYERS")
        players[side.value] = who
    return players


def read_opening(value: object) -> tuple[tuple[int, int], ...]:
    """``opening``: the opening throws ``[[white die, black die], …]``, every one a tie but the last."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_OPENING_THROWS:
        raise InputError(
            f"game.opening must list 1..{MAX_OPENING_THROWS} opening throws [[white die, black die], …]", "BAD_GAME_STATE"
        )
    throws = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise InputError(f"an opening throw is [white die, black die], not {shown(item)}", "BAD_GAME_STATE")
        Roll.from_list(item)  # both dice whole numbers 1..6
        throws.append((int(item[0]), int(item[1])))
    if any(white != black for white, black in throws[:-1]) or throws[-1][0] == throws[-1][1]:
        raise InputError("game.opening: every opening throw but the last is a tie, and the last is not", "BAD_GAME_STATE")
    return tuple(throws)


#: a game record as the page keeps it: the game's start and every answer's ``last`` in order
RECORD_FIELDS = frozenset(("game", "rules", "opening", "events"))
EVENT_FIELDS = frozenset(("side", "dice", "play", "cube", "handoff"))
CUBE_EVENT_VERBS = ("double", "take", "drop", "beaver")


def read_record(query: Json) -> Record:
    """``record``: a game from its start, ``{"game", "rules", "opening", "events": [{"side", "dice", "play"} |
    {"side", "cube"}, …]}`` (what the answers' ``last`` said, turn by turn); whether it fits the rules is found
    when it is replayed.

    >>> len(read_record({"record": {"opening": [[6, 5]], "events": [{"side": "white", "dice": [6, 5], "play": "24/13"}]}}).events)
    1
    """
    data = require_object(query.get("record"), "record")
    refuse_unknown(data, RECORD_FIELDS, "the record")
    game = read_game(data)
    events = data.get("events", [])
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise InputError(f"record.events must list at most {MAX_EVENTS} turns and cube actions", "BAD_RECORD")
    read: list[Event] = []
    for item in events:
        event = require_object(item, "a record event")
        refuse_unknown(event, EVENT_FIELDS, "a record event")
        side = read_side(event.get("side"), "record side")
        if "cube" in event:
            verb = event["cube"]
            if verb not in CUBE_EVENT_VERBS or "dice" in event or "play" in event or "handoff" in event:
                raise InputError(f"a cube action is double, take, drop or beaver, not {shown(verb)}", "BAD_RECORD")
            read.append(CubeAction(side, verb))
            continue
        if "handoff" in event:
            if "dice" in event:
                raise InputError("a record event plays thrown dice or dice handed over, not both", "BAD_RECORD")
            dice = read_handoff(event["handoff"], "a record event's handoff")
            read.append(Handoff(side, dice, tuple(Step(a, b, 0) for a, b in parse_play(read_text(event, "play")))))
            continue
        roll = read_roll(event)
        # the dice of each step are found again when the record is replayed
        read.append(Turn(side, roll, tuple(Step(a, b, 0) for a, b in parse_play(read_text(event, "play")))))
    return Record(read_rules(data, game), read_opening(data.get("opening")), tuple(read))


def read_cube(value: object) -> Cube:
    """``cube``: ``{"value", "owner", "offered_by", "turned"}`` (an offer comes from the cube's owner or the middle)."""
    data = require_object(value, "game.cube")
    refuse_unknown(data, CUBE_FIELDS, "game.cube")
    owner = read_optional_side(data, "owner", "cube.owner")
    offered_by = read_optional_side(data, "offered_by", "cube.offered_by")
    if offered_by is not None and owner not in (None, offered_by):
        raise InputError("game.cube: a double is offered by the cube's owner (or from the middle)", "BAD_GAME_STATE")
    return Cube(read_int(data, "value", 1, 1, MAX_VALUE), owner, offered_by, read_flag(data, "turned"))


def read_game_state(query: Json) -> tuple[GameState, dict[str, str]]:
    """``game``: a game state as an earlier answer wrote it, checked to be one a game can be in."""
    data = require_object(query.get("game"), "game")
    refuse_unknown(data, GAME_STATE_FIELDS | GAME_STATE_DERIVED, "the game state")
    position = Position.from_notation(data.get("position"))
    if "game" in data and read_game(data) is not position.game:
        raise InputError(f"the game state's position is {position.game.value} nardy, not {read_game(data).value}", "BAD_GAME_STATE")
    rules = read_rules(data, position.game)
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise InputError(f"game.result must be null or the result of the game, not {shown(result)}", "BAD_GAME_STATE")
    if result is not None:
        raise GameError("the game is over", "GAME_OVER")
    throws = read_opening(data.get("opening", [[6, 1]]))
    cube = read_cube(data.get("cube", {}))
    has_moved = data.get("has_moved", [])
    if not isinstance(has_moved, list) or len(has_moved) > 2:
        raise InputError("game.has_moved must list the sides that have moved", "BAD_GAME_STATE")
    roll = None if data.get("roll") is None else read_roll(data, "roll")
    handoff = () if data.get("handoff") in (None, []) else read_handoff(data.get("handoff"), "game.handoff")
    if handoff and (roll is not None or not isinstance(rules, GulbaraRules)):
        raise InputError("game.handoff: dice are handed over in a game whose turns have parts, before the roll",
                         "BAD_GAME_STATE")
    rolls = _read_rolls(data.get("rolls", [0, 0]))
    extra = read_optional_side(data, "extra_roll_for", "extra_roll_for")
    winner = position.winner()
    if winner is not None and extra is None:
        raise GameError(f"the game is over: {winner.value} has borne off all 15 checkers", "GAME_OVER")
    if extra is not None and (winner is None or extra is not position.to_move):
        raise InputError("game.extra_roll_for is the side to move, once the other has borne off all 15", "BAD_GAME_STATE")
    if cube.offered_by is not None and (cube.offered_by is not position.to_move or roll is not None):
        raise InputError("game.cube: a double is offered by the side to move, before it throws the dice", "BAD_GAME_STATE")
    # cube_in_play is false only in a Crawford game (or without the cube, where it does not matter)
    cube_in_play = read_flag(data, "cube_in_play", rules.cube)
    cube_allowed = cube_in_play if rules.cube else True
    game = GameState(
        position,
        rules,
        read_side(data.get("first_mover", "white"), "first_mover"),
        Record(rules, throws, cube_allowed=cube_allowed),
        roll,
        frozenset(read_side(s, "has_moved") for s in has_moved),
        None,
        extra,
        cube,
        handoff,
        rolls,
    )
    return game, read_players(data)


def _read_rolls(value: object) -> tuple[int, int]:
    """``game.rolls``: [White's, Black's] own rolls so far."""
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_ROLL_NO for n in value)):
        raise InputError(f"game.rolls must be [white, black], each 0..{MAX_ROLL_NO}, not {shown(value)}", "BAD_GAME_STATE")
    return value[0], value[1]

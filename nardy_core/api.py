"""JSON in, JSON out: the only facade the browser (and the CLI) talk to.

Every function takes a JSON-able ``dict`` and returns one; :func:`handle` takes and returns JSON
text, for the Web Worker. No Python object crosses the boundary. Invalid input never raises: the
answer is ``{"error": {"code": ..., "message": ..., "detail": ...}}``.

Positions are given either as ``"position": "<notation>"`` or, as in ``rules-cases.json``, as
``"white": {own point: count}, "black": {...}, "mover": "white"``.

>>> turns({"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True})
{'outcomes': [{'white': {'24': 14, '13': 1}, 'black': {'24': 15}, 'play': '24/18 18/13'}]}
>>> check({"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True, "play": "24/18 24/19"})
{'verdict': 'illegal', 'code': 'HEAD_LIMIT', 'step': 2}
>>> handle("ping", "{}")
'{"pong": true, "version": "0.1.0"}'
>>> turns({"position": "w/24:16/24:15", "dice": [6, 5]})["error"]["code"]
'TOO_MANY_CHECKERS'
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .blocks import forbidden_block
from .dice import DiceError, Roll
from .bot import choose
from .game import Game, GameError, Record, is_first_turn
from .game import play as game_play_turn
from .game import start as game_start
from .interactive import TurnInProgress, check_play
from .movegen import TurnSearch
from .moves import OFF, PlayError, Step, format_play, parse_play
from .notation import format_position, parse
from .position import Position, PositionError
from .reasons import Reason
from .rules import Rules, RulesError
from .scoring import score
from .sides import Side, to_absolute

Json = dict[str, Any]


class InputError(ValueError):
    """Bad input to the API; ``code`` is a stable error code."""

    def __init__(self, message: str, code: str = "BAD_INPUT") -> None:
        super().__init__(message)
        self.code = code


def error(code: str, message: str) -> Json:
    """The error object returned for invalid input."""
    return {"error": {"code": code, "message": message, "detail": message}}


# ---------------------------------------------------------------------------------------------
# reading queries


def read_position(query: Json) -> Position:
    """The position of a query: ``position`` notation or ``white``/``black``/``mover``."""
    if not isinstance(query, dict):
        raise InputError("a query must be a JSON object")
    if "position" in query:
        position = parse(query["position"])
        if "mover" in query:
            position = position.with_to_move(_side(query["mover"]))
        return position
    for key in ("white", "black"):
        if not isinstance(query.get(key), dict):
            raise InputError(f"missing {key!r}: give 'position' (notation) or 'white' and 'black' as {{point: count}}")
    return Position.from_points(query["white"], query["black"], _side(query.get("mover", "white")))


def _side(value: Any) -> Side:
    if not isinstance(value, str):
        raise InputError(f"mover must be 'white' or 'black', not {value!r}", "BAD_SIDE")
    try:
        return Side.parse(value)
    except ValueError as exc:
        raise InputError(str(exc), "BAD_SIDE") from None


def read_roll(query: Json) -> Roll:
    """The roll of a query (``dice``: two numbers 1..6)."""
    return Roll.from_list(query.get("dice"))


def read_rules(query: Json) -> Rules:
    """The rules of a query (``rules``: options of RULES.md §1.16; optional)."""
    return Rules.from_dict(query.get("rules"))


def read_first_turn(query: Json) -> bool:
    """``first_turn`` (optional, default false)."""
    value = query.get("first_turn", False)
    if not isinstance(value, bool):
        raise InputError(f"first_turn must be true or false, not {value!r}")
    return value


def read_steps(query: Json) -> list[tuple[int, int]]:
    """Moves already played: ``steps`` as ``[[from, to], …]`` / ``[{"from", "to"}]`` or ``play`` as text."""
    if "steps" in query:
        steps = query["steps"]
        if not isinstance(steps, list):
            raise InputError("steps must be a list of [from, to] pairs")
        result = []
        for item in steps:
            if isinstance(item, dict):
                item = [item.get("from"), item.get("to")]
            if not isinstance(item, list) or len(item) != 2:
                raise InputError(f"a step must be [from, to], not {item!r}")
            result.append((_point(item[0]), _point(item[1])))
        return result
    return parse_play(query.get("play", ""))


def _point(value: Any) -> int:
    if value == "off":
        return OFF
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 24:
        return value
    raise InputError(f"a point is 1..24 or 'off', not {value!r}", "BAD_POINT")


# ---------------------------------------------------------------------------------------------
# the CLI contract


def turns(query: Json) -> Json:
    """Every distinct legal final position, each with one play (``outcomes: []`` when the turn passes)."""
    return _guard(_turns, query)


def _turns(query: Json) -> Json:
    position, roll = read_position(query), read_roll(query)
    outcomes = []
    search = TurnSearch(position, roll, read_first_turn(query), read_rules(query))
    for final, play in search.outcomes():
        outcomes.append(
            {"white": final.as_points(Side.WHITE), "black": final.as_points(Side.BLACK), "play": format_play(play)}
        )
    return {"outcomes": outcomes}


def check(query: Json) -> Json:
    """Verdict on ``play``: ``legal``, ``illegal`` (code, 1-based step) or ``incomplete`` (MUST_USE_BOTH)."""
    return _guard(_check, query)


def _check(query: Json) -> Json:
    verdict = check_play(
        read_position(query), read_roll(query), read_steps(query), read_first_turn(query), read_rules(query)
    )
    return {"verdict": verdict.verdict, "code": verdict.code, "step": verdict.step}


# ---------------------------------------------------------------------------------------------
# the browser's questions


def describe(query: Json) -> Json:
    """A position: canonical notation, board model, pips, any forbidden block, the winner."""
    return _guard(_describe, query)


def _describe(query: Json) -> Json:
    position = read_position(query)
    rules = read_rules(query)
    blocks = {}
    for side in Side:
        points = forbidden_block(position, side, rules)
        if points:
            blocks[side.value] = list(points)
    winner = position.winner()
    return {
        "position": format_position(position),
        "board": board_model(position),
        "forbidden_blocks": blocks,
        "winner": None if winner is None else winner.value,
    }


def board_model(position: Position, dice: list[int] | None = None, dice_used: list[bool] | None = None) -> Json:
    """The board as the SVG renderer and the board view expect it (absolute White-numbered points)."""
    points = {
        str(absolute): {"side": side.value, "count": count} for absolute, (side, count) in position.board().items()
    }
    return {
        "points": points,
        "off": {side.value: position.borne_off(side) for side in Side},
        "to_move": position.to_move.value,
        "dice": dice or [],
        "dice_used": dice_used or [False] * len(dice or []),
        "perspective": position.to_move.value,
        "pips": {side.value: position.pips(side) for side in Side},
    }


def turn_state(query: Json) -> Json:
    """The state of a turn after ``steps``: legal next steps, destinations per checker, completeness."""
    return _guard(lambda q: _state(_replay(q)), query)


def try_step(query: Json) -> Json:
    """Judge ``step`` (``{"from", "to", "die"?}``) after ``steps``; if accepted, the new state too."""
    return _guard(_try_step, query)


def _try_step(query: Json) -> Json:
    turn = _replay(query)
    step = query.get("step")
    if not isinstance(step, dict):
        raise InputError("step must be {\"from\": point, \"to\": point or \"off\"}")
    src, dst = _point(step.get("from")), _point(step.get("to"))
    die = step.get("die")
    if die is not None and (not isinstance(die, int) or not 1 <= die <= 6):
        raise InputError(f"die must be 1..6, not {die!r}", "BAD_DICE")
    if die is not None:
        verdict = turn.play(src, dst, die)
        played, reason = ([verdict.step] if verdict.step else []), verdict.reason
    else:
        played, reason = turn.play_move(src, dst)
    mover = turn.search.mover
    return {
        "accepted": reason is None,
        "steps": [s.to_json() for s in played],
        "reason": None if reason is None else reason.to_json(),
        "highlight": [] if reason is None else highlight_points(reason, mover),
        "state": _state(turn),
    }


def _replay(query: Json) -> TurnInProgress:
    turn = TurnInProgress(read_position(query), read_roll(query), read_first_turn(query), read_rules(query))
    for index, (src, dst) in enumerate(read_steps(query), start=1):
        _, reason = turn.play_move(src, dst)
        if reason is not None:
            raise InputError(f"step {index} ({src}/{'off' if dst == OFF else dst}) is not legal: {reason.code}", "BAD_STEPS")
    return turn


def _state(turn: TurnInProgress) -> Json:
    mover = turn.search.mover
    position = turn.position
    roll = turn.search.roll
    used = _dice_used(list(roll.steps), list(turn.dice_left))
    legal = turn.legal_steps()
    moves: dict[str, list[Json]] = {}
    for src in sorted({s.src for s in legal}, reverse=True):
        moves[str(src)] = [
            {
                "to": "off" if route[-1].dst == OFF else route[-1].dst,
                "to_abs": None if route[-1].dst == OFF else to_absolute(mover, route[-1].dst),
                "dice": [s.die for s in route],
                "steps": [[s.src, "off" if s.dst == OFF else s.dst] for s in route],
            }
            for route in turn.destinations(src)
        ]
    return {
        "position": format_position(position),
        "mover": mover.value,
        "dice": list(roll.steps),
        "dice_left": list(turn.dice_left),
        "steps": [s.to_json() for s in turn.steps],
        "play": format_play(turn.steps),
        "legal_steps": [_step_json(s, mover) for s in legal],
        "moves": moves,
        "complete": turn.is_complete(),
        "must_pass": turn.must_pass(),
        "max_dice": turn.search.max_dice,
        "board": board_model(position, list(roll.steps), used),
    }


def _dice_used(all_dice: list[int], left: list[int]) -> list[bool]:
    remaining = list(left)
    flags = []
    for die in all_dice:
        if die in remaining:
            remaining.remove(die)
            flags.append(False)
        else:
            flags.append(True)
    return flags


def _step_json(step: Step, mover: Side) -> Json:
    data = step.to_json()
    data["from_abs"] = to_absolute(mover, step.src)
    data["to_abs"] = None if step.dst == OFF else to_absolute(mover, step.dst)
    return data


def highlight_points(reason: Reason, mover: Side) -> list[int]:
    """Absolute points a reason is about, for the board to mark."""
    params = reason.params
    own: list[int] = []
    if reason.code in ("OCCUPIED",):
        own = [params["point"]]
    elif reason.code == "SIX_BLOCK":
        own = list(params.get("points", []))
    elif reason.code == "NOT_ALL_HOME":
        own = list(params.get("outside", []))
    elif reason.code == "BEAR_OFF_HIGHER_OCCUPIED":
        own = list(params.get("higher", []))
    elif reason.code in ("HEAD_LIMIT", "NO_CHECKER", "WRONG_DIRECTION", "NO_SUCH_DIE"):
        own = [params.get("from", params.get("point"))]
    return [to_absolute(mover, p) for p in own if isinstance(p, int) and 1 <= p <= 24]


def result(query: Json) -> Json:
    """Score a finished position: ``winner`` has borne off all 15."""
    return _guard(_result, query)


def _result(query: Json) -> Json:
    position = read_position(query)
    winner = _side(query.get("winner") or (position.winner() or Side.WHITE).value)
    if position.on_board(winner):
        raise InputError(f"{winner.value} has not borne off all 15 checkers", "NOT_OVER")
    return score(position, winner, read_rules(query)).to_json()


def game_new(query: Json) -> Json:
    """Start a game: ``{"rules", "white_die", "black_die"}`` (the deciding opening throw) → game state."""
    return _guard(lambda q: _game_json(game_start(read_rules(q), q.get("white_die"), q.get("black_die"))), query)


def game_from_position(query: Json) -> Json:
    """A game continuing from any position (free board): both sides count as having moved unless it is the start."""
    def make(q: Json) -> Json:
        position = read_position(q)
        moved = frozenset() if position == Position.start().with_to_move(position.to_move) else frozenset(Side)
        rules = read_rules(q)
        game = Game(position, rules, position.to_move, Record(rules, ((6, 1),)), has_moved=moved)
        return _game_json(game)

    return _guard(make, query)


def game_play(query: Json) -> Json:
    """Play a whole turn in a game: ``{"game": <state>, "dice", "play"}`` → the next state (result when over)."""
    def step(q: Json) -> Json:
        game = _read_game(q.get("game"))
        return _game_json(game_play_turn(game, read_roll(q), q.get("play", "")))

    return _guard(step, query)


def bot_turn(query: Json) -> Json:
    """The computer's turn for the side to move: ``{"position", "dice", "first_turn", "rules"}`` → play."""
    def pick(q: Json) -> Json:
        steps = choose(read_position(q), read_roll(q), read_first_turn(q), read_rules(q), int(q.get("seed", 0)))
        return {"play": format_play(steps), "steps": [s.to_json() for s in steps]}

    return _guard(pick, query)


def _game_json(game: Game) -> Json:
    return {
        "position": format_position(game.position),
        "rules": game.rules.to_dict(),
        "first_mover": game.first_mover.value,
        "has_moved": sorted(s.value for s in game.has_moved),
        "pending_roll": game.pending_roll.to_list() if game.pending_roll else None,
        "extra_roll_for": game.extra_roll_for.value if game.extra_roll_for else None,
        "first_turn": is_first_turn(game, game.to_move),
        "to_move": game.to_move.value,
        "result": game.result.to_json() if game.result else None,
        "board": board_model(game.position),
    }


def _read_game(data: Any) -> Game:
    if not isinstance(data, dict):
        raise InputError("game must be the state object returned by game_new / game_play")
    position = parse(data.get("position", ""))
    rules = Rules.from_dict(data.get("rules"))
    if data.get("result"):
        raise GameError("the game is over", "GAME_OVER")
    pending = data.get("pending_roll")
    extra = data.get("extra_roll_for")
    return Game(
        position,
        rules,
        _side(data.get("first_mover", "white")),
        Record(rules, ((6, 1),)),
        Roll.from_list(pending) if pending else None,
        frozenset(_side(s) for s in data.get("has_moved", [])),
        None,
        _side(extra) if extra else None,
    )


def ping(query: Json) -> Json:
    """Liveness and version check for the worker."""
    return {"pong": True, "version": __version__}


HANDLERS: dict[str, Callable[[Json], Json]] = {
    "ping": ping,
    "turns": turns,
    "check": check,
    "describe": describe,
    "turn_state": turn_state,
    "try_step": try_step,
    "result": result,
    "game_new": game_new,
    "game_from_position": game_from_position,
    "game_play": game_play,
    "bot_turn": bot_turn,
}


def _guard(function: Callable[[Json], Json], query: Json) -> Json:
    try:
        if not isinstance(query, dict):
            raise InputError("a query must be a JSON object")
        return function(query)
    except (InputError, PositionError, DiceError, RulesError, PlayError, GameError) as exc:
        return error(getattr(exc, "code", "BAD_INPUT"), str(exc))


def call(kind: str, query: Any) -> Json:
    """Dispatch one request by name."""
    handler = HANDLERS.get(kind)
    if handler is None:
        return error("UNKNOWN_REQUEST", f"unknown request {kind!r}; known: {', '.join(HANDLERS)}")
    if kind == "ping":
        return ping(query)
    return handler(query)


def handle(kind: str, payload_json: str) -> str:
    """JSON text in, JSON text out (the Web Worker's entry point)."""
    try:
        query = json.loads(payload_json)
    except (TypeError, ValueError) as exc:
        return json.dumps(error("BAD_JSON", f"invalid JSON: {exc}"), ensure_ascii=False)
    return json.dumps(call(kind, query), ensure_ascii=False)

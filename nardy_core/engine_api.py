"""The engine's requests (``hint``, ``evaluate``, ``cube``) and the computer's level, for :mod:`nardy_core.api`.

``hint`` reads a turn query exactly as ``turns`` does (``game``, ``white``, ``black``, ``mover``, ``dice``,
``first_turn``, ``rules``, or ``position``) plus ``plies`` (0, 1 or 2; default :data:`DEFAULT_PLIES`) and
answers every legal play, best first, each side in its own numbering as ``turns`` writes it, with the mover's
cubeless money equity and chances (:mod:`nardy_core.search`; ``docs/engine.md``). Numbers are rounded to
four places. ``evaluate`` answers a position's chances for its side to move; ``cube`` adds the cube decision
for the cube given (``{"value", "owner", "offered_by"?, "turned"?}``, default a centred cube at 1).

>>> answer = hint({"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True})
>>> [(p["play"], p["white"]) for p in answer["plays"]]
[('24/18 18/13', {'24': 14, '13': 1})]
>>> hint({"position": "short:w/bar,6:14/6:2,5:2,4:2,3:2,2:2,1:2,off:3", "dice": [4, 2]})
{'plays': []}
>>> evaluate({"position": "w/2:2,off:13/1,off:14"})["win"]
0.7222
>>> race = "short:w/6:2,5:2,4,off:10/6:2,5:2,4:2,off:9"     # an exact race, White on roll
>>> answer = cube({"position": race, "rules": {"cube": True}})
>>> answer["win"], answer["advice"]["action"], answer["advice"]["response"]
(0.8028, 'double', 'drop')
"""

from __future__ import annotations

from .answer_types import CubeAnswer, EvaluateAnswer, HintAnswer, HintPlay
from .cube import Cube
from .cube_advice import advice
from .engine import DEFAULT_LEVEL, LEVELS, Level
from .errors import InputError, shown
from .evaluator import RACE, Probabilities, evaluator_for
from .position import Position
from .requests import Json, read_cube, read_int, read_position, read_rules, read_turn_setup
from .rules import Rules
from .search import MAX_PLIES, rank_plays
from .sides import Side

DEFAULT_PLIES = 0  #: a hint's depth unless the query says (1 ply is some tenths of a second natively: docs/engine.md)
PLACES = 4  #: decimals of the numbers an answer writes


def _round(value: float) -> float:
    return round(value, PLACES) + 0.0  # + 0.0: never a -0.0


def read_level(query: Json) -> Level:
    """``level``: the computer's strength, ``"beginner"`` (the default), ``"club"`` or ``"master"``."""
    value = query.get("level", DEFAULT_LEVEL)
    for level in LEVELS:
        if value == level:
            return level
    raise InputError(f"level must be {', '.join(LEVELS)}, not {shown(value)}", "BAD_LEVEL")


def hint(query: Json) -> HintAnswer:
    """Every legal play of the query's turn with the mover's equity and chances, best first."""
    setup = read_turn_setup(query)
    plies = read_int(query, "plies", DEFAULT_PLIES, 0, MAX_PLIES)
    ranked = rank_plays(*setup, evaluator_for(setup.position.game), plies)
    plays: list[HintPlay] = [
        {
            "play": entry.text,
            "white": entry.final.as_points(Side.WHITE),
            "black": entry.final.as_points(Side.BLACK),
            "equity": _round(entry.equity),
            "win": _round(entry.probabilities.win),
            "win_mars": _round(entry.probabilities.win_mars),
            "lose_mars": _round(entry.probabilities.lose_mars),
        }
        for entry in ranked
    ]
    return {"plays": plays}


def chances(position: Position, rules: Rules) -> tuple[Probabilities, bool]:
    """The side to move's chances, and whether they are exact (the race tables, or the game is over)."""
    if position.winner() is not None or RACE.applies(position):
        return RACE.one(position, rules), True
    return evaluator_for(position.game).evaluate([position], rules)[0], False


def evaluate(query: Json) -> EvaluateAnswer:
    """A position's chances and cubeless money equity for its side to move."""
    position = read_position(query)
    rules = read_rules(query, position.game)
    p, exact = chances(position, rules)
    return {
        "win": _round(p.win), "win_mars": _round(p.win_mars), "win_koks": _round(p.win_koks),
        "lose_mars": _round(p.lose_mars), "lose_koks": _round(p.lose_koks), "equity": _round(p.equity(rules)),
        "exact": exact,
    }


def cube(query: Json) -> CubeAnswer:
    """The side to move's chances and the cube decision (``cube_advice``) for the cube as it stands."""
    position = read_position(query)
    rules = read_rules(query, position.game)
    state = read_cube(query["cube"]) if "cube" in query else Cube()
    p, _ = chances(position, rules)
    decision = advice(p, rules, state, position.to_move)
    return {
        "win": _round(p.win), "win_mars": _round(p.win_mars), "lose_mars": _round(p.lose_mars),
        "equity": _round(p.equity(rules)), "advice": decision.to_json(),
    }

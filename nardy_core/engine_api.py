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

from .analysis import SideAnalysis, TurnAnalysis, analyse
from .answer_types import (
    AdviseAnswer,
    AdvisedPlay,
    AnalysedTurn,
    CubeAnswer,
    EvaluateAnswer,
    GameAnalysisAnswer,
    HintAnswer,
    HintPlay,
    JudgeAnswer,
    PlayedStep,
    SideAnalysisJson,
)
from .cube import Cube
from .cube_advice import position_advice
from .engine import DEFAULT_LEVEL, LEVELS, Level
from .errors import InputError, shown
from .evaluator import RACE, Probabilities, evaluator_for
from .moves import Step, board_play, parse_play
from .position import Position
from .race import judged_chances
from .requests import Json, read_cube, read_int, read_position, read_record, read_rules, read_text, read_turn_setup
from .rules import Rules
from .search import MAX_PLIES, RankedPlay, rank_plays
from .sides import Side
from .tutor import Judgment, grade, prompt_evaluator
from .tutor import judge as judge_play

DEFAULT_PLIES = 0  #: a hint's depth unless the query says (1 ply is some tenths of a second natively: docs/engine.md)
PLACES = 4  #: decimals of the numbers an answer writes
ADVISED = 5  #: how many plays ``advise`` answers unless the query says (``limit``)
MAX_ADVISED = 50


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
    return judged_chances(position, rules, evaluator_for(position.game)), False


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
    decision = position_advice(position, p, rules, state)
    return {
        "win": _round(p.win), "win_mars": _round(p.win_mars), "lose_mars": _round(p.lose_mars),
        "equity": _round(p.equity(rules)), "advice": decision.to_json(),
    }


# ---------------------------------------------------------------------------------------------
# the tutor, for the page: plays in the board's numbering, with their steps to draw


def _step_json(position: Position, step: Step) -> PlayedStep:
    from .api import step_json  # the page's one shape of a step (api imports this module)

    return step_json(position, step)


def _advised(position: Position, entry: RankedPlay, best: RankedPlay) -> AdvisedPlay:
    loss = max(0.0, best.equity - entry.equity)
    return {
        "play": board_play(position.game, position.to_move, entry.steps),
        "steps": [_step_json(position, step) for step in entry.steps],
        "equity": _round(entry.equity),
        "win": _round(entry.probabilities.win),
        "win_mars": _round(entry.probabilities.win_mars),
        "lose_mars": _round(entry.probabilities.lose_mars),
        "loss": _round(loss),
        "grade": grade(loss).value,
    }


def advise(query: Json) -> AdviseAnswer:
    """The page's hint: the ``limit`` best plays of the query's turn (as ``hint`` ranks them, but answered at
    once: :func:`~nardy_core.tutor.prompt_evaluator`), each written in the board's numbering with its steps to
    draw and what it loses against the best.

    >>> answer = advise({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [3, 1], "limit": 2})
    >>> [(p["play"], p["grade"]) for p in answer["plays"]][0], len(answer["plays"]), answer["total"]
    (('8/5 6/5', 'best'), 2, 16)
    >>> advise({"position": "b/24:15/24:14,18", "dice": [6, 5]})["plays"][0]["play"]  # Black's 24/18 18/13: its 24 is the board's 12
    '12/6 6/1'
    """
    setup = read_turn_setup(query)
    plies = read_int(query, "plies", DEFAULT_PLIES, 0, MAX_PLIES)
    limit = read_int(query, "limit", ADVISED, 1, MAX_ADVISED)
    ranked = rank_plays(*setup, prompt_evaluator(setup.position), plies)
    return {"plays": [_advised(setup.position, entry, ranked[0]) for entry in ranked[:limit]], "total": len(ranked)}


def judged_json(position: Position, judged: Judgment) -> JudgeAnswer:
    """A tutor's verdict as the page shows it: plays in the board's numbering, reasons as catalog keys."""
    return {
        "grade": judged.grade.value,
        "loss": _round(judged.loss),
        "rank": judged.rank,
        "total": judged.plays,
        "played": _advised(position, judged.played, judged.best),
        "best": _advised(position, judged.best, judged.best),
        "why": [{"code": why.code.value, "message": why.key, "params": dict(why.params)} for why in judged.why],
    }


def judge(query: Json) -> JudgeAnswer:
    """A legal play (``play``, the mover's notation, as ``game_play`` takes it) graded against the best of its
    roll (:mod:`nardy_core.tutor`, answered at once: :func:`~nardy_core.tutor.prompt_evaluator`), with the
    reasons the best is better.

    >>> answer = judge({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [3, 1], "play": "24/21 24/23"})
    >>> answer["grade"], answer["best"]["play"], [why["message"] for why in answer["why"]]
    ('blunder', '8/5 6/5', ['tutor.why.HOME_POINT', 'tutor.why.BLOTS'])
    """
    setup = read_turn_setup(query)
    plies = read_int(query, "plies", DEFAULT_PLIES, 0, MAX_PLIES)
    judged = judge_play(*setup, parse_play(read_text(query, "play")), prompt_evaluator(setup.position), plies)
    return judged_json(setup.position, judged)


def _side_analysis(figures: SideAnalysis) -> SideAnalysisJson:
    return {
        "decisions": figures.decisions, "loss": _round(figures.loss), "error_rate": _round(figures.error_rate),
        "band": figures.band, "inaccuracies": figures.inaccuracies, "mistakes": figures.mistakes,
        "blunders": figures.blunders, "cube_decisions": figures.cube_decisions, "cube_errors": figures.cube_errors,
        "cube_loss": _round(figures.cube_loss),
    }


def _analysed_turn(turn: TurnAnalysis) -> AnalysedTurn:
    position = turn.before
    return {
        "index": turn.index, "number": turn.number, "side": turn.side.value, "dice": turn.roll.to_list(),
        "position": position.notation(), "first_turn": turn.first_turn,
        "play": board_play(position.game, turn.side, turn.steps),
        "steps": [_step_json(position, step) for step in turn.steps],
        "white_win": _round(turn.white_win),
        "judged": None if turn.judgment is None else judged_json(position, turn.judgment),
    }


def game_analysis(query: Json) -> GameAnalysisAnswer:
    """A whole game from its record (as ``game_review`` reads it) analysed (:mod:`nardy_core.analysis`): each
    turn judged as ``judge`` judges a play, each cube decision against the engine's advice, White's chances
    over the game, each side's error rate and band, and the places of the biggest mistakes in ``turns``.

    >>> record = {"game": "short", "opening": [[3, 1]], "events": [{"side": "white", "dice": [3, 1], "play": "24/21 24/23"}]}
    >>> answer = game_analysis({"record": record})
    >>> turn = answer["turns"][0]
    >>> turn["play"], turn["judged"]["grade"], turn["judged"]["best"]["play"], answer["worst"], answer["white"]["band"]
    ('24/21 24/23', 'blunder', '8/5 6/5', [0], 'novice')
    """
    analysis = analyse(read_record(query), read_int(query, "plies", DEFAULT_PLIES, 0, MAX_PLIES))
    turns = [_analysed_turn(turn) for turn in analysis.turns]
    place = {turn.index: n for n, turn in enumerate(analysis.turns)}
    result = analysis.final.result
    return {
        "game": analysis.record.rules.game.value,
        "start_white_win": _round(analysis.start_white_win),
        "turns": turns,
        "cube": [
            {"index": c.index, "side": c.side.value, "move": c.move, "right": c.right, "loss": _round(c.loss), "grade": c.grade.value}
            for c in analysis.cube
        ],
        "white": _side_analysis(analysis.side(Side.WHITE)),
        "black": _side_analysis(analysis.side(Side.BLACK)),
        "worst": [place[turn.index] for turn in analysis.worst()],
        "result": None if result is None else result.to_json(),
    }

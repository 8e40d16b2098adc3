"""JSON in, JSON out: the only facade the browser (and the CLI) talk to.

Every handler takes a JSON-able ``dict`` and returns one; :func:`handle` takes and returns JSON text, for
the Web Worker. Invalid input never raises: the answer is ``{"error": {"code", "message", "params"}}``.

Two numberings meet here. The CLI contract (``turns``, ``check``) speaks each side's **own** numbering,
as the worked cases do. Everything the page asks (``turn_state``, ``try_step``, the game requests…) speaks
**absolute** board points (1..24 in White's numbering, plus ``"bar"`` and ``"off"``), and every answer
carries what the page needs to show it without knowing a rule: the mover, labels in the mover's own
numbering, the board model, reasons as catalog keys with their parameters, who acts next.

This module only reads requests (:mod:`nardy_core.requests`), dispatches them and writes the answers, each of
a type of :mod:`nardy_core.answer_types`. What a reason's sentence is comes from :mod:`nardy_core.reasons`,
the game's course from :mod:`nardy_core.flow`, the computer's decisions from an
:class:`~nardy_core.opponent.Opponent` of the request's ``level`` (:func:`nardy_core.engine.opponent`; by
default :data:`nardy_core.bot.HEURISTIC`), and the engine's requests from :mod:`nardy_core.engine_api`.

>>> call("turns", {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True})
{'outcomes': [{'white': {'24': 14, '13': 1}, 'black': {'24': 15}, 'play': '24/18 18/13'}]}
>>> call("check", {"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True, "play": "24/18 24/19"})
{'verdict': 'illegal', 'code': 'HEAD_LIMIT', 'step': 2}
>>> handle("ping", "{}")
'{"pong": true, "version": "0.2.0"}'
>>> call("turns", {"position": "w/24:16/24:15", "dice": [6, 5]})["error"]["code"]
'TOO_MANY_CHECKERS'
>>> call("turn_state", {"position": "b/24:14,13/24:15", "dice": [6, 5], "first_turn": True})["moves"]["12"][0]
{'to': 7, 'dice': [5], 'steps': [[12, 7]], 'hits': 0}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from . import __version__
from .answer_types import (
    BotTurnAnswer,
    CheckAnswer,
    DescribeAnswer,
    Destination,
    ErrorAnswer,
    ExplainAnswer,
    GameReviewAnswer,
    GameStateJson,
    Outcome,
    PingAnswer,
    PlayedStep,
    PointId,
    ReasonJson,
    ResultJson,
    SetupAnswer,
    StepAnswer,
    TurnFields,
    TurnPartJson,
    TurnsAnswer,
    TurnState,
)
from .blocks import forbidden_block
from .board import board_model, counts_model, dice_uses
from .dice import Roll, Throw
from .engine import opponent
from .engine_api import advise, cube, evaluate, game_analysis, hint, judge, read_level
from .errors import GameError, InputError, NardyError, shown
from .exchange_api import game_file, share_codes, shared_position
from .flow import (
    CubeVerb,
    Event,
    GameState,
    Handoff,
    Turn,
    cube_action,
    from_position,
    is_first_turn,
    play_handoff,
    roll_dice,
    start_thrown,
)
from .flow import play as play_turn
from .games import BAR, OFF, Game
from .interactive import TurnInProgress, check_play
from .movegen import TurnSearch
from .moves import Step, board_play, format_play, point_json
from .opponent import act
from .parts import CascadeTurn, check_parted_play
from .position import Position
from .reasons import Reason, ReasonCode
from .requests import (
    MAX_SEED,
    MAX_STEPS,
    Json,
    PartedSetup,
    check_depth,
    check_fields,
    decode_request,
    read_board_point,
    read_board_steps,
    read_game,
    read_game_state,
    read_int,
    read_optional_roll,
    read_own_moves,
    read_parted_setup,
    read_players,
    read_position,
    read_record,
    read_rng,
    read_roll,
    read_rules,
    read_side,
    read_step,
    read_text,
    read_turn_setup,
    require_object,
)
from .scoring import score
from .sentences import reason_message, reason_points
from .setups import Setup, read_setup_bar, read_setup_points
from .sides import Side
from .summary import summarize
from .turn_plan import MAX_PARTED_DICE, TurnPlan, play_by_parts


def error(code: str, message: str, params: Mapping[str, object] | None = None) -> ErrorAnswer:
    """The error object returned for invalid input."""
    return {"error": {"code": code, "message": message, "params": dict(params or {})}}


# ---------------------------------------------------------------------------------------------
# absolute points and reasons, as the page shows them


def abs_point(position: Position, own: int) -> PointId:
    """The side to move's own point (0 = off, 25 = bar) as the page's absolute point id."""
    return side_point(position.game, position.to_move, own)


def side_point(game: Game, side: Side, own: int) -> PointId:
    """``side``'s own point (0 = off, 25 = bar) as the page's absolute point id."""
    if own in (OFF, BAR):
        return point_json(own)
    return game.absolute(side, own)


def step_json(position: Position, step: Step) -> PlayedStep:
    """A step as the page draws it: absolute ``from``/``to``, the die, the hit and the mover's labels."""
    return side_step_json(position.game, position.to_move, step)


def side_step_json(game: Game, side: Side, step: Step) -> PlayedStep:
    """A step of ``side``'s as the page draws it (:func:`step_json`)."""
    return {
        "from": side_point(game, side, step.src),
        "to": side_point(game, side, step.dst),
        "die": step.die,
        "hit": step.hit,
        "labels": [point_json(step.src), point_json(step.dst)],  # the mover's own numbers, for the page's text
    }


def reason_json(reason: Reason, position: Position, roll: Throw) -> ReasonJson:
    """A reason as the page shows it: code, catalog key and parameters, points to mark and the mark's kind."""
    key, params = reason_message(reason, position.game, roll.is_double)
    return {
        "code": reason.code.value,
        "message": key,
        "params": params,
        "highlight": [abs_point(position, p) for p in reason_points(reason)],
        "mark": "block" if reason.code is ReasonCode.SIX_BLOCK else "error",
    }


# ---------------------------------------------------------------------------------------------
# the CLI contract (each side in its own numbering)


def turns(query: Json) -> TurnsAnswer:
    """Every distinct legal final position, each with one play (``outcomes: []`` when the turn passes).

    In a game whose turns have parts (гюльбар, бешеные нарды) the outcomes are the whole turn's, each with the
    dice it hands to the opponent (``handoff``; a turn that passes is one outcome, its play empty, since it may
    still hand its dice over), and the answer names the turn's kind and parts:

    >>> answer = call("turns", {"position": "crazy:b/24:14,13/24:15", "dice": [6, 6], "first_turn": True})
    >>> answer["turn"], answer["parts"], answer["outcomes"]
    ('cascade', [[6, 6, 6, 6]], [{'white': {'24': 14, '13': 1}, 'black': {'24': 13, '18': 2}, 'play': '24/18 24/18', 'handoff': [6, 6]}])
    >>> call("turns", {"position": "crazy:w/24:14,13/24:13,18:2", "handoff": [6, 6]})["outcomes"][1]["play"]
    '13/7 7/1'
    """
    parted = read_parted_setup(query)
    if parted is not None:
        return _parted_turns(parted)
    search = TurnSearch(*read_turn_setup(query))
    outcomes: list[Outcome] = [
        {"white": final.as_points(Side.WHITE), "black": final.as_points(Side.BLACK), "play": format_play(play)}
        for final, play in search.outcomes()
    ]
    return {"outcomes": outcomes}


def _parted_turns(setup: PartedSetup) -> TurnsAnswer:
    position, rules, plan = setup
    outcomes: list[Outcome] = [
        {"white": outcome.position.as_points(Side.WHITE), "black": outcome.position.as_points(Side.BLACK),
         "play": format_play(outcome.steps), "handoff": list(outcome.handoff)}
        for outcome in plan.outcomes(position, rules)
    ]
    return {"outcomes": outcomes, "turn": plan.kind, "parts": [list(part.steps) for part in plan.parts]}


def check(query: Json) -> CheckAnswer:
    """Verdict on ``play``: ``legal``, ``illegal`` (code, 1-based step) or ``incomplete`` (MUST_USE_BOTH); in a
    game whose turns have parts, a legal play's answer names the dice it hands over (``handoff``)."""
    parted = read_parted_setup(query)
    if parted is not None:
        turn = parted.plan.turn(parted.position, parted.rules)
        judged = check_parted_play(turn, read_own_moves(query, MAX_PARTED_DICE))
        answer: CheckAnswer = {"verdict": judged.verdict, "code": None if judged.code is None else judged.code.value,
                               "step": judged.step}
        if judged.verdict == "legal":
            answer["handoff"] = list(parted.plan.handed(turn))
        return answer
    setup = read_turn_setup(query)
    verdict = check_play(setup.position, setup.roll, read_own_moves(query), setup.first_turn, setup.rules)
    return {"verdict": verdict.verdict, "code": None if verdict.code is None else verdict.code.value, "step": verdict.step}


# ---------------------------------------------------------------------------------------------
# positions


def describe(query: Json) -> DescribeAnswer:
    """A position: canonical notation, game, board model, pips, any forbidden block, the winner."""
    position = read_position(query)
    rules = read_rules(query, position.game)
    blocks: dict[str, list[int]] = {}
    for side in Side:
        points = forbidden_block(position, side, rules)
        if points:
            blocks[side.value] = [position.game.absolute(side, p) for p in points]
    winner = position.winner()
    return {
        "position": position.notation(),
        "game": position.game.value,
        "board": board_model(position),
        "forbidden_blocks": blocks,
        "winner": None if winner is None else winner.value,
    }


def setup(query: Json) -> SetupAnswer:
    """A position set up by hand (the board editor): ``points`` and ``bar`` as the board model writes them
    (with ``game`` and ``mover``), or ``position`` notation; ``dice`` (optional) and ``rules``. The answer
    is the board to draw, even while the setup is not a position, the canonical notation (``null`` while
    there are problems, but for a finished game, which is a position with nothing left to play), whether a
    game can go on from it, the problems (``setups.SETUP_PROBLEMS``) and the rules options in force.

    >>> answer = call("setup", {"game": "long", "mover": "black", "points": {"24": {"side": "white", "count": 16}}})
    >>> answer["position"], [problem["code"] for problem in answer["problems"]], answer["board"]["off"]
    (None, ['TOO_MANY_CHECKERS'], {'white': 0, 'black': 15})
    >>> call("setup", {"position": "w/24:15/24:15", "dice": "6-5"})["position"]
    'w/24:15/24:15'
    """
    if "position" in query:
        arranged = Setup.of(read_position(query))
    else:
        game = read_game(query)
        points = read_setup_points(game, query.get("points", {}))
        arranged = Setup.from_points(game, read_side(query.get("mover", "white")), points, read_setup_bar(game, query.get("bar")))
    rules = read_rules(query, arranged.game)
    roll = read_optional_roll(query)
    problems = arranged.problems(rules)
    # a finished game is still a position to show (and to score); the others are no position at all
    position = None if any(problem.code != "FINISHED" for problem in problems) else arranged.position()
    return {
        "board": counts_model(arranged.game, arranged.white, arranged.black, arranged.to_move, dice_uses(roll)),
        "position": None if position is None else position.notation(),
        "playable": not problems,
        "problems": [problem.to_json() for problem in problems],
        "rules": rules.to_dict(),
    }


def result(query: Json) -> ResultJson:
    """Score a finished position: ``winner`` has borne off all 15 (``cube``: the cube's value)."""
    position = read_position(query)
    winner = read_side(query["winner"], "winner") if "winner" in query else position.winner()
    if winner is None or position.on_board(winner):
        raise InputError("nobody has borne off all 15 checkers", "NOT_OVER")
    rules = read_rules(query, position.game)
    cube = read_int(query, "cube", 1, 1, 64)
    return score(position, winner, rules, cube=cube, cube_turned=cube > 1).to_json()


# ---------------------------------------------------------------------------------------------
# one turn on the page (absolute points)


@dataclass
class PageTurn:
    """A turn the page is playing: of one roll (a :class:`TurnInProgress`), or made of parts (a
    :class:`~nardy_core.parts.CascadeTurn`, with its plan), from ``position``."""

    whole: TurnInProgress | CascadeTurn
    position: Position
    plan: TurnPlan | None = None

    @property
    def part(self) -> TurnInProgress:
        """The roll, or the part being played: where the checkers may go now."""
        return self.whole.current if isinstance(self.whole, CascadeTurn) else self.whole

    @property
    def dice(self) -> Throw:
        """The dice of the roll, or of the part being played."""
        return self.part.search.roll


def _turn(query: Json) -> PageTurn:
    parted = read_parted_setup(query)
    if parted is not None:
        position = parted.position
        page = PageTurn(parted.plan.turn(position, parted.rules), position, parted.plan)
        limit = MAX_PARTED_DICE
    else:
        setup = read_turn_setup(query)
        position = setup.position
        page, limit = PageTurn(TurnInProgress(*setup), position), MAX_STEPS
    for index, (src, dst) in enumerate(read_board_steps(query, position, limit), start=1):
        _, reason = page.whole.play_move(src, dst)
        if reason is not None:
            raise InputError(f"step {index} is not legal: {reason.code.value}", "BAD_STEPS")
    return page


def turn_state_json(page: PageTurn) -> TurnState:
    """The state of a turn: where each checker may go, what is played, whether the turn may end, and in a turn
    made of parts which part is being played and what the turn hands over once it is complete."""
    turn, position, dice = page.part, page.position, page.dice
    legal = turn.legal_steps()
    moves: dict[str, list[Destination]] = {}
    for src in sorted({s.src for s in legal}, reverse=True):
        moves[str(abs_point(position, src))] = [
            {
                "to": abs_point(position, route[-1].dst),
                "dice": [s.die for s in route],
                "steps": [[abs_point(position, s.src), abs_point(position, s.dst)] for s in route],
                "hits": sum(s.hit for s in route),
            }
            for route in turn.destinations(src)
        ]
    now = turn.position
    steps = page.whole.steps
    complete = page.whole.is_complete()
    incomplete = None if complete else turn.incomplete_reason()
    plan = page.plan
    return {
        "position": now.notation(),
        "mover": position.to_move.value,
        "dice": list(dice.steps),
        "dice_left": list(turn.dice_left),
        "steps": [step_json(position, s) for s in steps],
        "play": format_play(steps),
        "moves": moves,
        "complete": complete,
        "must_pass": turn.must_pass() and not steps,
        "max_dice": turn.search.max_dice,
        "incomplete_reason": None if incomplete is None else reason_json(incomplete, position, dice),
        "board": board_model(now, dice, turn.dice_left),
        "part": None if plan is None else _part_json(page, plan),
        "handoff": list(plan.handed(page.whole)) if plan is not None and complete and isinstance(page.whole, CascadeTurn) else [],
    }


def _part_json(page: PageTurn, plan: TurnPlan) -> TurnPartJson:
    whole = page.whole
    return {
        "kind": plan.kind,
        "index": whole.index if isinstance(whole, CascadeTurn) else 0,
        "parts": [list(part.steps) for part in plan.parts],
        "dice": list(plan.dice),
    }


def turn_state(query: Json) -> TurnState:
    """The state of a turn after ``steps`` (absolute ``[[from, to], …]``)."""
    return turn_state_json(_turn(query))


def try_step(query: Json) -> StepAnswer:
    """Judge ``step`` (``{"from", "to", "die"?}``, absolute) after ``steps``; if accepted, the new state too.

    A move that spans several dice with one checker (24 → 13 with 6-5) is played die by die.
    """
    page = _turn(query)
    position, dice = page.position, page.dice  # the part the step is judged in (a cascade's next one may follow it)
    src, dst, die = read_step(query, position)
    if die is not None:
        verdict = page.whole.play(src, dst, die)
        played, reason = ([verdict.step] if verdict.step else []), verdict.reason
    else:
        played, reason = page.whole.play_move(src, dst)
    return {
        "accepted": reason is None,
        "steps": [step_json(position, s) for s in played],
        "reason": None if reason is None else reason_json(reason, position, dice),
        "state": turn_state_json(page),
    }


def explain_point(query: Json) -> ExplainAnswer:
    """Why the checker on ``point`` (absolute) cannot move now: the largest die left, straight ahead."""
    page = _turn(query)
    turn, position, roll = page.part, page.position, page.dice
    src = read_board_point(query, "point", position)
    if any(s.src == src for s in turn.legal_steps()) or not turn.dice_left:
        return {"reason": None}
    die = turn.dice_left[0]
    verdict = turn.check(src, max(src - die, OFF), die)
    return {"reason": None if verdict.reason is None else reason_json(verdict.reason, position, roll)}


# ---------------------------------------------------------------------------------------------
# games on the free board (the page keeps the state it is given and sends it back)

CUBE_VERBS: dict[object, CubeVerb] = {"double": "double", "take": "take", "drop": "drop", "beaver": "beaver"}


def game_json(game: GameState, players: dict[str, str], last: Event | None = None) -> GameStateJson:
    """A game as the page keeps it: the state to send back, plus what to show and who acts next (``last``:
    what the request did, a turn or a cube action)."""
    cube, actor, plan = game.cube, game.actor, game.turn_plan()
    return {
        "game": game.game.value,
        "rules": game.rules.to_dict(),
        "players": players,
        "position": game.position.notation(),
        "first_mover": game.first_mover.value,
        "has_moved": sorted(s.value for s in game.has_moved),
        "roll": None if game.roll is None else game.roll.to_list(),
        "extra_roll_for": None if game.extra_roll_for is None else game.extra_roll_for.value,
        "first_turn": is_first_turn(game, game.to_move),
        "to_move": game.to_move.value,
        "opening": [list(t) for t in game.record.opening],
        "cube": cube.to_json(),
        "cube_in_play": game.cube_in_play,
        "may_double": game.may_double(),
        "phase": game.phase,
        "actor": None if actor is None else actor.value,
        "computer": actor is not None and players[actor.value] == "computer",
        "result": None if game.result is None else game.result.to_json(),
        "last": None if last is None else last.to_json(),
        "last_board_play": board_play(game.game, last.side, last.steps) if isinstance(last, Turn | Handoff) and last.steps else None,
        "last_steps": [side_step_json(game.game, last.side, step) for step in last.steps] if isinstance(last, Turn | Handoff) else [],
        "board": board_model(
            game.position, plan.parts[0] if plan is not None else game.roll, cube=cube if game.cube_in_play else None,
            show_to_move=not game.over,
        ),
        "handoff": list(game.handoff),
        "rolls": list(game.rolls),
        "turn": _turn_fields(game, plan),
        "tutor": not game.game.spec.parted_turns,
    }


def _turn_fields(game: GameState, plan: TurnPlan | None) -> TurnFields | None:
    """What the side to move plays now, as the fields a turn request adds to the position and the rules (None
    unless a move is awaited)."""
    if game.phase != "move":
        return None
    if plan is None:
        assert game.roll is not None
        return {"dice": game.roll.to_list(), "first_turn": is_first_turn(game, game.to_move)}
    if plan.kind == "handoff":
        return {"handoff": list(plan.dice), "first_turn": False}
    return {"dice": list(plan.dice), "first_turn": plan.first_turn, "roll_no": plan.roll_no, "own_roll_no": plan.own_roll_no}


def _acted(game: GameState, players: dict[str, str]) -> GameStateJson:
    """The game after a request that played a turn or a cube action: the record's last event says which."""
    return game_json(game, players, game.record.events[-1])


def game_new(query: Json) -> GameStateJson:
    """Start a game: ``{"game", "rules", "players", "seed"?}``; the opening throw is made here (ties rethrown)."""
    rules = read_rules(query, read_game(query))
    return game_json(start_thrown(rules, read_rng(query)), read_players(query))


def game_from_position(query: Json) -> GameStateJson:
    """A game continuing from any position (``dice``: the roll to play now, optional)."""
    position = read_position(query)
    state = from_position(position, read_rules(query, position.game))
    roll = read_optional_roll(query)
    if roll is not None:
        state = roll_dice(state, roll)
    return game_json(state, read_players(query, position.to_move))


def game_roll(query: Json) -> GameStateJson:
    """The side to move throws the dice (``dice`` to choose them, else at random)."""
    state, players = read_game_state(query)
    if state.roll is not None:
        raise GameError(f"{state.to_move.value} has already thrown the dice", "ALREADY_ROLLED")
    roll = read_roll(query) if "dice" in query else Roll.random(read_rng(query))
    return game_json(roll_dice(state, roll), players)


def game_play(query: Json) -> GameStateJson:
    """Play the thrown dice, or the dice handed over: ``{"game": <state>, "play"}`` (own numbering, ``""`` for a
    pass) → the next state."""
    state, players = read_game_state(query)
    if state.handoff:
        return _acted(play_handoff(state, read_text(query, "play")), players)
    if state.roll is None:
        raise GameError(f"{state.to_move.value} has not thrown the dice", "NOT_ROLLED")
    return _acted(play_turn(state, state.roll, read_text(query, "play")), players)


def game_cube(query: Json) -> GameStateJson:
    """A cube action: ``{"game", "action": "double" | "take" | "drop" | "beaver"}``."""
    state, players = read_game_state(query)
    action = CUBE_VERBS.get(query.get("action")) if isinstance(query.get("action"), str) else None
    if action is None:
        raise InputError(f"action must be double, take, drop or beaver, not {shown(query.get('action'))}", "BAD_ACTION")
    return _acted(cube_action(state, action), players)


def game_computer(query: Json) -> GameStateJson:
    """The computer of ``level`` acts for the side whose turn it is: it may double, take or drop, or throw and play."""
    state, players = read_game_state(query)
    return _acted(act(state, opponent(read_level(query)), read_rng(query)), players)


def bot_turn(query: Json) -> BotTurnAnswer:
    """The computer's play for a position: ``{"position", "dice", "first_turn", "rules", "seed"?, "level"?}`` (and
    the turn parameters of a game whose turns have parts, whose turn it chooses part by part)."""
    player, seed = opponent(read_level(query)), read_int(query, "seed", 0, 0, MAX_SEED)
    parted = read_parted_setup(query)
    if parted is not None:
        position = parted.position
        steps = play_by_parts(parted.plan.turn(position, parted.rules), player.choose_part, seed)
    else:
        setup = read_turn_setup(query)
        position, steps = setup.position, player.choose_play(*setup, seed)
    return {"play": format_play(steps), "steps": [step_json(position, s) for s in steps]}


def ping(query: Json) -> PingAnswer:
    """Liveness and version check for the worker."""
    return {"pong": True, "version": __version__}


def game_review(query: Json) -> GameReviewAnswer:
    """The short review of a game from its record (nardy_core.summary): each side's figures, and the result
    once it is over.

    >>> record = {"opening": [[6, 5]], "events": [{"side": "white", "dice": [6, 5], "play": "24/13"}]}
    >>> answer = game_review({"record": record})
    >>> answer["white"]["pips"], answer["black"]["turns"], answer["result"]
    (349, 0, None)
    """
    return summarize(read_record(query)).to_json()


#: every request kind the page and the CLI may send (docs/architecture.md; site/static/js/rules-client.js)
HANDLERS: dict[str, Callable[[Json], Mapping[str, object]]] = {
    "ping": ping,
    "turns": turns,
    "check": check,
    "describe": describe,
    "setup": setup,
    "result": result,
    "turn_state": turn_state,
    "try_step": try_step,
    "explain_point": explain_point,
    "game_new": game_new,
    "game_from_position": game_from_position,
    "game_roll": game_roll,
    "game_play": game_play,
    "game_cube": game_cube,
    "game_computer": game_computer,
    "bot_turn": bot_turn,
    "game_review": game_review,
    "hint": hint,
    "advise": advise,
    "judge": judge,
    "evaluate": evaluate,
    "cube": cube,
    "game_analysis": game_analysis,
    "share_codes": share_codes,
    "shared_position": shared_position,
    "game_file": game_file,
}


def call(kind: object, query: object) -> Json:
    """Dispatch one request by name; never raises.

    >>> call("turns", {"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": 1})["error"]["code"]
    'BAD_FLAG'
    >>> call("try_step", {"position": "w/24:15/24:15", "dice": [6, 5], "step": {"from": 24, "to": 18, "die": True}})["error"]["code"]
    'BAD_DICE'
    """
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return cast(Json, error("UNKNOWN_REQUEST", f"unknown request {shown(kind)}; known: {', '.join(HANDLERS)}"))
    assert isinstance(kind, str)
    try:
        check_depth(query)
        request = require_object(query)
        check_fields(kind, request)
        answer: Mapping[str, object] = handler(request)
    except NardyError as exc:
        answer = error(exc.code, str(exc), exc.params)
    except RecursionError:
        answer = error("TOO_DEEP", "the request is nested too deeply")
    except Exception as exc:  # a bug in the core: answer, never raise (and never show a traceback)
        answer = error("INTERNAL", f"internal error ({type(exc).__name__})")
    return cast(Json, answer)  # each kind's answer has its handler's type (nardy_core.answer_types)


def handle(kind: str, payload_json: str) -> str:
    """JSON text in, JSON text out (the Web Worker's entry point); never raises, never answers a traceback.

    >>> json.loads(handle("turns", '{"position": "w/24:15/24:15", "dice": [6, NaN]}'))["error"]["code"]
    'BAD_JSON'
    """
    answer: Mapping[str, object]
    try:
        answer = call(kind, decode_request(payload_json))
    except NardyError as exc:
        answer = error(exc.code, str(exc), exc.params)
    except Exception as exc:  # a bug in the core (or no memory left): answer, never raise
        answer = error("INTERNAL", f"internal error ({type(exc).__name__})")
    try:
        return json.dumps(answer, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:  # a bug in the core: still a JSON answer
        return json.dumps(error("INTERNAL", f"internal error ({type(exc).__name__})"))

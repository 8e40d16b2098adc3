"""Game flow for both games: the opening roll, turns, first-turn tracking, forced passes, the cube, the end.

Values are immutable; every function returns a new :class:`GameState`. A game's :class:`Record` (the
opening throws and every turn and cube action) replays to the same game. A :class:`Match` strings games
together to N points with the Crawford rule.

>>> game = start(LongRules(), white_die=6, black_die=5)      # official start: White moves first with 6-5
>>> game.to_move, game.roll
(<Side.WHITE: 'white'>, Roll(high=6, low=5))
>>> game = play(game, game.roll, "24/18 18/13")
>>> game.to_move, is_first_turn(game, Side.BLACK), game.roll is None
(<Side.BLACK: 'black'>, True, True)
>>> replay(game.record) == game
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from .cube import Cube, next_value
from .dice import Roll
from .errors import GameError
from .games import DEFAULT_GAME, Game
from .interactive import PlayVerdict, TurnInProgress, check_play
from .moves import Step, format_play, parse_play
from .parts import check_parted_play
from .position import Position
from .rules import GulbaraRules, LongRules, Rules, rules_from_dict
from .scoring import DRAW, Result, draw_roll_due, score
from .sides import Side
from .turn_plan import ROLLS_UNDER_WAY, TurnPlan, default_roll_no, plan_handoff, plan_roll

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import EventJson

CubeVerb = Literal["double", "take", "drop", "beaver"]
Phase = Literal["roll", "move", "cube", "over"]  #: what a game waits for


@dataclass(frozen=True)
class Turn:
    """One turn of the record: who rolled what and the steps played (empty = forced pass)."""

    side: Side
    roll: Roll
    steps: tuple[Step, ...]

    def to_json(self) -> EventJson:
        """``{"side", "dice", "play"}``."""
        return {"side": self.side.value, "dice": self.roll.to_list(), "play": format_play(self.steps)}


@dataclass(frozen=True)
class CubeAction:
    """A cube action of the record."""

    side: Side
    verb: CubeVerb

    def to_json(self) -> EventJson:
        """``{"side", "cube"}``."""
        return {"side": self.side.value, "cube": self.verb}


@dataclass(frozen=True)
class Handoff:
    """Dice the opponent could not play, played by the side they were handed to, before he rolls (гюльбар,
    бешеные нарды: VARIANTS.md V1.4); not a roll of his."""

    side: Side
    dice: tuple[int, ...]
    steps: tuple[Step, ...]

    def to_json(self) -> EventJson:
        """``{"side", "handoff", "play"}``."""
        return {"side": self.side.value, "handoff": list(self.dice), "play": format_play(self.steps)}


Event = Turn | CubeAction | Handoff


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game."""

    rules: Rules
    opening: tuple[tuple[int, int], ...]  #: (white die, black die) per opening throw; ties repeat
    events: tuple[Event, ...] = ()
    declined_opening: bool = False  #: ``start=choice``: the first mover chose to re-roll
    cube_allowed: bool = True  #: False in a match's Crawford game
    match_play: bool = False  #: a game of a match (the Jacoby rule is for money play only)

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The turns only."""
        return tuple(e for e in self.events if isinstance(e, Turn))

    def to_json(self) -> dict[str, Any]:
        """JSON form of the record."""
        return {
            "game": self.rules.game.value,
            "rules": self.rules.to_dict(),
            "opening": [list(t) for t in self.opening],
            "declined_opening": self.declined_opening,
            "cube_allowed": self.cube_allowed,
            "match_play": self.match_play,
            "events": [e.to_json() for e in self.events],
        }


@dataclass(frozen=True)
class GameState:
    """A game in progress or finished."""

    position: Position
    rules: Rules
    first_mover: Side
    record: Record
    roll: Roll | None = None  #: dice the side to move has thrown and not yet played (the opening numbers too)
    has_moved: frozenset[Side] = field(default_factory=frozenset)
    result: Result | None = None
    extra_roll_for: Side | None = None  #: variant draw_last_roll: this side gets one more roll
    cube: Cube = field(default_factory=Cube)
    #: the dice the opponent left to the side to move, to be played before he rolls (a game whose turns have parts)
    handoff: tuple[int, ...] = ()
    #: (White's, Black's) own rolls so far, which decide when doubles cascade (VARIANTS.md V1.2); a game from
    #: a position other than the start counts as one long under way (:data:`ROLLS_UNDER_WAY`)
    rolls: tuple[int, int] = (0, 0)

    @property
    def game(self) -> Game:
        """Long or short nardy."""
        return self.position.game

    @property
    def to_move(self) -> Side:
        """The side whose turn it is."""
        return self.position.to_move

    @property
    def over(self) -> bool:
        """True once the result is known."""
        return self.result is not None

    @property
    def cube_in_play(self) -> bool:
        """The rules use the cube and this game allows it (not a Crawford game)."""
        return self.rules.cube and self.record.cube_allowed

    def may_double(self) -> bool:
        """May the side to move offer a double now (before rolling)?"""
        return (self.cube_in_play and not self.over and self.roll is None and not self.handoff
                and self.cube.may_double(self.to_move))

    @property
    def phase(self) -> Phase:
        """What the game waits for: the dice, a move (the dice thrown, or handed over), an answer to a double,
        or nothing (over)."""
        if self.over:
            return "over"
        if self.cube.offered_by is not None:
            return "cube"
        return "roll" if self.roll is None and not self.handoff else "move"

    def own_rolls(self, side: Side) -> int:
        """The rolls ``side`` has thrown in this game so far."""
        return self.rolls[0 if side is Side.WHITE else 1]

    def turn_plan(self) -> TurnPlan | None:
        """What the side to move plays now in a game whose turns have parts: the dice handed to him, or his
        roll (None in the other games, and while nothing is to be played)."""
        rules = self.rules
        if not isinstance(rules, GulbaraRules) or self.over:
            return None
        if self.handoff:
            return plan_handoff(rules, self.handoff)
        if self.roll is None:
            return None
        side = self.to_move
        return plan_roll(rules, self.roll, roll_no=sum(self.rolls) + 1, own_roll_no=self.own_rolls(side) + 1,
                         first_turn=is_first_turn(self, side))

    @property
    def actor(self) -> Side | None:
        """The side that acts next: the one to take or drop an offered double, else the side to move."""
        if self.over:
            return None
        return self.to_move if self.cube.offered_by is None else self.cube.offered_by.other


def opening_winner(white_die: int, black_die: int) -> Side | None:
    """Who moves first after the opening throw (None on a tie: throw again).

    >>> opening_winner(3, 5)
    <Side.BLACK: 'black'>
    """
    Roll(white_die, black_die)  # validates both dice
    if white_die == black_die:
        return None
    return Side.WHITE if white_die > black_die else Side.BLACK


def start(
    rules: Rules,
    white_die: int,
    black_die: int,
    earlier_ties: tuple[tuple[int, int], ...] = (),
    *,
    cube_allowed: bool = True,
    match_play: bool = False,
) -> GameState:
    """Start a game from the (deciding) opening throw.

    Under ``start=official`` (and ``choice``; always in short nardy) the first mover's first roll is the
    opening numbers themselves. With ``auto_doubles`` each earlier tie raised the stakes one step
    of the cube's scale (up to the limit): 2, 4 … or, with ``cube_scale=arithmetic``, 2, 3 ….
    """
    first = opening_winner(white_die, black_die)
    if first is None:
        raise GameError("the opening throw is a tie: both throw again", "OPENING_TIE")
    for tie in earlier_ties:
        if opening_winner(*tie) is not None:
            raise GameError(f"opening throw {tie} is not a tie", "BAD_RECORD")
    record = Record(rules, earlier_ties + ((white_die, black_die),), cube_allowed=cube_allowed, match_play=match_play)
    roll = Roll(white_die, black_die) if rules.plays_opening_numbers else None
    cube = Cube()
    if rules.cube and cube_allowed:
        for _ in range(min(len(earlier_ties), rules.auto_doubles)):
            cube = Cube(next_value(cube.value, rules))
    return GameState(Position.start(rules.game, first, rules.start_points()), rules, first, record, roll, cube=cube)


#: opening throws before the deciding one is made up (a tie 50 times running is all but impossible)
MAX_OPENING_TIES = 50


def start_thrown(rules: Rules, rng: random.Random) -> GameState:
    """Start a game by throwing the opening: one die each, thrown again on a tie.

    >>> game = start_thrown(LongRules(), random.Random(3))
    >>> game.record.opening, game.to_move
    (((2, 5),), <Side.BLACK: 'black'>)
    """
    throws: list[tuple[int, int]] = []
    while True:
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        throws.append((white, black))
        if opening_winner(white, black) is not None or len(throws) > MAX_OPENING_TIES:
            break
    if opening_winner(*throws[-1]) is None:  # pragma: no cover - 50 ties in a row
        throws.append((6, 1))
    return start(rules, *throws[-1], tuple(throws[:-1]))


def from_position(position: Position, rules: Rules, *, moved: frozenset[Side] | None = None) -> GameState:
    """A game continuing from any position (a free board): both sides count as having moved unless it is the start.

    A position where one side has nothing left on the board is that side's finished game:

    >>> from_position(Position.from_notation("b/off:15/5:5,1:10"), LongRules()).result
    Result(winner=<Side.WHITE: 'white'>, kind='mars', base=2, cube=1)
    """
    if rules.game is not position.game:
        raise GameError(f"{rules.game.value}-nardy rules do not fit a {position.game.value}-nardy position", "RULES_GAME")
    if moved is None:
        start = Position.start(position.game, position.to_move, rules.start_points())
        moved = frozenset() if position == start else frozenset(Side)
    rolls = _rolls_made(position, rules)
    game = GameState(position, rules, position.to_move, Record(rules, ((6, 1),)), has_moved=moved, rolls=rolls)
    # a position where a side has borne off its last checker is a finished game, not one more turn to roll
    finished = [side for side in Side if position.on_board(side) == 0]
    return replace(game, result=_score(game, finished[0])) if finished else game


def _rolls_made(position: Position, rules: Rules) -> tuple[int, int]:
    """(White's, Black's) rolls before ``position``, as a turn request reads them when it names none
    (:func:`~nardy_core.turn_plan.default_roll_no`): none at the start the rules give, the opponent's first before
    the mover's, else a game under way."""
    mover = position.to_move
    match default_roll_no(position, first_turn=False, start_points=rules.start_points()):
        case 1:
            return 0, 0
        case 2:
            return (0, 1) if mover is Side.WHITE else (1, 0)
        case _:
            return ROLLS_UNDER_WAY, ROLLS_UNDER_WAY


def decline_opening(game: GameState) -> GameState:
    """``start=choice``: the first mover re-rolls instead of playing the opening numbers."""
    rules = game.rules
    if not rules.opening_may_be_declined or game.roll is None or game.has_moved:
        raise GameError("only under start=choice, before the first move", "NOT_ALLOWED")
    return replace(game, roll=None, record=replace(game.record, declined_opening=True))


def is_first_turn(game: GameState, side: Side) -> bool:
    """True while ``side`` has not yet had a turn (the head-rule exception applies then)."""
    return side not in game.has_moved


def roll_dice(game: GameState, roll: Roll) -> GameState:
    """The side to move throws ``roll`` (it is then played with :func:`play`)."""
    _check_open(game)
    if game.roll is not None:
        raise GameError(f"{game.to_move.value} has already thrown {game.roll}", "ALREADY_ROLLED")
    if game.handoff:
        raise GameError(f"{game.to_move.value} plays the dice handed over first", "HANDOFF_PENDING")
    return replace(game, roll=roll)


def turn(game: GameState, roll: Roll | None = None) -> TurnInProgress:
    """A :class:`TurnInProgress` for the side to move (with ``roll`` or the dice already thrown)."""
    roll = roll or game.roll
    if roll is None:
        raise GameError(f"{game.to_move.value} has not thrown the dice yet", "NOT_ROLLED")
    return TurnInProgress(game.position, roll, is_first_turn(game, game.to_move), game.rules)


def _check_open(game: GameState) -> None:
    if game.over:
        raise GameError("the game is over", "GAME_OVER")
    if game.cube.offered_by is not None:
        raise GameError(f"{game.cube.offered_by.other.value} must take or drop the double first", "CUBE_PENDING")


def play(game: GameState, roll: Roll, play_text: str | list[Step] | tuple[Step, ...]) -> GameState:
    """Play one whole turn with ``roll`` (``""`` for a forced pass) and hand the move over."""
    _check_open(game)
    if game.roll is not None and roll != game.roll:
        raise GameError(f"{game.to_move.value} threw {game.roll}, not {roll}", "WRONG_ROLL")
    if game.handoff:
        raise GameError(f"{game.to_move.value} plays the dice handed over first", "HANDOFF_PENDING")
    side = game.to_move
    moves = parse_play(play_text) if isinstance(play_text, str) else [(s.src, s.dst) for s in play_text]
    plan = replace(game, roll=roll).turn_plan()
    handed: tuple[int, ...] = ()
    if plan is None:
        verdict = check_play(game.position, roll, moves, is_first_turn(game, side), game.rules)
    else:
        verdict, handed = _parted_verdict(game, plan, moves)
    _refuse_unless_legal(verdict)
    record = replace(game.record, events=game.record.events + (Turn(side, roll, verdict.steps),))
    white, black = game.rolls
    after = replace(
        game,
        position=verdict.position.with_to_move(side.other),
        record=record,
        roll=None,
        has_moved=game.has_moved | {side},
        rolls=(white + 1, black) if side is Side.WHITE else (white, black + 1),
        handoff=handed,
    )
    return _settle(after, side)


def play_handoff(game: GameState, play_text: str | list[Step] | tuple[Step, ...]) -> GameState:
    """Play the dice the opponent handed over (``""`` when none of them can be played); the same side rolls next.

    >>> from nardy_core.rules import CrazyRules
    >>> game = play(start(CrazyRules(), 6, 5), Roll(6, 5), "24/18 18/13")
    >>> game = play(roll_dice(game, Roll(6, 6)), Roll(6, 6), "24/18 24/18")   # Black's first 6-6: two 6s go over
    >>> game.to_move, game.handoff, game.phase
    (<Side.WHITE: 'white'>, (6, 6), 'move')
    >>> game = play_handoff(game, "13/7 7/1")
    >>> game.to_move, game.handoff, game.phase, game.record.events[-1].to_json()
    (<Side.WHITE: 'white'>, (), 'roll', {'side': 'white', 'handoff': [6, 6], 'play': '13/7 7/1'})
    """
    _check_open(game)
    plan = game.turn_plan()
    if plan is None or plan.kind != "handoff":
        raise GameError(f"no dice were handed to {game.to_move.value}", "NO_HANDOFF")
    side = game.to_move
    moves = parse_play(play_text) if isinstance(play_text, str) else [(s.src, s.dst) for s in play_text]
    verdict, _ = _parted_verdict(game, plan, moves)
    _refuse_unless_legal(verdict)
    record = replace(game.record, events=game.record.events + (Handoff(side, plan.dice, verdict.steps),))
    after = replace(game, position=verdict.position, record=record, handoff=())
    return _settle(after, side)


def _parted_verdict(game: GameState, plan: TurnPlan, moves: list[tuple[int, int]]) -> tuple[PlayVerdict, tuple[int, ...]]:
    """The verdict on a whole play of a turn made of parts, and the dice it hands over if legal."""
    assert isinstance(game.rules, GulbaraRules)
    turn = plan.turn(game.position, game.rules)
    verdict = check_parted_play(turn, moves)
    return verdict, plan.handed(turn) if verdict.verdict == "legal" else ()


def _refuse_unless_legal(verdict: PlayVerdict) -> None:
    if verdict.verdict != "legal":
        code = verdict.code.value if verdict.code else "ILLEGAL"
        raise GameError(f"{format_play(verdict.steps) or 'the play'} is {verdict.verdict}: {code}", code)


def _settle(game: GameState, just_moved: Side) -> GameState:
    position, rules = game.position, game.rules
    finished = position.on_board(just_moved) == 0
    if game.extra_roll_for is just_moved:
        # the draw roll has been played: a draw if it bore off everything, else the first finisher wins
        if finished:
            return replace(game, extra_roll_for=None, result=Result(None, DRAW, 1, game.cube.value))
        return replace(game, extra_roll_for=None, result=_score(game, just_moved.other))
    if finished:
        if draw_roll_due(position, just_moved, game.first_mover, rules):
            return replace(game, extra_roll_for=just_moved.other)
        return replace(game, result=_score(game, just_moved))
    return game


def _score(game: GameState, winner: Side) -> Result:
    return score(
        game.position, winner, game.rules, cube=game.cube.value, cube_turned=game.cube.turned,
        match_play=game.record.match_play,
    )


def cube_action(game: GameState, verb: CubeVerb) -> GameState:
    """``double`` (the side to move, before rolling), then ``take``, ``drop`` or ``beaver`` (the opponent)."""
    if game.over:
        raise GameError("the game is over", "GAME_OVER")
    if not game.cube_in_play:
        why = "this is the Crawford game" if game.rules.cube else "these rules play without the cube"
        raise GameError(f"no doubling: {why}", "NO_CUBE")
    record = game.record
    if verb == "double":
        if game.roll is not None:
            raise GameError("a double is offered before throwing the dice", "ALREADY_ROLLED")
        cube = game.cube.offer(game.to_move)
        actor = game.to_move
    else:
        if game.cube.offered_by is None:
            raise GameError("no double has been offered", "NO_OFFER")
        actor = game.cube.offered_by.other
        if verb == "drop":
            result = Result(game.cube.offered_by, "drop", 1, game.cube.value)
            return replace(game, result=result, record=replace(record, events=record.events + (CubeAction(actor, verb),)))
        cube = game.cube.take(game.rules) if verb == "take" else game.cube.beaver(game.rules)
    return replace(game, cube=cube, record=replace(record, events=record.events + (CubeAction(actor, verb),)))


def next_game_first_mover(rules: Rules, previous: GameState) -> Side | None:
    """Who starts the next game of a match (None: decide by a new opening throw).

    >>> g = from_position(Position.start(), LongRules(next_game_starter="alternate"))
    >>> next_game_first_mover(g.rules, g)
    <Side.BLACK: 'black'>
    """
    if not isinstance(rules, LongRules):
        return None
    if rules.next_game_starter == "previous_winner" and previous.result and previous.result.winner:
        return previous.result.winner
    if rules.next_game_starter == "alternate":
        return previous.first_mover.other
    return None


def _started(record: Record) -> GameState:
    """The game of ``record`` before its first event."""
    white_die, black_die = record.opening[-1]
    game = start(
        record.rules, white_die, black_die, record.opening[:-1], cube_allowed=record.cube_allowed,
        match_play=record.match_play,
    )
    return decline_opening(game) if record.declined_opening else game


def replay_events(record: Record) -> Iterator[tuple[Event, GameState, GameState]]:
    """Replay ``record`` event by event: each event with the game before and after it (raises
    :class:`GameError` on a record that does not fit the rules)."""
    game = _started(record)
    for event in record.events:
        before = game
        if isinstance(event, CubeAction):
            game = cube_action(game, event.verb)
        elif event.side is not game.to_move:
            raise GameError(f"record has {event.side.value} moving out of turn", "BAD_RECORD")
        elif isinstance(event, Handoff):
            if event.dice != game.handoff:
                raise GameError(f"record hands {list(event.dice)} to {event.side.value}, the game {list(game.handoff)}", "BAD_RECORD")
            game = play_handoff(game, list(event.steps))
        else:
            game = play(game, event.roll, list(event.steps))
        yield event, before, game


def replay(record: Record) -> GameState:
    """Rebuild a game from its record (raises :class:`GameError` on a record that does not fit the rules)."""
    game = _started(record)
    for _, _, after in replay_events(record):
        game = after
    return game


def record_from_json(data: dict[str, Any]) -> Record:
    """Inverse of :meth:`Record.to_json`."""
    game = Game.parse(data.get("game", DEFAULT_GAME.value))
    events: list[Event] = []
    for item in data.get("events", []):
        side = Side.parse(item["side"])
        if "cube" in item:
            events.append(CubeAction(side, item["cube"]))
            continue
        if "handoff" in item:
            events.append(Handoff(side, tuple(int(die) for die in item["handoff"]),
                                  tuple(Step(a, b, 0) for a, b in parse_play(item["play"]))))
            continue
        roll = Roll.from_list(item["dice"])
        # dice are re-derived on replay; here only the from/to matter
        events.append(Turn(side, roll, tuple(Step(a, b, 0) for a, b in parse_play(item["play"]))))
    return Record(
        rules_from_dict(data.get("rules"), game),
        tuple((int(t[0]), int(t[1])) for t in data["opening"]),
        tuple(events),
        bool(data.get("declined_opening", False)),
        bool(data.get("cube_allowed", True)),
        bool(data.get("match_play", False)),
    )


# ------------------------------------------------------------------------------------------------
# matches


@dataclass(frozen=True)
class Match:
    """A match to ``length`` points (SHORT-RULES.md S6.2, S7.3): the score, the game in play, Crawford."""

    length: int
    rules: Rules
    game: GameState
    score: tuple[int, int] = (0, 0)  #: (white, black) before the current game
    crawford_played: bool = False

    @property
    def crawford_game(self) -> bool:
        """Is the current game the Crawford game (nobody may double)?"""
        return not self.game.record.cube_allowed and self.rules.cube

    def points_of(self, side: Side) -> int:
        """``side``'s points before the current game."""
        return self.score[0 if side is Side.WHITE else 1]

    @property
    def winner(self) -> Side | None:
        """The side that has reached ``length`` points, once the current game is counted."""
        white, black = self.score_after()
        if white >= self.length:
            return Side.WHITE
        if black >= self.length:
            return Side.BLACK
        return None

    def score_after(self) -> tuple[int, int]:
        """The score with the current game counted (if it is over)."""
        result = self.game.result
        if result is None:
            return self.score
        if result.winner is None:  # a draw: one point each (RULES.md R15.5)
            return self.score[0] + result.points, self.score[1] + result.points
        white, black = self.score
        return (white + result.points, black) if result.winner is Side.WHITE else (white, black + result.points)


def start_match(rules: Rules, length: int, white_die: int, black_die: int, earlier_ties: tuple[tuple[int, int], ...] = ()) -> Match:
    """A match to ``length`` points (1..64), starting with its first game."""
    if not isinstance(length, int) or isinstance(length, bool) or not 1 <= length <= 64:
        raise GameError("a match is played to 1..64 points", "BAD_MATCH")
    return Match(length, rules, start(rules, white_die, black_die, earlier_ties, match_play=True))


def match_update(match: Match, game: GameState) -> Match:
    """The match with its current game advanced to ``game``."""
    return replace(match, game=game)


def next_match_game(match: Match, white_die: int, black_die: int, earlier_ties: tuple[tuple[int, int], ...] = ()) -> Match:
    """After a finished game: count it and start the next one (the Crawford game when a side reached N-1)."""
    if not match.game.over:
        raise GameError("the current game is not over", "NOT_OVER")
    if match.winner is not None:
        raise GameError(f"the match is over: {match.winner.value} has {match.length} points", "MATCH_OVER")
    score = match.score_after()
    crawford_now = (
        match.rules.cube and match.rules.crawford and not match.crawford_played and max(score) == match.length - 1
    )
    played = match.crawford_played or crawford_now or match.crawford_game
    game = start(match.rules, white_die, black_die, earlier_ties, cube_allowed=not crawford_now, match_play=True)
    return Match(match.length, match.rules, game, score, played)

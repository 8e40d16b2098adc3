"""Game flow: the opening roll, alternating turns, first-turn tracking, forced passes, the end and the score.

Values are immutable; every function returns a new :class:`Game`. A game's :class:`Record` (the
opening throws and each turn's roll and steps) replays to the same game.

>>> game = start(Rules(), white_die=6, black_die=5)      # official start: White moves first with 6-5
>>> game.to_move, game.pending_roll
(<Side.WHITE: 'white'>, Roll(high=6, low=5))
>>> game = play(game, game.pending_roll, "24/18 18/13")
>>> game.to_move, is_first_turn(game, Side.BLACK)
(<Side.BLACK: 'black'>, True)
>>> replay(game.record) == game
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .dice import Roll
from .interactive import TurnInProgress, check_play
from .moves import Step, format_play, parse_play
from .position import Position
from .rules import Rules
from .scoring import DRAW, Result, draw_roll_due, score
from .sides import Side


class GameError(ValueError):
    """A move that does not fit the game (wrong side, illegal turn, game over); ``code`` says which."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Turn:
    """One turn of the record: who rolled what and the steps played (empty = forced pass)."""

    side: Side
    roll: Roll
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"side", "dice", "play"}``."""
        return {"side": self.side.value, "dice": self.roll.to_list(), "play": format_play(self.steps)}


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game."""

    rules: Rules
    opening: tuple[tuple[int, int], ...]  #: (white die, black die) per opening throw; ties repeat
    turns: tuple[Turn, ...] = ()
    declined_opening: bool = False  #: ``start=choice``: the first mover chose to re-roll

    def to_json(self) -> dict[str, Any]:
        """JSON form of the record."""
        return {
            "rules": self.rules.to_dict(),
            "opening": [list(t) for t in self.opening],
            "declined_opening": self.declined_opening,
            "turns": [t.to_json() for t in self.turns],
        }


@dataclass(frozen=True)
class Game:
    """A game in progress or finished."""

    position: Position
    rules: Rules
    first_mover: Side
    record: Record
    pending_roll: Roll | None = None  #: the opening numbers the first mover must (or may) play
    has_moved: frozenset[Side] = field(default_factory=frozenset)
    result: Result | None = None
    extra_roll_for: Side | None = None  #: variant draw_last_roll: this side gets one more roll

    @property
    def to_move(self) -> Side:
        """The side whose turn it is."""
        return self.position.to_move

    @property
    def over(self) -> bool:
        """True once the result is known."""
        return self.result is not None


def opening_winner(white_die: int, black_die: int) -> Side | None:
    """Who moves first after the opening throw (None on a tie: throw again).

    >>> opening_winner(3, 5)
    <Side.BLACK: 'black'>
    """
    Roll(white_die, black_die)  # validates both dice
    if white_die == black_die:
        return None
    return Side.WHITE if white_die > black_die else Side.BLACK


def start(rules: Rules, white_die: int, black_die: int, earlier_ties: tuple[tuple[int, int], ...] = ()) -> Game:
    """Start a game from the (deciding) opening throw. Under ``start=official`` (and ``choice``) the
    first mover's first roll is the opening numbers themselves."""
    first = opening_winner(white_die, black_die)
    if first is None:
        raise GameError("the opening throw is a tie: both throw again", "OPENING_TIE")
    for tie in earlier_ties:
        if opening_winner(*tie) is not None:
            raise GameError(f"opening throw {tie} is not a tie", "BAD_RECORD")
    record = Record(rules, earlier_ties + ((white_die, black_die),))
    pending = Roll(white_die, black_die) if rules.start in ("official", "choice") else None
    return Game(Position.start().with_to_move(first), rules, first, record, pending)


def decline_opening(game: Game) -> Game:
    """``start=choice``: the first mover re-rolls instead of playing the opening numbers."""
    if game.rules.start != "choice" or game.pending_roll is None or game.has_moved:
        raise GameError("only under start=choice, before the first move", "NOT_ALLOWED")
    return replace(game, pending_roll=None, record=replace(game.record, declined_opening=True))


def is_first_turn(game: Game, side: Side) -> bool:
    """True while ``side`` has not yet had a turn (the head-rule exception applies then)."""
    return side not in game.has_moved


def turn(game: Game, roll: Roll) -> TurnInProgress:
    """A :class:`TurnInProgress` for the side to move with ``roll`` (for interactive play)."""
    return TurnInProgress(game.position, roll, is_first_turn(game, game.to_move), game.rules)


def play(game: Game, roll: Roll, play_text: str | list[Step]) -> Game:
    """Play one whole turn (``""`` for a forced pass) and hand the move over."""
    if game.over:
        raise GameError("the game is over", "GAME_OVER")
    if game.pending_roll is not None and roll != game.pending_roll:
        raise GameError(f"the first move uses the opening numbers {game.pending_roll}", "WRONG_ROLL")
    side = game.to_move
    moves = parse_play(play_text) if isinstance(play_text, str) else [(s.src, s.dst) for s in play_text]
    verdict = check_play(game.position, roll, moves, is_first_turn(game, side), game.rules)
    if verdict.verdict != "legal":
        raise GameError(
            f"{format_play(verdict.steps) or 'the play'} is {verdict.verdict}: {verdict.code}", verdict.code or "ILLEGAL"
        )
    assert verdict.position is not None
    record = replace(game.record, turns=game.record.turns + (Turn(side, roll, verdict.steps),))
    moved = game.has_moved | {side}
    after = replace(game, position=verdict.position.with_to_move(side.other), record=record, pending_roll=None, has_moved=moved)
    return _settle(after, side)


def _settle(game: Game, just_moved: Side) -> Game:
    position, rules = game.position, game.rules
    if game.extra_roll_for is just_moved:
        # the draw roll has been played: a draw if it bore off everything, else the first finisher wins
        if position.on_board(just_moved) == 0:
            return replace(game, extra_roll_for=None, result=Result(None, DRAW, 1))
        return replace(game, extra_roll_for=None, result=score(position, just_moved.other, rules))
    if position.on_board(just_moved) == 0:
        if draw_roll_due(position, just_moved, game.first_mover, rules):
            return replace(game, extra_roll_for=just_moved.other)
        return replace(game, result=score(position, just_moved, rules))
    return game


def next_game_first_mover(rules: Rules, previous: Game) -> Side | None:
    """Who starts the next game of a match (None: decide by a new opening throw).

    >>> g = Game(Position.start(), Rules(next_game_starter="alternate"), Side.WHITE, Record(Rules(), ((6, 1),)))
    >>> next_game_first_mover(g.rules, g)
    <Side.BLACK: 'black'>
    """
    if rules.next_game_starter == "previous_winner" and previous.result and previous.result.winner:
        return previous.result.winner
    if rules.next_game_starter == "alternate":
        return previous.first_mover.other
    return None


def replay(record: Record) -> Game:
    """Rebuild a game from its record (raises :class:`GameError` on a record that does not fit the rules)."""
    white_die, black_die = record.opening[-1]
    game = start(record.rules, white_die, black_die, record.opening[:-1])
    if record.declined_opening:
        game = decline_opening(game)
    for turn_ in record.turns:
        if turn_.side is not game.to_move:
            raise GameError(f"record has {turn_.side.value} moving out of turn", "BAD_RECORD")
        game = play(game, turn_.roll, list(turn_.steps))
    return game


def record_from_json(data: dict[str, Any]) -> Record:
    """Inverse of :meth:`Record.to_json`."""
    turns = []
    for item in data.get("turns", []):
        roll = Roll.from_list(item["dice"])
        turns.append(Turn(Side.parse(item["side"]), roll, tuple(_steps_of(item["play"], roll))))
    return Record(
        Rules.from_dict(data.get("rules")),
        tuple(tuple(t) for t in data["opening"]),  # type: ignore[misc]
        tuple(turns),
        bool(data.get("declined_opening", False)),
    )


def _steps_of(play_text: str, roll: Roll) -> list[Step]:
    # dice are re-derived on replay; here only the from/to matter
    return [Step(a, b, 0) for a, b in parse_play(play_text)]

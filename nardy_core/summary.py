"""The short review of a finished game: what each side did with its head, its points in a row, the race and
the bear-off, read off the record turn by turn.

Turn numbers count each side's own turns from 1. A side's *head* is the one point all its checkers start
on (long nardy: its own point 24); a *row* is the most points next to each other a side held at one time
(one checker holds a point, but where a lone checker can be hit, a game with a bar, a point is made by two,
a lone checker being a blot). A *hit* is a checker of the other side sent to the bar.

A review has only the figures that apply to its game (:func:`figures`): no head in a game that starts
spread out, no hits in a game without a bar.

>>> from nardy_core.flow import start, play
>>> from nardy_core.dice import Roll
>>> from nardy_core.rules import LongRules
>>> game = play(start(LongRules(), 6, 5), Roll(6, 5), "24/13")
>>> game = play(game, Roll(3, 1), "24/21/20")
>>> review = summarize(game.record)
>>> white = review.side(Side.WHITE)
>>> white.turns, white.pips, white.longest_row, white.head_empty_after, review.side(Side.BLACK).pips
(1, 349, 1, None, 356)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .flow import GameState, Handoff, Record, Turn, replay, replay_events
from .games import HEAD, POINTS, Game
from .position import Position
from .sides import Side

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import Figure, GameReviewAnswer, SideReviewJson

#: every figure of a side's review, in the order a table shows them
FIGURES: tuple[Figure, ...] = ("turns", "passes", "head_empty_after", "longest_row", "first_bear_off", "borne_off", "pips", "hits")


def head_of(game: Game) -> int | None:
    """The own point all of a side's checkers start on, its head; None in a game without one.

    >>> head_of(Game.LONG), head_of(Game.SHORT)
    (24, None)
    """
    return HEAD if game.spec.has_head else None


def figures(game: Game) -> tuple[Figure, ...]:
    """The figures of :data:`FIGURES` that apply to ``game``: the head's only where there is one, hits only
    where there is a bar.

    >>> figures(Game.SHORT)
    ('turns', 'passes', 'longest_row', 'first_bear_off', 'borne_off', 'pips', 'hits')
    """
    skipped = {"head_empty_after"} if head_of(game) is None else set()
    if not game.has_bar:
        skipped.add("hits")
    return tuple(name for name in FIGURES if name not in skipped)


@dataclass(frozen=True)
class SideReview:
    """How one side's game went."""

    side: Side
    turns: int  #: turns it played (a forced pass counts)
    passes: int  #: turns with nothing it could play
    head_empty_after: int | None  #: the turn after which its head was empty (None: it never was, or has none)
    longest_row: int  #: the most points next to each other it held at one time
    first_bear_off: int | None  #: the turn it bore its first checker off (None: it bore none off)
    borne_off: int  #: checkers borne off by the end
    pips: int  #: its pip count at the end
    hits: int  #: the other side's checkers it sent to the bar

    def to_json(self, game: Game) -> SideReviewJson:
        """The review as the API answers it: the figures that apply to ``game``."""
        return cast("SideReviewJson", {name: getattr(self, name) for name in figures(game)})


@dataclass(frozen=True)
class GameReview:
    """Both sides' reviews and the game they come from."""

    game: GameState
    white: SideReview
    black: SideReview

    def side(self, side: Side) -> SideReview:
        """One side's review."""
        return self.white if side is Side.WHITE else self.black

    def to_json(self) -> GameReviewAnswer:
        """Both reviews as the API answers them, with the figures they hold in the order to show them, and the
        result once the game is over."""
        game, result = self.game.game, self.game.result
        return {"game": game.value, "figures": list(figures(game)), "white": self.white.to_json(game),
                "black": self.black.to_json(game), "result": None if result is None else result.to_json()}


def longest_row(position: Position, side: Side) -> int:
    """The most own points next to each other that ``side`` holds (in a game with a bar: made points, two or
    more checkers).

    >>> longest_row(Position.from_notation("w/24:9,11,10,9,7,6,5/24:15"), Side.WHITE)
    3
    >>> longest_row(Position.from_notation("short:w/6:2,5:2,4:1,3:2,13:8/24:2,13:5,8:3,6:5"), Side.WHITE)
    2
    """
    holds = position.game.family.spec.holding
    counts = position.counts(side)
    best = run = 0
    for point in range(1, POINTS + 1):
        run = run + 1 if counts[point] >= holds else 0
        best = max(best, run)
    return best


class _Tally:
    """One side's figures, kept up as the game is replayed."""

    def __init__(self, side: Side, position: Position) -> None:
        self.side = side
        self.turns = self.passes = self.hits = 0
        self.head_empty_after: int | None = None
        self.first_bear_off: int | None = None
        self.longest_row = longest_row(position, side)
        self.head = head_of(position.game)

    def after_turn(self, before: Position, after: Position, played: bool, own: bool = True) -> None:
        """After one of this side's turns (``own``), or the dice the opponent handed over, played before its next
        turn and counted with that turn (гюльбар: a hand-off is no turn of its own)."""
        side = self.side
        self.turns += own
        self.passes += own and not played
        number = self.turns if own else self.turns + 1
        if self.head is not None and self.head_empty_after is None and after.count(side, self.head) == 0:
            self.head_empty_after = number
        if self.first_bear_off is None and after.borne_off(side) > before.borne_off(side):
            self.first_bear_off = number
        self.hits += max(0, after.bar(side.other) - before.bar(side.other))
        self.longest_row = max(self.longest_row, longest_row(after, side))

    def review(self, end: Position) -> SideReview:
        return SideReview(self.side, self.turns, self.passes, self.head_empty_after, self.longest_row,
                          self.first_bear_off, end.borne_off(self.side), end.pips(self.side), self.hits)


def summarize(record: Record) -> GameReview:
    """Replay ``record`` (a :class:`~nardy_core.errors.GameError` for one that does not fit the rules) and
    review it."""
    tallies: dict[Side, _Tally] = {}
    game: GameState | None = None
    for event, before, after in replay_events(record):
        if not tallies:
            tallies = {side: _Tally(side, before.position) for side in Side}
        if isinstance(event, Turn | Handoff):
            tallies[event.side].after_turn(before.position, after.position, bool(event.steps), own=isinstance(event, Turn))
        game = after
    if game is None:  # nothing played yet: the game as it starts
        game = replay(record)
        tallies = {side: _Tally(side, game.position) for side in Side}
    end = game.position
    return GameReview(game, tallies[Side.WHITE].review(end), tallies[Side.BLACK].review(end))

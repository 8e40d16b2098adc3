"""Positions: the game, both sides' checkers (on points, on the bar, borne off) and the side to move.

A :class:`Position` stores each side's checkers in that side's **own** numbering (see
:mod:`nardy_core.games`): index *n* of :attr:`Position.white` is White's own point *n*, index 25 its bar.
Checkers not on the board are borne off; each side always has 15 in all.

>>> start = Position.start()
>>> start.count(Side.WHITE, 24), start.owner_at(12)     # absolute W12 holds Black's head
(15, <Side.BLACK: 'black'>)
>>> start.pips(Side.WHITE)
360
>>> Position.from_notation("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5") == Position.start(Game.SHORT)
True
>>> Position.start()
Position.from_notation('w/24:15/24:15')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .errors import PositionError, shown
from .games import BAR, CHECKERS, DEFAULT_GAME, HOME, POINTS, SLOTS, Game
from .notation import Counts, Layout, format_layout, parse_layout
from .sides import Side

PointKey = int | str  #: a point in a ``{point: count}`` map: 1..24 or ``"bar"`` (JSON keys are strings)


@dataclass(frozen=True)
class Position:
    """An immutable position. Build with :meth:`start`, :meth:`from_notation` or :meth:`from_points`."""

    white: Counts
    black: Counts
    to_move: Side = Side.WHITE
    game: Game = DEFAULT_GAME

    def __post_init__(self) -> None:
        for side, counts in ((Side.WHITE, self.white), (Side.BLACK, self.black)):
            if len(counts) != SLOTS or counts[0] != 0:
                raise PositionError(f"{side.value}: counts must have {SLOTS} entries with index 0 unused")
            if any(not isinstance(c, int) or c < 0 for c in counts):
                raise PositionError(f"{side.value}: a checker count is negative or not a whole number", "BAD_COUNT")
            total = sum(counts)
            if total > CHECKERS:
                raise PositionError(
                    f"{side.value} has {total} checkers on the board; at most {CHECKERS}",
                    "TOO_MANY_CHECKERS",
                    params={"side": side.value, "total": total},
                )
            if counts[BAR] and not self.game.has_bar:
                raise PositionError(f"{side.value}: long nardy has no bar", "BAD_POINT")
        for absolute in range(1, POINTS + 1):
            if self.white[absolute] and self.black[self.game.own(Side.BLACK, absolute)]:
                raise PositionError(
                    f"point {absolute} holds both white and black checkers", "SHARED_POINT", params={"point": absolute}
                )

    # construction -----------------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game = DEFAULT_GAME, to_move: Side = Side.WHITE, points: Mapping[int, int] | None = None) -> Position:
        """The start position of ``game`` (``points``: own point -> checkers of each side, where the rules move the
        start: :meth:`nardy_core.rules.CubeRules.start_points`)."""
        counts = [0] * SLOTS
        for point, n in (game.start_points() if points is None else points).items():
            counts[point] = n
        return cls(tuple(counts), tuple(counts), to_move, game)

    @classmethod
    def from_notation(cls, text: object) -> Position:
        """Read the position notation (:mod:`nardy_core.notation`).

        >>> Position.from_notation("w/24:15/24:15") is Position.from_notation("w/24:15/24:15")
        True
        """
        if cls is Position and isinstance(text, str):
            return _read_notation(text)
        return cls._from_layout(parse_layout(text))

    @classmethod
    def _from_layout(cls, layout: Layout) -> Position:
        return cls(layout.white, layout.black, layout.to_move, layout.game).checked_as_input()

    @classmethod
    def from_points(
        cls,
        white: Mapping[PointKey, object],
        black: Mapping[PointKey, object],
        to_move: Side = Side.WHITE,
        game: Game = DEFAULT_GAME,
    ) -> Position:
        """Build from ``{own point: count}`` maps as in the CLI contract; ``"bar"`` counts the bar.

        Keys are whole numbers 1..24 (or their ASCII decimal strings, as JSON object keys) or ``"bar"``;
        checkers not listed are borne off.

        >>> Position.from_points({"24": 14, "13": 1}, {24: 15}, Side.BLACK).count(Side.WHITE, 13)
        1
        >>> Position.from_points({"bar": 1, "24": 14}, {"24": 15}, game=Game.SHORT).bar(Side.WHITE)
        1
        """
        return cls(_counts(Side.WHITE, white, game), _counts(Side.BLACK, black, game), to_move, game).checked_as_input()

    def checked_as_input(self) -> Position:
        """This position, refused if no game can be played from it (both sides have borne off everything).

        Only the draw variant of long nardy ends that way, and a finished game is never an input.
        """
        if not any(self.white) and not any(self.black):
            raise PositionError("both sides have borne off all their checkers: there is nothing to play", "BOTH_FINISHED")
        return self

    # queries ----------------------------------------------------------------------------------
    def counts(self, side: Side) -> Counts:
        """``side``'s checkers per own point (index 0 unused, 25 the bar)."""
        return self.white if side is Side.WHITE else self.black

    def count(self, side: Side, own_point: int) -> int:
        """Checkers of ``side`` on its own point ``own_point`` (25: the bar)."""
        return self.counts(side)[own_point]

    def bar(self, side: Side) -> int:
        """Checkers of ``side`` on the bar."""
        return self.counts(side)[BAR]

    def direct_shots(self, side: Side, own_point: int) -> int:
        """How many of the other side's checkers (those on its bar too) land on ``side``'s own point
        ``own_point`` with one die: what threatens a blot there in a game with a bar.

        >>> start = Position.from_notation("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5")
        >>> start.direct_shots(Side.WHITE, 21)    # White's 21 is Black's 4: its 6 (five checkers) and 8 (three)
        8
        """
        theirs = self.counts(side.other)
        target = self.game.opposite(own_point)  # the point in the other side's numbering
        return sum(theirs[q] for q in range(target + 1, min(target + 6, BAR) + 1))

    def on_board(self, side: Side) -> int:
        """How many of ``side``'s checkers are still in play (on points or on the bar)."""
        return sum(self.counts(side))

    def borne_off(self, side: Side) -> int:
        """How many of ``side``'s checkers have been borne off."""
        return CHECKERS - self.on_board(side)

    def pips(self, side: Side) -> int:
        """Pip count: the sum of own point numbers over ``side``'s checkers (a checker on the bar counts 25)."""
        return sum(point * n for point, n in enumerate(self.counts(side)))

    def owner_at(self, absolute_point: int) -> Side | None:
        """Which side occupies the absolute (White-numbered) point, if any."""
        if self.white[absolute_point]:
            return Side.WHITE
        if self.black[self.game.own(Side.BLACK, absolute_point)]:
            return Side.BLACK
        return None

    def checkers_at(self, absolute_point: int) -> tuple[Side | None, int]:
        """(owner, count) on an absolute point."""
        owner = self.owner_at(absolute_point)
        if owner is None:
            return None, 0
        return owner, self.count(owner, self.game.own(owner, absolute_point))

    def occupied(self, side: Side) -> Iterator[int]:
        """``side``'s occupied own points, from 24 down (the bar is not a point)."""
        counts = self.counts(side)
        return (p for p in range(POINTS, 0, -1) if counts[p])

    def all_home(self, side: Side) -> bool:
        """True when every checker of ``side`` still in play is in its home (own 1..6), none on the bar."""
        counts = self.counts(side)
        return not any(counts[p] for p in range(HOME.stop, SLOTS))

    def winner(self) -> Side | None:
        """The side that has borne off all 15, if any."""
        for side in Side:
            if self.on_board(side) == 0:
                return side
        return None

    def board(self) -> dict[int, tuple[Side, int]]:
        """Absolute point -> (owner, count) for every occupied point (the bar is not included)."""
        result: dict[int, tuple[Side, int]] = {}
        for side in Side:
            counts = self.counts(side)
            for own in range(1, POINTS + 1):
                if counts[own]:
                    result[self.game.absolute(side, own)] = (side, counts[own])
        return dict(sorted(result.items()))

    def as_points(self, side: Side) -> dict[str, int]:
        """``{own point: count}`` with string keys (and ``"bar"``), as in the CLI contract."""
        counts = self.counts(side)
        points = {str(p): counts[p] for p in range(POINTS, 0, -1) if counts[p]}
        if counts[BAR]:
            points["bar"] = counts[BAR]
        return points

    # derived positions ------------------------------------------------------------------------
    def with_to_move(self, side: Side) -> Position:
        """A copy with another side to move."""
        return Position(self.white, self.black, side, self.game)

    def handed_over(self) -> Position:
        """A copy with the other side to move, without validation: this position is valid already (a search
        hands over thousands of positions after each play).

        >>> Position.start().handed_over().to_move
        <Side.BLACK: 'black'>
        """
        other = object.__new__(Position)
        for name, value in (("white", self.white), ("black", self.black), ("to_move", self.to_move.other), ("game", self.game)):
            object.__setattr__(other, name, value)
        return other

    def with_counts(self, side: Side, counts: Counts) -> Position:
        """A copy with ``side``'s counts replaced (validated)."""
        if side is Side.WHITE:
            return Position(counts, self.black, self.to_move, self.game)
        return Position(self.white, counts, self.to_move, self.game)

    def derived(self, mine: Counts, theirs: Counts) -> Position:
        """The side to move's and the opponent's counts replaced, without validation.

        Only for counts that legal steps produced from this position (the move generator makes millions).
        """
        derived = object.__new__(Position)
        white, black = (mine, theirs) if self.to_move is Side.WHITE else (theirs, mine)
        object.__setattr__(derived, "white", white)
        object.__setattr__(derived, "black", black)
        object.__setattr__(derived, "to_move", self.to_move)
        object.__setattr__(derived, "game", self.game)
        return derived

    # text ---------------------------------------------------------------------------------------
    def notation(self) -> str:
        """The canonical notation (round-trips through :meth:`from_notation`)."""
        return format_layout(Layout(self.game, self.to_move, self.white, self.black))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Position.from_notation({self.notation()!r})"


def _counts(side: Side, points: Mapping[PointKey, object], game: Game) -> Counts:
    if not isinstance(points, Mapping):
        raise PositionError(f"{side.value}: checkers must be an object of point: count", "BAD_POINT")
    counts = [0] * SLOTS
    for key, n in points.items():
        point = _point_key(side, key, game)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise PositionError(f"{side.value}: count {shown(n)} on point {shown(key)} is not a whole number ≥ 0", "BAD_COUNT")
        if n > CHECKERS:
            raise PositionError(
                f"{side.value} has {shown(n)} checkers on point {shown(key)}; a side has {CHECKERS}",
                "TOO_MANY_CHECKERS",
                params={"side": side.value, "total": n if n < 10**6 else CHECKERS + 1},
            )
        counts[point] += n
    return tuple(counts)


def _point_key(side: Side, key: object, game: Game) -> int:
    if key == "bar":
        if not game.has_bar:
            raise PositionError(f"{side.value}: long nardy has no bar", "BAD_POINT")
        return BAR
    if isinstance(key, bool):
        point = -1
    elif isinstance(key, int):
        point = key
    elif isinstance(key, str) and key.isascii() and key.isdigit() and (key == "0" or not key.startswith("0")) and len(key) <= 2:
        point = int(key)
    else:
        raise PositionError(f"{side.value}: point {shown(key)} is not a number 1..{POINTS}", "BAD_POINT")
    if not 1 <= point <= POINTS:
        raise PositionError(f"{side.value}: point {shown(key)} is outside 1..{POINTS}", "BAD_POINT")
    return point


@lru_cache(maxsize=256)
def _read_notation(text: str) -> Position:
    """A position read from its notation, kept: a page sends the same position with every step of a turn (a
    fifth of such a request's time went to reading it again), and a position is an immutable value."""
    return Position._from_layout(parse_layout(text))

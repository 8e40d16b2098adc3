"""Positions: both sides' checkers, borne-off counts and the side to move.

A :class:`Position` stores each side's checkers in that side's **own** numbering (24 = its head,
1..6 = its home). Checkers not on the board are borne off; each side always has 15 in all.

>>> start = Position.start()
>>> start.count(Side.WHITE, 24), start.count(Side.BLACK, 24)
(15, 15)
>>> start.owner_at(12)              # absolute W12 holds Black's head
<Side.BLACK: 'black'>
>>> start.pips(Side.WHITE)
360
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping

from .sides import CHECKERS, HEAD, HOME, POINTS, Side, to_absolute, to_own


class PositionError(ValueError):
    """An impossible position. ``code`` is a stable reason code, ``where`` an optional character index."""

    def __init__(self, message: str, code: str = "BAD_POSITION", where: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.where = where


Counts = tuple[int, ...]  # 25 entries; index 0 unused; index n = checkers on own point n


def _empty() -> list[int]:
    return [0] * (POINTS + 1)


@dataclass(frozen=True)
class Position:
    """An immutable position. Build with :meth:`from_points`, :meth:`start` or :func:`nardy_core.notation.parse`."""

    white: Counts
    black: Counts
    to_move: Side = Side.WHITE

    def __post_init__(self) -> None:
        for side, counts in ((Side.WHITE, self.white), (Side.BLACK, self.black)):
            if len(counts) != POINTS + 1 or counts[0] != 0:
                raise PositionError(f"{side.value}: internal counts must have 25 entries with index 0 unused")
            if any(c < 0 for c in counts):
                raise PositionError(f"{side.value}: negative checker count", "BAD_COUNT")
            total = sum(counts)
            if total > CHECKERS:
                raise PositionError(
                    f"{side.value} has {total} checkers on the board; at most {CHECKERS}", "TOO_MANY_CHECKERS"
                )
        for absolute in range(1, POINTS + 1):
            if self.white[absolute] and self.black[to_own(Side.BLACK, absolute)]:
                raise PositionError(
                    f"point W{absolute} holds both white and black checkers", "SHARED_POINT"
                )

    # construction -----------------------------------------------------------------------------
    @classmethod
    def start(cls) -> "Position":
        """The start position: 15 checkers on each head, White to move."""
        heads = _empty()
        heads[HEAD] = CHECKERS
        return cls(tuple(heads), tuple(heads), Side.WHITE)

    @classmethod
    def from_points(
        cls, white: Mapping[int | str, int], black: Mapping[int | str, int], to_move: Side = Side.WHITE
    ) -> "Position":
        """Build from ``{own point: count}`` maps (keys may be strings, as in JSON).

        >>> Position.from_points({"24": 14, "13": 1}, {24: 15}, Side.BLACK).count(Side.WHITE, 13)
        1
        """
        return cls(_counts(Side.WHITE, white), _counts(Side.BLACK, black), to_move)

    # queries ----------------------------------------------------------------------------------
    def counts(self, side: Side) -> Counts:
        """``side``'s checkers per own point (index 0 unused)."""
        return self.white if side is Side.WHITE else self.black

    def count(self, side: Side, own_point: int) -> int:
        """Checkers of ``side`` on its own point ``own_point``."""
        return self.counts(side)[own_point]

    def on_board(self, side: Side) -> int:
        """How many of ``side``'s checkers are still on the board."""
        return sum(self.counts(side))

    def borne_off(self, side: Side) -> int:
        """How many of ``side``'s checkers have been borne off."""
        return CHECKERS - self.on_board(side)

    def pips(self, side: Side) -> int:
        """Pip count: the sum of own point numbers over ``side``'s checkers (360 at the start)."""
        return sum(point * n for point, n in enumerate(self.counts(side)))

    def owner_at(self, absolute_point: int) -> Side | None:
        """Which side occupies the absolute (White-numbered) point, if any."""
        if self.white[absolute_point]:
            return Side.WHITE
        if self.black[to_own(Side.BLACK, absolute_point)]:
            return Side.BLACK
        return None

    def checkers_at(self, absolute_point: int) -> tuple[Side | None, int]:
        """(owner, count) on an absolute point."""
        owner = self.owner_at(absolute_point)
        if owner is None:
            return None, 0
        return owner, self.count(owner, to_own(owner, absolute_point))

    def occupied(self, side: Side) -> Iterator[int]:
        """``side``'s occupied own points, from its head down."""
        counts = self.counts(side)
        return (p for p in range(POINTS, 0, -1) if counts[p])

    def all_home(self, side: Side) -> bool:
        """True when every checker of ``side`` still on the board is in its home (own 1..6)."""
        counts = self.counts(side)
        return not any(counts[p] for p in range(HOME.stop, POINTS + 1))

    def winner(self) -> Side | None:
        """The side that has borne off all 15, if any."""
        for side in Side:
            if self.on_board(side) == 0:
                return side
        return None

    def with_side(self, side: Side, counts: Counts) -> "Position":
        """A copy with ``side``'s counts replaced."""
        if side is Side.WHITE:
            return Position(counts, self.black, self.to_move)
        return Position(self.white, counts, self.to_move)

    def _derived(self, side: Side, counts: Counts) -> "Position":
        """Like :meth:`with_side` without re-validation, for counts a legal step produced from this position."""
        derived = object.__new__(Position)
        object.__setattr__(derived, "white", counts if side is Side.WHITE else self.white)
        object.__setattr__(derived, "black", counts if side is Side.BLACK else self.black)
        object.__setattr__(derived, "to_move", self.to_move)
        return derived

    def with_to_move(self, side: Side) -> "Position":
        """A copy with another side to move."""
        return Position(self.white, self.black, side)

    def as_points(self, side: Side) -> dict[str, int]:
        """``{own point: count}`` with string keys, as in the JSON formats."""
        return {str(p): n for p, n in sorted(enumerate(self.counts(side)), reverse=True) if n}

    def board(self) -> dict[int, tuple[Side, int]]:
        """Absolute point -> (owner, count) for every occupied point."""
        result: dict[int, tuple[Side, int]] = {}
        for side in Side:
            for own, n in enumerate(self.counts(side)):
                if n:
                    result[to_absolute(side, own)] = (side, n)
        return dict(sorted(result.items()))

    def __str__(self) -> str:
        from .notation import format_position

        return format_position(self)


def _counts(side: Side, points: Mapping[int | str, int]) -> Counts:
    counts = _empty()
    for key, n in points.items():
        try:
            point = int(key)
        except (TypeError, ValueError):
            raise PositionError(f"{side.value}: point {key!r} is not a number", "BAD_POINT") from None
        if not 1 <= point <= POINTS:
            raise PositionError(f"{side.value}: point {point} is outside 1..24", "BAD_POINT")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise PositionError(f"{side.value}: count {n!r} on point {point} is not a whole number ≥ 0", "BAD_COUNT")
        counts[point] += n
    return tuple(counts)

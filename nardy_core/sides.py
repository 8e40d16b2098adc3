"""Sides and the two numberings of the board (RULES.md R2.1, R2.2).

Each side counts points along its own path from 24 (its head) down to 1. White's numbering is
the absolute board coordinate. A point that is own *n* for one side is own *n - 12* (if *n > 12*)
or *n + 12* for the other; the map is its own inverse.

>>> to_absolute(Side.BLACK, 24)   # Black's head stands on White's 12
12
>>> to_own(Side.BLACK, 24)        # White's head is Black's 12
12
>>> opposite_numbering(1)
13
"""

from __future__ import annotations

from enum import Enum

POINTS = 24
CHECKERS = 15
HEAD = 24
HOME = range(1, 7)


class Side(str, Enum):
    """One of the two players. The value is the lower-case English name used in JSON."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> "Side":
        """The opponent.

        >>> Side.WHITE.other
        <Side.BLACK: 'black'>
        """
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def letter(self) -> str:
        """``w`` or ``b``, as used in the position notation."""
        return self.value[0]

    @classmethod
    def parse(cls, text: str) -> "Side":
        """Accept ``white``/``black``/``w``/``b`` in any case.

        >>> Side.parse("B")
        <Side.BLACK: 'black'>
        """
        key = text.strip().lower()
        for side in cls:
            if key in (side.value, side.letter):
                return side
        raise ValueError(f"unknown side {text!r}: expected 'white' or 'black'")


def opposite_numbering(point: int) -> int:
    """Convert an own point number of one side to the other side's number for the same point.

    >>> [opposite_numbering(n) for n in (24, 13, 12, 1)]
    [12, 1, 24, 13]
    """
    if not 1 <= point <= POINTS:
        raise ValueError(f"point {point} is outside 1..24")
    return point - 12 if point > 12 else point + 12


def to_absolute(side: Side, own_point: int) -> int:
    """The absolute (White-numbered) point of ``side``'s own point."""
    return own_point if side is Side.WHITE else opposite_numbering(own_point)


def to_own(side: Side, absolute_point: int) -> int:
    """``side``'s own number of an absolute (White-numbered) point."""
    return absolute_point if side is Side.WHITE else opposite_numbering(absolute_point)

"""The two games and everything about the board that differs between them: numbering, start, bar.

Each side counts the points along its own path from 24 down to 1 (own 1..6 is its home); White's numbering
is the absolute board coordinate. What changes between the games is how the two numberings meet:

- long nardy (RULES.md R2.2): own *n* of one side is the other side's *n - 12* (if *n > 12*) or *n + 12*;
- short nardy (SHORT-RULES.md S1.1): own *n* is the other side's *25 - n*.

Both maps are their own inverse. Short nardy also has the **bar**: a side's checkers on the bar count as
standing on its own point 25 (a die *d* enters them on own 25 - d).

>>> Game.LONG.opposite(24), Game.SHORT.opposite(24)
(12, 1)
>>> Game.SHORT.absolute(Side.BLACK, 6), Game.LONG.own(Side.BLACK, 12)
(19, 24)
>>> Game.parse("short")
<Game.SHORT: 'short'>
"""

from __future__ import annotations

from enum import Enum

from .sides import Side

POINTS = 24  #: points on the board
CHECKERS = 15  #: checkers per side
HOME = range(1, 7)  #: own points of the home
HEAD = 24  #: own point where long nardy starts (the head)
OFF = 0  #: own "point" of a checker borne off
BAR = 25  #: own "point" of a checker on the bar (short nardy): it enters with die d on own 25 - d
SLOTS = BAR + 1  #: length of a side's counts: index 0 unused, 1..24 points, 25 the bar


class Game(str, Enum):
    """Long nardy or short nardy (backgammon). The value is the name used in JSON and the notation."""

    LONG = "long"
    SHORT = "short"

    @classmethod
    def parse(cls, value: object) -> Game:
        """``"long"`` or ``"short"``; raise ``ValueError`` otherwise."""
        for game in cls:
            if value == game.value:
                return game
        raise ValueError(f"unknown game {value!r}: expected 'long' or 'short'")

    @property
    def has_bar(self) -> bool:
        """Hitting sends checkers to the bar (short nardy only)."""
        return self is Game.SHORT

    @property
    def caption_kinds(self) -> tuple[str, ...]:
        """What the board's captions name for each side, in the board geometry's terms: its home, and in
        long nardy its head too (where all 15 start).

        >>> Game.LONG.caption_kinds, Game.SHORT.caption_kinds
        (('home', 'head'), ('home',))
        """
        return ("home",) if self is Game.SHORT else ("home", "head")

    def opposite(self, point: int) -> int:
        """The other side's own number of the point that is own ``point`` for one side."""
        if not 1 <= point <= POINTS:
            raise ValueError(f"point {point} is outside 1..{POINTS}")
        if self is Game.SHORT:
            return POINTS + 1 - point
        return point - 12 if point > 12 else point + 12

    def absolute(self, side: Side, own_point: int) -> int:
        """The absolute (White-numbered) point of ``side``'s own point."""
        return own_point if side is Side.WHITE else self.opposite(own_point)

    def own(self, side: Side, absolute_point: int) -> int:
        """``side``'s own number of an absolute (White-numbered) point."""
        return absolute_point if side is Side.WHITE else self.opposite(absolute_point)

    def start_points(self) -> dict[int, int]:
        """Own point -> checkers of one side at the start (the same for both sides).

        >>> Game.SHORT.start_points()
        {24: 2, 13: 5, 8: 3, 6: 5}
        """
        if self is Game.SHORT:
            return {24: 2, 13: 5, 8: 3, 6: 5}
        return {HEAD: CHECKERS}

    def label_table(self) -> dict[str, list[int]]:
        """For each side, its own number of every absolute point (index 0 unused): what the board shows.

        >>> Game.LONG.label_table()["black"][1:4]
        [13, 14, 15]
        """
        return {side.value: [0] + [self.own(side, p) for p in range(1, POINTS + 1)] for side in Side}

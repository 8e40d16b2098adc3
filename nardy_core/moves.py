"""Single-die steps and the play notation ``24/18 18/13`` (the mover's own numbering).

``off`` is a checker borne off, ``bar`` a checker entering from the bar (short nardy), and a ``*`` after a
point says the step hit a blot there (optional when reading; written by :func:`format_play`).

>>> Step(24, 18, 6)
Step(src=24, dst=18, die=6, hit=False)
>>> str(Step(3, OFF, 5)), str(Step(BAR, 22, 3, hit=True))
('3/off', 'bar/22*')
>>> parse_play("24/18/13 6/off")
[(24, 18), (18, 13), (6, 0)]
>>> parse_play("bar/22* 13/7")
[(25, 22), (13, 7)]
>>> format_play([Step(24, 18, 6), Step(18, 13, 5)])
'24/18 18/13'
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import NamedTuple

from .errors import PlayError, shown
from .games import BAR, OFF, POINTS, Game
from .sides import Side

MAX_PLAY_LENGTH = 200  #: a whole turn is at most four steps; longer text is refused unread

__all__ = ["BAR", "OFF", "Step", "format_play", "format_point", "parse_play", "parse_point"]


class Step(NamedTuple):
    """One checker moved by one die: from own point ``src`` (25 = the bar) to ``dst`` (0 = off).

    A named tuple rather than a dataclass: the move generator creates one per edge of its search.
    """

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{format_point(self.src)}/{format_point(self.dst)}{'*' if self.hit else ''}"

    def to_json(self) -> dict[str, object]:
        """``{"from": 24 | "bar", "to": 18 | "off", "die": 6, "hit": false}`` (own numbering)."""
        return {"from": point_json(self.src), "to": point_json(self.dst), "die": self.die, "hit": self.hit}


def point_json(point: int) -> int | str:
    """An own point as JSON: the number, ``"off"`` or ``"bar"``."""
    if point == OFF:
        return "off"
    if point == BAR:
        return "bar"
    return point


def format_point(point: int) -> str:
    """``off`` for 0, ``bar`` for 25, else the number."""
    return str(point_json(point))


def parse_point(text: str) -> int:
    """Read a point number 1..24, ``off`` or ``bar`` (a trailing ``*`` for a hit is allowed).

    >>> parse_point("off"), parse_point("13*"), parse_point("bar")
    (0, 13, 25)
    """
    token = text.strip().lower().removesuffix("*")
    if token == "off":
        return OFF
    if token == "bar":
        return BAR
    if not (token.isascii() and token.isdigit() and not token.startswith("0")) or not 1 <= int(token) <= POINTS:
        raise PlayError(f"{shown(text)} is not a point 1..{POINTS}, 'bar' or 'off'")
    return int(token)


def parse_play(text: object) -> list[tuple[int, int]]:
    """Split a play into (from, to) moves; ``a/b/c`` chains become ``a/b`` and ``b/c``.

    A move may span more than one die (``24/13`` with 6-5); :mod:`nardy_core.interactive` splits it.
    """
    if not isinstance(text, str):
        raise PlayError(f"a play must be a string like '24/18 18/13', not {shown(text)}")
    if len(text) > MAX_PLAY_LENGTH:
        raise PlayError(f"a play is at most {MAX_PLAY_LENGTH} characters, this one has {len(text)}")
    moves: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        parts = token.split("/")
        if len(parts) < 2 or any(not p for p in parts):
            raise PlayError(f"cannot read {shown(token)}: write moves as 'from/to', e.g. '24/18', '3/off' or 'bar/22'")
        points = [parse_point(p) for p in parts]
        for a, b in pairwise(points):
            if a == OFF:
                raise PlayError(f"cannot read {shown(token)}: a checker borne off cannot move on")
            if b == BAR:
                raise PlayError(f"cannot read {shown(token)}: a checker never moves to the bar by itself")
            moves.append((a, b))
    return moves


def format_play(steps: Iterable[Step]) -> str:
    """Steps as a play string."""
    return " ".join(str(s) for s in steps)


def board_play(game: Game, side: Side, steps: Iterable[Step]) -> str:
    """``side``'s steps (its own numbering) as a play in the board's numbering: the numbers the board shows,
    White's (the bar and off as they are).

    >>> board_play(Game.LONG, Side.BLACK, [Step(24, 18, 6), Step(18, 13, 5)])   # Black's head is the board's 12
    '12/6 6/1'
    >>> board_play(Game.SHORT, Side.BLACK, [Step(25, 22, 3, True)])
    'bar/3*'
    """
    def board(point: int) -> int:
        return point if point in (OFF, BAR) else game.absolute(side, point)

    return format_play(step._replace(src=board(step.src), dst=board(step.dst)) for step in steps)

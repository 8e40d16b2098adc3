"""Single-die steps and the play notation ``24/18 18/13`` (mover's own numbering, ``off`` = borne off).

>>> Step(24, 18, 6)
Step(src=24, dst=18, die=6)
>>> str(Step(3, OFF, 5))
'3/off'
>>> parse_play("24/18/13 6/off")
[(24, 18), (18, 13), (6, 0)]
>>> format_play([Step(24, 18, 6), Step(18, 13, 5)])
'24/18 18/13'
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

OFF = 0  #: the destination of a step that bears a checker off


class PlayError(ValueError):
    """A play string that cannot be read; ``code`` is ``BAD_PLAY``."""

    code = "BAD_PLAY"


class Step(NamedTuple):
    """One checker moved by one die: from own point ``src`` to own point ``dst`` (``OFF`` = 0).

    A named tuple rather than a dataclass: the move generator creates one per edge of its search.
    """

    src: int
    dst: int
    die: int

    def __str__(self) -> str:
        return f"{self.src}/{format_point(self.dst)}"

    def to_json(self) -> dict[str, object]:
        """``{"from": 24, "to": 18 | "off", "die": 6}``."""
        return {"from": self.src, "to": "off" if self.dst == OFF else self.dst, "die": self.die}


def format_point(point: int) -> str:
    """``off`` for 0, else the number."""
    return "off" if point == OFF else str(point)


def parse_point(text: str) -> int:
    """Read a point number 1..24 or ``off``.

    >>> parse_point("off"), parse_point("13")
    (0, 13)
    """
    token = text.strip().lower()
    if token in ("off", "0"):
        return OFF
    if not token.isdigit() or not 1 <= int(token) <= 24:
        raise PlayError(f"{text!r} is not a point 1..24 or 'off'")
    return int(token)


def parse_play(text: str) -> list[tuple[int, int]]:
    """Split a play into (from, to) moves; ``a/b/c`` chains become ``a/b`` and ``b/c``.

    A move may span more than one die (``24/13`` with 6-5); :mod:`nardy_core.interactive` splits it.
    """
    if not isinstance(text, str):
        raise PlayError("a play must be a string like '24/18 18/13'")
    moves: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        parts = token.split("/")
        if len(parts) < 2 or any(not p for p in parts):
            raise PlayError(f"cannot read {token!r}: write moves as 'from/to', e.g. '24/18' or '3/off'")
        points = [parse_point(p) for p in parts]
        for a, b in zip(points, points[1:]):
            if a == OFF:
                raise PlayError(f"cannot read {token!r}: a checker borne off cannot move on")
            moves.append((a, b))
    return moves


def format_play(steps: Iterable[Step]) -> str:
    """Steps as a play string."""
    return " ".join(str(s) for s in steps)

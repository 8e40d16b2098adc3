"""The position notation: one short, human-writable string for a whole position.

Form: ``<side to move>/<white checkers>/<black checkers>``. Each side's checkers are written in
**that side's own numbering** (24 = its head, 1..6 = its home) as a comma-separated list of
``point`` (one checker) or ``point:count``; ``off:N`` says N checkers are borne off, ``-`` means
none on the board. Every side must account for exactly 15 checkers, so a forgotten checker is an
error rather than a silent bear-off. Spaces are ignored; ``w``/``b`` may also be ``white``/``black``.

Examples (see ``docs/notation.md`` for more):

>>> p = parse("w/24:15/24:15")                  # the start position, White to move
>>> p == Position.start()
True
>>> format_position(parse("b / 24:14, 13 / 24:15"))   # after White's 6-5 opening, Black to move
'b/24:14,13/24:15'
>>> format_position(parse("w/6,4,off:13/24:15"))
'w/6,4,off:13/24:15'
>>> parse("w/24:14/24:15")
Traceback (most recent call last):
...
nardy_core.position.PositionError: white accounts for 14 checkers, not 15 (add 'off:1' if they are borne off) at character 3 of 'w/24:14/24:15'
"""

from __future__ import annotations

import re

from .position import Position, PositionError
from .sides import CHECKERS, POINTS, Side

_ITEM = re.compile(r"^(?:(?P<off>off):(?P<offn>\d+)|(?P<point>\d+)(?::(?P<count>\d+))?)$")


def parse(text: str) -> Position:
    """Parse the notation; raises :class:`PositionError` saying what is wrong and where."""
    if not isinstance(text, str):
        raise PositionError("a position must be a string like 'w/24:15/24:15'", "BAD_NOTATION")
    fields = text.split("/")
    if len(fields) != 3:
        raise PositionError(
            f"expected 3 fields separated by '/' (side to move/white/black), found {len(fields)} in {text!r}",
            "BAD_NOTATION",
            0,
        )
    try:
        to_move = Side.parse(fields[0])
    except ValueError:
        raise PositionError(
            f"side to move must be 'w' or 'b', not {fields[0].strip()!r} at character 1 of {text!r}",
            "BAD_NOTATION",
            0,
        ) from None
    offset = len(fields[0]) + 1
    sides = {}
    for side, field in ((Side.WHITE, fields[1]), (Side.BLACK, fields[2])):
        sides[side] = _parse_side(side, field, offset, text)
        offset += len(field) + 1
    position = Position.from_points(sides[Side.WHITE], sides[Side.BLACK], to_move)
    return position


def _parse_side(side: Side, field: str, offset: int, text: str) -> dict[int, int]:
    where = offset + len(field) - len(field.lstrip())
    stripped = field.strip()
    if stripped in ("-", ""):
        if stripped == "":
            raise PositionError(
                f"{side.value}'s checkers are missing (write '-' with 'off:15' if all are borne off) "
                f"at character {where + 1} of {text!r}",
                "BAD_NOTATION",
                where,
            )
        items: list[str] = []
    else:
        items = stripped.split(",")
    points: dict[int, int] = {}
    off: int | None = None
    position_in_field = where
    for raw in items:
        item = raw.strip().lower()
        at = position_in_field + (len(raw) - len(raw.lstrip()))
        position_in_field += len(raw) + 1
        if item == "-" and off is None:
            continue
        match = _ITEM.match(item.replace(" ", ""))
        if not match:
            raise PositionError(
                f"{side.value}: cannot read {raw.strip()!r}: expected 'point', 'point:count' or 'off:count' "
                f"at character {at + 1} of {text!r}",
                "BAD_NOTATION",
                at,
            )
        if match.group("off"):
            if off is not None:
                raise PositionError(f"{side.value}: 'off' given twice at character {at + 1} of {text!r}", "BAD_NOTATION", at)
            off = int(match.group("offn"))
            continue
        point = int(match.group("point"))
        count = int(match.group("count") or 1)
        if not 1 <= point <= POINTS:
            raise PositionError(
                f"{side.value}: point {point} is outside 1..24 at character {at + 1} of {text!r}", "BAD_POINT", at
            )
        if count < 1:
            raise PositionError(
                f"{side.value}: point {point} has count {count}; leave empty points out "
                f"at character {at + 1} of {text!r}",
                "BAD_COUNT",
                at,
            )
        if point in points:
            raise PositionError(
                f"{side.value}: point {point} is listed twice at character {at + 1} of {text!r}", "BAD_NOTATION", at
            )
        points[point] = count
    on_board = sum(points.values())
    total = on_board + (off or 0)
    if total != CHECKERS:
        hint = ""
        if total < CHECKERS and off is None:
            hint = f" (add 'off:{CHECKERS - total}' if they are borne off)"
        raise PositionError(
            f"{side.value} accounts for {total} checkers, not {CHECKERS}{hint} at character {where + 1} of {text!r}",
            "TOO_MANY_CHECKERS" if total > CHECKERS else "TOO_FEW_CHECKERS",
            where,
        )
    return points


def format_side(position: Position, side: Side) -> str:
    """One side's field of the notation.

    >>> format_side(Position.start(), Side.BLACK)
    '24:15'
    """
    parts = [f"{p}:{n}" if n > 1 else str(p) for p, n in ((int(k), v) for k, v in position.as_points(side).items())]
    off = position.borne_off(side)
    if off:
        parts.append(f"off:{off}")
    return ",".join(parts) or "-"


def format_position(position: Position) -> str:
    """The canonical notation of a position (round-trips through :func:`parse`).

    >>> format_position(parse("b/off:15/24:15"))
    'b/off:15/24:15'
    """
    return "/".join((position.to_move.letter, format_side(position, Side.WHITE), format_side(position, Side.BLACK)))

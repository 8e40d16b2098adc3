"""The position notation: one short, human-writable string for a whole position of either game.

Form: ``[game:]<side to move>/<white checkers>/<black checkers>``. ``game`` is ``long`` (the default, so
it may be left out) or ``short``. Each side's checkers are written in **that side's own numbering**
(24 = start of its path, 1..6 = its home) as a comma-separated list of ``point`` (one checker) or
``point:count``; ``bar:N`` puts N checkers on the bar (short nardy), ``off:N`` says N are borne off, and
``-`` means none on the board. Every side must account for exactly 15 checkers, so a forgotten checker is
an error rather than a silent bear-off. Spaces around items are ignored; ``w``/``b`` may also be
``white``/``black``. Numbers are ASCII digits without leading zeros.

This module only reads and writes the text; :class:`nardy_core.position.Position` checks that the
position can exist. Examples (see ``docs/notation.md`` for more):

>>> layout = parse_layout("w/24:15/24:15")             # the long-nardy start, White to move
>>> layout.game, layout.to_move, layout.white[24]
(<Game.LONG: 'long'>, <Side.WHITE: 'white'>, 15)
>>> parse_layout("short:b/24:2,13:5,8:3,6:5/bar,24,13:5,8:3,6:5").black[25]   # Black has one on the bar
1
>>> format_layout(parse_layout("b / 24:14, 13 / 24:15"))
'b/24:14,13/24:15'
>>> parse_layout("w/24:14/24:15")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nardy_core.errors.PositionError: white accounts for 14 checkers, not 15 (add 'off:1' if they are borne off) at character 3 ...
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import PositionError, shown
from .games import BAR, CHECKERS, DEFAULT_GAME, POINTS, SLOTS, Game, names
from .sides import Side

MAX_LENGTH = 400  #: longer text is refused before it is read (a full position needs under 100 characters)
_NUMBER = r"(?:0|[1-9][0-9]{0,2})"
_ITEM = re.compile(rf"^(?:(?P<word>off|bar)(?::(?P<wordn>{_NUMBER}))?|(?P<point>{_NUMBER})(?::(?P<count>{_NUMBER}))?)$")

Counts = tuple[int, ...]  #: one side's checkers: index 0 unused, 1..24 own points, 25 the bar


class Layout(NamedTuple):
    """What a notation string says: the game, the side to move and both sides' counts (own numbering)."""

    game: Game
    to_move: Side
    white: Counts
    black: Counts


def parse_layout(text: object) -> Layout:
    """Read the notation; raise :class:`PositionError` saying what is wrong and at which character."""
    if not isinstance(text, str):
        raise PositionError("a position must be a string like 'w/24:15/24:15'", "BAD_NOTATION")
    if len(text) > MAX_LENGTH:
        raise PositionError(f"a position is at most {MAX_LENGTH} characters, this one has {len(text)}", "BAD_NOTATION")
    quoted = _quote(text)
    game, offset = DEFAULT_GAME, 0
    head, colon, rest = text.partition(":")
    if colon and "/" not in head:
        try:
            game = Game.parse(head.strip().lower())
        except ValueError:
            raise PositionError(
                f"the game must be {names()}, not {shown(head.strip())} at character 1 of {quoted}", "BAD_NOTATION", 0
            ) from None
        offset = len(head) + 1
        text_fields = rest
    else:
        text_fields = text
    fields = text_fields.split("/")
    if len(fields) != 3:
        raise PositionError(
            f"expected 3 fields separated by '/' (side to move/white/black), found {len(fields)} in {quoted}",
            "BAD_NOTATION",
            offset,
        )
    try:
        to_move = Side.parse(fields[0])
    except ValueError:
        raise PositionError(
            f"side to move must be 'w' or 'b', not {shown(fields[0].strip())} at character {offset + 1} of {quoted}",
            "BAD_NOTATION",
            offset,
        ) from None
    offset += len(fields[0]) + 1
    counts: dict[Side, Counts] = {}
    items: dict[int, int] = {}  #: Black's own point -> where its item starts
    for side, field in ((Side.WHITE, fields[1]), (Side.BLACK, fields[2])):
        counts[side] = _parse_side(game, side, field, offset, quoted, items if side is Side.BLACK else {})
        offset += len(field) + 1
    for absolute in range(1, POINTS + 1):
        black_point = game.own(Side.BLACK, absolute)
        if counts[Side.WHITE][absolute] and counts[Side.BLACK][black_point]:
            at = items[black_point]
            raise PositionError(
                f"point {absolute} holds both white and black checkers (it is Black's own {black_point}) "
                f"at character {at + 1} of {quoted}",
                "SHARED_POINT",
                at,
                {"point": absolute},
            )
    return Layout(game, to_move, counts[Side.WHITE], counts[Side.BLACK])


def _quote(text: str) -> str:
    return shown(text, 80)


def _parse_side(game: Game, side: Side, field: str, offset: int, quoted: str, items: dict[int, int]) -> Counts:
    """One side's field; ``items`` gets where each point's item starts (for the errors that come later)."""
    where = offset + len(field) - len(field.lstrip())
    stripped = field.strip()
    if stripped == "":
        raise PositionError(
            f"{side.value}'s checkers are missing (write '-' with 'off:15' if all are borne off) "
            f"at character {where + 1} of {quoted}",
            "BAD_NOTATION",
            where,
        )
    counts = [0] * SLOTS
    off: int | None = None
    seen_bar = False
    at = where
    for raw in stripped.split(","):
        item = raw.strip().lower()
        item_at = at + (len(raw) - len(raw.lstrip()))
        at += len(raw) + 1
        if item == "-":
            continue
        match = _ITEM.match(item)
        if not match:
            raise PositionError(
                f"{side.value}: cannot read {shown(raw.strip())}: expected 'point', 'point:count', 'bar:count' or "
                f"'off:count' (digits 0-9, no leading zeros) at character {item_at + 1} of {quoted}",
                "BAD_NOTATION",
                item_at,
            )
        word = match.group("word")
        if word == "off":
            if off is not None or match.group("wordn") is None:
                what = "'off' given twice" if off is not None else "'off' needs a count, e.g. 'off:3'"
                raise PositionError(f"{side.value}: {what} at character {item_at + 1} of {quoted}", "BAD_NOTATION", item_at)
            off = int(match.group("wordn"))
            continue
        if word == "bar":
            if not game.has_bar:
                raise PositionError(
                    f"{side.value}: long nardy has no bar (checkers are never hit) at character {item_at + 1} of {quoted}",
                    "BAD_NOTATION",
                    item_at,
                )
            if seen_bar:
                raise PositionError(f"{side.value}: 'bar' given twice at character {item_at + 1} of {quoted}", "BAD_NOTATION", item_at)
            seen_bar = True
            counts[BAR] = int(match.group("wordn") or 1)
            continue
        point, count = int(match.group("point")), int(match.group("count") or 1)
        if not 1 <= point <= POINTS:
            raise PositionError(
                f"{side.value}: point {point} is outside 1..{POINTS} at character {item_at + 1} of {quoted}",
                "BAD_POINT",
                item_at,
                {"side": side.value, "point": point},
            )
        if count < 1:
            raise PositionError(
                f"{side.value}: point {point} has count {count}; leave empty points out at character {item_at + 1} of {quoted}",
                "BAD_COUNT",
                item_at,
            )
        if counts[point]:
            raise PositionError(
                f"{side.value}: point {point} is listed twice at character {item_at + 1} of {quoted}",
                "BAD_NOTATION",
                item_at,
                {"side": side.value, "point": point},
            )
        counts[point] = count
        items[point] = item_at
    total = sum(counts) + (off or 0)
    if total != CHECKERS:
        hint = f" (add 'off:{CHECKERS - total}' if they are borne off)" if total < CHECKERS and off is None else ""
        raise PositionError(
            f"{side.value} accounts for {total} checkers, not {CHECKERS}{hint} at character {where + 1} of {quoted}",
            "TOO_MANY_CHECKERS" if total > CHECKERS else "TOO_FEW_CHECKERS",
            where,
            {"side": side.value, "total": total},
        )
    return tuple(counts)


def format_side(counts: Counts) -> str:
    """One side's field: points from 24 down, then the bar, then the borne-off count.

    >>> format_side((0,) * 6 + (5,) + (0,) * 17 + (2, 1))
    '24:2,6:5,bar,off:7'
    """
    parts = [f"{p}:{counts[p]}" if counts[p] > 1 else str(p) for p in range(POINTS, 0, -1) if counts[p]]
    if counts[BAR]:
        parts.append("bar" if counts[BAR] == 1 else f"bar:{counts[BAR]}")
    off = CHECKERS - sum(counts)
    if off:
        parts.append(f"off:{off}")
    return ",".join(parts) or "-"


def format_layout(layout: Layout) -> str:
    """The canonical notation (round-trips through :func:`parse_layout`); long nardy has no game prefix.

    >>> format_layout(parse_layout("short : W/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"))
    'short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5'
    """
    body = "/".join((layout.to_move.letter, format_side(layout.white), format_side(layout.black)))
    prefix = layout.game.spec.notation_prefix
    return f"{prefix}:{body}" if prefix else body

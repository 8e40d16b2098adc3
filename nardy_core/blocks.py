"""The six-block rule (RULES.md §1.12), measured along the **opponent's** path.

A block of side X is six consecutive points occupied by X, consecutive in the opponent's own
numbering: points q..q+5 with 1 <= q <= 19. Windows may cross X's own 24/1 seam but never the
opponent's. An opponent checker is *ahead* of the window when it stands on an opponent-own point
below q (or has been borne off).

Masks: bit ``r - 1`` stands for the opponent's own point ``r``.

Long nardy only: short nardy has no six-block rule (SHORT-RULES.md S2.4).

>>> forbidden_block(Position.from_notation("w/24:9,11,10,9,8,7,6/24:15"), Side.WHITE, LongRules())
(6, 7, 8, 9, 10, 11)
>>> forbidden_block(Position.from_notation("w/24:9,11,10,9,8,7,6/24:14,13"), Side.WHITE, LongRules()) is None
True
"""

from __future__ import annotations

from typing import assert_never

from .games import CHECKERS, POINTS, Family
from .notation import Counts
from .position import Position
from .rules import LongRules, Rules, ShortRules
from .sides import Side

FULL = (1 << POINTS) - 1
_OPPOSITE = Family.LONG.spec.opposite_table  #: the six-block is a rule of the long family
#: bit in the opponent-frame mask for each of the mover's own points (index 0 unused)
OPPONENT_FRAME_BIT: tuple[int, ...] = (0,) + tuple(1 << (_OPPOSITE[n] - 1) for n in range(1, POINTS + 1))


def occupancy_mask(counts: Counts) -> int:
    """The mover's occupied points as a mask in the opponent's frame."""
    mask = 0
    for point in range(1, POINTS + 1):
        if counts[point]:
            mask |= OPPONENT_FRAME_BIT[point]
    return mask


def window_starts(mask: int) -> int:
    """Bit q-1 is set when opponent-own points q..q+5 are all in ``mask``."""
    return mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4) & (mask >> 5)


def forbidden_window_starts(opponent: Counts, rules: LongRules) -> int:
    """Mask of window starts q (bit q-1) that may **not** be fully occupied, given where the opponent stands.

    Opponent checkers do not move during the mover's turn, so this is computed once per turn.
    """
    block = rules.block_rule
    if block == "none":
        return 0
    if block == "forbid":
        return FULL
    borne_off = sum(opponent) < CHECKERS
    if borne_off:
        return 0
    if block == "home":
        return 0 if any(opponent[1:7]) else FULL
    lowest = next((r for r in range(1, POINTS + 1) if opponent[r]), POINTS + 1)
    # a window starting at q has an opponent checker ahead iff lowest < q
    return (1 << min(lowest, POINTS)) - 1


def window_points(start_bit: int) -> tuple[int, ...]:
    """The six points (mover's own numbering, ascending) of the window whose start bit is ``start_bit``."""
    return tuple(sorted(_OPPOSITE[q] for q in range(start_bit + 1, start_bit + 7)))


def first_forbidden(mask: int, forbidden: int) -> int | None:
    """Start bit of the first forbidden full window, if any."""
    hits = window_starts(mask) & forbidden
    if not hits:
        return None
    return (hits & -hits).bit_length() - 1


def forbidden_block(position: Position, side: Side, rules: Rules) -> tuple[int, ...] | None:
    """The points (``side``'s own numbering) of a six-block ``side`` may not have, or None."""
    match rules:
        case ShortRules():
            return None
        case LongRules():
            forbidden = forbidden_window_starts(position.counts(side.other), rules)
        case _:
            assert_never(rules)
    start = first_forbidden(occupancy_mask(position.counts(side)), forbidden)
    return None if start is None else window_points(start)

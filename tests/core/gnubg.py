"""GNU Backgammon's board convention (gnubg-nn, GPL-2: tests and benches only), for the tests that ask it."""

from __future__ import annotations

from nardy_core import Position
from nardy_core.games import BAR


def gnubg_board(position: Position) -> list[list[int]]:
    """``position`` as gnubg-nn's ``[side not on roll, side on roll]`` lists of points 1..25 (25: the bar), each
    side in its own numbering; the side to move is on roll (test_short_gnubg.py checks the convention)."""
    mover = position.to_move
    return [list(position.counts(side)[1 : BAR + 1]) for side in (mover.other, mover)]

"""A simple computer opponent for the free board, in both games: a fixed evaluation of the legal turns.

It is not a strong player; it plays sensibly for a learner to practise against. Long nardy: bear off when
it can, leave the head steadily, spread over several points, build points in front of the opponent.
Short nardy: hit, make points (above all in the home), leave few blots in reach, keep the opponent on the
bar. Its cube play is a plain race count. Deterministic for a given seed. :data:`HEURISTIC` is this
player as an :class:`~nardy_core.opponent.Opponent`, the one the site plays against.

>>> from nardy_core.dice import Roll
>>> choose(Position.from_notation("w/6,4,off:13/24:15"), Roll(6, 4))[0].dst
0
>>> [str(s) for s in choose(Position.from_notation("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"), Roll(3, 1))]
['8/5', '6/5']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, assert_never

from .dice import Roll
from .games import BAR, HOME, POINTS, Family
from .movegen import TurnSearch
from .moves import Step
from .position import Position
from .rules import Rules
from .sides import Side

if TYPE_CHECKING:
    from .flow import GameState
    from .opponent import Opponent


def _long_value(position: Position, side: Side) -> float:
    counts = position.counts(side)
    occupied = sum(1 for n in counts[1 : POINTS + 1] if n)
    stacks = sum(max(0, n - 3) for n in counts[1:23])
    return -position.pips(side) + position.borne_off(side) * 20 + occupied * 4 - stacks * 3 - counts[24] * 0.5


def _shots(position: Position, side: Side) -> int:
    """How many of the opponent's checkers are within six pips in front of a blot of ``side``."""
    mine = position.counts(side)
    return sum(position.direct_shots(side, point) for point in range(1, POINTS + 1) if mine[point] == 1)


def _short_value(position: Position, side: Side) -> float:
    mine, theirs = position.counts(side), position.counts(side.other)
    made = sum(1 for p in range(1, POINTS + 1) if mine[p] >= 2)
    home_made = sum(1 for p in HOME if mine[p] >= 2)
    return (
        -position.pips(side)
        + position.pips(side.other) * 0.6
        + position.borne_off(side) * 15
        + made * 5
        + home_made * 6
        + theirs[BAR] * 10
        - mine[BAR] * 10
        - _shots(position, side) * 2.5
    )


def evaluate(position: Position, side: Side) -> float:
    """Higher is better for ``side``."""
    family = position.game.family
    match family:
        case Family.LONG:
            return _long_value(position, side)
        case Family.SHORT:
            return _short_value(position, side)
        case _:
            assert_never(family)


def choose(position: Position, roll: Roll, first_turn: bool = False, rules: Rules | None = None, seed: int = 0) -> tuple[Step, ...]:
    """The steps of the chosen turn (empty when the turn passes)."""
    return choose_in(TurnSearch(position, roll, first_turn, rules), seed)


def choose_in(search: TurnSearch, seed: int = 0) -> tuple[Step, ...]:
    """The steps of the outcome of ``search`` this evaluation likes best (empty when there is none)."""
    outcomes = search.outcomes()
    if not outcomes:
        return ()
    side = search.position.to_move
    rng = random.Random(seed)
    scored = [(evaluate(final, side) + rng.random() * 0.01, tuple(steps)) for final, steps in outcomes]
    return max(scored)[1]


def _race_lead(position: Position, side: Side) -> float:
    """``side``'s lead in the race, as a share of its own pip count (positive: ahead)."""
    mine, theirs = position.pips(side), position.pips(side.other)
    return (theirs - mine) / max(mine, 1)


def wants_to_double(position: Position, side: Side) -> bool:
    """The computer offers a double with a clear race lead (about 8 %) and little left to play for."""
    return _race_lead(position, side) >= 0.08


def takes_double(position: Position, side: Side) -> bool:
    """The computer takes unless it is more than about 12 % behind in the race."""
    return _race_lead(position, side) > -0.12


class Heuristic:
    """This module's evaluation as an :class:`~nardy_core.opponent.Opponent`."""

    def choose_play(self, position: Position, roll: Roll, first_turn: bool, rules: Rules, seed: int) -> tuple[Step, ...]:
        """:func:`choose`."""
        return choose(position, roll, first_turn, rules, seed)

    def choose_part(self, search: TurnSearch, seed: int) -> tuple[Step, ...]:
        """:func:`choose_in`."""
        return choose_in(search, seed)

    def offers_double(self, game: GameState, side: Side) -> bool:
        """:func:`wants_to_double`."""
        return wants_to_double(game.position, side)

    def takes_double(self, game: GameState, side: Side) -> bool:
        """:func:`takes_double`."""
        return takes_double(game.position, side)


#: the computer the site plays against
HEURISTIC: Opponent = Heuristic()

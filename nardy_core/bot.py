"""A simple computer opponent for the free board: picks one of the legal turns by a fixed evaluation.

It is not a strong player; it plays sensibly for a learner to practise against: bear off when it can,
leave the head steadily, keep checkers spread over several points and build points in front of the
opponent. Deterministic for a given seed.

>>> from nardy_core.notation import parse
>>> from nardy_core.dice import Roll
>>> choose_turn(parse("w/6,4,off:13/24:15"), Roll(6, 4)).dst
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .dice import Roll
from .moves import Step
from .movegen import TurnSearch
from .position import Position
from .rules import Rules
from .sides import Side


@dataclass(frozen=True)
class _Choice:
    steps: tuple[Step, ...]
    final: Position


def evaluate(position: Position, side: Side) -> float:
    """Higher is better for ``side``: fewer pips, checkers off, points made, no tall stacks."""
    counts = position.counts(side)
    occupied = sum(1 for n in counts[1:] if n)
    stacks = sum(max(0, n - 3) for n in counts[1:23])
    head = counts[24]
    return -position.pips(side) * 1.0 + position.borne_off(side) * 20 + occupied * 4 - stacks * 3 - head * 0.5


def choose(position: Position, roll: Roll, first_turn: bool = False, rules: Rules | None = None, seed: int = 0) -> tuple[Step, ...]:
    """The steps of the chosen turn (empty when the turn passes)."""
    outcomes = TurnSearch(position, roll, first_turn, rules).outcomes()
    if not outcomes:
        return ()
    side = position.to_move
    rng = random.Random(seed)
    scored = [(evaluate(final, side) + rng.random() * 0.01, tuple(steps)) for final, steps in outcomes]
    return max(scored)[1]


def choose_turn(position: Position, roll: Roll, first_turn: bool = False, rules: Rules | None = None) -> Step:
    """The first step of the chosen turn (for doctests and quick checks)."""
    return choose(position, roll, first_turn, rules)[0]

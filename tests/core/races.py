"""Random short-nardy races not yet home, for the race tests (test_race.py) and bench/engine.py's gnubg section."""

from __future__ import annotations

import random

from nardy_core import Position, Side


def random_race(generator: random.Random, any_mover: bool = False) -> Position:
    """Each side's fifteen checkers on its own points 1..12 at random, one of them on 7..12: the sides have passed
    each other and some checkers are still outside home. White moves, or (``any_mover``) a side drawn at random
    after the checkers."""
    sides = []
    for _ in Side:
        points = [generator.randint(1, 12) for _ in range(15)]
        points[0] = generator.randint(7, 12)
        sides.append(",".join(f"{p}:{points.count(p)}" for p in sorted(set(points), reverse=True)))
    mover = generator.choice("wb") if any_mover else "w"
    return Position.from_notation(f"short:{mover}/{sides[0]}/{sides[1]}")

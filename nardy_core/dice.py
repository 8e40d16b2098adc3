"""Rolls of two dice (RULES.md §1.8).

>>> Roll(6, 5).steps
(6, 5)
>>> Roll(3, 3).steps
(3, 3, 3, 3)
>>> Roll.parse("5-4")
Roll(high=5, low=4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass


class DiceError(ValueError):
    """Dice outside 1..6 or not two of them; ``code`` is ``BAD_DICE``."""

    code = "BAD_DICE"


@dataclass(frozen=True, order=True)
class Roll:
    """Two dice; stored larger first so that 6-5 and 5-6 are the same roll."""

    high: int
    low: int

    def __init__(self, a: int, b: int) -> None:
        for value in (a, b):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise DiceError(f"a die shows 1..6, not {value!r}")
        object.__setattr__(self, "high", max(a, b))
        object.__setattr__(self, "low", min(a, b))

    @property
    def is_double(self) -> bool:
        """True for d-d."""
        return self.high == self.low

    @property
    def steps(self) -> tuple[int, ...]:
        """The single-die steps this roll gives: two numbers, or four for a double."""
        return (self.high,) * 4 if self.is_double else (self.high, self.low)

    @classmethod
    def parse(cls, text: str) -> "Roll":
        """Read ``"6-5"``, ``"65"`` or ``"6 5"``."""
        digits = [c for c in str(text) if c.isdigit()]
        if len(digits) != 2:
            raise DiceError(f"expected two dice like '6-5', not {text!r}")
        return cls(int(digits[0]), int(digits[1]))

    @classmethod
    def from_list(cls, dice: object) -> "Roll":
        """From a JSON list of two numbers.

        >>> Roll.from_list([2, 7])
        Traceback (most recent call last):
        ...
        nardy_core.dice.DiceError: a die shows 1..6, not 7
        """
        if not isinstance(dice, (list, tuple)) or len(dice) != 2:
            raise DiceError(f"dice must be a list of two numbers 1..6, not {dice!r}")
        return cls(dice[0], dice[1])

    @classmethod
    def random(cls, rng: random.Random) -> "Roll":
        """A random roll."""
        return cls(rng.randint(1, 6), rng.randint(1, 6))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def to_list(self) -> list[int]:
        """``[high, low]``."""
        return [self.high, self.low]

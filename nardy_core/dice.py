"""Rolls of two dice (RULES.md §1.8).

>>> Roll(6, 5).steps
(6, 5)
>>> Roll(3, 3).steps
(3, 3, 3, 3)
>>> Roll.parse("5-4")
Roll(high=5, low=4)
>>> Roll.parse("٥-٤")
Traceback (most recent call last):
...
nardy_core.errors.DiceError: dice are written like '6-5' (two digits 1-6), not '٥-٤'
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

from .errors import DiceError, shown

_ROLL_TEXT = re.compile(r"^\s*([1-6])\s*[-–—,x×: ]?\s*([1-6])\s*$", re.ASCII)  #: ASCII spaces and digits only


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _check_dice(values: tuple[object, ...]) -> None:
    for value in values:
        if not _is_die(value):
            raise DiceError(f"a die shows 1..6, not {shown(value)}")


@dataclass(frozen=True, order=True)
class Roll:
    """Two dice; stored larger first so that 6-5 and 5-6 are the same roll."""

    high: int
    low: int

    def __init__(self, a: int, b: int) -> None:
        _check_dice((a, b))
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
    def parse(cls, text: object) -> Roll:
        """Read ``"6-5"``, ``"65"`` or ``"6 5"`` (ASCII digits 1-6)."""
        match = _ROLL_TEXT.match(text) if isinstance(text, str) and len(text) <= 12 else None
        if match is None:
            raise DiceError(f"dice are written like '6-5' (two digits 1-6), not {shown(text)}")
        return cls(int(match.group(1)), int(match.group(2)))

    @classmethod
    def from_list(cls, dice: object) -> Roll:
        """From a JSON list of two numbers.

        >>> Roll.from_list([2, 7])
        Traceback (most recent call last):
        ...
        nardy_core.errors.DiceError: a die shows 1..6, not 7
        """
        if not isinstance(dice, (list, tuple)) or len(dice) != 2:
            raise DiceError(f"dice must be a list of two numbers 1..6, not {shown(dice)}")
        return cls(dice[0], dice[1])

    @classmethod
    def random(cls, rng: random.Random) -> Roll:
        """A random roll."""
        return cls(rng.randint(1, 6), rng.randint(1, 6))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def to_list(self) -> list[int]:
        """``[high, low]``."""
        return [self.high, self.low]


class Throw(Hashable, Protocol):
    """Dice that the rules play as one unit: a :class:`Roll`, or one part of a turn made of parts
    (:class:`PartDice`, VARIANTS.md V0.2). The move generator asks nothing else of them (and keeps recent
    searches by them, so they hash)."""

    @property
    def steps(self) -> tuple[int, ...]:
        """The single-die steps, larger first."""
        ...

    @property
    def is_double(self) -> bool:
        """All the dice show one number (R11.3's larger-die rule is then moot)."""
        ...

    @property
    def high(self) -> int:
        """The largest die."""
        ...

    @property
    def low(self) -> int:
        """The smallest die."""
        ...


@dataclass(frozen=True)
class PartDice:
    """The dice of one part of a turn (VARIANTS.md V0.2): a cascade stage's four, what a stalled stage leaves
    with the stages above it, or two dice handed to the opponent whole. Larger first.

    >>> PartDice((5, 5, 5, 5)).is_double, PartDice((5, 6)).steps, str(PartDice((6, 5)))
    (True, (6, 5), '6-5')
    >>> PartDice(())
    Traceback (most recent call last):
    ...
    nardy_core.errors.DiceError: a part has at least one die
    """

    steps: tuple[int, ...]

    def __init__(self, dice: tuple[int, ...]) -> None:
        if not dice:
            raise DiceError("a part has at least one die")
        _check_dice(dice)
        object.__setattr__(self, "steps", tuple(sorted(dice, reverse=True)))

    @property
    def is_double(self) -> bool:
        """Every die shows the same number."""
        return len(set(self.steps)) == 1

    @property
    def high(self) -> int:
        """The largest die."""
        return self.steps[0]

    @property
    def low(self) -> int:
        """The smallest die."""
        return self.steps[-1]

    def __str__(self) -> str:
        return "-".join(str(d) for d in self.steps)

"""The doubling cube (SHORT-RULES.md S7; RULES.md R1.2 allows it in long nardy too): a value, an owner, an offer.

>>> from nardy_core.rules import LongRules, ShortRules
>>> cube = Cube()
>>> cube.value, cube.owner, cube.may_double(Side.WHITE)
(1, None, True)
>>> taken = cube.offer(Side.WHITE).take(LongRules(cube=True))
>>> taken.value, taken.owner, taken.may_double(Side.WHITE), taken.turned
(2, <Side.BLACK: 'black'>, False, True)
>>> taken.offer(Side.BLACK).take(ShortRules(cube=True, cube_scale="arithmetic")).value
3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .errors import GameError
from .rules import Rules
from .sides import Side

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import CubeState

MAX_VALUE = 64  #: the cube's highest face


def next_value(value: int, rules: Rules) -> int:
    """The stakes after one more double: 2, 4, 8 … or, with ``cube_scale=arithmetic``, 2, 3, 4 …"""
    return value + 1 if rules.cube_scale == "arithmetic" else value * 2


@dataclass(frozen=True)
class Cube:
    """The cube: its value, who owns it (None = the middle), and who is offering a double right now."""

    value: int = 1
    owner: Side | None = None
    offered_by: Side | None = None
    turned: bool = False  #: has anyone doubled this game (the Jacoby rule asks)

    def may_double(self, side: Side) -> bool:
        """May ``side`` offer a double now (cube in the middle or his, below the top face, no offer pending)?"""
        return self.offered_by is None and self.owner in (None, side) and self.value < MAX_VALUE

    def offer(self, side: Side) -> Cube:
        """``side`` offers a double."""
        if not self.may_double(side):
            why = "the opponent owns the cube" if self.owner not in (None, side) else "a double is already offered"
            raise GameError(f"{side.value} may not double now: {why}", "CUBE_NOT_YOURS")
        return replace(self, offered_by=side)

    def take(self, rules: Rules) -> Cube:
        """The opponent takes: the stakes rise and he owns the cube."""
        if self.offered_by is None:
            raise GameError("no double has been offered", "NO_OFFER")
        return Cube(next_value(self.value, rules), self.offered_by.other, None, True)

    def beaver(self, rules: Rules) -> Cube:
        """Variant ``beaver``: the taker at once redoubles and keeps the cube."""
        if not rules.beaver:
            raise GameError("beavers are not played under these rules", "NO_BEAVER")
        taken = self.take(rules)
        return replace(taken, value=next_value(taken.value, rules))

    def to_json(self) -> CubeState:
        """``{"value", "owner", "offered_by", "turned"}``."""
        return {
            "value": self.value,
            "owner": None if self.owner is None else self.owner.value,
            "offered_by": None if self.offered_by is None else self.offered_by.value,
            "turned": self.turned,
        }

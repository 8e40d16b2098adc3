"""The two players.

>>> Side.WHITE.other
<Side.BLACK: 'black'>
>>> Side.parse("B")
<Side.BLACK: 'black'>
"""

from __future__ import annotations

from enum import Enum


class Side(str, Enum):
    """One of the two players. The value is the lower-case English name used in JSON."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def letter(self) -> str:
        """``w`` or ``b``, as used in the position notation."""
        return self.value[0]

    @classmethod
    def parse(cls, text: object) -> Side:
        """Accept ``white``/``black``/``w``/``b`` in any case; raise ``ValueError`` otherwise."""
        if isinstance(text, str):
            key = text.strip().lower()
            for side in cls:
                if key in (side.value, side.letter):
                    return side
        raise ValueError(f"unknown side {text!r}: expected 'white' or 'black'")

"""End of the game and scoring (RULES.md §1.15).

>>> from nardy_core.notation import parse
>>> score(parse("b/off:15/4:5,3:4,2:3,off:3"), Side.WHITE)
Result(winner=<Side.WHITE: 'white'>, kind='oin', points=1)
>>> score(parse("b/off:15/24:2,10:5,5:8"), Side.WHITE, Rules(koks="koks_quarter")).kind
'koks'
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .rules import Rules
from .sides import CHECKERS, Side

OIN, MARS, KOKS, HOME_MARS, DRAW = "oin", "mars", "koks", "home mars", "draw"


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner (None for a draw), the kind and the points the winner scores."""

    winner: Side | None
    kind: str
    points: int

    def to_json(self) -> dict[str, object]:
        """``{"winner": "white" | null, "kind": "oin", "points": 1}``."""
        return {"winner": None if self.winner is None else self.winner.value, "kind": self.kind, "points": self.points}


def score(position: Position, winner: Side, rules: Rules | None = None) -> Result:
    """Score a finished game won by ``winner`` (who has borne off all 15).

    Oin (1) if the loser has borne off a checker, else mars (2). The variants koks (``koks_home``:
    no loser checker in his home; ``koks_quarter``: a loser checker still in his start quarter 19-24)
    and home mars (``home_mars=3``: all 15 of the loser home) make a mars worth 3; the highest applies.
    """
    rules = rules or Rules()
    loser = winner.other
    counts = position.counts(loser)
    if position.borne_off(loser) > 0:
        return Result(winner, OIN, 1)
    if rules.koks == "koks_home" and not any(counts[1:7]):
        return Result(winner, KOKS, 3)
    if rules.koks == "koks_quarter" and any(counts[19:25]):
        return Result(winner, KOKS, 3)
    if rules.home_mars == 3 and sum(counts[1:7]) == CHECKERS:
        return Result(winner, HOME_MARS, 3)
    return Result(winner, MARS, 2)


def draw_roll_due(position: Position, finisher: Side, first_mover: Side, rules: Rules) -> bool:
    """Variant ``draw_last_roll``: does the opponent get one more roll after ``finisher`` bore off his last?

    Only when the first mover of the game finished first and the opponent could finish with one
    roll: at most 4 checkers left, all home.

    >>> from nardy_core.notation import parse
    >>> draw_roll_due(parse("b/off:15/3,1,off:13"), Side.WHITE, Side.WHITE, Rules(draw_last_roll=True))
    True
    """
    if not rules.draw_last_roll or finisher is not first_mover:
        return False
    other = finisher.other
    return 0 < position.on_board(other) <= 4 and position.all_home(other)

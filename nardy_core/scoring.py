"""End of the game and scoring (RULES.md §1.15, SHORT-RULES.md S6-S7).

The result of a game is its *kind* (oin, mars, koks, home mars, draw), the base points that kind is worth
under the rules, and the points scored: base × the cube's value.

>>> score(Position.from_notation("b/off:15/4:5,3:4,2:3,off:3"), Side.WHITE)
Result(winner=<Side.WHITE: 'white'>, kind='oin', base=1, cube=1)
>>> score(Position.from_notation("b/off:15/24:2,10:5,5:8"), Side.WHITE, LongRules(koks="koks_quarter")).kind
'koks'
>>> score(Position.from_notation("short:b/off:15/bar,6:14"), Side.WHITE, ShortRules(cube=True), cube=2).points
6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, assert_never

from .games import BAR, CHECKERS, HOME
from .position import Position
from .rules import LongRules, Rules, ShortRules, default_rules
from .sides import Side

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import ResultJson

Kind = Literal["oin", "mars", "koks", "home mars", "draw", "drop"]
OIN: Kind = "oin"
MARS: Kind = "mars"
KOKS: Kind = "koks"
HOME_MARS: Kind = "home mars"
DRAW: Kind = "draw"


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner (None for a draw), the kind, its base points, the cube and the points."""

    winner: Side | None
    kind: Kind
    base: int
    cube: int = 1

    @property
    def points(self) -> int:
        """What the winner scores (each side scores this in a draw)."""
        return self.base * self.cube

    def to_json(self) -> ResultJson:
        """``{"winner": "white" | null, "kind": "oin", "base": 1, "cube": 1, "points": 1}``."""
        return {
            "winner": None if self.winner is None else self.winner.value,
            "kind": self.kind,
            "base": self.base,
            "cube": self.cube,
            "points": self.points,
        }


def gammon_kind(position: Position, winner: Side, rules: Rules) -> tuple[Kind, int]:
    """The kind of a win by ``winner`` and the points it is worth before the cube and its options."""
    loser = winner.other
    counts = position.counts(loser)
    if position.borne_off(loser) > 0:
        return OIN, 1
    match rules:
        case ShortRules():
            # koks: a checker still on the bar or in the winner's home (the loser's own 19-24)
            if (counts[BAR] or any(counts[19:25])) and rules.koks != "off":
                return KOKS, int(rules.koks)
        case LongRules():
            if rules.koks == "koks_home" and not any(counts[HOME.start : HOME.stop]):
                return KOKS, 3
            if rules.koks == "koks_quarter" and any(counts[19:25]):
                return KOKS, 3
            if rules.home_mars == 3 and sum(counts[HOME.start : HOME.stop]) == CHECKERS:
                return HOME_MARS, 3
        case _:
            assert_never(rules)
    return MARS, 2


def score(
    position: Position,
    winner: Side,
    rules: Rules | None = None,
    *,
    cube: int = 1,
    cube_turned: bool = False,
    match_play: bool = False,
) -> Result:
    """Score a finished game won by ``winner`` (who has borne off all 15).

    Long nardy: oin (1) if the loser has borne off a checker, else mars (2); the variants koks
    (``koks_home``: no loser checker in his home; ``koks_quarter``: a loser checker still in his start
    quarter) and home mars (``home_mars=3``) make a mars worth 3. Short nardy: oin 1, mars 2, koks 3 (a
    loser checker on the bar or in the winner's home), with ``koks`` = 2 or ``off`` as options.

    With the cube in play the points are multiplied by its value. ``cube_mars=False`` scores every win as
    single; ``jacoby`` (money play only) does the same unless the cube was turned.
    """
    rules = rules or default_rules(position.game)
    kind, base = gammon_kind(position, winner, rules)
    if rules.cube and base > 1 and (not rules.cube_mars or (rules.jacoby and not match_play and not cube_turned)):
        base = 1
    return Result(winner, kind, base, cube if rules.cube else 1)


def draw_roll_due(position: Position, finisher: Side, first_mover: Side, rules: Rules) -> bool:
    """Variant ``draw_last_roll`` (long nardy): does the opponent get one more roll after ``finisher`` finished?

    Only when the first mover of the game finished first and the opponent could finish with one
    roll: at most 4 checkers left, all home.

    >>> draw_roll_due(Position.from_notation("b/off:15/3,1,off:13"), Side.WHITE, Side.WHITE, LongRules(draw_last_roll=True))
    True
    """
    if not isinstance(rules, LongRules) or not rules.draw_last_roll or finisher is not first_mover:
        return False
    other = finisher.other
    return 0 < position.on_board(other) <= 4 and position.all_home(other)

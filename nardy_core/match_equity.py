"""Match play: the chance to win the match from a score, and the cube on the last roll of a game.

In a match to *N* points what a game is worth depends on the score: a side's **match winning chance**
(MWC) at the start of a game where it needs *a* more points and the opponent *b* comes from a **match
equity table**. This module carries the Kazaross-XG2 table for scores up to :data:`MAX_AWAY` points away
(Neil Kazaross, 2011, as GNU Backgammon ships it in ``met/Kazaross-XG2.xml``; "copying/distribution
permitted when this notice is preserved"):

- :data:`PRE` before the Crawford game: ``PRE[a - 1][b - 1]``; its first row and column (a side 1 away) are
  the Crawford game's, where nobody may double;
- :data:`POST` after it: ``POST[b - 1]``, the trailer's chance when it needs *b* and the leader 1.

On the **last roll** (the opponent is sure to finish with its next roll, so a side on roll either finishes
now, with chance ``p``, or loses) a cube decision is exact, as in money play, only counted in match
winning chances instead of points: with the cube at 1 and *a*, *b* the doubler's and the taker's points
away, ``ND = p M(a-1, b) + (1-p) M(a, b-1)``, ``DT = p M(a-2, b) + (1-p) M(a, b-2)``, ``DP = M(a-1, b)``,
where ``M`` is the doubler's match winning chance at the next game's start (1 once it has won, 0 once it
has lost). The taker drops when ``DT >= DP``; the doubler doubles when ``min(DT, DP) > ND``.

>>> round(match_winning_chance(2, 4), 3), round(match_winning_chance(4, 2), 3)
(0.669, 0.331)
>>> advice = last_roll_cube(MatchScore(5, 3, 4), 17 / 36)   # post-Crawford: the trailer, 2 away, doubles
>>> advice.action, advice.response
('double', 'take')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from .errors import InputError
from .sides import Side

MAX_AWAY = 11  #: the scores the table covers: up to this many points away for each side

#: the Kazaross-XG2 table before the Crawford game: PRE[a - 1][b - 1], the chance of the side a away
PRE: tuple[tuple[float, ...], ...] = (
    (0.500000, 0.677360, 0.750760, 0.814360, 0.841790, 0.887310, 0.907240, 0.932500, 0.944020, 0.959275, 0.966442),
    (0.322640, 0.500000, 0.599470, 0.668700, 0.743590, 0.799400, 0.842250, 0.875390, 0.901970, 0.923034, 0.939311),
    (0.249240, 0.400530, 0.500000, 0.571500, 0.647950, 0.711230, 0.762090, 0.804680, 0.840170, 0.870638, 0.894417),
    (0.185640, 0.331300, 0.428500, 0.500000, 0.577320, 0.642850, 0.699240, 0.745770, 0.787990, 0.824059, 0.853955),
    (0.158210, 0.256410, 0.352050, 0.422680, 0.500000, 0.566350, 0.626380, 0.677860, 0.725400, 0.767055, 0.802732),
    (0.112690, 0.200600, 0.288770, 0.357150, 0.433650, 0.500000, 0.562610, 0.616360, 0.667870, 0.713057, 0.753427),
    (0.092760, 0.157750, 0.237910, 0.300760, 0.373620, 0.437390, 0.500000, 0.554800, 0.608540, 0.656283, 0.700209),
    (0.067500, 0.124610, 0.195320, 0.254230, 0.322140, 0.383640, 0.445200, 0.500000, 0.554420, 0.603718, 0.649899),
    (0.055980, 0.098030, 0.159830, 0.212010, 0.274600, 0.332130, 0.391460, 0.445580, 0.500000, 0.550196, 0.597926),
    (0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282, 0.449804, 0.500000, 0.548547),
    (0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101, 0.402074, 0.451453, 0.500000),
)
#: the Kazaross-XG2 table after the Crawford game: POST[b - 1], the trailer's chance, b away, the leader 1 away
POST: tuple[float, ...] = (
    0.500000, 0.488030, 0.322640, 0.310020, 0.190120, 0.180720, 0.115590, 0.109060, 0.069530, 0.065161, 0.042069,
)

Action = Literal["double", "no_double"]
Response = Literal["take", "drop"]


@dataclass(frozen=True)
class MatchScore:
    """A match to ``length`` points: the side on roll has ``mine``, the opponent ``theirs``, before this game;
    ``crawford``: this game is the Crawford game (the first one after a side came within one point).

    >>> MatchScore(5, 4, 2, crawford=True).away()
    (1, 3)
    >>> MatchScore(5, 2, 2, crawford=True)
    Traceback (most recent call last):
    ...
    nardy_core.errors.InputError: only a game where one side needs one more point can be the Crawford game
    """

    length: int
    mine: int
    theirs: int
    crawford: bool = False

    def __post_init__(self) -> None:
        for name in ("length", "mine", "theirs"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InputError(f"{name} is a whole number, not {value!r}")
        if not 0 <= self.mine < self.length or not 0 <= self.theirs < self.length:
            raise InputError(f"a score is 0..{self.length - 1} in a match to {self.length}, not {self.mine}-{self.theirs}")
        if max(self.away()) > MAX_AWAY:
            raise InputError(f"the match equity table covers scores up to {MAX_AWAY} points away")
        if self.crawford and 1 not in self.away():
            raise InputError("only a game where one side needs one more point can be the Crawford game")
        if self.crawford and self.away() == (1, 1):
            raise InputError("at 1-away both ways the Crawford game is over: the cube no longer matters")

    @classmethod
    def of_sides(cls, length: int, white: int, black: int, mover: Side, crawford: bool = False) -> MatchScore:
        """The score as a board tells it, White's points and Black's, seen from ``mover``, the side on roll.

        >>> MatchScore.of_sides(5, 3, 4, Side.BLACK).sides(Side.BLACK), MatchScore.of_sides(5, 3, 4, Side.BLACK).mine
        ((3, 4), 4)
        """
        return cls(length, white, black, crawford) if mover is Side.WHITE else cls(length, black, white, crawford)

    def sides(self, mover: Side) -> tuple[int, int]:
        """(White's points, Black's points), ``mover`` being the side on roll: :meth:`of_sides` undone."""
        return (self.mine, self.theirs) if mover is Side.WHITE else (self.theirs, self.mine)

    def away(self) -> tuple[int, int]:
        """How many points each side still needs: (the side on roll's, the opponent's)."""
        return self.length - self.mine, self.length - self.theirs

    @property
    def post_crawford(self) -> bool:
        """A later game than the Crawford one: a side needs one point and this is not the Crawford game."""
        return 1 in self.away() and not self.crawford


def match_winning_chance(mine: int, theirs: int, post_crawford: bool = False) -> float:
    """The chance to win the match for a side ``mine`` points away, its opponent ``theirs`` away, at a game's
    start (a side 1 away: the Crawford game, or with ``post_crawford`` a later one); 1 or 0 once a side has
    none left to win.

    >>> match_winning_chance(1, 2), match_winning_chance(1, 2, post_crawford=True), match_winning_chance(0, 3)
    (0.67736, 0.51197, 1.0)
    """
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if mine > MAX_AWAY or theirs > MAX_AWAY:
        raise InputError(f"the match equity table covers scores up to {MAX_AWAY} points away")
    if post_crawford and 1 in (mine, theirs):
        return POST[mine - 1] if theirs == 1 else round(1.0 - POST[theirs - 1], 6)
    return PRE[mine - 1][theirs - 1]


class MatchCube(NamedTuple):
    """The cube on a last roll at a match score: the doubler's match winning chances and what to do."""

    action: Action
    response: Response
    no_double: float  #: ND: the doubler's match winning chance, not doubling
    double_take: float  #: DT: doubling, taken
    double_drop: float  #: DP: doubling, dropped


def last_roll_cube(score: MatchScore, finishes: float) -> MatchCube:
    """The cube decision of the side on roll, the cube at 1 in the centre, which bears its last checkers off
    with chance ``finishes`` this roll, the opponent being sure to finish with its next (:mod:`this module
    <nardy_core.match_equity>`). The Crawford game has no cube.

    >>> last_roll_cube(MatchScore(5, 3, 3), 0.75)[:2]      # 2-away both: the taker's 25 % is short of 32 %
    ('double', 'drop')
    >>> last_roll_cube(MatchScore(5, 4, 1), 0.75)[:2]      # the leader, post-Crawford: nothing to gain
    ('no_double', 'take')
    """
    if score.crawford:
        raise InputError("nobody may double in the Crawford game")
    if not 0.0 <= finishes <= 1.0:
        raise InputError(f"a chance is 0..1, not {finishes}")
    mine, theirs = score.away()
    # a game won or lost may bring a side within one point: the next game is then the Crawford game, unless
    # one already was (a side was one away before this game)
    later = score.post_crawford

    def chance(a: int, b: int) -> float:
        return match_winning_chance(a, b, later)

    no_double = finishes * chance(mine - 1, theirs) + (1 - finishes) * chance(mine, theirs - 1)
    double_take = finishes * chance(mine - 2, theirs) + (1 - finishes) * chance(mine, theirs - 2)
    double_drop = chance(mine - 1, theirs)
    response: Response = "drop" if double_take >= double_drop else "take"
    action: Action = "double" if min(double_take, double_drop) > no_double else "no_double"
    return MatchCube(action, response, no_double, double_take, double_drop)

"""Cube decisions from an evaluator's chances: double, no double or too good; take, drop or beaver.

The chances are cubeless; the cube's worth comes from **Janowski's cube-efficiency model** (Rick Janowski,
"Take-Points in Money Games", 1993; the model GNU Backgammon's documentation derives its cubeful equities
from). With ``W`` and ``L`` the mover's average win and loss (counting mars and koks at the rules' stakes,
:func:`~nardy_core.evaluator.stakes`) and ``p`` its chance to win:

- the dead-cube (cubeless) equity is ``E_dead = p (W + L) - L``;
- the live-cube equity is piecewise linear through the points where a cube action happens, the mover's take
  point ``TP = (L - 1/2) / (W + L + 1/2)`` and cash point ``CP = (L + 1) / (W + L + 1/2)``: from ``(0, -L)``
  to ``(TP, -1)``, then to ``(CP, +1)`` with the cube in the middle, to ``(1, W)`` with the opponent owning
  it; with the mover owning the cube, from ``(0, -L)`` straight to ``(CP, +1)``; ``+1`` beyond ``CP``;
- the cubeful equity is ``x E_live + (1 - x) E_dead`` with the cube efficiency ``x`` of the position
  (:func:`efficiency_of`, GNU Backgammon's figures): :data:`EFFICIENCY` with contact, in a race not yet home
  (:func:`~nardy_core.race.not_yet_home`) a figure growing with the mover's pips (:func:`race_efficiency`),
  :data:`RACE_EFFICIENCY` in a bear-off race, and 0 on the *last roll*, where the opponent is sure to finish with its next roll: the
  cube is dead then (a redouble could only come when the game is decided), and the answer is exact.

With the cube at value *v* (next value *v'*, :func:`~nardy_core.cube.next_value`), per unit of *v*: no double
``ND`` = the cubeful equity as the cube stands; double/take ``DT = (v'/v) ×`` the cubeful equity with the
opponent owning the cube; double/drop ``DP = +1``. The opponent should drop when ``DT >= DP``; the mover
should double when ``min(DT, DP) > ND``, and is *too good* to double when ``ND > DP`` (playing on for a
mars wins more than the cube). Under the Jacoby rule a centred, never-turned cube makes mars count single
when not doubling. Money play only (no match score).

>>> from nardy_core.rules import ShortRules
>>> advice(Probabilities(0.75, 0.1, 0.0, 0.03, 0.0), ShortRules(cube=True), Cube(), Side.WHITE)[:2]
('double', 'take')
>>> advice(Probabilities(0.9, 0.1, 0.0, 0.0, 0.0), ShortRules(cube=True), Cube(), Side.WHITE)[:2]
('double', 'drop')
>>> advice(Probabilities(0.6, 0.0, 0.0, 0.0, 0.0), ShortRules(cube=True), Cube(), Side.WHITE)[:2]
('no_double', 'take')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from . import bearoff
from .cube import MAX_VALUE, Cube, next_value
from .evaluator import Probabilities, stakes
from .position import Position
from .race import not_yet_home
from .rules import Rules
from .sides import Side

if TYPE_CHECKING:
    from .answer_types import CubeAdviceJson

EFFICIENCY = 0.68  #: Janowski's cube efficiency x for money play with contact (gnubg's rContactX)
RACE_EFFICIENCY = 0.6  #: in a race of two sides all home (gnubg's one-sided bear-off figure, rOSCubeX)
#: in a race not yet home: ``0.55 + 0.00125`` per pip of the mover's, kept within 0.6 .. 0.7 (gnubg's race figures)
RACE_BASE, RACE_PER_PIP, RACE_LEAST, RACE_MOST = 0.55, 0.00125, 0.6, 0.7

Action = Literal["double", "no_double", "too_good"]
Response = Literal["take", "drop", "beaver"]
Owner = Literal["mover", "centre", "opponent"]  #: who owns the cube, seen from the side to move


class CubeAdvice(NamedTuple):
    """What the side to move should do with the cube, and what the opponent should answer a double with."""

    action: Action
    response: Response
    no_double: float  #: the mover's cubeful equity not doubling, per unit of the cube's value
    double_take: float  #: doubling and being taken
    double_drop: float  #: doubling and being dropped (+1)
    may_double: bool  #: whether the cube is the mover's to turn now

    def to_json(self) -> CubeAdviceJson:
        """The advice as the ``cube`` request answers it (equities rounded to 4 places)."""
        return {
            "action": self.action, "response": self.response, "no_double": round(self.no_double, 4),
            "double_take": round(self.double_take, 4), "double_drop": round(self.double_drop, 4),
            "may_double": self.may_double,
        }


def average_values(p: Probabilities, rules: Rules, mars_count: bool = True) -> tuple[float, float]:
    """``(W, L)``: what a win and a loss of the mover are worth on average (1 when mars do not count).

    >>> from nardy_core.rules import LongRules
    >>> average_values(Probabilities(0.5, 0.25, 0.0, 0.0, 0.0), LongRules())
    (1.5, 1.0)
    """
    mars, triple = stakes(rules) if mars_count else (1, 1)
    win = p.win + (mars - 1) * p.win_mars + (triple - mars) * p.win_koks
    lose = p.lose + (mars - 1) * p.lose_mars + (triple - mars) * p.lose_koks
    return (win / p.win if p.win > 0 else 1.0), (lose / p.lose if p.lose > 0 else 1.0)


def efficiency_of(position: Position) -> float:
    """The cube's efficiency in ``position`` (:mod:`this module <nardy_core.cube_advice>`).

    >>> efficiency_of(Position.from_notation("short:w/6:2,off:13/1:2,off:13"))      # Black finishes next roll
    0.0
    >>> efficiency_of(Position.from_notation("short:w/6:2,off:13/6:3,off:12")), efficiency_of(Position.start())
    (0.6, 0.68)
    >>> efficiency_of(Position.from_notation("short:w/12:5,6:10/12:5,6:10"))   # a race of 120 pips a side
    0.7
    """
    if not_yet_home(position):
        return race_efficiency(position.pips(position.to_move))
    if not (position.all_home(Side.WHITE) and position.all_home(Side.BLACK)):
        return EFFICIENCY
    left = sorted(point for point, count in enumerate(bearoff.home_board(position, position.to_move.other), 1)
                  for _ in range(count))
    # sure to finish even with the smallest roll, 2-1 (1-1 finishes the same boards): one checker on a point
    # up to 3 (moved 3 pips), or two on points up to 1 and 2 (one off with each die)
    last_roll = (len(left) == 1 and left[0] <= 3) or (len(left) == 2 and left[0] <= 1 and left[1] <= 2)
    return 0.0 if last_roll else RACE_EFFICIENCY


def race_efficiency(pips: int) -> float:
    """The cube's efficiency in a race not yet home where the mover needs ``pips``: a long race leaves more
    rolls in which to double at the right moment.

    >>> race_efficiency(30), round(race_efficiency(100), 4), race_efficiency(150)
    (0.6, 0.675, 0.7)
    """
    return min(RACE_MOST, max(RACE_LEAST, RACE_BASE + RACE_PER_PIP * pips))


def cubeful(p: Probabilities, rules: Rules, owner: Owner, mars_count: bool = True, efficiency: float = EFFICIENCY) -> float:
    """The mover's cubeful equity per unit of the cube (Janowski, with the cube ``efficiency``).

    >>> from nardy_core.rules import ShortRules
    >>> abs(cubeful(Probabilities(0.5, 0, 0, 0, 0), ShortRules(), "centre")) < 1e-12     # an even game
    True
    >>> round(cubeful(Probabilities(0.2, 0, 0, 0, 0), ShortRules(), "centre"), 4)   # the live take point: -1, dead -0.6
    -0.872
    """
    win, lose = average_values(p, rules, mars_count)
    x = p.win
    dead = x * (win + lose) - lose
    take = (lose - 0.5) / (win + lose + 0.5)
    cash = (lose + 1.0) / (win + lose + 0.5)
    if owner == "mover":
        live = -lose + (1.0 + lose) * x / cash if x < cash else 1.0
    elif x < take:
        live = -lose + (lose - 1.0) * x / take
    elif owner == "centre":
        live = -1.0 + 2.0 * (x - take) / (cash - take) if x < cash else 1.0
    else:
        live = -1.0 + (win + 1.0) * (x - take) / (1.0 - take)
    return efficiency * live + (1.0 - efficiency) * dead


def position_advice(position: Position, chances: Probabilities, rules: Rules, cube: Cube) -> CubeAdvice:
    """The cube decision for ``position``'s side to move, its chances ``chances``, with the cube's efficiency
    of the position (:func:`efficiency_of`): what the computer, the hints and the analysis follow."""
    return advice(chances, rules, cube, position.to_move, efficiency_of(position))


def advice(p: Probabilities, rules: Rules, cube: Cube, mover: Side, efficiency: float = EFFICIENCY) -> CubeAdvice:
    """The cube decision for ``mover`` (the side to move, chances ``p``) with ``cube`` as it stands, the cube's
    ``efficiency`` that of the position (:func:`efficiency_of`)."""
    owned: Owner = "centre" if cube.owner is None else ("mover" if cube.owner is mover else "opponent")
    jacoby_single = rules.jacoby and cube.owner is None and not cube.turned
    no_double = cubeful(p, rules, owned, mars_count=not jacoby_single, efficiency=efficiency)
    ratio = next_value(cube.value, rules) / cube.value
    double_take = ratio * cubeful(p, rules, "opponent", efficiency=efficiency)
    double_drop = 1.0
    response: Response = "drop" if double_take >= double_drop else ("beaver" if rules.beaver and double_take < 0 else "take")
    action: Action
    if response == "drop":
        action = "too_good" if no_double > double_drop else "double"
    else:
        action = "double" if double_take > no_double else "no_double"
    may_double = cube.may_double(mover) and cube.value < MAX_VALUE
    return CubeAdvice(action, response, no_double, double_take, double_drop, may_double)

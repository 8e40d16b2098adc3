"""Races not yet home: the Keith count, and the winning chance it gives.

Once the two sides have passed each other no checker can hit or block another, and the game is a race. When
every checker of both sides is home the bear-off tables answer exactly (:class:`~nardy_core.evaluator.RaceEvaluator`);
before that, the chance to win comes from a formula a player can use at the table:

- the **Keith count** (Tom Keith, 2004) of each side: its pip count plus the pips its checkers will waste,
  ``+2`` for each checker on the 1-point beyond the first, ``+1`` for each on the 2-point beyond the first,
  ``+1`` for each on the 3-point beyond the third, ``+1`` for each of the 4-, 5- and 6-points left empty;
- the rolls a side needs to cover its count, as a normal variable: a roll moves :data:`MEAN_ROLL` pips on
  average (doubles count four times), with variance :data:`ROLL_VARIANCE`, so ``n`` pips take ``n / 8⅙``
  rolls with variance ``n · 18.47 / 8⅙³`` (renewal theory);
- the side on roll wins if it needs no more rolls than the other: half a roll's head start;
- a mars (gammon) likewise, when the winner needs fewer rolls than the loser needs to bear its first checker
  off (:func:`mars_chances`): the network judged those races worse still.

Measured against GNU Backgammon's race network (``bench/engine.py --only gnubg``) this is several times closer
than the short family's network, which was trained mostly on positions with contact. The family table says
where the formula applies (:attr:`~nardy_core.games.FamilySpec.race_formula`): in short nardy; long nardy,
with no outside judge of its races, keeps its network's.

>>> race = Position.from_notation("short:w/9:3,6:5,5:4,4:3/8:2,6:4,5:4,4:3,3:2")
>>> race.pips(Side.WHITE), race.pips(Side.BLACK), keith_count(race, Side.WHITE), keith_count(race, Side.BLACK)
(89, 78, 89, 78)
>>> round(race_win(race), 3)          # White, on roll, 11 pips (14 %) behind
0.361
"""

from __future__ import annotations

import math

from .evaluator import Evaluator, Probabilities, is_triple
from .games import BAR, HOME
from .position import Position
from .rules import Rules
from .sides import Side

MEAN_ROLL = 49 / 6  #: pips a roll moves on average: 8⅙ (a double moves four times its number)
ROLL_VARIANCE = 665 / 36  #: the variance of the pips of one roll: 18.47
MOVES_PER_ROLL = 13 / 6  #: checkers a roll can move, on average: two, four with a double
ON_ROLL = 0.5  #: the side on roll is half a roll ahead


def keith_count(position: Position, side: Side) -> int:
    """``side``'s Keith count: its pips plus the wastage its checkers on the low points and the gaps on the high
    home points will cost (:mod:`this module <nardy_core.race>`).

    >>> keith_count(Position.from_notation("short:w/1:3,2:2,6,off:9/6:15"), Side.WHITE)   # 13 pips, +4 +1 +2
    20
    """
    counts = position.counts(side)
    wasted = 2 * max(0, counts[1] - 1) + max(0, counts[2] - 1) + max(0, counts[3] - 3)
    return position.pips(side) + wasted + sum(1 for point in (4, 5, 6) if counts[point] == 0)


def passed(position: Position) -> bool:
    """The two sides have passed each other (no contact is left) and the family judges such races by the
    formula; a side on the bar is still in contact.

    >>> passed(Position.from_notation("short:w/13:5,6:10/13:5,6:10")), passed(Position.start())
    (False, False)
    >>> passed(Position.from_notation("short:w/12:5,6:10/12:5,6:10"))
    True
    """
    if not position.game.family.spec.race_formula:
        return False
    furthest = [max((point for point in range(1, BAR + 1) if position.counts(side)[point]), default=0) for side in Side]
    # own points p (White) and q (Black) are one point where p + q = 25: a checker is past every opposing
    # one when the two furthest back add to less than that
    return sum(furthest) < BAR


def not_yet_home(position: Position) -> bool:
    """A race the formula judges: the sides have passed each other (:func:`passed`) and not both are all home
    (there the bear-off tables answer exactly).

    >>> not_yet_home(Position.from_notation("short:w/12:5,6:10/12:5,6:10")), not_yet_home(Position.from_notation("short:w/6:15/6:15"))
    (True, False)
    """
    return passed(position) and not (position.all_home(Side.WHITE) and position.all_home(Side.BLACK))


def race_win(position: Position) -> float:
    """The side to move's chance to win the race, from both sides' :func:`keith_count` (:mod:`this module
    <nardy_core.race>`).

    >>> round(race_win(Position.from_notation("short:w/12:5,6:10/12:5,6:10")), 3)   # an even count: being on roll
    0.569
    """
    mine, theirs = keith_count(position, position.to_move), keith_count(position, position.to_move.other)
    return _no_later(mine / MEAN_ROLL, theirs / MEAN_ROLL, mine + theirs, ON_ROLL)


def mars_chances(position: Position) -> tuple[float, float]:
    """The side to move's chances to win and to lose a mars (gammon): the winner finishes before the loser has
    borne its first checker off. The loser needs to bring every checker home, at least as many rolls as its
    pips outside home need and as its checkers outside need moves (a roll moves two, a double four), and half a
    roll more to bear one off; none once it has borne one off.

    >>> [round(p, 3) for p in mars_chances(Position.from_notation("short:w/6:5,5:5,4:5/12:5,11:5,10:5"))]
    [0.671, 0.0]
    """
    mover, other = position.to_move, position.to_move.other
    win = lose = 0.0
    if not position.borne_off(other):
        mine, (rolls, pips) = keith_count(position, mover), _saving(position, other)
        win = _no_later(mine / MEAN_ROLL, rolls, mine + pips, ON_ROLL)
    if not position.borne_off(mover):
        theirs, (rolls, pips) = keith_count(position, other), _saving(position, mover)
        lose = _no_later(theirs / MEAN_ROLL, rolls, theirs + pips, -ON_ROLL)
    return win, lose


def _saving(position: Position, side: Side) -> tuple[float, int]:
    """The rolls ``side`` needs to bear its first checker off, and the pips they cover (:func:`mars_chances`)."""
    counts = position.counts(side)
    pips = sum((point - HOME.stop + 1) * counts[point] for point in range(HOME.stop, BAR + 1))
    outside = sum(counts[HOME.stop : BAR + 1])
    return max(pips / MEAN_ROLL, outside / MOVES_PER_ROLL) + 0.5, pips


def _no_later(rolls: float, other_rolls: float, pips: int, lead: float) -> float:
    """The chance that one side needs no more rolls than the other (each normal about its mean, with the variance
    of ``pips`` pips between them), ``lead`` rolls ahead for the order of play."""
    spread = math.sqrt(max(1, pips) * ROLL_VARIANCE / MEAN_ROLL**3)
    return 0.5 * (1.0 + math.erf((other_rolls - rolls + lead) / spread / math.sqrt(2.0)))


def judged_chances(position: Position, rules: Rules, evaluator: Evaluator) -> Probabilities:
    """The side to move's chances as the cube, ``evaluate`` and the analysis read them: ``evaluator``'s, except in a
    race not yet home (:func:`not_yet_home`), where the win is :func:`race_win` and the mars :func:`mars_chances` (a
    koks where the loser's checkers would make one now)."""
    if not not_yet_home(position) or position.winner() is not None:
        return evaluator.evaluate([position], rules)[0]
    win = race_win(position)
    win_mars, lose_mars = mars_chances(position)
    win_mars, lose_mars = min(win, win_mars), min(1.0 - win, lose_mars)
    win_koks = win_mars if win_mars and is_triple(position, position.to_move, rules) else 0.0
    lose_koks = lose_mars if lose_mars and is_triple(position, position.to_move.other, rules) else 0.0
    return Probabilities(win, win_mars, win_koks, lose_mars, lose_koks)

"""The evaluator seam: a position's chances, from the point of view of its side to move.

An :class:`Evaluator` takes a batch of positions (each judged for its own side to move) and the rules, and
answers one :class:`Probabilities` per position: the chance to win, to win a mars (gammon) and to win a
koks (backgammon, or long nardy's triple wins), and the same for losing. Everything that judges a position
(the computer's levels, hints, cube advice) goes through this one interface:

- :class:`HeuristicEvaluator`: today's hand-written score (:func:`nardy_core.bot.evaluate`), mapped to
  chances by a logistic (the beginner level);
- :class:`RaceEvaluator`: exact, from the one-sided bear-off tables (:mod:`nardy_core.bearoff`), once both
  sides have every checker at home (then no contact is left in either family);
- :class:`Layered`: the exact tables where they apply, a fallback evaluator elsewhere;
- the neural evaluators, registered per game family with :func:`register`.

A variant of a family reuses its family's evaluator: :func:`evaluator_for` looks the game's family up.

>>> race = Position.from_notation("w/2:2,off:13/1,off:14")     # White on roll: two on the 2, Black one on the 1
>>> [round(p.win, 4) for p in RaceEvaluator().evaluate([race], LongRules())]
[0.7222]
>>> start = HeuristicEvaluator().evaluate([Position.start()], LongRules())[0]
>>> start.well_formed(), round(start.win + start.flipped().win, 12)
(True, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol, assert_never

from . import bearoff
from .bot import evaluate as heuristic_score
from .games import BAR, HOME, SLOTS, Family, Game
from .position import Position
from .rules import LongRules, Rules, ShortRules
from .scoring import HOME_MARS, KOKS, gammon_kind
from .sides import Side

TOLERANCE = 1e-9  #: rounding a well-formed set of chances may show


class Probabilities(NamedTuple):
    """The chances of the side to move: win, win a mars (gammon, counting koks), win a koks (backgammon, or
    long nardy's triple: koks or home mars where the rules score one), and losing a mars or a koks.

    Losing is ``1 - win``; a koks is a mars, so ``win_koks <= win_mars <= win``.

    >>> p = Probabilities(0.6, 0.2, 0.05, 0.1, 0.0)
    >>> p.flipped()
    Probabilities(win=0.4, win_mars=0.1, win_koks=0.0, lose_mars=0.2, lose_koks=0.05)
    >>> round(p.equity(ShortRules()), 6)    # 0.6 - 0.4 + (0.2 - 0.1) + (0.05 - 0.0)
    0.35
    """

    win: float
    win_mars: float
    win_koks: float
    lose_mars: float
    lose_koks: float

    @property
    def lose(self) -> float:
        """The chance to lose."""
        return 1.0 - self.win

    def flipped(self) -> Probabilities:
        """The same chances from the other side's point of view."""
        return Probabilities(1.0 - self.win, self.lose_mars, self.lose_koks, self.win_mars, self.win_koks)

    def equity(self, rules: Rules) -> float:
        """Cubeless money equity: +1 a single win, +2 a mars, +3 a koks where ``rules`` score one (:func:`stakes`)."""
        mars, triple = stakes(rules)
        return (
            self.win - self.lose
            + (mars - 1) * (self.win_mars - self.lose_mars)
            + (triple - mars) * (self.win_koks - self.lose_koks)
        )

    def well_formed(self) -> bool:
        """Every chance in [0, 1], and a koks no likelier than a mars, a mars no likelier than the result."""
        inside = all(-TOLERANCE <= value <= 1 + TOLERANCE for value in self)
        return inside and self.win_koks <= self.win_mars + TOLERANCE and self.win_mars <= self.win + TOLERANCE and (
            self.lose_koks <= self.lose_mars + TOLERANCE and self.lose_mars <= self.lose + TOLERANCE
        )


def stakes(rules: Rules) -> tuple[int, int]:
    """What a mars and a koks (triple win) are worth under ``rules`` before the cube (:mod:`nardy_core.scoring`).

    >>> stakes(LongRules()), stakes(LongRules(home_mars=3)), stakes(ShortRules()), stakes(ShortRules(koks="off"))
    ((2, 2), (2, 3), (2, 3), (2, 2))
    >>> stakes(ShortRules(cube=True, cube_mars=False))
    (1, 1)
    """
    if rules.cube and not rules.cube_mars:
        return 1, 1
    match rules:
        case ShortRules():
            return 2, 2 if rules.koks == "off" else int(rules.koks)
        case LongRules():
            return 2, 3 if rules.koks != "off" or rules.home_mars == 3 else 2
        case _:
            assert_never(rules)


def is_triple(position: Position, winner: Side, rules: Rules) -> bool:
    """Would a win by ``winner`` be a koks or a home mars, were the game over with the loser's checkers as they are?"""
    if stakes(rules)[1] == stakes(rules)[0]:
        return False
    nothing = (0,) * SLOTS
    loser = position.counts(winner.other)
    finished = position.derived(nothing, loser) if winner is position.to_move else position.derived(loser, nothing)
    return gammon_kind(finished, winner, rules)[0] in (KOKS, HOME_MARS)


def final_probabilities(position: Position, rules: Rules) -> Probabilities:
    """The chances in a finished position (someone has borne off all): certain, of the kind the game ended with."""
    winner = position.winner()
    assert winner is not None, "final_probabilities needs a finished position"
    kind, _ = gammon_kind(position, winner, rules)
    mars = 0.0 if kind == "oin" else 1.0
    triple = 1.0 if kind in (KOKS, HOME_MARS) else 0.0
    won = Probabilities(1.0, mars, triple, 0.0, 0.0)
    return won if winner is position.to_move else won.flipped()


class Evaluator(Protocol):
    """Judges positions: one :class:`Probabilities` per position, each from its own side to move's view."""

    def evaluate(self, positions: Sequence[Position], rules: Rules) -> list[Probabilities]:
        """The chances of each position's side to move (a batch: a decision asks for many at once)."""
        ...


# ---------------------------------------------------------------------------------------------
# today's heuristic

#: pip-like units of the heuristic's score difference per unit of the logistic's log-odds, per family
HEURISTIC_SCALE: dict[Family, float] = {Family.LONG: 30.0, Family.SHORT: 35.0}
TEMPO = 4.0  #: the side on roll is about half a roll ahead (in the heuristic's units)
MARS_SCALE = 40.0  #: pips over which the mars chance goes from unlikely to likely (see :func:`mars_share`)
TRIPLE_SHARE = 0.5  #: of the mars wins, the share that are koks when the loser's checkers would make it one now


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def mars_share(position: Position, loser: Side) -> float:
    """Of ``loser``'s losses, the share that are mars: none once it has borne a checker off, else a logistic of
    the pips it still needs to bring every checker home (and one off) minus the pips the winner needs to finish.

    >>> round(mars_share(Position.start(), Side.BLACK), 3)
    0.114
    """
    if position.borne_off(loser):
        return 0.0
    counts = position.counts(loser)
    outside = sum((point - HOME.stop + 1) * counts[point] for point in range(HOME.stop, BAR + 1))
    return _logistic((outside + 8 - position.pips(loser.other)) / MARS_SCALE)


class _OneAtATime:
    """An evaluator that judges each position of a batch on its own; a finished position is judged by its result
    (:func:`final_probabilities`), the others by :meth:`chances`."""

    def evaluate(self, positions: Sequence[Position], rules: Rules) -> list[Probabilities]:
        """Each position's chances."""
        return [self.one(position, rules) for position in positions]

    def one(self, position: Position, rules: Rules) -> Probabilities:
        """One position's chances."""
        if position.winner() is not None:
            return final_probabilities(position, rules)
        return self.chances(position, rules)

    def chances(self, position: Position, rules: Rules) -> Probabilities:
        """The chances of a position where neither side has finished."""
        raise NotImplementedError


class HeuristicEvaluator(_OneAtATime):
    """Today's heuristic as chances: ``win = logistic((score(mover) - score(opponent) + TEMPO) / scale)`` with
    :func:`nardy_core.bot.evaluate` as the score and :data:`HEURISTIC_SCALE` of the family; a mars is
    :func:`mars_share` of the wins, a koks :data:`TRIPLE_SHARE` of the mars where the loser's checkers would
    make one now. Rough by design: it is the beginner level, and the fallback until a family has a net."""

    def chances(self, position: Position, rules: Rules) -> Probabilities:
        """One unfinished position's chances."""
        mover, other = position.to_move, position.to_move.other
        difference = heuristic_score(position, mover) - heuristic_score(position, other) + TEMPO
        win = _logistic(difference / HEURISTIC_SCALE[position.game.family])
        win_mars, lose_mars = win * mars_share(position, other), (1.0 - win) * mars_share(position, mover)
        win_koks = win_mars * TRIPLE_SHARE if win_mars and is_triple(position, mover, rules) else 0.0
        lose_koks = lose_mars * TRIPLE_SHARE if lose_mars and is_triple(position, other, rules) else 0.0
        return Probabilities(win, win_mars, win_koks, lose_mars, lose_koks)


# ---------------------------------------------------------------------------------------------
# the exact race


class RaceEvaluator(_OneAtATime):
    """Exact chances once both sides are all home (no contact is left then, in either family).

    The win is the bear-off tables' :func:`~nardy_core.bearoff.win_chance` (both sides playing for the fewest
    rolls, the side to move rolling first). A mars needs the loser to have borne nothing off: the chance that
    the winner finishes in *k* rolls while the loser has not borne its first checker off in the rolls it had
    before (the loser playing to bear one off as soon as it can: :func:`~nardy_core.bearoff.first_off_distribution`;
    exact for that play, and the win for the fewest-rolls play). A koks is a mars the loser's checkers make a
    triple (:func:`is_triple`: among all-home boards, only long nardy's home mars).
    """

    @staticmethod
    def applies(position: Position) -> bool:
        """Both sides are all home (or one has finished)."""
        return position.all_home(Side.WHITE) and position.all_home(Side.BLACK)

    def chances(self, position: Position, rules: Rules) -> Probabilities:
        """One unfinished position's exact chances; a position where a side has a checker outside its home is
        refused."""
        mover, other = position.to_move, position.to_move.other
        mine, theirs = bearoff.home_board(position, mover), bearoff.home_board(position, other)
        win = bearoff.win_chance(mine, theirs)
        mine_done, theirs_done = bearoff.distribution(mine), bearoff.distribution(theirs)
        win_mars = lose_mars = 0.0
        if not position.borne_off(other):  # the mover finishes with its k-th roll; the other has had k - 1
            win_mars = _before(mine_done, bearoff.first_off_distribution(theirs), 1)
        if not position.borne_off(mover):  # the other finishes with its k-th roll; the mover has had k
            lose_mars = _before(theirs_done, bearoff.first_off_distribution(mine), 0)
        win_mars, lose_mars = min(win_mars, win), min(lose_mars, 1.0 - win)
        win_koks = win_mars if win_mars and is_triple(position, mover, rules) else 0.0
        lose_koks = lose_mars if lose_mars and is_triple(position, other, rules) else 0.0
        return Probabilities(win, win_mars, win_koks, lose_mars, lose_koks)


def _before(finish: Sequence[float], first_off: Sequence[float], lag: int) -> float:
    """The chance one side finishes with its k-th roll while the other has borne nothing off in k - ``lag`` rolls."""
    chance, off_by = 0.0, [0.0]
    for p in first_off[1:]:
        off_by.append(off_by[-1] + p)
    for k in range(1, len(finish)):
        rolls = k - lag
        off = off_by[min(rolls, len(off_by) - 1)] if rolls > 0 else 0.0
        chance += finish[k] * max(0.0, 1.0 - off)
    return min(1.0, chance)


class Layered:
    """The exact race tables where they apply (and a finished position's certainty), ``fallback`` elsewhere; the
    fallback gets the rest of the batch in one call. ``ready``, if given, says which races the tables may answer
    now (the others go to the fallback: tables not built yet would be built first)."""

    def __init__(self, exact: RaceEvaluator, fallback: Evaluator, ready: Callable[[Position], bool] | None = None) -> None:
        self.exact, self.fallback, self.ready = exact, fallback, ready

    def evaluate(self, positions: Sequence[Position], rules: Rules) -> list[Probabilities]:
        """Each position's chances, in order."""
        result: list[Probabilities | None] = [None] * len(positions)
        rest: list[int] = []
        for index, position in enumerate(positions):
            if position.winner() is not None:
                result[index] = final_probabilities(position, rules)
            elif self.exact.applies(position) and (self.ready is None or self.ready(position)):
                result[index] = self.exact.one(position, rules)
            else:
                rest.append(index)
        if rest:
            for index, probabilities in zip(rest, self.fallback.evaluate([positions[i] for i in rest], rules), strict=True):
                result[index] = probabilities
        return [p for p in result if p is not None]


# ---------------------------------------------------------------------------------------------
# one evaluator per family

HEURISTIC_EVALUATOR = HeuristicEvaluator()
RACE = RaceEvaluator()
DEFAULT = Layered(RACE, HEURISTIC_EVALUATOR)  #: a family's evaluator until a stronger one is registered
_BY_FAMILY: dict[Family, Evaluator] = {}


def register(family: Family, evaluator: Evaluator) -> None:
    """Make ``evaluator`` the one of every game of ``family`` (the neural evaluators register here)."""
    _BY_FAMILY[family] = evaluator


def evaluator_for(game: Game) -> Evaluator:
    """The evaluator of ``game``'s family (:data:`DEFAULT` until one is registered).

    >>> isinstance(evaluator_for(Game.SHORT), Layered)     # its network (nardy_core.net), or DEFAULT without one
    True
    """
    return _BY_FAMILY.get(game.family, DEFAULT)

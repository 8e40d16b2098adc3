"""Truncated rollouts: a position's chances measured by playing it out, for the build's proofs of puzzles.

A rollout plays ``trials`` games on from a position, each side choosing its play by 0 ply (the evaluator's
best), for at most ``truncate`` turns; a game still going then is judged by the evaluator (a race, once both
sides are all home, by the exact tables: :class:`~nardy_core.evaluator.RaceEvaluator`). The chances are the
average over the trials. Judging the position only at the end, after real rolls and real replies, cancels much
of a network's error about the position itself: the reason strong players trust rollouts over a 2-ply look.

The dice are **shared between candidates** (common random numbers): trial *t* rolls the same sequence in every
call with the same ``seed``, so comparing two plays measures the plays, not the luck of their dice. The first
two rolls are stratified: over 1,296 trials every pair of the 36 first and 36 second rolls occurs once
(1/36 of the trials each first roll, as in GNU Backgammon's quasi-random dice).

>>> from nardy_core.games import Game
>>> from nardy_core.rules import ShortRules
>>> race = Position.from_notation("short:w/2:2,off:13/1,off:14")   # a race: judged at once, exactly
>>> round(rollout(race, ShortRules(), trials=36).win, 4)
0.7222
>>> live = Position.start(Game.SHORT)
>>> a, b = rollout(live, ShortRules(), trials=36, truncate=2), rollout(live, ShortRules(), trials=36, truncate=2)
>>> a == b and a.well_formed()                                   # the same seed, the same dice: the same figures
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .dice import Roll
from .evaluator import Evaluator, Probabilities, RaceEvaluator, evaluator_for
from .movegen import TurnSearch
from .position import Position
from .rules import Rules
from .search import after_play, best_of, is_first_turn

#: the 36 ordered throws of two dice, each equally likely (a double once, two different dice twice)
THROWS: tuple[tuple[int, int], ...] = tuple((first, second) for first in range(1, 7) for second in range(1, 7))
TRIALS = 1296  #: every pair of first and second throws once
TRUNCATE = 7  #: turns played before the evaluator judges the game


def _throw(trial: int, turn: int, dice: random.Random) -> Roll:
    """Trial ``trial``'s throw at ``turn``: the first two stratified over the 36 throws, the rest random."""
    if turn < 2:
        first, second = THROWS[(trial // 36**turn) % 36]
    else:
        first, second = dice.randint(1, 6), dice.randint(1, 6)
    return Roll(max(first, second), min(first, second))


def _best_after(position: Position, roll: Roll, rules: Rules, evaluator: Evaluator) -> Position:
    """The position after the side to move plays ``roll`` by 0 ply, the other side to move (or the game over);
    a roll with no legal play passes the turn."""
    after = [after_play(final) for final, _ in TurnSearch(position, roll, is_first_turn(position), rules).outcomes()]
    return after[best_of(after, rules, evaluator)[0]] if after else position.handed_over()


def play_out(position: Position, rules: Rules, evaluator: Evaluator, trial: int, truncate: int, seed: int) -> Probabilities:
    """Trial ``trial`` played out from ``position``: the chances of ``position``'s side to move (one game of
    :func:`rollout`, for rollouts of other shapes: ``builder.openings`` throws the first roll itself)."""
    dice = random.Random(seed * 1_000_003 + trial)
    current = position
    for turn in range(truncate):
        if current.winner() is not None or RaceEvaluator.applies(current):
            break
        current = _best_after(current, _throw(trial, turn, dice), rules, evaluator)
    judged = evaluator.evaluate([current], rules)[0]  # for ``current``'s side to move, finished or not
    return judged if current.to_move is position.to_move else judged.flipped()


def _mean(chances: Sequence[Probabilities]) -> Probabilities:
    return Probabilities(*(sum(p[i] for p in chances) / len(chances) for i in range(5)))


def rollout(
    position: Position, rules: Rules, evaluator: Evaluator | None = None, *,
    trials: int = TRIALS, truncate: int = TRUNCATE, seed: int = 1,
) -> Probabilities:
    """The chances of ``position``'s side to move, averaged over ``trials`` truncated games (:mod:`this module
    <nardy_core.rollout>`). ``evaluator`` defaults to the family's (:func:`~nardy_core.evaluator.evaluator_for`)."""
    if trials < 1 or truncate < 0:
        raise ValueError(f"trials >= 1 and truncate >= 0, not {trials} and {truncate}")
    evaluator = evaluator or evaluator_for(position.game)
    if position.winner() is not None or RaceEvaluator.applies(position):
        return evaluator.evaluate([position], rules)[0]
    return _mean([play_out(position, rules, evaluator, trial, truncate, seed) for trial in range(trials)])

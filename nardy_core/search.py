"""Ranking every legal play of a roll by an evaluator, at 0, 1 or 2 plies.

- **0-ply**: each play's position, the opponent to move, judged in one batch by the evaluator; the mover's
  chances are the opponent's :meth:`~nardy_core.evaluator.Probabilities.flipped`.
- **1-ply**, with a move filter: the :data:`FILTER` best plays by 0-ply are looked at one roll deeper — for
  each of the 21 rolls of the opponent, its best reply by 0-ply (one batch per play), the mover's chances
  after it averaged with the rolls' weights (a double 1/36, two different dice 2/36). A reply that passes
  leaves the position as it is, the mover to move again.
- **2-ply**: the same with each reply's position judged at 1-ply (slow: for analysis, not for the page).

Plays are ranked by the mover's cubeless equity, best first, ties by the play's text; the plays outside the
filter keep their 0-ply figures and come after the ones searched deeper (they were judged worse already).

>>> from nardy_core.games import Game
>>> from nardy_core.rules import LongRules, ShortRules
>>> ranked = rank_plays(Position.start(Game.SHORT), Roll(3, 1), False, ShortRules(), evaluator_for(Game.SHORT), 0)
>>> ranked[0].text, len(ranked)
('8/5 6/5', 16)
>>> [(p.text, p.plies) for p in rank_plays(Position.start(), Roll(6, 6), True, LongRules(), None, 1)]  # 12 is Black's head
[('24/18 24/18', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .bearoff import ROLLS
from .dice import Roll
from .evaluator import Evaluator, Probabilities, evaluator_for
from .movegen import TurnSearch
from .moves import Step, format_play
from .position import Position
from .rules import Rules

#: how many of the best 0-ply plays a deeper search looks at, per depth
FILTER: dict[int, int] = {1: 5, 2: 3}
MAX_PLIES = 2


class RankedPlay(NamedTuple):
    """A legal play with the mover's chances after it (and the opponent's rolls, at 1 ply or more)."""

    steps: tuple[Step, ...]
    text: str  #: the play in the mover's notation
    final: Position  #: the position after it (the mover still to move, as :class:`~nardy_core.movegen.TurnSearch` leaves it)
    probabilities: Probabilities  #: the mover's
    equity: float  #: the mover's cubeless money equity
    plies: int  #: how deep this play was searched


def _ranked(entries: Sequence[RankedPlay]) -> list[RankedPlay]:
    return sorted(entries, key=lambda entry: (-entry.plies, -entry.equity, entry.text))


def after_play(final: Position) -> Position:
    """The position after a play, with the opponent to move (a finished game stays with its mover)."""
    return final if final.winner() is not None else final.handed_over()


def is_first_turn(position: Position, first_turn: bool = False) -> bool:
    """Is it the side to move's first turn? Only the head rule asks; a side on its start has not moved yet."""
    if not position.game.spec.has_head:
        return False
    return first_turn or position.counts(position.to_move) == Position.start(position.game).counts(position.to_move)


def zero_ply(position: Position, roll: Roll, first_turn: bool, rules: Rules, evaluator: Evaluator) -> list[RankedPlay]:
    """Every legal play judged at 0 ply, best first (empty when the turn passes)."""
    outcomes = TurnSearch(position, roll, first_turn, rules).outcomes()
    if not outcomes:
        return []
    judged = evaluator.evaluate([after_play(final) for final, _ in outcomes], rules)
    entries = []
    for (final, steps), theirs in zip(outcomes, judged, strict=True):
        mine = theirs if final.winner() is not None else theirs.flipped()
        entries.append(RankedPlay(tuple(steps), format_play(steps), final, mine, mine.equity(rules), 0))
    return _ranked(entries)


def _average(weighted: Sequence[tuple[int, Probabilities]]) -> Probabilities:
    total = sum(weight for weight, _ in weighted)
    return Probabilities(*(sum(weight * p[i] for weight, p in weighted) / total for i in range(5)))


def look_ahead(position: Position, rules: Rules, evaluator: Evaluator, plies: int) -> Probabilities:
    """The chances of ``position``'s side to move, averaged over its 21 rolls, each played with its best play
    by 0 ply and that play's position judged ``plies - 1`` deeper (``plies`` >= 1)."""
    if position.winner() is not None:
        return evaluator.evaluate([position], rules)[0]
    first = is_first_turn(position, False)
    passed = [position.handed_over()]  # no legal play: the other side is to move again
    weighted = []
    for high, low, weight in ROLLS:
        outcomes = TurnSearch(position, Roll(high, low), first, rules).outcomes()
        after = [after_play(final) for final, _ in outcomes] or passed
        weighted.append((weight, _best_reply(after, rules, evaluator, plies - 1)))
    return _average(weighted)


def best_of(after: Sequence[Position], rules: Rules, evaluator: Evaluator) -> tuple[int, Probabilities]:
    """Which of ``after`` (the positions a side's plays leave: the other side to move, or finished) is that
    side's best by 0 ply, the first of equals, and that side's chances there."""
    judged = evaluator.evaluate(after, rules)
    own = [p if a.winner() is not None else p.flipped() for a, p in zip(after, judged, strict=True)]
    best = max(range(len(after)), key=lambda i: (own[i].equity(rules), -i))
    return best, own[best]


def _best_reply(after: Sequence[Position], rules: Rules, evaluator: Evaluator, deeper: int) -> Probabilities:
    """The chances of the side that plays, after its best reply among ``after`` (positions with the other
    side to move, or finished), that reply judged ``deeper`` plies further."""
    best, own = best_of(after, rules, evaluator)
    if deeper == 0 or after[best].winner() is not None:
        return own
    return look_ahead(after[best], rules, evaluator, deeper).flipped()


def rank_plays(
    position: Position, roll: Roll, first_turn: bool, rules: Rules, evaluator: Evaluator | None = None, plies: int = 0,
) -> list[RankedPlay]:
    """Every legal play of ``roll`` with the mover's chances and equity, best first (:mod:`this module <nardy_core.search>`).

    ``evaluator`` defaults to the family's (:func:`~nardy_core.evaluator.evaluator_for`); ``plies`` is 0, 1 or 2.
    """
    if not 0 <= plies <= MAX_PLIES:
        raise ValueError(f"plies is 0..{MAX_PLIES}, not {plies}")
    evaluator = evaluator or evaluator_for(position.game)
    ranked = zero_ply(position, roll, first_turn, rules, evaluator)
    if plies == 0 or len(ranked) <= 1:
        return ranked
    searched = []
    for entry in ranked[: FILTER[plies]]:
        after = after_play(entry.final)
        mine = entry.probabilities if after.winner() is not None else look_ahead(after, rules, evaluator, plies).flipped()
        searched.append(entry._replace(probabilities=mine, equity=mine.equity(rules), plies=plies))
    return _ranked(searched) + ranked[FILTER[plies] :]


"""The computer's levels: today's heuristic, and the engine (an evaluator and a search) as an opponent.

- ``beginner``: :data:`nardy_core.bot.HEURISTIC`, the hand-written score the site played until now;
- ``club``: :class:`EngineOpponent` at 0 ply, with its family's evaluator (:func:`~nardy_core.evaluator.evaluator_for`);
- ``master``: the same at 1 ply (the opponent's 21 rolls, with a move filter: :mod:`nardy_core.search`).

The engine's cube decisions are :func:`nardy_core.cube_advice.advice` from the evaluator's chances (in a race not
yet home, the win from the Keith count: :func:`nardy_core.race.judged_chances`).

>>> import random
>>> from nardy_core.flow import start
>>> from nardy_core.opponent import act
>>> from nardy_core.rules import ShortRules
>>> game = act(start(ShortRules(), 3, 1), opponent("club"), random.Random(1))
>>> game.record.events[-1].to_json()
{'side': 'white', 'dice': [3, 1], 'play': '8/5 6/5'}
"""

from __future__ import annotations

from typing import Literal, get_args

from .bot import HEURISTIC
from .cube_advice import CubeAdvice, position_advice
from .dice import Roll
from .evaluator import Evaluator, evaluator_for
from .flow import GameState
from .movegen import TurnSearch
from .moves import Step
from .opponent import Opponent
from .position import Position
from .race import judged_chances
from .rules import Rules
from .search import after_play, best_of, rank_plays
from .sides import Side

Level = Literal["beginner", "club", "master"]
LEVELS: tuple[Level, ...] = get_args(Level)
DEFAULT_LEVEL: Level = "beginner"  #: what the site's computer plays unless a request names a level

class EngineOpponent:
    """An :class:`~nardy_core.opponent.Opponent` that plays the best play of :func:`~nardy_core.search.rank_plays`
    (``evaluator``: ``None`` for the family's of each position) and follows the cube advice."""

    def __init__(self, evaluator: Evaluator | None, plies: int) -> None:
        self.evaluator, self.plies = evaluator, plies

    def _evaluator(self, position: Position) -> Evaluator:
        return self.evaluator or evaluator_for(position.game)

    def choose_play(self, position: Position, roll: Roll, first_turn: bool, rules: Rules, seed: int) -> tuple[Step, ...]:
        """The best play (ties go to the first play's text, so ``seed`` changes nothing)."""
        ranked = rank_plays(position, roll, first_turn, rules, self._evaluator(position), self.plies)
        return ranked[0].steps if ranked else ()

    def choose_part(self, search: TurnSearch, seed: int) -> tuple[Step, ...]:
        """The part's play whose position the evaluator judges best at 0 ply (a turn made of parts is chosen part
        by part, so a deeper search would look past a part's end at the wrong dice)."""
        outcomes = search.outcomes()
        if not outcomes:
            return ()
        best, _ = best_of([after_play(final) for final, _ in outcomes], search.rules, self._evaluator(search.position))
        return tuple(outcomes[best][1])

    def cube_advice(self, game: GameState) -> CubeAdvice:
        """The advice for the side to move of ``game`` (the doubler, when a double is offered)."""
        position = game.position
        chances = judged_chances(position, game.rules, self._evaluator(position))
        return position_advice(position, chances, game.rules, game.cube)

    def offers_double(self, game: GameState, side: Side) -> bool:
        """Doubles where the advice says double (never too good, never a cube it may not turn)."""
        recommended = self.cube_advice(game)
        return recommended.may_double and recommended.action == "double"

    def takes_double(self, game: GameState, side: Side) -> bool:
        """Takes where the advice says take (or beaver: the Opponent interface only takes or drops)."""
        return self.cube_advice(game).response != "drop"


_ENGINES: dict[Level, Opponent] = {"beginner": HEURISTIC, "club": EngineOpponent(None, 0), "master": EngineOpponent(None, 1)}


def opponent(level: Level = DEFAULT_LEVEL) -> Opponent:
    """The computer of ``level``.

    >>> opponent() is HEURISTIC, opponent("master").plies
    (True, 1)
    """
    return _ENGINES[level]

"""The computer as a player: what any opponent decides (:class:`Opponent`), and how its decision is played.

An opponent chooses a play for a roll and makes the cube decisions; :func:`act` asks it for whatever the
game waits for and plays that through :mod:`nardy_core.flow`. ``nardy_core.bot.HEURISTIC`` is the site's
opponent; an engine is another implementation of the same three methods.

>>> from nardy_core.bot import HEURISTIC
>>> from nardy_core.flow import start
>>> from nardy_core.rules import LongRules
>>> game = act(start(LongRules(), 6, 5), HEURISTIC, random.Random(1))
>>> game.record.events[-1].to_json()
{'side': 'white', 'dice': [6, 5], 'play': '24/18 18/13'}
"""

from __future__ import annotations

import random
from typing import Protocol

from .dice import Roll
from .flow import GameState, cube_action, is_first_turn, play, play_handoff, roll_dice
from .movegen import TurnSearch
from .moves import Step
from .position import Position
from .rules import GulbaraRules, Rules
from .sides import Side
from .turn_plan import play_by_parts


class Opponent(Protocol):
    """What the computer decides: a play for a roll, and whether to double, to take or to drop."""

    def choose_play(self, position: Position, roll: Roll, first_turn: bool, rules: Rules, seed: int) -> tuple[Step, ...]:
        """The steps to play with ``roll`` for the side to move of ``position`` (empty when the turn passes);
        ``seed`` makes any choice between equals repeatable."""
        ...

    def choose_part(self, search: TurnSearch, seed: int) -> tuple[Step, ...]:
        """The steps of one of the outcomes of ``search``, the legal plays of one part of a turn made of parts
        (a cascade's stage, a hand-off: :mod:`nardy_core.turn_plan`), chosen for the side to move."""
        ...

    def offers_double(self, game: GameState, side: Side) -> bool:
        """Does ``side`` (to move, allowed to double) offer a double before throwing the dice?"""
        ...

    def takes_double(self, game: GameState, side: Side) -> bool:
        """Does ``side`` take the double offered to it (else it drops, losing at the cube's value)?"""
        ...


def act(game: GameState, opponent: Opponent, rng: random.Random) -> GameState:
    """The game after ``opponent`` acts for the side whose turn it is: it answers a double offered to it,
    or it may double, or it throws (unless it has) and plays. The record's last event says what it did."""
    if game.cube.offered_by is not None:
        responder = game.cube.offered_by.other
        return cube_action(game, "take" if opponent.takes_double(game, responder) else "drop")
    side = game.to_move
    if game.handoff:
        return play_handoff(game, _parted_play(game, opponent, rng))
    if game.may_double() and opponent.offers_double(game, side):
        return cube_action(game, "double")
    if game.roll is None:
        game = roll_dice(game, Roll.random(rng))
    roll = game.roll
    assert roll is not None
    if game.turn_plan() is not None:  # a turn made of parts: chosen part by part
        return play(game, roll, _parted_play(game, opponent, rng))
    steps = opponent.choose_play(game.position, roll, is_first_turn(game, side), game.rules, rng.randrange(2**32))
    return play(game, roll, list(steps))


def _parted_play(game: GameState, opponent: Opponent, rng: random.Random) -> list[Step]:
    """``opponent``'s play of the turn made of parts that ``game`` waits for, each part chosen on its own."""
    plan = game.turn_plan()
    assert plan is not None and isinstance(game.rules, GulbaraRules)
    return list(play_by_parts(plan.turn(game.position, game.rules), opponent.choose_part, rng.randrange(2**32)))

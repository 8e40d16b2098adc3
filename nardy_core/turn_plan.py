"""A turn of a game whose turns have parts (гюльбар, бешеные нарды): its plan, from the turn's parameters.

Such a game (``GameSpec.parted_turns``; its rules are a :class:`~nardy_core.rules.GulbaraRules`) plays every turn
as a :class:`~nardy_core.parts.CascadeTurn`, a roll that does not cascade as a turn of one part. What the turn
is made of depends on more than the position: which roll of the game it is (``roll_no``, both players' rolls
counted; ``own_roll_no``, the mover's own) and whether the opponent left dice to this player (``handoff``,
played before he rolls). Those are the turn's parameters (VARIANTS.md V0.1.3), as ``first_turn`` is in long
nardy; :func:`plan_roll` and :func:`plan_handoff` turn them into a :class:`TurnPlan`, which the game flow, the
API and the computer all play by.

>>> from nardy_core.rules import GulbaraRules
>>> plan = plan_roll(GulbaraRules(), Roll(4, 4), roll_no=4, own_roll_no=2, first_turn=False)
>>> plan.kind, [str(part) for part in plan.parts], plan.hands_over
('cascade', ['4-4-4-4', '5-5-5-5', '6-6-6-6'], True)
>>> plan_roll(GulbaraRules(), Roll(4, 4), roll_no=3, own_roll_no=2, first_turn=False).kind
'roll'
>>> handed = plan_handoff(GulbaraRules(), (4, 4, 5, 5, 5, 5))
>>> handed.kind, [str(part) for part in handed.parts], handed.allowance
('handoff', ['4-4', '5-5-5-5'], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .dice import PartDice, Roll
from .errors import GameError
from .movegen import TurnSearch
from .moves import Step
from .parts import NO_HEAD_LIMIT, CascadeTurn, PartedTurn, cascades, handoff_outcomes, handoff_parts, stages, turn_outcomes
from .position import Position
from .rules import GulbaraRules

TurnKind = Literal["roll", "cascade", "handoff"]  #: an own roll played as one part, a cascade, or dice handed over

#: the most dice a turn of parts plays: a 1-1 cascade's six stages of four (a hand-off has fewer)
MAX_PARTED_DICE = 24


@dataclass(frozen=True)
class TurnPlan:
    """What one turn of a game with parts is made of, and how it is played."""

    kind: TurnKind
    dice: tuple[int, ...]  #: the roll thrown (two dice), or the dice handed over, in the order they are played
    parts: tuple[PartDice, ...]
    allowance: int | None  #: checkers that may leave the head in the whole turn (None: R10, or R10.2 on a first turn)
    first_turn: bool  #: the mover's first own roll (a hand-off never is, V1.4.7)
    hands_over: bool  #: the dice this turn leaves go to the opponent (V1.4.1)
    roll_no: int = 0  #: the roll's number in the game (0: a hand-off, which is no roll)
    own_roll_no: int = 0  #: the roll's number among the mover's own

    def turn(self, position: Position, rules: GulbaraRules) -> CascadeTurn:
        """A fresh turn from ``position``, to be played step by step."""
        return CascadeTurn(position, self.parts, self.allowance, rules, first_turn=self.first_turn,
                           whole=rules.cascade_max == "whole")

    def outcomes(self, position: Position, rules: GulbaraRules) -> list[PartedTurn]:
        """Every outcome of the whole turn (:func:`nardy_core.parts.turn_outcomes`, :func:`~nardy_core.parts.handoff_outcomes`)."""
        if self.kind == "handoff":
            return handoff_outcomes(position, self.dice, rules.cascade_options, rules)
        return turn_outcomes(position, Roll(*self.dice), rules.cascade_options, roll_no=self.roll_no, own_roll_no=self.own_roll_no,
                             first_turn=self.first_turn, rules=rules)

    def handed(self, turn: CascadeTurn) -> tuple[int, ...]:
        """The dice a complete ``turn`` of this plan hands to the opponent (none where this turn hands nothing over)."""
        return turn.handed_over() if self.hands_over else ()


def plan_roll(rules: GulbaraRules, roll: Roll, *, roll_no: int, own_roll_no: int, first_turn: bool) -> TurnPlan:
    """The plan of the mover's own turn with ``roll``, the game's ``roll_no``-th roll and his ``own_roll_no``-th."""
    if roll_no < 1 or own_roll_no < 1 or own_roll_no > roll_no:
        raise GameError(f"roll {own_roll_no} of a player cannot be roll {roll_no} of the game", "BAD_ROLL_NO")
    options = rules.cascade_options
    cascade = cascades(roll, options, roll_no=roll_no, own_roll_no=own_roll_no)
    parts = tuple(stages(roll)) if cascade else (PartDice(roll.steps),)
    return TurnPlan(
        kind="cascade" if cascade else "roll", dice=(roll.high, roll.low), parts=parts,
        allowance=NO_HEAD_LIMIT if options.head_rule == "off" else None, first_turn=first_turn,
        hands_over=options.handoff == "all" or (options.handoff == "cascade" and cascade), roll_no=roll_no,
        own_roll_no=own_roll_no,
    )


def plan_handoff(rules: GulbaraRules, handed: Sequence[int]) -> TurnPlan:
    """The plan of playing the dice ``handed`` over by the opponent: never a roll, never a first turn, one head
    checker in the whole hand-off, and nothing it leaves goes back (V1.4.5-V1.4.7)."""
    dice = tuple(handed)
    if not 1 <= len(dice) <= MAX_PARTED_DICE:
        raise GameError(f"a hand-off is 1..{MAX_PARTED_DICE} dice, not {len(dice)}", "BAD_HANDOFF")
    options = rules.cascade_options
    return TurnPlan(
        kind="handoff", dice=dice, parts=tuple(handoff_parts(dice, options)),
        allowance=NO_HEAD_LIMIT if options.head_rule == "off" else 1, first_turn=False, hands_over=False,
    )


#: a game continued from a position other than the start counts as this many rolls of each side under way,
#: so that doubles cascade from it under every ``cascade_from`` that lets them (VARIANTS.md V1.3.2)
ROLLS_UNDER_WAY = 3


def default_roll_no(position: Position, first_turn: bool, start_points: Mapping[int, int] | None = None) -> int:
    """The game's roll a turn from ``position`` is, where nobody says: the first roll at the start (the second once
    the opponent has moved), else a game well under way (:data:`ROLLS_UNDER_WAY` rolls of each side made).
    ``start_points``: the start the rules give (:meth:`nardy_core.rules.CubeRules.start_points`), if not the game's.

    >>> default_roll_no(Position.start(), True), default_roll_no(Position.from_notation("w/24:14,13/24:13,20,19"), False)
    (1, 7)
    """
    start = Position.start(position.game, points=start_points)
    mover, other = position.to_move, position.to_move.other
    if first_turn or position.counts(mover) == start.counts(mover):
        return 1 if position.counts(other) == start.counts(other) else 2
    return 2 * ROLLS_UNDER_WAY + 1


def plan_turn(
    rules: GulbaraRules, position: Position, *, roll: Roll | None = None, handoff: Sequence[int] = (),
    roll_no: int | None = None, own_roll_no: int | None = None, first_turn: bool = False,
) -> TurnPlan:
    """The plan of a turn asked about from its parameters: the dice ``handoff`` handed over where there are any,
    else the mover's ``roll`` as the game's ``roll_no``-th roll (by default :func:`default_roll_no`'s) and his
    ``own_roll_no``-th (by default his share of the game's rolls, every other one, the first mover's odd ones).

    >>> from nardy_core.rules import GulbaraRules
    >>> plan_turn(GulbaraRules(), Position.from_notation("gulbara:b/24:13,16,5/24:14,20"), roll=Roll(5, 5)).kind
    'cascade'
    """
    if handoff:
        return plan_handoff(rules, handoff)
    if roll is None:
        raise GameError("a turn is played with the dice thrown or the dice handed over", "NOT_ROLLED")
    if roll_no is None:
        roll_no = default_roll_no(position, first_turn, rules.start_points())
    own = (roll_no + 1) // 2 if own_roll_no is None else own_roll_no
    return plan_roll(rules, roll, roll_no=roll_no, own_roll_no=own, first_turn=first_turn)


#: how a player chooses one part's play: the steps of one outcome of the part's search (``seed`` for ties)
PartChooser = Callable[[TurnSearch, int], tuple[Step, ...]]


def play_by_parts(turn: CascadeTurn, choose: PartChooser, seed: int) -> tuple[Step, ...]:
    """Play ``turn`` to its end one part at a time, each part's play chosen by ``choose`` from that part's legal
    plays (a cascade is chosen stage by stage, as the rules play it: V0.2.4). The steps of the whole turn."""
    while not turn.is_complete():
        played = choose(turn.current.search, seed)
        if not played:
            break  # a part with nothing to play: the turn is complete already (a guard against a chooser's empty play)
        for step in played:
            verdict = turn.play(step.src, step.dst, step.die)
            if verdict.step is None:  # pragma: no cover - an outcome of the part's own search
                raise AssertionError(f"the chosen step {step} was refused: {verdict.reason}")
    return tuple(turn.steps)

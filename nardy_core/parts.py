"""A turn made of parts (VARIANTS.md V0.2): the cascading doubles of гюльбар and бешеные нарды (V1.3, V2) and
the dice a mover cannot play, handed to the opponent (V1.4).

A *part* is one group of dice that the base rules play as one unit: inside a part R11.3 holds (play as many
of its dice as possible; of two different dice of which only one can be played, the larger), and a part
never borrows dice from another. A cascading double *d-d* is the stages *d*, *d+1*, …, 6 of four dice each,
played in that order; a stage played in full lets the next one follow, a stage the mover cannot finish stops
the cascade, and the dice left (the rest of that stage and every stage above it) are the *remainder*. The
opponent (the receiver) then plays what he is handed with his own checkers, along his own path, before he
rolls; whatever he cannot play is lost (no bounce, so a turn always ends).

The rules of the base game decide every step: these functions search each part with
:class:`~nardy_core.movegen.TurnSearch` (one head allowance shared by all the parts of a turn) and only
sequence the parts. Outcomes are whole turns: the final position, one play that reaches it, the dice
played and the dice handed over.

>>> from nardy_core.dice import Roll
>>> position = Position.from_notation("b/24:14,13/24:15")         # Black's first roll, White opened 6-5
>>> crazy = CascadeOptions(cascade_from="always", handoff="all")  # бешеные нарды
>>> [(str(o.position), o.dice_played, o.handoff) for o in turn_outcomes(position, Roll(6, 6), crazy, first_turn=True)]
[('b/24:14,13/24:13,18:2', 2, (6, 6))]
>>> [str(o.position) for o in handoff_outcomes(Position.from_notation("w/24:14,13/24:13,18:2"), (6, 6), crazy)]
['w/24:13,18,7/24:13,18:2', 'w/24:14,1/24:13,18:2']
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .dice import PartDice, Roll
from .errors import RulesError
from .games import CHECKERS, HEAD, OFF
from .interactive import PlayVerdict, StepVerdict, TurnInProgress
from .movegen import TurnSearch
from .moves import Step
from .position import Position
from .reasons import Reason, ReasonCode
from .rules import CascadeOptions, LongRules

__all__ = ["CascadeOptions", "CascadeTurn", "PartedTurn", "cascades", "check_parted_play", "handoff_outcomes", "handoff_parts",
           "stages", "turn_outcomes"]

FIRST_CASCADING_ROLL = 4  #: ``game_roll_4``/``player_roll_4``: the first roll whose doubles cascade (V1.3.2)
NO_HEAD_LIMIT = CHECKERS  #: ``head_rule=off``: as many checkers may leave the head as stand on it


@dataclass(frozen=True)
class PartedTurn:
    """One outcome of a turn made of parts: where it leaves the board (the mover still to move), one play that
    gets there (the steps of every part in order) and the dice it hands to the opponent, in the order he plays
    them."""

    position: Position
    steps: tuple[Step, ...]
    handoff: tuple[int, ...] = ()

    @property
    def dice_played(self) -> int:
        """One die a step."""
        return len(self.steps)

    @property
    def game_over(self) -> bool:
        """The mover bore off his last checker: the rest of the turn is void (V0.2.3)."""
        return _won(self.position)


def stages(roll: Roll) -> list[PartDice]:
    """The stages of a cascading double: *d*, *d+1*, …, 6, four dice each (V1.3.1).

    >>> [str(stage) for stage in stages(Roll(4, 4))]
    ['4-4-4-4', '5-5-5-5', '6-6-6-6']
    """
    if not roll.is_double:
        raise RulesError(f"only a double cascades, not {roll}")
    return [PartDice((die,) * 4) for die in range(roll.high, 7)]


def cascades(roll: Roll, options: CascadeOptions, *, roll_no: int, own_roll_no: int) -> bool:
    """Whether ``roll`` is played as a cascade: a double, at the game's ``roll_no``-th roll (both players' rolls
    counted, hand-offs not), the mover's ``own_roll_no``-th (V1.2, V1.3.2).

    >>> cascades(Roll(4, 4), CascadeOptions(), roll_no=3, own_roll_no=2), cascades(Roll(4, 4), CascadeOptions(), roll_no=4, own_roll_no=2)
    (False, True)
    """
    if not roll.is_double:
        return False
    match options.cascade_from:
        case "always":
            return True
        case "off":
            return False
        case "game_roll_4":
            return roll_no >= FIRST_CASCADING_ROLL
        case "player_roll_4":
            return own_roll_no >= FIRST_CASCADING_ROLL


def turn_outcomes(
    position: Position,
    roll: Roll,
    options: CascadeOptions,
    *,
    roll_no: int = 1,
    own_roll_no: int = 1,
    first_turn: bool = False,
    rules: LongRules | None = None,
) -> list[PartedTurn]:
    """Every outcome of the mover's own turn with ``roll``: a cascade stage by stage where the roll cascades
    (V1.3), else the roll as one part; each with the dice it hands over (V1.4.1). An empty play that hands the
    whole roll over is an outcome too (nothing could be played).

    ``first_turn`` is the mover's first own roll (R10.2): its head allowance then covers the whole cascade.
    """
    cascade = cascades(roll, options, roll_no=roll_no, own_roll_no=own_roll_no)
    parts: list[PartDice] = stages(roll) if cascade else [PartDice(roll.steps)]
    # the first part's search sets the allowance (R10's, or R10.2's on a first roll) unless the head rule is off
    allowance = NO_HEAD_LIMIT if options.head_rule == "off" else None
    hands_over = options.handoff == "all" or (options.handoff == "cascade" and cascade)
    outcomes = _play_parts(position, parts, rules or LongRules(), allowance, first_turn=first_turn, hand_over=hands_over)
    return _most_dice(outcomes) if options.cascade_max == "whole" and cascade else outcomes


def handoff_parts(handed: Sequence[int], options: CascadeOptions) -> list[PartDice]:
    """The parts in which the receiver plays the dice ``handed`` to him (V1.4.5): two different dice as one part
    (a roll whose numbers the mover could not play), otherwise stage by stage, each run of one number in
    ascending order (the remainder of a cascade), or everything as one part under ``handoff_order=free``.

    >>> [str(p) for p in handoff_parts((4, 4, 5, 5, 5, 5, 6, 6, 6, 6), CascadeOptions())]
    ['4-4', '5-5-5-5', '6-6-6-6']
    >>> [str(p) for p in handoff_parts((5, 6), CascadeOptions())]
    ['6-5']
    >>> [str(p) for p in handoff_parts((2, 3, 3, 3, 3), CascadeOptions(handoff_order="free"))]
    ['3-3-3-3-2']
    """
    dice = tuple(handed)
    if not dice:
        return []
    if options.handoff_order == "free" or (len(dice) == 2 and dice[0] != dice[1]):
        return [PartDice(dice)]
    runs = Counter(dice)
    return [PartDice((die,) * runs[die]) for die in sorted(runs)]


def handoff_outcomes(
    position: Position, handed: Sequence[int], options: CascadeOptions, rules: LongRules | None = None
) -> list[PartedTurn]:
    """Every way the side to move (the receiver) can play the dice ``handed`` to him (V1.4.3-V1.4.8): with his
    own checkers, under every rule that would bind him had he rolled them, one checker from the head in the
    whole hand-off; a part he cannot finish ends it, and what he cannot play is lost. An empty play (nothing
    playable) is an outcome too. Under ``cascade_max=whole`` only the plays of the most dice remain (C02).
    """
    parts = handoff_parts(handed, options)
    if not parts:
        return [PartedTurn(position, ())]
    allowance = NO_HEAD_LIMIT if options.head_rule == "off" else 1
    outcomes = _play_parts(position, parts, rules or LongRules(), allowance, first_turn=False, hand_over=False)
    return _most_dice(outcomes) if options.cascade_max == "whole" else outcomes


def _play_parts(
    position: Position, parts: list[PartDice], rules: LongRules, allowance: int | None, *, first_turn: bool, hand_over: bool
) -> list[PartedTurn]:
    """The outcomes of ``parts`` played in order from ``position``, each part maximised on its own (V1.3.4):
    the next part follows only a part played in full; the dice of a part stopped short (and of every part
    after it) are handed over when ``hand_over``. ``allowance``: checkers that may leave the head in all the
    parts (None: as many as the first part's search allows, ``first_turn`` or not)."""
    finished: dict[tuple[Position, tuple[int, ...]], PartedTurn] = {}
    frontier: dict[Position, tuple[Step, ...]] = {position: ()}  #: after the parts so far, played in full
    for index, part in enumerate(parts):
        reached: dict[Position, tuple[Step, ...]] = {}
        for start, before in frontier.items():
            if allowance is None:  # the first part, from ``position`` alone
                search = TurnSearch(start, part, first_turn, rules)
                allowance = search.head_limit
            else:
                search = TurnSearch(start, part, rules=rules, head_limit=_head_left(position, start, allowance))
            full = search.max_dice == len(part.steps)
            for final, play in search.outcomes() or [(start, [])]:
                steps = before + tuple(play)
                if full and index + 1 < len(parts) and not _won(final):
                    reached.setdefault(final, steps)
                    continue
                unplayed = () if _won(final) or not hand_over else _remainder(parts, index, play)
                finished.setdefault((final, unplayed), PartedTurn(final, steps, unplayed))
        frontier = reached
    return sorted(finished.values(), key=_example_order)


def _won(position: Position) -> bool:
    """The side to move has borne off every checker."""
    return position.borne_off(position.to_move) == CHECKERS


def _head_left(start: Position, now: Position, allowance: int) -> int:
    """Of a turn's ``allowance``, the checkers that may still leave the head: the turn began at ``start``."""
    mover = start.to_move
    return max(allowance - (start.count(mover, HEAD) - now.count(mover, HEAD)), 0)


def _remainder(parts: Sequence[PartDice], index: int, play: Sequence[Step]) -> tuple[int, ...]:
    """The dice a turn stopped in part ``index`` by ``play`` leaves: that part's unplayed dice, smaller first,
    then every later part's, in the order the receiver plays them."""
    left = Counter(parts[index].steps)
    left.subtract(step.die for step in play)
    return tuple(sorted(left.elements())) + tuple(d for part in parts[index + 1:] for d in sorted(part.steps))


def _most_dice(outcomes: list[PartedTurn]) -> list[PartedTurn]:
    """``cascade_max=whole``: only the outcomes that play the most dice (ending the game counts as all of them)."""
    def played(outcome: PartedTurn) -> tuple[bool, int]:
        return outcome.game_over, outcome.dice_played

    most = max(map(played, outcomes), default=(False, 0))
    return [outcome for outcome in outcomes if played(outcome) == most]


def _example_order(outcome: PartedTurn) -> Any:
    return [(-step.src, -step.dst) for step in outcome.steps], outcome.handoff


class CascadeTurn:
    """A turn made of parts played step by step (V0.2.4): a step is accepted when it begins a legal play of the
    current part, judged by the base rules (:class:`~nardy_core.interactive.TurnInProgress`) with what is left
    of the turn's head allowance; once the part's play is whole, the next part begins by itself, but only after
    a part played in full. A step by a die of a later part is refused with ``CASCADE_STAGE``.

    >>> from nardy_core.dice import Roll
    >>> turn = CascadeTurn(Position.from_notation("b/24:13,16,5/24:14,20"), stages(Roll(5, 5)))
    >>> turn.play(24, 18).reason.code.value, turn.play(24, 19).accepted, turn.play(24, 19).reason.code.value
    ('CASCADE_STAGE', True, 'HEAD_LIMIT')
    """

    def __init__(
        self, position: Position, parts: Sequence[PartDice], allowance: int | None = None, rules: LongRules | None = None,
        *, first_turn: bool = False, whole: bool = False,
    ) -> None:
        """``allowance``: checkers that may leave the head in all the parts together (None: as many as the first
        part's search allows, R10's one or R10.2's two on the mover's ``first_turn``). ``whole``: only the plays
        of the most dice of the whole turn are legal (``cascade_max=whole``, V1.3.4), not each part's most."""
        if not parts:
            raise RulesError("a turn has at least one part")
        self.parts = list(parts)
        self.rules = rules or LongRules()
        self.start = position
        self.index = 0  #: the part being played
        self.done: list[Step] = []  #: the steps of the parts before it
        self.whole = False  # set once the allowance is known: the turn's most dice depend on it
        if allowance is None:
            self.current = TurnInProgress(position, self.part, first_turn, self.rules)
            allowance = self.current.search.head_limit
        else:
            self.current = self._part_turn(position, allowance)
        self.allowance: int = allowance
        if whole and len(self.parts) > 1:
            self.whole = True
            self.current = self._most_only(self.current)

    def _part_turn(self, position: Position, allowance: int) -> TurnInProgress:
        turn = TurnInProgress(position, self.part, rules=self.rules, head_limit=_head_left(self.start, position, allowance))
        return self._most_only(turn) if self.whole else turn

    def _most_only(self, turn: TurnInProgress) -> TurnInProgress:
        """``turn`` (the current part's) with only the plays that keep the whole turn's most dice in reach."""
        most = _most_dice_of(self.start, tuple(self.parts), self.allowance, self.rules)
        search = copy.copy(turn.search)  # searches are shared between requests: this one is the turn's own
        best = most.from_part(self.index, search.position)
        search.legal_ends = frozenset(end for end in search.legal_ends if most.after(self.index, search, end) == best)
        # a play this leaves out plays too few of the turn's dice (MUST_USE_BOTH), not a head-rule variant's
        search.unfiltered_ends = search.legal_ends
        search._good = {}
        turn.search = search
        return turn

    @property
    def steps(self) -> list[Step]:
        """Every step played so far, part after part."""
        return self.done + self.current.steps

    @property
    def position(self) -> Position:
        """Where the steps played so far leave the board (the mover still to move)."""
        return self.current.position

    @property
    def part(self) -> PartDice:
        """The dice of the part being played."""
        return self.parts[self.index]

    def is_complete(self) -> bool:
        """The steps played make a whole turn: the current part's play is whole and no part follows it (the
        last part, a part stopped short, or the game won)."""
        return self.current.is_complete() and not self._next_part_due()

    def handed_over(self) -> tuple[int, ...]:
        """The dice left for the opponent once the turn is complete: the current part's unplayed dice and every
        later part's, smaller first (the caller decides whether the game's options hand them over)."""
        return () if _won(self.position) else _remainder(self.parts, self.index, self.current.steps)

    def _next_part_due(self) -> bool:
        turn = self.current
        return (turn.is_complete() and len(turn.steps) == len(self.part.steps) and self.index + 1 < len(self.parts)
                and not _won(self.position))

    def play(self, src: int, dst: int, die: int | None = None) -> StepVerdict:
        """Try one single-die step of the mover's (own points; ``OFF`` = 0), by ``die`` where several could
        make it; play it if accepted."""
        verdict = self.current.play(src, dst, die)
        if verdict.code is ReasonCode.NO_SUCH_DIE:
            return StepVerdict(reason=self._later_part_reason(src, dst) or verdict.reason)
        if verdict.step is not None:
            self._next_part_if_due()
        return verdict

    def play_move(self, src: int, dst: int) -> tuple[list[Step], Reason | None]:
        """Play a move of one checker by one or more dice of the current part in a row (``24/14`` by two 5s), as
        :meth:`TurnInProgress.play_move` does; the steps played, or the reason it was refused."""
        played, reason = self.current.play_move(src, dst)
        if reason is not None and reason.code is ReasonCode.NO_SUCH_DIE:
            reason = self._later_part_reason(src, dst) or reason
        if played:
            self._next_part_if_due()
        return played, reason

    def _next_part_if_due(self) -> None:
        if self._next_part_due():
            self.done += self.current.steps
            self.index += 1
            self.current = self._part_turn(self.current.position, self.allowance)

    def _later_part_reason(self, src: int, dst: int) -> Reason | None:
        """``CASCADE_STAGE`` when the step's distance is no die of this part but is one of a later part's."""
        if dst == OFF:
            return None
        later = {d for part in self.parts[self.index + 1:] for d in part.steps}
        if src - dst not in later:
            return None
        return Reason(ReasonCode.CASCADE_STAGE, {"from": src, "to": dst, "die": src - dst, "stage": self.part.high,
                                                 "left": len(self.current.dice_left)})


Reach = tuple[bool, int]  #: what a turn can still play: (the mover wins, the dice played if he does not)


class _MostDice:
    """``cascade_max=whole``: the most a turn of ``parts`` from ``start`` can still play from the start of each part
    at each position it reaches (winning beats any number of dice), found as the parts are asked about."""

    def __init__(self, start: Position, parts: tuple[PartDice, ...], allowance: int, rules: LongRules) -> None:
        self.start, self.parts, self.allowance, self.rules = start, parts, allowance, rules
        self.known: dict[tuple[int, Position], Reach] = {}

    def from_part(self, index: int, position: Position) -> Reach:
        """The most the turn plays from the start of part ``index`` at ``position``."""
        key = (index, position)
        if key not in self.known:
            search = TurnSearch(position, self.parts[index], rules=self.rules,
                                head_limit=_head_left(self.start, position, self.allowance))
            self.known[key] = max((self.after(index, search, end) for end in search.legal_ends), default=(False, 0))
        return self.known[key]

    def after(self, index: int, search: TurnSearch, end: Any) -> Reach:
        """The most the turn plays when part ``index`` ends in the state ``end`` of its ``search``."""
        final = search.final_position(end)
        if _won(final):
            return True, 0
        played = search.dice_used(end)
        if played < len(self.parts[index].steps) or index + 1 == len(self.parts):
            return False, played
        won, rest = self.from_part(index + 1, final)
        return (True, 0) if won else (False, played + rest)


@lru_cache(maxsize=16)
def _most_dice_of(start: Position, parts: tuple[PartDice, ...], allowance: int, rules: LongRules) -> _MostDice:
    """One table per turn: a page asks about the same turn at every step (each request starts it afresh)."""
    return _MostDice(start, parts, allowance, rules)


def check_parted_play(turn: CascadeTurn, play: Sequence[tuple[int, int]]) -> PlayVerdict:
    """Judge a whole play of single-die steps (own numbering) in a fresh ``turn``: ``legal``, ``illegal`` (the first
    refused step, 1-based) or ``incomplete``.

    >>> from nardy_core.dice import Roll
    >>> turn = CascadeTurn(Position.from_notation("b/24:13,16,5/24:14,20"), stages(Roll(5, 5)), allowance=1)
    >>> check_parted_play(turn, [(24, 19), (20, 15), (15, 10), (10, 5), (19, 13), (13, 7), (7, 1)]).verdict
    'legal'
    """
    for index, (src, dst) in enumerate(play, start=1):
        verdict = turn.play(src, dst)
        if verdict.reason is not None:
            return PlayVerdict("illegal", verdict.reason, index, tuple(turn.steps), turn.position)
    if turn.is_complete():
        return PlayVerdict("legal", None, None, tuple(turn.steps), turn.position)
    reason = turn.current.incomplete_reason() or Reason(ReasonCode.MUST_USE_BOTH, {"dice": len(turn.part.steps)})
    return PlayVerdict("incomplete", reason, None, tuple(turn.steps), turn.position)

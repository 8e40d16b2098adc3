"""One step of one checker by one die, per game: where it may land, what it hits, when it may bear off.

A *state* of a turn is a plain tuple (the search makes hundreds of thousands of them):

- long nardy: ``(mine, dice left, head checkers moved, occupancy mask in the opponent's frame)``;
- short nardy: ``(mine, theirs, dice left, points of home-hitters that may not move on)``.

``mine``/``theirs`` are the mover's and the opponent's counts in their own numberings (index 25 = bar);
dice left are sorted high to low. Every stepper has the same methods, so :mod:`nardy_core.movegen` and
:mod:`nardy_core.interactive` work for both games unchanged.

>>> from nardy_core.dice import Roll
>>> position = Position.from_notation("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:4,18")
>>> stepper = ShortStepper(position, Roll(6, 5), ShortRules())
>>> state = stepper.apply(stepper.root, 13, 6)         # 13/7 lands on Black's blot (his own 18)
>>> stepper.hit(stepper.root, state), state[1][25]      # ... which goes to the bar
(True, 1)
>>> stepper.apply(stepper.root, 24, 5)                 # 24/19 is Black's own 6, held by four
<ReasonCode.OCCUPIED: 'OCCUPIED'>
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .blocks import OPPONENT_FRAME_BIT, first_forbidden, forbidden_window_starts, occupancy_mask, window_points, window_starts
from .dice import Throw
from .games import BAR, CHECKERS, HEAD, HOME, OFF, POINTS, Family
from .moves import Step
from .notation import Counts
from .position import Position
from .reasons import Reason, ReasonCode
from .rules import FevgaRules, LongRules, ShortRules

Dice = tuple[int, ...]
LongState = tuple[Counts, Dice, int, int]
ShortState = tuple[Counts, Counts, Dice, tuple[int, ...]]
State = LongState | ShortState
Applied = tuple[Any, ...] | ReasonCode  #: the new state, or the code of the rule that forbids the step
#: the other side's own number of each long-nardy point (index 0 unused)
_LONG_OPPOSITE: tuple[int, ...] = Family.LONG.spec.opposite_table


def remove_die(dice: Dice, die: int) -> Dice:
    """``dice`` without one ``die``."""
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


class LongStepper:
    """Long nardy (RULES.md R8-R13): no hitting, one checker holds a point, the head rule, the six-block."""

    MINE, DICE = 0, 1  #: where a state keeps the mover's counts and the dice left

    def __init__(self, position: Position, roll: Throw, rules: LongRules, head_limit: int = 1) -> None:
        self.position = position
        self.rules = rules
        self.head_limit = head_limit
        mover = position.to_move
        opponent = position.counts(mover.other)
        #: opponent checkers seen from the mover's own numbering
        self.opponent_on: tuple[bool, ...] = tuple(opponent[q] > 0 for q in _LONG_OPPOSITE)
        self.forbidden = forbidden_window_starts(opponent, rules)
        self.check_each_step = rules.block_timing == "step"
        mine = position.counts(mover)
        self.root: LongState = (mine, roll.steps, 0, occupancy_mask(mine))

    @staticmethod
    def dice(state: Any) -> Dice:
        """Dice left in ``state``."""
        return state[1]  # type: ignore[no-any-return]

    @staticmethod
    def mine(state: Any) -> Counts:
        """The mover's counts in ``state``."""
        return state[0]  # type: ignore[no-any-return]

    @staticmethod
    def key(state: Any) -> Any:
        """What tells two final positions apart (the opponent never changes in long nardy)."""
        return state[0]

    def opponent_at(self, state: Any, point: int) -> int:
        """Opposing checkers on the mover's own point ``point`` (long nardy: 1 means at least one)."""
        return int(self.opponent_on[point])

    def apply(self, state: Any, src: int, die: int) -> Applied:
        """Move a checker from own ``src`` by ``die``, or say which rule forbids it (codes 6-11 of reasons).

        The caller has checked that a checker stands on ``src`` and that ``die`` is among the dice left.
        """
        mine, dice, head_used, mask = state
        if src == HEAD and head_used >= self.head_limit:
            return ReasonCode.HEAD_LIMIT
        dst = src - die
        if dst >= 1 and self.opponent_on[dst]:
            return ReasonCode.OCCUPIED
        new = list(mine)
        new[src] -= 1
        if new[src] == 0:
            mask &= ~OPPONENT_FRAME_BIT[src]
        if dst >= 1:
            if not new[dst]:
                mask |= OPPONENT_FRAME_BIT[dst]
                if self.check_each_step and window_starts(mask) & self.forbidden:
                    return ReasonCode.SIX_BLOCK
            new[dst] += 1
        else:
            if any(mine[7:]):
                return ReasonCode.NOT_ALL_HOME
            if dst < 0 and any(mine[src + 1 : 7]):
                return ReasonCode.BEAR_OFF_HIGHER_OCCUPIED
        return (tuple(new), remove_die(dice, die), head_used + (src == HEAD), mask)

    @staticmethod
    def hit(state: Any, child: Any) -> bool:
        """Did the step from ``state`` to ``child`` hit? Never in long nardy."""
        return False

    def successors(self, state: Any) -> Iterator[tuple[Step, Any]]:
        """Every legal single step from ``state`` with the state it leads to (larger die first)."""
        mine, dice = state[0], state[1]
        if not dice or not any(mine):
            return
        for die in sorted(set(dice), reverse=True):
            for src in range(POINTS, 0, -1):
                if mine[src]:
                    result = self.apply(state, src, die)
                    if type(result) is tuple:
                        yield Step(src, max(src - die, OFF), die), result

    def valid_end(self, state: Any) -> bool:
        """May a turn end in this state? (Only the six-block checked at the end of the turn can say no.)"""
        return self.check_each_step or not (window_starts(state[3]) & self.forbidden)

    def end_reason(self, state: Any) -> Reason:
        """Why a turn may not end in ``state`` (see :meth:`valid_end`)."""
        start = first_forbidden(state[3], self.forbidden)
        points = list(window_points(start)) if start is not None else []
        return Reason(ReasonCode.SIX_BLOCK, {"points": points, "at_end": True})

    def block_points(self, state: Any, src: int, dst: int) -> list[int]:
        """The six-block a step from ``src`` to ``dst`` would close (for the SIX_BLOCK reason)."""
        mine = list(state[0])
        mine[src] -= 1
        mine[dst] += 1
        start = first_forbidden(occupancy_mask(tuple(mine)), self.forbidden)
        return list(window_points(start)) if start is not None else []

    def final_position(self, state: Any) -> Position:
        """The position a play ending in ``state`` leaves (the mover still to move)."""
        return self.position.derived(state[0], self.position.counts(self.position.to_move.other))

    def required_ends(self, ends: set[Any]) -> set[Any]:
        """The legal ends a rule about the whole turn keeps (none in long nardy: февга's unblocking)."""
        return ends


#: own points a checker has passed the opponent's start from (февга's runner rule: own 1..11)
_PASSED = range(1, 12)


class FevgaStepper(LongStepper):
    """февга (VARIANTS.md V7): long nardy's steps, without the head rule and the six-block, and with

    - the runner rule (``RUNNER_FIRST``): until a checker has passed the opponent's start (stands on own 1..11, or
      is borne off), a head checker may not move while another checker has left the head (checked per step,
      so a runner that passes mid-turn frees the head for the rest of the dice);
    - the starting-quarter rule (``START_QUARTER``): after no step may all six points of own 19..24 be occupied
      (``fevga_quarter=both``: nor the opponent's, own 7..12);
    - unblocking (``MUST_OPEN``): when every opposing checker left on the board stands on one point and the
      mover holds the six points in front of it, a turn must leave one of them empty if any legal turn can.

    ``fevga_rules=long`` plays long nardy exactly (this stepper is then a :class:`LongStepper`).

    >>> from nardy_core.dice import Roll
    >>> stepper = FevgaStepper(Position.from_notation("fevga:w/24:14,13/24:15"), Roll(5, 2), FevgaRules(), 1)
    >>> stepper.apply(stepper.root, 24, 5)                 # the runner on 13 has not passed Black's start
    <ReasonCode.RUNNER_FIRST: 'RUNNER_FIRST'>
    >>> passed = stepper.apply(stepper.root, 13, 2)        # 13/11 passes it ...
    >>> type(stepper.apply(passed, 24, 5))                 # ... and frees the head for the 5
    <class 'tuple'>
    """

    def __init__(self, position: Position, roll: Throw, rules: FevgaRules, head_limit: int = 1) -> None:
        self.fevga = rules.fevga_rules == "fevga"
        super().__init__(position, roll, rules, CHECKERS if self.fevga else head_limit)
        self.quarters = rules.starting_quarters
        self.wall = self._wall(position.counts(position.to_move.other), position.counts(position.to_move)) if self.fevga else ()
        self.must_open = False  #: set by :meth:`required_ends` once some legal turn opens the wall

    @staticmethod
    def _wall(theirs: Counts, mine: Counts) -> tuple[int, ...]:
        """The six points (the mover's own numbering) the mover holds in front of the opponent's only point, if
        every opposing checker on the board stands on that one point (V7.5); else none."""
        points = [q for q in range(1, POINTS + 1) if theirs[q]]
        if len(points) != 1 or points[0] < 7:
            return ()
        wall = tuple(_LONG_OPPOSITE[points[0] - k] for k in range(1, 7))
        return wall if all(mine[p] for p in wall) else ()

    def apply(self, state: Any, src: int, die: int) -> Applied:
        """A long-nardy step, refused by февга's runner and starting-quarter rules (see the class)."""
        if not self.fevga:
            return super().apply(state, src, die)
        mine = state[0]
        if src == HEAD and not any(mine[p] for p in _PASSED) and sum(mine) == CHECKERS and sum(mine[12:HEAD]):
            return ReasonCode.RUNNER_FIRST
        result = super().apply(state, src, die)
        if type(result) is tuple:
            new = result[0]
            if any(all(new[p] for p in quarter) for quarter in self.quarters):
                return ReasonCode.START_QUARTER
        return result

    def quarter_points(self, state: Any, src: int, dst: int) -> list[int]:
        """The starting quarter a step from ``src`` to ``dst`` would fill (for the START_QUARTER reason)."""
        new = list(state[0])
        new[src] -= 1
        if dst >= 1:
            new[dst] += 1
        return next((list(quarter) for quarter in self.quarters if all(new[p] for p in quarter)), [])

    def opens(self, state: Any) -> bool:
        """Does ``state`` leave a point of the wall empty?"""
        return any(not state[0][p] for p in self.wall)

    def required_ends(self, ends: set[Any]) -> set[Any]:
        """Unblocking: the ends that open the wall, when some do; else every end (the obligation lapses)."""
        if not self.wall:
            return ends
        opening = {state for state in ends if self.opens(state)}
        self.must_open = bool(opening)
        return opening or ends

    def valid_end(self, state: Any) -> bool:
        """May a turn end here? Not keeping the wall closed while a legal turn opens it."""
        return super().valid_end(state) and (not self.must_open or self.opens(state))

    def end_reason(self, state: Any) -> Reason:
        """Why a turn may not end in ``state``: the wall it keeps closed (or long nardy's six-block)."""
        if self.must_open and not self.opens(state):
            return Reason(ReasonCode.MUST_OPEN, {"points": sorted(self.wall)})
        return super().end_reason(state)


class ShortStepper:
    """Short nardy (SHORT-RULES.md S2-S5): hitting, the bar and entering, two checkers hold a point."""

    head_limit = 0  # no head rule
    MINE, DICE = 0, 2  #: where a state keeps the mover's counts and the dice left

    def __init__(self, position: Position, roll: Throw, rules: ShortRules) -> None:
        self.position = position
        self.rules = rules
        self.freeze_home_hitters = rules.home_hit_and_run == "forbidden"
        mover = position.to_move
        self.root: ShortState = (position.counts(mover), position.counts(mover.other), roll.steps, ())

    @staticmethod
    def dice(state: Any) -> Dice:
        """Dice left in ``state``."""
        return state[2]  # type: ignore[no-any-return]

    @staticmethod
    def mine(state: Any) -> Counts:
        """The mover's counts in ``state``."""
        return state[0]  # type: ignore[no-any-return]

    @staticmethod
    def key(state: Any) -> Any:
        """What tells two final positions apart: both sides (a hit moves an opposing checker)."""
        return state[0], state[1]

    @staticmethod
    def opponent_at(state: Any, point: int) -> int:
        """Opposing checkers on the mover's own point ``point``."""
        return state[1][POINTS + 1 - point]  # type: ignore[no-any-return]

    def apply(self, state: Any, src: int, die: int) -> Applied:
        """Move a checker from own ``src`` (25 = the bar) by ``die``, or say which rule forbids it."""
        mine, theirs, dice, frozen = state
        if mine[BAR] and src != BAR:
            return ReasonCode.BAR_FIRST
        if frozen and mine[src] <= frozen.count(src):
            return ReasonCode.HIT_AND_RUN_HOME
        dst = src - die
        new = list(mine)
        new[src] -= 1
        if dst >= 1:
            opposite = POINTS + 1 - dst
            held = theirs[opposite]
            if held >= 2:
                return ReasonCode.ENTRY_HELD if src == BAR else ReasonCode.OCCUPIED
            new[dst] += 1
            if held == 1:
                struck = list(theirs)
                struck[opposite] = 0
                struck[BAR] += 1
                theirs = tuple(struck)
                if self.freeze_home_hitters and dst in HOME:
                    frozen = frozen + (dst,)
        else:
            if any(mine[HOME.stop :]):
                return ReasonCode.NOT_ALL_HOME
            if dst < 0 and any(mine[src + 1 : HOME.stop]):
                return ReasonCode.BEAR_OFF_HIGHER_OCCUPIED
        return (tuple(new), theirs, remove_die(dice, die), frozen)

    @staticmethod
    def hit(state: Any, child: Any) -> bool:
        """Did the step from ``state`` to ``child`` hit (send an opposing checker to the bar)?"""
        return child[1][BAR] > state[1][BAR]  # type: ignore[no-any-return]

    def successors(self, state: Any) -> Iterator[tuple[Step, Any]]:
        """Every legal single step from ``state`` with the state it leads to (larger die first)."""
        mine, dice = state[0], state[2]
        if not dice or not any(mine):
            return
        sources = (BAR,) if mine[BAR] else range(POINTS, 0, -1)
        for die in sorted(set(dice), reverse=True):
            for src in sources:
                if mine[src]:
                    result = self.apply(state, src, die)
                    if type(result) is tuple:
                        yield Step(src, max(src - die, OFF), die, result[1][BAR] > state[1][BAR]), result

    @staticmethod
    def valid_end(state: Any) -> bool:
        """Every state may end a turn in short nardy (there is no end-of-turn rule)."""
        return True

    @staticmethod
    def end_reason(state: Any) -> Reason:  # pragma: no cover - valid_end never refuses
        """Never used: short nardy has no end-of-turn rule."""
        raise AssertionError("short nardy has no end-of-turn rule")

    @staticmethod
    def block_points(state: Any, src: int, dst: int) -> list[int]:  # pragma: no cover - no six-block rule
        """Never used: short nardy has no six-block rule."""
        return []

    def final_position(self, state: Any) -> Position:
        """The position a play ending in ``state`` leaves (the mover still to move)."""
        return self.position.derived(state[0], state[1])

    @staticmethod
    def required_ends(ends: set[Any]) -> set[Any]:
        """The legal ends a rule about the whole turn keeps (none in short nardy)."""
        return ends


Stepper = LongStepper | ShortStepper

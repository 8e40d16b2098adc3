"""Legal turns (RULES.md §1.7-1.14, formal definition R11.3).

A *play* is a sequence of single-die steps, each legal in the position the previous steps left.
The search walks the graph of states ``(checkers, dice left, head checkers moved)``; every state
is the end of some play. Let K be the largest number of dice a play uses (a play that bears off
the last checker counts as using them all). The legal turns are the plays that use K dice; if
K = 1 and the dice differ, only plays of the larger die remain when there is one. Two turns are the
same outcome when they leave the same final position.

>>> from nardy_core.notation import parse
>>> search = TurnSearch(parse("w/24:15/24:15"), Roll(6, 5), first_turn=True)
>>> [format_play(play) for _, play in search.outcomes()]
['24/18 18/13']
>>> TurnSearch(parse("b/24:14,13/24:15"), Roll(6, 6), first_turn=True).head_limit
2
"""

from __future__ import annotations

from typing import Iterator, Union

from . import reasons as R
from .blocks import OPPONENT_FRAME_BIT, forbidden_window_starts, occupancy_mask, window_starts
from .dice import Roll
from .moves import OFF, Step, format_play  # noqa: F401 (format_play: used by the doctests)
from .position import Counts, Position
from .rules import HEAD_EXCEPTION_DOUBLES, Rules
from .sides import HEAD, POINTS, Side, opposite_numbering

#: (checkers per own point, dice left sorted high→low, head checkers moved, opponent-frame mask)
State = tuple[Counts, tuple[int, ...], int, int]
StepResult = Union[State, str]


def _remove_one(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


class TurnSearch:
    """All legal turns for one roll, and the facts the interactive checker needs.

    Build once per (position, roll, first turn, rules); then query :meth:`outcomes`,
    :meth:`is_good`, :meth:`children`, :attr:`max_dice`.
    """

    def __init__(
        self,
        position: Position,
        roll: Roll,
        first_turn: bool = False,
        rules: Rules | None = None,
        head_limit: int | None = None,
    ) -> None:
        self.position = position
        self.roll = roll
        self.first_turn = first_turn
        self.rules = rules or Rules()
        self.mover: Side = position.to_move
        opponent = position.counts(self.mover.other)
        #: opponent checkers seen from the mover's own numbering
        self.opponent_on: tuple[bool, ...] = (False,) + tuple(
            bool(opponent[opposite_numbering(n)]) for n in range(1, POINTS + 1)
        )
        self.forbidden = forbidden_window_starts(opponent, self.rules)
        self.check_each_step = self.rules.block_timing == "step"
        self.total_dice = len(roll.steps)
        mine = position.counts(self.mover)
        self.root: State = (mine, roll.steps, 0, occupancy_mask(mine))
        if head_limit is None:
            head_limit = self._head_limit()
        self.head_limit = head_limit
        self._explore()

    # rules for one step ---------------------------------------------------------------------
    def _head_limit(self) -> int:
        if not self.first_turn:
            return 1
        option = self.rules.head_first
        if option == "needed":
            one = TurnSearch(self.position, self.roll, True, self.rules, head_limit=1)
            two = TurnSearch(self.position, self.roll, True, self.rules, head_limit=2)
            return 2 if two.max_dice > one.max_dice else 1
        if self.roll.is_double and self.roll.high in HEAD_EXCEPTION_DOUBLES[option]:
            return 2
        return 1

    def apply(self, state: State, src: int, die: int) -> StepResult:
        """The state after moving a checker from own point ``src`` by ``die``, or the reason code why not.

        Checks, in precedence order: head limit, landing point, all home, bear-off from a lower
        point, six-block (when checked after every step). The caller has checked that a checker
        stands on ``src`` and that ``die`` is among the dice left.
        """
        mine, dice, head_used, mask = state
        if src == HEAD and head_used >= self.head_limit:
            return R.HEAD_LIMIT
        dst = src - die
        if dst >= 1 and self.opponent_on[dst]:
            return R.OCCUPIED
        new = list(mine)
        new[src] -= 1
        if new[src] == 0:
            mask &= ~OPPONENT_FRAME_BIT[src]
        if dst >= 1:
            if not new[dst]:
                mask |= OPPONENT_FRAME_BIT[dst]
                if self.check_each_step and window_starts(mask) & self.forbidden:
                    return R.SIX_BLOCK
            new[dst] += 1
        else:
            if any(mine[7:]):
                return R.NOT_ALL_HOME
            if dst < 0 and any(mine[src + 1 : 7]):
                return R.BEAR_OFF_HIGHER_OCCUPIED
        return (tuple(new), _remove_one(dice, die), head_used + (src == HEAD), mask)

    def successors(self, state: State) -> Iterator[tuple[Step, State]]:
        """Every legal single step from ``state`` with the state it leads to."""
        mine, dice, _, _ = state
        if not dice or not any(mine):
            return
        for die in sorted(set(dice), reverse=True):
            for src in range(POINTS, 0, -1):
                if mine[src]:
                    result = self.apply(state, src, die)
                    if type(result) is tuple:
                        yield Step(src, max(src - die, OFF), die), result

    # the search -----------------------------------------------------------------------------
    def _explore(self) -> None:
        self.children: dict[State, list[tuple[Step, State]]] = {}
        self.parent: dict[State, tuple[State, Step] | None] = {self.root: None}
        stack = [self.root]
        while stack:
            state = stack.pop()
            edges = list(self.successors(state))
            self.children[state] = edges
            # pushed in reverse so the larger die is explored (and named in examples) first
            for step, child in reversed(edges):
                if child not in self.parent:
                    self.parent[child] = (state, step)
                    stack.append(child)
        candidates = [s for s in self.children if self.valid_end(s)]
        self.max_dice = max((self.dice_used(s) for s in candidates), default=0)
        ends = {s for s in candidates if self.dice_used(s) == self.max_dice}
        self.larger_die_forced = False
        if self.max_dice == 1 and not self.roll.is_double:
            larger = {s for s in ends if s[1] == (self.roll.low,)}
            if larger and larger != ends:
                self.larger_die_forced = True
            if larger:
                ends = larger
        self.unfiltered_ends = frozenset(ends)
        if (
            self.head_limit == 2
            and self.roll.is_double
            and self.roll.high == 3
            and self.rules.head33_split == "sequential"
        ):
            farthest = min(min(p for p in range(1, POINTS + 1) if s[0][p]) for s in ends)
            ends = {s for s in ends if min(p for p in range(1, POINTS + 1) if s[0][p]) == farthest}
        self.legal_ends: frozenset[State] = frozenset(ends)
        self._good: dict[State, bool] = {}

    def valid_end(self, state: State) -> bool:
        """May a turn end in this state? (Only the block rule at turn end can say no.)"""
        return self.check_each_step or not (window_starts(state[3]) & self.forbidden)

    def dice_used(self, state: State) -> int:
        """Dice a play ending here counts as using: all of them if it bore off the last checker."""
        if not any(state[0]):
            return self.total_dice
        return self.total_dice - len(state[1])

    def is_good(self, state: State) -> bool:
        """True when some legal turn passes through ``state``."""
        known = self._good.get(state)
        if known is None:
            known = state in self.legal_ends or any(self.is_good(child) for _, child in self.children.get(state, ()))
            self._good[state] = known
        return known

    def path_to(self, state: State) -> list[Step]:
        """One play from the root to ``state``."""
        steps: list[Step] = []
        link = self.parent[state]
        while link is not None:
            previous, step = link
            steps.append(step)
            link = self.parent[previous]
        return steps[::-1]

    def final_position(self, state: State) -> Position:
        """The position a play ending in ``state`` leaves (same side to move; see :meth:`outcomes`)."""
        return self.position._derived(self.mover, state[0])

    def outcomes(self) -> list[tuple[Position, list[Step]]]:
        """Every distinct legal final position with one play that reaches it, sorted by play.

        An empty list means the turn is forfeited. Positions keep the mover as side to move;
        :func:`nardy_core.game.end_turn` hands the move over.
        """
        by_checkers: dict[Counts, State] = {}
        for state in self.legal_ends:
            known = by_checkers.get(state[0])
            # prefer the example with fewer steps (a game-ending bear-off may leave dice unused)
            if known is None or len(state[1]) > len(known[1]):
                by_checkers[state[0]] = state
        if self.max_dice == 0:
            return []
        result = [(self.final_position(s), self.path_to(s)) for s in by_checkers.values()]
        result.sort(key=lambda item: [(-st.src, -st.dst) for st in item[1]])
        return result


def legal_turns(
    position: Position, roll: Roll, first_turn: bool = False, rules: Rules | None = None
) -> list[tuple[Position, list[Step]]]:
    """Every distinct legal final position for the side to move, with one play each.

    >>> from nardy_core.notation import parse
    >>> [format_play(p) for _, p in legal_turns(parse("w/20,2:14/24:13,5,3"), Roll(5, 3))]
    []
    """
    return TurnSearch(position, roll, first_turn, rules).outcomes()

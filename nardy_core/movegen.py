"""Legal turns of either game (RULES.md §1.7-1.14 with R11.3; SHORT-RULES.md S2-S5).

A *play* is a sequence of single-die steps, each legal in the position the previous steps left.
The search walks the graph of states (see :mod:`nardy_core.stepping`); every state is the end of some
play. Let K be the largest number of dice a play uses. The legal turns are the plays that use K dice; if
K = 1 and the dice differ, only plays of the larger die remain when there is one. Two turns are the same
outcome when they leave the same final position.

In long nardy a play that bears off the last checker counts as using all the dice (R11.3, R15.1: 6/off
with 6-5 from own 6 ends the game). Short nardy counts the dice literally, as standard backgammon does
(SHORT-RULES.md S4.1; GNU Backgammon agrees): from own 2 with 6-1 the last checker goes 2/1 1/off.

>>> search = TurnSearch(Position.start(), Roll(6, 5), first_turn=True)
>>> [format_play(play) for _, play in search.outcomes()]
['24/18 18/13']
>>> TurnSearch(Position.from_notation("b/24:14,13/24:15"), Roll(6, 6), first_turn=True).head_limit
2
>>> [format_play(play) for _, play in legal_turns(Position.from_notation("short:w/bar,6:14/6:2,5:2,4:2,3:2,2:2,1:2,off:3"), Roll(4, 2))]
[]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, assert_never

from .dice import Roll, Throw
from .errors import RulesError
from .games import CHECKERS, POINTS
from .moves import Step, format_play
from .position import Position
from .rules import HEAD_EXCEPTION_DOUBLES, FevgaRules, LongRules, Rules, ShortRules, default_rules
from .stepping import FevgaStepper, LongStepper, ShortStepper, Stepper

__all__ = ["Roll", "TurnSearch", "format_play", "legal_turns"]


def make_stepper(position: Position, roll: Throw, rules: Rules, head_limit: int = 1) -> Stepper:
    """The stepper of ``position``'s game: its family's, which its rules class belongs to."""
    match rules:
        case FevgaRules():
            return FevgaStepper(position, roll, rules, head_limit)
        case LongRules():
            return LongStepper(position, roll, rules, head_limit)
        case ShortRules():
            return ShortStepper(position, roll, rules)
        case _:
            assert_never(rules)


def check_rules_fit(position: Position, rules: Rules | None) -> Rules:
    """``rules`` (default: the game's defaults), refused if they belong to the other game."""
    if rules is None:
        return default_rules(position.game)
    if rules.game is not position.game:
        raise RulesError(f"{rules.game.value}-nardy rules do not fit a {position.game.value}-nardy position", "RULES_GAME")
    return rules


class TurnSearch:
    """All legal turns for one roll, and the facts the interactive checker needs.

    Build once per (position, roll, first turn, rules); then query :meth:`outcomes`,
    :meth:`is_good`, :attr:`children`, :attr:`max_dice`.
    """

    def __init__(
        self,
        position: Position,
        roll: Throw,
        first_turn: bool = False,
        rules: Rules | None = None,
        head_limit: int | None = None,
    ) -> None:
        self.position = position
        self.roll = roll
        self.first_turn = first_turn
        self.rules: Rules = check_rules_fit(position, rules)
        self.mover = position.to_move
        self.total_dice = len(roll.steps)
        self.ending_uses_all_dice = position.game.family.spec.last_bear_off_uses_all_dice
        if head_limit is None:
            head_limit = self._head_limit()
        self.head_limit = head_limit
        self.stepper: Stepper = make_stepper(position, roll, self.rules, head_limit)
        self.root: Any = self.stepper.root
        self._explore()

    def _head_limit(self) -> int:
        rules = self.rules
        match rules:
            case ShortRules():
                return 0  # no head rule
            case LongRules():
                pass
            case _:
                assert_never(rules)
        if not rules.head_rule_applies:
            return CHECKERS  # февга: its runner rule instead
        if not self.first_turn:
            return 1
        if rules.head_first == "needed":
            one = TurnSearch(self.position, self.roll, True, rules, head_limit=1)
            two = TurnSearch(self.position, self.roll, True, rules, head_limit=2)
            return 2 if two.max_dice > one.max_dice else 1
        if self.roll.is_double and self.roll.high in HEAD_EXCEPTION_DOUBLES[rules.head_first]:
            return 2
        return 1

    # the search -----------------------------------------------------------------------------
    def _explore(self) -> None:
        stepper = self.stepper
        self.children: dict[Any, list[tuple[Step, Any]]] = {}
        self.parent: dict[Any, tuple[Any, Step] | None] = {self.root: None}
        stack = [self.root]
        while stack:
            state = stack.pop()
            edges = list(stepper.successors(state))
            self.children[state] = edges
            # pushed in reverse so the larger die is explored (and named in examples) first
            for step, child in reversed(edges):
                if child not in self.parent:
                    self.parent[child] = (state, step)
                    stack.append(child)
        candidates = [s for s in self.children if stepper.valid_end(s)]
        used = {s: self.dice_used(s) for s in candidates}
        self.max_dice = max(used.values(), default=0)
        ends = {s for s, n in used.items() if n == self.max_dice}
        self.larger_die_forced = False
        if self.max_dice == 1 and not self.roll.is_double:
            larger = {s for s in ends if s[stepper.DICE] == (self.roll.low,)}
            if larger and larger != ends:
                self.larger_die_forced = True
            if larger:
                ends = larger
        ends = stepper.required_ends(ends)  # февга's unblocking: among the legal turns, those that open the wall
        self.unfiltered_ends = frozenset(ends)
        if self._sequential_33():
            ends = self._farthest_head_runner(ends)
        self.legal_ends: frozenset[Any] = frozenset(ends)
        self._good: dict[Any, bool] = {}

    def _sequential_33(self) -> bool:
        rules = self.rules
        return (
            isinstance(rules, LongRules)
            and rules.head33_split == "sequential"
            and self.head_limit == 2
            and self.roll.is_double
            and self.roll.high == 3
        )

    def _farthest_head_runner(self, ends: set[Any]) -> set[Any]:
        """Variant head33_split=sequential: keep the splits where one head checker went as far as it could."""

        def lowest(state: Any) -> int:
            mine = self.stepper.mine(state)
            # a turn that bears off the last checker went farther than any point
            return min((p for p in range(1, POINTS + 1) if mine[p]), default=0)

        farthest = min(lowest(s) for s in ends)
        return {s for s in ends if lowest(s) == farthest}

    def dice_used(self, state: Any) -> int:
        """Dice a play ending here counts as using (long nardy: all of them if it bore off the last checker)."""
        if self.ending_uses_all_dice and not any(state[0]):  # the mover's counts come first in every state
            return self.total_dice
        return self.total_dice - len(state[self.stepper.DICE])

    def is_good(self, state: Any) -> bool:
        """True when some legal turn passes through ``state``."""
        known = self._good.get(state)
        if known is None:
            known = state in self.legal_ends or any(self.is_good(child) for _, child in self.children.get(state, ()))
            self._good[state] = known
        return known

    def path_to(self, state: Any) -> list[Step]:
        """One play from the root to ``state``."""
        steps: list[Step] = []
        link = self.parent[state]
        while link is not None:
            previous, step = link
            steps.append(step)
            link = self.parent[previous]
        return steps[::-1]

    def final_position(self, state: Any) -> Position:
        """The position a play ending in ``state`` leaves (same side to move; see :meth:`outcomes`)."""
        return self.stepper.final_position(state)

    def outcomes(self) -> list[tuple[Position, list[Step]]]:
        """Every distinct legal final position with one play that reaches it, sorted by play.

        An empty list means the turn is forfeited. Positions keep the mover as side to move;
        :mod:`nardy_core.flow` hands the move over.
        """
        if self.max_dice == 0:
            return []
        by_final: dict[Any, Any] = {}
        key, dice = self.stepper.key, self.stepper.dice
        for state in self.legal_ends:
            final = key(state)
            known = by_final.get(final)
            # prefer the example with fewer steps (a game-ending bear-off may leave dice unused)
            if known is None or len(dice(state)) > len(dice(known)):
                by_final[final] = state
        result = [(self.final_position(s), self.path_to(s)) for s in by_final.values()]
        result.sort(key=lambda item: [(-st.src, -st.dst) for st in item[1]])
        return result


def legal_turns(
    position: Position, roll: Throw, first_turn: bool = False, rules: Rules | None = None
) -> list[tuple[Position, list[Step]]]:
    """Every distinct legal final position for the side to move, with one play each.

    >>> [format_play(p) for _, p in legal_turns(Position.from_notation("w/20,2:14/24:13,5,3"), Roll(5, 3))]
    []
    """
    return TurnSearch(position, roll, first_turn, rules).outcomes()


@lru_cache(maxsize=32)
def shared_search(
    position: Position, roll: Throw, first_turn: bool = False, rules: Rules | None = None, head_limit: int | None = None
) -> TurnSearch:
    """The :class:`TurnSearch` of one turn setup, built once and shared by the requests about that turn.

    A page asks about the same turn at every click (each request names the setup and the steps so far),
    and a search never changes once built (its one later state is a memo of :meth:`TurnSearch.is_good`),
    so the recent ones are kept.

    >>> shared_search(Position.start(), Roll(6, 5)) is shared_search(Position.start(), Roll(6, 5))
    True
    """
    return TurnSearch(position, roll, first_turn, rules, head_limit)

"""Interactive legality (RULES.md R7.2, SHORT-RULES.md S8): accept a step only if it begins a legal turn.

>>> turn = TurnInProgress(Position.from_notation("b/24:14,13/24:15"), Roll(6, 6), first_turn=True)
>>> turn.play(24, 18).accepted
True
>>> turn.play(18, 12).reason.code.value        # Black's 12 is White's head
'OCCUPIED'
>>> [str(s) for s in turn.legal_steps()]
['24/18']
>>> turn.play(24, 18).step, turn.is_complete()
(Step(src=24, dst=18, die=6, hit=False), True)
>>> short = TurnInProgress(Position.from_notation("short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5"), Roll(3, 1))
>>> short.play(13, 10).reason.code.value       # a checker on the bar enters first
'BAR_FIRST'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any, Literal

from .dice import Roll, Throw
from .games import BAR, HOME, OFF, POINTS
from .movegen import TurnSearch, shared_search
from .moves import Step
from .position import Position
from .reasons import Reason, ReasonCode
from .rules import Rules
from .stepping import FevgaStepper, ShortStepper


@dataclass(frozen=True)
class StepVerdict:
    """The answer to one proposed step: the step played (with its die) or the reason it was refused."""

    step: Step | None = None
    reason: Reason | None = None

    @property
    def accepted(self) -> bool:
        """True when the step was played."""
        return self.step is not None

    @property
    def code(self) -> ReasonCode | None:
        """The reason code, or None when accepted."""
        return None if self.reason is None else self.reason.code


class TurnInProgress:
    """One turn being played step by step. Mutable: :meth:`play` advances, :meth:`undo` steps back."""

    def __init__(
        self, position: Position, roll: Throw, first_turn: bool = False, rules: Rules | None = None,
        head_limit: int | None = None,
    ) -> None:
        """``head_limit``: checkers that may still leave the head (a later part of a turn made of parts, whose
        earlier parts used some of the turn's allowance: :mod:`nardy_core.parts`); by default the roll's."""
        self.search: TurnSearch = shared_search(position, roll, first_turn, rules, head_limit)
        self.stepper = self.search.stepper
        self.states: list[Any] = [self.search.root]
        self.steps: list[Step] = []

    # state ------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current search state."""
        return self.states[-1]

    @property
    def dice_left(self) -> tuple[int, ...]:
        """Unused dice, larger first."""
        return self.stepper.dice(self.state)

    @property
    def position(self) -> Position:
        """The position after the steps played so far (the mover still to move)."""
        return self.search.final_position(self.state)

    def is_complete(self) -> bool:
        """True when the steps played form a whole legal turn (nothing more may or must be played)."""
        return self.state in self.search.legal_ends

    def must_pass(self) -> bool:
        """True when the roll gives no legal move at all (the turn is forfeited)."""
        return self.search.max_dice == 0

    def legal_steps(self) -> list[Step]:
        """Every single step that continues some legal turn."""
        return [step for step, child in self.search.children.get(self.state, ()) if self.search.is_good(child)]

    def destinations(self, src: int) -> list[list[Step]]:
        """Moves of the checker on ``src`` by one or more dice in a row, each ending on a distinct point.

        Each entry is the shortest sequence of steps reaching that point, every prefix legal.
        """
        found: dict[int, list[Step]] = {}
        frontier: list[tuple[Any, int, list[Step]]] = [(self.state, src, [])]
        while frontier:
            state, point, path = frontier.pop(0)
            for step, child in self.search.children.get(state, ()):
                if step.src != point or not self.search.is_good(child):
                    continue
                route = path + [step]
                if step.dst not in found:
                    found[step.dst] = route
                if step.dst != OFF:
                    frontier.append((child, step.dst, route))
        return [found[k] for k in sorted(found, key=lambda p: -p)]

    # playing ----------------------------------------------------------------------------------
    def undo(self) -> Step | None:
        """Take back the last step."""
        if not self.steps:
            return None
        self.states.pop()
        return self.steps.pop()

    def play(self, src: int, dst: int, die: int | None = None) -> StepVerdict:
        """Try one single-die step from own point ``src`` to ``dst`` (``OFF`` = 0, bar = 25); play it if accepted."""
        verdict = self.check(src, dst, die)
        if verdict.step is not None:
            self._advance(verdict.step)
        return verdict

    def _advance(self, step: Step) -> None:
        for candidate, child in self.search.children[self.state]:
            if candidate == step:
                self.states.append(child)
                self.steps.append(step)
                return
        raise AssertionError(f"step {step} was accepted but is not an edge")  # pragma: no cover

    def check(self, src: int, dst: int, die: int | None = None) -> StepVerdict:
        """Judge one single-die step without playing it."""
        state = self.state
        mine, dice = self.stepper.mine(state), self.stepper.dice(state)
        if not 1 <= src <= BAR or not mine[src]:
            opponent = 1 <= src <= POINTS and self.stepper.opponent_at(state, src) > 0
            return StepVerdict(reason=Reason(ReasonCode.NO_CHECKER, {"point": src, "owner": "opponent" if opponent else None}))
        source_reason = self._source_reason(state, src)
        if source_reason is not None:
            return StepVerdict(reason=source_reason)
        if dst != OFF and dst >= src:
            return StepVerdict(reason=Reason(ReasonCode.WRONG_DIRECTION, {"from": src, "to": dst}))
        candidates = self._candidate_dice(src, dst, dice)
        if die is not None:
            candidates = [d for d in candidates if d == die]
        if not candidates:
            distance = None if dst == OFF else src - dst
            return StepVerdict(
                reason=Reason(ReasonCode.NO_SUCH_DIE, {"from": src, "to": dst, "distance": distance, "dice": list(dice)})
            )
        first_refusal: Reason | None = None
        for candidate in candidates:
            result = self.stepper.apply(state, src, candidate)
            if not isinstance(result, tuple):
                first_refusal = first_refusal or self._step_reason(result, state, src, candidate)
                continue
            child = result
            step = Step(src, max(src - candidate, OFF), candidate, self.stepper.hit(state, child))
            if self.search.is_good(child):
                return StepVerdict(step=step)
            first_refusal = first_refusal or self._turn_reason(child, candidate)
        assert first_refusal is not None
        return StepVerdict(reason=first_refusal)

    def _source_reason(self, state: Any, src: int) -> Reason | None:
        """Short nardy's rules about which checker may move at all (BAR_FIRST, HIT_AND_RUN_HOME)."""
        if not isinstance(self.stepper, ShortStepper):
            return None
        result = self.stepper.apply(state, src, self.stepper.dice(state)[0]) if self.stepper.dice(state) else None
        if result is ReasonCode.BAR_FIRST:
            return Reason(ReasonCode.BAR_FIRST, {"from": src, "bar": self.stepper.mine(state)[BAR]})
        if result is ReasonCode.HIT_AND_RUN_HOME:
            return Reason(ReasonCode.HIT_AND_RUN_HOME, {"from": src, "point": src})
        return None

    @staticmethod
    def _candidate_dice(src: int, dst: int, dice: tuple[int, ...]) -> list[int]:
        distinct = sorted(set(dice))
        if dst != OFF:
            return [d for d in distinct if d == src - dst]
        exact = [d for d in distinct if d == src]
        return exact + [d for d in distinct if d > src]

    def _step_reason(self, code: ReasonCode, state: Any, src: int, die: int) -> Reason:
        mine = self.stepper.mine(state)
        dst = src - die
        params: dict[str, Any] = {"from": src, "to": max(dst, OFF), "die": die}
        if code is ReasonCode.HEAD_LIMIT:
            params["limit"] = self.search.head_limit
        elif code in (ReasonCode.OCCUPIED, ReasonCode.ENTRY_HELD):
            params["point"] = dst
            params["held"] = self.stepper.opponent_at(state, dst)
        elif code is ReasonCode.NOT_ALL_HOME:
            params["outside"] = [p for p in range(POINTS, HOME.stop - 1, -1) if mine[p]]
            params["bar"] = mine[BAR]
        elif code is ReasonCode.BEAR_OFF_HIGHER_OCCUPIED:
            params["higher"] = [p for p in range(HOME.stop - 1, src, -1) if mine[p]]
        elif code is ReasonCode.SIX_BLOCK:
            params["points"] = self.stepper.block_points(state, src, dst)
        elif code is ReasonCode.START_QUARTER and isinstance(self.stepper, FevgaStepper):
            params["points"] = self.stepper.quarter_points(state, src, dst)
        return Reason(code, params)

    def _turn_reason(self, child: Any, die: int) -> Reason:
        """Why a step that is legal by itself does not begin any legal turn."""
        search = self.search
        if search.max_dice == 1 and search.larger_die_forced and die == search.roll.low:
            return Reason(ReasonCode.MUST_USE_LARGER, {"die": search.roll.high, "smaller": search.roll.low})
        reachable = self._reachable(child)
        if reachable & search.unfiltered_ends:
            return Reason(ReasonCode.HEAD_SEQUENTIAL, {})
        blocked = [s for s in reachable if not self.stepper.valid_end(s)]
        if any(search.dice_used(s) >= search.max_dice for s in blocked):
            return self.stepper.end_reason(blocked[0])
        return Reason(ReasonCode.MUST_USE_BOTH, {"dice": search.max_dice})

    def _reachable(self, state: Any) -> set[Any]:
        seen = {state}
        stack = [state]
        while stack:
            for _, child in self.search.children.get(stack.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        return seen

    def incomplete_reason(self) -> Reason | None:
        """Why the turn may not end now (None when it may)."""
        if self.is_complete():
            return None
        return Reason(ReasonCode.MUST_USE_BOTH, {"dice": self.search.max_dice})

    # whole moves (several dice, as in "24/13") -------------------------------------------------
    def play_move(self, src: int, dst: int) -> tuple[list[Step], Reason | None]:
        """Play a move that may use several dice in a row with one checker (``24/13`` with 6-5).

        Tries a single die first; otherwise every order of dice whose sum reaches ``dst``. Returns
        the steps played, or the reason the first order tried (larger die first) was refused.
        """
        single = self.check(src, dst)
        if single.accepted or single.code is not ReasonCode.NO_SUCH_DIE:
            if single.step is not None:
                self._advance(single.step)
                return [single.step], None
            return [], single.reason
        first_reason: Reason | None = None
        for order in self._orders_reaching(src, dst):
            played: list[Step] = []
            point = src
            reason = None
            for die in order:
                target = max(point - die, OFF)
                verdict = self.play(point, target, die)
                if verdict.step is None:
                    reason = verdict.reason
                    break
                played.append(verdict.step)
                point = target
            if reason is None:
                return played, None
            for _ in played:
                self.undo()
            first_reason = first_reason or reason
        return [], first_reason or single.reason

    def _orders_reaching(self, src: int, dst: int) -> list[tuple[int, ...]]:
        dice = self.dice_left
        orders: list[tuple[int, ...]] = []
        for length in range(2, len(dice) + 1):
            for order in sorted(set(permutations(dice, length)), reverse=True):
                partial = [src - sum(order[:i]) for i in range(1, length)]
                if any(p <= 0 for p in partial):
                    continue
                end = src - sum(order)
                if (dst == OFF and end <= 0) or (dst != OFF and end == dst):
                    orders.append(order)
        return orders


Verdict = Literal["legal", "illegal", "incomplete"]


@dataclass(frozen=True)
class PlayVerdict:
    """The verdict on a whole play: ``legal``, ``illegal`` (with the first refused move) or ``incomplete``."""

    verdict: Verdict
    reason: Reason | None
    step: int | None  #: 1-based index of the first refused move
    steps: tuple[Step, ...]
    position: Position  #: where the accepted steps lead (the mover still to move)

    @property
    def code(self) -> ReasonCode | None:
        """The reason code, if any."""
        return None if self.reason is None else self.reason.code

    def to_json(self) -> dict[str, Any]:
        """``{"verdict", "code", "step", "params"}``."""
        return {
            "verdict": self.verdict,
            "code": None if self.code is None else self.code.value,
            "step": self.step,
            "params": {} if self.reason is None else dict(self.reason.params),
        }


def check_play(
    position: Position, roll: Roll, play: list[tuple[int, int]], first_turn: bool = False, rules: Rules | None = None
) -> PlayVerdict:
    """Judge a whole play given as (from, to) moves in the mover's own numbering.

    >>> from nardy_core.moves import parse_play
    >>> check_play(Position.start(), Roll(6, 5), parse_play("24/18 24/19"), True).to_json()
    {'verdict': 'illegal', 'code': 'HEAD_LIMIT', 'step': 2, 'params': {'from': 24, 'to': 19, 'die': 5, 'limit': 1}}
    >>> check_play(Position.from_notation("w/13,1:14/24:14,20"), Roll(6, 5), parse_play("13/7")).verdict
    'incomplete'
    """
    turn = TurnInProgress(position, roll, first_turn, rules)
    for index, (src, dst) in enumerate(play, start=1):
        _, reason = turn.play_move(src, dst)
        if reason is not None:
            return PlayVerdict("illegal", reason, index, tuple(turn.steps), turn.position)
    incomplete = turn.incomplete_reason()
    if incomplete is None:
        return PlayVerdict("legal", None, None, tuple(turn.steps), turn.position)
    return PlayVerdict("incomplete", incomplete, None, tuple(turn.steps), turn.position)

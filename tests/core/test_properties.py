"""Property tests: random self-play under several rule sets, and a brute-force oracle on small positions.

What holds in every game (each accepted step extends to a legal turn) is tested here for each game; what is
long nardy's own (the six-block, the head) too; short nardy's own properties are in test_short_properties.py.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from nardy_core import Game, Position, Roll, ShortRules, Side, TurnInProgress, TurnSearch, check_play
from nardy_core import LongRules as Rules
from nardy_core import Rules as AnyRules
from nardy_core.blocks import forbidden_block
from nardy_core.games import BAR, POINTS
from nardy_core.rules import AmericanRules, FevgaRules, TavlaRules
from tests.markers import ROLL_GAMES

from .bruteforce import brute_force
from .selfplay import self_play

RULE_SETS = [
    Rules(),
    Rules(block_timing="end"),
    Rules(start="reroll", head_first="needed"),
    Rules(block="home", head_first="any_double", head33_split="sequential"),
    Rules(block="forbid", head_first="az"),
    Rules(block="none", head_first="none", start="reroll"),
]

rules_strategy = st.sampled_from(RULE_SETS)


class Walks(NamedTuple):
    """How each game's turns are walked step by step: the rule sets, examples, turns played, every how many walked."""

    rule_sets: list[AnyRules]
    examples: int
    max_turns: int
    stride: int


WALKS = {
    Game.LONG: Walks(list(RULE_SETS), 25, 60, 7),
    Game.SHORT: Walks([ShortRules(), ShortRules(home_hit_and_run="forbidden")], 10, 120, 5),
    # short nardy's variants: only what their defaults and options change (the start, the corner setup)
    Game.AMERICAN: Walks([AmericanRules(american_setup="corner")], 4, 120, 5),
    Game.TAVLA: Walks([TavlaRules(), TavlaRules(koks=3, home_hit_and_run="allowed")], 4, 120, 5),
    Game.FEVGA: Walks([FevgaRules(), FevgaRules(fevga_quarter="both")], 6, 150, 5),
}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=rules_strategy)
def test_self_play_invariants(seed: int, rules: Rules) -> None:
    for position, roll, first_turn, search in self_play(seed, rules, max_turns=400):
        for side in Side:
            assert position.on_board(side) + position.borne_off(side) == 15
            assert forbidden_block(position, side, rules) is None, (str(position), side)
        for absolute in range(1, 25):
            owners = [s for s in Side if position.counts(s)[absolute if s is Side.WHITE else (absolute - 12 if absolute > 12 else absolute + 12)]]
            assert len(owners) <= 1
        for final, steps in search.outcomes():
            verdict = check_play(position, roll, [(s.src, s.dst) for s in steps], first_turn, rules)
            assert verdict.verdict == "legal", (str(position), str(roll), steps, verdict)
            for side in Side:
                assert forbidden_block(final, side, rules) is None


@pytest.mark.parametrize("game", ROLL_GAMES, ids=lambda game: game.value)
def test_every_accepted_step_extends_to_a_legal_turn(game: Game) -> None:
    plan = WALKS[game]

    @settings(max_examples=plan.examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(plan.rule_sets))
    def walk_turns(seed: int, rules: AnyRules) -> None:
        rng = random.Random(seed)
        for position, roll, first_turn, search in self_play(seed, rules, plan.max_turns)[:: plan.stride]:
            finals = {final for final, _ in search.outcomes()}
            walk = TurnInProgress(position, roll, first_turn, rules)
            while not walk.is_complete():
                accepted = [(src, dst) for src in range(1, BAR + 1) for dst in range(min(src, POINTS + 1)) if walk.check(src, dst).accepted]
                legal = walk.legal_steps()
                assert len(legal) == len(set(legal)), (str(position), legal)  # no step listed twice (with the same die)
                assert set(accepted) == {(s.src, s.dst) for s in legal}, str(position)  # 1/off may use either die
                assert accepted, "an incomplete turn must have a legal next step"
                src, dst = rng.choice(accepted)
                opponent_bar = walk.position.bar(position.to_move.other)
                verdict = walk.play(src, dst)
                # the answer says whether it hit (S8): exactly when a checker went to the bar
                assert verdict.step is not None
                assert verdict.step.hit == (walk.position.bar(position.to_move.other) == opponent_bar + 1)
            assert walk.position in finals or (not finals and walk.must_pass())

    walk_turns()


def _small_position(draw: st.DrawFn) -> Position:
    points = {Side.WHITE: {}, Side.BLACK: {}}
    taken: set[int] = set()
    for side in Side:
        checkers = draw(st.integers(1, 8))
        for _ in range(checkers):
            own = draw(st.integers(1, 24))
            absolute = own if side is Side.WHITE else (own - 12 if own > 12 else own + 12)
            if absolute in taken and own not in points[side]:
                continue
            taken.add(absolute)
            points[side][own] = points[side].get(own, 0) + 1
    return Position.from_points(points[Side.WHITE], points[Side.BLACK], draw(st.sampled_from(list(Side))))


small_positions = st.composite(_small_position)()


@pytest.mark.long_running
@settings(max_examples=300, deadline=None)
@given(
    position=small_positions,
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    first_turn=st.booleans(),
    rules=rules_strategy,
)
def test_outcomes_equal_brute_force(position: Position, dice: tuple[int, int], first_turn: bool, rules: Rules) -> None:
    for side in Side:
        assume(forbidden_block(position, side, rules) is None)
    roll = Roll(*dice)
    expected_finals, expected_first_steps = brute_force(position, roll, first_turn, rules)
    search = TurnSearch(position, roll, first_turn, rules)
    got = {final.counts(position.to_move) for final, _ in search.outcomes()}
    if rules.head33_split == "sequential" and roll.is_double and roll.high == 3 and search.head_limit == 2:
        assert got <= expected_finals  # the sequential split only narrows the free split
    else:
        assert got == expected_finals
        walk = TurnInProgress(position, roll, first_turn, rules)
        assert {(s.src, s.dst) for s in walk.legal_steps()} == expected_first_steps


def test_sequential_33_split_when_the_turn_bears_off_the_last_checker() -> None:
    # found by hypothesis: the sequential-split filter looked for the mover's farthest checker on the board
    rules = Rules(block="home", head_first="any_double", head33_split="sequential")
    position = Position.from_points({3: 1, 2: 1}, {24: 1}, Side.WHITE)
    finals = {final.counts(Side.WHITE) for final, _ in TurnSearch(position, Roll(3, 3), True, rules).outcomes()}
    assert finals == {(0,) * 26}


def test_start_position_every_roll_has_a_move() -> None:
    for high in range(1, 7):
        for low in range(1, high + 1):
            for first in (True, False):
                assert TurnSearch(Position.start(), Roll(high, low), first).outcomes()

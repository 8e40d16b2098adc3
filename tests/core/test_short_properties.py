"""Property tests of short nardy: random self-play under both home_hit_and_run values and the independent
brute-force oracle (bruteforce_short.py) on random small positions with checkers on the bar. Step-by-step
legality, the same in every game, is tested for each game in test_properties.py.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_core import Game, Position, Roll, ShortRules, Side, TurnInProgress, TurnSearch, check_play
from nardy_core.games import BAR, OFF, POINTS

from .bruteforce_short import brute_force_short
from .selfplay import self_play

RULE_SETS = [ShortRules(), ShortRules(home_hit_and_run="forbidden")]
rules_strategy = st.sampled_from(RULE_SETS)
CHECKED_PER_TURN = 4  #: outcomes re-checked with check_play per turn (a double can have a hundred)


def _assert_sound(position: Position) -> None:
    """15 checkers a side (on points, on the bar, borne off), counts whole and non-negative, no shared point."""
    for side in Side:
        counts = position.counts(side)
        assert len(counts) == BAR + 1 and counts[OFF] == 0 and all(c >= 0 for c in counts), str(position)
        assert position.on_board(side) + position.borne_off(side) == 15 and position.borne_off(side) >= 0
    for absolute in range(1, POINTS + 1):
        white = position.white[absolute]
        black = position.black[Game.SHORT.own(Side.BLACK, absolute)]
        assert not (white and black), (str(position), absolute)
    Position(position.white, position.black, position.to_move, Game.SHORT)  # the constructor's own checks


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=rules_strategy)
def test_self_play_invariants_and_every_turn_is_accepted(seed: int, rules: ShortRules) -> None:
    rng = random.Random(seed ^ 0x5EED)
    for position, roll, _, search in self_play(seed, rules, max_turns=300):
        _assert_sound(position)
        mover = position.to_move
        outcomes = search.outcomes()
        for final, steps in outcomes:
            _assert_sound(final)
            # checkers only leave the board by bearing off; a hit puts exactly one opposing checker on the bar
            assert position.on_board(mover) - final.on_board(mover) == sum(s.dst == OFF for s in steps)
            assert final.on_board(mover.other) == position.on_board(mover.other)
            assert final.bar(mover.other) - position.bar(mover.other) == sum(s.hit for s in steps)
        for final, steps in rng.sample(outcomes, min(CHECKED_PER_TURN, len(outcomes))):
            verdict = check_play(position, roll, [(s.src, s.dst) for s in steps], False, rules)
            assert verdict.verdict == "legal", (str(position), str(roll), steps, verdict)
            assert verdict.position == final


# --- the brute-force oracle ------------------------------------------------------------------------


@st.composite
def small_positions(draw: st.DrawFn) -> Position:
    """A few checkers a side anywhere, the bar included; sometimes the mover is all home (bearing off)."""
    mover = draw(st.sampled_from(list(Side)))
    bearing_off = draw(st.booleans())
    points: dict[Side, dict[int | str, int]] = {Side.WHITE: {}, Side.BLACK: {}}
    taken: dict[int, Side] = {}
    for side in Side:
        home_only = bearing_off and side is mover
        for _ in range(draw(st.integers(1, 6 if side is mover else 8))):
            own = draw(st.integers(1, 6) if home_only else st.one_of(st.integers(1, 25), st.just(25), st.integers(1, 6)))
            if own != 25:
                absolute = Game.SHORT.absolute(side, own)
                if taken.setdefault(absolute, side) is not side:
                    continue
            key: int | str = "bar" if own == 25 else own
            points[side][key] = points[side].get(key, 0) + 1
    return Position.from_points(points[Side.WHITE], points[Side.BLACK], mover, Game.SHORT)


@settings(max_examples=400, deadline=None)
@given(position=small_positions(), dice=st.tuples(st.integers(1, 6), st.integers(1, 6)), rules=rules_strategy)
def test_outcomes_and_first_steps_equal_the_oracle(position: Position, dice: tuple[int, int], rules: ShortRules) -> None:
    roll = Roll(*dice)
    finals, first_steps = brute_force_short(position, roll, rules)
    search = TurnSearch(position, roll, False, rules)
    mover = position.to_move
    got = {(final.counts(mover), final.counts(mover.other)) for final, _ in search.outcomes()}
    assert got == finals, (str(position), str(roll), rules)
    walk = TurnInProgress(position, roll, False, rules)
    assert {(s.src, s.dst) for s in walk.legal_steps()} == first_steps


def test_the_oracle_sees_the_bar_and_the_variant() -> None:
    """Sanity of the oracle itself on two hand positions (S3.1 and S2.3)."""
    on_bar = Position.from_notation("short:w/bar,13,off:13/6:2,5:2,4:2,3:2,2:2,off:5")
    finals, first = brute_force_short(on_bar, Roll(6, 1), ShortRules())
    assert first == {(25, 24)}  # the 6 would enter on Black's held 6 point; the 1 enters on his empty 1 point
    assert all(mine[25] == 0 for mine, _ in finals) and len(finals) == 2  # then 24/18 or 13/7
    hitter = Position.from_notation("short:w/8,6:2,1:12/20,13:14")
    allowed, _ = brute_force_short(hitter, Roll(3, 2), ShortRules())
    forbidden, _ = brute_force_short(hitter, Roll(3, 2), ShortRules(home_hit_and_run="forbidden"))
    assert len(allowed) == 5 and len(forbidden) == 4 and forbidden < allowed

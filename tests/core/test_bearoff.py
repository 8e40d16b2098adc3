"""nardy_core.bearoff: the one-sided bear-off table against hand-computed cases and an independent brute
force over nardy_core's own legal turns, for both games."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nardy_core import Game, Position, Roll, Side, TurnSearch
from nardy_core.bearoff import best_after, distribution, expected_rolls, finals, finishes_next_roll, rank_plays, win_chance
from tests.markers import WHOLE_TABLE


def _position(board: tuple[int, ...], game: Game) -> Position:
    return Position.from_points({str(p + 1): n for p, n in enumerate(board) if n}, {}, Side.WHITE, game)


def _random_board(rng: random.Random, most: int) -> tuple[int, int, int, int, int, int]:
    counts = [0] * 6
    for _ in range(rng.randint(1, most)):
        counts[rng.randrange(6)] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


@pytest.mark.parametrize("game", list(Game))
def test_the_moves_are_nardy_cores_legal_turns(game: Game) -> None:
    rng = random.Random(7)
    for _ in range(1500):
        board = _random_board(rng, 15)
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        legal = {tuple(final.counts(Side.WHITE)[1:7]) for final, _ in TurnSearch(_position(board, game), roll).outcomes()}
        assert set(finals(board, roll.high, roll.low)) == legal, (board, roll)


@cache
def _brute(board: tuple[int, ...]) -> float:
    """Expected rolls straight from the definition, over TurnSearch's outcomes of all 36 rolls."""
    if not any(board):
        return 0.0
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            outcomes = TurnSearch(_position(board, Game.SHORT), Roll(a, b)).outcomes()
            total += min(_brute(tuple(f.counts(Side.WHITE)[1:7])) for f, _ in outcomes)
    return 1 + total / 36


def test_expected_rolls_equal_an_independent_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(120):
        board = _random_board(rng, 5)
        assert expected_rolls(board) == pytest.approx(_brute(board), abs=1e-12), board


@pytest.mark.parametrize(
    "board,expected",
    [
        ((1, 0, 0, 0, 0, 0), 1.0),  # any roll bears it off
        ((0, 0, 0, 0, 0, 1), 1 + 9 / 36),  # 1-1, 2-1, 3-1, 4-1, 3-2 leave it in (9 of 36); then any roll
        ((2, 0, 0, 0, 0, 0), 1.0),  # two on the 1: both dice bear them off
        ((0, 2, 0, 0, 0, 0), 1 + 10 / 36),  # a roll with a 1 (not 1-1) leaves one behind, gone next roll
        ((3, 0, 0, 0, 0, 0), 1 + 30 / 36),  # three on the 1: only a double takes all three at once
    ],
)
def test_hand_computed_cases(board: tuple[int, int, int, int, int, int], expected: float) -> None:
    assert expected_rolls(board) == pytest.approx(expected, abs=1e-12)
    if expected <= 2:  # at most two rolls: finished next roll unless one of the misses comes
        assert finishes_next_roll(board) == pytest.approx(2 - expected, abs=1e-12)


@WHOLE_TABLE
def test_distributions_are_probabilities_that_match_the_mean() -> None:
    rng = random.Random(5)
    for _ in range(30):
        board = _random_board(rng, 15)
        d = distribution(board)
        assert sum(d) == pytest.approx(1.0, abs=1e-9)
        assert sum(k * p for k, p in enumerate(d)) == pytest.approx(expected_rolls(board), abs=1e-9)


def test_race_chances() -> None:
    one, two = (1, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0)
    assert win_chance(one, two) == 1.0  # on roll and sure to finish
    assert win_chance(two, one) == pytest.approx(26 / 36)
    rng = random.Random(9)
    for _ in range(20):
        a, b = _random_board(rng, 8), _random_board(rng, 8)
        assert 0.0 <= win_chance(a, b) <= 1.0
        assert win_chance(a, a) >= 0.5  # being on roll is worth something


def test_ranked_plays_start_with_the_best() -> None:
    position = Position.from_notation("short:w/6,5,1,off:12/13,off:14")
    ranked = rank_plays(position, 4, 1)
    assert ranked[0][1] == best_after((1, 0, 0, 0, 1, 1), 4, 1)
    assert [value for value, _ in ranked] == sorted(value for value, _ in ranked)


def test_the_warm_up_waits_for_a_side_all_home_then_builds_the_table_a_slice_at_a_time() -> None:
    """The site's worker calls nardy_core.warmup.step when idle: nothing until the engine has judged a side with
    every checker home, then the bear-off table grows by the slice asked for, and its values are the ones a cold
    question gets (the expected rolls are the distribution's mean)."""
    from nardy_core import bearoff
    from nardy_core.net import NetEvaluator
    from nardy_core.rules import LongRules
    from nardy_core.warmup import step

    evaluator = NetEvaluator()
    evaluator.evaluate([Position.start(Game.LONG, Side.WHITE)], LongRules())
    assert not evaluator.bearing_off_seen() and step(10, evaluator) is False
    home_stretch = Position.from_notation("w/6:5,5:5,4:5/13:15")  # White all home, Black still far out
    evaluator.evaluate([home_stretch], LongRules())
    assert evaluator.bearing_off_seen()
    built = len(bearoff._EXPECTED)
    more = step(10, evaluator)
    assert len(bearoff._EXPECTED) == min(max(built, 1) + 10, 54_264)
    assert more == (len(bearoff._EXPECTED) < 54_264)
    for packed in bearoff._ORDER[:len(bearoff._EXPECTED)]:
        board = bearoff._unpack(packed)
        mean = sum(k * p for k, p in enumerate(distribution(board)))
        assert mean == pytest.approx(expected_rolls(board), abs=1e-9), board

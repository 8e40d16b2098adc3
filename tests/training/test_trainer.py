"""The trainer (training/) and the pure-Python net (nardy_core/net.py) agree: one encoding, one forward pass,
one weight file. A smoke run trains a handful of games, measures, checkpoints, resumes and exports."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from nardy_core import Game, Position, default_rules
from nardy_core.games import Family
from nardy_core.net import (
    FORMAT,
    FORMAT_VERSION,
    OUTPUTS,
    NetEvaluator,
    encode,
    encode_dense,
    encode_sides,
    encoding,
    network_from_json,
    network_to_json,
)
from tests.core.selfplay import self_play
from tests.markers import ROLL_GAMES
from training.__main__ import CHECKPOINT, CURVE, CURVE_FIELDS, main
from training.model import NumpyNet, encode_batch
from training.play import flip, self_play_game
from training.strength import main as strength_main

GAMES = ROLL_GAMES  #: the games the trainer plays: turns of one roll (self-play by a roll's search)
MAX_WEIGHT_FILE = 400_000


def positions_met(game: Game, seed: int = 7) -> list[Position]:
    """Positions of a random game, and every candidate a few of its turns could leave (as the net sees them)."""
    seen = self_play(seed, default_rules(game), max_turns=300)
    positions = [turn.position for turn in seen]
    for turn in seen[::10]:
        positions += [final.with_to_move(final.to_move.other) for final, _ in turn.search.outcomes()]
    return positions


def counts(positions: list[Position], mover: bool) -> np.ndarray:
    return np.array([p.counts(p.to_move if mover else p.to_move.other) for p in positions], dtype=np.int64)


@pytest.mark.parametrize("game", GAMES)
def test_numpy_encoding_equals_the_pure_python_one(game: Game) -> None:
    positions = positions_met(game)
    dense = encode_batch(counts(positions, True), counts(positions, False), game.family)
    expected = np.array([encode_dense(encode(p), encoding(game.family).inputs) for p in positions])
    assert dense.shape == expected.shape == (len(positions), encoding(game.family).inputs)
    assert np.array_equal(dense, expected)
    # the encoding holds everything: two positions of the batch that differ encode differently
    assert len({tuple(row) for row in dense}) == len(set(positions))


@pytest.mark.parametrize("game", GAMES)
def test_pure_python_forward_equals_numpy_forward(game: Game) -> None:
    net = NumpyNet.initial(game.family, hidden=12, rng=np.random.default_rng(3))
    net.b2 += np.array([0.3, -1.0, -2.0, -1.0, -2.0])
    network = net.to_network({})
    twin = NumpyNet.from_network(network)  # float32-rounded, as the file stores it
    positions = positions_met(game)
    _, expected = twin.forward(encode_batch(counts(positions, True), counts(positions, False), game.family))
    # one batch (the incremental pass from its first position) and one position at a time agree with numpy
    assert np.allclose(network.forward([encode(p) for p in positions]), expected, atol=1e-12)
    assert np.allclose([network.forward([encode(p)])[0] for p in positions[:20]], expected[:20], atol=1e-12)


@pytest.mark.parametrize("game", GAMES)
def test_probabilities_are_well_formed_and_colour_blind(game: Game) -> None:
    net = NumpyNet.initial(game.family, hidden=10, rng=np.random.default_rng(5))
    net.b2 += np.array([0.0, 1.0, 2.0, 1.0, 2.0])  # raw mars above win: the evaluator must make them consistent
    evaluator = NetEvaluator({game.family: net.to_network({})})
    rules = default_rules(game)
    positions = positions_met(game, seed=11)[:60]
    swapped = [Position(p.black, p.white, p.to_move.other, p.game) for p in positions]
    answers = evaluator.evaluate(positions, rules)
    assert answers == evaluator.evaluate(swapped, rules)
    for p in answers:
        assert all(0.0 <= value <= 1.0 for value in p)
        assert p.win_koks <= p.win_mars <= p.win and p.lose_koks <= p.lose_mars <= 1.0 - p.win
    assert evaluator.evaluate([], rules) == []


def test_td_targets_end_in_the_result_and_alternate_views() -> None:
    net = NumpyNet.initial(Family.LONG, hidden=8, rng=np.random.default_rng(1))
    inputs, targets = self_play_game(net, Game.LONG, random.Random(4), lam=1.0)
    assert inputs.shape == (len(targets), encoding(Family.LONG).inputs)
    # lambda = 1: every target is the final result, seen from its own mover (the views alternate)
    result = targets[-1]
    assert result[0] == 1.0 and result[3] == result[4] == 0.0
    for back, target in enumerate(targets[::-1]):
        assert np.array_equal(target, result if back % 2 == 0 else flip(result))


def run_trainer(out: Path, games: int, *extra: str) -> None:
    assert main(["--game", "long", "--games", str(games), "--seed", "3", "--hidden", "6", "--out", str(out),
                 "--report-games", "2", "--eval-every", "3", "--eval-games", "2", *extra]) == 0


def test_smoke_run_trains_measures_resumes_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_trainer(tmp_path, 3)
    run_trainer(tmp_path, 6, "--resume")
    printed = capsys.readouterr().out
    assert "resumed at 3 games" in printed
    assert "games/s" in printed and "points per game against the heuristic" in printed
    curve = (tmp_path / CURVE).read_text().splitlines()
    assert curve[0].split(",") == list(CURVE_FIELDS) and [row.split(",")[0] for row in curve[1:]] == ["3", "6"]
    assert (tmp_path / CHECKPOINT).exists()

    weight_file = tmp_path / "long-v1.json"
    data = json.loads(weight_file.read_text())
    assert (data["format"], data["version"], data["family"], data["hidden"]) == (FORMAT, FORMAT_VERSION, "long", 6)
    assert data["inputs"] == encoding(Family.LONG).inputs and tuple(data["outputs"]) == OUTPUTS
    assert data["training"]["games"] == 6 and data["training"]["seed"] == 3
    assert "--game long --games 6 --seed 3" in data["training"]["command"]
    network = network_from_json(data)
    assert network_to_json(network)["arrays"] == data["arrays"]  # the file round-trips exactly

    # the exported weights answer as the trainer's numpy net does
    import pickle

    trained: NumpyNet = pickle.loads((tmp_path / CHECKPOINT).read_bytes())["net"]
    positions = positions_met(Game.LONG)
    _, expected = trained.forward(encode_batch(counts(positions, True), counts(positions, False), Family.LONG))
    assert np.allclose(network.forward([encode(p) for p in positions]), expected, atol=1e-5)

    assert strength_main([str(weight_file), "--games", "2", "--seed", "1"]) == 0
    assert "6 training games" in capsys.readouterr().out


def test_a_weight_file_for_another_encoding_is_refused() -> None:
    data = network_to_json(NumpyNet.initial(Family.SHORT, 3, np.random.default_rng(0)).to_network({}))
    with pytest.raises(ValueError, match="encoding"):
        network_from_json(dict(data, family="long"))
    with pytest.raises(ValueError, match="version"):
        network_from_json(dict(data, version=FORMAT_VERSION + 1))


def test_encoding_of_one_side_counts_unary_units_bar_and_borne_off() -> None:
    mine = [0] * 26
    mine[6], mine[25] = 5, 1  # five on own 6 (two above the three units), one on the bar; nine off
    sparse = dict(encode_sides(tuple(mine), tuple([0] * 24 + [15, 0]), Family.SHORT))
    at = 5 * 4
    assert [sparse.get(at + k) for k in range(4)] == [1.0, 1.0, 1.0, 1.0]  # (5 - 3) / 2
    assert sparse[96] == 0.5 and sparse[97] == pytest.approx(9 / 15)
    assert sparse[98 + 23 * 4 + 3] == 6.0 and 98 + 97 not in sparse  # theirs: 15 on own 24 ((15 - 3) / 2), none off

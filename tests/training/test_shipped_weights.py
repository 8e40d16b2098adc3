"""The weight files nardy_core ships: each one loads, fits the size limit, says how it was trained, and plays
sense in positions whose answer is plain."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy_core import Position
from nardy_core.games import Family
from nardy_core.net import NetEvaluator, load_network, weight_file_name
from nardy_core.rules import LongRules

WEIGHTS = Path(__file__).resolve().parents[2] / "nardy_core" / "weights"
SHIPPED = sorted(WEIGHTS.glob("*.json"))
MAX_BYTES = 400_000


def test_long_nardy_ships_its_network() -> None:
    assert WEIGHTS / weight_file_name(Family.LONG) in SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_weight_file_loads_fits_and_says_how_it_was_trained(path: Path) -> None:
    assert path.stat().st_size <= MAX_BYTES
    family = next(f for f in Family if weight_file_name(f) == path.name)
    network = load_network(family)
    assert network.family is family
    training = network.metadata
    assert {"command", "seed", "games", "wall_s", "machine"} <= training.keys()
    assert f"--game {family.value}" in training["command"] and training["games"] > 0


def test_the_long_network_knows_a_won_race_from_a_lost_one() -> None:
    evaluator = NetEvaluator()
    # two checkers on own 1 against fifteen at home: any roll wins; with mars while the loser has none off
    ahead = Position.from_notation("w/1:2,off:13/6:3,5:3,4:3,3:2,2:2,1:2")
    no_mars = Position.from_notation("w/1:2,off:13/6:3,5:3,4:3,3:2,2:2,1,off:1")
    # the loser to move, two checkers still outside its home: it cannot bear one off in time
    behind = Position.from_notation("w/15,14,6:3,5:3,4:3,3:2,2,1/1:2,off:13")
    start = Position.start()
    won, won_single, lost, even = evaluator.evaluate([ahead, no_mars, behind, start], LongRules())
    assert won.win > 0.9 and won_single.win > 0.9
    # self-play leaves the mars of such races under-rated (0.15 where it is certain, at 55,000 games; 0.49 at
    # 12,000), but ranked: in play the exact bear-off tables judge them (Layered), not the network
    assert won.win_mars > won_single.win_mars + 0.05
    assert lost.win < 0.1 and lost.lose_mars > 0.5
    assert 0.25 < even.win < 0.75
    assert won.win_koks == lost.lose_koks == 0.0  # the default rules score no koks

"""Legal-turn generation speed over positions from random self-play (CPython), for each game of one roll a turn.

Plays at least 200 random games of each game (doubles included) with a fixed seed, times
TurnSearch(...).outcomes() for every turn position, and prints median, p99 and max in milliseconds,
plus the interactive step check. Targets here: median <= 0.5 ms, p99 <= 5 ms, max <= 25 ms.

Usage: python bench/movegen.py [--games N] [--seed S] [--game long|short|american|tavla|fevga|both|all]
("both": long and short nardy; "all": every game whose turn is one roll. гюльбар's and бешеные нарды's turns
made of parts: bench/cascades.py.)
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nardy_core import Game, Roll, Rules, TurnInProgress, TurnSearch, default_rules
from nardy_core.flow import is_first_turn, play, start


def collect(games: int, seed: int, rules: Rules) -> list[tuple]:
    """(position, roll, first_turn) for every turn of ``games`` random games."""
    rng = random.Random(seed)
    samples = []
    for _ in range(games):
        white_die, black_die = rng.sample(range(1, 7), 2)
        game = start(rules, white_die, black_die)
        while not game.over:
            roll = game.roll or Roll.random(rng)
            first = is_first_turn(game, game.to_move)
            samples.append((game.position, roll, first))
            outcomes = TurnSearch(game.position, roll, first, rules).outcomes()
            game = play(game, roll, rng.choice(outcomes)[1] if outcomes else [])
    return samples


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    one_roll = [game for game in Game if not game.spec.parted_turns]
    parser.add_argument("--game", choices=[game.value for game in one_roll] + ["both", "all"], default="both")
    args = parser.parse_args()
    games = {"both": [Game.LONG, Game.SHORT], "all": one_roll}.get(args.game) or [Game.parse(args.game)]
    for game in games:
        print(f"== {game.value}")
        measure(default_rules(game), args.games, args.seed)


def measure(rules: Rules, games: int, seed: int) -> None:
    gc.unfreeze()
    samples = collect(games, seed, rules)
    doubles = sum(1 for _, roll, _ in samples if roll.is_double)
    # the ~20k sample positions are the bench's own heap, not the engine's: keep the collector off them
    gc.collect()
    gc.freeze()
    timings = []
    for position, roll, first in samples:
        begin = time.perf_counter()
        TurnSearch(position, roll, first, rules).outcomes()
        timings.append((time.perf_counter() - begin) * 1000)
    timings.sort()
    print(f"positions: {len(samples)} from {games} games ({doubles} with doubles), Python {sys.version.split()[0]}")
    print(f"legal-turn generation: median {statistics.median(timings):.3f} ms, "
          f"p99 {percentile(timings, 0.99):.3f} ms, max {timings[-1]:.3f} ms")
    step_times = []
    for position, roll, first in samples[:: max(1, len(samples) // 2000)]:
        begin = time.perf_counter()
        turn = TurnInProgress(position, roll, first, rules)
        steps = turn.legal_steps()
        if steps:
            turn.play(steps[0].src, steps[0].dst)
            turn.legal_steps()
        step_times.append((time.perf_counter() - begin) * 1000)
    step_times.sort()
    print(f"interactive first step (search + check + next steps): median {statistics.median(step_times):.3f} ms, "
          f"p99 {percentile(step_times, 0.99):.3f} ms, max {step_times[-1]:.3f} ms")


if __name__ == "__main__":
    main()

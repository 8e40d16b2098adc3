"""How much a play can lose in each game: the yardstick for the tutor's grades (docs/tutor.md, "Grades").

GNU Backgammon's thresholds (0.03 / 0.06 / 0.12 equity) were set on backgammon. Whether they mean the same in
long nardy depends on how far apart a roll's plays lie there. This prints, over the decisions of random
self-play (seeded; a roll with more than one play), how much the average legal play and the median one lose
against the best, judged as the tutor judges (0 ply, at once), in each game.

Usage: python bench/tutor_calibration.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from nardy_core import Game, LongRules, ShortRules  # noqa: E402
from nardy_core.search import rank_plays  # noqa: E402
from nardy_core.tutor import THRESHOLDS, prompt_evaluator  # noqa: E402
from tests.core.selfplay import self_play  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    average: dict[Game, float] = {}
    for game, rules in ((Game.SHORT, ShortRules()), (Game.LONG, LongRules())):
        means, medians = [], []
        for seed in range(args.seed, args.seed + args.games):
            for turn in self_play(seed, rules, 120):
                ranked = rank_plays(turn.position, turn.roll, turn.first_turn, rules, prompt_evaluator(turn.position))
                if len(ranked) < 2:
                    continue
                losses = [ranked[0].equity - entry.equity for entry in ranked]
                means.append(statistics.fmean(losses))
                medians.append(statistics.median(losses))
        average[game] = statistics.fmean(means)
        print(f"tutor calibration, {game.value}: {len(means)} decisions; the average legal play loses "
              f"{average[game]:.3f}, the median one {statistics.fmean(medians):.3f} (games from seed {args.seed})")
    scale = average[Game.LONG] / average[Game.SHORT]
    scaled = ", ".join(f"{threshold * scale:.3f}" for threshold, _ in sorted(THRESHOLDS))
    print(f"tutor calibration: long nardy's plays lie {scale:.2f} times as far apart as short nardy's; GNU Backgammon's "
          f"thresholds scaled by that would be {scaled}")


if __name__ == "__main__":
    main()

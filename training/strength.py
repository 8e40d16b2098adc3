"""``python -m training.strength WEIGHT_FILE --games N --seed S``: a weight file's network at 0-ply against
nardy_core's heuristic (``nardy_core.bot``), points per game under the default rules with the 95 % interval."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from nardy_core.games import Game
from nardy_core.net import network_from_json

from .model import NumpyNet
from .play import match_against_heuristic


def main(argv: list[str] | None = None) -> int:
    """Play the match and print its figure."""
    parser = argparse.ArgumentParser(prog="python -m training.strength", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("weights", type=Path)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    network = network_from_json(json.loads(args.weights.read_text(encoding="utf-8")))
    game = next(g for g in Game if g.family is network.family)  # the family's first game: its own rules
    started = time.perf_counter()
    points, half = match_against_heuristic(NumpyNet.from_network(network), game, args.games, args.seed)
    print(f"{args.weights}: {network.metadata.get('games')} training games; {points:+.3f} ± {half:.3f} points per game "
          f"against the heuristic over {args.games} games (seed {args.seed}, {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

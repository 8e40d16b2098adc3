"""``python -m training --game long|short --games N --seed S [--hidden H] [--out DIR] [--resume]``.

Trains the game family's network by TD(lambda) self-play until N games in all have been played, writing into
DIR: ``checkpoint.pickle`` (atomically, every ``--checkpoint-games`` games or ``--checkpoint-seconds``,
whichever comes first, and at the end), ``curve.csv`` (the learning curve: games, wall seconds, learning
rate, mean squared TD error, points per game against nardy_core's heuristic and its 95 % interval) and
``<family>-v1.json``, the weight file in nardy_core's format, beside every checkpoint. ``--resume`` goes on
from DIR's checkpoint. A progress line every ``--report-games`` games gives games/s and the latest strength.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import pickle
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from nardy_core.games import Game
from nardy_core.net import network_to_json, weight_file_name

from .model import NumpyNet
from .play import match_against_heuristic, self_play_game

CHECKPOINT = "checkpoint.pickle"
CURVE = "curve.csv"
CURVE_FIELDS = ("games", "wall_s", "rate", "td_mse", "points_per_game", "interval95")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m training", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=[g.value for g in Game], required=True)
    parser.add_argument("--games", type=int, required=True, help="train until this many self-play games in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=80)
    parser.add_argument("--out", type=Path, default=Path("training-out"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--lam", type=float, default=0.7, help="TD lambda")
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate at the start (per position)")
    parser.add_argument("--rate-halflife", type=int, default=50_000, help="games after which the rate has halved (1/sqrt decay)")
    parser.add_argument("--rate-floor", type=float, default=0.002)
    parser.add_argument("--checkpoint-games", type=int, default=1000)
    parser.add_argument("--checkpoint-seconds", type=float, default=240.0)
    parser.add_argument("--report-games", type=int, default=100)
    parser.add_argument("--eval-every", type=int, default=2000, help="measure the strength every this many games (0: never)")
    parser.add_argument("--eval-games", type=int, default=200, help="games against the heuristic per measurement")
    return parser.parse_args(argv)


def learning_rate(args: argparse.Namespace, games: int) -> float:
    """The rate after ``games`` games: 1/sqrt decay, halved after ``--rate-halflife`` games, never below the floor."""
    rate: float = max(args.rate_floor, args.rate / float(np.sqrt(1.0 + 3.0 * games / args.rate_halflife)))
    return rate


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``path`` so that a reader (or a killed run) sees the old file or the new one, never a half."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def metadata(args: argparse.Namespace, state: dict[str, Any]) -> dict[str, Any]:
    """What the weight file says about its training."""
    command = (
        f"python -m training --game {args.game} --games {args.games} --seed {args.seed} --hidden {args.hidden} "
        f"--lam {args.lam} --rate {args.rate} --rate-halflife {args.rate_halflife} --rate-floor {args.rate_floor}"
    )
    return {
        "method": "TD(lambda) self-play, 0-ply greedy, one update per game",
        "command": command,
        "seed": args.seed,
        "games": state["games"],
        "wall_s": round(state["wall_s"], 1),
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "strength": state["curve"][-1] if state["curve"] else None,
    }


def save(args: argparse.Namespace, net: NumpyNet, state: dict[str, Any], rng: random.Random) -> None:
    """The checkpoint, and the weight file beside it."""
    state = dict(state, rng=rng.getstate(), net=net, args=vars(args))
    atomic_write(args.out / CHECKPOINT, pickle.dumps(state))
    network = net.to_network(metadata(args, state))
    text = json.dumps(network_to_json(network), indent=1)
    atomic_write(args.out / weight_file_name(net.family), text.encode("utf-8"))


def write_curve_row(args: argparse.Namespace, row: dict[str, Any]) -> None:
    """Append one row to the learning curve (its header first)."""
    path = args.out / CURVE
    new = not path.exists()
    with open(path, "a", newline="") as handle:
        writer = csv.DictWriter(handle, CURVE_FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)


def main(argv: list[str] | None = None) -> int:
    """Train, checkpoint, measure, export."""
    args = parse(argv)
    game = Game.parse(args.game)
    args.out.mkdir(parents=True, exist_ok=True)
    checkpoint = args.out / CHECKPOINT
    if args.resume and checkpoint.exists():
        state = pickle.loads(checkpoint.read_bytes())
        net: NumpyNet = state.pop("net")
        rng = random.Random()
        rng.setstate(state.pop("rng"))
        state.pop("args", None)
        if net.family is not game.family:
            sys.exit(f"{checkpoint} holds a {net.family.value} network, not {game.family.value}")
        print(f"resumed at {state['games']} games", flush=True)
    else:
        net = NumpyNet.initial(game.family, args.hidden, np.random.default_rng(args.seed))
        rng = random.Random(args.seed)
        state = {"games": 0, "wall_s": 0.0, "curve": []}
        (args.out / CURVE).unlink(missing_ok=True)
    started = time.perf_counter() - state["wall_s"]
    last_save = time.perf_counter()
    window_start, window_games, errors, plies = time.perf_counter(), 0, 0.0, 0
    while state["games"] < args.games:
        rate = learning_rate(args, state["games"])
        inputs, targets = self_play_game(net, game, rng, args.lam)
        errors += net.train(inputs, targets, rate)
        plies += len(inputs)
        state["games"] += 1
        window_games += 1
        state["wall_s"] = time.perf_counter() - started
        games = state["games"]
        if args.eval_every and games % args.eval_every == 0:
            measuring = time.perf_counter()
            points, half = match_against_heuristic(net, game, args.eval_games, seed=args.seed * 1_000_003 + games)
            row = {"games": games, "wall_s": round(state["wall_s"], 1), "rate": round(rate, 5),
                   "td_mse": round(errors / max(window_games, 1), 5), "points_per_game": round(points, 3),
                   "interval95": round(half, 3)}
            state["curve"].append(row)
            write_curve_row(args, row)
            print(f"strength at {games} games: {points:+.3f} ± {half:.3f} points per game against the heuristic "
                  f"({args.eval_games} games)", flush=True)
            window_start += time.perf_counter() - measuring  # games/s counts training only
        if games % args.report_games == 0 or games == args.games:
            elapsed = time.perf_counter() - window_start
            latest = state["curve"][-1] if state["curve"] else None
            strength = (f"{latest['points_per_game']:+.3f} ± {latest['interval95']:.3f} ppg at {latest['games']}"
                        if latest else "not yet measured")
            print(f"{games}/{args.games} games  {window_games / elapsed:.2f} games/s  {plies / window_games:.0f} plies/game  "
                  f"rate {rate:.4f}  td mse {errors / window_games:.4f}  strength {strength}", flush=True)
            window_start, window_games, errors, plies = time.perf_counter(), 0, 0.0, 0
        if (games % args.checkpoint_games == 0 or time.perf_counter() - last_save >= args.checkpoint_seconds
                or games == args.games):
            save(args, net, state, rng)
            last_save = time.perf_counter()
    if state["games"] >= args.games:
        save(args, net, state, rng)
    return 0


if __name__ == "__main__":
    sys.exit(main())

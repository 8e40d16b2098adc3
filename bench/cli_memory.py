"""Peak memory of the CLI for many heavy queries: ``python -m nardy_core turns`` on 10,000 doubles.

The queries are doubles (1-1, 2-2, 3-3) in the positions of random self-play (both games, fixed seed) that
have the most distinct legal turns, repeated in turn; a list of them goes to the CLI on stdin, and its
answer is read as it comes and counted (not kept). The child runs under ``/usr/bin/time -v`` (without it,
``resource.getrusage(RUSAGE_CHILDREN)``); prints its peak resident memory, the time and the answer's size.
Target: under 200 MB however many queries there are (the CLI answers and writes one query at a time).

Usage: python bench/cli_memory.py [--queries 10000] [--positions 40] [--game both|long|short] [--project DIR]
(--project: the checkout whose nardy_core runs, e.g. an older one to compare)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nardy_core import Game, Position, Roll, TurnSearch, default_rules
from nardy_core.flow import is_first_turn, play, start

ROOT = Path(__file__).resolve().parents[1]
TIME = Path("/usr/bin/time")
RESULT = '{"outcomes"'  #: how each answer of turns begins


def heavy_queries(positions: int, games: tuple[Game, ...] = tuple(Game), seed: int = 14) -> list[dict[str, object]]:
    """Doubles in the self-play positions with the most distinct legal turns, ``positions`` of them."""
    rng = random.Random(seed)
    scored: list[tuple[int, str, int]] = []
    for game_kind in games:
        rules = default_rules(game_kind)
        seen: list[tuple[Position, int]] = []
        for number in range(24):
            game = start(rules, *((6, 1) if number % 2 else (1, 6)))
            while not game.over:
                roll = game.roll or Roll.random(rng)
                seen += [(game.position, die) for die in (1, 2, 3)]
                outcomes = TurnSearch(game.position, roll, is_first_turn(game, game.to_move), rules).outcomes()
                game = play(game, roll, rng.choice(outcomes)[1] if outcomes else [])
        for position, die in rng.sample(seen, min(len(seen), 400)):
            scored.append((len(TurnSearch(position, Roll(die, die), False, rules).outcomes()), position.notation(), die))
    scored.sort(reverse=True)
    return [{"position": notation, "dice": [die, die]} for _, notation, die in scored[:positions]]


def run_cli(project: Path, stdin_path: Path) -> tuple[int, int, int, float, int]:
    """(exit status, peak RSS in KiB, bytes answered, seconds, results counted) of one CLI run."""
    command = [sys.executable, "-m", "nardy_core", "turns"]
    report = Path(tempfile.mkstemp(suffix=".time")[1])
    if TIME.exists():
        command = [str(TIME), "-v", "-o", str(report), *command]
    env = {**os.environ, "PYTHONPATH": str(project)}
    started = time.perf_counter()
    answered = results = 0
    tail = ""
    with stdin_path.open("rb") as stdin:
        child = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE, cwd=project, env=env)
        assert child.stdout is not None
        while chunk := child.stdout.read(1 << 16):
            answered += len(chunk)
            text = tail + chunk.decode("utf-8", errors="replace")
            results += text.count(RESULT)
            tail = text[-(len(RESULT) - 1):]  # a result cut between two chunks is counted once
        status = child.wait()
    seconds = time.perf_counter() - started
    if TIME.exists():
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report.read_text())
        peak = int(match.group(1)) if match else -1
    else:
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    report.unlink(missing_ok=True)
    return status, peak, answered, seconds, results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--project", type=Path, default=ROOT)
    parser.add_argument("--game", choices=("both", "long", "short"), default="both")
    args = parser.parse_args()
    queries = heavy_queries(args.positions, tuple(Game) if args.game == "both" else (Game(args.game),))
    folder = Path(tempfile.mkdtemp(prefix="cli-memory-"))
    try:
        stdin_path = folder / "queries.json"
        with stdin_path.open("w", encoding="utf-8") as out:
            out.write("[")
            for index in range(args.queries):
                out.write(("," if index else "") + json.dumps(queries[index % len(queries)]))
            out.write("]")
        status, peak, answered, seconds, results = run_cli(args.project.resolve(), stdin_path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    how = "/usr/bin/time -v" if TIME.exists() else "getrusage(RUSAGE_CHILDREN)"
    print(f"{args.queries} heavy queries ({len(queries)} positions with doubles) through python -m nardy_core turns "
          f"in {args.project.resolve()}")
    print(f"  exit status {status}, {results} results, {answered / 1e6:.1f} MB answered in {seconds:.0f} s")
    print(f"  peak memory ({how}): {peak / 1024:.1f} MB  (target < 200 MB)")
    return 0 if status == 0 and peak < 200 * 1024 and results == args.queries else 1


if __name__ == "__main__":
    sys.exit(main())

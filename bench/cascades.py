"""Speed of turns made of parts (nardy_core.parts: the cascades and hand-offs of гюльбар and бешеные нарды) over
positions from random self-play (CPython).

Plays random games under each game's default options (the mover and the receiver each take a random outcome),
and times two queries for every turn:
- **one part**: the legal plays of one cascade stage or one received part (a TurnSearch of its dice from where
  the turn stands), which is what a page asks at each step and what a player chooses from;
- **whole turn**: every outcome of the whole turn (every stage, or the whole hand-off), as ``turn_outcomes`` and
  ``handoff_outcomes`` list them.
Prints median, p99 and max in milliseconds, and the largest whole-turn outcome lists. Target for a legal-turn
query: median <= 0.5 ms, p99 <= 5 ms.

Usage: python bench/cascades.py [--games N] [--seed S] [--turns T]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nardy_core import Position, Roll, TurnSearch
from nardy_core.dice import PartDice
from nardy_core.games import CHECKERS, HEAD
from nardy_core.parts import CascadeOptions, PartedTurn, cascades, handoff_outcomes, handoff_parts, stages, turn_outcomes
from nardy_core.rules import LongRules

GAMES = {"gulbara": CascadeOptions(), "crazy": CascadeOptions(cascade_from="always", handoff="all")}
SLOW_MS = 5.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed(query, *args, **kwargs):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = query(*args, **kwargs)
    return result, (time.perf_counter() - started) * 1000


def part_queries(position: Position, outcome: PartedTurn, parts: list[PartDice], allowance: int, rules: LongRules) -> list[float]:
    """The time of each part's search along ``outcome``'s play: a part's steps walked in its search, then the next."""
    times, at, steps = [], position, list(outcome.steps)
    mover = position.to_move
    for part in parts:
        limit = max(allowance - (position.count(mover, HEAD) - at.count(mover, HEAD)), 0)
        search, ms = timed(TurnSearch, at, part, rules=rules, head_limit=limit)
        times.append(ms)
        state = search.root
        for step in steps[:search.max_dice]:
            state = next(child for edge, child in search.children[state] if edge == step)
        steps = steps[search.max_dice:]
        if search.max_dice < len(part.steps) or not steps:
            break
        at = search.final_position(state)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--turns", type=int, default=120, help="a game is cut after this many turns")
    args = parser.parse_args()
    rules = LongRules()
    for name, options in GAMES.items():
        rng = random.Random(args.seed)
        whole: list[float] = []
        part: list[float] = []
        largest: list[tuple[float, int, str]] = []
        for _ in range(args.games):
            position, roll_no, own = Position.start(), 1, {True: 0, False: 0}
            first = {True: True, False: True}
            for _turn in range(args.turns):
                white = position.to_move.value == "white"
                roll = Roll.random(rng)
                own[white] += 1
                outcomes, ms = timed(turn_outcomes, position, roll, options, roll_no=roll_no, own_roll_no=own[white],
                                     first_turn=first[white], rules=rules)
                whole.append(ms)
                largest.append((ms, len(outcomes), f"{position} {roll} roll {roll_no}"))
                chosen = rng.choice(outcomes)
                parts = stages(roll) if cascades(roll, options, roll_no=roll_no, own_roll_no=own[white]) else []
                allowance = TurnSearch(position, parts[0], first[white], rules).head_limit if parts else 1
                part.extend(part_queries(position, chosen, parts, allowance, rules) if parts else [ms])
                first[white] = False
                roll_no += 1
                if chosen.game_over:
                    break
                receiver = chosen.position.handed_over()
                if chosen.handoff:
                    replies, ms = timed(handoff_outcomes, receiver, chosen.handoff, options, rules)
                    whole.append(ms)
                    largest.append((ms, len(replies), f"{receiver} hand-off {list(chosen.handoff)}"))
                    reply = rng.choice(replies)
                    part.extend(part_queries(receiver, reply, handoff_parts(chosen.handoff, options), 1, rules))
                    if reply.position.borne_off(receiver.to_move) == CHECKERS:
                        break
                    receiver = reply.position
                position = receiver
        print(f"== {name}: {len(whole)} whole-turn queries from {args.games} games (seed {args.seed}), Python {sys.version.split()[0]}")
        for label, values in (("one part", part), ("whole turn", whole)):
            over = sum(v > SLOW_MS for v in values)
            print(f"{label}: median {statistics.median(values):.3f} ms, p99 {percentile(values, 0.99):.3f} ms, "
                  f"max {max(values):.1f} ms; over {SLOW_MS:.0f} ms: {over} of {len(values)}")
        for ms, count, what in sorted(largest, reverse=True)[:3]:
            print(f"  slowest whole turn: {ms:.0f} ms, {count} outcomes: {what}")


if __name__ == "__main__":
    main()

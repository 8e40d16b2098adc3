"""Long nardy's opening table: the best second move after each opening roll, from engine rollouts.

The first move of long nardy is forced: the opening roll is never a double, and one checker leaves the head
and plays both numbers. The opponent's reply is forced too, but for the doubles that may take two checkers off
the head. So the first choice of the game is the opener's **second move**, and it depends on little but the
opening roll and the second roll: the reply's single runner rarely stands where it matters. The table has a
row for each of the 15 openings and a cell for each of the 21 second rolls.

A cell's plays are judged as **plans** over every reply (:func:`plan_rollout`): each trial throws the reply
(stratified over the 36 throws), lets the replier play it by 0 ply, then plays the plan, or the engine's best
0-ply play where the reply has made the plan illegal, and plays the game on (:mod:`nardy_core.rollout`). Every
plan of a cell shares the dice, so the differences measure the plans. Which plans are rolled out is chosen by a
1-ply look after each of the 21 replies (:func:`survey`); the same look says after how many of the 36 replies
each plan is the best (``best_after``): the rare replies that change the answer.

Rolling out takes hours, so the figures are computed once (``python -m builder openings``, resumable) into
``lessons/long/openings.json`` with the networks' digest; the build renders the table from that file, and
``builder check`` fails when the weights it was computed with are no longer the shipped ones.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nardy_core.dice import Roll
from nardy_core.evaluator import Evaluator, Probabilities, evaluator_for
from nardy_core.games import Game
from nardy_core.movegen import TurnSearch
from nardy_core.position import Position
from nardy_core.rollout import THROWS, TRUNCATE, play_out
from nardy_core.rules import LongRules, Rules
from nardy_core.search import after_play, rank_plays, zero_ply
from nardy_core.sides import Side

from .atomic import write_atomically
from .proofs import MARGIN, weights_digest

VERSION = 1  #: of the method: a change makes the table stale
GAME = Game.LONG
FILE = "openings.json"  #: under lessons/long/
TRIALS = 1296  #: per plan: each of the 36 replies 36 times, the throw after it stratified too
DECISIVE = 0.06  #: plans a 1-ply look leaves this close to the best are rolled out besides the best two
MOST_PLANS = 3
PLAN_LEGAL = 18  #: a play legal after fewer of the 36 throws is what a reply allows, not a plan of the cell
EQUAL = MARGIN  #: plans this close are equally good: the margin the build's proofs use

#: the 21 distinct rolls, high die first: doubles once, the others for two throws each
ROLLS: tuple[Roll, ...] = tuple(Roll(high, low) for high in range(6, 0, -1) for low in range(high, 0, -1))
OPENINGS: tuple[Roll, ...] = tuple(roll for roll in ROLLS if not roll.is_double)


def weight(roll: Roll) -> int:
    """Throws out of 36 that give ``roll``."""
    return 1 if roll.is_double else 2


def _best(position: Position, roll: Roll, first_turn: bool, rules: Rules, evaluator: Evaluator) -> tuple[str, Position]:
    """The 0-ply best play of ``roll`` and the position after it, the other side to move (a pass hands over)."""
    ranked = zero_ply(position, roll, first_turn, rules, evaluator)
    if not ranked:
        return "", position.handed_over()
    return ranked[0].text, after_play(ranked[0].final)


def after_opening(opening: Roll, rules: Rules, evaluator: Evaluator) -> tuple[str, Position]:
    """The opener's (forced) first play of ``opening`` and the position after it, the replier to move."""
    return _best(Position.start(GAME), opening, True, rules, evaluator)


Reply = tuple[Roll, str, Position]  #: a reply roll, the replier's play of it, and the position after it


def replies(opened: Position, rules: Rules, evaluator: Evaluator) -> list[Reply]:
    """Each of the 21 reply rolls, the replier's 0-ply play of it, and the position after it (opener to move)."""
    return [(roll, *_best(opened, roll, True, rules, evaluator)) for roll in ROLLS]


@dataclass(frozen=True)
class Surveyed:
    """A plan's 1-ply look over the replies: its equity averaged over the 36 throws (where a reply makes it
    illegal, the best legal play's), and after how many throws it is the best play."""

    text: str  #: the play as most replies have it written
    plan: tuple[int, ...]  #: :func:`plan_of`
    equity: float
    best_after: int
    legal_after: int


def plan_of(final: Position, mover: Side) -> tuple[int, ...]:
    """What identifies a plan: where the mover's checkers stand after it (the same play may be written with its
    steps in another order after another reply, where an intermediate point is taken)."""
    return tuple(final.counts(mover))


def survey(replied: Sequence[Reply], second: Roll, rules: Rules, evaluator: Evaluator) -> list[Surveyed]:
    """Every plan of ``second`` after the replies (:func:`replies`), best first by its 1-ply equity averaged over
    the replies."""
    looks: list[tuple[int, dict[tuple[int, ...], float]]] = []
    texts: dict[tuple[int, ...], Counter[str]] = {}
    for roll, _, position in replied:
        ranked = rank_plays(position, second, False, rules, evaluator, plies=1)
        figures = {}
        for entry in ranked:
            plan = plan_of(entry.final, position.to_move)
            figures[plan] = entry.equity
            texts.setdefault(plan, Counter())[entry.text] += weight(roll)
        looks.append((weight(roll), figures))
    surveyed = []
    for plan, written in texts.items():
        total = best = legal = 0.0
        for throws, figures in looks:
            top = max(figures.values(), default=0.0)
            total += throws * figures.get(plan, top)
            legal += throws * (plan in figures)
            best += throws * (plan in figures and figures[plan] == top)
        surveyed.append(Surveyed(written.most_common(1)[0][0], plan, total / 36, int(best), int(legal)))
    return sorted(surveyed, key=lambda s: (-s.equity, s.text))


def plan_rollout(replied: Sequence[Reply], second: Roll, plan: tuple[int, ...], rules: Rules, evaluator: Evaluator, *,
                 trials: int = TRIALS, truncate: int = TRUNCATE, seed: int = 1) -> Probabilities:
    """The opener's chances playing ``plan`` with ``second`` after a random reply (:mod:`this module
    <builder.openings>`)."""
    after_plan = {}  # the replier to move after each reply and the plan (or the engine's play, where it is illegal)
    for roll, _, position in replied:
        outcomes = {plan_of(final, position.to_move): final for final, _ in TurnSearch(position, second, False, rules).outcomes()}
        after_plan[roll] = after_play(outcomes[plan]) if plan in outcomes else _best(position, second, False, rules, evaluator)[1]
    chances = []
    for trial in range(trials):
        reply = THROWS[trial % 36]
        after = after_plan[Roll(max(reply), min(reply))]
        # the replier's next throw is stratified over the 36 within each reply; the dice after differ per trial
        replier = play_out(after, rules, evaluator, trial // 36 + 36 * (trial % 36), truncate, seed)
        chances.append(replier.flipped())
    return Probabilities(*(sum(p[i] for p in chances) / len(chances) for i in range(5)))


def chosen_plans(surveyed: Sequence[Surveyed]) -> list[Surveyed]:
    """The plans worth rolling out: the best two by the survey, and any other within :data:`DECISIVE`."""
    if not surveyed:
        return []
    top = surveyed[0].equity
    return [s for index, s in enumerate(surveyed) if index < 2 or top - s.equity < DECISIVE][:MOST_PLANS]


def cell_key(opening: Roll, second: Roll) -> str:
    return f"{opening}/{second}"


def only_play(replied: Sequence[Reply], second: Roll, rules: Rules) -> bool:
    """Whether ``second`` leaves no choice after any of the replies."""
    return all(len(TurnSearch(position, second, False, rules).outcomes()) <= 1 for _, _, position in replied)


def compute_cell(opening: Roll, second: Roll, trials: int = TRIALS) -> dict[str, Any]:
    """One cell of the table: its plans, rolled out where there is a choice, best first."""
    rules = LongRules()
    evaluator = evaluator_for(GAME)
    first, opened = after_opening(opening, rules, evaluator)
    replied = replies(opened, rules, evaluator)
    surveyed = survey(replied, second, rules, evaluator)
    candidates = [entry for entry in surveyed if entry.legal_after >= PLAN_LEGAL]
    if len(candidates) == 1 and not only_play(replied, second, rules):
        candidates = surveyed  # the choice some replies leave
    plans = []
    for entry in chosen_plans(candidates):
        figures: dict[str, Any] = {"play": entry.text, "survey": round(entry.equity, 4),
                                   "best_after": entry.best_after, "legal_after": entry.legal_after}
        if len(candidates) > 1:
            chances = plan_rollout(replied, second, entry.plan, rules, evaluator, trials=trials)
            figures.update(equity=round(chances.equity(rules), 4), win=round(chances.win, 4),
                           win_mars=round(chances.win_mars, 4), lose_mars=round(chances.lose_mars, 4))
        plans.append(figures)
    plans.sort(key=lambda p: (-p.get("equity", p["survey"]), p["play"]))
    return {"opening": str(opening), "first": first, "second": str(second), "plans": plans}


def cells() -> Iterator[tuple[Roll, Roll]]:
    for opening in OPENINGS:
        for second in ROLLS:
            yield opening, second


def header() -> dict[str, Any]:
    """What the figures depend on besides the cells: a table computed otherwise is stale (the site's prose
    quotes the trials)."""
    return {"version": VERSION, "weights": weights_digest(GAME.family), "trials": TRIALS, "truncate": TRUNCATE, "seed": 1}


def read_table(path: Path) -> dict[str, Any]:
    """The table as stored, or an empty one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def stale(table: dict[str, Any]) -> str | None:
    """Why ``table`` no longer describes the shipped engine, or None."""
    want = header()
    for name in ("version", "weights", "trials", "truncate", "seed"):
        if table.get(name) != want[name]:
            return f"{FILE} was computed with {name} {table.get(name)!r}, the engine now has {want[name]!r}"
    missing = [cell_key(o, s) for o, s in cells() if cell_key(o, s) not in table.get("cells", {})]
    if missing:
        return f"{FILE} lacks {len(missing)} of its {len(OPENINGS) * len(ROLLS)} cells (first {missing[0]})"
    return None


def _write(path: Path, table: dict[str, Any]) -> None:
    table["cells"] = dict(sorted(table["cells"].items()))
    text = json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True)
    write_atomically(path, (text + "\n").encode())


def _compute(job: tuple[Roll, Roll, int]) -> tuple[str, dict[str, Any]]:
    opening, second, trials = job
    return cell_key(opening, second), compute_cell(opening, second, trials)


def compute_table(out: Path, *, jobs: int = 1, log: Callable[[str], None] = print) -> None:
    """Compute the cells ``out`` lacks (all of them where it was computed otherwise), writing after each: an
    interrupted run goes on where it stopped."""
    table = read_table(out)
    if {k: table.get(k) for k in header()} != header():
        table = {**header(), "cells": {}}
    jobs_left = [(o, s, TRIALS) for o, s in cells() if cell_key(o, s) not in table["cells"]]
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for done, (key, cell) in enumerate(pool.map(_compute, jobs_left), start=1):
            table["cells"][key] = cell
            _write(out, table)
            log(f"{done}/{len(jobs_left)} {key}: {cell['plans'][0]['play']} ({time.monotonic() - started:.0f} s)")

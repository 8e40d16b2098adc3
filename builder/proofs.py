"""The engine's proof of every strategic answer: a ``best`` puzzle's answers are the engine's best plays.

A puzzle's accepted plays must be exactly the plays the engine rates within :data:`MARGIN` (cubeless money
equity) of its best: a rejected play that close is as good as the answer, and a learner who finds it must not
be told it is wrong; an accepted play further below is a mistake the course would teach. A puzzle whose top
plays are that close says so (``close = true``): then the engine's best must be accepted (or a play its
rollouts cannot tell from it, :data:`NOISE`), and the others may be rejected. Each legal ``[[wrong]]`` play must
lose more than :data:`MARGIN` to the best (in a close puzzle: a loss the figures can tell), so that its comment
describes a real loss.

The engine judges at its strongest setting (:func:`figures`): every play by 0 ply; the :data:`CANDIDATES`
best of them, the accepted and the wrong plays at 2 plies; and those 2 plies leave within :data:`DECISIVE` of
the best are rolled out (:mod:`nardy_core.rollout`, 1,296 games each, dice shared between the plays). A race
(no contact left) is judged exactly by the bear-off tables instead (``builder.tasks``).

Rolling out takes minutes, so the figures are kept in a proof book by the decision's content (game, position,
dice, rules and the networks' weights), not by the puzzle: ``lessons/proofs.json`` is committed (a build of a
clean clone computes nothing; ``python -m builder prove`` brings it up to date), and what a build computes
beyond it goes to the build cache. Changing an answer or a comment costs nothing: the figures stay valid.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from nardy_core.dice import Roll
from nardy_core.evaluator import evaluator_for
from nardy_core.games import Family
from nardy_core.net import ships_network, weight_file_path
from nardy_core.position import Position
from nardy_core.rollout import TRIALS, TRUNCATE, rollout
from nardy_core.search import after_play, look_ahead, zero_ply

from .atomic import write_atomically

VERSION = 1  #: of the method below: a change here makes every figure stale
MARGIN = 0.02  #: plays this close to the best (equity) are equally good: a coin flip, not a lesson
CANDIDATES = 6  #: the best plays by 0 ply that are judged deeper (besides the answers and the wrong plays)
DECISIVE = 0.06  #: plays 2 plies leave this close to the best are rolled out
PLIES = 2
#: two rollouts closer than this cannot be told apart: twice the standard deviation of the difference between
#: two plays' 1,296-game rollouts, measured over four seeds (0.009 in a long-nardy opening, 0.021 in a
#: short-nardy contact position: docs/engine.md). An answer that close to the best counts as the best, and a
#: wrong play that close is no loss the figures can show.
NOISE = 0.04
SEEDS = 4  #: rollouts of a play whose single rollout is too close to the best's to tell: its noise halves
ROLLOUT, ROLLOUTS = "rollout", f"{SEEDS} rollouts"  #: how a figure was found: one rollout, or SEEDS averaged
BOOK = "proofs.json"  #: the committed book's name under lessons/, and the computed one's under the build cache

Figure = tuple[float, str]  #: the mover's equity after a play, and how it was found ("0-ply", "2-ply", "rollout")


class ProofError(Exception):
    """A strategic answer the engine does not confirm; ``key`` is the puzzle field it is about."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


@cache
def weights_digest(family: Family) -> str:
    """A short digest of ``family``'s network weights ("none" where the package ships none)."""
    if not ships_network(family):
        return "none"
    return hashlib.sha256(Path(weight_file_path(family)).read_bytes()).hexdigest()[:16]


def decision_key(position: Position, dice: tuple[int, int] | None, first_turn: bool, rules: object, kind: str = "best") -> str:
    """What the figures depend on: the decision and the engine that judged it (``kind`` "best" and "cube": the
    engine's; "race" and "cube-race": the bear-off tables', which no network changes; a cube question has no
    ``dice``)."""
    engine = [weights_digest(position.game.family), TRIALS, TRUNCATE] if kind in ("best", "cube") else []
    content = json.dumps([VERSION, kind, position.notation(), list(dice or ()), first_turn, repr(rules), *engine])
    return f"{kind}:" + hashlib.sha256(content.encode()).hexdigest()[:24]


@dataclass
class ProofBook:
    """The engine's figures by decision (:func:`decision_key`): final position -> [equity, method]."""

    entries: dict[str, dict[str, list[Any]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  #: key -> a readable label (the puzzle's id)
    used: set[str] = field(default_factory=set)
    computed: bool = False  #: whether this run added figures
    log: Callable[[str], None] = field(default=lambda _: None, repr=False)  #: told of each decision computed

    @classmethod
    def read(cls, *paths: Path) -> ProofBook:
        """The figures of every readable book among ``paths`` (a missing or broken one is skipped: the figures
        are computed again)."""
        book = cls()
        for path in paths:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                for key, entry in data.get("decisions", {}).items():
                    figures = entry["figures"]
                    if isinstance(key, str) and isinstance(figures, dict) and all(
                            isinstance(v, list) and v and isinstance(v[0], float | int | None) for v in figures.values()):
                        book.entries.setdefault(key, {}).update(figures)
                        book.labels.setdefault(key, str(entry.get("puzzle", "")))
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                continue
        return book

    def kept(self, key: str, label: str, complete: Callable[[dict[str, list[Any]]], bool],
             compute: Callable[[dict[str, list[Any]]], dict[str, list[Any]]]) -> dict[str, list[Any]]:
        """The entry of ``key``: as kept if ``complete`` says it is, else brought up to date by ``compute`` (which
        gets what is kept and returns the figures to add)."""
        self.used.add(key)
        self.labels[key] = label
        entry = self.entries.setdefault(key, {})
        if not entry or not complete(entry):
            self.log(f"proving {label} with the engine")
            self.computed = True
            entry.update(compute(entry))
        return entry

    def write(self, path: Path, *, only_used: bool = False) -> None:
        """The book as sorted JSON (``only_used``: the decisions this run asked for, no stale ones)."""
        keys = sorted(self.used if only_used else self.entries)
        decisions = {key: {"puzzle": self.labels.get(key, ""), "figures": dict(sorted(self.entries[key].items()))}
                     for key in keys if key in self.entries}
        text = json.dumps({"version": VERSION, "decisions": decisions}, ensure_ascii=False, indent=1, sort_keys=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, (text + "\n").encode())

    def figures(self, position: Position, dice: tuple[int, int], first_turn: bool, rules: Any, wanted: set[str],
                label: str) -> dict[str, Figure]:
        """The engine's figures of the plays that matter to a ``best`` puzzle away from a race: the candidates
        and ``wanted`` (final positions), computed where the book lacks them (2 plies, rollouts where close)."""
        def compute(known: dict[str, list[Any]]) -> dict[str, list[Any]]:
            judged = _judge(position, dice, first_turn, rules, wanted, known)
            return {final: [round(equity, 5), method] for final, (equity, method) in judged.items()}

        def complete(entry: dict[str, list[Any]]) -> bool:
            return wanted <= set(entry) and not _unsettled(_as_figures(entry), wanted)

        return _as_figures(self.kept(decision_key(position, dice, first_turn, rules), label, complete, compute))


def _as_figures(entry: dict[str, list[Any]]) -> dict[str, Figure]:
    """A kept entry's ``[equity, method]`` lists as figures."""
    return {final: (float(value[0]), str(value[1])) for final, value in entry.items()}


def _unsettled(figures: dict[str, Figure], wanted: set[str]) -> list[str]:
    """What to judge further: the plays judged at 2 plies only that are within :data:`DECISIVE` of the best (to be
    rolled out), and the answers and wrong plays whose single rollout is within :data:`NOISE` of the best's
    (both to be rolled out :data:`SEEDS` times, with other dice)."""
    best_final = max(figures, key=lambda final: figures[final][0])
    best = figures[best_final][0]
    deeper = [final for final, (equity, method) in figures.items() if method == f"{PLIES}-ply" and best - equity < DECISIVE]
    if deeper:
        return deeper
    noisy = [final for final in wanted if final in figures and final != best_final and figures[final][1] == ROLLOUT
             and best - figures[final][0] < NOISE]
    return [*([best_final] if noisy and figures[best_final][1] == ROLLOUT else []), *noisy]


def _judge(position: Position, dice: tuple[int, int], first_turn: bool, rules: Any, wanted: set[str],
           known: dict[str, list[Any]]) -> dict[str, Figure]:
    evaluator = evaluator_for(position.game)
    ranked = zero_ply(position, Roll(*dice), first_turn, rules, evaluator)
    by_final = {entry.final.notation(): entry for entry in ranked}
    deep = [entry.final.notation() for entry in ranked[:CANDIDATES]] + sorted(wanted & set(by_final))
    result = _as_figures(known)
    for final in dict.fromkeys(deep):
        if final in result:
            continue
        entry = by_final[final]
        following = after_play(entry.final)
        if following.winner() is not None:
            result[final] = (entry.equity, "exact")
        else:
            result[final] = (look_ahead(following, rules, evaluator, PLIES).flipped().equity(rules), f"{PLIES}-ply")
    # a rollout may move the best: roll out whatever 2 plies leave close to it, then roll out again, with other
    # dice, the answers and wrong plays one rollout cannot tell from the best, until nothing is left to do
    while close := _unsettled(result, wanted):
        for final in close:
            following = after_play(by_final[final].final)
            if result[final][1] == ROLLOUT:  # seed 1 is the figure kept; seeds 2.. are added to it
                more = [rollout(following, rules, evaluator, seed=seed).flipped().equity(rules) for seed in range(2, SEEDS + 1)]
                result[final] = ((result[final][0] + sum(more)) / SEEDS, ROLLOUTS)
            else:
                result[final] = (rollout(following, rules, evaluator).flipped().equity(rules), ROLLOUT)
    return result


def judge_best(figures: dict[str, Figure], accepted: list[str], wrong: list[str], close: bool,
               name: Callable[[str], str]) -> None:
    """Raise :class:`ProofError` unless the accepted plays are exactly the engine's best (:mod:`this module
    <builder.proofs>`); ``name`` turns a final position into the play's text for the message."""
    judged = sorted(figures.items(), key=lambda item: -item[1][0])
    best_final, (best, _) = judged[0]

    def said(final: str) -> str:
        equity, method = figures[final]
        return f'"{name(final)}" ({equity:+.3f} by {method})'

    def tied(final: str) -> bool:
        """Indistinguishable from the best: two rollouts closer than their noise (half of it for two plays rolled
        out SEEDS times), or the same figure."""
        methods = {figures[final][1], figures[best_final][1]}
        noise = NOISE / 2 if methods == {ROLLOUTS} else NOISE if methods <= {ROLLOUT, ROLLOUTS} else 1e-9
        return best - figures[final][0] <= noise

    if not any(tied(final) for final in accepted if final in figures):
        raise ProofError(f"the engine's best play is {said(best_final)}, not among the answers", "answers")
    for final in accepted:
        if final in figures and best - figures[final][0] > MARGIN:
            raise ProofError(f"the engine's best play is {said(best_final)}, and the answer {said(final)} loses "
                             f"{best - figures[final][0]:.3f} to it", "answers")
    if not close:
        for final, (equity, _) in judged:
            if final == best_final and final not in accepted:  # the answers are within the noise of it
                raise ProofError(f"the engine's best play {said(final)} is not among the answers, which are within "
                                 f"{MARGIN} of it: accept it too, or say close = true if the puzzle is about that small "
                                 "a difference", "answers")
            if final not in accepted and best - equity <= MARGIN:
                raise ProofError(f'{said(final)} is within {MARGIN} of the best {said(best_final)}: accept it too, or '
                                 "say close = true if the puzzle is about that small a difference", "answers")
    for final in wrong:  # in a close puzzle, any loss the figures can tell is a loss
        if final in figures and ((not close and best - figures[final][0] <= MARGIN) or tied(final)):
            raise ProofError(f"the wrong play {said(final)} loses only {best - figures[final][0]:.3f} to the best "
                             f"{said(best_final)}: no loss for its comment to explain (drop it, or accept the play)",
                             "wrong")

"""Differential test of short nardy against GNU Backgammon's move generator (the PyPI package gnubg-nn).

gnubg-nn is GPL-2 and is used here, in the tests, only (requirements/test.txt pins it); nothing outside
tests/ imports it. The test is skipped where it is not installed.

gnubg's board convention, as found by experiment with ``gnubg_nn.moves`` and ``gnubg_nn.boardfromkey``:
a board is two 25-lists ``[opponent, side on roll]``; in each, index ``i`` is that side's own point ``i + 1``
(so its own numbering, as in nardy_core) and index 24 its bar; checkers not listed are borne off.
``moves(board, d1, d2)`` returns one key per distinct final position (the same orientation: the side that
moved is still the second list, hit checkers are on the first list's bar), ``()`` when the roll passes.

Positions come from random self-play with a fixed seed; for every turn the set of distinct final positions
of ``TurnSearch(...).outcomes()`` must equal gnubg's set exactly. Both count the dice literally when the last
checker goes off (docs/rules-short.md S4.1, standard backgammon): from own 2 with 6-1 that is ``2/1 1/off``,
never ``2/off`` alone (long nardy's R11.3 reads this the other way).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from nardy_core import Game, Position, Roll, ShortRules, Side, TurnSearch
from nardy_core.games import BAR

from .gnubg import gnubg_board
from .selfplay import opening_throw

gnubg_nn = pytest.importorskip("gnubg_nn")

SEED = 20251201
POSITIONS = 20_000  #: turns compared: about 200 games, ~20 s (gnubg answers in microseconds; the engine's search is the cost)

#: every kind of position must be represented at least this often (the counts are printed with -s)
MINIMUM = {
    "games": 150,
    "contact": 8_000,  # some checkers of the two sides can still meet
    "mover_on_bar": 3_000,
    "two_or_more_on_bar": 700,
    "entry_blocked_for_a_die": 2_000,  # a checker on the bar and the entry point of a die held
    "hit_possible": 6_000,  # some legal outcome hits
    "double_hit_possible": 2_000,
    "pass": 500,  # no legal move at all
    "partial": 300,  # fewer dice playable than thrown (but not a pass)
    "bearing_off": 900,  # the mover is all home
    "bear_off_possible": 1_000,
    "game_ends": 150,
    "doubles": 2_500,
}


def _key(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(mine[1 : BAR + 1]), tuple(theirs[1 : BAR + 1])


def _gnubg_finals(position: Position, roll: Roll) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    finals = set()
    for key in gnubg_nn.moves(gnubg_board(position), roll.high, roll.low):
        theirs, mine = gnubg_nn.boardfromkey(key)
        finals.add((tuple(mine), tuple(theirs)))
    return finals


def _contact(position: Position) -> bool:
    """Can a checker of the side to move still meet an opposing one? (own point p meets the opponent's 25 - p)"""
    mine, theirs = position.counts(position.to_move), position.counts(position.to_move.other)
    back_mine = max(p for p in range(BAR + 1) if mine[p] or p == 0)
    back_theirs = max(p for p in range(BAR + 1) if theirs[p] or p == 0)
    return back_mine + back_theirs > BAR


def _self_play_positions(seed: int, count: int) -> Iterator[tuple[Position, Roll, TurnSearch]]:
    """Random self-play of whole games (opening: two different dice) until ``count`` turns are played, each
    with the search that chose its play (the test reads the same search: one search a turn, not two)."""
    rng = random.Random(seed)
    rules = ShortRules()
    played = 0
    while played < count:
        white_die, black_die = opening_throw(rng)
        position = Position.start(Game.SHORT, Side.WHITE if white_die > black_die else Side.BLACK)
        roll = Roll(white_die, black_die)
        while played < count:
            search = TurnSearch(position, roll, False, rules)
            yield position, roll, search
            played += 1
            outcomes = search.outcomes()
            final = rng.choice(outcomes)[0] if outcomes else position
            if final.on_board(position.to_move) == 0:
                break
            position, roll = final.with_to_move(position.to_move.other), Roll.random(rng)


def test_gnubg_board_convention() -> None:
    """The convention above, on a hand position where it matters: White on the bar, Black's blot on his own 4."""
    position = Position.from_notation("short:w/bar,6:14/13:14,4")  # Black's own 4 is White's 21

    def lists(mine: dict[int, int], theirs: dict[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(mine.get(i + 1, 0) for i in range(25)), tuple(theirs.get(i + 1, 0) for i in range(25))

    assert _gnubg_finals(position, Roll(4, 1)) == {
        lists({20: 1, 6: 14}, {13: 14, 25: 1}),  # bar/21* 21/20 (25 = the bar)
        lists({21: 1, 6: 13, 5: 1}, {13: 14, 25: 1}),  # bar/21* 6/5
        lists({20: 1, 6: 14}, {13: 14, 4: 1}),  # bar/24 24/20: no hit
        lists({24: 1, 6: 13, 2: 1}, {13: 14, 4: 1}),  # bar/24 6/2
    }


def test_the_last_checker_goes_off_with_both_dice_when_it_can() -> None:
    """Black's last checker on his own 2, White's blot on Black's 1, 6-1: only 2/1* 1/off, as gnubg plays it."""
    position = Position.from_notation("short:b/24,13:14/2,off:14")
    search = TurnSearch(position, Roll(6, 1), False, ShortRules())
    assert [" ".join(map(str, play)) for _, play in search.outcomes()] == ["2/1* 1/off"]
    mover = position.to_move
    ours = {_key(final.counts(mover), final.counts(mover.other)) for final, _ in search.outcomes()}
    assert ours == _gnubg_finals(position, Roll(6, 1))


@pytest.mark.long_running
def test_turns_equal_gnubg_on_random_self_play() -> None:
    kinds: Counter[str] = Counter()
    mismatches = []
    for position, roll, search in _self_play_positions(SEED, POSITIONS):
        mover = position.to_move
        finals = {_key(final.counts(mover), final.counts(mover.other)): final for final, _ in search.outcomes()}
        ours = set(finals)
        theirs = _gnubg_finals(position, roll)
        if ours != theirs:
            mismatches.append((str(position), str(roll), len(ours), len(theirs)))
        mine = position.counts(mover)
        opponent = position.counts(mover.other)
        kinds["contact"] += _contact(position)
        kinds["mover_on_bar"] += mine[BAR] > 0
        kinds["two_or_more_on_bar"] += mine[BAR] > 1
        kinds["entry_blocked_for_a_die"] += mine[BAR] > 0 and any(opponent[d] >= 2 for d in set(roll.steps))
        hits = [f[1][BAR - 1] - opponent[BAR] for f in ours]
        kinds["hit_possible"] += any(h > 0 for h in hits)
        kinds["double_hit_possible"] += any(h > 1 for h in hits)
        kinds["pass"] += not ours
        kinds["partial"] += 0 < search.max_dice < len(roll.steps)
        kinds["bearing_off"] += position.all_home(mover)
        kinds["bear_off_possible"] += any(sum(f[0]) < sum(mine) for f in ours)
        kinds["game_ends"] += any(sum(f[0]) == 0 for f in ours)
        kinds["games"] += position == Position.start(Game.SHORT, mover)
        kinds["doubles"] += roll.is_double
    print(f"\n{POSITIONS} positions, seed {SEED}: {dict(sorted(kinds.items()))}")
    assert not mismatches, f"{len(mismatches)} of {POSITIONS} differ from gnubg, e.g. {mismatches[:5]}"
    short = {kind: (kinds[kind], least) for kind, least in MINIMUM.items() if kinds[kind] < least}
    assert not short, f"the self-play positions lack variety: {short}"

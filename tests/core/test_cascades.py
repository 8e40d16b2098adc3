"""Cascading doubles and hand-offs (nardy_core.parts): every worked case of VARIANTS.md V1.7 and V2.6
(data/cascade-cases.json) with its exact outcome sets, and properties over random positions: a turn made of
parts always ends, plays whole stages before the next, never plays more dice than it has, hands over exactly
the dice it left, and one head allowance covers all its parts."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nardy_core import Position, Side, TurnSearch, legal_turns, parse_play
from nardy_core.dice import Roll
from nardy_core.errors import RulesError
from nardy_core.games import CHECKERS, HEAD
from nardy_core.parts import (
    NO_HEAD_LIMIT,
    CascadeOptions,
    CascadeTurn,
    PartedTurn,
    cascades,
    check_parted_play,
    handoff_outcomes,
    handoff_parts,
    stages,
    turn_outcomes,
)
from nardy_core.rules import LongRules, rules_from_dict

from .selfplay import self_play

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "cascade-cases.json").read_text(encoding="utf-8"))["cases"]
#: the longest hand-off the properties play out: a cascade of 1-1 that stalls early hands over up to 23 dice,
#: and from a spread position those have some 15,000 distinct outcomes, tens of seconds to list (bench/movegen.py
#: measures the hand-offs; the worked cases C02 and C04 play 17 and 8)
HANDOFF_DICE_CHECKED = 8
#: the two games' default options (VARIANTS.md V1.5, V2.5)
PRESETS = {"gulbara": {}, "crazy": {"cascade_from": "always", "handoff": "all"}}


def random_positions(rng: random.Random, count: int) -> list[Position]:
    """``count`` positions met in random long-nardy games: openings, middle games, bear-offs."""
    met = [seen.position for seed in range(3) for seen in self_play(seed, LongRules(), 200)]
    return rng.sample(met, count)


def _side(position: Position, side: Side) -> str:
    """``side``'s part of the notation (``w/<white>/<black>``)."""
    return position.notation().split("/")[1 if side is Side.WHITE else 2]


def _settings(case: dict[str, Any], variant: dict[str, Any] | None = None) -> dict[str, Any]:
    variant = variant or {}
    game = variant.get("game", case["game"])
    options = {**PRESETS[game], **(case["options"] if "game" not in variant else {}), **variant.get("options", {})}
    return {
        "options": CascadeOptions(**options),
        "rules": rules_from_dict(variant.get("rules", case.get("rules", {}))),
        "roll_no": variant.get("roll_no", case["roll_no"]),
        "own_roll_no": variant.get("own_roll_no", case["own_roll_no"]),
        "first_turn": case["first_turn"],
    }


def _outcomes(case: dict[str, Any], settings: dict[str, Any]) -> list[PartedTurn]:
    position = Position.from_notation(case["position"])
    assert isinstance(settings["rules"], LongRules)
    return turn_outcomes(position, Roll(*case["dice"]), settings["options"], roll_no=settings["roll_no"],
                         own_roll_no=settings["own_roll_no"], first_turn=settings["first_turn"], rules=settings["rules"])


def _as_expected(outcomes: list[PartedTurn], with_dice: bool) -> list[dict[str, Any]]:
    found = []
    for outcome in outcomes:
        entry: dict[str, Any] = {"mover": _side(outcome.position, outcome.position.to_move), "handoff": list(outcome.handoff)}
        if with_dice:
            entry["dice_played"] = outcome.dice_played
        found.append(entry)
    return sorted(found, key=json.dumps)


def _check_handoffs(case: dict[str, Any], expected: list[dict[str, Any]], outcomes: list[PartedTurn], settings: dict[str, Any]) -> None:
    by_side = {_side(o.position, o.position.to_move): o for o in outcomes}
    for handoff in expected:
        outcome = by_side[handoff["after"]]
        assert list(outcome.handoff) == handoff["handed"]
        receiver = outcome.position.handed_over()
        played = handoff_outcomes(receiver, outcome.handoff, settings["options"], settings["rules"])
        assert sorted(_side(o.position, receiver.to_move) for o in played) == sorted(handoff["receiver"]), handoff["after"]
        assert all(not o.handoff for o in played)  # what the receiver cannot play is lost: no bounce
        for o in played:
            assert handoff.get("dice_played", {}).get(_side(o.position, receiver.to_move), o.dice_played) == o.dice_played


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_the_worked_case_has_exactly_its_outcomes(case: dict[str, Any]) -> None:
    settings = _settings(case)
    outcomes = _outcomes(case, settings)
    assert _as_expected(outcomes, with_dice=True) == sorted(case["outcomes"], key=json.dumps)
    _check_handoffs(case, case["handoffs"], outcomes, settings)


@pytest.mark.parametrize(
    "case,variant",
    [(case, variant) for case in CASES for variant in case["variants"]],
    ids=[f"{case['id']}-{n}" for case in CASES for n, _ in enumerate(case["variants"], start=1)],
)
def test_the_worked_case_under_other_settings(case: dict[str, Any], variant: dict[str, Any]) -> None:
    settings = _settings(case, variant)
    outcomes = _outcomes(case, settings)
    assert _as_expected(outcomes, with_dice=True) == sorted(variant["outcomes"], key=json.dumps)
    _check_handoffs(case, variant.get("handoffs", []), outcomes, settings)


#: VARIANTS.md G02's verdicts: Black's 5-5 at game roll 4 (stages 5-5, 6-6)
G02_VERDICTS = [
    ("24/18", "illegal", "CASCADE_STAGE", 1),  # the 5-5 stage comes first
    ("24/19 24/19", "illegal", "HEAD_LIMIT", 2),  # a second head checker
    ("24/19 20/15 15/10 10/5 19/13 13/7 7/1", "legal", None, None),  # outcome a), one 6 handed over
    ("24/19 20/15 15/10 10/5 19/13", "incomplete", "MUST_USE_BOTH", None),  # a 6 more can be played
    ("24/19 20/15 15/10 10/5 5/off", "illegal", "NOT_ALL_HOME", 5),
    ("13/8", "illegal", "NO_CHECKER", 1),  # the rules of the step come before the stage's
]


@pytest.mark.parametrize("play,verdict,code,step", G02_VERDICTS, ids=[v[0] for v in G02_VERDICTS])
def test_a_cascade_is_judged_step_by_step_stage_by_stage(play: str, verdict: str, code: str | None, step: int | None) -> None:
    turn = CascadeTurn(Position.from_notation("b/24:13,16,5/24:14,20"), stages(Roll(5, 5)), allowance=1)
    found = check_parted_play(turn, parse_play(play))
    assert (found.verdict, found.code and found.code.value, found.step) == (verdict, code, step)


def test_the_refusal_of_a_later_stage_says_which_stage_comes_first() -> None:
    turn = CascadeTurn(Position.from_notation("b/24:13,16,5/24:14,20"), stages(Roll(5, 5)), allowance=1)
    assert turn.play(24, 19).accepted and turn.play(20, 15).accepted
    reason = turn.play(15, 9).reason
    assert reason is not None and reason.code.value == "CASCADE_STAGE"
    assert reason.params == {"from": 15, "to": 9, "die": 6, "stage": 5, "left": 2}


def test_a_roll_that_does_not_cascade_plays_as_in_long_nardy() -> None:
    """Without a cascade and with nothing handed over, the outcomes are long nardy's legal turns."""
    rng = random.Random(5)
    for position in random_positions(rng, 40):
        roll = Roll.random(rng)
        expected = sorted(_side(final, position.to_move) for final, _ in legal_turns(position, roll))
        found = turn_outcomes(position, roll, CascadeOptions(cascade_from="off", handoff="off"))
        if not expected:  # a forfeit: the position stays
            assert [o.position for o in found] == [position]
            continue
        assert sorted(_side(o.position, position.to_move) for o in found) == expected


#: the options the properties run under, each with the smallest double it rolls: the smaller the double, the
#: longer the cascade, and the outcomes of a whole turn grow with it (a 1-1 cascade from a spread position has
#: some 17,000; without the head rule a 3-3 from the start has 42,000), which the worked cases and the bench
#: cover instead of this sweep
PROPERTY_SETTINGS = {
    "crazy": (CascadeOptions(cascade_from="always", handoff="all"), 3),
    "whole-free": (CascadeOptions(cascade_from="always", handoff="all", cascade_max="whole", handoff_order="free"), 3),
    "no-head-rule": (CascadeOptions(cascade_from="always", head_rule="off"), 5),
}


@pytest.mark.parametrize("name", PROPERTY_SETTINGS)
def test_every_cascade_plays_stages_in_order_and_hands_over_exactly_what_it_left(name: str) -> None:
    options, smallest = PROPERTY_SETTINGS[name]
    rng = random.Random(11)
    for position in random_positions(rng, 25):
        for die in (rng.randint(smallest, 6), rng.randint(smallest, 6)):
            roll = Roll(die, die)
            parts = stages(roll)
            outcomes = turn_outcomes(position, roll, options)
            assert outcomes, "a turn always has an outcome, if only the position it started from"
            mover = position.to_move
            for outcome in outcomes:
                dice = [step.die for step in outcome.steps]
                assert len(dice) == outcome.dice_played <= 4 * len(parts)
                # the stages in order: a die never comes before a smaller one (a stage is played in full first)
                assert dice == sorted(dice)
                # what was played and what was handed over are the cascade's dice, exactly
                if not outcome.game_over:
                    assert Counter(dice) + Counter(outcome.handoff) == Counter(d for part in parts for d in part.steps)
                else:
                    assert not outcome.handoff
                assert outcome.position.on_board(mover) + outcome.position.borne_off(mover) == CHECKERS
                if options.head_rule == "on":
                    assert position.count(mover, HEAD) - outcome.position.count(mover, HEAD) <= 1
                # every generated turn is accepted step by step, ends where it said, and leaves what it handed over
                allowance = NO_HEAD_LIMIT if options.head_rule == "off" else TurnSearch(position, parts[0], False, LongRules()).head_limit
                turn = CascadeTurn(position, parts, allowance)
                assert check_parted_play(turn, [(s.src, s.dst) for s in outcome.steps]).verdict == "legal"
                assert turn.position == outcome.position and turn.handed_over() == outcome.handoff
                if len(outcome.handoff) > HANDOFF_DICE_CHECKED:
                    continue
                receiver = outcome.position.handed_over()
                for reply in handoff_outcomes(receiver, outcome.handoff, options):
                    assert len(reply.steps) <= len(outcome.handoff) and not reply.handoff
                    assert reply.position.on_board(receiver.to_move) + reply.position.borne_off(receiver.to_move) == CHECKERS
                    if options.head_rule == "on":
                        assert receiver.count(receiver.to_move, HEAD) - reply.position.count(receiver.to_move, HEAD) <= 1


def test_cascades_start_where_the_options_say() -> None:
    double, plain = Roll(2, 2), Roll(6, 5)
    assert not cascades(plain, CascadeOptions(cascade_from="always"), roll_no=9, own_roll_no=5)
    assert [cascades(double, CascadeOptions(), roll_no=n, own_roll_no=1) for n in (1, 3, 4)] == [False, False, True]
    assert [cascades(double, CascadeOptions(cascade_from="player_roll_4"), roll_no=9, own_roll_no=n) for n in (3, 4)] == [False, True]
    assert not cascades(double, CascadeOptions(cascade_from="off"), roll_no=9, own_roll_no=9)
    assert [len(stages(Roll(d, d))) for d in (1, 6)] == [6, 1]


def test_a_remainder_is_received_stage_by_stage_and_a_roll_as_one_part() -> None:
    assert [p.steps for p in handoff_parts((3, 4, 4, 4, 4), CascadeOptions())] == [(3,), (4, 4, 4, 4)]
    assert [p.steps for p in handoff_parts((6, 5), CascadeOptions())] == [(6, 5)]
    assert [p.steps for p in handoff_parts((4, 4), CascadeOptions())] == [(4, 4)]
    assert handoff_parts((), CascadeOptions()) == []


@pytest.mark.parametrize("bad", [{"cascade_from": "roll_5"}, {"handoff": True}, {"head_rule": None}])
def test_an_unknown_option_value_is_refused_with_the_values_it_may_take(bad: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="expected one of"):
        CascadeOptions(**bad)


def test_the_bench_prints_its_figures_for_both_games() -> None:
    """bench/cascades.py (the figures of docs/variants.md) runs, briefly: a part's and a whole turn's times."""
    bench = Path(__file__).resolve().parents[2] / "bench" / "cascades.py"
    printed = subprocess.run([sys.executable, str(bench), "--games", "1", "--turns", "8"], capture_output=True, text=True,
                             check=True).stdout
    for game in PRESETS:
        assert f"== {game}:" in printed
    assert printed.count("one part: median") == printed.count("whole turn: median") == len(PRESETS)

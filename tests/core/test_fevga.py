"""февга as a game of the table, through the API (VARIANTS.md V7): long nardy's board with the runner rule, the
starting-quarter rule and unblocking in place of the head rule and the six-block. Every worked case (F01–F04)
asked as ``turns`` and ``check``; the rules held over random self-play; ``fevga_rules=long`` is long nardy
exactly; a whole game against the computer through the game requests, replayed and analysed."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest

from nardy_core import Position, Roll, Side, TurnSearch
from nardy_core.api import call
from nardy_core.rules import FevgaRules, LongRules
from nardy_core.stepping import FevgaStepper

from .selfplay import computer_game, self_play


def outcomes(position: str, dice: list[int], **fields: Any) -> dict[str, str]:
    """White's side of every outcome of a ``turns`` request (its notation) -> one play reaching it."""
    answer = call("turns", {"position": position, "dice": dice, **fields})
    assert "error" not in answer, answer
    found = {Position.from_points(o["white"], o["black"], Side.WHITE, Position.from_notation(position).game).notation()
             .split("/")[1]: o["play"] for o in answer["outcomes"]}
    assert len(found) == len(answer["outcomes"])
    return found


def verdict(position: str, dice: list[int], play: str, **fields: Any) -> tuple[str, str | None]:
    answer = call("check", {"position": position, "dice": dice, "play": play, **fields})
    return answer["verdict"], answer["code"]


def test_f01_the_opening_6_6_runner_is_stuck_and_the_other_sixes_are_lost() -> None:
    assert outcomes("fevga:w/24:15/24:15", [6, 6], first_turn=True) == {"24:14,18": "24/18"}
    assert verdict("fevga:w/24:15/24:15", [6, 6], "24/18 24/18", first_turn=True) == ("illegal", "RUNNER_FIRST")
    # long nardy, for contrast: two head checkers go (the 6-6 exception)
    long = call("turns", {"position": "w/24:15/24:15", "dice": [6, 6], "first_turn": True})
    assert [o["play"] for o in long["outcomes"]] == ["24/18 24/18"]


def test_f02_the_runner_passes_mid_turn_and_frees_the_head() -> None:
    found = outcomes("fevga:w/24:14,13/24:15", [5, 2])
    assert set(found) == {"24:14,6", "24:13,22,8", "24:13,19,11"}
    assert verdict("fevga:w/24:14,13/24:15", [5, 2], "24/19 13/11") == ("illegal", "RUNNER_FIRST")
    assert verdict("fevga:w/24:14,13/24:15", [5, 2], "13/11 24/19") == ("legal", None)


def test_f03_the_starting_quarter_may_not_be_full() -> None:
    position = "fevga:w/24:10,23,22,21,20,5/24:15"
    assert len(outcomes(position, [5, 1])) == 25
    assert verdict(position, [5, 1], "24/19 5/4") == ("illegal", "START_QUARTER")
    assert verdict(position, [5, 1], "23/22 24/19") == ("legal", None)
    assert verdict(position, [5, 1], "24/19 19/18") == ("illegal", "START_QUARTER")
    assert verdict(position, [5, 1], "24/23 23/18") == ("legal", None)
    answer = call("check", {"position": position, "dice": [5, 1], "play": "23/22 24/19"})
    assert answer["verdict"] == "legal"


def test_f04_unblocking_keeps_the_turns_that_open_the_wall() -> None:
    position = "fevga:w/18,17,16,15,14,13,6:5,5:4/7:15"
    found = outcomes(position, [2, 1])
    assert len(found) == 51
    wall = range(13, 19)
    for final in found:
        points = {int(item.split(":")[0]) for item in final.split(",") if not item.startswith("off")}
        assert not set(wall) <= points, final  # every outcome leaves a point of the wall empty
    for play in ("6/4 5/4", "5/4 5/3", "5/4 4/2", "6/5 6/4", "6/5 5/3"):
        assert verdict(position, [2, 1], play) == ("illegal", "MUST_OPEN"), play
    assert verdict(position, [2, 1], "13/12 12/10") == ("legal", None)
    search = TurnSearch(Position.from_notation(position), Roll(2, 1), False, FevgaRules())
    assert search.stepper.must_open and len(search.outcomes()) == 51
    # the same search without the obligation: the 56 distinct outcomes the case starts from
    with patch.object(FevgaStepper, "required_ends", lambda self, ends: ends):
        assert len(TurnSearch(Position.from_notation(position), Roll(2, 1), False, FevgaRules()).outcomes()) == 56


def test_a_step_that_no_turn_opening_the_wall_follows_is_refused_at_once() -> None:
    # two checkers on each point of the wall: only both dice from one point open it, so 6/4 first cannot
    position = "fevga:w/18:2,17:2,16:2,15:2,14:2,13:2,6:3/7:15"
    answer = call("check", {"position": position, "dice": [2, 1], "play": "6/4 18/17"})
    assert (answer["verdict"], answer["code"], answer["step"]) == ("illegal", "MUST_OPEN", 1)
    assert verdict(position, [2, 1], "18/16 18/17") == ("legal", None)


def test_a_runner_on_the_opponents_start_has_not_passed_it() -> None:
    position = "fevga:w/24:14,12/18:15"  # Black has left its head: White's runner stands on own 12
    assert set(outcomes(position, [6, 1])) == {"24:13,18,11", "24:14,5"}
    assert verdict(position, [6, 1], "24/18 12/11") == ("illegal", "RUNNER_FIRST")


def test_both_quarters_under_fevga_quarter_both() -> None:
    position = "fevga:w/24:9,12,11,10,9,8:2/18:15"
    assert verdict(position, [1, 1], "8/7", rules={"fevga_quarter": "both"}) == ("illegal", "START_QUARTER")
    assert verdict(position, [1, 1], "8/7 24/23 24/23 24/23") == ("legal", None)  # only one's own, by default


def test_fevga_rules_long_lets_two_checkers_leave_the_head_only_with_6_6_and_4_4() -> None:
    assert set(outcomes("fevga:w/24:15/24:15", [3, 3], first_turn=True, rules={"fevga_rules": "long"})) == {"24:14,15"}
    assert set(outcomes("fevga:w/24:15/24:15", [4, 4], first_turn=True, rules={"fevga_rules": "long"})) == {"24:13,16:2"}


def test_fevga_rules_long_is_long_nardy_exactly() -> None:
    for seed in (1, 2):
        for seen in self_play(seed, LongRules(start="reroll"), 60)[::4]:
            position = Position.from_notation(f"fevga:{seen.position.notation()}")
            long_finals = {f.notation() for f, _ in seen.search.outcomes()}
            search = TurnSearch(position, seen.roll, seen.first_turn, FevgaRules(fevga_rules="long"))
            if seen.first_turn and seen.roll.is_double and seen.roll.high == 3:
                continue  # long nardy's default lets two checkers off the head with 3-3 too; Sheyn's февга does not
            assert {f.notation().removeprefix("fevga:") for f, _ in search.outcomes()} == long_finals


@pytest.mark.parametrize("rules", [FevgaRules(), FevgaRules(fevga_quarter="both")], ids=["own", "both"])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_the_rules_hold_over_random_self_play(rules: FevgaRules, seed: int) -> None:
    """After every turn: no side fills its starting quarter (or, under ``both``, the other's); while a side has
    not passed the opponent's start, at most one of its checkers has left the head; every turn that could open
    a wall did."""
    for seen in self_play(seed, rules, 300):
        for final, steps in seen.search.outcomes():
            mine = final.counts(seen.position.to_move)
            assert not all(mine[p] for p in range(19, 25)), (seen.position, steps)
            if rules.fevga_quarter == "both":
                assert not all(mine[p] for p in range(7, 13)), (seen.position, steps)
            if not any(mine[p] for p in range(1, 12)) and sum(mine) == 15:
                assert sum(mine[12:24]) <= 1, (seen.position, steps)
            if seen.search.stepper.must_open:
                assert seen.search.stepper.opens((mine,)), (seen.position, steps)


def test_a_whole_game_against_the_computer_through_the_game_requests() -> None:
    opening = call("game_new", {"game": "fevga", "seed": 7})
    assert opening["phase"] == "roll" and opening["roll"] is None  # the opening winner rolls again
    state, record = computer_game("fevga", 7)
    assert state["result"]["kind"] in ("oin", "mars")
    assert "error" not in call("game_analysis", {"record": record})


def test_the_editor_says_a_full_starting_quarter_is_no_position_of_fevga() -> None:
    answer = call("setup", {"position": "fevga:w/24:10,23,22,21,20,19/24:15"})
    assert [(p["code"], p["params"], p["highlight"]) for p in answer["problems"]] == [
        ("START_QUARTER", {"side": "white", "from": 19, "to": 24}, [19, 20, 21, 22, 23, 24])]
    both = call("setup", {"position": "fevga:w/24:9,12,11,10,9,8,7/18:15", "rules": {"fevga_quarter": "both"}})
    assert [p["code"] for p in both["problems"]] == ["START_QUARTER"]
    assert call("setup", {"position": "fevga:w/24:9,12,11,10,9,8,7/18:15"})["problems"] == []
    # under fevga_rules=long it is long nardy's six-block, judged by long nardy's rule
    long = call("setup", {"position": "fevga:w/24:10,23,22,21,20,19/24:15", "rules": {"fevga_rules": "long"}})
    assert [p["code"] for p in long["problems"]] == ["SIX_BLOCK"]


def test_the_options_are_fevgas() -> None:
    assert call("game_new", {"game": "fevga", "seed": 1, "rules": {"koks": "koks_home"}})["error"]["code"] == "BAD_RULES"
    assert call("game_new", {"game": "fevga", "seed": 1, "rules": {"block": "none"}})["error"]["code"] == "BAD_RULES"
    assert call("game_new", {"game": "long", "seed": 1, "rules": {"fevga_quarter": "both"}})["error"]["code"] == "BAD_RULES"
    assert "error" not in call("game_new", {"game": "fevga", "seed": 1, "rules": {"fevga_rules": "long"}})
    assert "error" not in call("game_new", {"game": "fevga", "seed": 1, "rules": {"cube": True}})  # as in long nardy

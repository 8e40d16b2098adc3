"""американка and тавла as games of the table, through the API (VARIANTS.md V5, V6): short nardy's board with
other defaults. Every worked case (AM01–AM03, T01–T03) asked as ``turns``, ``check`` and ``result`` with
``"game"``; the start each game's rules give (the corner setup, the re-rolled opening); whole games against the
computer through the game requests, every record replayed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nardy_core import Game, Position, Side
from nardy_core.api import call

from .selfplay import computer_game
from .test_short_rules import load_cases

START = {"24": 2, "13": 5, "8": 3, "6": 5}
CORNER = {"24": 5, "23": 3, "22": 5, "21": 2}
SHORT_CASES = {case["id"]: case for case in load_cases()}


def turns(game: str, white: dict[str, int], black: dict[str, int], dice: list[int], **fields: Any) -> set[str]:
    """The mover's (White's) side of every outcome of a ``turns`` request, in the notation's side format."""
    answer = call("turns", {"game": game, "white": white, "black": black, "mover": "white", "dice": dice, **fields})
    assert "error" not in answer, answer
    finals = {json.dumps(outcome["white"], sort_keys=True) for outcome in answer["outcomes"]}
    assert len(finals) == len(answer["outcomes"])  # the outcomes are distinct
    return finals


def side(text: str) -> str:
    """``24:3,19`` as a ``turns`` answer writes White's side."""
    return json.dumps({point: int(count or 1) for point, _, count in (item.partition(":") for item in text.split(","))},
                      sort_keys=True)


def case_request(case: dict[str, Any], game: str) -> dict[str, Any]:
    return {"game": game, "white": case["white"], "black": case["black"], "mover": case["mover"].lower(),
            "dice": case["dice"]}


def test_am01_the_default_american_is_short_nardy_o01_unchanged() -> None:
    case = SHORT_CASES["O01"]
    assert call("turns", case_request(case, "american"))["outcomes"] == call("turns", case_request(case, "short"))["outcomes"]
    assert len(call("turns", case_request(case, "american"))["outcomes"]) == 7


def test_am02_the_corner_setup_opening_6_5_has_twenty_plays() -> None:
    finals = turns("american", CORNER, CORNER, [6, 5], first_turn=True, rules={"american_setup": "corner"})
    assert len(finals) == 20
    for expected in ("24:3,23:3,22:5,21:2,19,18", "24:5,23:3,22:5,16,15", "24:4,23:3,22:5,21:2,13",
                     "24:5,23:2,22:5,21:2,12", "24:5,23:3,22:4,21:2,11", "24:5,23:3,22:5,21,10"):
        assert side(expected) in finals, expected
    # the 6 and the 5 land below the stacks (own 19 and lower): one checker ran both numbers, or two moved
    left = sorted(sum(n for point, n in json.loads(final).items() if int(point) < 21) for final in finals)
    assert left == [1] * 4 + [2] * 16


def test_am03_seed_003s_setup_is_refused_with_the_count() -> None:
    answer = call("turns", {"game": "american", "position": "american:w/1:2/9:2", "dice": [6, 5]})
    assert answer["error"]["code"] == "TOO_FEW_CHECKERS", answer
    assert "white accounts for 2 checkers, not 15" in answer["error"]["message"]


def test_the_corner_setup_is_an_american_option_only() -> None:
    assert call("game_new", {"game": "short", "seed": 1, "rules": {"american_setup": "corner"}})["error"]["code"] == "BAD_RULES"
    game = call("game_new", {"game": "american", "seed": 1, "rules": {"american_setup": "corner"}})
    position = Position.from_notation(game["position"])
    assert all(position.as_points(s) == CORNER for s in Side)
    assert call("game_new", {"game": "american", "seed": 1})["position"].endswith("/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5")
    # a game set up at the corner start is a game's start: no roll made yet
    fresh = call("game_from_position", {"game": "american", "position": game["position"], "rules": {"american_setup": "corner"}})
    assert fresh["rolls"] == [0, 0] and fresh["has_moved"] == []


def test_t01_tavlas_opening_may_be_a_double_with_eleven_plays() -> None:
    finals = turns("tavla", START, START, [6, 6], first_turn=True)
    assert len(finals) == 11
    assert side("18:2,13:3,8:3,7:2,6:5") in finals and side("24:2,13:4,7,6:5,2:3") in finals


def test_tavlas_first_mover_rolls_again_and_his_roll_may_be_a_double() -> None:
    doubles = 0
    for seed in range(40):
        game = call("game_new", {"game": "tavla", "seed": seed, "players": {"white": "human", "black": "human"}})
        assert game["phase"] == "roll" and game["roll"] is None, game  # the opening throw only chose who starts
        rolled = call("game_roll", {"game": game, "seed": seed})
        assert rolled["phase"] == "move" and rolled["to_move"] == game["to_move"]
        doubles += rolled["roll"][0] == rolled["roll"][1]
    assert doubles  # 40 first rolls: a double all but surely among them (and never with short nardy's opening)
    short = call("game_new", {"game": "short", "seed": 3})
    assert short["phase"] == "move" and short["roll"][0] != short["roll"][1]


@pytest.mark.parametrize("case_id", ["F01", "F02", "F03"])
def test_t02_no_hit_and_run_at_home_is_tavlas_default(case_id: str) -> None:
    case = SHORT_CASES[case_id]
    assert case["rules"] == {"home_hit_and_run": "forbidden"}
    tavla = call("turns", case_request(case, "tavla"))
    assert tavla["outcomes"] == call("turns", {**case_request(case, "short"), "rules": case["rules"]})["outcomes"]
    for verdict in case["verdicts"]:
        answer = call("check", {**case_request(case, "tavla"), "play": verdict["play"]})
        assert (answer["verdict"], answer.get("code"), answer.get("step")) == (verdict["verdict"], verdict["code"], verdict["step"])
    allowed = call("turns", {**case_request(case, "tavla"), "rules": {"home_hit_and_run": "allowed"}})
    assert allowed["outcomes"] == call("turns", case_request(case, "short"))["outcomes"]


def test_t03_tavla_has_no_koks_and_no_cube() -> None:
    case = SHORT_CASES["R03"]
    request = {"white": case["white"], "black": case["black"], "winner": "white"}
    assert call("result", {"game": "tavla", **request})["kind"] == "mars"
    assert call("result", {"game": "tavla", **request})["points"] == 2
    assert call("result", {"game": "tavla", **request, "rules": {"koks": 3}})["points"] == 3
    assert call("result", {"game": "short", **request})["points"] == 3
    refused = call("game_new", {"game": "tavla", "seed": 1, "rules": {"cube": True}})
    assert refused["error"]["code"] == "BAD_RULES" and "cube" in refused["error"]["message"]


@pytest.mark.parametrize("game,rules", [("american", {"american_setup": "corner", "cube": True}), ("tavla", {})])
def test_a_whole_game_against_the_computer_through_the_game_requests(game: str, rules: dict[str, Any]) -> None:
    state, record = computer_game(game, 5, rules)
    assert Position.from_notation(state["position"]).game is Game(game)
    analysis = call("game_analysis", {"record": record})
    assert "error" not in analysis, analysis

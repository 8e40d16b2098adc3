"""The board editor's setups: every problem a hand-made arrangement can have, and the round trip of every
position a setup can hold."""

from __future__ import annotations

from typing import Any

import pytest

from nardy_core import Game, Position, Side, default_rules, rules_from_dict
from nardy_core.api import call
from nardy_core.setups import SETUP_PROBLEMS, Setup


def codes(query: dict[str, Any]) -> list[str]:
    answer = call("setup", query)
    assert "error" not in answer, answer
    return [problem["code"] for problem in answer["problems"]]


def occupant(side: str, count: int) -> dict[str, Any]:
    return {"side": side, "count": count}


@pytest.mark.parametrize("game", list(Game), ids=lambda game: game.value)
def test_the_start_of_every_game_is_a_position_with_no_problems(game: Game) -> None:
    answer = call("setup", {"position": Position.start(game).notation()})
    assert answer["problems"] == [] and answer["position"] == Position.start(game).notation()


def test_a_sixteenth_checker_is_named_with_its_side_and_total_and_still_drawn() -> None:
    answer = call("setup", {"game": "long", "points": {"24": occupant("white", 15), "23": occupant("white", 1), "12": occupant("black", 15)}})
    assert answer["position"] is None
    assert answer["problems"] == [{"code": "TOO_MANY_CHECKERS", "message": "editor.problem.TOO_MANY_CHECKERS",
                                   "params": {"side": "white", "total": 16}, "highlight": [], "mark": "error"}]
    assert answer["board"]["points"]["23"] == occupant("white", 1) and answer["board"]["off"]["white"] == 0


def test_an_empty_board_and_a_finished_game_are_not_positions_to_play_on() -> None:
    assert codes({"game": "long"}) == ["BOTH_FINISHED"]
    assert codes({"game": "long", "points": {"1": occupant("white", 1)}}) == ["FINISHED"]
    finished = call("setup", {"game": "long", "points": {"1": occupant("white", 1)}})
    assert finished["position"] == "w/1,off:14/off:15" and finished["playable"] is False  # shown and scored, not played
    answer = call("setup", {"game": "short", "points": {"1": occupant("white", 1)}})
    assert answer["problems"][0]["params"] == {"side": "black"}


def test_long_nardy_refuses_checkers_outside_home_once_one_is_borne_off_but_short_nardy_allows_it() -> None:
    points = {"24": occupant("white", 1), "3": occupant("white", 13), "12": occupant("black", 15)}
    answer = call("setup", {"game": "long", "points": points})
    assert [p["code"] for p in answer["problems"]] == ["OFF_NOT_HOME"]
    assert answer["problems"][0]["params"] == {"side": "white", "off": 1, "outside": 1}
    assert answer["problems"][0]["highlight"] == [24]
    short = {"24": occupant("white", 1), "3": occupant("white", 13), "1": occupant("black", 15)}
    assert codes({"game": "short", "points": short}) == []


def test_a_six_block_with_no_opposing_checker_ahead_is_marked_and_named_in_the_owner_s_numbering() -> None:
    white = {str(p): occupant("white", 2) for p in range(13, 19)}  # white's 13..18; black's checkers all behind
    answer = call("setup", {"game": "long", "points": {**white, "24": occupant("white", 3), "12": occupant("black", 15)}})
    assert answer["problems"] == [{"code": "SIX_BLOCK", "message": "editor.problem.SIX_BLOCK_ahead",
                                   "params": {"side": "white", "from": 13, "to": 18, "rule": "ahead"},
                                   "highlight": [13, 14, 15, 16, 17, 18], "mark": "block"}]
    wall = {str(p): occupant("white", 2) for p in range(19, 25)}  # black's 7..12: one black checker home is ahead
    ahead = call("setup", {"game": "long", "points": {**wall, "10": occupant("white", 3), "12": occupant("black", 14),
                                                      "14": occupant("black", 1)}})
    assert ahead["problems"] == [] and ahead["position"]
    assert codes({"game": "long", "points": {**white, "24": occupant("white", 3), "12": occupant("black", 15)},
                  "rules": {"block": "none"}}) == []


def test_the_bar_is_short_nardy_s_only() -> None:
    assert call("setup", {"game": "long", "bar": {"white": 1}})["error"]["code"] == "BAD_POINT"
    answer = call("setup", {"game": "short", "mover": "black", "bar": {"black": 2},
                            "points": {"6": occupant("white", 15), "19": occupant("black", 13)}, "dice": "6-6"})
    assert answer["position"] == Position.from_notation(answer["position"]).notation()
    assert answer["board"]["bar"] == {"white": 0, "black": 2} and len(answer["board"]["dice"]) == 4
    assert answer["board"]["to_move"] == "black"


@pytest.mark.parametrize("query,code", [
    ({"game": "long", "points": {"25": occupant("white", 1)}}, "BAD_POINT"),
    ({"game": "long", "points": {"07": occupant("white", 1)}}, "BAD_POINT"),
    ({"game": "long", "points": {"7": {"side": "red", "count": 1}}}, "BAD_SIDE"),
    ({"game": "long", "points": {"7": {"side": "white", "count": 31}}}, "BAD_COUNT"),
    ({"game": "long", "points": {"7": {"side": "white", "count": True}}}, "BAD_COUNT"),
    ({"game": "long", "points": {"7": {"side": "white"}}}, "BAD_POSITION"),
    ({"game": "long", "points": [1]}, "BAD_POSITION"),
    ({"game": "short", "bar": {"red": 1}}, "BAD_POSITION"),
    ({"game": "long", "points": {}, "colour": "red"}, "UNKNOWN_FIELD"),
    ({"position": "w/24:16/24:15"}, "TOO_MANY_CHECKERS"),
])
def test_a_malformed_setup_is_refused_with_a_code(query: dict[str, Any], code: str) -> None:
    assert call("setup", query)["error"]["code"] == code


@pytest.mark.parametrize("notation", [
    "w/24:15/24:15", "b/24:13,19,18/24:14,20", "w/6:3,5:2,off:10/1:2,13:13",
    "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "short:b/bar:1,6:14/bar:2,20:13",
])
def test_every_position_round_trips_through_the_setup_the_editor_holds(notation: str) -> None:
    position = Position.from_notation(notation)
    board = call("describe", {"position": notation})["board"]
    again = call("setup", {"game": board["game"], "mover": board["to_move"], "points": board["points"], "bar": board["bar"]})
    assert again["position"] == position.notation()


def test_every_problem_code_is_documented_and_has_a_sentence() -> None:
    from pathlib import Path
    docs = (Path(__file__).parents[2] / "docs" / "reason-codes.md").read_text(encoding="utf-8")
    for code in SETUP_PROBLEMS:
        assert f"`{code}`" in docs
    assert Setup.of(Position.start()).problems(rules_from_dict({}, Game.LONG)) == []
    assert Setup.of(Position.start(Game.SHORT, Side.BLACK)).problems(default_rules(Game.SHORT)) == []

"""The CLI contract for short nardy: python -m nardy_core turns|check with "game": "short", exactly.

Sides are ``{own point: count}`` plus ``"bar": n``; outcomes come back in the same format with one play each
(``bar/19 19/16``, ``*`` after a point that was hit); ``check`` answers ``{"verdict", "code", "step"}``; bad
input is a JSON error with exit status 2. Positions are those of data/rules-cases-short.json.
"""

from __future__ import annotations

import json

import pytest

from .test_cli import run

FIVE_POINT_BOARD = {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "8": 5}
ON_BAR = {"game": "short", "white": {"bar": 1, "13": 1, "2": 13}, "black": FIVE_POINT_BOARD, "mover": "white", "dice": [6, 3]}
HIT = {"game": "short", "white": {"13": 1, "1": 14}, "black": {"18": 1, "1": 14}, "mover": "white", "dice": [6, 5]}
CLOSED = {
    "game": "short",
    "white": {"bar": 1, "13": 6, "8": 3, "6": 5},
    "black": {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "13": 3},
    "mover": "white",
    "dice": [6, 5],
}
HIT_AND_RUN = {
    "game": "short",
    "white": {"8": 1, "6": 2, "1": 12},
    "black": {"20": 1, "13": 14},
    "mover": "white",
    "dice": [3, 2],
    "rules": {"home_hit_and_run": "forbidden"},
}
START = {"24": 2, "13": 5, "8": 3, "6": 5}


def test_turns_enter_from_the_bar() -> None:
    code, result = run("turns", json.dumps(ON_BAR))
    assert code == 0
    assert result == {
        "outcomes": [
            {"white": {"16": 1, "13": 1, "2": 13}, "black": FIVE_POINT_BOARD, "play": "bar/19 19/16"},
            {"white": {"19": 1, "10": 1, "2": 13}, "black": FIVE_POINT_BOARD, "play": "bar/19 13/10"},
        ]
    }


def test_turns_a_hit_puts_the_blot_on_the_bar_of_the_outcome() -> None:
    code, result = run("turns", json.dumps(HIT))
    assert code == 0
    assert sorted(result["outcomes"], key=lambda o: o["play"]) == [
        {"white": {"2": 1, "1": 14}, "black": {"1": 14, "bar": 1}, "play": "13/7* 7/2"},
        {"white": {"2": 1, "1": 14}, "black": {"18": 1, "1": 14}, "play": "13/8 8/2"},
    ]


def test_turns_black_to_move_in_his_own_numbering() -> None:
    query = {"game": "short", "white": {"18": 1, "23": 1, "1": 13}, "black": {"13": 1, "1": 14}, "mover": "black", "dice": [6, 5]}
    code, result = run("turns", json.dumps(query))
    assert code == 0
    assert sorted(result["outcomes"], key=lambda o: o["play"]) == [
        {"white": {"1": 13, "bar": 2}, "black": {"2": 1, "1": 14}, "play": "13/7* 7/2*"},
        {"white": {"18": 1, "1": 13, "bar": 1}, "black": {"2": 1, "1": 14}, "play": "13/8 8/2*"},
    ]


def test_turns_closed_board_passes_and_a_list_is_answered_in_order() -> None:
    long_query = {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True}
    code, result = run("turns", json.dumps([CLOSED, long_query, {**CLOSED, "position": None}]))
    assert code == 2  # the third query is bad
    assert result[0] == {"outcomes": []}
    assert result[1]["outcomes"] == [{"white": {"24": 14, "13": 1}, "black": {"24": 15}, "play": "24/18 18/13"}]
    assert result[2]["error"]["code"] == "BAD_NOTATION"


def test_turns_from_the_position_notation() -> None:
    query = {"position": "short:w/bar,13,2:13/8:5,5:2,4:2,3:2,2:2,1:2", "dice": [6, 3]}
    code, result = run("turns", json.dumps(query))
    assert code == 0 and result == run("turns", json.dumps(ON_BAR))[1]


def test_every_play_turns_gives_is_legal_for_check() -> None:
    opening = {"game": "short", "white": START, "black": START, "mover": "white", "dice": [3, 1]}
    code, result = run("turns", json.dumps(opening))
    assert code == 0 and len(result["outcomes"]) == 16
    queries = [{**opening, "play": outcome["play"]} for outcome in result["outcomes"]]
    code, verdicts = run("check", json.dumps(queries))
    assert code == 0 and verdicts == [{"verdict": "legal", "code": None, "step": None}] * 16


@pytest.mark.parametrize(
    "query,play,expected",
    [
        (ON_BAR, "bar/19 19/16", ("legal", None, None)),
        (ON_BAR, "bar/16", ("legal", None, None)),
        (ON_BAR, "13/10 bar/19", ("illegal", "BAR_FIRST", 1)),
        (ON_BAR, "bar/22", ("illegal", "ENTRY_HELD", 1)),
        (ON_BAR, "bar/19", ("incomplete", "MUST_USE_BOTH", None)),
        (CLOSED, "", ("legal", None, None)),
        (CLOSED, "13/7 13/8", ("illegal", "BAR_FIRST", 1)),
        (HIT, "13/7* 7/2", ("legal", None, None)),
        (HIT, "13/7 7/2", ("legal", None, None)),
        ({**HIT, "black": {"18": 2, "1": 13}}, "13/7", ("illegal", "OCCUPIED", 1)),
        ({**HIT, "black": {"18": 2, "1": 13}}, "13/8 8/2", ("legal", None, None)),
        ({**HIT, "black": {"23": 2, "1": 13}}, "13/8", ("illegal", "MUST_USE_LARGER", 1)),
        (HIT_AND_RUN, "8/5* 5/3", ("illegal", "HIT_AND_RUN_HOME", 2)),
        (HIT_AND_RUN, "8/3", ("legal", None, None)),
        ({**HIT_AND_RUN, "rules": {}}, "8/5* 5/3", ("legal", None, None)),
        ({**HIT_AND_RUN, "white": {"6": 1, "2": 1}, "dice": [5, 4]}, "2/off 6/1", ("illegal", "BEAR_OFF_HIGHER_OCCUPIED", 1)),
        ({**HIT_AND_RUN, "white": {"7": 1, "3": 1}, "dice": [4, 3]}, "3/off 7/3", ("illegal", "NOT_ALL_HOME", 1)),
    ],
)
def test_check(query: dict, play: str, expected: tuple) -> None:
    code, result = run("check", json.dumps({**query, "play": play}))
    assert code == 0
    assert result == dict(zip(("verdict", "code", "step"), expected, strict=True))


@pytest.mark.parametrize(
    "command,query,code",
    [
        ("turns", {**ON_BAR, "white": {"bar": 16}}, "TOO_MANY_CHECKERS"),
        ("turns", {**ON_BAR, "white": {"bar": 2, "13": 14}}, "TOO_MANY_CHECKERS"),
        ("turns", {**ON_BAR, "white": {"bar": -1, "13": 1}}, "BAD_COUNT"),
        ("turns", {**ON_BAR, "white": {"bar": True}}, "BAD_COUNT"),
        ("turns", {**ON_BAR, "black": {"12": 15}}, "SHARED_POINT"),  # Black's 12 is White's 13
        ("turns", {**ON_BAR, "white": {"25": 1}}, "BAD_POINT"),
        ("turns", {**ON_BAR, "white": {"BAR": 1}}, "BAD_POINT"),
        ("turns", {**ON_BAR, "game": "long"}, "BAD_POINT"),  # long nardy has no bar
        ("turns", {**ON_BAR, "game": "backgammon"}, "BAD_GAME"),
        ("turns", {**ON_BAR, "rules": {"home_hit_and_run": "sometimes"}}, "BAD_RULES"),
        ("turns", {**ON_BAR, "rules": {"head_first": "list"}}, "BAD_RULES"),  # a long-nardy option
        ("turns", {**ON_BAR, "dice": [7, 1]}, "BAD_DICE"),
        ("turns", {**ON_BAR, "mover": "red"}, "BAD_SIDE"),
        ("check", {**ON_BAR, "play": "13/bar"}, "BAD_PLAY"),
        ("check", {**ON_BAR, "play": "bar-19"}, "BAD_PLAY"),
    ],
)
def test_bad_input_is_a_json_error_with_status_2(command: str, query: dict, code: str) -> None:
    status, result = run(command, json.dumps(query))
    assert status == 2
    assert result["error"]["code"] == code and result["error"]["message"]

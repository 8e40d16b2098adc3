"""The CLI contract of issue 'rules core': python -m nardy_core turns|check, exactly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(command: str, stdin: str) -> tuple[int, object]:
    done = subprocess.run(
        [sys.executable, "-m", "nardy_core", command], input=stdin, capture_output=True, text=True, timeout=60
    )
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout)


QUERY = {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True}


def test_turns_single_query() -> None:
    code, result = run("turns", json.dumps({**QUERY, "rules": {"block_timing": "end"}}))
    assert code == 0
    assert result == {"outcomes": [{"white": {"24": 14, "13": 1}, "black": {"24": 15}, "play": "24/18 18/13"}]}


def test_turns_list_in_order_and_pass() -> None:
    passing = {"white": {"20": 1, "2": 14}, "black": {"24": 13, "5": 1, "3": 1}, "mover": "white", "dice": [5, 3]}
    code, result = run("turns", json.dumps([passing, QUERY]))
    assert code == 0 and result[0] == {"outcomes": []} and len(result[1]["outcomes"]) == 1


@pytest.mark.parametrize(
    "play,expected",
    [
        ("24/18 18/13", {"verdict": "legal", "code": None, "step": None}),
        ("24/18 24/19", {"verdict": "illegal", "code": "HEAD_LIMIT", "step": 2}),
        ("24/18", {"verdict": "incomplete", "code": "MUST_USE_BOTH", "step": None}),
        ("24/13", {"verdict": "legal", "code": None, "step": None}),
    ],
)
def test_check(play: str, expected: dict) -> None:
    code, result = run("check", json.dumps({**QUERY, "play": play}))
    assert code == 0 and result == expected


@pytest.mark.parametrize(
    "stdin,code",
    [
        ("{not json", "BAD_JSON"),
        (json.dumps({**QUERY, "white": {"24": 16}}), "TOO_MANY_CHECKERS"),
        (json.dumps({**QUERY, "black": {"12": 15}}), "SHARED_POINT"),
        (json.dumps({**QUERY, "dice": [0, 5]}), "BAD_DICE"),
        (json.dumps({**QUERY, "dice": [6]}), "BAD_DICE"),
        (json.dumps({**QUERY, "rules": {"block": "sometimes"}}), "BAD_RULES"),
        (json.dumps({**QUERY, "rules": {"colour": "red"}}), "BAD_RULES"),
        (json.dumps({**QUERY, "mover": "green"}), "BAD_SIDE"),
        (json.dumps({**QUERY, "white": {"30": 1}}), "BAD_POINT"),
        ('"just a string"', "BAD_REQUEST"),
    ],
)
def test_bad_input_is_a_json_error_with_status_2(stdin: str, code: str) -> None:
    status, result = run("turns", stdin)
    assert status == 2
    assert result["error"]["code"] == code and result["error"]["message"]


def test_bad_play_in_check() -> None:
    status, result = run("check", json.dumps({**QUERY, "play": "24-18"}))
    assert status == 2 and result["error"]["code"] == "BAD_PLAY"


def test_usage() -> None:
    done = subprocess.run([sys.executable, "-m", "nardy_core"], capture_output=True, text=True)
    assert done.returncode == 2 and "usage" in done.stderr

"""The CLI contract of issue 'rules core': python -m nardy_core turns|check, exactly."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

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


# ---- streaming and bounded messages (issue 14) ---------------------------------------------------------------


def test_a_list_is_answered_query_by_query_before_the_input_ends() -> None:
    child = subprocess.Popen([sys.executable, "-m", "nardy_core", "turns"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    try:
        child.stdin.write(("[" + json.dumps(QUERY) + ",").encode())
        child.stdin.flush()
        first, deadline = b"", time.monotonic() + 30
        while not first.endswith(b'"play": "24/18 18/13"}]}'):  # the first result, while stdin is still open
            ready, _, _ = select.select([child.stdout], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"no answer to the first query before the input ended (got {first!r})"
            first += os.read(child.stdout.fileno(), 4096)
        child.stdin.write((json.dumps({**QUERY, "dice": [3, 1]}) + "]").encode())
        child.stdin.close()
        rest = child.stdout.read()
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
    answers = json.loads(first + rest)
    assert len(answers) == 2 and answers[0]["outcomes"][0]["play"] == "24/18 18/13"


@pytest.mark.parametrize(
    "stdin",
    [
        json.dumps({**QUERY, "position": "w/" + "24:1," * 400_000 + "/24:15"}),  # a 2 MB query
        json.dumps([QUERY, {**QUERY, "play": "x" * 2_000_000}]),
        json.dumps({**QUERY, "white": {"w" * 2_000_000: 15}}),
        "[" + json.dumps(QUERY) + ", " + "q" * 2_000_000 + "]",
    ],
    ids=["huge-single", "huge-in-list", "huge-key", "huge-garbage"],
)
def test_error_messages_quote_only_a_short_excerpt_of_a_huge_input(stdin: str) -> None:
    done = subprocess.run([sys.executable, "-m", "nardy_core", "turns"], input=stdin, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stdout) < 2000, done.stdout[:300]
    answers = json.loads(done.stdout)
    errors = [a["error"] for a in (answers if isinstance(answers, list) else [answers]) if "error" in a]
    assert errors and all(len(e["message"]) <= 300 for e in errors)


@pytest.mark.parametrize(
    "stdin,answers",
    [
        ("[]", []),
        (" \n[ ] \n", []),
        ("[" + json.dumps(QUERY), [None, "BAD_JSON"]),  # the input ends inside the list
        ("[" + json.dumps(QUERY) + "] x", [None, "BAD_JSON"]),
        ("[" + json.dumps(QUERY) + " " + json.dumps(QUERY) + "]", [None, "BAD_JSON"]),
        ("[NaN]", ["BAD_JSON"]),
        ("[1e999, 1]", ["BAD_JSON"]),
        ("[" + "9" * 30 + "]", ["BAD_JSON"]),
        ('["' + "[" * 40 + '", ' + "[" * 40 + "]" * 40 + "]", ["BAD_REQUEST", "TOO_DEEP"]),
    ],
    ids=["empty", "empty-spaced", "unclosed", "text-after", "no-comma", "nan", "infinity", "30-digits", "deep"],
)
def test_a_list_that_cannot_be_read_further_ends_with_the_error(stdin: str, answers: list[str | None]) -> None:
    status, result = run("turns", stdin)
    assert isinstance(result, list)
    assert [a["error"]["code"] if "error" in a else None for a in result] == answers
    assert status == (2 if any(answers) else 0)

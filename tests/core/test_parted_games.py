"""гюльбар and бешеные нарды as games of the table, through the API and the CLI contract (VARIANTS.md V1, V2,
V10): every worked case of data/cascade-cases.json asked as ``turns`` and ``check`` with ``"game"``, the turn
parameters ``roll_no``, ``own_roll_no`` and ``handoff``; a turn played step by step as the page plays it
(``try_step``); whole games through the game requests, the computer playing both sides, hand-offs included,
every state sent back as the page sends it and every record replayed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nardy_core import Game, Position, Side
from nardy_core.api import call
from nardy_core.flow import record_from_json, replay
from nardy_core.turn_plan import default_roll_no

from .test_cascades import CASES, PRESETS
from .test_cli import run

PARTED = [game for game in Game if game.spec.parted_turns]


def test_the_worked_cases_cover_every_game_with_parts() -> None:
    assert set(PRESETS) == {game.value for game in PARTED}


def points(text: str) -> dict[str, int]:
    """A side as the cases write it (``24:13,3:2``, own numbering) as the API writes it (``{"24": 13, "3": 2}``)."""
    found: dict[str, int] = {}
    for item in text.split(","):
        point, _, count = item.partition(":")
        if point != "off":
            found[point] = int(count or 1)
    return found


def query(case: dict[str, Any], variant: dict[str, Any] | None = None) -> dict[str, Any]:
    """The case (under one of its variants: another game, options in place of the case's, long-nardy rules, another
    roll number) as a ``turns`` request: its game named, each side in its own numbering, the turn's parameters."""
    variant = variant or {}
    game = variant.get("game", case["game"])
    position = Position.from_notation(f"{game}:{case['position']}")
    rules = {**variant.get("options", case["options"]), **variant.get("rules", case.get("rules", {}))}
    return {
        "game": game, "white": position.as_points(Side.WHITE), "black": position.as_points(Side.BLACK),
        "mover": position.to_move.value, "dice": case["dice"], "roll_no": variant.get("roll_no", case["roll_no"]),
        "own_roll_no": case["own_roll_no"], "first_turn": case["first_turn"], "rules": rules,
    }


def mover_outcomes(answer: dict[str, Any], mover: str) -> set[tuple[str, tuple[int, ...]]]:
    return {(json.dumps(o[mover], sort_keys=True), tuple(o["handoff"])) for o in answer["outcomes"]}


def expected(outcomes: list[dict[str, Any]]) -> set[tuple[str, tuple[int, ...]]]:
    return {(json.dumps(points(o["mover"]), sort_keys=True), tuple(o["handoff"])) for o in outcomes}


def settings(case: dict[str, Any]) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    return [({}, case["outcomes"])] + [(variant, variant["outcomes"]) for variant in case["variants"]]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_turns_lists_every_outcome_of_each_worked_case_with_the_dice_handed_over(case: dict[str, Any]) -> None:
    for variant, outcomes in settings(case):
        request = query(case, variant)
        answer = call("turns", request)
        assert "error" not in answer, (case["id"], variant, answer)
        assert mover_outcomes(answer, request["mover"]) == expected(outcomes), (case["id"], variant)
        assert answer["turn"] in ("roll", "cascade") and answer["parts"]
        # every outcome's play is legal, and check names the dice it hands over
        for outcome in answer["outcomes"]:
            verdict = call("check", {**request, "play": outcome["play"]})
            assert verdict == {"verdict": "legal", "code": None, "step": None, "handoff": outcome["handoff"]}, (case["id"], outcome)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_the_receiver_plays_what_he_is_handed_in_every_way_the_case_lists(case: dict[str, Any]) -> None:
    request = query(case)
    receiver = Side.parse(request["mover"]).other.value
    answers = {json.dumps(o[request["mover"]], sort_keys=True): o for o in call("turns", request)["outcomes"]}
    for handoff in case["handoffs"]:
        outcome = answers[json.dumps(points(handoff["after"]), sort_keys=True)]
        assert outcome["handoff"] == handoff["handed"]
        handed = call("turns", {"game": case["game"], "white": outcome["white"], "black": outcome["black"], "mover": receiver,
                                "handoff": handoff["handed"], "rules": request["rules"]})
        assert handed["turn"] == "handoff"
        got = {json.dumps(o[receiver], sort_keys=True) for o in handed["outcomes"]}
        assert got == {json.dumps(points(side), sort_keys=True) for side in handoff["receiver"]}, case["id"]
        assert all(o["handoff"] == [] for o in handed["outcomes"])  # no bounce (V1.4.6)


def test_g02_verdicts_name_the_stage_and_the_head_rule() -> None:
    case = next(case for case in CASES if case["id"] == "G02")
    request = query(case)
    assert call("check", {**request, "play": "24/18"}) == {"verdict": "illegal", "code": "CASCADE_STAGE", "step": 1}
    assert call("check", {**request, "play": "24/19 24/19"}) == {"verdict": "illegal", "code": "HEAD_LIMIT", "step": 2}
    assert call("check", {**request, "play": "24/19 20/15"})["verdict"] == "incomplete"


def test_cascade_max_whole_holds_in_play_as_in_the_listing() -> None:
    """G02 under ``cascade_max=whole``: b) plays six dice where a) and c) play seven, so check refuses it, the
    board refuses its step, and the computer plays one of the seven-dice outcomes."""
    case = next(case for case in CASES if case["id"] == "G02")
    request = query(case, {"options": {"cascade_max": "whole"}})
    assert call("check", {**request, "play": "24/19 19/14 20/15 15/10 14/8 8/2"}) == {"verdict": "illegal", "code": "MUST_USE_BOTH", "step": 4}
    for outcome in call("turns", request)["outcomes"]:
        assert call("check", {**request, "play": outcome["play"]})["verdict"] == "legal"
    position = {"position": f"gulbara:{case['position']}", "dice": [5, 5], "roll_no": 4, "rules": {"cascade_max": "whole"}}
    refused = call("try_step", {**position, "steps": [[12, 7], [7, 2], [8, 3]], "step": {"from": 3, "to": 22}})
    assert refused["accepted"] is False and refused["reason"]["code"] == "MUST_USE_BOTH"
    for seed in range(5):
        played = call("bot_turn", {**position, "seed": seed})["play"]
        assert call("check", {**position, "play": played})["handoff"] == [6]


def test_a_game_from_a_position_counts_the_rolls_a_turn_request_would() -> None:
    """The free board and a board's turn request agree on which roll a position's turn is (when doubles cascade)."""
    for text, first in (("gulbara:w/24:15/24:15", True), ("gulbara:b/24:14,13/24:15", False), ("gulbara:w/24:14,13/24:14,20", False)):
        state = call("game_from_position", {"position": text, "dice": "4-4"})
        turn = call("turns", {"position": text, "dice": [4, 4], "first_turn": first})
        assert state["turn"]["roll_no"] == default_roll_no(Position.from_notation(text), first)
        assert (turn["turn"] == "cascade") is (state["turn"]["roll_no"] >= 4)


def test_the_cli_answers_a_cascade_and_a_hand_off() -> None:
    case = next(case for case in CASES if case["id"] == "C01")
    code, answer = run("turns", json.dumps(query(case)))
    assert code == 0 and isinstance(answer, dict)
    assert answer["turn"] == "cascade" and answer["parts"] == [[6, 6, 6, 6]]
    assert [(o["black"], o["handoff"]) for o in answer["outcomes"]] == [({"24": 13, "18": 2}, [6, 6])]
    code, verdict = run("check", json.dumps({**query(case), "play": "24/18 24/18"}))
    assert (code, verdict) == (0, {"verdict": "legal", "code": None, "step": None, "handoff": [6, 6]})


def test_the_turn_parameters_are_checked_and_belong_to_the_games_with_parts() -> None:
    base = {"position": "gulbara:b/24:13,16,5/24:14,20", "dice": [5, 5]}
    assert call("turns", {**base, "roll_no": 0})["error"]["code"] == "BAD_NUMBER"
    assert call("turns", {**base, "roll_no": 3, "own_roll_no": 4})["error"]["code"] == "BAD_ROLL_NO"
    assert call("turns", {**base, "handoff": [6]})["error"]["code"] == "BAD_HANDOFF"  # dice and a hand-off at once
    assert call("turns", {"position": base["position"], "handoff": [7]})["error"]["code"] == "BAD_HANDOFF"
    assert call("turns", {"position": base["position"], "handoff": []})["error"]["code"] == "BAD_HANDOFF"
    assert call("turns", {"position": "w/24:15/24:15", "dice": [6, 5], "roll_no": 4})["error"]["code"] == "UNKNOWN_FIELD"
    # the engine ranks one roll: a turn of parts is not one it judges (the computer plays it part by part)
    assert call("hint", {**base, "roll_no": 4})["error"]["code"] == "PARTED_TURN"
    assert call("bot_turn", {**base, "roll_no": 4, "level": "club"})["play"]
    # without roll_no a game under way cascades, the start does not (a 4-4 is one part there)
    assert call("turns", base)["turn"] == "cascade"
    assert call("turns", {"position": "gulbara:w/24:15/24:15", "dice": [4, 4], "first_turn": True})["turn"] == "roll"


def test_a_cascade_is_played_step_by_step_as_the_page_plays_it() -> None:
    """G02 outcome a) through try_step in absolute points: the stage moves on by itself, the dice shown are the
    current stage's, and the complete turn names the six it hands over."""
    base = {"position": "gulbara:b/24:13,16,5/24:14,20", "dice": [5, 5], "roll_no": 4, "own_roll_no": 2}
    board = Position.from_notation(base["position"])
    steps: list[list[int]] = []
    for src, dst in [(24, 19), (20, 15), (15, 10), (10, 5), (19, 13), (13, 7), (7, 1)]:
        step = {"from": board.game.absolute(Side.BLACK, src), "to": board.game.absolute(Side.BLACK, dst)}
        answer = call("try_step", {**base, "steps": steps, "step": step})
        assert answer["accepted"], (src, dst, answer)
        steps.append([step["from"], step["to"]])
    state = answer["state"]
    assert state["complete"] and state["handoff"] == [6]
    assert state["part"] == {"kind": "cascade", "index": 1, "parts": [[5, 5, 5, 5], [6, 6, 6, 6]], "dice": [5, 5]}
    assert state["dice"] == [6, 6, 6, 6] and state["dice_left"] == [6]
    assert [d["used"] for d in state["board"]["dice"]] == [True, True, True, False]
    first = call("turn_state", {**base, "steps": []})
    assert first["part"]["index"] == 0 and first["dice"] == [5, 5, 5, 5] and not first["complete"]


@pytest.mark.parametrize("game", PARTED, ids=lambda game: game.value)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_against_the_computer_through_the_game_requests(game: Game, seed: int) -> None:
    """The computer plays both sides to the end; every state is sent back as JSON, as the page sends it, a move
    awaited always says what to play (``turn``), every hand-off is played before the receiver rolls and the
    record replays to the same end."""
    state = call("game_new", {"game": game.value, "seed": seed, "players": {"white": "computer", "black": "computer"}})
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    handoffs = cascades = 0
    for _ in range(400):
        if state["result"] is not None:
            break
        state = json.loads(json.dumps(state))
        assert state["phase"] in ("roll", "move")
        if state["phase"] == "move":
            assert state["turn"] is not None
        if state["handoff"]:
            assert state["turn"] == {"handoff": state["handoff"], "first_turn": False} and state["roll"] is None
        before = state
        state = call("game_computer", {"game": state, "seed": rng.randrange(2**32)})
        assert "error" not in state, state
        events.append(state["last"])
        for side in Side:
            position = Position.from_notation(state["position"])
            assert position.on_board(side) + position.borne_off(side) == 15
        if state["last"].get("handoff") is not None:
            handoffs += 1
            assert state["last"]["handoff"] == before["handoff"] and state["phase"] in ("roll", "over")
        else:  # an own roll (thrown now, or before): counted, and what it left handed to the other side
            assert sum(state["rolls"]) == sum(before["rolls"]) + 1
            assert not state["handoff"] or state["to_move"] != before["to_move"]
        if state["last"].get("dice") and len(state["last"]["play"].split()) > 4:
            cascades += 1
    assert state["result"] is not None, "the game did not end in 400 actions"
    assert cascades and handoffs, (cascades, handoffs)
    record = {"game": game.value, "rules": state["rules"], "opening": state["opening"], "events": events}
    final = replay(record_from_json(record))
    assert final.position.notation() == state["position"] and final.result is not None
    assert final.result.to_json() == state["result"]
    review = call("game_review", {"record": record})
    assert review["result"] == state["result"]
    assert call("game_analysis", {"record": record})["error"]["code"] == "PARTED_TURN"

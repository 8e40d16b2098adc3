"""nardy_core.summary and the game_review request: whole games between two computers, reviewed from the
record the page keeps (every answer's ``last``), agree with the game itself; a record that does not fit the
rules is refused with a code."""

from __future__ import annotations

import pytest

from nardy_core import api
from nardy_core.games import CHECKERS
from nardy_core.position import Position
from nardy_core.sides import Side


def whole_game(game: str, seed: int) -> tuple[dict, list[dict]]:
    """A game played to the end by the computer for both sides, and the events its answers reported."""
    state = api.call("game_new", {"game": game, "players": {"white": "computer", "black": "computer"}, "seed": seed})
    events = []
    for step in range(2000):
        if state["phase"] == "over":
            return state, events
        state = api.call("game_computer", {"game": state, "seed": seed * 1000 + step})
        assert "error" not in state, state
        events.append(state["last"])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, seed", [("long", 1), ("long", 2), ("short", 3), ("short", 4)])
def test_a_whole_game_reviewed_from_its_events(game: str, seed: int) -> None:
    final, events = whole_game(game, seed)
    review = api.call("game_review", {"record": {"game": game, "rules": final["rules"], "opening": final["opening"],
                                                 "events": events}})
    assert "error" not in review, review
    assert review["result"] == final["result"]
    end = Position.from_notation(final["position"])
    for side in Side:
        figures = review[side.value]
        assert figures["turns"] == sum(1 for e in events if e["side"] == side.value and "dice" in e)
        assert figures["passes"] == sum(1 for e in events if e["side"] == side.value and e.get("play") == "")
        assert figures["pips"] == end.pips(side) and figures["borne_off"] == end.borne_off(side)
        assert 1 <= figures["longest_row"] <= 24
        if figures["borne_off"]:
            assert 1 <= figures["first_bear_off"] <= figures["turns"]
        assert list(figures) == review["figures"]  # each side has exactly the figures the answer names
        if game == "long":
            assert "hits" not in figures  # no bar: nothing to hit
            # long nardy: nobody bears off before the head is empty
            assert figures["first_bear_off"] is None or figures["head_empty_after"] < figures["first_bear_off"]
        else:
            assert "head_empty_after" not in figures  # no head: short nardy starts spread out
    winner = final["result"]["winner"]
    if final["result"]["kind"] != "drop":
        assert review[winner]["borne_off"] == CHECKERS and review[winner]["pips"] == 0


@pytest.mark.parametrize("record, code", [
    ({"opening": [[6, 5]], "events": [{"side": "black", "dice": [6, 5], "play": "24/13"}]}, "BAD_RECORD"),  # out of turn
    ({"opening": [[6, 5]], "events": [{"side": "white", "dice": [6, 5], "play": "24/18, 24/19"}]}, None),  # illegal: any code
    ({"opening": [[6, 5]], "events": "24/13"}, "BAD_RECORD"),
    ({"opening": [[6, 5]], "events": [{"side": "white", "cube": "redouble"}]}, "BAD_RECORD"),
    ({"opening": [[6, 5]], "events": [{"side": "white", "dice": [6, 5], "play": "24/13", "note": "!"}]}, "UNKNOWN_FIELD"),
    ({"opening": [[5, 5]]}, "BAD_GAME_STATE"),
    ({"opening": [[6, 5]], "events": [{"side": "white", "dice": [6, 5], "play": "24/13"}] * 1001}, "BAD_RECORD"),
])
def test_a_record_that_does_not_replay_is_refused(record: dict, code: str | None) -> None:
    answer = api.call("game_review", {"record": record})
    assert "error" in answer, answer
    assert answer["error"]["code"] != "INTERNAL"
    if code:
        assert answer["error"]["code"] == code

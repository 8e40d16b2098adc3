"""``nardy_core.api`` never raises: every finding of the robustness probe (issue 14) as a test.

Each bad input gets ``{"error": {"code", "message", "params"}}`` with its own stable code (one of
``nardy_core.errors.ERROR_CODES``), a message that quotes at most a short excerpt, and never a traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from nardy_core import ReasonCode, api
from nardy_core.api import call, handle
from nardy_core.errors import ERROR_CODES
from nardy_core.requests import GAME_STATE_DERIVED, GAME_STATE_FIELDS, MAX_REQUEST_CHARS, REQUEST_FIELDS
from nardy_core.setups import SETUP_PROBLEMS
from nardy_core.tutor import WhyCode

from .hostile import LONG_START, SHORT_START, check_answer

SETUP = {"position": LONG_START, "dice": [6, 5], "first_turn": True}
POINTS_QUERY = {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5], "first_turn": True}
CORE = Path(api.__file__).resolve().parent


def code_of(kind: str, query: object) -> str:
    answer = check_answer(kind, query)
    assert "error" in answer, answer
    return str(answer["error"]["code"])


def new_game(**query: Any) -> dict[str, Any]:
    answer = call("game_new", {"seed": 7, **query})
    assert "error" not in answer, answer
    return answer


# ---- numbers: ASCII digits only, bool is not a number, no huge numbers -----------------------------------------


@pytest.mark.parametrize("key", ["２４", "٢٤", "024", " 24 ", "24 ", "+24", "24.0", "0x18", "\u00a024"])
def test_a_point_key_is_ascii_digits_without_sign_space_or_leading_zero(key: str) -> None:
    assert code_of("turns", {**POINTS_QUERY, "white": {key: 15}}) == "BAD_POINT"


@pytest.mark.parametrize("die", [True, False, 6.0, "6", [6]])
def test_a_die_is_a_whole_number_not_true(die: object) -> None:
    assert code_of("try_step", {**SETUP, "step": {"from": 24, "to": 18, "die": die}}) == "BAD_DICE"
    assert code_of("turns", {**SETUP, "dice": [die, 5]}) == "BAD_DICE"


@pytest.mark.parametrize("dice", ["６-５", "6\u00a05", "٦-٥"])
def test_dice_text_is_ascii(dice: str) -> None:
    assert code_of("game_from_position", {"position": LONG_START, "dice": dice}) == "BAD_DICE"


def test_a_flag_is_true_or_false_not_one() -> None:
    assert code_of("turns", {**SETUP, "first_turn": 1}) == "BAD_FLAG"


def test_numbers_of_thousands_of_digits_are_refused_before_they_are_read() -> None:
    text = '{"position": "w/24:15/24:15", "dice": [6, ' + "9" * 5000 + "]}"
    answer = json.loads(handle("turns", text))
    assert answer["error"]["code"] == "BAD_JSON" and "5000 digits" in answer["error"]["message"]
    assert "set_int_max_str_digits" not in answer["error"]["message"]
    assert code_of("game_new", {"seed": 10**5000}) == "BAD_NUMBER"
    assert code_of("turns", {**POINTS_QUERY, "white": {"24": 10**5000}}) == "TOO_MANY_CHECKERS"
    assert call(10**5000, {})["error"]["code"] == "UNKNOWN_REQUEST"  # the request kind itself


@pytest.mark.parametrize("text", ['{"dice": [6, NaN]}', '{"dice": [Infinity, 5]}', '{"dice": [-Infinity, 5]}', '{"seed": 1e999}'])
def test_json_is_strict_no_nan_or_infinity(text: str) -> None:
    assert json.loads(handle("bot_turn", text))["error"]["code"] == "BAD_JSON"


# ---- wrong types in every field ------------------------------------------------------------------------------

UNHASHABLE = [[], {}, [[]], {"a": {}}]


@pytest.mark.parametrize("value", UNHASHABLE)
@pytest.mark.parametrize(
    "kind,field",
    [
        ("turns", "rules"), ("turns", "mover"), ("turns", "game"), ("turns", "dice"), ("turns", "position"), ("turns", "first_turn"),
        ("check", "play"), ("check", "steps"), ("describe", "rules"), ("setup", "points"), ("setup", "bar"), ("setup", "dice"), ("result", "winner"), ("result", "cube"),
        ("turn_state", "steps"), ("try_step", "step"), ("explain_point", "point"), ("game_new", "game"), ("game_new", "players"),
        ("game_new", "seed"), ("game_from_position", "dice"), ("game_roll", "dice"), ("game_play", "play"),
        ("game_cube", "action"), ("game_computer", "seed"), ("bot_turn", "seed"), ("bot_turn", "dice"),
    ],
)
def test_unhashable_and_wrongly_typed_fields_are_refused(kind: str, field: str, value: object) -> None:
    query: dict[str, Any] = {"check": {**SETUP, "play": "24/13"}, "result": {"position": "w/off:15/24:15"},
                             "try_step": {**SETUP, "step": {"from": 24, "to": 18}}, "explain_point": {**SETUP, "point": 24},
                             "game_new": {}, "game_from_position": {"position": LONG_START}, "describe": {"position": LONG_START}, "setup": {"game": "short"}}.get(kind, SETUP)
    if kind.startswith("game_") and kind not in ("game_new", "game_from_position"):
        query = {"game": new_game(rules={"cube": True}), **({"action": "double"} if kind == "game_cube" else {})}
    answer = check_answer(kind, {**query, field: value})
    if (field, value) in (("rules", {}), ("steps", []), ("players", {}), ("points", {}), ("bar", {})) and kind != "check":
        assert "error" not in answer  # nothing set, nothing played: the defaults
    else:
        assert answer["error"]["code"] not in ("INTERNAL", "BAD_INPUT")


@pytest.mark.parametrize("option", ["block", "koks", "home_mars", "head_first", "cube", "auto_doubles", "next_game_starter", "head33_sequential"])
@pytest.mark.parametrize("value", UNHASHABLE + [None, 1.5, True, "x" * 500])
def test_every_rules_option_refuses_a_value_of_the_wrong_type(option: str, value: object) -> None:
    answer = check_answer("turns", {**SETUP, "rules": {option: value}})
    assert "error" not in answer or answer["error"]["code"] == "BAD_RULES", answer


def test_wrong_types_in_game_play_and_bot_turn() -> None:
    game = new_game()
    assert code_of("game_play", {"game": game, "play": 5}) == "BAD_TEXT"
    assert code_of("game_play", {"game": game, "play": [[24, 18]]}) == "BAD_TEXT"
    assert code_of("bot_turn", {**SETUP, "seed": "x"}) == "BAD_NUMBER"
    assert code_of("bot_turn", {**SETUP, "seed": -1}) == "BAD_NUMBER"
    assert code_of("bot_turn", {**SETUP, "dice": None}) == "BAD_DICE"


def test_rules_in_an_address_without_a_position_are_refused_with_their_code() -> None:
    # /ru/play/?rules={"x":1} without pos: the page starts a new game with those rules
    assert code_of("game_new", {"game": "long", "rules": {"x": 1}, "players": {"white": "human", "black": "computer"}}) == "BAD_RULES"


def test_a_side_is_white_or_black_exactly() -> None:
    for mover in (" white", "White", "BLACK", "whites", 1):
        assert code_of("turns", {**POINTS_QUERY, "mover": mover}) == "BAD_SIDE"


# ---- the schema: every request kind reads its own fields and refuses any other ------------------------------


@pytest.mark.parametrize("kind", sorted(REQUEST_FIELDS))
def test_an_unknown_field_is_refused_and_named(kind: str) -> None:
    answer = check_answer(kind, {"frist_turn": True})
    assert answer["error"]["code"] == "UNKNOWN_FIELD" and answer["error"]["params"] == {"field": "'frist_turn'"}


def test_unknown_fields_inside_nested_objects_are_refused() -> None:
    game = new_game(rules={"cube": True})
    assert code_of("game_roll", {"game": {**game, "colour": "red"}}) == "UNKNOWN_FIELD"
    assert code_of("game_roll", {"game": {**game, "cube": {**game["cube"], "size": 2}}}) == "UNKNOWN_FIELD"
    assert code_of("game_new", {"players": {"white": "human", "grey": "computer"}}) == "UNKNOWN_FIELD"
    assert code_of("game_from_position", {"position": LONG_START, "players": {"to_move": "human", "white": "computer"}}) == "UNKNOWN_FIELD"
    assert code_of("try_step", {**SETUP, "step": {"from": 24, "to": 18, "hit": False}}) == "UNKNOWN_FIELD"
    assert code_of("check", {**SETUP, "steps": [{"from": 24, "to": 18, "die": 6}]}) == "UNKNOWN_FIELD"


def test_every_field_of_an_answered_game_state_is_in_the_schema() -> None:
    for game in (new_game(), new_game(game="short", rules={"cube": True})):
        assert set(game) == GAME_STATE_FIELDS | GAME_STATE_DERIVED
        assert "error" not in call("game_computer", {"game": game, "seed": 1})


def test_the_position_is_given_one_way() -> None:
    assert code_of("turns", {**POINTS_QUERY, "position": LONG_START}) == "BAD_POSITION"
    assert code_of("check", {**SETUP, "play": "24/13", "steps": [[24, 13]]}) == "BAD_STEPS"


# ---- impossible positions and game states --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["turns", "describe", "result", "bot_turn", "turn_state", "game_from_position"])
def test_a_position_where_both_sides_have_finished_is_refused(kind: str) -> None:
    dice = {} if kind in ("describe", "result") else {"dice": [6, 5]}
    assert code_of(kind, {"position": "w/off:15/off:15", **dice}) == "BOTH_FINISHED"
    assert code_of(kind, {"white": {}, "black": {}, **dice}) == "BOTH_FINISHED"


@pytest.mark.parametrize(
    "position,code",
    [
        ("w/24:16/24:15", "TOO_MANY_CHECKERS"),
        ("w/24:15,13/24:15", "TOO_MANY_CHECKERS"),
        ("w/24:14/24:15", "TOO_FEW_CHECKERS"),
        ("w/24:15/12:15", "SHARED_POINT"),
        (SHORT_START.replace("24:2,13:5", "24:2,13:5,1"), "TOO_MANY_CHECKERS"),
        ("short:w/24:2,13:5,8:3,6:5/1:2,13:5,8:3,6:5", "SHARED_POINT"),
    ],
)
def test_impossible_positions_are_refused_with_a_reason(position: str, code: str) -> None:
    assert code_of("describe", {"position": position}) == code


def test_impossible_point_maps_are_refused() -> None:
    assert code_of("turns", {**POINTS_QUERY, "white": {"24": 10, "13": 6}}) == "TOO_MANY_CHECKERS"
    assert code_of("turns", {**POINTS_QUERY, "black": {"12": 15}}) == "SHARED_POINT"


def test_game_states_no_game_can_be_in_are_refused() -> None:
    game = new_game(rules={"cube": True})
    state = {**game, "roll": None}
    assert code_of("game_roll", {"game": {**state, "opening": [[6, 1], [3, 2]]}}) == "BAD_GAME_STATE"  # a decided throw, then another
    assert code_of("game_roll", {"game": {**state, "opening": [[4, 4]]}}) == "BAD_GAME_STATE"  # ends in a tie
    assert code_of("game_roll", {"game": {**state, "opening": []}}) == "BAD_GAME_STATE"
    assert code_of("game_roll", {"game": {**state, "game": "short"}}) == "BAD_GAME_STATE"
    assert code_of("game_roll", {"game": {**state, "result": [1]}}) == "BAD_GAME_STATE"
    assert code_of("game_roll", {"game": {**state, "extra_roll_for": "black"}}) == "BAD_GAME_STATE"  # nobody has finished
    offered_by_other = {**state["cube"], "offered_by": "black" if state["to_move"] == "white" else "white"}
    assert code_of("game_cube", {"game": {**state, "cube": offered_by_other}, "action": "take"}) == "BAD_GAME_STATE"
    assert code_of("game_cube", {"game": {**state, "cube": {**state["cube"], "owner": "white", "offered_by": "black"}}, "action": "take"}) \
        == "BAD_GAME_STATE"
    finished = {**state, "position": "b/off:15/24:15", "has_moved": ["white", "black"]}
    assert code_of("game_roll", {"game": finished}) == "GAME_OVER"  # a winner, but no result: the game cannot go on


# ---- sizes, nesting, and what an answer may say ---------------------------------------------------------------


def test_deep_nesting_is_refused_before_the_json_is_parsed() -> None:
    depth = MAX_REQUEST_CHARS // 2 - 10
    answer = json.loads(handle("turns", "[" * depth + "]" * depth))
    assert answer["error"]["code"] == "TOO_DEEP"
    assert code_of("turns", {**SETUP, "rules": json.loads("[" * 40 + "]" * 40)}) == "TOO_DEEP"
    assert json.loads(handle("turns", "[" * (MAX_REQUEST_CHARS + 1)))["error"]["code"] == "REQUEST_TOO_LARGE"


def test_messages_quote_only_a_short_excerpt_of_the_input() -> None:
    long_text = "w/" + "24:1," * 70 + "/24:15"
    for kind, query in [
        ("describe", {"position": long_text}),
        ("describe", {"position": "x" * 300 + "/24:15/24:15"}),
        ("describe", {"position": "w/" + "é" * 390 + "/24:15"}),
        ("check", {**SETUP, "play": "24/18 " * 30 + "q" * 20}),
        ("turns", {**SETUP, "rules": {"block": "y" * 10_000}}),
        ("turns", {**POINTS_QUERY, "white": {"z" * 10_000: 15}}),
        ("game_new", {"players": {"white": "h" * 10_000}}),
        ("game_cube", {"game": new_game(), "action": "a" * 10_000}),
    ]:
        message = check_answer(kind, query)["error"]["message"]
        assert len(message) <= 300, message


def test_a_bug_in_a_handler_is_answered_not_raised_and_never_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(query: object) -> dict[str, Any]:
        raise KeyError("a bug")

    monkeypatch.setitem(api.HANDLERS, "ping", broken)
    answer = json.loads(handle("ping", "{}"))
    assert answer["error"]["code"] == "INTERNAL" and "Traceback" not in answer["error"]["message"]


def test_an_answer_the_page_cannot_parse_is_never_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(api.HANDLERS, "ping", lambda query: {"odds": float("nan")})
    text = handle("ping", "{}")
    assert json.loads(text, parse_constant=lambda name: pytest.fail(f"answer holds {name}"))["error"]["code"] == "INTERNAL"


def test_every_code_the_core_raises_is_registered() -> None:
    reasons = {code.value for code in ReasonCode}
    constants = {"BAR", "CHECKERS", "HOME", "OFF", "POINTS"}
    used = set()
    for path in CORE.glob("*.py"):
        used |= set(re.findall(r'"([A-Z][A-Z_]{2,})"', path.read_text(encoding="utf-8")))
    why = {code.value for code in WhyCode}  # the tutor's reasons, which are codes of another kind
    assert used - constants - reasons - why - set(SETUP_PROBLEMS) <= set(ERROR_CODES)
    assert not set(ERROR_CODES) & reasons
    assert not set(ERROR_CODES) & why


def test_handle_answers_even_when_reading_the_request_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_memory(text: object) -> object:
        raise MemoryError

    monkeypatch.setattr(api, "decode_request", no_memory)
    assert json.loads(handle("ping", "{}"))["error"]["code"] == "INTERNAL"


def test_a_position_one_side_has_finished_is_a_game_over_with_no_side_to_move() -> None:
    answer = call("game_from_position", {"position": "b/off:15/5:5,1:10"})
    assert (answer["phase"], answer["actor"], answer["board"]["to_move"]) == ("over", None, None)
    assert answer["result"] == {"winner": "white", "kind": "mars", "base": 2, "cube": 1, "points": 2}
    assert code_of("game_from_position", {"position": "b/off:15/5:5,1:10", "dice": [6, 5]}) == "GAME_OVER"

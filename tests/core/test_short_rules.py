"""Every worked case of short nardy (data/rules-cases-short.json): exact outcome sets, variants, verdicts with
reason codes and steps, hits, scoring, the cube and the Crawford rule.

The cases were worked out by hand from docs/rules-short.md (the project's copy of the specification); the
engine must agree with them exactly. The independent oracle (bruteforce_short.py) is held to them too.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from nardy_core import Game, GameError, LongRules, Position, Roll, ShortRules, Side, TurnSearch, check_play, parse_play, rules_from_dict
from nardy_core.errors import RulesError
from nardy_core.flow import GameState, Match, cube_action, from_position, next_match_game, play, roll_dice, start, start_match
from nardy_core.moves import format_play
from nardy_core.notation import format_side
from nardy_core.reasons import codes_for
from nardy_core.scoring import score

from .bruteforce_short import brute_force_short

CASES_FILE = Path(__file__).resolve().parent / "data" / "rules-cases-short.json"


def load_cases(kind: str | None = None) -> list[dict]:
    cases = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]
    return [c for c in cases if kind is None or c["kind"] == kind]


TURNS = load_cases("turn")


def case_rules(options: dict | None, extra: dict | None = None) -> ShortRules:
    merged = dict(options or {})
    merged.update(extra or {})
    rules = rules_from_dict(merged, Game.SHORT)
    assert isinstance(rules, ShortRules)
    return rules


def case_position(case: dict) -> Position:
    return Position.from_points(case["white"], case["black"], Side.parse(case["mover"]), Game.SHORT)


def sides(position: Position) -> tuple[str, str]:
    """Both sides in the notation's side format (own numbering, the bar, borne off)."""
    return format_side(position.counts(Side.WHITE)), format_side(position.counts(Side.BLACK))


def outcome_set(case: dict, extra: dict | None = None) -> list[tuple[str, str]]:
    search = TurnSearch(case_position(case), Roll(*case["dice"]), False, case_rules(case["rules"], extra))
    return sorted(sides(final) for final, _ in search.outcomes())


def expected(outcomes: list[dict]) -> list[tuple[str, str]]:
    return sorted((o["white"], o["black"]) for o in outcomes)


def ids(item: object) -> str:
    return item["id"] if isinstance(item, dict) and "id" in item else str(item)


# --- the file itself ----------------------------------------------------------------------------


def test_case_ids_are_unique_and_every_kind_is_present() -> None:
    cases = load_cases()
    assert len({c["id"] for c in cases}) == len(cases)
    assert {c["kind"] for c in cases} == {"turn", "score", "cube", "match"}


def test_hand_outcomes_are_distinct() -> None:
    for case in TURNS:
        finals = expected(case["outcomes"])
        assert len(set(finals)) == len(finals), case["id"]


def test_every_short_reason_code_is_exercised() -> None:
    named = {v["code"] for c in TURNS for v in c["verdicts"] if v["code"]}
    assert named == {code.value for code in codes_for(Game.SHORT)}


# --- the rules options -------------------------------------------------------------------------

#: every option of docs/rules-short.md S2.3 (home_hit_and_run), S6.1 (koks) and S7 (the cube and its variants,
#: the Crawford rule), with its values, default first
SPEC_OPTIONS = {
    "home_hit_and_run": ("allowed", "forbidden"),
    "koks": (3, 2, "off"),
    "start": ("official", "reroll"),  # VARIANTS.md V6: тавла's opening, a short-nardy option
    "cube": (False, True),
    "cube_mars": (True, False),
    "jacoby": (False, True),
    "beaver": (False, True),
    "auto_doubles": (0, 1, 2, 3),  # 0: off; else the limit agreed in advance
    "cube_scale": ("geometric", "arithmetic"),
    "crawford": (True, False),
}


def test_every_option_of_s2_3_s6_1_and_s7_is_a_validated_rules_option() -> None:
    assert ShortRules.OPTIONS == SPEC_OPTIONS
    default = ShortRules()
    for name, values in SPEC_OPTIONS.items():
        assert getattr(default, name) == values[0], name
        for value in values:
            rules = rules_from_dict({name: value}, Game.SHORT)
            assert getattr(rules, name) == value and rules_from_dict(rules.to_dict(), Game.SHORT) == rules
        for wrong in ("sometimes", 7, None if name != "koks" else 1.5):
            with pytest.raises(RulesError):
                rules_from_dict({name: wrong}, Game.SHORT)
    for long_only in ("block", "head_first", "home_mars"):
        with pytest.raises(RulesError):
            rules_from_dict({long_only: LongRules.OPTIONS[long_only][0]}, Game.SHORT)
    with pytest.raises(RulesError):
        rules_from_dict({"home_hit_and_run": "forbidden"}, Game.LONG)
    cube_options = {name: values for name, values in SPEC_OPTIONS.items() if name not in ("home_hit_and_run", "koks", "start")}
    assert all(LongRules.OPTIONS[name] == values for name, values in cube_options.items())  # the cube in long nardy too


# --- turns ------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", TURNS, ids=ids)
def test_outcomes_exact(case: dict) -> None:
    assert outcome_set(case) == expected(case["outcomes"])


@pytest.mark.parametrize("case,variant", [(c, v) for c in TURNS for v in c["variants"]], ids=ids)
def test_variant_outcomes_exact(case: dict, variant: dict) -> None:
    assert outcome_set(case, variant["rules"]) == expected(variant["outcomes"])


@pytest.mark.parametrize("case", TURNS, ids=ids)
def test_hand_outcomes_agree_with_the_oracle(case: dict) -> None:
    """The brute-force oracle is checked against the hand results as well (it then checks the engine at random)."""
    for extra, outcomes in [(None, case["outcomes"])] + [(v["rules"], v["outcomes"]) for v in case["variants"]]:
        position = case_position(case)
        finals, _ = brute_force_short(position, Roll(*case["dice"]), case_rules(case["rules"], extra))
        mover = position.to_move
        got = sorted(
            (format_side(mine), format_side(theirs)) if mover is Side.WHITE else (format_side(theirs), format_side(mine))
            for mine, theirs in finals
        )
        assert got == expected(outcomes), (case["id"], extra)


@pytest.mark.parametrize("case,outcome", [(c, o) for c in TURNS for o in c["outcomes"]], ids=ids)
def test_every_example_is_legal_marks_its_hits_and_reaches_its_outcome(case: dict, outcome: dict) -> None:
    verdict = check_play(case_position(case), Roll(*case["dice"]), parse_play(outcome["example"]), False, case_rules(case["rules"]))
    assert verdict.verdict == "legal", verdict
    assert format_play(verdict.steps) == outcome["example"]  # the same single-die steps, '*' exactly on the hits
    assert sides(verdict.position) == (outcome["white"], outcome["black"])


@pytest.mark.parametrize("case,item", [(c, v) for c in TURNS for v in c["verdicts"]], ids=lambda x: ids(x) if "id" in x else x["play"])
def test_verdicts_with_reason_codes(case: dict, item: dict) -> None:
    verdict = check_play(case_position(case), Roll(*case["dice"]), parse_play(item["play"]), False, case_rules(case["rules"]))
    assert (verdict.verdict, verdict.code and verdict.code.value, verdict.step) == (item["verdict"], item["code"], item["step"])


def test_a_passing_roll_has_no_outcomes_and_no_legal_step() -> None:
    for case in TURNS:
        if not case["outcomes"]:
            search = TurnSearch(case_position(case), Roll(*case["dice"]), False, case_rules(case["rules"]))
            assert search.max_dice == 0 and search.outcomes() == [], case["id"]


# --- scoring ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case,item", [(c, r) for c in load_cases("score") for r in c["results"]], ids=lambda x: ids(x) if "id" in x else json.dumps(x["rules"])
)
def test_scoring(case: dict, item: dict) -> None:
    winner = Side.parse(case["winner"])
    position = Position.from_points(case["white"], case["black"], winner.other, Game.SHORT)
    assert position.on_board(winner) == 0
    result = score(
        position, winner, case_rules(item["rules"]), cube=item["cube"], cube_turned=item["turned"], match_play=item["match"]
    )
    assert (result.kind, result.points) == (item["kind"], item["points"])


# --- the cube and matches -----------------------------------------------------------------------


def _cube_json(game: GameState) -> dict:
    cube = game.cube.to_json()
    return {"value": cube["value"], "owner": cube["owner"], "offered_by": cube["offered_by"]}


def _check_expect(game: GameState, expect: dict, where: str) -> None:
    for key, want in expect.items():
        if key == "cube":
            got: object = _cube_json(game)
        elif key == "may_double":
            got = game.may_double()
        elif key == "to_move":
            got = game.to_move.value
        elif key == "roll":
            got = None if game.roll is None else game.roll.to_list()
        elif key == "result":
            got = None if game.result is None else {k: game.result.to_json()[k] for k in ("winner", "kind", "points")}
        else:  # pragma: no cover - a typo in the cases
            raise AssertionError(f"unknown expectation {key!r}")
        assert got == want, (where, key)


def _run_events(game: GameState, events: list[dict], where: str) -> GameState:
    for index, event in enumerate(events, start=1):
        here = f"{where} event {index} ({event['do']})"
        do = event["do"]
        try:
            if do == "jump":
                position = Position.from_notation(event["position"])
                game = replace(game, position=position, roll=None)
            elif do == "check":
                pass
            else:
                by = Side.parse(event["by"])
                if do == "roll":
                    assert game.to_move is by, here
                    game = roll_dice(game, Roll(*event["dice"]))
                elif do == "play":
                    assert game.to_move is by, here
                    game = play(game, Roll(*event["dice"]), event["play"])
                else:
                    actor = game.to_move if do == "double" else (game.cube.offered_by or game.to_move).other
                    assert actor is by, here
                    game = cube_action(game, do)
        except GameError as exc:
            assert exc.code == event.get("error"), (here, exc.code, str(exc))
            continue
        assert "error" not in event, f"{here}: expected {event['error']}"
        _check_expect(game, event.get("expect", {}), here)
    return game


@pytest.mark.parametrize("case", load_cases("cube"), ids=ids)
def test_cube_sequences(case: dict) -> None:
    rules = case_rules(case["rules"])
    if "position" in case:
        game = from_position(Position.from_notation(case["position"]), rules)
    else:
        opening = case["start"]
        ties = tuple(tuple(t) for t in opening["ties"])
        try:
            game = start(rules, opening["white_die"], opening["black_die"], ties)
        except GameError as exc:
            assert exc.code == opening.get("error")
            return
        assert "error" not in opening
    _run_events(game, case["events"], case["id"])


@pytest.mark.parametrize("case", load_cases("match"), ids=ids)
def test_matches_and_the_crawford_rule(case: dict) -> None:
    rules = case_rules(case["rules"])
    match: Match | None = None
    for number, item in enumerate(case["games"], start=1):
        white_die, black_die = item["opening"]
        match = start_match(rules, case["length"], white_die, black_die) if match is None else next_match_game(match, white_die, black_die)
        assert match.crawford_game is item["crawford"], f"game {number}"
        assert match.game.may_double() is False  # the opening numbers are thrown: no double before the first move
        game = _run_events(match.game, item["events"], f"{case['id']} game {number}")
        match = replace(match, game=game)
        assert list(match.score_after()) == item["score"], f"game {number}"
        assert (match.winner.value if match.winner else None) == item.get("winner"), f"game {number}"
    after = case.get("after", {})
    if "next_game_error" in after:
        assert match is not None
        with pytest.raises(GameError) as caught:
            next_match_game(match, 5, 1)
        assert caught.value.code == after["next_game_error"]

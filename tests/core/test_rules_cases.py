"""Every worked case of long nardy (data/rules-cases-long.json): exact outcome sets, variants, verdicts, scores."""

from __future__ import annotations

import pytest

from nardy_core import Position, Side, TurnSearch, check_play, parse_play
from nardy_core.scoring import score

from .conftest import case_position, case_roll, case_rules, final_notation, load_cases, move_cases

# The cases give reasons in prose; these are the codes (and the 1-based step) that prose names.
EXPECTED_VERDICTS: dict[tuple[str, str], tuple[str, str | None, int | None]] = {
    ("H01", "24/18 24/19"): ("illegal", "HEAD_LIMIT", 2),
    ("H01", "24/18 18/13"): ("legal", None, None),
    ("H02", "24/18 18/12"): ("illegal", "OCCUPIED", 2),
    ("H02", "24/18 24/18"): ("legal", None, None),
    ("H02", "24/18 24/18 24/18"): ("illegal", "HEAD_LIMIT", 3),
    ("H05", "24/19 24/19 19/14 19/14"): ("illegal", "HEAD_LIMIT", 2),
    ("H06", "24/22 24/22 22/20 22/20"): ("illegal", "HEAD_LIMIT", 2),
    ("H16", "24/18 24/18"): ("illegal", "HEAD_LIMIT", 2),
    ("H17", "24/19 24/21"): ("illegal", "HEAD_LIMIT", 2),
    ("H17", "24/21"): ("illegal", "MUST_USE_LARGER", 1),
    ("L02", "20/17 17/13"): ("illegal", "OCCUPIED", 1),
    ("K01", "24/19 7/6"): ("illegal", "SIX_BLOCK", 2),
    ("K01", "24/19 24/23"): ("illegal", "HEAD_LIMIT", 2),
    ("K02", "24/19 7/6"): ("legal", None, None),
    ("K04", "6/3 24/23"): ("illegal", "SIX_BLOCK", 1),
    ("K04", "24/21 6/5"): ("illegal", "SIX_BLOCK", 1),
    ("K04", "6/5 5/2"): ("legal", None, None),
    ("K06", "14/10 10/8"): ("illegal", "SIX_BLOCK", 1),
    ("K06", "14/10 7/5"): ("illegal", "SIX_BLOCK", 1),
    ("K06", "14/10 5/3"): ("illegal", "SIX_BLOCK", 1),
    ("K08", "24/19 7/6"): ("illegal", "SIX_BLOCK", 2),
    ("K09", "7/1 6/3"): ("illegal", "SIX_BLOCK", 1),
    ("K09", "7/4 6/off"): ("legal", None, None),
    ("D01", "13/8"): ("illegal", "MUST_USE_LARGER", 1),
    ("D03", "13/7"): ("incomplete", "MUST_USE_BOTH", None),
    ("O03", "2/off 6/3"): ("illegal", "BEAR_OFF_HIGHER_OCCUPIED", 1),
    ("O06", "1/off 7/1"): ("illegal", "NOT_ALL_HOME", 1),
}

RESULT_RULES = {
    "official": {},
    "koks_home": {"koks": "koks_home"},
    "koks_quarter": {"koks": "koks_quarter"},
    "home_mars3": {"home_mars": 3},
}


def _outcome_set(case: dict, extra: dict | None = None) -> list[str]:
    mover = Side.parse(case["mover"])
    search = TurnSearch(case_position(case), case_roll(case), case["first_turn"], case_rules(case, extra))
    return sorted(final_notation(final, mover) for final, _ in search.outcomes())


@pytest.mark.parametrize("case", move_cases(), ids=lambda c: c["id"])
def test_outcomes_exact(case: dict) -> None:
    assert _outcome_set(case) == sorted(o["final"] for o in case["outcomes"])


@pytest.mark.parametrize(
    "case,variant",
    [(c, v) for c in move_cases() for v in c["variants"]],
    ids=lambda x: x["id"] if "id" in x else x["name"],
)
def test_variant_outcomes_exact(case: dict, variant: dict) -> None:
    assert _outcome_set(case, variant["rules"]) == sorted(variant["outcomes"])


@pytest.mark.parametrize(
    "case,example",
    [(c, o["example"]) for c in move_cases() for o in c["outcomes"]],
    ids=lambda x: x["id"] if isinstance(x, dict) else x,
)
def test_every_example_play_is_legal(case: dict, example: str) -> None:
    verdict = check_play(case_position(case), case_roll(case), parse_play(example), case["first_turn"], case_rules(case))
    assert verdict.verdict == "legal", verdict


@pytest.mark.parametrize(
    "case,item", [(c, v) for c in move_cases() for v in c["verdicts"]], ids=lambda x: x["id"] if "id" in x else x["play"]
)
def test_verdicts_with_reason_codes(case: dict, item: dict) -> None:
    expected = EXPECTED_VERDICTS[(case["id"], item["play"])]
    verdict = check_play(
        case_position(case), case_roll(case), parse_play(item["play"]), case["first_turn"], case_rules(case)
    )
    assert (verdict.verdict, verdict.code and verdict.code.value, verdict.step) == expected
    if item["verdict"] == "LEGAL":
        assert verdict.verdict == "legal"
    else:
        assert verdict.verdict in ("illegal", "incomplete")


def test_every_case_verdict_is_mapped() -> None:
    listed = {(c["id"], v["play"]) for c in move_cases() for v in c["verdicts"]}
    assert listed == set(EXPECTED_VERDICTS)


@pytest.mark.parametrize(
    "case", [c for c in move_cases() if any("another order" in v["verdict"] for v in c["verdicts"])], ids=lambda c: c["id"]
)
def test_wrong_order_reaches_a_legal_final_position(case: dict) -> None:
    """'ILLEGAL as played in this order': the same final position must stay reachable another way."""
    mover = Side.parse(case["mover"])
    finals = set(_outcome_set(case))
    for item in case["verdicts"]:
        if "another order" not in item["verdict"]:
            continue
        counts = list(case_position(case).counts(mover))
        for src, dst in parse_play(item["play"]):
            counts[src] -= 1
            if dst:
                counts[dst] += 1
        after = case_position(case).with_counts(mover, tuple(counts))
        assert final_notation(after, mover) in finals


@pytest.mark.parametrize("case", [c for c in load_cases() if "results" in c], ids=lambda c: c["id"])
def test_scoring(case: dict) -> None:
    winner = Side.parse(case["winner"])
    loser = winner.other
    sides = {winner: {}, loser: case[loser.value]}
    position = Position.from_points(sides[Side.WHITE], sides[Side.BLACK], loser)
    for name, (kind, points) in case["results"].items():
        result = score(position, winner, case_rules({"rules": RESULT_RULES[name]}))
        assert (result.kind, result.points) == (kind, points), name

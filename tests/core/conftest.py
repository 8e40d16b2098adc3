"""Shared fixtures for the rules tests: the worked cases of long nardy (``data/rules-cases-long.json``).

The file is the project's copy of the worked cases that come with the rules specification (docs/rules-long.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nardy_core import LongRules, Position, Roll, Side, rules_from_dict

CASES_FILE = Path(__file__).resolve().parent / "data" / "rules-cases-long.json"


def load_cases() -> list[dict]:
    """All cases (the file is the specification's; tests fail loudly if it is missing)."""
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def move_cases() -> list[dict]:
    """Cases that ask for legal turns (they have dice)."""
    return [c for c in load_cases() if c.get("dice")]


def case_position(case: dict) -> Position:
    """The case's position, its mover to move."""
    return Position.from_points(case["white"], case["black"], Side.parse(case["mover"]))


def case_roll(case: dict) -> Roll:
    return Roll(*case["dice"])


def case_rules(case: dict, extra: dict | None = None) -> LongRules:
    options = dict(case.get("rules") or {})
    options.update(extra or {})
    rules = rules_from_dict(options)
    assert isinstance(rules, LongRules)
    return rules


def final_notation(position: Position, side: Side) -> str:
    """The cases' notation for one side: ``24:14 13 (off 1)``; ``-`` when nothing is on the board."""
    counts = position.counts(side)
    text = " ".join(f"{p}:{counts[p]}" if counts[p] > 1 else str(p) for p in range(24, 0, -1) if counts[p]) or "-"
    off = position.borne_off(side)
    return f"{text} (off {off})" if off else text


@pytest.fixture(scope="session")
def cases() -> list[dict]:
    return load_cases()

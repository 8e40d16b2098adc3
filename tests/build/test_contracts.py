"""The contracts between the parts stay in step: request kinds, reason sentences, and no rule in the page.

- the request kinds of ``nardy_core.api.HANDLERS``, of ``rules-client.js`` and of docs/architecture.md are one list;
- no other module sends a request;
- every reason nardy_core can give has a catalog sentence in both languages, and ``feedback.js`` decides nothing;
- no JavaScript file parses the notation, converts numbering or builds a reason code of its own, nor names a
  game: what differs between the games comes in the board model and the answers (``has_bar``, ``captions``,
  a review's ``figures``), and a game's name passes through the page as an opaque value.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from builder.i18n import load_catalog, placeholders
from nardy_core import Game, Position, ReasonCode, Roll, TurnInProgress, TurnSearch, codes_for
from nardy_core.api import HANDLERS
from nardy_core.sentences import REASON_KEYS, reason_message

PROJECT = Path(__file__).resolve().parents[2]
JS = PROJECT / "site" / "static" / "js"


def test_request_kinds_are_one_list_in_python_javascript_and_the_docs() -> None:
    client = (JS / "rules-client.js").read_text(encoding="utf-8")
    declared = re.search(r"export const KINDS = /\*\* @type \{const\} \*/ \(\[(.*?)\]\);", client, re.S)
    assert declared, "rules-client.js declares KINDS"
    kinds = re.findall(r"'([a-z_]+)'", declared.group(1))
    sent = re.findall(r"ask(?:Turn)?\('([a-z_]+)'", client)
    docs = (PROJECT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = docs.split("## nardy_core.api", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
    assert kinds == list(HANDLERS) == documented
    assert sorted(sent) == sorted(HANDLERS)  # every kind has its function, and nothing else is sent


def test_only_the_rules_client_sends_requests() -> None:
    senders = [p.relative_to(JS).as_posix() for p in JS.rglob("*.js") if re.search(r"\brequest\(", p.read_text(encoding="utf-8"))]
    assert sorted(senders) == ["rules-client.js", "runtime.js"]


GAME_NAMES = "|".join(game.value for game in Game)

# Signs of a rule, numbering or notation in the page: each was once written there and moved to nardy_core.
FORBIDDEN_IN_JS = {
    r"['\"`](" + GAME_NAMES + r")['\"`]|\b(" + GAME_NAMES + r"):": "names a game (a comparison, a typedef, a notation prefix)",
    r"startsWith\('[bw]'\)|startsWith\(\"[bw]\"\)": "reads the side to move from the notation",
    r"\bownLabel\b|p > 12 \? p - 12|25 - ": "converts point numbering",
    r"['\"](" + "|".join(code.value for code in ReasonCode) + r")['\"]": "names a rule's reason code",
    r"replace\(/\[\^0-9\]/g": "parses dice",
    r"\.split\('/'\)": "parses the notation",
}


@pytest.mark.parametrize("pattern,why", FORBIDDEN_IN_JS.items())
def test_no_rule_numbering_or_notation_in_javascript(pattern: str, why: str) -> None:
    offenders = []
    for path in JS.rglob("*.js"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(pattern, line):
                offenders.append(f"{path.relative_to(PROJECT)}:{number}: {line.strip()}")
    assert offenders == [], f"JavaScript that {why}"


def test_feedback_js_only_looks_the_sentence_up() -> None:
    source = (JS / "feedback.js").read_text(encoding="utf-8")
    assert "switch" not in source and not re.search(r"[A-Z]{2,}_[A-Z]{2,}", source)


def _reasons_from_self_play(game: Game, seed: int, turns: int) -> list[tuple[object, bool]]:
    """Every reason a learner meets when trying every step of random turns (with whether the roll is a double)."""
    rng = random.Random(seed)
    position = Position.start(game)
    found = []
    for turn in range(turns):
        roll = Roll.random(rng)
        walk = TurnInProgress(position, roll, turn < 2)
        for src in range(1, 26):
            for dst in range(25):
                verdict = walk.check(src, dst)
                if verdict.reason is not None:
                    found.append((verdict.reason, roll.is_double))
        incomplete = walk.incomplete_reason()
        if incomplete is not None:
            found.append((incomplete, roll.is_double))
        outcomes = TurnSearch(position, roll, turn < 2).outcomes()
        if outcomes:
            position = rng.choice(outcomes)[0]
        position = Position.start(game) if position.winner() else position.with_to_move(position.to_move.other)
    return found


@pytest.mark.parametrize("game", list(Game))
def test_every_reason_a_learner_meets_has_a_sentence_in_both_catalogs(game: Game) -> None:
    catalogs = {lang: load_catalog(PROJECT / "site" / "i18n", lang) for lang in ("ru", "en")}
    seen_codes = set()
    for reason, double in _reasons_from_self_play(game, 5, 120):
        key, params = reason_message(reason, game, double)  # type: ignore[arg-type]
        assert key in REASON_KEYS, key
        seen_codes.add(reason.code)  # type: ignore[attr-defined]
        for catalog in catalogs.values():
            assert key in catalog
            assert placeholders(catalog.messages[key]) <= set(params), (key, params)
            catalog.t(key, **params)  # fills without a missing parameter
    assert seen_codes <= set(codes_for(game))
    assert len(seen_codes) >= 6


def test_every_reason_code_has_its_keys() -> None:
    for code in ReasonCode:
        assert any(key.removeprefix("reason.").startswith(code.value) for key in REASON_KEYS), code

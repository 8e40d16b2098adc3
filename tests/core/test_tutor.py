"""The tutor (nardy_core.tutor, the ``advise`` and ``judge`` requests): a play's grade is the equity it loses
against the best of its roll, by GNU Backgammon's thresholds; the best play is graded best and needs no reason;
every other play gets one or two reasons, each worded in both catalogs; the page's hint lists the plays in the
engine's order, written in the board's numbering."""

from __future__ import annotations

import pytest

from builder.i18n import load_catalog, placeholders
from nardy_core import Game, Position, Roll, ShortRules, default_rules
from nardy_core.api import call
from nardy_core.moves import parse_play
from nardy_core.search import rank_plays
from nardy_core.sides import Side
from nardy_core.tutor import THRESHOLDS, WHY_KEYS, Grade, Shape, WhyCode, grade, judge
from tests.markers import ROLL_GAMES

from ..conftest import PROJECT_ROOT
from .selfplay import self_play

RULES = {game: default_rules(game) for game in ROLL_GAMES}


def _turns(game: Game) -> list[tuple[Position, Roll, bool]]:
    """Some turns with a choice, from random self-play (the first few turns of two games and the middle)."""
    seen = [turn for seed in (3, 4) for turn in self_play(seed, RULES[game], 60)]
    return [(turn.position, turn.roll, turn.first_turn) for turn in seen if len(turn.search.outcomes()) > 1][::6]


@pytest.mark.parametrize("game", ROLL_GAMES)
def test_each_play_loses_what_its_equity_says_and_is_graded_by_the_thresholds(game: Game) -> None:
    rules = RULES[game]
    turns = _turns(game)
    assert len(turns) >= 8
    for position, roll, first_turn in turns:
        ranked = rank_plays(position, roll, first_turn, rules)
        for entry in (ranked[0], ranked[len(ranked) // 2], ranked[-1]):
            judged = judge(position, roll, first_turn, rules, [(step.src, step.dst) for step in entry.steps])
            assert judged.played.final == entry.final
            assert judged.best.equity == ranked[0].equity
            assert judged.loss == pytest.approx(max(0.0, ranked[0].equity - entry.equity))
            assert judged.grade is grade(judged.loss)
            assert judged.plays == len(ranked)
            if judged.grade is Grade.BEST:
                assert judged.why == ()
            else:
                assert 1 <= len(judged.why) <= 2
                assert len({why.code for why in judged.why}) == len(judged.why)


def test_the_grades_follow_gnubgs_thresholds() -> None:
    assert [threshold for threshold, _ in THRESHOLDS] == [0.12, 0.06, 0.03]
    assert [grade(loss) for loss in (0.0, 0.0299, 0.03, 0.0599, 0.06, 0.1199, 0.12)] == [
        Grade.BEST, Grade.GOOD, Grade.INACCURACY, Grade.INACCURACY, Grade.MISTAKE, Grade.MISTAKE, Grade.BLUNDER]


def test_the_shape_counts_what_a_learner_sees() -> None:
    # long nardy: no blots to hit, a single checker holds a point, the head is own 24
    long = Shape.of(Position.from_notation("w/24:10,19,18,17,16,13/24:15"), Side.WHITE)
    assert (long.hit, long.blots, long.row, long.head, long.home_points) == (0, 0, 4, 10, 0)
    # short nardy: White's blot on 5 is 1-6 away from Black's checkers on its 24 (White's 1); the one on 21 too
    short = Shape.of(Position.from_notation("short:w/6:5,5,21,13:8/24:2,13:5,8:3,6:4,bar:1"), Side.WHITE)
    assert (short.hit, short.blots, short.home_points, short.row) == (1, 2, 1, 1)


def test_a_classic_blunder_gives_its_reasons() -> None:
    start = Position.start(Game.SHORT)
    judged = judge(start, Roll(3, 1), False, ShortRules(), parse_play("24/21 24/23"))
    assert judged.grade is Grade.BLUNDER
    assert judged.best.text == "8/5 6/5"
    assert [why.code for why in judged.why] == [WhyCode.HOME_POINT, WhyCode.BLOTS]
    assert judged.why[0].params == {"best": 2, "played": 1}


def test_the_requests_refuse_what_cannot_be_judged() -> None:
    start = "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"
    assert call("judge", {"position": start, "dice": [3, 1], "play": "24/21"})["error"]["code"] == "ILLEGAL"  # unfinished
    assert call("judge", {"position": start, "dice": [3, 1], "play": "24/16"})["error"]["code"] == "ILLEGAL"
    closed = "short:w/bar:1,6:14/6:2,5:2,4:2,3:2,2:2,1:2,off:3"
    assert call("judge", {"position": closed, "dice": [4, 2], "play": ""})["error"]["code"] == "NO_PLAY"
    assert call("advise", {"position": closed, "dice": [4, 2]}) == {"plays": [], "total": 0}
    assert call("advise", {"position": start, "dice": [3, 1], "limit": 0})["error"]["code"] == "BAD_NUMBER"


@pytest.mark.parametrize("game", ROLL_GAMES)
def test_the_hint_is_the_engines_order_in_the_boards_numbering(game: Game) -> None:
    position = Position.start(game).with_to_move(Side.BLACK)
    query = {"position": position.notation(), "dice": [5, 3], "first_turn": True}
    engine = call("hint", query)["plays"]
    advised = call("advise", {**query, "limit": 50})
    assert advised["total"] == len(engine)
    assert [play["equity"] for play in advised["plays"]] == [play["equity"] for play in engine]
    for play in advised["plays"]:  # Black's own points, written as the board numbers them
        steps = " ".join(f"{step['from']}/{step['to']}" for step in play["steps"])
        assert play["play"] == steps
        assert all(step["labels"][0] != step["from"] for step in play["steps"] if isinstance(step["from"], int))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_reason_has_a_sentence_in_the_catalog(lang: str) -> None:
    catalog = load_catalog(PROJECT_ROOT / "site" / "i18n", lang)
    for key in WHY_KEYS:
        assert key in catalog, key
        assert placeholders(catalog.messages[key]) <= {"best", "played"}
    for value in Grade:
        assert f"tutor.grade.{value.value}" in catalog
        assert f"tutor.worse.{value.value}" in catalog


def test_a_race_whose_tables_are_not_built_yet_is_judged_at_once_by_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardy_core import bearoff
    from nardy_core.evaluator import Layered, evaluator_for
    from nardy_core.tutor import prompt_evaluator

    race = Position.from_notation("short:w/6:5,5:5,4:5/3:5,2:5,1:5")
    family = evaluator_for(Game.SHORT)
    assert isinstance(family, Layered)
    monkeypatch.setattr(bearoff, "ready", lambda board: False)  # met cold: fifteen checkers would build for seconds
    assert prompt_evaluator(race) is family.fallback
    contact = prompt_evaluator(Position.start(Game.SHORT))  # contact: the family's tables and network ...
    assert isinstance(contact, Layered) and (contact.exact, contact.fallback) == (family.exact, family.fallback)
    # ... but a play that breaks the last contact into a race not built yet is the network's too, not a build
    assert contact.evaluate([race], ShortRules()) == family.fallback.evaluate([race], ShortRules())
    monkeypatch.setattr(bearoff, "ready", lambda board: True)  # built (the warm-up, or an earlier race)
    assert prompt_evaluator(race) is not family.fallback
    assert prompt_evaluator(race).evaluate([race], ShortRules()) == family.evaluate([race], ShortRules())

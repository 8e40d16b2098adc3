"""A whole game analysed (nardy_core.analysis, the ``game_analysis`` request): every turn with a choice is
judged as the tutor judges it, a forced turn or a pass is not a decision, the chances end at the result, the
cube's decisions are judged against the advice, and each side's error rate and band follow its losses."""

from __future__ import annotations

import random

import pytest

from builder.i18n import load_catalog
from nardy_core import Game, ShortRules, default_rules
from nardy_core.analysis import BANDS, LISTED, WORST, analyse, band
from nardy_core.api import call
from nardy_core.engine import opponent
from nardy_core.flow import GameState, Record, Turn, replay, start_thrown
from nardy_core.opponent import act
from nardy_core.search import rank_plays
from nardy_core.sides import Side
from nardy_core.tutor import Grade, grade, prompt_evaluator
from tests.markers import ROLL_GAMES

from ..conftest import PROJECT_ROOT

#: each game under its default rules, with the doubling cube where its board shows one
RULES = {game: default_rules(game).with_options(cube=True) if game.spec.shows_cube else default_rules(game) for game in Game}


def _played(game: Game, seed: int) -> GameState:
    """A whole game of the computer's beginner level against itself (it doubles and answers doubles too)."""
    rng = random.Random(seed)
    state = start_thrown(RULES[game], rng)
    computer = opponent("beginner")
    while state.result is None:
        state = act(state, computer, rng)
    return state


@pytest.mark.parametrize("game", ROLL_GAMES)
def test_every_turn_with_a_choice_is_judged_and_the_chances_end_at_the_result(game: Game) -> None:
    final = _played(game, 3)
    analysis = analyse(final.record)
    turns = [event for event in final.record.events if isinstance(event, Turn)]
    assert [t.index for t in analysis.turns] == [i for i, e in enumerate(final.record.events) if isinstance(e, Turn)]
    assert len(analysis.turns) == len(turns)
    for turn in analysis.turns:
        plays = rank_plays(turn.before, turn.roll, turn.first_turn, final.rules, prompt_evaluator(turn.before))
        assert (turn.judgment is not None) == (len(plays) > 1), turn
        if turn.judgment is not None:
            assert turn.judgment.loss == pytest.approx(max(0.0, plays[0].equity - turn.judgment.played.equity))
            assert turn.judgment.grade is grade(turn.judgment.loss)
        assert 0.0 <= turn.white_win <= 1.0
    if isinstance(final.record.events[-1], Turn):  # (a game can end on a drop)
        assert analysis.turns[-1].white_win == (1.0 if final.result and final.result.winner is Side.WHITE else 0.0)
    assert analysis.final.result == final.result
    for side in Side:
        figures = analysis.side(side)
        judged = [t.judgment for t in analysis.turns if t.side is side and t.judgment is not None]
        assert figures.decisions == len(judged)
        assert figures.loss == pytest.approx(sum(j.loss for j in judged))
        assert figures.blunders == sum(j.grade is Grade.BLUNDER for j in judged)
        assert figures.band == band(figures.error_rate)
    worst = analysis.worst()
    assert [t.judgment.loss for t in worst if t.judgment] == sorted((t.judgment.loss for t in worst if t.judgment), reverse=True)
    assert all(t.judgment and t.judgment.loss >= LISTED for t in worst)


def test_the_cube_decisions_are_judged_against_the_advice() -> None:
    analysis = analyse(_played(Game.SHORT, 3).record)
    assert {c.move for c in analysis.cube} >= {"double", "take", "no_double"}
    for decision in analysis.cube:
        assert decision.loss >= 0.0
        assert (decision.move == decision.right) == (decision.loss == 0.0), decision
        if decision.move == "no_double":  # only a double the advice wanted is a missed one
            assert decision.advice.action == "double" and decision.right == "double"
    assert not analyse(_played(Game.LONG, 3).record).cube  # long nardy is played without the cube


def test_a_blunder_on_the_first_turn_is_the_games_worst_and_the_band_is_gnubgs() -> None:
    record = {"game": "short", "opening": [[3, 1]], "events": [{"side": "white", "dice": [3, 1], "play": "24/21 24/23"}]}
    answer = call("game_analysis", {"record": record})
    turn = answer["turns"][0]
    assert (turn["side"], turn["number"], turn["play"], turn["dice"]) == ("white", 1, "24/21 24/23", [3, 1])
    assert turn["judged"]["grade"] == "blunder" and turn["judged"]["best"]["play"] == "8/5 6/5"
    assert answer["worst"] == [0]
    assert answer["white"]["decisions"] == 1 and answer["black"]["decisions"] == 0 and answer["black"]["band"] is None
    assert [bound for bound, _ in BANDS] == [0.005, 0.008, 0.012, 0.018, 0.026, 0.035]
    assert (band(0.0049), band(0.005), band(0.0349), band(0.035)) == ("world_class", "expert", "beginner", WORST)


def test_black_is_written_in_the_boards_numbering_and_a_bad_record_is_refused() -> None:
    record = {"game": "long", "opening": [[1, 6]], "events": [{"side": "black", "dice": [6, 1], "play": "24/18/17"}]}
    answer = call("game_analysis", {"record": record})
    assert answer["turns"][0]["play"] == "12/6 6/5"  # Black's 24/18/17 is the board's 12/6/5
    assert answer["turns"][0]["judged"] is None  # a first turn's 6-1 has one play: one checker off the head
    assert 0.0 < answer["start_white_win"] < 1.0
    bad = {"game": "long", "opening": [[6, 5]], "events": [{"side": "black", "dice": [6, 5], "play": "24/13"}]}
    assert call("game_analysis", {"record": bad})["error"]["code"] == "BAD_RECORD"
    empty = call("game_analysis", {"record": {"game": "short", "opening": [[4, 2]], "events": []}})
    assert empty["turns"] == [] and empty["result"] is None
    assert replay(Record(ShortRules(), ((4, 2),))).position.to_move is Side.WHITE


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_band_is_worded(lang: str) -> None:
    catalog = load_catalog(PROJECT_ROOT / "site" / "i18n", lang)
    for _, name in (*BANDS, (0.0, WORST)):
        assert f"analysis.band.{name}" in catalog, name


def test_a_take_a_beaver_and_a_drop_are_judged_against_all_three() -> None:
    """The taker's equity per unit of the cube before the double: take -DT, beaver -2 DT (beavers allowed), drop
    -1; the right answer is the best of them and the loss what the answer given gives up."""
    from nardy_core.analysis import _answered
    from nardy_core.cube import Cube
    from nardy_core.cube_advice import advice
    from nardy_core.evaluator import Probabilities

    rules = ShortRules(cube=True, beaver=True)
    for win in (0.45, 0.6, 0.7, 0.8):
        adv = advice(Probabilities(win, 0.1, 0.0, 0.05, 0.0), rules, Cube(), Side.WHITE)
        options = {"take": -adv.double_take, "beaver": -2 * adv.double_take, "drop": -adv.double_drop}
        best = max(options.values())
        for move in ("take", "beaver", "drop"):
            judged = _answered(0, Side.BLACK, move, adv, beaver=True)
            assert judged.loss == pytest.approx(best - options[move])
            assert options[judged.right] == best
            assert (judged.move == judged.right) == (judged.loss == 0.0)
    no_beavers = _answered(0, Side.BLACK, "take", advice(Probabilities(0.45, 0.1, 0.0, 0.05, 0.0), rules, Cube(), Side.WHITE), beaver=False)
    assert no_beavers.right == "take" and no_beavers.loss == 0.0

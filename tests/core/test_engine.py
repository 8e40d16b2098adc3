"""The engine (issue 29): the evaluator seam, the exact race, the ranked hint, the cube advice, the computer's
levels and the CLI's hint, evaluate and cube."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import nardy_core.evaluator as evaluator_module
from nardy_core import Game, Position, Roll, Side
from nardy_core.__main__ import main
from nardy_core.api import call
from nardy_core.bearoff import first_off_distribution, home_board, win_chance
from nardy_core.cube import Cube
from nardy_core.cube_advice import advice
from nardy_core.engine import LEVELS, EngineOpponent, Level, opponent
from nardy_core.evaluator import (
    DEFAULT,
    HEURISTIC_EVALUATOR,
    RACE,
    Evaluator,
    Layered,
    Probabilities,
    evaluator_for,
    register,
)
from nardy_core.flow import from_position, start_thrown
from nardy_core.games import Family
from nardy_core.net import NET_EVALUATOR, ships_network
from nardy_core.opponent import act
from nardy_core.rules import LongRules, Rules, ShortRules, default_rules
from nardy_core.search import rank_plays
from tests.markers import ROLL_GAMES, WHOLE_TABLE

from .selfplay import self_play
from .test_cli import run

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def mirror(position: Position) -> Position:
    """The same position with the colours swapped (each side keeps its own numbering, so the counts swap)."""
    return Position(position.black, position.white, position.to_move.other, position.game)


def seen_positions(game: Game, games: int = 2, turns: int = 100) -> list[Position]:
    rules = default_rules(game)
    found = [turn.position for seed in range(games) for turn in self_play(seed, rules, turns)]
    return found[::3]


def random_race(rng: random.Random, game: Game) -> Position:
    """Both sides all home with one to eight checkers each (the tables of bigger boards take seconds to build)."""
    sides = []
    for _ in Side:
        counts = [0] * 26
        for _ in range(rng.randint(1, 8)):
            counts[rng.randint(1, 6)] += 1
        sides.append(tuple(counts))
    return Position(sides[0], sides[1], rng.choice(list(Side)), game)


# ---------------------------------------------------------------------------------------------
# the evaluators


@pytest.mark.parametrize("game", ROLL_GAMES)
@pytest.mark.parametrize("evaluator", [HEURISTIC_EVALUATOR, DEFAULT], ids=["heuristic", "layered"])
def test_the_chances_are_well_formed_and_the_same_with_the_colours_swapped(game: Game, evaluator: Evaluator) -> None:
    positions = seen_positions(game)
    rules = default_rules(game)
    judged = evaluator.evaluate(positions, rules)
    assert len(judged) == len(positions)
    for position, chances in zip(positions, judged, strict=True):
        assert chances.well_formed(), (position, chances)
        assert all(0.0 <= value <= 1.0 for value in chances), (position, chances)
        assert chances.win + chances.lose == pytest.approx(1.0)
        assert chances.win_koks <= chances.win_mars <= chances.win and chances.lose_koks <= chances.lose_mars <= chances.lose
    assert evaluator.evaluate([mirror(p) for p in positions], rules) == judged


def test_flipped_is_the_other_sides_view_and_equity_changes_sign() -> None:
    chances = Probabilities(0.62, 0.2, 0.04, 0.08, 0.01)
    assert chances.flipped().flipped() == chances
    for rules in (LongRules(), LongRules(home_mars=3), ShortRules(), ShortRules(koks="off"), ShortRules(cube=True, cube_mars=False)):
        assert chances.flipped().equity(rules) == pytest.approx(-chances.equity(rules))
    assert chances.equity(ShortRules()) == pytest.approx(0.62 - 0.38 + 0.2 - 0.08 + 0.04 - 0.01)
    assert chances.equity(LongRules()) == pytest.approx(0.62 - 0.38 + 0.2 - 0.08)  # no koks in the default long rules
    assert not Probabilities(0.5, 0.6, 0.0, 0.0, 0.0).well_formed()


@pytest.mark.parametrize("game", ROLL_GAMES)
def test_the_race_is_exact_the_bear_off_tables_win_chance(game: Game) -> None:
    rng = random.Random(5)
    rules = default_rules(game)
    for _ in range(60):
        position = random_race(rng, game)
        assert RACE.applies(position)
        chances = RACE.evaluate([position], rules)[0]
        mover, other = home_board(position, position.to_move), home_board(position, position.to_move.other)
        assert chances.win == win_chance(mover, other)
        assert chances.well_formed()
        assert DEFAULT.evaluate([position], rules) == [chances] == RACE.evaluate([mirror(position)], rules)
        if position.borne_off(position.to_move.other):
            assert chances.win_mars == 0.0
        if position.borne_off(position.to_move):
            assert chances.lose_mars == 0.0


@WHOLE_TABLE
def test_race_mars_chances_in_hand_computed_cases() -> None:
    # one checker on the 1-point against fifteen at home: won at once, a mars (the other never rolled)
    won = Position.from_notation("w/1,off:14/1:15")
    assert RACE.evaluate([won], LongRules())[0] == Probabilities(1.0, 1.0, 0.0, 0.0, 0.0)
    # under home_mars=3 a mars with all fifteen at home is a home mars: the triple
    assert RACE.evaluate([won], LongRules(home_mars=3))[0].win_koks == 1.0
    # three on the 6-point against fifteen on the 1-point: only 6-6 finishes at once, and the other bears off
    # with any roll, so a mars is exactly that first 6-6
    ahead = RACE.evaluate([Position.from_notation("w/6:3,off:12/1:15")], LongRules())[0]
    assert ahead.win > 0.999 and ahead.win_mars == pytest.approx(1 / 36) and ahead.lose_mars == 0.0
    # fifteen on the 4-point against one on the 1-point: lost, and a mars unless the first roll bears one off,
    # which every roll does but 2-1, 3-2 and 3-3 (a die larger than the point a checker stands on bears off only
    # when no checker stands higher)
    lost = RACE.evaluate([Position.from_notation("w/4:15/1,off:14")], LongRules())[0]
    assert lost.win == 0.0 and lost.lose_mars == pytest.approx(5 / 36)
    assert lost.lose_mars == pytest.approx(1.0 - first_off_distribution((0, 0, 0, 15, 0, 0))[1])


def test_layered_judges_the_race_exactly_and_the_rest_by_the_fallback_in_one_batch() -> None:
    calls: list[int] = []

    class Counting:
        def evaluate(self, positions: list[Position], rules: Rules) -> list[Probabilities]:
            calls.append(len(positions))
            return HEURISTIC_EVALUATOR.evaluate(positions, rules)

    positions = [Position.start(), Position.from_notation("w/2:2,off:13/1,off:14"), Position.start().handed_over()]
    judged = Layered(RACE, Counting()).evaluate(positions, LongRules())
    assert calls == [2]
    assert round(judged[1].win, 4) == 0.7222


def test_a_family_evaluator_serves_every_game_of_the_family() -> None:
    before = {family: evaluator_for(next(g for g in Game if g.family is family)) for family in Family}
    mine = Layered(RACE, HEURISTIC_EVALUATOR)
    register(Family.SHORT, mine)
    try:
        assert all(evaluator_for(game) is mine for game in Game if game.family is Family.SHORT)
        assert all(evaluator_for(game) is before[game.family] for game in Game if game.family is not Family.SHORT)
    finally:
        register(Family.SHORT, before[Family.SHORT])


def test_a_family_whose_network_ships_judges_with_it_and_its_races_exactly() -> None:
    for game in Game:
        judge = evaluator_for(game)
        if ships_network(game.family):
            assert isinstance(judge, Layered) and judge.fallback is NET_EVALUATOR and judge.exact is RACE
        else:
            assert judge is DEFAULT
    assert ships_network(Family.LONG)  # long-v1.json: what the club and master levels play long nardy with
    opening = Position.from_notation("w/24:14,19/24:15")  # not a race: the network's judgment, not the tables'
    assert evaluator_for(Game.LONG).evaluate([opening], LongRules()) == NET_EVALUATOR.evaluate([opening], LongRules())


def test_the_sites_wheel_asks_for_the_weights_when_the_engine_is_first_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's wheel holds a stand-in of each weight file (builder.vendor): the first engine request answers
    NEEDS_DATA with the file's path in site-packages; once the worker has put the file there, the same request
    answers as the package does. Nothing else needs the weights: the beginner's game and the rules answer at once."""
    from nardy_core import net
    from nardy_core.api import handle

    stand_in = tmp_path / "long-v1.json"
    stand_in.write_bytes(net.lazy_stand_in())
    monkeypatch.setattr(net, "_weight_path", lambda family: str(stand_in))
    monkeypatch.setitem(evaluator_module._BY_FAMILY, Family.LONG, Layered(RACE, net.NetEvaluator()))
    query = json.dumps({"position": "w/24:14,19/24:15", "dice": [3, 1]})
    asked = json.loads(handle("hint", query))
    assert asked["error"]["code"] == "NEEDS_DATA"
    assert asked["error"]["params"] == {"path": "nardy_core/weights/long-v1.json"}
    assert "error" not in json.loads(handle("bot_turn", query))  # the beginner needs no weights
    stand_in.write_text("<!doctype html><title>Wi-Fi</title>", encoding="utf-8")  # a captive portal's answer
    assert json.loads(handle("hint", query))["error"]["code"] == "NEEDS_DATA"  # asked for again, never INTERNAL
    stand_in.write_bytes((PROJECT_ROOT / "nardy_core" / "weights" / "long-v1.json").read_bytes())
    answer = json.loads(handle("hint", query))
    monkeypatch.undo()
    assert answer == json.loads(handle("hint", query))


# ---------------------------------------------------------------------------------------------
# the hint


HINT_CASES = [
    ("w/24:15/24:15", [6, 5], True),
    ("b/24:14,13/24:15", [3, 1], True),
    ("w/24:5,23:2,22,19,18,17,15,14,9,7/24:5,23,22,20,17:2,16,15,14,13,8", [5, 3], False),
    ("w/6,4,off:13/24:15", [6, 5], False),
    ("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", [3, 1], False),
    ("short:b/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5", [6, 4], False),
    ("short:w/bar,6:14/6:2,5:2,4:2,3:2,2:2,1:2,off:3", [4, 2], False),
]


@pytest.mark.parametrize("position,dice,first_turn", HINT_CASES)
def test_the_hint_lists_exactly_the_legal_plays_best_first(position: str, dice: list[int], first_turn: bool) -> None:
    query = {"position": position, "dice": dice, "first_turn": first_turn}
    outcomes = call("turns", query)["outcomes"]
    plays = call("hint", query)["plays"]
    key = lambda item: (json.dumps(item["white"], sort_keys=True), json.dumps(item["black"], sort_keys=True))  # noqa: E731
    assert sorted(map(key, plays)) == sorted(map(key, outcomes))
    assert len(plays) == len(outcomes)
    equities = [p["equity"] for p in plays]
    assert equities == sorted(equities, reverse=True)
    for p in plays:
        assert 0 <= p["lose_mars"] <= 1 - p["win"] + 1e-4 and 0 <= p["win_mars"] <= p["win"] <= 1
        assert set(p) == {"play", "white", "black", "equity", "win", "win_mars", "lose_mars"}


def test_a_one_ply_hint_lists_the_same_plays_and_searches_the_filtered_ones_deeper() -> None:
    position, dice, _ = HINT_CASES[4]
    zero = call("hint", {"position": position, "dice": dice})["plays"]
    one = call("hint", {"position": position, "dice": dice, "plies": 1})["plays"]
    assert sorted(p["play"] for p in one) == sorted(p["play"] for p in zero)
    assert {p["play"] for p in one[:5]} == {p["play"] for p in zero[:5]}
    assert one[5:] == zero[5:]
    ranked = rank_plays(Position.from_notation(position), Roll(*dice), False, ShortRules(), None, 1)
    assert [entry.plies for entry in ranked] == [1] * 5 + [0] * (len(ranked) - 5)


def test_the_hint_refuses_a_bad_depth_and_level() -> None:
    query = {"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True}
    assert call("hint", {**query, "plies": 3})["error"]["code"] == "BAD_NUMBER"
    assert call("hint", {**query, "plies": True})["error"]["code"] == "BAD_NUMBER"
    assert call("bot_turn", {**query, "level": "grandmaster"})["error"]["code"] == "BAD_LEVEL"
    assert call("evaluate", {**query})["error"]["code"] == "UNKNOWN_FIELD"


# ---------------------------------------------------------------------------------------------
# the cube


@pytest.mark.parametrize(
    "win,action,response",
    [(0.5, "no_double", "take"), (0.7, "double", "take"), (0.85, "double", "drop"), (0.3, "no_double", "take")],
)
def test_the_cube_advice_without_mars(win: float, action: str, response: str) -> None:
    decision = advice(Probabilities(win, 0.0, 0.0, 0.0, 0.0), ShortRules(cube=True), Cube(), Side.WHITE)
    assert (decision.action, decision.response) == (action, response)


def test_too_good_to_double_when_playing_on_for_a_mars_wins_more() -> None:
    decision = advice(Probabilities(0.95, 0.6, 0.0, 0.0, 0.0), ShortRules(cube=True), Cube(), Side.WHITE)
    assert (decision.action, decision.response) == ("too_good", "drop")
    assert decision.no_double > decision.double_drop


def test_a_cube_the_opponent_owns_may_not_be_turned_and_a_beaver_is_offered_only_where_played() -> None:
    owned = Cube(2, Side.BLACK, None, True)
    assert not advice(Probabilities(0.7, 0, 0, 0, 0), ShortRules(cube=True), owned, Side.WHITE).may_double
    assert advice(Probabilities(0.3, 0, 0, 0, 0), ShortRules(cube=True, beaver=True), Cube(), Side.WHITE).response == "beaver"
    assert advice(Probabilities(0.3, 0, 0, 0, 0), ShortRules(cube=True), Cube(), Side.WHITE).response == "take"


def test_the_cube_request_reads_the_cube() -> None:
    race = "short:w/6:2,5:2,4,off:10/6:2,5:2,4:2,off:9"
    answer = call("cube", {"position": race, "rules": {"cube": True}, "cube": {"value": 2, "owner": "black", "turned": True}})
    assert answer["advice"]["may_double"] is False and answer["win"] == 0.8028
    assert call("cube", {"position": race, "cube": {"owner": "green"}})["error"]["code"] == "BAD_SIDE"


# ---------------------------------------------------------------------------------------------
# the computer's levels


def play_out(rules: Rules, level: Level, seed: int, max_actions: int) -> int:
    """A game the computer of ``level`` plays for both sides; every play goes through flow.play, which refuses
    an illegal one. Returns how many actions were taken."""
    rng = random.Random(seed)
    game = start_thrown(rules, rng)
    computer = opponent(level)
    for action in range(max_actions):
        if game.over:
            return action
        game = act(game, computer, rng)
    return max_actions


@pytest.mark.parametrize("rules", [LongRules(), ShortRules(cube=True), LongRules(cube=True, home_mars=3)], ids=["long", "short-cube", "long-cube"])
@pytest.mark.parametrize("level", ["beginner", "club"])
def test_the_computer_of_each_level_plays_whole_games_legally(rules: Rules, level: Level) -> None:
    for seed in range(2):
        assert play_out(rules, level, seed, 600) < 600


@pytest.mark.parametrize("rules", [LongRules(), ShortRules(cube=True)], ids=["long", "short"])
def test_the_master_plays_legally(rules: Rules) -> None:
    assert play_out(rules, "master", 3, 6) <= 6


def test_levels_through_the_api_and_the_default_is_todays_computer() -> None:
    game = call("game_new", {"game": "short", "seed": 2, "players": {"white": "computer", "black": "computer"}})
    today = call("game_computer", {"game": game, "seed": 4})
    assert call("game_computer", {"game": game, "seed": 4, "level": "beginner"}) == today
    for level in LEVELS:
        answer = call("game_computer", {"game": game, "seed": 4, "level": level})
        assert "error" not in answer and answer["last"]["side"] == game["to_move"]
    query = {"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [3, 1]}
    assert call("bot_turn", {**query, "level": "club"})["play"] == call("hint", query)["plays"][0]["play"]


def test_the_engine_opponent_doubles_and_drops_by_the_advice() -> None:
    engine = EngineOpponent(None, 0)
    rules = ShortRules(cube=True)
    ahead = from_position(Position.from_notation("short:w/6:2,5:2,4,off:10/6:2,5:2,4:2,off:9"), rules)  # 80%: double, drop
    assert engine.cube_advice(ahead)[:2] == ("double", "drop")
    assert engine.offers_double(ahead, Side.WHITE)
    offered = act(ahead, engine, random.Random(1))
    assert offered.cube.offered_by is Side.WHITE
    assert not engine.takes_double(offered, Side.BLACK)
    assert act(offered, engine, random.Random(1)).result is not None  # the drop ends the game
    even = from_position(Position.start(Game.SHORT), rules)
    assert not engine.offers_double(even, Side.WHITE)
    passing = Position.from_notation("short:w/bar,6:14/6:2,5:2,4:2,3:2,2:2,1:2,off:3")
    assert engine.choose_play(passing, Roll(4, 2), False, ShortRules(), 0) == ()


def test_two_plies_rank_every_play_and_search_the_three_best() -> None:
    position = Position.from_notation("short:w/6:2,5,3,off:11/6,5:2,off:12")
    ranked = rank_plays(position, Roll(2, 1), False, ShortRules(), None, 2)
    assert sorted(entry.text for entry in ranked) == sorted(entry.text for entry in rank_plays(position, Roll(2, 1), False, ShortRules()))
    assert [entry.plies for entry in ranked][:3] == [2, 2, 2] and all(entry.probabilities.well_formed() for entry in ranked)


# ---------------------------------------------------------------------------------------------
# the CLI


def test_the_cli_hint_evaluate_and_cube_round_trip() -> None:
    queries = [{"position": p, "dice": d, "first_turn": f} for p, d, f in HINT_CASES[:2]]
    code, answers = run("hint", json.dumps(queries))
    assert code == 0 and answers == [call("hint", q) for q in queries]
    assert answers[0] == {"plays": [{"play": "24/18 18/13", "white": {"24": 14, "13": 1}, "black": {"24": 15},
                                     **{k: v for k, v in answers[0]["plays"][0].items() if k not in ("play", "white", "black")}}]}
    code, evaluated = cli("evaluate", {"position": "w/2:2,off:13/1,off:14"})
    assert code == 0 and evaluated["win"] == 0.7222 and evaluated["exact"] is True
    code, cubed = cli("cube", [{"position": "short:w/6:2,5:2,4,off:10/6:2,5:2,4:2,off:9"}, {"dice": [1]}])
    assert code == 2 and cubed[0]["advice"]["action"] == "double" and cubed[1]["error"]["code"] == "UNKNOWN_FIELD"


def cli(command: str, query: object) -> tuple[int, object]:
    """The CLI run in this process (the same main as ``python -m nardy_core``)."""
    out = io.StringIO()
    code = main([command], io.StringIO(json.dumps(query)), out)
    return code, json.loads(out.getvalue())

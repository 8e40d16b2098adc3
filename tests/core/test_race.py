"""Races not yet home (nardy_core.race): where the Keith count applies, that its chances are well formed and
move the right way, and that they stay close to GNU Backgammon's race network (gnubg-nn, tests only)."""

from __future__ import annotations

import random
import statistics

import pytest

from nardy_core import Game, Position, Side
from nardy_core.cube import Cube
from nardy_core.cube_advice import EFFICIENCY, efficiency_of, position_advice
from nardy_core.engine_api import chances
from nardy_core.evaluator import evaluator_for
from nardy_core.race import judged_chances, keith_count, passed, race_win
from nardy_core.rules import ShortRules, default_rules

from .gnubg import gnubg_board
from .races import random_race

RACES = 120
SEED = 7


@pytest.mark.parametrize("notation, expected", [
    ("short:w/12:5,6:10/12:5,6:10", True),  # the two rear checkers have passed each other
    ("short:w/13:5,6:10/13:5,6:10", False),  # White's 13 is Black's 12: still to pass
    ("short:w/bar,12:4,6:10/12:5,6:10", False),  # a checker on the bar enters in the opponent's home
    ("short:w/6:15/6:15", True),  # all home: passed (the tables answer it, not the formula)
])
def test_passed_is_no_contact(notation: str, expected: bool) -> None:
    assert passed(Position.from_notation(notation)) is expected


def test_long_nardy_races_keep_their_network() -> None:
    race = Position.from_notation("w/12:5,6:10/12:5,6:10")
    assert not passed(race)
    assert judged_chances(race, default_rules(Game.LONG), evaluator_for(Game.LONG)) == evaluator_for(Game.LONG).evaluate([race], default_rules(Game.LONG))[0]


def test_the_count_adds_the_wastage_of_crowded_low_points_and_gaps() -> None:
    smooth = Position.from_notation("short:w/9:3,6:3,5:3,4:3,3:3/6:15")
    crowded = Position.from_notation("short:w/9:3,3:3,2:3,1:6/6:15")
    assert keith_count(smooth, Side.WHITE) == smooth.pips(Side.WHITE)
    # 1-point: 5 beyond the first, 2-point: 2 beyond, 4, 5 and 6 empty
    assert keith_count(crowded, Side.WHITE) == crowded.pips(Side.WHITE) + 2 * 5 + 2 + 3


def test_the_chances_are_well_formed_and_a_lead_is_worth_more() -> None:
    rules = ShortRules()
    generator = random.Random(SEED)
    for _ in range(40):
        race = random_race(generator, any_mover=True)
        judged = judged_chances(race, rules, evaluator_for(Game.SHORT))
        assert judged.well_formed(), (race.notation(), judged)
        assert judged.win == race_win(race)
    level = Position.from_notation("short:w/12:5,6:10/12:5,6:10")
    behind = Position.from_notation("short:w/12:6,6:9/12:5,6:10")
    assert 0.5 < race_win(level) < 0.65  # an even count: being on roll is worth some 4 pips, not a whole roll
    assert race_win(behind) < race_win(level)


def test_a_race_not_yet_home_has_gnubgs_race_cube_efficiency() -> None:
    race = Position.from_notation("short:w/12:5,6:10/12:5,6:10")
    assert efficiency_of(race) == 0.7  # 120 pips: the most
    assert efficiency_of(Position.start(Game.SHORT)) == EFFICIENCY


def test_the_race_chances_are_close_to_gnubgs() -> None:
    """The chances the cube reads, in races where the tables do not reach: the short network alone was 0.2
    off on average here (bench/engine.py measures the same on 300 races)."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rules = ShortRules()
    generator = random.Random(SEED)
    errors, mars = [], []
    for _ in range(RACES):
        race = random_race(generator, any_mover=True)
        ours, exact = chances(race, rules)
        assert not exact
        theirs = gnubg_nn.probabilities(gnubg_board(race), 0)
        errors.append(abs(ours.win - float(theirs[0])))
        mars.append(max(abs(ours.win_mars - float(theirs[1])), abs(ours.lose_mars - float(theirs[3]))))
    assert statistics.fmean(errors) < 0.035, statistics.fmean(errors)
    assert max(errors) < 0.15, max(errors)
    assert statistics.fmean(mars) < 0.02, statistics.fmean(mars)  # the network's shares: 0.29


def test_the_cube_in_a_race_follows_the_count() -> None:
    """A race of some 110 pips, the side on roll 12 pips ahead by the count: a double and a take (Keith: add a
    seventh, rounded down, to your own count, 108 + 15 = 123; double when that is no more than 4 above the
    other's count, 120; the other takes when it is at least 2 above). Three pips more for the taker: a drop."""
    rules = ShortRules(cube=True)
    race = Position.from_notation("short:w/11:3,9:2,8:2,6:3,5:3,4:2/12:3,11:1,9:3,8:2,6:2,5:2,4:2")
    mine, theirs = keith_count(race, Side.WHITE), keith_count(race, Side.BLACK)
    assert (mine, theirs) == (108, 120)
    advice = position_advice(race, chances(race, rules)[0], rules, Cube())
    assert (advice.action, advice.response) == ("double", "take")
    further = Position.from_notation("short:w/11:3,9:2,8:2,6:3,5:3,4:2/12:3,11:2,10:1,9:1,8:2,6:2,5:2,4:2")
    assert keith_count(further, Side.BLACK) == 123
    assert position_advice(further, chances(further, rules)[0], rules, Cube()).response == "drop"

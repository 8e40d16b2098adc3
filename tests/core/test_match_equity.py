"""The match equity table and the last-roll cube at a match score (nardy_core.match_equity)."""

from __future__ import annotations

import pytest

from nardy_core.errors import InputError
from nardy_core.match_equity import MAX_AWAY, POST, PRE, MatchScore, last_roll_cube, match_winning_chance

CHANCES = [k / 36 for k in range(1, 36)]


def test_the_table_is_one_minus_its_mirror_and_falls_with_the_distance() -> None:
    for a in range(MAX_AWAY):
        assert PRE[a][a] == 0.5
        for b in range(MAX_AWAY):
            assert PRE[a][b] + PRE[b][a] == pytest.approx(1.0, abs=1e-6)
            if b + 1 < MAX_AWAY:
                assert PRE[a][b] < PRE[a][b + 1]  # the opponent further away: better for me
    assert POST[0] == 0.5 and all(POST[b] > POST[b + 1] for b in range(MAX_AWAY - 1))


def test_after_the_crawford_game_a_trailer_two_away_doubles_any_last_roll() -> None:
    # a doubled win is the match, and a loss costs what it would anyway: the leader needs one point
    for length in (3, 5, 7, 11):
        score = MatchScore(length, length - 2, length - 1)
        assert score.post_crawford and score.away() == (2, 1)
        assert all(last_roll_cube(score, p).action == "double" for p in CHANCES), length


def test_after_the_crawford_game_the_leader_never_doubles() -> None:
    for trailer_away in range(2, MAX_AWAY + 1):
        score = MatchScore(MAX_AWAY, MAX_AWAY - 1, MAX_AWAY - trailer_away)
        assert all(last_roll_cube(score, p).action == "no_double" for p in CHANCES), trailer_away


def test_at_two_away_each_the_take_point_is_the_crawford_trailers_chance() -> None:
    score = MatchScore(5, 3, 3)
    for p in CHANCES:
        taker = 1.0 - p
        assert last_roll_cube(score, p).response == ("take" if taker > PRE[1][0] else "drop"), p
    assert round(PRE[1][0], 3) == 0.323 and match_winning_chance(2, 1) == PRE[1][0]


def test_a_match_score_is_checked() -> None:
    with pytest.raises(InputError, match=r"a score is 0\.\.4"):
        MatchScore(5, 5, 0)
    with pytest.raises(InputError, match="Crawford"):
        MatchScore(5, 2, 2, crawford=True)
    with pytest.raises(InputError, match="table covers"):
        MatchScore(25, 0, 0)
    with pytest.raises(InputError, match="whole number"):
        MatchScore(5, True, 0)
    with pytest.raises(InputError, match="Crawford game"):
        last_roll_cube(MatchScore(5, 4, 2, crawford=True), 0.5)

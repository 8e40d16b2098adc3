"""Game flow: opening conventions, first-turn tracking, forced passes, the end, draws, replay, cube, matches."""

from __future__ import annotations

import json
import random

import pytest

from nardy_core import Game, GameError, LongRules, Position, Roll, ShortRules, Side
from nardy_core.flow import (
    GameState,
    cube_action,
    decline_opening,
    from_position,
    is_first_turn,
    next_game_first_mover,
    next_match_game,
    play,
    record_from_json,
    replay,
    roll_dice,
    start,
    start_match,
    turn,
)

Rules = LongRules


def test_official_start_first_move_uses_opening_numbers() -> None:
    game = start(Rules(), white_die=2, black_die=5)
    assert game.to_move is Side.BLACK and game.roll == Roll(5, 2)
    with pytest.raises(GameError) as caught:
        play(game, Roll(6, 6), "24/18 18/12")
    assert caught.value.code == "WRONG_ROLL"


def test_reroll_start_has_no_pending_roll_and_first_double_gets_exception() -> None:
    game = start(Rules(start="reroll"), 6, 1)
    assert game.roll is None
    game = play(game, Roll(6, 6), "24/18 24/18")
    assert game.position.count(Side.WHITE, 18) == 2


def test_choice_start_can_decline() -> None:
    game = decline_opening(start(Rules(start="choice"), 4, 3))
    assert game.roll is None and game.record.declined_opening
    with pytest.raises(GameError):
        decline_opening(start(Rules(), 4, 3))


def test_opening_tie_is_refused() -> None:
    with pytest.raises(GameError) as caught:
        start(Rules(), 3, 3)
    assert caught.value.code == "OPENING_TIE"


def test_first_turn_is_tracked_per_player() -> None:
    game = start(Rules(), 6, 5)
    assert is_first_turn(game, Side.WHITE) and is_first_turn(game, Side.BLACK)
    game = play(game, Roll(6, 5), "24/18 18/13")
    assert not is_first_turn(game, Side.WHITE) and is_first_turn(game, Side.BLACK)
    game = play(game, Roll(6, 6), "24/18 24/18")  # Black's first roll: the head exception
    with pytest.raises(GameError) as caught:
        play(game, Roll(6, 6), "24/18 24/18")  # White's second turn: no exception
    assert caught.value.code == "HEAD_LIMIT"


def test_illegal_and_incomplete_turns_are_refused() -> None:
    game = start(Rules(), 6, 5)
    with pytest.raises(GameError) as caught:
        play(game, Roll(6, 5), "24/18")
    assert caught.value.code == "MUST_USE_BOTH"


def test_forced_pass() -> None:
    position = Position.from_notation("w/20,2:14/24:13,5,3")  # case L01: 5-3 has no legal move
    game = from_position(position, Rules())
    assert turn(game, Roll(5, 3)).must_pass()
    after = play(game, Roll(5, 3), "")
    assert after.to_move is Side.BLACK and after.position.counts(Side.WHITE) == position.counts(Side.WHITE)


def _near_end(white: str, black: str, rules: Rules | ShortRules, to_move: Side = Side.WHITE) -> GameState:
    prefix = "short:" if isinstance(rules, ShortRules) else ""
    position = Position.from_notation(f"{prefix}{to_move.letter}/{white}/{black}")
    game = from_position(position, rules)
    return GameState(**{**game.__dict__, "first_mover": Side.WHITE})


def test_game_end_oin_and_mars() -> None:
    game = play(_near_end("6,4,off:13", "3,2,off:13", Rules()), Roll(6, 4), "6/off 4/off")
    assert game.over and game.result.to_json() == {"winner": "white", "kind": "oin", "base": 1, "cube": 1, "points": 1}
    game = play(_near_end("6,4,off:13", "24:15", Rules()), Roll(6, 4), "6/off 4/off")
    assert (game.result.kind, game.result.points) == ("mars", 2)


def test_draw_roll_variant() -> None:
    rules = Rules(draw_last_roll=True)
    game = play(_near_end("6,4,off:13", "3,1,off:13", rules), Roll(6, 4), "6/off 4/off")
    assert not game.over and game.extra_roll_for is Side.BLACK and game.to_move is Side.BLACK
    drawn = play(game, Roll(3, 1), "3/off 1/off")
    assert drawn.result.to_json() == {"winner": None, "kind": "draw", "base": 1, "cube": 1, "points": 1}
    lost = play(game, Roll(2, 1), "3/1 1/off")
    assert lost.result.winner is Side.WHITE and lost.result.kind == "oin"


def test_no_draw_roll_when_second_player_finishes_first() -> None:
    rules = Rules(draw_last_roll=True)
    game = _near_end("3,1,off:13", "6,4,off:13", rules, Side.BLACK)
    game = play(game, Roll(6, 4), "6/off 4/off")
    assert game.over and game.result.winner is Side.BLACK


def test_next_game_starter_options() -> None:
    finished = play(_near_end("6,4,off:13", "24:15", Rules()), Roll(6, 4), "6/off 4/off")
    assert next_game_first_mover(Rules(next_game_starter="previous_winner"), finished) is Side.WHITE
    assert next_game_first_mover(Rules(next_game_starter="alternate"), finished) is Side.BLACK
    assert next_game_first_mover(Rules(), finished) is None


@pytest.mark.parametrize("rules", [Rules(block_timing="end"), ShortRules(), ShortRules(home_hit_and_run="forbidden")])
def test_random_game_replays_from_json_record(rules: Rules | ShortRules) -> None:
    rng = random.Random(7)
    game = start(rules, 5, 2)
    while not game.over:
        roll = game.roll or Roll.random(rng)
        outcomes = turn(game, roll).search.outcomes()
        game = play(game, roll, rng.choice(outcomes)[1] if outcomes else [])
    data = json.loads(json.dumps(game.record.to_json()))
    again = replay(record_from_json(data))
    assert again.position == game.position and again.result == game.result
    assert again.game is rules.game


def test_short_game_starts_from_the_backgammon_position_with_the_opening_numbers() -> None:
    game = start(ShortRules(), 3, 1)
    assert game.position == Position.start(Game.SHORT) and game.roll == Roll(3, 1) and game.to_move is Side.WHITE
    game = play(game, game.roll, "8/5 6/5")
    assert game.to_move is Side.BLACK and game.position.count(Side.WHITE, 5) == 2


# --- the doubling cube ------------------------------------------------------------------------

CUBE = ShortRules(cube=True)


def _racing(rules: ShortRules = CUBE) -> GameState:
    return _near_end("6:3,5:3,4:3,off:6", "6:2,5:2,off:11", rules)


def test_double_take_and_ownership() -> None:
    game = _racing()
    assert game.may_double()
    offered = cube_action(game, "double")
    assert offered.cube.offered_by is Side.WHITE and not offered.may_double()
    with pytest.raises(GameError) as caught:
        roll_dice(offered, Roll(6, 5))
    assert caught.value.code == "CUBE_PENDING"
    taken = cube_action(offered, "take")
    assert (taken.cube.value, taken.cube.owner) == (2, Side.BLACK)
    assert not taken.may_double()  # White does not own the cube any more
    after = play(taken, Roll(6, 5), "6/off 5/off")
    assert after.to_move is Side.BLACK and after.may_double()  # the owner may redouble before his roll


def test_drop_ends_the_game_at_the_current_value() -> None:
    dropped = cube_action(cube_action(_racing(), "double"), "drop")
    assert dropped.over and dropped.result.to_json() == {"winner": "white", "kind": "drop", "base": 1, "cube": 1, "points": 1}


def test_no_double_after_rolling_or_without_the_cube() -> None:
    game = roll_dice(_racing(), Roll(2, 1))
    with pytest.raises(GameError) as caught:
        cube_action(game, "double")
    assert caught.value.code == "ALREADY_ROLLED"
    with pytest.raises(GameError) as caught:
        cube_action(_racing(ShortRules()), "double")
    assert caught.value.code == "NO_CUBE"


def test_beaver_and_arithmetic_scale() -> None:
    beaver = cube_action(cube_action(_racing(ShortRules(cube=True, beaver=True)), "double"), "beaver")
    assert (beaver.cube.value, beaver.cube.owner) == (4, Side.BLACK)
    with pytest.raises(GameError):
        cube_action(cube_action(_racing(), "double"), "beaver")
    arithmetic = ShortRules(cube=True, cube_scale="arithmetic")
    game = cube_action(cube_action(_racing(arithmetic), "double"), "take")
    game = play(game, Roll(1, 2), "6/5 6/4")
    game = cube_action(cube_action(game, "double"), "take")
    assert game.cube.value == 3


def test_cube_value_multiplies_a_gammon_unless_cube_mars_is_off() -> None:
    for rules, points in ((CUBE, 4), (ShortRules(cube=True, cube_mars=False), 2)):
        game = _near_end("6,4,off:13", "13:15", rules)
        game = cube_action(cube_action(game, "double"), "take")
        game = play(game, Roll(6, 4), "6/off 4/off")
        assert game.result.points == points, rules


def test_jacoby_scores_a_gammon_single_until_the_cube_is_turned() -> None:
    rules = ShortRules(cube=True, jacoby=True)
    plain = play(_near_end("6,4,off:13", "13:15", rules), Roll(6, 4), "6/off 4/off")
    assert (plain.result.kind, plain.result.points) == ("mars", 1)
    turned = cube_action(cube_action(_near_end("6,4,off:13", "13:15", rules), "double"), "take")
    turned = play(turned, Roll(6, 4), "6/off 4/off")
    assert turned.result.points == 4


def test_auto_doubles_on_opening_ties_up_to_the_limit() -> None:
    rules = ShortRules(cube=True, auto_doubles=2)
    game = start(rules, 5, 2, earlier_ties=((3, 3), (1, 1), (6, 6)))
    assert game.cube.value == 4 and game.cube.owner is None


# --- matches and the Crawford rule ---------------------------------------------------------------


def _finish(game: GameState, winner: Side) -> GameState:
    """``winner`` bears off his last checker (the loser has borne off one: a single game at the cube's value)."""
    near = Position.from_notation(f"short:{winner.letter}/6,off:14/6,off:14")
    state = GameState(**{**game.__dict__, "position": near, "roll": None})
    return play(state, Roll(6, 6), "6/off")


def _at_home(game: GameState) -> GameState:
    """The game later on, before a roll: the side to move may double."""
    return GameState(**{**game.__dict__, "roll": None})


def test_match_with_crawford_game() -> None:
    match = start_match(CUBE, 3, 4, 2)
    game = cube_action(cube_action(_at_home(match.game), "double"), "take")  # a 2-point game
    match = match.__class__(**{**match.__dict__, "game": _finish(game, Side.WHITE)})
    assert match.score_after() == (2, 0) and match.winner is None
    match = next_match_game(match, 5, 1)
    assert match.crawford_game and not _at_home(match.game).may_double()  # White is one point away: Crawford
    with pytest.raises(GameError) as caught:
        cube_action(_at_home(match.game), "double")
    assert caught.value.code == "NO_CUBE"
    match = match.__class__(**{**match.__dict__, "game": _finish(match.game, Side.BLACK)})
    match = next_match_game(match, 5, 1)
    assert not match.crawford_game and _at_home(match.game).may_double()  # after the Crawford game doubling is back
    match = match.__class__(**{**match.__dict__, "game": _finish(match.game, Side.WHITE)})
    assert match.winner is Side.WHITE
    with pytest.raises(GameError) as caught:
        next_match_game(match, 5, 1)
    assert caught.value.code == "MATCH_OVER"


# --- the cube in long nardy (RULES.md R1.2, R15.6: the optional module, cube=on) -------------------


def test_long_nardy_cube_double_take_redouble_and_a_mars_at_the_cubes_value() -> None:
    rules = LongRules(cube=True)
    game = _near_end("6,4,off:13", "24:15", rules)  # Black has borne off none: a mars
    assert game.may_double()
    game = cube_action(cube_action(game, "double"), "take")
    assert (game.cube.value, game.cube.owner) == (2, Side.BLACK) and not game.may_double()
    game = play(game, Roll(1, 2), "6/5 4/2")
    assert game.to_move is Side.BLACK and game.may_double()  # the owner may redouble before his roll
    game = cube_action(cube_action(game, "double"), "take")
    assert (game.cube.value, game.cube.owner) == (4, Side.WHITE)
    game = play(game, Roll(2, 1), "24/22 22/21")  # one checker off the head
    game = play(game, Roll(5, 2), "5/off 2/off")
    assert game.result.to_json() == {"winner": "white", "kind": "mars", "base": 2, "cube": 4, "points": 8}


def test_long_nardy_cube_drop_and_options() -> None:
    dropped = cube_action(cube_action(_near_end("6,4,off:13", "24:15", LongRules(cube=True)), "double"), "drop")
    assert dropped.result.to_json() == {"winner": "white", "kind": "drop", "base": 1, "cube": 1, "points": 1}
    for rules, points in ((LongRules(cube=True, home_mars=3), 6), (LongRules(cube=True, cube_mars=False), 2)):
        game = cube_action(cube_action(_near_end("6,4,off:13", "6:15", rules), "double"), "take")  # Black all home
        game = play(game, Roll(6, 4), "6/off 4/off")
        assert game.result.points == points, rules
    with pytest.raises(GameError) as caught:
        cube_action(_near_end("6,4,off:13", "24:15", LongRules()), "double")
    assert caught.value.code == "NO_CUBE"  # without cube=on long nardy has no doubling


def test_long_nardy_match_with_the_crawford_rule() -> None:
    rules = LongRules(cube=True)
    match = start_match(rules, 3, 4, 2)
    game = cube_action(cube_action(GameState(**{**match.game.__dict__, "roll": None}), "double"), "take")
    near = Position.from_notation("w/6,off:14/6,off:14")
    game = play(GameState(**{**game.__dict__, "position": near, "roll": None}), Roll(6, 6), "6/off")
    match = match.__class__(**{**match.__dict__, "game": game})
    assert match.score_after() == (2, 0)
    match = next_match_game(match, 5, 1)
    assert match.crawford_game and not GameState(**{**match.game.__dict__, "roll": None}).may_double()

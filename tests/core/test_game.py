"""Game flow: opening conventions, first-turn tracking, forced passes, the end, draws and replay."""

from __future__ import annotations

import json
import random

import pytest

from nardy_core import Position, Roll, Rules, Side, parse_position
from nardy_core.game import (
    Game,
    GameError,
    Record,
    decline_opening,
    is_first_turn,
    next_game_first_mover,
    play,
    record_from_json,
    replay,
    start,
    turn,
)


def test_official_start_first_move_uses_opening_numbers() -> None:
    game = start(Rules(), white_die=2, black_die=5)
    assert game.to_move is Side.BLACK and game.pending_roll == Roll(5, 2)
    with pytest.raises(GameError) as caught:
        play(game, Roll(6, 6), "24/18 18/12")
    assert caught.value.code == "WRONG_ROLL"


def test_reroll_start_has_no_pending_roll_and_first_double_gets_exception() -> None:
    game = start(Rules(start="reroll"), 6, 1)
    assert game.pending_roll is None
    game = play(game, Roll(6, 6), "24/18 24/18")
    assert game.position.count(Side.WHITE, 18) == 2


def test_choice_start_can_decline() -> None:
    game = decline_opening(start(Rules(start="choice"), 4, 3))
    assert game.pending_roll is None and game.record.declined_opening
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
    position = parse_position("w/20,2:14/24:13,5,3")  # case L01: 5-3 has no legal move
    game = Game(position, Rules(), Side.WHITE, Record(Rules(), ((6, 1),)), has_moved=frozenset(Side))
    assert turn(game, Roll(5, 3)).must_pass()
    after = play(game, Roll(5, 3), "")
    assert after.to_move is Side.BLACK and after.position.counts(Side.WHITE) == position.counts(Side.WHITE)


def _near_end(white: str, black: str, rules: Rules, to_move: Side = Side.WHITE) -> Game:
    position = parse_position(f"{to_move.letter}/{white}/{black}")
    return Game(position, rules, Side.WHITE, Record(rules, ((6, 1),)), has_moved=frozenset(Side))


def test_game_end_oin_and_mars() -> None:
    game = play(_near_end("6,4,off:13", "3,2,off:13", Rules()), Roll(6, 4), "6/off 4/off")
    assert game.over and game.result.to_json() == {"winner": "white", "kind": "oin", "points": 1}
    game = play(_near_end("6,4,off:13", "24:15", Rules()), Roll(6, 4), "6/off 4/off")
    assert (game.result.kind, game.result.points) == ("mars", 2)


def test_draw_roll_variant() -> None:
    rules = Rules(draw_last_roll=True)
    game = play(_near_end("6,4,off:13", "3,1,off:13", rules), Roll(6, 4), "6/off 4/off")
    assert not game.over and game.extra_roll_for is Side.BLACK and game.to_move is Side.BLACK
    drawn = play(game, Roll(3, 1), "3/off 1/off")
    assert drawn.result.to_json() == {"winner": None, "kind": "draw", "points": 1}
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


def test_random_game_replays_from_json_record() -> None:
    rng = random.Random(7)
    game = start(Rules(block_timing="end"), 5, 2)
    while not game.over:
        roll = game.pending_roll or Roll.random(rng)
        outcomes = turn(game, roll).search.outcomes()
        game = play(game, roll, rng.choice(outcomes)[1] if outcomes else [])
    data = json.loads(json.dumps(game.record.to_json()))
    again = replay(record_from_json(data))
    assert again.position == game.position and again.result == game.result
    assert isinstance(game.position, Position)

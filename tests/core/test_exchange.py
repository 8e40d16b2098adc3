"""Backgammon's exchange formats (nardy_core.exchange): GNU Backgammon's Position ID is gnubg's own (the PyPI
package gnubg-nn computes it, tests only), every code reads back to what was written, and a whole game's
``.mat`` reads back, by a parser written from the format's description, to the record's events and result."""

from __future__ import annotations

import random

import pytest

from nardy_core import Game, Position, ShortRules
from nardy_core.api import call
from nardy_core.cube import Cube
from nardy_core.dice import Roll
from nardy_core.engine import opponent
from nardy_core.exchange import position_from_id, position_id, read_match_file
from nardy_core.flow import CubeAction, GameState, Turn, start_thrown
from nardy_core.games import BAR
from nardy_core.opponent import act
from nardy_core.rules import LongRules
from nardy_core.sides import Side

from .selfplay import self_play

CUBES = [Cube(), Cube(2, Side.WHITE, None, True), Cube(4, Side.BLACK, None, True)]


def _positions() -> list[Position]:
    return [turn.position for seed in range(4) for turn in self_play(seed, ShortRules(), 200)]


def test_the_position_id_is_gnubgs_own_and_reads_back() -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn")
    positions = _positions()
    assert len(positions) > 200
    for position in positions:
        mover = position.to_move
        board = [list(position.counts(side)[1 : BAR + 1]) for side in (mover.other, mover)]  # gnubg's [opponent, on roll]
        assert position_id(position) == gnubg_nn.position_id(board), position.notation()
        assert position_from_id(position_id(position), mover) == position


def test_every_code_reads_back_with_its_dice_and_cube() -> None:
    rng = random.Random(7)
    for position in _positions()[::7]:
        offered = Cube(2, position.to_move, position.to_move, True)  # the side to move redoubles: the other answers
        for cube in (*CUBES, offered):
            roll = None if cube.offered_by is not None or rng.random() < 0.3 else Roll(rng.randint(1, 6), rng.randint(1, 6))
            codes = call("share_codes", {"position": position.notation(), "dice": "" if roll is None else roll.to_list(),
                                         "cube": cube.to_json()})["codes"]
            for text in (codes["gnubg"], codes["xgid"], f"{codes['position_id']}\n{codes['match_id']}"):
                read = call("shared_position", {"text": text})
                assert read["position"] == position.notation(), text
                assert read["dice"] == (None if roll is None else roll.to_list()), text
                assert read["cube"] == cube.to_json(), text


def test_a_bad_code_is_a_located_refusal() -> None:
    for text in ("", "XGID=abc", "4HPwATDgc/AB", "XGID=-b----E-C---eE---c-e----B-:0:7:1:00:0:0:0:0:10",
                 "XGID=-b----E-C---eE---c-e----B-:1:1:1:B:0:0:0:0:10",
                 "XGID=-P----P-P---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "x" * 500):
        answer = call("shared_position", {"text": text})
        assert answer["error"]["code"] in ("BAD_NOTATION", "TOO_MANY_CHECKERS", "BAD_TEXT"), (text, answer)
    assert call("share_codes", {"position": "w/24:15/24:15"}) == {"codes": None}  # long nardy: no such code
    three = {"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "cube": {"value": 3, "owner": "white", "turned": True}}
    assert call("share_codes", three) == {"codes": None}  # a cube that counts 2, 3, 4 has no code either


def test_a_double_offered_is_written_as_gnubg_and_xg_read_it() -> None:
    """XG's turn is the doubler's, its dice field "D" (GNU Backgammon's SetXGID: fTurn = !fMove); gnubg's Match ID
    has the doubler on roll and the other player's turn to answer."""
    start = Position.start(Game.SHORT)
    redouble = Cube(2, Side.WHITE, Side.WHITE, True)
    xg = call("share_codes", {"position": start.notation(), "cube": redouble.to_json()})["codes"]["xgid"]
    assert xg.split(":")[1:5] == ["1", "1", "1", "D"]  # a 2-cube White owns, White's turn: White redoubles
    read = call("shared_position", {"text": "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:0:0:0:0:10"})
    assert read["position"].startswith("short:b/") and read["cube"] == {"value": 2, "owner": "black", "offered_by": "black", "turned": True}


def test_gnubgs_own_copied_lines_are_read() -> None:
    pasted = " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : MIEKAAAAAAAA\n"
    assert call("shared_position", {"text": pasted})["dice"] == [5, 2]
    assert call("shared_position", {"text": "MIEKAAAAAAAA 4HPwATDgc/ABMA"})["dice"] == [5, 2]  # either order


def _played(rules: ShortRules | LongRules, seed: int) -> GameState:
    for tried in range(seed, seed + 50):  # a game played out with the cube turned at least once
        rng = random.Random(tried)
        game = start_thrown(rules, rng)
        while game.result is None:
            game = act(game, opponent("beginner"), rng)
        if not rules.game.spec.backgammon_formats or any(isinstance(e, CubeAction) for e in game.record.events[:-1]):
            return game
    raise AssertionError("no game with a cube action")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_written_as_a_mat_reads_back_to_its_record(seed: int) -> None:
    game = _played(ShortRules(cube=True), seed)
    record = {key: value for key, value in game.record.to_json().items() if key in ("game", "rules", "opening", "events")}
    answer = call("game_file", {"record": record})
    assert answer["extension"] == "mat"
    text = answer["text"]
    assert text.startswith(" 0 point match\n\n Game 1\n White : 0 ")
    for line in text.splitlines():
        if line[:5].strip().endswith(")") and len(line) > 33:
            # the right column starts at 34, as gnubg writes it ("%3d) %-27s "): a play, or " Takes", " Doubles => 2"
            assert line[32] == " " and (line[33].isdigit() or line[33:35] in (" T", " D")), line
    events, points, winner = read_match_file(text)
    expected = []
    for event in game.record.events:
        if isinstance(event, CubeAction):
            expected.append((event.side, None, (), event.verb))
        else:
            assert isinstance(event, Turn)
            expected.append((event.side, (event.roll.high, event.roll.low), tuple((s.src, s.dst) for s in event.steps), None))
    assert [(e.side, e.dice, e.moves, e.cube) for e in events] == expected
    assert game.result is not None and (winner, points) == (game.result.winner, game.result.points)


def test_long_nardy_is_written_in_the_same_layout_for_people() -> None:
    game = _played(LongRules(), 4)
    record = {key: value for key, value in game.record.to_json().items() if key in ("game", "rules", "opening", "events")}
    answer = call("game_file", {"record": record})
    assert answer["extension"] == "txt"
    assert answer["text"].startswith('; [Game "long"]\n\n 0 point match\n')
    events, points, winner = read_match_file(answer["text"])
    assert len(events) == len(game.record.events)
    assert game.result is not None and winner is game.result.winner and points == game.result.points
    assert Game.LONG.spec.backgammon_formats is False and Game.SHORT.spec.backgammon_formats is True


def test_forty_games_read_back_long_plays_and_all() -> None:
    """A play can run past its column (four steps with hits): the reader goes by cells, as gnubg's does."""
    for seed in range(40):
        rng = random.Random(seed)
        game = start_thrown(ShortRules(cube=True), rng)
        while game.result is None:
            game = act(game, opponent("beginner"), rng)
        record = {key: value for key, value in game.record.to_json().items() if key in ("game", "rules", "opening", "events")}
        events, points, winner = read_match_file(call("game_file", {"record": record})["text"])
        assert len(events) == len(game.record.events), seed
        assert (winner, points) == (game.result.winner, game.result.points), seed

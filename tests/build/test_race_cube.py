"""Cube questions in a race not yet home (builder/tasks.py): the answer must be the engine's cube advice, which
reads the Keith count (nardy_core.race), and a question too close to call, or where a mars is possible, fails."""

from __future__ import annotations

import re
from typing import Any

import pytest

from builder.proofs import ProofBook
from builder.tasks import TASKS, BlockError, PuzzleData, Setup
from builder.validate import prove_puzzle
from nardy_core import Game, Position, Side
from nardy_core.rules import LongRules, ShortRules

DOUBLE = "short:w/9,8,6:4,5:3,4:4,3,1/10,9,8:3,6:2,5:3,4:2,3,2,1"  #: Keith 76 + 11 against 84: double, take
HOLD = "short:w/10,8,6:6,5:4,4,3,2/11,9:2,8,6:3,5:4,4,3:2,1"  #: 83 + 12 against 86: no double
DROP = "short:w/7,6:6,5:4,4:2,3,1/11:2,9,6:4,5:5,4:2,1"  #: 75 + 11 against 89: drop
CLOSE = "short:w/11,6:4,5:7,4:2,2/10,9,8,6:3,5:6,4:2,3"  #: 80 + 11 against 86: a hair from the doubling point
MARS = "short:w/6:5,5:5,4:5/12:5,11:5,10:5"  #: Black has fifteen checkers outside: a mars is likely
LAST_ROLL = "short:w/4,2,off:13/3,off:14"  #: Black is sure to finish next: the bear-off tables answer


def _ask(task: str, notation: str, answer: str) -> PuzzleData:
    position = Position.from_notation(notation)
    setup = Setup(position, None, False, ShortRules(), Side.WHITE)
    puzzle = PuzzleData("t", Game.SHORT, "race-cube", "en", TASKS[task], setup, {}, [])
    data: dict[str, Any] = {"answer": answer}
    TASKS[task].check(puzzle, data)
    prove_puzzle(puzzle, data, ProofBook())
    return puzzle


@pytest.mark.parametrize("task, notation, answer", [
    ("double", DOUBLE, "double"), ("double", HOLD, "no_double"), ("take", DOUBLE, "take"), ("take", DROP, "drop"),
])
def test_the_engines_race_answer_passes(task: str, notation: str, answer: str) -> None:
    puzzle = _ask(task, notation, answer)
    assert puzzle.quiz["answer"] == answer
    assert 0.0 < puzzle.quiz["chance"] < 1.0


@pytest.mark.parametrize("task, notation, wrong", [
    ("double", DOUBLE, "no_double"), ("double", HOLD, "double"), ("take", DOUBLE, "drop"), ("take", DROP, "take"),
])
def test_a_wrong_race_answer_fails(task: str, notation: str, wrong: str) -> None:
    with pytest.raises(BlockError, match="the engine's cube advice") as failed:
        _ask(task, notation, wrong)
    assert failed.value.key == "answer"


def test_a_race_too_close_to_call_or_with_a_mars_is_refused() -> None:
    with pytest.raises(BlockError, match="too close to teach"):
        _ask("double", CLOSE, "double")
    with pytest.raises(BlockError, match="a mars"):
        _ask("take", MARS, "drop")


def test_the_figures_are_kept_by_content_so_a_second_build_computes_nothing() -> None:
    asked = [("take", DROP, "drop"), ("double", DOUBLE, "double"), ("double", LAST_ROLL, "double")]
    book = ProofBook()
    for task, notation, answer in asked:
        position = Position.from_notation(notation)
        setup = Setup(position, None, False, ShortRules(), Side.WHITE)
        puzzle = PuzzleData("t", Game.SHORT, "race-cube", "en", TASKS[task], setup, {}, [])
        TASKS[task].check(puzzle, {"answer": answer})
        prove_puzzle(puzzle, {"answer": answer}, book)
    assert book.computed and {key.split(":")[0] for key in book.entries} == {"cube", "cube-race"}
    again = ProofBook(entries={key: dict(entry) for key, entry in book.entries.items()})
    for task, notation, answer in asked:
        setup = Setup(Position.from_notation(notation), None, False, ShortRules(), Side.WHITE)
        puzzle = PuzzleData("t", Game.SHORT, "race-cube", "en", TASKS[task], setup, {}, [])
        prove_puzzle(puzzle, {"answer": answer}, again)
        assert puzzle.quiz["answer"] == answer
    assert not again.computed


def test_an_answer_that_is_no_button_is_refused_before_any_figure() -> None:
    with pytest.raises(BlockError, match="give one of take, drop") as failed:
        _ask("take", DROP, "pass")
    assert failed.value.key == "answer"


# ---- a cube question at a match score: the match equity table on the last roll ------------------------------

MATCH_CASES = [  # (task, position, match score [white, black], right answer, the money answer it differs from)
    ("double", "short:w/6,3,off:13/1,off:14", [3, 4], "double", "no_double"),  # post-Crawford trailer
    ("double", "short:w/3,2,off:13/1,off:14", [4, 3], "no_double", "double"),  # post-Crawford leader
    ("take", "short:w/4,2,off:13/1,off:14", [3, 4], "drop", "take"),  # the free drop
    ("take", "short:w/2:2,off:13/2,off:14", [3, 3], "drop", "take"),  # 2-away each: the take point is 32 %
    ("double", "short:w/5,2,off:13/1,off:14", [1, 3], "no_double", "double"),  # the opponent 2 away
]


def _ask_match(task: str, notation: str, match: object, answer: str, game: Game = Game.SHORT) -> PuzzleData:
    position = Position.from_notation(notation)
    rules = ShortRules() if game is Game.SHORT else LongRules()
    puzzle = PuzzleData("t", game, "match-play", "en", TASKS[task], Setup(position, None, False, rules, Side.WHITE), {}, [])
    data: dict[str, Any] = {"answer": answer, "match": match}
    TASKS[task].check(puzzle, data)
    prove_puzzle(puzzle, data, ProofBook())
    return puzzle


@pytest.mark.parametrize("task, notation, score, right, money", MATCH_CASES)
def test_a_match_cube_question_is_answered_by_the_match_equity_table(task: str, notation: str, score: list[int],
                                                                     right: str, money: str) -> None:
    match = {"length": 5, "score": score, "crawford": False}
    puzzle = _ask_match(task, notation, match, right)
    assert puzzle.quiz["answer"] == right and puzzle.quiz["match"]["white"] == score[0]
    with pytest.raises(BlockError, match="match winning chance") as failed:
        _ask_match(task, notation, match, money)  # the money answer is wrong at this score
    assert failed.value.key == "answer"
    assert _ask(task, notation, money).quiz["answer"] == money  # and right for money


@pytest.mark.parametrize("match, message", [
    ({"length": 5, "score": [4, 2], "crawford": True}, "nobody may double in the Crawford game"),
    ({"length": 5, "score": [5, 2]}, "a score is"),
    ({"length": 5, "score": "3-4"}, "match = {"),
    ({"length": 5, "score": [3, 4], "cube": 2}, "match = {"),
])
def test_a_bad_match_score_is_refused_at_its_field(match: object, message: str) -> None:
    with pytest.raises(BlockError, match=re.escape(message)) as failed:
        _ask_match("double", "short:w/6,3,off:13/1,off:14", match, "double")
    assert failed.value.key == "match"


def test_a_match_cube_question_is_a_short_nardy_last_roll() -> None:
    with pytest.raises(BlockError, match="last roll"):
        _ask_match("double", "short:w/6,3,off:13/6:2,off:13", {"length": 5, "score": [3, 4]}, "double")
    with pytest.raises(BlockError, match="short nardy's"):
        _ask_match("double", "w/6,3,off:13/1,off:14", {"length": 5, "score": [3, 4]}, "double", Game.LONG)

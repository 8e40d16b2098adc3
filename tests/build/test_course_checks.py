"""The builder's course checks on small inputs: the number task (nardy_core counts, the author must agree),
the quiz's rule buttons, races in long nardy, the replay block, plausibility and the vocabulary check."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import builder
from builder.glossary import load_glossary
from builder.lessons import Block
from builder.plausibility import implausible
from builder.problems import Problem
from builder.proofs import ProofBook
from builder.replay import validate_replay
from builder.tasks import TASKS, BlockError, PuzzleData, count_rolls, is_race
from builder.validate import prove_puzzle, read_setup
from builder.vocabulary import check_vocabulary, compile_avoid, find_avoided
from nardy_core import Game, LongRules, Position, Roll, Side
from nardy_core.bot import choose
from nardy_core.flow import is_first_turn, play, start

from .conftest import paths_for


def puzzle(data: dict[str, object]) -> PuzzleData:
    setup = read_setup(data, Game.LONG, finished=False)
    task = TASKS[str(data["task"])]
    result = PuzzleData("p", Game.LONG, "lesson", "ru", task, setup, {}, [])
    task.check(result, data)
    prove_puzzle(result, data, ProofBook())  # a race's best play (the engine's proofs: tests/build/test_course_engine.py)
    return result


# ---- the number task ------------------------------------------------------------------------------------


def test_pip_count_is_computed_and_the_author_must_agree() -> None:
    data = {"position": "w/24:14,13/24:15", "task": "number", "question": "pips", "side": "white", "answer": 349}
    assert puzzle(data).quiz["answer"] == "349"
    with pytest.raises(BlockError, match="nardy_core counts 349"):
        puzzle({**data, "answer": 350})
    lead = {"position": "w/24:14,13/24:14,20", "task": "number", "question": "pip-lead", "answer": 7}
    assert puzzle(lead).quiz["answer"] == "7"  # White 349 pips, Black 356: White leads by 7


@pytest.mark.parametrize("good,count", [
    ({"die": 6}, 11),  # a six on either die
    ({"double": True}, 6),
    ({"die": 6, "double": False}, 10),
])
def test_dice_only_roll_counts(good: dict[str, object], count: int) -> None:
    setup = read_setup({"position": "w/24:15/24:15"}, Game.LONG)
    assert count_rolls(setup, Side.WHITE, good)[0] == count


def test_rolls_that_finish_the_game_are_counted_from_the_legal_turns() -> None:
    # two checkers on the 6 and the 2: 6-x with x >= 2 and 5-5, 4-4, 3-3 … are counted by playing them
    setup = read_setup({"position": "w/6,2,off:13/6:5,5:5,4:5"}, Game.LONG)
    count, rolls = count_rolls(setup, Side.WHITE, {"finish": True})
    assert count == 13
    assert rolls == ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4", "3-3", "2-2"]


def test_rolls_that_pass_and_rolls_that_make_a_point() -> None:
    blocked = read_setup({"position": "w/24:12,15,14,13/24:9,23,22,21,20,8,7"}, Game.LONG)
    assert count_rolls(blocked, Side.WHITE, {"pass": True})[0] > 0
    start = read_setup({"position": "b/24:14,13/24:15", "first_turn": True}, Game.LONG)
    # Black's reply: which rolls end the turn with a checker on Black's 18 (6 pips off the head)? 6-5 passes it
    count, rolls = count_rolls(start, Side.BLACK, {"occupy": [18]})
    assert (count, rolls) == (6, ["6-6", "5-1", "4-2", "3-3"])


@pytest.mark.parametrize("position, shots, rolls", [
    # White's blot on its 7, six points from Black's back checkers: every six, 5-1, 4-2, 3-3 and 2-2
    ("short:b/24:2,13:4,8:3,7,6:5/24:2,13:4,11,8:3,6:5", 17, ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-1", "4-2", "3-3", "2-2"]),
    # on its 9 with its 6- and 4-points made: 5-3 stops on one of them either way
    ("short:b/24:2,13:4,9,8:2,6:4,4:2/24:2,13:4,11,8:3,6:5", 4, ["6-2", "4-4", "2-2"]),
])
def test_shots_are_the_rolls_with_a_turn_that_hits(position: str, shots: int, rolls: list[str]) -> None:
    setup = read_setup({"position": position}, Game.SHORT)
    assert count_rolls(setup, Side.BLACK, {"hit": True}) == (shots, rolls)


def test_nothing_is_hit_in_long_nardy() -> None:
    setup = read_setup({"position": "w/24:15/24:15"}, Game.LONG)
    with pytest.raises(BlockError, match="no bar"):
        count_rolls(setup, Side.WHITE, {"hit": True})


def test_a_rolls_question_has_no_dice_and_known_conditions() -> None:
    base = {"position": "w/6,2,off:13/6:5,5:5,4:5", "task": "number", "question": "rolls", "answer": 13}
    assert puzzle({**base, "good": {"finish": True}}).quiz["good"][0] == "6-6"
    with pytest.raises(BlockError, match="leave dice out"):
        puzzle({**base, "good": {"finish": True}, "dice": [6, 5]})
    with pytest.raises(BlockError, match="good needs conditions"):
        puzzle({**base, "good": {"win": True}})


# ---- the quiz ------------------------------------------------------------------------------------------------


def test_a_quiz_offers_legal_and_three_rules_with_the_right_one() -> None:
    data = {"position": "w/24:9,23,22,21,20,14,13/24:10,21,19,17,14,13", "dice": [5, 3], "task": "quiz",
            "play": "24/19 14/11", "answer": "illegal", "code": "SIX_BLOCK"}
    quiz = puzzle(data)
    values = [value for value, _ in quiz.choices]
    assert values[0] == "legal" and len(values) == 4 and "SIX_BLOCK" in values
    assert quiz.quiz["choice"] == "SIX_BLOCK" and quiz.quiz["answer"] == "illegal"
    legal = puzzle({**data, "position": "w/24:9,23,22,21,20,14,13/24:10,21,19,14,13,5", "answer": "legal"})
    assert legal.quiz["choice"] == "legal" and len(legal.choices) == 4


def test_a_quiz_may_name_its_rules_and_they_must_hold_the_answer() -> None:
    data = {"position": "w/24:14,13/24:15", "dice": [6, 5], "task": "quiz", "play": "24/18 24/19",
            "answer": "illegal", "code": "HEAD_LIMIT", "options": ["OCCUPIED", "HEAD_LIMIT"]}
    assert [v for v, _ in puzzle(data).choices] == ["legal", "HEAD_LIMIT", "OCCUPIED"]
    with pytest.raises(BlockError, match="must hold the rule"):
        puzzle({**data, "options": ["OCCUPIED", "SIX_BLOCK"]})


def test_a_block_variant_quiz_gets_the_variants_sentence() -> None:
    data = {"position": "w/24:9,11,10,9,8,7:2/24:14,13", "dice": [5, 1], "task": "quiz", "play": "24/19 7/6",
            "answer": "illegal", "code": "SIX_BLOCK", "rules": {"block": "home"}}
    assert puzzle(data).quiz["reason"]["message"] == "reason.SIX_BLOCK_home"


# ---- races ------------------------------------------------------------------------------------------------------


def test_a_long_nardy_race_needs_every_opposing_checker_past_your_home() -> None:
    assert is_race(Position.from_notation("w/6,2,off:13/6:5,5:5,4:5"), Side.WHITE)
    assert is_race(Position.from_notation("w/6,2,off:13/12:3,6:5,5:4,4:3"), Side.WHITE)  # Black's 12 = White's 24: past
    assert not is_race(Position.from_notation("w/6,2,off:13/24:15"), Side.WHITE)  # Black must still come round
    assert not is_race(Position.from_notation("w/6,3,off:13/14,6:5,5:5,4:4"), Side.WHITE)  # Black's 14 is White's 2


def test_best_in_a_race_is_proven_by_the_table() -> None:
    """By the winning chance (the default): Black, on roll next, finishes its three checkers on its 2-point
    only with a double of 2 or more."""
    data = {"position": "w/6,3,2,off:12/2:3,off:12", "dice": [5, 4], "task": "best", "answers": ["6/2 3/off"]}
    with pytest.raises(BlockError, match="the engine's best play is \"6/1 3/off\""):
        puzzle(data)
    best = puzzle({**data, "answers": ["6/1 3/off"]})  # leaves one on the 2 and one on the 1: any roll finishes
    rolls, win = best.bearoff[best.accepted[0]]
    assert rolls == 1.0 and win == pytest.approx(31 / 36, abs=1e-5)


def test_a_race_drill_is_judged_by_the_rolls_and_must_not_cost_the_race() -> None:
    data = {"position": "w/6,3,2,off:12/2:3,off:12", "dice": [5, 4], "task": "best", "measure": "rolls"}
    with pytest.raises(BlockError, match="answers must be exactly"):
        puzzle({**data, "answers": ["6/2 3/off"]})
    assert puzzle({**data, "answers": ["6/1 3/off"]}).accepted
    with pytest.raises(BlockError, match="measure belongs to a race"):
        puzzle({"position": "w/24:14,13/24:14,19", "dice": [6, 3], "task": "best", "answers": ["24/18 13/10"],
                "measure": "rolls"})


# ---- the replay ----------------------------------------------------------------------------------------------------


def replay_block(turns: list[dict[str, object]], opening: list[int] | None = None) -> Block:
    data = {"id": "g", "opening": opening or [5, 3], "turn": turns}
    return Block("replay", data, 10, {"id": 11}, {"turn": [20 + 3 * i for i in range(len(turns))]})


def test_a_replay_is_checked_move_by_move() -> None:
    replay = validate_replay(replay_block([{"dice": [5, 3], "play": "24/16"}, {"dice": [6, 6], "play": "24/18 24/18"}]), Game.LONG)
    assert [f.side for f in replay.frames] == ["", "white", "black"]
    assert replay.frames[2].play == "24/18 24/18"
    assert replay.frames[2].model["to_move"] == "white"
    with pytest.raises(BlockError, match="opening numbers") as wrong_roll:
        validate_replay(replay_block([{"dice": [6, 1], "play": "24/17"}]), Game.LONG)
    assert replay_block([{}]).line_of(wrong_roll.value.key) == 20
    with pytest.raises(BlockError, match="move 2") as illegal:
        validate_replay(replay_block([{"dice": [5, 3], "play": "24/16"}, {"dice": [2, 1], "play": "24/22 24/23"}]), Game.LONG)
    assert replay_block([{}, {}]).line_of(illegal.value.key) == 23


# ---- plausibility ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("notation", [
    "w/6,2,off:13/24:15",  # bearing off while Black has not left its head
    "w/9,6:3,5:3,4:3,3:3,2:2/24:7,23:2,22:2,20:2,19:2",  # White nearly home, Black at the start
    "b/off:15/24:2,10:5,5:8",  # two left on the head at the end of the game
])
def test_positions_no_game_reaches_are_implausible(notation: str) -> None:
    assert implausible(Position.from_notation(notation))


def test_every_position_of_real_games_is_plausible() -> None:
    """Games of the computer against itself (the limits were set above what 1,000 such games showed)."""
    rng = random.Random(20)
    for _ in range(12):
        game = start(LongRules(), 6, 3)
        while not game.over:
            roll = game.roll or Roll(rng.randint(1, 6), rng.randint(1, 6))
            game = play(game, roll, list(choose(game.position, roll, is_first_turn(game, game.to_move), seed=rng.randint(0, 99))))
            assert implausible(game.position) == [], game.position.notation()


def test_an_implausible_board_is_a_warning_unless_composed(course_dir: Path) -> None:
    path = course_dir / "long" / "ru" / "01-board.md"
    text = path.read_text(encoding="utf-8")
    diagram = '```board\nposition = "w/6,2,off:13/24:15"\ncaption = "x"\n```\n'
    path.write_text(text + "\n" + diagram, encoding="utf-8")
    _, problems = builder.validate(builder.load(paths_for(course_dir)))
    mine = [p for p in problems if p.path == path and "implausible" in p.message]
    assert mine and all(p.warning for p in mine)
    assert mine[0].line == len(text.splitlines()) + 3  # the position line
    path.write_text(text + "\n" + diagram.replace('caption = "x"', 'caption = "x"\ncomposed = true'), encoding="utf-8")
    _, problems = builder.validate(builder.load(paths_for(course_dir)))
    assert not [p for p in problems if p.path == path and "implausible" in p.message]


# ---- vocabulary ------------------------------------------------------------------------------------------------------


def test_discouraged_words_are_found_with_stems_phrases_and_exceptions() -> None:
    rules = compile_avoid(["кост*", "через угол", "сним* шашк* с !голов*", "five-point block"])
    found = [text for text, _ in find_avoided("Кости брошены; шестёрка снимает шашку с 6-го, а с головы снимают шашку с головы.", rules)]
    assert found == ["Кости", "снимает шашку с 6-го"]
    assert [t for t, _ in find_avoided("Ёлка через  угол", compile_avoid(["елк*"]))] == ["Ёлка"]


def test_the_vocabulary_check_names_file_line_and_the_preferred_word(course_dir: Path) -> None:
    glossary_path = course_dir / "glossary.toml"
    glossary_path.write_text(glossary_path.read_text(encoding="utf-8")
                             + '\n[[term]]\nru = "кубик"\nen = "die"\navoid_ru = ["кост*"]\n', encoding="utf-8")
    lesson = course_dir / "long" / "ru" / "01-board.md"
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\nБросьте обе кости.\n", encoding="utf-8")
    problems: list[Problem] = []
    glossary = load_glossary(glossary_path, problems)
    source = builder.load(paths_for(course_dir))
    found = check_vocabulary(glossary, source.courses, Path(__file__).parents[2] / "site" / "i18n", glossary_path)
    mine = [p for p in found if p.path == lesson]
    assert len(mine) == 1 and mine[0].warning
    assert mine[0].line == len(lesson.read_text(encoding="utf-8").splitlines())
    assert "«кости»" in mine[0].message and "«кубик»" in mine[0].message
    with pytest.raises(builder.ContentError):
        builder.check(paths_for(course_dir), strict=True)

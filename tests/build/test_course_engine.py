"""The course's strategic answers against the engines: the committed proof book holds every figure the build's
proofs need (a clean clone computes nothing), and GNU Backgammon agrees with every short-nardy ``best`` and
cube answer (gnubg-nn: GPL-2, so here in a test only, never in the wheel or the site)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder import Course
from builder.proofs import BOOK, MARGIN, ProofBook, decision_key
from builder.tasks import PuzzleData
from nardy_core import Game, Position, ShortRules, Side, cube_advice, score
from nardy_core.cube import Cube
from nardy_core.evaluator import Probabilities
from nardy_core.match_equity import MatchScore, last_roll_cube
from nardy_core.movegen import TurnSearch
from tests.core.gnubg import gnubg_board

PROJECT = Path(__file__).resolve().parents[2]
GNUBG_PLIES = 2  #: the depth the teacher's review checked the course at
GNUBG_FILTER = 5  #: the plays gnubg's 1 ply ranks best are judged at GNUBG_PLIES (with the answers), as gnubg filters


@pytest.fixture(scope="module")
def course(project_course: tuple[Course, list[object]]) -> Course:
    return project_course[0]


def _best(course: Course, game: Game) -> list[PuzzleData]:
    return [p for p in course.games[game].puzzles("ru") if p.task.name == "best"]


def test_the_committed_proof_book_holds_every_figure_the_course_needs(course: Course) -> None:
    """Each ``best`` puzzle away from a race has its figures in lessons/proofs.json, for its answers and its
    wrong plays: otherwise a build of a clean clone would roll them out for minutes."""
    book = ProofBook.read(PROJECT / "lessons" / BOOK)
    missing = []
    for game in course.games:
        for puzzle in _best(course, game):
            if puzzle.bearoff:
                continue  # a race: proven by the tables, nothing kept
            setup = puzzle.setup
            assert setup.roll is not None
            key = decision_key(setup.position, (setup.roll.high, setup.roll.low), setup.first_turn, setup.rules)
            wanted = set(puzzle.accepted) | {w["final"] for w in puzzle.wrong if w.get("kind") == "final"}
            if not wanted <= set(book.entries.get(key, {})):
                missing.append(puzzle.id)
    assert not missing, f"run python -m builder prove and commit lessons/{BOOK}: {missing}"


def _gnubg_equity(final: Position, mover: Side, rules: object, plies: int = GNUBG_PLIES) -> float:
    """The mover's cubeless money equity after its play, by gnubg at ``plies`` (the opponent on roll)."""
    import gnubg_nn  # type: ignore[import-untyped]

    if final.on_board(mover) == 0:
        return float(score(final, mover, rules).points)  # type: ignore[arg-type]
    win, win_gammon, win_bg, lose_gammon, lose_bg = gnubg_nn.probabilities(gnubg_board(final.handed_over()), plies)
    return -float(2 * win - 1 + win_gammon - lose_gammon + win_bg - lose_bg)


def test_gnubg_agrees_with_every_short_best_answer(course: Course) -> None:
    """gnubg's best play is among the answers, or every answer is within the build's margin of it (a race
    judged exactly by the tables may differ from gnubg's race net by a hair)."""
    disagreements = []
    for puzzle in _best(course, Game.SHORT):
        setup = puzzle.setup
        assert setup.roll is not None
        mover = setup.position.to_move
        finals = {final.notation(): final for final, _ in TurnSearch(setup.position, setup.roll, setup.first_turn, setup.rules).outcomes()}
        quick = sorted(finals, key=lambda f: -_gnubg_equity(finals[f], mover, setup.rules, 1))
        judged = {f: _gnubg_equity(finals[f], mover, setup.rules) for f in dict.fromkeys(quick[:GNUBG_FILTER] + puzzle.accepted)}
        best = max(judged.values())
        worst_answer = min(judged[final] for final in puzzle.accepted)
        if best - worst_answer > MARGIN:
            disagreements.append(f"{puzzle.id}: an answer loses {best - worst_answer:.3f} by gnubg")
    assert not disagreements, disagreements


def test_gnubg_agrees_with_every_short_cube_answer(course: Course) -> None:
    """The cube puzzles are races: gnubg's winning chance for the side on roll gives the same answer. In a
    bear-off race, double on the last roll with more than half, take with at least a quarter; in a race not yet
    home, the cube advice of the same model (Janowski's, gnubg's race efficiency) from gnubg's chances."""
    import gnubg_nn

    checked = races = matches = 0
    for puzzle in course.games[Game.SHORT].puzzles("ru"):
        if puzzle.task.name not in ("double", "take"):
            continue
        position = puzzle.setup.position
        theirs = gnubg_nn.probabilities(gnubg_board(position), GNUBG_PLIES)
        doubler_wins = float(theirs[0])
        match = puzzle.quiz.get("match")
        if match:  # at a match score, on a last roll: gnubg's chance through the same match equity table
            cube = last_roll_cube(MatchScore.of_sides(match["length"], match["white"], match["black"], position.to_move),
                                  doubler_wins)
            gnubg_says: str = cube.response if puzzle.task.name == "take" else cube.action
            matches += 1
        elif not all(position.all_home(side) for side in Side):
            races += 1
            advice = cube_advice.advice(Probabilities(*map(float, theirs)), ShortRules(cube=True), Cube(),
                                        position.to_move, cube_advice.efficiency_of(position))
            gnubg_says = ("drop" if advice.response == "drop" else "take") if puzzle.task.name == "take" else advice.action
        elif puzzle.task.name == "take":
            gnubg_says = "take" if 1.0 - doubler_wins >= 0.25 else "drop"
        else:
            gnubg_says = "double" if doubler_wins > 0.5 else "no_double"
        assert puzzle.quiz["answer"] == gnubg_says, (puzzle.id, doubler_wins)
        checked += 1
    assert checked >= 14
    assert races >= 6
    assert matches >= 5


# ---- a planted wrong answer fails the build at its line ---------------------------------------------------

PUZZLE = "opening-second-63"  #: a long-nardy opening decision whose figures the committed book holds


def _real_block(lang: str) -> str:
    """The puzzle's block as the course has it, fences included."""
    text = (PROJECT / "lessons" / "long" / lang / "15-opening.md").read_text(encoding="utf-8")
    start = text.index(f'id = "{PUZZLE}"')
    return "```puzzle\n" + text[start : text.index("```", start)] + "```\n"


def _append(course_dir: Path, lang: str, block: str) -> Path:
    lesson = course_dir / "long" / lang / "05-head.md"
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n" + block, encoding="utf-8")
    return lesson


def test_an_engine_proven_puzzle_passes(course_dir: Path) -> None:
    import builder

    for lang in ("ru", "en"):
        _append(course_dir, lang, _real_block(lang))
    _, problems = builder.validate(builder.load(builder.Paths(lessons=course_dir)))
    assert [p.message for p in problems if not p.warning] == []


def test_a_planted_wrong_answer_fails_check_and_build_at_its_line(course_dir: Path, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The answers swapped for a play the engine rates far worse (the puzzle's own wrong play, whose comment
    goes with it): ``check`` and ``build`` both fail, naming the file and the answers' line."""
    import builder
    from builder.__main__ import run
    from builder.problems import ContentError

    planted = 'answers = ["13/10 10/4"]'
    for lang in ("ru", "en"):
        block = _real_block(lang).replace('answers = ["24/18 13/10", "24/18 18/15"]', planted)
        lesson = _append(course_dir, lang, block[: block.index("\n\n[[wrong]]")] + "\n```\n")  # its comment goes
    lines = lesson.read_text(encoding="utf-8").splitlines()
    line = lines.index(planted) + 1
    with pytest.raises(ContentError) as failed:
        builder.check(builder.Paths(lessons=course_dir))
    located = [p.format(course_dir) for p in failed.value.problems if "the engine's best play" in p.message]
    assert located and located[-1].startswith(f"long/en/05-head.md:{line}: puzzle {PUZZLE}:"), located
    assert re.search(r'best play is "24/18 (13/10|18/15)" \(\+0\.3\d\d by (4 )?rollouts?\), not among the answers', located[-1])
    out = tmp_path / "dist"
    assert run("build", out, builder.Paths(lessons=course_dir), quiet=True) == 1
    assert f"05-head.md:{line}: puzzle {PUZZLE}: the engine's best play" in capsys.readouterr().err
    assert not out.exists()

"""Judge the course with nardy_core and turn every block into typed data the pages can render.

Every position must parse and be legal for its course's game (15 checkers a side, no shared point, no
forbidden block, game not over); every accepted answer must be a legal whole turn; task answers must agree
with the legal set (:mod:`builder.tasks`); every wrong-play comment must name a play that really is wrong;
ids are unique; the Russian and English versions of a lesson carry the same puzzles. Field types are
checked too: a malformed block is a located problem, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nardy_core import Game, NardyError, Position, Roll, Side, rules_from_dict
from nardy_core.api import abs_point
from nardy_core.blocks import forbidden_block
from nardy_core.requests import read_handoff as read_handed_dice

from .lessons import LANGUAGES, SLUG, Block, CourseSource, LessonSource
from .opening_table import OpeningTable, table_of
from .openings import FILE
from .plausibility import implausible
from .problems import Problem
from .proofs import ProofBook, ProofError, judge_best
from .replay import ReplayData, validate_replay
from .tasks import TASKS, BlockError, PuzzleData, Setup, check_text, check_text_list, is_race, prove_race, turn_search

BOARD_KEYS = {"position", "dice", "first_turn", "rules", "caption", "perspective", "highlight", "interactive", "composed", "handoff"}
SHARED_PUZZLE_KEYS = (
    "id", "position", "dice", "first_turn", "rules", "task", "answers", "tags", "target", "points", "play",
    "answer", "code", "perspective", "winner", "options", "question", "side", "good", "goal", "composed", "close",
    "measure", "match", "roll_no", "handoff",
)
TEXT_PUZZLE_KEYS = ("title", "prompt", "hints", "explanation", "wrong")
PUZZLE_KEYS = set(SHARED_PUZZLE_KEYS) | set(TEXT_PUZZLE_KEYS)
REQUIRED_PUZZLE_KEYS = ("id", "position", "task", "prompt", "hints", "explanation")
#: the tasks a puzzle of a game whose turns have parts may set: a legal-or-which-rule question, judged by the whole
#: turn's parts (``Setup.judge``)
PARTED_TASKS = ("quiz",)


@dataclass
class BoardData:
    """A validated diagram block."""

    setup: Setup
    caption: str
    highlight: list[int | str]  #: absolute points
    interactive: bool
    composed: bool = False  #: a deliberately artificial position (shown with a label; no plausibility check)


Part = str | BoardData | PuzzleData | ReplayData


@dataclass
class LessonData:
    """A validated lesson in one language: title, summary and its parts in order."""

    slug: str
    title: str
    summary: str
    parts: list[Part]
    number: int = 0

    @property
    def puzzles(self) -> list[PuzzleData]:
        return [p for p in self.parts if isinstance(p, PuzzleData)]


@dataclass
class CourseData:
    """One game's validated course: chapters, lessons per language, special pages."""

    game: Game
    chapters: list[tuple[str, dict[str, str], list[str]]]  #: (slug, titles, lesson slugs)
    lessons: dict[str, dict[str, LessonData]] = field(default_factory=dict)  #: lang -> slug -> lesson
    pages: dict[str, dict[str, list[Part]]] = field(default_factory=dict)  #: lang -> "rules" -> parts
    openings: OpeningTable | None = None  #: the opening table, for a game with one

    def order(self) -> list[str]:
        return [slug for _, _, lessons in self.chapters for slug in lessons]

    def puzzles(self, lang: str) -> list[PuzzleData]:
        return [p for slug in self.order() if slug in self.lessons[lang] for p in self.lessons[lang][slug].puzzles]


def validate_course(source: CourseSource, seen_ids: dict[str, tuple[Path, int]], problems: list[Problem],
                    proofs: ProofBook) -> CourseData:
    """Validate every lesson and special page of one game's course; problems are appended. ``proofs`` holds
    the engine's figures for the strategic answers (``builder.proofs``; what it lacks is computed)."""
    course = CourseData(source.game, [(c.slug, c.titles, c.lessons) for c in source.chapters])
    for lang in LANGUAGES:
        course.lessons[lang] = {}
        for number, slug in enumerate(source.lesson_order(), start=1):
            lesson = source.lessons[lang].get(slug)
            if lesson is None:
                continue
            parts = _validate_parts(lesson, source.game, lang == LANGUAGES[0], seen_ids, problems, proofs,
                                    puzzles_allowed=True)
            course.lessons[lang][slug] = LessonData(slug, lesson.title, lesson.summary, parts, number)
        course.pages[lang] = {}
        for name, page in source.pages.get(lang, {}).items():
            if name == "openings" and page.blocks:
                problems.append(Problem(page.path, page.blocks[0].line, "the opening table's page holds text only"))
            course.pages[lang][name] = _validate_parts(page, source.game, False, seen_ids, problems, proofs,
                                                       puzzles_allowed=False)
    problems.extend(compare_languages(source))
    course.openings = table_of(source.root, problems)
    for lang in LANGUAGES:
        page_path = source.root / lang / "_openings.md"
        if (source.root / FILE).exists() != page_path.exists():
            problems.append(Problem(page_path, 1, f"an opening table ({FILE}) and its page _openings.md go together"))
    return course


def _validate_parts(
    lesson: LessonSource,
    game: Game,
    count_ids: bool,
    seen_ids: dict[str, tuple[Path, int]],
    problems: list[Problem],
    proofs: ProofBook,
    *,
    puzzles_allowed: bool,
) -> list[Part]:
    parts: list[Part] = []
    for part in lesson.parts:
        if isinstance(part, str):
            parts.append(part)
            continue
        try:
            if part.kind == "board":
                board = validate_board(part, game)
                parts.append(board)
                if not board.composed:
                    problems += plausibility_problems(lesson, part, board.setup.position)
            elif part.kind == "replay":
                parts.append(validate_replay(part, game))
            elif not puzzles_allowed:
                problems.append(Problem(lesson.path, part.line, "this page may hold boards, not puzzles"))
            else:
                puzzle = validate_puzzle(part, lesson, game, problems, proofs)
                parts.append(puzzle)
                if not puzzle.composed:
                    problems += plausibility_problems(lesson, part, puzzle.setup.position)
                if count_ids:
                    earlier = seen_ids.get(puzzle.id)
                    if earlier:
                        where = f"{earlier[0].parent.parent.name}/{earlier[0].parent.name}/{earlier[0].name}:{earlier[1]}"
                        problems.append(Problem(lesson.path, part.line_of("id"), f"puzzle id {puzzle.id!r} is used twice (also {where})"))
                    seen_ids[puzzle.id] = (lesson.path, part.line_of("id"))
        except BlockError as exc:
            label = part.kind
            if part.kind == "puzzle" and isinstance(part.data.get("id"), str):
                label = f"puzzle {part.data['id']}"
            problems.append(Problem(lesson.path, part.line_of(exc.key), f"{label}: {exc}"))
    return parts


def plausibility_problems(lesson: LessonSource, block: Block, position: Position) -> list[Problem]:
    """Warnings for a position no real game would reach (:mod:`builder.plausibility`)."""
    label = f"puzzle {block.data['id']}" if block.kind == "puzzle" and isinstance(block.data.get("id"), str) else block.kind
    return [
        Problem(lesson.path, block.line_of("position"), f"{label}: implausible position: {why}; "
                "make it a position a game could reach, or mark it composed = true", warning=True)
        for why in implausible(position)
    ]


def read_composed(data: dict[str, Any]) -> bool:
    """The ``composed`` flag: a deliberately artificial diagram."""
    composed = data.get("composed", False)
    if not isinstance(composed, bool):
        raise BlockError("composed must be true or false", "composed")
    return composed


def read_setup(data: dict[str, Any], game: Game, finished: bool = False) -> Setup:
    """Position, dice, first-turn flag, rules and perspective of a block (``finished``: the game may be over)."""
    if "position" not in data:
        raise BlockError("needs position = \"…\" (e.g. \"w/24:15/24:15\")", "position")
    notation = data["position"]
    try:
        position = Position.from_notation(notation)
    except NardyError as exc:
        raise BlockError(f"position {notation!r}: {exc}", "position") from None
    if position.game is not game:
        prefix = f"{game.spec.notation_prefix}:" if game.spec.notation_prefix else f"no prefix ({game.value} nardy)"
        raise BlockError(f"position {notation!r} is {position.game.value} nardy; this course is {game.value} nardy ({prefix})", "position")
    try:
        rules = rules_from_dict(data.get("rules"), game)
    except NardyError as exc:
        raise BlockError(str(exc), "rules") from None
    for side in Side:
        block = forbidden_block(position, side, rules)
        if block:
            raise BlockError(
                f"position {notation!r} is impossible: {side.value} has a six-block on "
                f"{'-'.join(map(str, block))} with no opponent checker ahead",
                "position",
            )
    winner = position.winner()
    if winner is not None and not finished:
        raise BlockError(f"position {notation!r}: the game is already over ({winner.value} has borne off all 15)", "position")
    roll = None
    if "dice" in data:
        try:
            roll = Roll.from_list(data["dice"])
        except NardyError as exc:
            raise BlockError(f"dice: {exc}", "dice") from None
    first_turn = data.get("first_turn", False)
    if not isinstance(first_turn, bool):
        raise BlockError("first_turn must be true or false", "first_turn")
    try:
        perspective = Side.parse(data.get("perspective", position.to_move.value))
    except ValueError as exc:
        raise BlockError(str(exc), "perspective") from None
    handoff = read_handoff(data, game)
    if handoff is not None and roll is not None:
        raise BlockError("give the dice thrown (dice) or the dice handed over (handoff), not both", "handoff")
    return Setup(position, roll, first_turn, rules, perspective, read_roll_no(data, game), handoff)


#: the most dice a block hands over (the board shows each)
MAX_HANDOFF = 8


def read_handoff(data: dict[str, Any], game: Game) -> tuple[int, ...] | None:
    """``handoff``: the dice the opponent handed to the side to move, in a game whose turns have parts (played
    before his roll, VARIANTS.md V1.4)."""
    if "handoff" not in data:
        return None
    if not game.spec.parted_turns:
        raise BlockError(f"handoff is a turn parameter of the games whose turns have parts, not of {game.value} nardy", "handoff")
    value = data["handoff"]
    if not isinstance(value, list) or len(value) > MAX_HANDOFF:
        raise BlockError(f"handoff must list 1..{MAX_HANDOFF} dice, each 1..6", "handoff")
    try:
        return read_handed_dice(value, "handoff")  # the API's reader: each a die 1..6
    except NardyError:
        raise BlockError(f"handoff must list 1..{MAX_HANDOFF} dice, each 1..6", "handoff") from None


#: the most rolls a game's turn number may say (a long game has some 120)
MAX_ROLL_NO = 500


def read_roll_no(data: dict[str, Any], game: Game) -> int | None:
    """``roll_no``: which roll of the game a puzzle's turn is, in a game whose turns have parts (when a double
    cascades, VARIANTS.md V1.3.2); by default the roll ``nardy_core.turn_plan.default_roll_no`` says."""
    if "roll_no" not in data:
        return None
    value = data["roll_no"]
    if not game.spec.parted_turns:
        raise BlockError(f"roll_no is a turn parameter of the games whose turns have parts, not of {game.value} nardy", "roll_no")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_ROLL_NO:
        raise BlockError(f"roll_no must be a whole number 1..{MAX_ROLL_NO}", "roll_no")
    return value


def validate_board(block: Block, game: Game) -> BoardData:
    """A diagram: a legal position, optional dice, caption and highlighted points."""
    unknown = set(block.data) - BOARD_KEYS
    if unknown:
        raise BlockError(f"unknown field(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(BOARD_KEYS))}", sorted(unknown)[0])
    setup = read_setup(block.data, game)
    highlight = block.data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 24 for p in highlight):
        raise BlockError("highlight must be a list of points 1..24 (in the perspective side's numbering)", "highlight")
    caption = check_text(block.data, "caption", required=False)
    interactive = block.data.get("interactive", setup.roll is not None)
    if not isinstance(interactive, bool):
        raise BlockError("interactive must be true or false", "interactive")
    position = setup.position.with_to_move(setup.perspective)
    return BoardData(setup, caption, [abs_point(position, p) for p in highlight], interactive, read_composed(block.data))


def validate_puzzle(block: Block, lesson: LessonSource, game: Game, problems: list[Problem],
                    proofs: ProofBook) -> PuzzleData:
    """A puzzle: its setup, task and answers checked against nardy_core, a strategic answer against its engine
    (``builder.proofs``: ``proofs`` holds the figures kept so far)."""
    data = block.data
    unknown = set(data) - PUZZLE_KEYS
    if unknown:
        raise BlockError(f"unknown field(s) {', '.join(sorted(unknown))}", sorted(unknown)[0])
    for key in REQUIRED_PUZZLE_KEYS:
        if key not in data:
            raise BlockError(f"missing required field {key!r}", None)
    puzzle_id = data["id"]
    if not isinstance(puzzle_id, str) or not SLUG.match(puzzle_id):
        raise BlockError(f"id {puzzle_id!r} must be lower-case letters, digits and '-' (it is part of the URL)", "id")
    task = TASKS.get(data["task"]) if isinstance(data["task"], str) else None
    if task is None:
        raise BlockError(f"unknown task {data['task']!r}; tasks: {', '.join(TASKS)}", "task")
    hints = check_text_list(data, "hints")
    if len(hints) < 2:
        problems.append(Problem(lesson.path, block.line_of("hints"), f"puzzle {puzzle_id}: give at least 2 hints", warning=True))
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) and SLUG.match(t) for t in tags):
        raise BlockError("tags must be a list of names (lower-case letters, digits, '-')", "tags")
    setup = read_setup(data, game, finished=task.game_over_allowed)
    if game.spec.parted_turns and task.name not in PARTED_TASKS:
        raise BlockError(f"a {game.value} puzzle is one of the tasks {', '.join(PARTED_TASKS)}: the others judge one roll, "
                         "and a turn of this game is made of parts", "task")
    text = {
        "title": check_text(data, "title", required=False),
        "prompt": check_text(data, "prompt"),
        "hints": hints,
        "explanation": check_text(data, "explanation"),
    }
    puzzle = PuzzleData(puzzle_id, game, lesson.slug, lesson.lang, task, setup, text, list(tags), line=block.line,
                        composed=read_composed(data))
    task.check(puzzle, data)
    prove_puzzle(puzzle, data, proofs)
    return puzzle


def prove_puzzle(puzzle: PuzzleData, data: dict[str, Any], proofs: ProofBook) -> None:
    """A ``best`` puzzle must answer with the engine's best plays (``builder.proofs``); in a race, with the exact
    bear-off tables' (``builder.tasks.prove_race``). A task with a proof of its own (the cube questions) runs it."""
    close = data.get("close", False)
    if not isinstance(close, bool):
        raise BlockError("close must be true or false", "close")
    if "match" in data and puzzle.task.name not in ("double", "take"):
        raise BlockError("match belongs to a cube question (task double or take)", "match")
    if puzzle.task.prove is not None:
        puzzle.task.prove(puzzle, data, proofs)
    if puzzle.task.name != "best":
        for key in ("close", "measure"):
            if key in data:
                raise BlockError(f"{key} belongs to a 'best' puzzle", key)
        return
    setup = puzzle.setup
    assert setup.roll is not None
    outcomes = turn_search(setup.position, setup.roll, setup.first_turn, setup.rules).outcomes()
    plays = {final.notation(): " ".join(map(str, steps)) for final, steps in outcomes}
    wrong = [entry["final"] for entry in puzzle.wrong if entry.get("kind") == "final"]
    if is_race(setup.position, setup.position.to_move):
        puzzle.bearoff = prove_race(puzzle, data, outcomes, plays, wrong, proofs)
        return
    if "measure" in data:
        raise BlockError("measure belongs to a race (a 'best' puzzle where no contact is left)", "measure")
    figures = proofs.figures(setup.position, (setup.roll.high, setup.roll.low), setup.first_turn, setup.rules,
                             set(puzzle.accepted) | set(wrong), puzzle.id)
    try:
        judge_best(figures, puzzle.accepted, wrong, close, lambda final: plays.get(final, final))
    except ProofError as exc:
        raise BlockError(str(exc), exc.key) from None


def shared_fields(block: Block) -> dict[str, Any]:
    """The language-independent part of a puzzle (must be identical in ru and en)."""
    data = {k: block.data.get(k) for k in SHARED_PUZZLE_KEYS}
    wrong = block.data.get("wrong", [])
    data["wrong"] = [w.get("play") for w in wrong if isinstance(w, dict)] if isinstance(wrong, list) else wrong
    return data


def compare_languages(course: CourseSource) -> list[Problem]:
    """Russian and English versions of a lesson must have the same puzzles with the same data."""
    problems = []
    base, other = LANGUAGES
    for slug, lesson in course.lessons[base].items():
        twin = course.lessons[other].get(slug)
        if twin is None:
            continue
        ours = {b.data.get("id"): b for b in lesson.puzzles}
        theirs = {b.data.get("id"): b for b in twin.puzzles}
        for puzzle_id, block in ours.items():
            if puzzle_id not in theirs:
                problems.append(Problem(twin.path, 1, f"puzzle {puzzle_id} of {lesson.path.name} ({base}) is missing in {other}"))
                continue
            differ = [k for k, v in shared_fields(block).items() if shared_fields(theirs[puzzle_id]).get(k) != v]
            if differ:
                problems.append(
                    Problem(twin.path, theirs[puzzle_id].line, f"puzzle {puzzle_id}: {', '.join(differ)} differ(s) from the {base} version")
                )
        for puzzle_id, block in theirs.items():
            if puzzle_id not in ours:
                problems.append(Problem(twin.path, block.line, f"puzzle {puzzle_id} is not in the {base} version {lesson.path.name}"))
        if [b.data.get("id") for b in lesson.puzzles] != [b.data.get("id") for b in twin.puzzles] and set(ours) == set(theirs):
            problems.append(Problem(twin.path, 1, f"puzzles are in a different order than in the {base} version"))
    return problems


"""Judge the course with nardy_core and turn every block into data the pages can render.

Every position must parse and be legal (15 checkers a side, no shared point, no forbidden block,
game not over); every accepted answer must be a legal whole turn; "only" and "best" answers must
agree with the legal set; every wrong-play comment must name a play that really is wrong; ids are
unique; the Russian and English versions of a lesson carry the same puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nardy_core import (
    DiceError,
    PlayError,
    Position,
    PositionError,
    Roll,
    Rules,
    RulesError,
    Side,
    TurnSearch,
    check_play,
    format_play,
    format_position,
    parse_play,
    parse_position,
    to_absolute,
)
from nardy_core.api import highlight_points
from nardy_core.blocks import forbidden_block, occupancy_mask, window_points, window_starts
from nardy_core.reasons import STEP_CODES

from .lessons import LANGUAGES, Block, Course, LessonSource, Problem

TASKS = ("play", "only", "best", "bearoff", "quiz", "click", "score")
CLICK_TARGETS = ("head", "home", "block", "points")
SHARED_PUZZLE_KEYS = ("id", "position", "dice", "first_turn", "rules", "task", "answers", "tags", "target", "points", "play", "answer", "code", "perspective", "winner")
TEXT_PUZZLE_KEYS = ("title", "prompt", "hints", "explanation", "wrong")
PUZZLE_KEYS = set(SHARED_PUZZLE_KEYS) | set(TEXT_PUZZLE_KEYS)
BOARD_KEYS = {"position", "dice", "first_turn", "rules", "caption", "perspective", "highlight", "interactive"}
REQUIRED_PUZZLE_KEYS = ("id", "position", "task", "prompt", "hints", "explanation")


class BlockError(Exception):
    """A problem in one block; carries the field it is about (for the line number)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


@dataclass
class Setup:
    """The position part common to boards and puzzles."""

    position: Position
    roll: Roll | None
    first_turn: bool
    rules: Rules
    perspective: Side


@dataclass
class PuzzleData:
    """A validated puzzle: what the page renders and what the browser checks against."""

    id: str
    lesson: str
    lang: str
    task: str
    setup: Setup
    text: dict[str, Any]
    tags: list[str]
    accepted: list[str] = field(default_factory=list)  #: accepted final positions (notation)
    solution: list[list[Any]] = field(default_factory=list)  #: [[from, to], ...] of one accepted turn
    targets: list[int] = field(default_factory=list)  #: click task: absolute points
    quiz: dict[str, Any] = field(default_factory=dict)
    wrong: list[dict[str, Any]] = field(default_factory=list)
    line: int = 0


@dataclass
class BoardData:
    """A validated diagram block."""

    setup: Setup
    caption: str
    highlight: list[int]  #: absolute points
    interactive: bool


def validate_course(course: Course) -> tuple[dict[str, dict[str, list]], list[Problem]]:
    """Validate every lesson; returns per language and slug the rendered parts, and all problems."""
    problems = list(course.problems)
    rendered: dict[str, dict[str, list]] = {lang: {} for lang in LANGUAGES}
    seen_ids: dict[str, tuple[Path, int]] = {}
    for lang in LANGUAGES:
        for slug, lesson in course.lessons[lang].items():
            parts: list = []
            for part in lesson.parts:
                if isinstance(part, str):
                    parts.append(part)
                    continue
                try:
                    if part.kind == "board":
                        parts.append(validate_board(part))
                    else:
                        puzzle = validate_puzzle(part, lesson, problems)
                        parts.append(puzzle)
                        if lang == LANGUAGES[0]:
                            earlier = seen_ids.get(puzzle.id)
                            if earlier:
                                problems.append(
                                    Problem(lesson.path, part.field_lines.get("id", part.line), f"puzzle id {puzzle.id!r} is used twice (also {earlier[0].name}:{earlier[1]})")
                                )
                            seen_ids[puzzle.id] = (lesson.path, part.field_lines.get("id", part.line))
                except BlockError as exc:
                    line = part.field_lines.get(exc.key or "", part.line)
                    label = f"puzzle {part.data.get('id')}" if part.kind == "puzzle" and part.data.get("id") else part.kind
                    problems.append(Problem(lesson.path, line, f"{label}: {exc}"))
            rendered[lang][slug] = parts
    for lang in LANGUAGES:
        for name, page in course.pages.get(lang, {}).items():
            parts = []
            for part in page.parts:
                if isinstance(part, str):
                    parts.append(part)
                elif part.kind != "board":
                    problems.append(Problem(page.path, part.line, f"the {name} page may hold boards, not puzzles"))
                else:
                    try:
                        parts.append(validate_board(part))
                    except BlockError as exc:
                        problems.append(Problem(page.path, part.field_lines.get(exc.key or "", part.line), f"board: {exc}"))
            rendered[lang][f"_{name}"] = parts
    problems.extend(compare_languages(course))
    return rendered, problems


def read_setup(data: dict[str, Any], finished: bool = False) -> Setup:
    """Position, dice, first-turn flag, rules and perspective of a block (``finished``: the game may be over)."""
    if "position" not in data:
        raise BlockError("needs position = \"…\" (e.g. \"w/24:15/24:15\")", "position")
    try:
        position = parse_position(data["position"])
    except PositionError as exc:
        raise BlockError(f"position {data['position']!r}: {exc}", "position") from None
    try:
        rules = Rules.from_dict(data.get("rules"))
    except RulesError as exc:
        raise BlockError(str(exc), "rules") from None
    for side in Side:
        block = forbidden_block(position, side, rules)
        if block:
            raise BlockError(
                f"position {data['position']!r} is impossible: {side.value} has a six-block on "
                f"{'-'.join(map(str, block))} with no opponent checker ahead",
                "position",
            )
    winner = position.winner()
    if winner is not None and not finished:
        raise BlockError(f"position {data['position']!r}: the game is already over ({winner.value} has borne off all 15)", "position")
    roll = None
    if "dice" in data:
        try:
            roll = Roll.from_list(data["dice"])
        except DiceError as exc:
            raise BlockError(f"dice: {exc}", "dice") from None
    first_turn = data.get("first_turn", False)
    if not isinstance(first_turn, bool):
        raise BlockError("first_turn must be true or false", "first_turn")
    try:
        perspective = Side.parse(data.get("perspective", position.to_move.value))
    except ValueError as exc:
        raise BlockError(str(exc), "perspective") from None
    return Setup(position, roll, first_turn, rules, perspective)


def validate_board(block: Block) -> BoardData:
    """A diagram: a legal position, optional dice, caption and highlighted points."""
    unknown = set(block.data) - BOARD_KEYS
    if unknown:
        raise BlockError(f"unknown field(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(BOARD_KEYS))}", sorted(unknown)[0])
    setup = read_setup(block.data)
    highlight = block.data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(p, int) and 1 <= p <= 24 for p in highlight):
        raise BlockError("highlight must be a list of points 1..24 (in the perspective side's numbering)", "highlight")
    caption = block.data.get("caption", "")
    if not isinstance(caption, str):
        raise BlockError("caption must be text", "caption")
    interactive = block.data.get("interactive", setup.roll is not None)
    return BoardData(setup, caption, [to_absolute(setup.perspective, p) for p in highlight], bool(interactive))


def validate_puzzle(block: Block, lesson: LessonSource, problems: list[Problem]) -> PuzzleData:
    """A puzzle: its setup, task and answers checked against nardy_core."""
    data = block.data
    unknown = set(data) - PUZZLE_KEYS
    if unknown:
        raise BlockError(f"unknown field(s) {', '.join(sorted(unknown))}", sorted(unknown)[0])
    for key in REQUIRED_PUZZLE_KEYS:
        if key not in data:
            raise BlockError(f"missing required field {key!r}", None)
    puzzle_id = data["id"]
    if not isinstance(puzzle_id, str) or not puzzle_id.replace("-", "").isalnum() or puzzle_id != puzzle_id.lower():
        raise BlockError(f"id {puzzle_id!r} must be lower-case letters, digits and '-'", "id")
    task = data["task"]
    if task not in TASKS:
        raise BlockError(f"unknown task {task!r}; tasks: {', '.join(TASKS)}", "task")
    hints = data["hints"]
    if not isinstance(hints, list) or not all(isinstance(h, str) and h.strip() for h in hints):
        raise BlockError("hints must be a list of texts", "hints")
    if len(hints) < 2:
        problems.append(Problem(lesson.path, block.field_lines.get("hints", block.line), f"puzzle {puzzle_id}: give at least 2 hints", warning=True))
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise BlockError("tags must be a list of names", "tags")
    setup = read_setup(data, finished=task == "score")
    text = {"title": data.get("title", ""), "prompt": data["prompt"], "hints": hints, "explanation": data["explanation"]}
    puzzle = PuzzleData(puzzle_id, lesson.slug, lesson.lang, task, setup, text, tags, line=block.line)
    if task == "click":
        _click_task(puzzle, data)
    elif task == "score":
        _score_task(puzzle, data)
    elif task == "quiz":
        _quiz_task(puzzle, data)
    else:
        _turn_task(puzzle, data)
    return puzzle


def _search(setup: Setup) -> TurnSearch:
    if setup.roll is None:
        raise BlockError("this task needs dice = [a, b]", "dice")
    return TurnSearch(setup.position, setup.roll, setup.first_turn, setup.rules)


def _final_of(setup: Setup, play_text: str, key: str) -> tuple[str, list[list[Any]]]:
    """Check a play; return its final position (notation) and steps, or raise naming the rule."""
    try:
        moves = parse_play(play_text)
    except PlayError as exc:
        raise BlockError(f'{_label(key)} "{play_text}": {exc}', key) from None
    assert setup.roll is not None
    verdict = check_play(setup.position, setup.roll, moves, setup.first_turn, setup.rules)
    if verdict.verdict == "illegal":
        raise BlockError(f'{_label(key)} "{play_text}" is illegal: {verdict.code} at step {verdict.step}', key)
    if verdict.verdict == "incomplete":
        raise BlockError(
            f'{_label(key)} "{play_text}" is incomplete: {verdict.code} (the roll allows {verdict.reason.params["dice"]} dice)', key
        )
    return format_position(verdict.position), [[s.src, "off" if s.dst == 0 else s.dst] for s in verdict.steps]


def _label(key: str) -> str:
    return "answer" if key == "answers" else key


def _turn_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    search = _search(setup)
    outcomes = search.outcomes()
    if not outcomes:
        raise BlockError(f"there is no legal move with {setup.roll}: the turn passes (use a quiz for that)", "dice")
    finals = {format_position(final): play for final, play in outcomes}
    answers = data.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise BlockError("answers must be a list of plays like \"24/18 18/13\"", "answers")
    answer_finals = []
    for answer in answers:
        final, steps = _final_of(setup, answer, "answers")
        answer_finals.append((final, steps))
    if puzzle.task == "play":
        puzzle.accepted = sorted(finals)
    elif puzzle.task == "only":
        if len(finals) != 1:
            raise BlockError(f"task 'only' but {len(finals)} different legal turns exist, e.g. {', '.join(format_play(p) for p in list(finals.values())[:3])}", "task")
        puzzle.accepted = sorted(finals)
    elif puzzle.task == "best":
        if not answers:
            raise BlockError("task 'best' needs answers = [\"…\"]", "answers")
        puzzle.accepted = sorted({final for final, _ in answer_finals})
        if len(puzzle.accepted) == len(finals):
            raise BlockError("task 'best' accepts every legal turn; use task 'play'", "answers")
    elif puzzle.task == "bearoff":
        mover = setup.position.to_move
        best = max(final.borne_off(mover) for final, _ in outcomes)
        if best == setup.position.borne_off(mover):
            raise BlockError("task 'bearoff' but no legal turn bears a checker off", "task")
        puzzle.accepted = sorted(format_position(f) for f, _ in outcomes if f.borne_off(mover) == best)
    for final, _ in answer_finals:
        if final not in puzzle.accepted:
            raise BlockError(f"answer leading to {final} is legal but not accepted by task {puzzle.task!r}", "answers")
    if answer_finals:
        puzzle.solution = answer_finals[0][1]
    else:
        first = finals[puzzle.accepted[0]]
        puzzle.solution = [[s.src, "off" if s.dst == 0 else s.dst] for s in first]
    puzzle.wrong = _wrong_plays(puzzle, data.get("wrong", []))


def _wrong_plays(puzzle: PuzzleData, items: Any) -> list[dict[str, Any]]:
    if not isinstance(items, list):
        raise BlockError("wrong must be a list of [[wrong]] tables with play and comment", "wrong")
    setup = puzzle.setup
    assert setup.roll is not None
    result = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("play"), str) or not isinstance(item.get("comment"), str):
            raise BlockError("each [[wrong]] needs play = \"…\" and comment = \"…\"", "wrong")
        try:
            moves = parse_play(item["play"])
        except PlayError as exc:
            raise BlockError(f'wrong play "{item["play"]}": {exc}', "wrong") from None
        verdict = check_play(setup.position, setup.roll, moves, setup.first_turn, setup.rules)
        entry: dict[str, Any] = {"play": item["play"], "comment": item["comment"]}
        if verdict.verdict == "legal":
            final = format_position(verdict.position)
            if final in puzzle.accepted:
                raise BlockError(f'wrong play "{item["play"]}" is an accepted answer', "wrong")
            entry.update(kind="final", final=final)
        elif verdict.verdict == "illegal":
            src, dst = moves[verdict.step - 1]
            entry.update(kind="step", code=verdict.code, step=[src, "off" if dst == 0 else dst])
        else:
            entry.update(kind="incomplete", code=verdict.code)
        result.append(entry)
    return result


def _quiz_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    _search(setup)
    play_text = data.get("play")
    expected = data.get("answer")
    if not isinstance(play_text, str):
        raise BlockError("a quiz needs play = \"…\" (the play to judge)", "play")
    if expected not in ("legal", "illegal"):
        raise BlockError("a quiz needs answer = \"legal\" or \"illegal\"", "answer")
    try:
        moves = parse_play(play_text)
    except PlayError as exc:
        raise BlockError(f"play {play_text!r}: {exc}", "play") from None
    assert setup.roll is not None
    verdict = check_play(setup.position, setup.roll, moves, setup.first_turn, setup.rules)
    actual = "legal" if verdict.verdict == "legal" else "illegal"
    if actual != expected:
        detail = f" ({verdict.code} at step {verdict.step})" if verdict.step else (f" ({verdict.code})" if verdict.code else "")
        raise BlockError(f'quiz says "{play_text}" is {expected}, but nardy_core finds it {verdict.verdict}{detail}', "answer")
    code = data.get("code")
    if expected == "illegal":
        if code not in STEP_CODES:
            raise BlockError(f"an illegal quiz needs code = one of {', '.join(STEP_CODES)}", "code")
        if code != verdict.code:
            raise BlockError(f"quiz expects {code} but the play is refused with {verdict.code}", "code")
    mover = setup.position.to_move
    reason = verdict.reason.to_json() if verdict.reason else None
    highlight = highlight_points(verdict.reason, mover) if verdict.reason else []
    puzzle.quiz = {
        "play": play_text,
        "answer": expected,
        "verdict": verdict.verdict,
        "reason": reason,
        "step": verdict.step,
        "highlight": highlight,
        "moves": [[a, "off" if b == 0 else b] for a, b in moves],
    }


def _score_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    from nardy_core.scoring import score

    position = puzzle.setup.position
    try:
        winner = Side.parse(data.get("winner", ""))
    except ValueError:
        raise BlockError("a score task needs winner = \"white\" or \"black\"", "winner") from None
    if position.on_board(winner):
        raise BlockError(f"{winner.value} has not borne off all 15 checkers in {data['position']!r}", "position")
    result = score(position, winner, puzzle.setup.rules)
    expected = data.get("answer")
    if expected != result.points:
        raise BlockError(f"answer = {expected!r} but nardy_core scores this {result.kind}, {result.points} point(s)", "answer")
    puzzle.quiz = {"answer": result.points, "kind": result.kind, "winner": winner.value}


def _click_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    side = setup.position.to_move
    target = data.get("target")
    if target not in CLICK_TARGETS:
        raise BlockError(f"a click task needs target = one of {', '.join(CLICK_TARGETS)}", "target")
    if target == "head":
        own = [24]
    elif target == "home":
        own = list(range(1, 7))
    elif target == "block":
        starts = window_starts(occupancy_mask(setup.position.counts(side)))
        if not starts:
            raise BlockError(f"target 'block' but {side.value} has no six points in a row (along the opponent's path)", "target")
        own = sorted({p for bit in range(24) if starts >> bit & 1 for p in window_points(bit)})
    else:
        points = data.get("points")
        if not isinstance(points, list) or not points or not all(isinstance(p, int) and 1 <= p <= 24 for p in points):
            raise BlockError("target 'points' needs points = [own point numbers 1..24]", "points")
        own = sorted(set(points))
    puzzle.targets = sorted(to_absolute(side, p) for p in own)


def shared_fields(block: Block) -> dict[str, Any]:
    """The language-independent part of a puzzle (must be identical in ru and en)."""
    data = {k: block.data.get(k) for k in SHARED_PUZZLE_KEYS}
    data["wrong"] = [w.get("play") for w in block.data.get("wrong", []) if isinstance(w, dict)]
    return data


def compare_languages(course: Course) -> list[Problem]:
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
            differ = [
                k for k, v in shared_fields(block).items() if shared_fields(theirs[puzzle_id]).get(k) != v
            ]
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

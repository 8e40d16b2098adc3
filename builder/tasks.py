"""The task kinds of puzzles: one registry that validation, templates and the page's JavaScript all read.

Each :class:`TaskKind` says how the learner answers (``mode``: play a turn on the board, press one of the
``choices``, click points) and how the builder checks the puzzle's data against nardy_core. Templates
render the badge (``task.<name>``) and the buttons from here; the widget config carries ``mode`` and
``choices`` to the page, so no other file lists the tasks.

>>> sorted(TASKS)
['bearoff', 'best', 'click', 'double', 'goal', 'number', 'only', 'play', 'quiz', 'score', 'take']
>>> TASKS["quiz"].mode, [value for value, _ in TASKS["quiz"].choices]
('choice', ['legal', 'illegal'])
>>> TASKS["number"].mode
'number'

A quiz's buttons are its own (:attr:`PuzzleData.choices`): "legal" and three rules, one of them the rule
that forbids the play when it is illegal, so pressing a button at random is right one time in four.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from nardy_core import BAR, HOME, Game, LongRules, NardyError, Position, Roll, Rules, Side, check_play, codes_for, parse_play, score
from nardy_core.api import abs_point, reason_json
from nardy_core.bearoff import ROLLS, HomeBoard, distribution, expected_rolls, home_board, win_chance
from nardy_core.blocks import occupancy_mask, window_points, window_starts
from nardy_core.cube import Cube
from nardy_core.cube_advice import CubeAdvice, position_advice
from nardy_core.dice import PartDice, Throw
from nardy_core.engine_api import chances
from nardy_core.errors import InputError
from nardy_core.evaluator import RACE, Probabilities, RaceEvaluator
from nardy_core.games import HEAD, Family
from nardy_core.interactive import PlayVerdict
from nardy_core.match_equity import MatchScore, last_roll_cube
from nardy_core.movegen import TurnSearch
from nardy_core.moves import Step
from nardy_core.parts import check_parted_play
from nardy_core.race import not_yet_home
from nardy_core.reasons import ReasonCode
from nardy_core.rules import GulbaraRules
from nardy_core.turn_plan import plan_turn

from .proofs import ProofBook, ProofError, decision_key, judge_best

Mode = Literal["turn", "choice", "click", "number"]


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
    #: a game whose turns have parts: which roll of the game this is (``roll_no``: when doubles cascade)
    roll_no: int | None = None
    #: a game whose turns have parts: the dice the opponent handed to the side to move (then ``roll`` is None)
    handoff: tuple[int, ...] | None = None

    @property
    def throw(self) -> Throw | None:
        """The dice the board shows and the side to move plays: the roll, or the dice handed over."""
        return PartDice(self.handoff) if self.handoff else self.roll

    def judge(self, moves: list[tuple[int, int]]) -> PlayVerdict:
        """The verdict on a whole play of this setup's roll (or of the dice handed over): as one roll, or as a
        turn made of parts (a cascade played stage by stage, :mod:`nardy_core.turn_plan`)."""
        if not isinstance(self.rules, GulbaraRules):
            assert self.roll is not None
            return check_play(self.position, self.roll, moves, self.first_turn, self.rules)
        plan = plan_turn(self.rules, self.position, roll=self.roll, handoff=self.handoff or (), roll_no=self.roll_no,
                         first_turn=self.first_turn)
        return check_parted_play(plan.turn(self.position, self.rules), moves)


@dataclass
class PuzzleData:
    """A validated puzzle: what the page renders and what the browser checks against."""

    id: str
    game: Game
    lesson: str
    lang: str
    task: TaskKind
    setup: Setup
    text: dict[str, Any]
    tags: list[str]
    accepted: list[str] = field(default_factory=list)  #: accepted final positions (notation)
    solution: list[list[int | str]] = field(default_factory=list)  #: absolute [[from, to], ...] of one accepted turn
    solution_play: str = ""  #: the same turn in the mover's notation, for the answer box
    targets: list[int | str] = field(default_factory=list)  #: click task: absolute points
    quiz: dict[str, Any] = field(default_factory=dict)
    wrong: list[dict[str, Any]] = field(default_factory=list)
    hint_points: list[int | str] = field(default_factory=list)  #: the board hint: absolute points
    #: a race's best play: final position -> expected rolls and the mover's winning chance (None: not exact)
    bearoff: dict[str, tuple[float, float | None]] = field(default_factory=dict)
    choices: list[tuple[str, str]] = field(default_factory=list)  #: a quiz's own buttons: (value, catalog key)
    composed: bool = False  #: a deliberately artificial position (shown with a label; no plausibility check)
    line: int = 0

    @property
    def shows_pips(self) -> bool:
        """Whether the board states each side's pip count: not where the puzzle asks for one."""
        return self.quiz.get("question") not in PIP_QUESTIONS


@dataclass(frozen=True)
class TaskKind:
    """How a puzzle of this kind is answered and checked."""

    name: str
    mode: Mode
    check: Callable[[PuzzleData, dict[str, Any]], None]
    choices: tuple[tuple[str, str], ...] = ()  #: (answer value, catalog key of its button)
    game_over_allowed: bool = False  #: the position may be finished (scoring)
    extra_keys: tuple[str, ...] = ()  #: more catalog keys the task's pages use
    #: the engine's proof of the answer, after ``check`` (figures kept by content in the proof book)
    prove: Callable[[PuzzleData, dict[str, Any], ProofBook], None] | None = None

    @property
    def badge_key(self) -> str:
        """Catalog key of the task's name on the page."""
        return f"task.{self.name}"

    def catalog_keys(self) -> list[str]:
        """Every catalog key the pages use for this task."""
        return [self.badge_key, *(key for _, key in self.choices), *self.extra_keys]


# ---- field checks shared by every block -------------------------------------------------------------

MAX_TEXT = 4000


def check_text(data: dict[str, Any], key: str, *, required: bool = True) -> str:
    """A Markdown text field."""
    value = data.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > MAX_TEXT:
        raise BlockError(f"{key} must be a text (up to {MAX_TEXT} characters)", key)
    return value


def check_text_list(data: dict[str, Any], key: str) -> list[str]:
    """A list of Markdown texts."""
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(h, str) and h.strip() and len(h) <= MAX_TEXT for h in value):
        raise BlockError(f"{key} must be a list of texts", key)
    return list(value)


def own_steps(setup: Setup, steps: list[tuple[int, int]]) -> list[list[int | str]]:
    """(from, to) pairs in the mover's numbering as absolute points."""
    return [[abs_point(setup.position, a), abs_point(setup.position, b)] for a, b in steps]


def final_of(setup: Setup, play_text: object, key: str) -> tuple[str, list[list[int | str]], str]:
    """Check a play; return its final position (notation), its steps in absolute points and its notation."""
    if not isinstance(play_text, str):
        raise BlockError(f"{key} must be a play like \"24/18 18/13\"", key)
    try:
        moves = parse_play(play_text)
    except NardyError as exc:
        raise BlockError(f'{key} "{play_text}": {exc}', key) from None
    verdict = setup.judge(moves)
    code = verdict.code.value if verdict.code else ""
    label = "answer" if key == "answers" else key
    if verdict.verdict == "illegal":
        raise BlockError(f'{label} "{play_text}" is illegal: {code} at step {verdict.step}', key)
    if verdict.verdict == "incomplete":
        dice = verdict.reason.params["dice"] if verdict.reason else "?"
        raise BlockError(f'{label} "{play_text}" is incomplete: {code} (the roll allows {dice} dice)', key)
    steps = [(s.src, s.dst) for s in verdict.steps]
    return verdict.position.notation(), own_steps(setup, steps), " ".join(str(s) for s in verdict.steps)


def _search(setup: Setup) -> TurnSearch:
    if setup.roll is None:
        raise BlockError("this task needs dice = [a, b]", "dice")
    return turn_search(setup.position, setup.roll, setup.first_turn, setup.rules)


@lru_cache(maxsize=4096)
def turn_search(position: Position, roll: Roll, first_turn: bool, rules: Rules) -> TurnSearch:
    """The legal turns of a setup, searched once per build: each puzzle is in two languages, and its task, its
    proof and the roll counts of a lesson ask about the same turns (a search never changes once built)."""
    return TurnSearch(position, roll, first_turn, rules)


# ---- the task kinds ---------------------------------------------------------------------------------


def _turn_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    search = _search(setup)
    outcomes = search.outcomes()
    if not outcomes:
        raise BlockError(f"there is no legal move with {setup.roll}: the turn passes (use a quiz for that)", "dice")
    finals = {final.notation(): play for final, play in outcomes}
    answers = data.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise BlockError("answers must be a list of plays like \"24/18 18/13\"", "answers")
    answer_finals = [final_of(setup, answer, "answers") for answer in answers]
    name = puzzle.task.name
    if name == "play":
        puzzle.accepted = sorted(finals)
    elif name == "only":
        if len(finals) != 1:
            examples = ", ".join(" ".join(map(str, p)) for p in list(finals.values())[:3])
            raise BlockError(f"task 'only' but {len(finals)} different legal turns exist, e.g. {examples}", "task")
        puzzle.accepted = sorted(finals)
    elif name == "best":
        if not answers:
            raise BlockError("task 'best' needs answers = [\"…\"]", "answers")
        puzzle.accepted = sorted({final for final, _, _ in answer_finals})
        if len(puzzle.accepted) == len(finals):
            raise BlockError("task 'best' accepts every legal turn; use task 'play'", "answers")
    elif name == "goal":
        goal = data.get("goal")
        if goal is not None:
            if not isinstance(goal, dict) or not goal or set(goal) - set(FINAL_CONDITIONS):
                raise BlockError(f"goal = {{ … }} needs conditions out of {', '.join(FINAL_CONDITIONS)}", "goal")
            meets = _final_test(setup.position, setup.position.to_move, goal, "goal")
            puzzle.accepted = sorted(notation for notation in finals if meets(Position.from_notation(notation)))
            if not puzzle.accepted:
                raise BlockError(f"no legal turn with {setup.roll} meets the goal", "goal")
        elif answers:
            puzzle.accepted = sorted({final for final, _, _ in answer_finals})
        else:
            raise BlockError("task 'goal' needs goal = { … } or answers = [\"…\"]", "goal")
        if len(puzzle.accepted) == len(finals):
            raise BlockError("task 'goal' accepts every legal turn; use task 'play'", "goal")
    elif name == "bearoff":
        mover = setup.position.to_move
        most = max(final.borne_off(mover) for final, _ in outcomes)
        if most == setup.position.borne_off(mover):
            raise BlockError("task 'bearoff' but no legal turn bears a checker off", "task")
        puzzle.accepted = sorted(f.notation() for f, _ in outcomes if f.borne_off(mover) == most)
    for final, _, _ in answer_finals:
        if final not in puzzle.accepted:
            raise BlockError(f"answer leading to {final} is legal but not accepted by task {name!r}", "answers")
    if answer_finals:
        _, puzzle.solution, puzzle.solution_play = answer_finals[0]
    else:
        first = finals[puzzle.accepted[0]]
        puzzle.solution = own_steps(setup, [(s.src, s.dst) for s in first])
        puzzle.solution_play = " ".join(str(s) for s in first)
    puzzle.hint_points = [puzzle.solution[0][0]] if puzzle.solution else []
    puzzle.wrong = _wrong_plays(puzzle, data.get("wrong", []))


def is_race(position: Position, side: Side) -> bool:
    """``side`` bears off with nothing of the opponent's in reach: all its checkers home, and no opposing
    checker that could still land in that home.

    Short nardy: none of the opponent's on ``side``'s home points or on the bar (from where they would enter
    there); the others move away from it. Long nardy: the opponent's path runs *through* ``side``'s home (its
    own 18..13), so every opposing checker must already be past it, on the opponent's own points 12..1; a
    checker still on its own 24..19 would come through and could take a point.

    >>> is_race(Position.from_notation("w/6,2,off:13/6:5,5:5,4:5"), Side.WHITE)
    True
    >>> is_race(Position.from_notation("w/6,2,off:13/24:15"), Side.WHITE)   # Black's checkers must still pass
    False
    """
    if not position.all_home(side):
        return False
    theirs = position.counts(side.other)
    # the opponent's checkers that have not passed ``side``'s home yet: on its own points from the lowest one
    # of that home up to its 24 (long: 13-24, short: 19-24), or on its bar
    first = min(position.game.opposite(p) for p in HOME)
    return not any(theirs[first : BAR + 1])


def _mover_chances(setup: Setup, final: Position) -> tuple[float, float] | None:
    """The mover's exact winning chance and equity after a race play (the opponent to roll), or None where the
    opponent still has a checker outside its home (the one-sided tables cannot tell its rolls)."""
    if final.winner() is not None:
        won = RACE.evaluate([final], setup.rules)[0]
        return won.win, won.equity(setup.rules)
    after = final.handed_over()
    if not RaceEvaluator.applies(after):
        return None
    mine = RACE.evaluate([after], setup.rules)[0].flipped()
    return mine.win, mine.equity(setup.rules)


def prove_race(puzzle: PuzzleData, data: dict[str, Any], outcomes: list[tuple[Position, list[Step]]],
               plays: dict[str, str], wrong: list[str], proofs: ProofBook) -> dict[str, tuple[float, float | None]]:
    """A race's best play, proven by the exact bear-off tables. By default the best play is the one most likely
    to finish first (its equity, mars included: ``builder.proofs.judge_best``); a technique drill in a race that
    is decided says ``measure = "rolls"`` and asks for the fewest rolls on average, which must then also be a
    play with the best chance. Returns each final position's expected rolls and winning chance (None where the
    opponent is not all home yet), which the page states. ``plays`` names each final position's play, ``wrong``
    holds the legal wrong plays' final positions. The tables' figures are kept in ``proofs`` (building the
    tables as far as an opponent's twelve checkers takes seconds)."""
    setup = puzzle.setup
    assert setup.roll is not None
    side = setup.position.to_move
    measure = data.get("measure", "win")
    if measure not in ("win", "rolls"):
        raise BlockError('measure is "win" (the best chance to finish first, the default) or "rolls"', "measure")

    def compute(_: dict[str, list[Any]]) -> dict[str, list[Any]]:
        table: dict[str, list[Any]] = {}
        for final, _steps in outcomes:
            chances = _mover_chances(setup, final)
            rolls = round(expected_rolls(home_board(final, side)), 5)
            table[final.notation()] = [rolls, None, None] if chances is None else [rolls, round(chances[0], 6), round(chances[1], 6)]
        return table

    key = decision_key(setup.position, (setup.roll.high, setup.roll.low), setup.first_turn, setup.rules, kind="race")
    kept = proofs.kept(key, puzzle.id, lambda entry: set(plays) <= set(entry), compute)
    table = {final: (float(kept[final][0]), kept[final][1], kept[final][2]) for final in plays}
    known = {final: (win, equity) for final, (_, win, equity) in table.items() if win is not None and equity is not None}
    if measure == "win":
        if len(known) < len(table):
            raise BlockError('the opponent is not all home yet, so the tables cannot tell the winning chances: say '
                             'measure = "rolls" (the fewest rolls) or wait until it is', "measure")
        figures = {final: (equity, "the bear-off tables") for final, (_, equity) in known.items()}
        try:
            judge_best(figures, puzzle.accepted, wrong, data.get("close") is True, lambda final: plays.get(final, final))
        except ProofError as exc:
            raise BlockError(f"{exc} (a race: the winning chances are exact; a drill of the fewest rolls says "
                             'measure = "rolls")', exc.key) from None
    else:
        least = min(rolls for rolls, _, _ in table.values())
        best = sorted(final for final, (rolls, _, _) in table.items() if rolls - least < 1e-9)
        if best != puzzle.accepted:
            shown = ", ".join(f"{rolls:.3f}" for rolls, _, _ in sorted(table.values(), key=lambda row: row[0])[:4])
            raise BlockError(
                f"in this race the best play leaves {least:.3f} rolls on average (the plays leave {shown} …): "
                f"answers must be exactly the {len(best)} play(s) that leave {least:.3f}", "answers"
            )
        if known and data.get("close") is not True:  # close: the puzzle says the two measures part here
            top = max(win for win, _ in known.values())
            behind = [final for final in best if final in known and top - known[final][0] > 1e-6]
            if behind:
                raise BlockError(f"the fewest rolls here is not the best chance to finish first ({known[behind[0]][0]:.2%} "
                                 f"against {top:.2%}): judge this race by the winning chance (no measure), or say "
                                 "close = true", "measure")
    return {final: (rolls, win) for final, (rolls, win, _) in table.items()}


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
        except NardyError as exc:
            raise BlockError(f'wrong play "{item["play"]}": {exc}', "wrong") from None
        verdict = check_play(setup.position, setup.roll, moves, setup.first_turn, setup.rules)
        entry: dict[str, Any] = {"play": item["play"], "comment": item["comment"]}
        if verdict.verdict == "legal":
            final = verdict.position.notation()
            if final in puzzle.accepted:
                raise BlockError(f'wrong play "{item["play"]}" is an accepted answer', "wrong")
            entry.update(kind="final", final=final)
        elif verdict.verdict == "illegal":
            assert verdict.step is not None and verdict.code is not None
            # the step the learner makes is the first single-die step of the refused move
            src, dst = moves[verdict.step - 1]
            entry.update(kind="step", code=verdict.code.value, step=own_steps(setup, [(src, dst)])[0])
        else:
            entry.update(kind="incomplete", code=verdict.code.value if verdict.code else None)
        result.append(entry)
    return result


#: the order a quiz shows its rule buttons in (the precedence order of docs/reason-codes.md)
RULE_ORDER: tuple[ReasonCode, ...] = tuple(ReasonCode)
#: rules a learner is likely to suspect, most likely first, when nothing in the play points elsewhere
#: (those a game's rules cannot give are left out: codes_for)
USUAL_SUSPECTS: tuple[ReasonCode, ...] = (
    ReasonCode.OCCUPIED, ReasonCode.HEAD_LIMIT, ReasonCode.SIX_BLOCK, ReasonCode.BAR_FIRST, ReasonCode.ENTRY_HELD,
    ReasonCode.MUST_USE_BOTH, ReasonCode.MUST_USE_LARGER, ReasonCode.NOT_ALL_HOME, ReasonCode.BEAR_OFF_HIGHER_OCCUPIED,
)
QUIZ_RULES = 3  #: rule buttons beside "legal": a guess is right one time in four
#: the six-block sentence of the variants that judge a block by something else than "a checker ahead"
BLOCK_VARIANT_KEYS = {"home": "reason.SIX_BLOCK_home", "forbid": "reason.SIX_BLOCK_forbid"}


def _suspects(setup: Setup, moves: list[tuple[int, int]], game: Game) -> list[ReasonCode]:
    """The rules this play makes a learner think of, most likely first."""
    assert setup.roll is not None
    found: list[ReasonCode] = []
    roll = setup.roll
    reachable = {roll.high * k for k in range(1, 5)} if roll.is_double else {roll.high, roll.low, roll.high + roll.low}
    if any(b > a for a, b in moves if b != 0):
        found.append(ReasonCode.WRONG_DIRECTION)
    if any(a - b > 0 and a - b not in reachable and b != 0 for a, b in moves):
        found.append(ReasonCode.NO_SUCH_DIE)
    if game.spec.has_head and sum(1 for a, _ in moves if a == HEAD) >= 2:
        found.append(ReasonCode.HEAD_LIMIT)
    if any(b == 0 for _, b in moves):
        found += [ReasonCode.NOT_ALL_HOME, ReasonCode.BEAR_OFF_HIGHER_OCCUPIED]
    if _dice_used(setup.roll, moves) < len(setup.roll.steps):
        found.append(ReasonCode.MUST_USE_BOTH)
        if len(moves) == 1 and not setup.roll.is_double:
            found.append(ReasonCode.MUST_USE_LARGER)
    possible = codes_for(game)
    return found + [code for code in USUAL_SUSPECTS if code in possible and code not in found]


def _dice_used(roll: Roll, moves: list[tuple[int, int]]) -> int:
    """How many dice the typed moves stand for (a move spanning two dice counts two; a bear-off, one)."""
    used = 0
    for a, b in moves:
        distance = a - b
        if b == 0:
            used += 1
        elif roll.is_double:
            used += distance // roll.high if distance > 0 and distance % roll.high == 0 else 1
        else:
            used += 2 if distance == roll.high + roll.low else 1
    return used


def _quiz_choices(puzzle: PuzzleData, data: dict[str, Any], moves: list[tuple[int, int]], code: str | None) -> list[str]:
    """The rule codes the quiz offers beside "legal": the author's ``options`` or the usual suspects."""
    allowed = [c.value for c in codes_for(puzzle.game)]
    options = data.get("options")
    if options is not None:
        if not isinstance(options, list) or not 2 <= len(options) <= 4 or not all(o in allowed for o in options) \
                or len(set(options)) != len(options):
            raise BlockError(f"options must be a list of 2 to 4 different reason codes ({', '.join(allowed)})", "options")
        if code and code not in options:
            raise BlockError(f"options must hold the rule the play breaks, {code}", "options")
        chosen = list(options)
    else:
        chosen = [code] if code else []
        for suspect in _suspects(puzzle.setup, moves, puzzle.game):
            if len(chosen) == QUIZ_RULES:
                break
            if suspect.value not in chosen and suspect.value in allowed:
                chosen.append(suspect.value)
    return [c.value for c in RULE_ORDER if c.value in chosen]


def _quiz_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    if setup.handoff is None:
        _search(setup)
    elif "options" not in data:
        raise BlockError("a quiz on the dice handed over names its rule buttons: options = [...]", "options")
    play_text, expected = data.get("play"), data.get("answer")
    if not isinstance(play_text, str):
        raise BlockError("a quiz needs play = \"…\" (the play to judge)", "play")
    if expected not in ("legal", "illegal"):
        raise BlockError("a quiz needs answer = \"legal\" or \"illegal\"", "answer")
    try:
        moves = parse_play(play_text)
    except NardyError as exc:
        raise BlockError(f"play {play_text!r}: {exc}", "play") from None
    throw = setup.throw
    assert throw is not None
    verdict = setup.judge(moves)
    actual = "legal" if verdict.verdict == "legal" else "illegal"
    code = verdict.code.value if verdict.code else None
    if actual != expected:
        detail = f" ({code} at step {verdict.step})" if verdict.step else (f" ({code})" if code else "")
        raise BlockError(f'quiz says "{play_text}" is {expected}, but nardy_core finds it {verdict.verdict}{detail}', "answer")
    if expected == "illegal":
        allowed = [c.value for c in codes_for(puzzle.game)]
        if data.get("code") not in allowed:
            raise BlockError(f"an illegal quiz needs code = one of {', '.join(allowed)}", "code")
        if data["code"] != code:
            raise BlockError(f"quiz expects {data['code']} but the play is refused with {code}", "code")
    reason = None if verdict.reason is None else reason_json(verdict.reason, setup.position, throw)
    rules = setup.rules
    if reason and code == ReasonCode.SIX_BLOCK.value and isinstance(rules, LongRules) and rules.block in BLOCK_VARIANT_KEYS:
        reason["message"] = BLOCK_VARIANT_KEYS[rules.block]  # "no checker ahead" is not what this variant asks
    rule_codes = _quiz_choices(puzzle, data, moves, code if expected == "illegal" else None)
    puzzle.choices = [("legal", "quiz.legal"), *((c, f"rule.{c}") for c in rule_codes)]
    puzzle.quiz = {
        "play": play_text,
        "answer": expected,
        "choice": "legal" if expected == "legal" else code,
        "verdict": verdict.verdict,
        "reason": reason,
        "step": verdict.step,
        "moves": own_steps(setup, moves),
    }
    puzzle.hint_points = list(reason["highlight"]) if reason else []


# ---- the number task: pip counts and "how many rolls out of 36" -------------------------------------

NUMBER_QUESTIONS = ("pips", "pip-lead", "rolls")
PIP_QUESTIONS = ("pips", "pip-lead")  #: the number questions the board's pip counts would answer
GOOD_CONDITIONS = ("die", "double", "pass", "bear_off", "finish", "home", "occupy", "empty", "leave_head", "hit")


def _points_list(value: object, name: str, key: str = "good") -> list[int]:
    if not isinstance(value, list) or not value or not all(_is_point(p) for p in value):
        raise BlockError(f"{key}.{name} must be a list of own points 1..24", key)
    return [int(p) for p in value]


FINAL_CONDITIONS = ("bear_off", "finish", "home", "occupy", "empty", "leave_head", "hit")


def _final_test(position: Position, side: Side, good: dict[str, Any], key: str) -> Callable[[Position], bool]:
    """A test of a final position against conditions: ``bear_off`` (at least N borne off this turn),
    ``finish``, ``home`` (all home), ``occupy`` / ``empty`` (own points held / left empty), ``leave_head``
    (a checker has left the head this turn), ``hit`` (an opposing checker is sent to the bar this turn: a shot)."""
    for flag in ("finish", "home", "leave_head", "hit"):
        if flag in good and good[flag] is not True:
            raise BlockError(f"{key}.{flag} can only be true", key)
    bear = good.get("bear_off")
    if bear is not None and (not isinstance(bear, int) or isinstance(bear, bool) or not 1 <= bear <= 4):
        raise BlockError(f"{key}.bear_off must be a number 1..4 (checkers borne off this turn, at least)", key)
    occupy = _points_list(good["occupy"], "occupy", key) if "occupy" in good else []
    empty = _points_list(good["empty"], "empty", key) if "empty" in good else []
    if "hit" in good and not position.game.has_bar:
        raise BlockError(f"{key}.hit: nothing is hit in {position.game.value} nardy (it has no bar)", key)
    before, head, on_bar = position.borne_off(side), position.count(side, 24), position.bar(side.other)

    def meets(final: Position) -> bool:
        if bear is not None and final.borne_off(side) - before < bear:
            return False
        if "leave_head" in good and final.count(side, 24) >= head:
            return False
        if "hit" in good and final.bar(side.other) <= on_bar:
            return False
        if "finish" in good and final.on_board(side):
            return False
        if "home" in good and not final.all_home(side):
            return False
        return all(final.count(side, p) for p in occupy) and not any(final.count(side, p) for p in empty)

    return meets


def _good_test(setup: Setup, side: Side, good: dict[str, Any]) -> Callable[[Roll], bool]:
    """A test of one roll: does the side to move have a turn with it that meets every condition of ``good``?"""
    unknown = set(good) - set(GOOD_CONDITIONS)
    if unknown or not good:
        raise BlockError(f"good needs conditions out of {', '.join(GOOD_CONDITIONS)}", "good")
    die, double = good.get("die"), good.get("double")
    if die is not None and (not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6):
        raise BlockError("good.die must be a number 1..6 (rolls showing it)", "good")
    if double is not None and not isinstance(double, bool):
        raise BlockError("good.double must be true or false", "good")
    if "pass" in good and good["pass"] is not True:
        raise BlockError("good.pass can only be true", "good")
    position = setup.position
    if "pass" in good and len(good) > 1 + ("die" in good) + ("double" in good):
        raise BlockError("good.pass (no legal move) combines only with die and double", "good")
    if side is not position.to_move and set(good) - {"die", "double"}:
        raise BlockError("rolls are counted for the side to move", "side")
    meets = _final_test(position, side, {k: v for k, v in good.items() if k in FINAL_CONDITIONS}, "good")

    def test(roll: Roll) -> bool:
        if die is not None and die not in (roll.high, roll.low):
            return False
        if double is not None and roll.is_double != double:
            return False
        if set(good) <= {"die", "double"}:
            return True
        outcomes = turn_search(position, roll, setup.first_turn, setup.rules).outcomes()
        if "pass" in good:
            return not outcomes
        return any(meets(final) for final, _ in outcomes)

    return test


def count_rolls(setup: Setup, side: Side, good: object) -> tuple[int, list[str]]:
    """How many of the 36 rolls meet ``good``, and which (``6-5`` stands for two of the 36, ``6-6`` for one)."""
    if not isinstance(good, dict):
        raise BlockError("a rolls question needs good = { … } (what a good roll does)", "good")
    test = _good_test(setup, side, good)
    count, rolls = 0, []
    for high, low, weight in sorted(ROLLS, reverse=True):
        if test(Roll(high, low)):
            count += weight
            rolls.append(f"{high}-{low}")
    return count, rolls


def _number_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    """A number the learner types: a pip count, a lead in the race, or how many rolls out of 36 do something.
    nardy_core computes it; ``answer`` must agree (so the lesson's text and the page never differ)."""
    setup = puzzle.setup
    question = data.get("question")
    if question not in NUMBER_QUESTIONS:
        raise BlockError(f"a number task needs question = one of {', '.join(NUMBER_QUESTIONS)}", "question")
    try:
        side = Side.parse(data.get("side", setup.position.to_move.value))
    except ValueError:
        raise BlockError("side must be \"white\" or \"black\"", "side") from None
    good: list[str] = []
    if question == "pips":
        value = setup.position.pips(side)
    elif question == "pip-lead":
        value = setup.position.pips(side.other) - setup.position.pips(side)
    else:
        if setup.roll is not None:
            raise BlockError("a rolls question counts every roll: leave dice out", "dice")
        value, good = count_rolls(setup, side, data.get("good"))
    expected = data.get("answer")
    if expected != value or isinstance(expected, bool):
        detail = f" ({', '.join(good)})" if good else ""
        raise BlockError(f"answer = {expected!r} but nardy_core counts {value}{detail}", "answer")
    puzzle.quiz = {"answer": str(value), "question": question, "side": side.value, "good": good}
    puzzle.hint_points = []


def _score_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    position = puzzle.setup.position
    try:
        winner = Side.parse(data.get("winner", ""))
    except ValueError:
        raise BlockError("a score task needs winner = \"white\" or \"black\"", "winner") from None
    if position.on_board(winner):
        raise BlockError(f"{winner.value} has not borne off all 15 checkers in {data['position']!r}", "position")
    result = score(position, winner, puzzle.setup.rules)
    expected = data.get("answer")
    if expected != result.points or isinstance(expected, bool):
        raise BlockError(f"answer = {expected!r} but nardy_core scores this {result.kind}, {result.points} point(s)", "answer")
    puzzle.quiz = {"answer": str(result.points), "kind": result.kind, "winner": winner.value}


TAKE_MARGIN = 0.03  #: a take or drop closer than this to the 25 % point is too close to teach as a rule
#: in a race not yet home, the cube actions compared must be this far apart in the engine's cubeful equity (per
#: unit of the cube): closer, the Keith count's rule and the engine may part, and it is no lesson
CUBE_MARGIN = 0.04
MARS_LEFT = 0.01  #: a race cube question is asked where a mars is this unlikely (the 25 % rule holds)


def _race_boards(puzzle: PuzzleData, proofs: ProofBook) -> tuple[float, float, float]:
    """For a cube question: the doubler's chance to win, and both sides' chances to finish next roll (kept in
    ``proofs``: building the tables as far as a long race takes seconds)."""
    position = puzzle.setup.position
    doubler = position.to_move
    for side in Side:
        if not is_race(position, side):
            raise BlockError(f"a cube question here is asked in a race: {side.value} is not all home and clear, "
                             "and the sides have not passed each other", "position")
        if position.borne_off(side) == 0:
            raise BlockError(f"{side.value} has borne off nothing: a mars (gammon) would be possible, not a simple race", "position")
    mine, theirs = home_board(position, doubler), home_board(position, doubler.other)

    def compute(_: dict[str, list[Any]]) -> dict[str, list[Any]]:
        def next_roll(board: HomeBoard) -> float:
            finish = distribution(board)
            return finish[1] if len(finish) > 1 else 0.0
        return {"race": [round(win_chance(mine, theirs), 9), round(next_roll(mine), 9), round(next_roll(theirs), 9)]}

    key = decision_key(position, None, False, puzzle.setup.rules, kind="cube-race")
    win, mine_next, theirs_next = proofs.kept(key, puzzle.id, lambda entry: "race" in entry, compute)["race"]
    return float(win), float(mine_next), float(theirs_next)


def _engine_cube(puzzle: PuzzleData, proofs: ProofBook) -> tuple[Probabilities, CubeAdvice]:
    """The engine's chances for the side to move and its cube advice, the cube in the centre (the cube's rules in
    force): a cube puzzle's answer must agree with it, as the free board's computer and hints do. The chances are
    kept in ``proofs`` (in a bear-off race they build the tables)."""
    position, rules = puzzle.setup.position, puzzle.setup.rules
    rules = rules if rules.cube else replace(rules, cube=True)
    key = decision_key(position, None, False, rules, kind="cube")
    kept = proofs.kept(key, puzzle.id, lambda entry: "chances" in entry,
                       lambda _: {"chances": [round(value, 9) for value in chances(position, rules)[0]]})
    p = Probabilities(*map(float, kept["chances"]))
    return p, position_advice(position, p, rules, Cube())


def _long_race(puzzle: PuzzleData, proofs: ProofBook) -> tuple[float, CubeAdvice] | None:
    """For a cube question in a race not yet home (:func:`nardy_core.race.not_yet_home`): the doubler's chance to
    win by the engine (the Keith count) and its cube advice. ``None`` for a bear-off race, which the exact tables
    answer."""
    if not not_yet_home(puzzle.setup.position):
        return None
    p, advice = _engine_cube(puzzle, proofs)
    if max(p.win_mars, p.lose_mars) > MARS_LEFT:
        raise BlockError(f"a mars (gammon) is possible here ({max(p.win_mars, p.lose_mars):.1%}): ask the cube in a plain race", "position")
    return p.win, advice


MATCH_MARGIN = 0.01  #: cube actions this close in match winning chance are too close to teach
MATCH_KEYS = ("match.score", "match.pre_crawford", "match.post_crawford")  #: the catalog keys of a match score


def match_score(puzzle: PuzzleData, data: dict[str, Any]) -> MatchScore | None:
    """A cube question's ``match = { length = N, score = [white, black], crawford = false }``, as the side on
    roll's :class:`~nardy_core.match_equity.MatchScore`; None for money play."""
    raw = data.get("match")
    if raw is None:
        return None
    usage = "match = { length = 5, score = [white's points, black's points], crawford = false }"
    if not isinstance(raw, dict) or set(raw) - {"length", "score", "crawford"} or {"length", "score"} - set(raw):
        raise BlockError(usage, "match")
    score, crawford = raw["score"], raw.get("crawford", False)
    if not isinstance(score, list) or len(score) != 2 or not isinstance(crawford, bool):
        raise BlockError(usage, "match")
    if puzzle.game.family is not Family.SHORT:
        raise BlockError("the match equity table is short nardy's (backgammon's): a match score belongs to a "
                         "short-nardy cube question", "match")
    white, black = score
    try:
        return MatchScore.of_sides(raw["length"], white, black, puzzle.setup.position.to_move, crawford)
    except InputError as exc:
        raise BlockError(f"match: {exc}", "match") from None


def _match_cube(puzzle: PuzzleData, data: dict[str, Any], proofs: ProofBook) -> bool:
    """A cube question at a match score: asked on a last roll, where the match equity table answers exactly
    (:func:`nardy_core.match_equity.last_roll_cube`); whether the puzzle was one."""
    score = match_score(puzzle, data)
    if score is None:
        return False
    if score.crawford:
        raise BlockError("nobody may double in the Crawford game: say so in the text, not as a cube question", "match")
    chance, mine_now, theirs_next = _race_boards(puzzle, proofs)
    if theirs_next < 1.0:
        raise BlockError("a cube question at a match score is asked on the last roll: the opponent must be sure to "
                         "finish next roll", "position")
    cube = last_roll_cube(score, mine_now)
    figures = (f"the doubler's match winning chance: no double {cube.no_double:.1%}, double/take {cube.double_take:.1%}, "
               f"double/drop {cube.double_drop:.1%}")
    if puzzle.task.name == "double":
        right: str = cube.action
        close = abs(min(cube.double_take, cube.double_drop) - cube.no_double) < MATCH_MARGIN
    else:
        right = cube.response
        close = abs(cube.double_take - cube.double_drop) < MATCH_MARGIN
    if close:
        raise BlockError(f"{figures}: within {MATCH_MARGIN:.0%} of each other, too close to teach", "position")
    if data.get("answer") != right:
        raise BlockError(f"answer = {data.get('answer')!r}, but {figures}: {right}", "answer")
    white, black = score.sides(puzzle.setup.position.to_move)
    puzzle.quiz = {"answer": right, "chance": round(chance if puzzle.task.name == "double" else 1.0 - chance, 4),
                   "match": {"length": score.length, "white": white, "black": black, "post_crawford": score.post_crawford}}
    return True


def _cube_answer(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    """A cube question's answer is one of its buttons (what it should be, :attr:`TaskKind.prove` says)."""
    if data.get("answer") not in [value for value, _ in puzzle.task.choices]:
        raise BlockError(f"answer = {data.get('answer')!r}: give one of {', '.join(v for v, _ in puzzle.task.choices)}", "answer")


def _double_task(puzzle: PuzzleData, data: dict[str, Any], proofs: ProofBook) -> None:
    """Should the side to move double? Asked where it is exact, a last roll (the opponent is sure to finish next:
    double if and only if the side to move finishes with more than half of the rolls), or in a race not yet home,
    by the engine's advice where it is clear (:data:`CUBE_MARGIN`). At a match score (``match``), by the match
    equity table on a last roll (:func:`_match_cube`)."""
    if _match_cube(puzzle, data, proofs):
        return
    race = _long_race(puzzle, proofs)
    if race is not None:
        chance, engine = race
        if engine.action == "too_good":
            raise BlockError("the engine finds the side to move too good to double: ask whether to take instead", "position")
        if abs(min(engine.double_take, engine.double_drop) - engine.no_double) < CUBE_MARGIN:
            raise BlockError(f"double and no double are within {CUBE_MARGIN} of each other (no double {engine.no_double:+.3f}, "
                             f"double/take {engine.double_take:+.3f}): too close to teach", "position")
        right = engine.action
        if data.get("answer") != right:
            raise BlockError(f"answer = {data.get('answer')!r}, but the engine's cube advice is {right} (the doubler "
                             f"wins {chance:.1%})", "answer")
        puzzle.quiz = {"answer": right, "chance": round(chance, 4)}
        return
    chance, mine_now, theirs_next = _race_boards(puzzle, proofs)
    if theirs_next < 1.0:
        raise BlockError("a double question is asked on the last roll: the opponent must be sure to finish next roll", "position")
    right = "double" if mine_now > 0.5 else "no_double"
    if data.get("answer") != right:
        raise BlockError(f"answer = {data.get('answer')!r}, but the side to move finishes with {mine_now:.1%} of rolls: {right}", "answer")
    _, engine = _engine_cube(puzzle, proofs)
    if (engine.action == "double") != (right == "double"):
        raise BlockError(f"answer = {right!r}, but the engine's cube advice is {engine.action} (no double "
                         f"{engine.no_double:+.3f}, double/take {engine.double_take:+.3f})", "answer")
    puzzle.quiz = {"answer": right, "chance": round(chance, 4)}


def _take_task(puzzle: PuzzleData, data: dict[str, Any], proofs: ProofBook) -> None:
    """The side to move has doubled: should the opponent take? Take with at least 25 % to win (money play,
    no gammons); exact on a last roll, the standard rule of thumb in longer races, so never asked close to it.
    In a race not yet home, by the engine's advice where it is clear (:data:`CUBE_MARGIN`). At a match score, by
    the match equity table on a last roll (:func:`_match_cube`)."""
    if _match_cube(puzzle, data, proofs):
        return
    race = _long_race(puzzle, proofs)
    if race is not None:
        chance, engine = race
        if abs(engine.double_take - engine.double_drop) < CUBE_MARGIN:
            raise BlockError(f"take and drop are within {CUBE_MARGIN} of each other (double/take {engine.double_take:+.3f} "
                             "for the doubler): too close to teach", "position")
        right = "drop" if engine.response == "drop" else "take"
        if data.get("answer") != right:
            raise BlockError(f"answer = {data.get('answer')!r}, but the engine's cube advice is {right} (the taker "
                             f"wins {1.0 - chance:.1%})", "answer")
        puzzle.quiz = {"answer": right, "chance": round(1.0 - chance, 4)}
        return
    chance, _, theirs_next = _race_boards(puzzle, proofs)
    taker = 1.0 - chance
    if theirs_next < 1.0 and abs(taker - 0.25) < TAKE_MARGIN:
        raise BlockError(f"the taker wins {taker:.1%}: too close to 25 % to teach as a rule", "position")
    right = "take" if taker >= 0.25 else "drop"
    if data.get("answer") != right:
        raise BlockError(f"answer = {data.get('answer')!r}, but the taker wins {taker:.1%} of the time: {right}", "answer")
    _, engine = _engine_cube(puzzle, proofs)
    if (engine.response == "drop") != (right == "drop"):
        raise BlockError(f"answer = {right!r}, but the engine's cube advice is {engine.response} (double/take "
                         f"{engine.double_take:+.3f} for the doubler)", "answer")
    puzzle.quiz = {"answer": right, "chance": round(taker, 4)}


CLICK_TARGETS = ("head", "home", "block", "points")
HEAD_TARGETS = ("head", "block")  #: targets only a game with a head (and the six-block) has


def _is_point(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24


def _click_task(puzzle: PuzzleData, data: dict[str, Any]) -> None:
    setup = puzzle.setup
    side = setup.position.to_move
    target = data.get("target")
    allowed = CLICK_TARGETS if puzzle.game.spec.has_head else tuple(t for t in CLICK_TARGETS if t not in HEAD_TARGETS)
    if target not in allowed:
        raise BlockError(f"a click task needs target = one of {', '.join(allowed)}", "target")
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
        if not isinstance(points, list) or not points or not all(_is_point(p) for p in points):
            raise BlockError("target 'points' needs points = [own point numbers 1..24]", "points")
        own = sorted(set(points))
    puzzle.targets = [abs_point(setup.position, p) for p in sorted(own, key=lambda p: setup.position.game.absolute(side, p))]
    puzzle.hint_points = puzzle.targets[:1]


#: every task kind, in the order the authoring guide lists them
TASKS: dict[str, TaskKind] = {
    kind.name: kind
    for kind in (
        TaskKind("play", "turn", _turn_task),
        TaskKind("only", "turn", _turn_task),
        TaskKind("best", "turn", _turn_task),
        TaskKind("goal", "turn", _turn_task),
        TaskKind("bearoff", "turn", _turn_task),
        TaskKind("quiz", "choice", _quiz_task, (("legal", "quiz.legal"), ("illegal", "quiz.illegal")),
                 extra_keys=("quiz.choose_rule", "quiz.wrong_rule", "quiz.try_again", "quiz.illegal_because", "quiz.answer_rule",
                             *(f"rule.{c.value}" for c in ReasonCode),
                             *BLOCK_VARIANT_KEYS.values())),
        TaskKind("click", "click", _click_task),
        TaskKind("score", "choice", _score_task, (("1", "score.oin"), ("2", "score.mars"), ("3", "score.three")), True),
        TaskKind("double", "choice", _cube_answer, (("double", "cube.double"), ("no_double", "cube.no_double")),
                 extra_keys=MATCH_KEYS, prove=_double_task),
        TaskKind("take", "choice", _cube_answer, (("take", "cube.take"), ("drop", "cube.drop")), extra_keys=MATCH_KEYS,
                 prove=_take_task),
        TaskKind("number", "number", _number_task,
                 extra_keys=("number.label", "number.check", "number.correct", "number.wrong", "number.empty", "number.good_rolls",
                             "number.answer")),
    )
}



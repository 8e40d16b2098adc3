"""A whole game analysed: every turn against the best play of its roll, the cube's decisions, each side's
winning chances turn by turn, its error rate and a rating band in words.

A turn is a *decision* when its roll had more than one play (a forced play or a pass decides nothing). Each
decision is judged as the tutor judges a move (:func:`nardy_core.tutor.judge`: the mover's cubeless money
equity lost against the best play, graded by GNU Backgammon's thresholds). Where the cube is in play each
double, take, drop and beaver is judged against the engine's cube advice
(:func:`nardy_core.cube_advice.advice`, equities per unit of the cube's value), and so is a roll made
without doubling where the advice was to double (a *missed double*).

A side's *error rate* is the equity it lost per decision (moves only, as GNU Backgammon's checker-play
rating); its *band* reads the rate off GNU Backgammon's rating thresholds (:data:`BANDS`: gnubg's
``arThrsRating``, whose top two, under 0.005 and under 0.002, are one band here). Those thresholds were
calibrated on backgammon; for long nardy they are kept until games of rated players can calibrate them
(docs/tutor.md).

>>> from nardy_core.flow import Turn, Record
>>> from nardy_core.dice import Roll
>>> from nardy_core.moves import parse_play, Step
>>> from nardy_core.rules import ShortRules
>>> steps = lambda text: tuple(Step(a, b, 0) for a, b in parse_play(text))
>>> record = Record(ShortRules(), ((3, 1),), (Turn(Side.WHITE, Roll(3, 1), steps("24/21 24/23")),))
>>> analysis = analyse(record)
>>> turn = analysis.turns[0]
>>> turn.judgment.grade.value, turn.judgment.best.text
('blunder', '8/5 6/5')
>>> white = analysis.side(Side.WHITE)
>>> white.decisions, white.blunders, white.band
(1, 1, 'novice')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cube_advice import CubeAdvice, position_advice
from .dice import Roll
from .errors import GameError, InputError
from .evaluator import Probabilities
from .flow import CubeAction, GameState, Handoff, Record, Turn, is_first_turn, replay, replay_events
from .moves import Step
from .position import Position
from .race import judged_chances
from .rules import Rules
from .sides import Side
from .tutor import Grade, Judgment, grade, judge, prompt_evaluator

Band = Literal["world_class", "expert", "advanced", "intermediate", "casual", "beginner", "novice"]
#: the error rate under which a side plays in a band, best first (GNU Backgammon's rating thresholds)
BANDS: tuple[tuple[float, Band], ...] = (
    (0.005, "world_class"), (0.008, "expert"), (0.012, "advanced"), (0.018, "intermediate"), (0.026, "casual"),
    (0.035, "beginner"),
)
WORST: Band = "novice"  #: the band of a rate over every threshold
#: a mistake worth listing among a game's biggest (an inaccuracy or worse)
LISTED = 0.03

CubeMove = Literal["double", "no_double", "take", "drop", "beaver"]


def band(error_rate: float) -> Band:
    """The rating band of an error rate (equity lost per decision).

    >>> band(0.0), band(0.01), band(0.03), band(0.2)
    ('world_class', 'advanced', 'beginner', 'novice')
    """
    for bound, name in BANDS:
        if error_rate < bound:
            return name
    return WORST


@dataclass(frozen=True)
class TurnAnalysis:
    """One turn of the record, judged where it was a decision."""

    index: int  #: the event's place in the record, from 0
    number: int  #: the mover's own turn, from 1
    side: Side
    roll: Roll
    before: Position  #: the position the roll was played from (the mover to move)
    first_turn: bool
    steps: tuple[Step, ...]  #: the play, as the replay read it (dice and hits known)
    judgment: Judgment | None  #: None where the roll had one play or none
    white_win: float  #: White's chance to win after the turn


@dataclass(frozen=True)
class CubeAnalysis:
    """A cube decision: a double, a take, a drop or a beaver made, or a double the advice wanted and the side
    did not make before its roll (``no_double``)."""

    index: int  #: the record's event it concerns (for ``no_double``: the turn rolled instead)
    side: Side
    move: CubeMove
    right: CubeMove  #: what the engine advised instead (the same move where it was right)
    loss: float  #: equity per unit of the cube's value lost against the advice
    advice: CubeAdvice

    @property
    def grade(self) -> Grade:
        """The decision graded as a move is."""
        return grade(self.loss)


@dataclass(frozen=True)
class SideAnalysis:
    """How well one side played."""

    side: Side
    decisions: int  #: turns whose roll had more than one play
    loss: float  #: equity lost over those decisions
    inaccuracies: int
    mistakes: int
    blunders: int
    cube_decisions: int  #: cube actions made, and missed doubles
    cube_errors: int  #: those graded an inaccuracy or worse
    cube_loss: float

    @property
    def error_rate(self) -> float:
        """Equity lost per decision (0 for a side that decided nothing)."""
        return self.loss / self.decisions if self.decisions else 0.0

    @property
    def band(self) -> Band | None:
        """The rating band of :attr:`error_rate` (None for a side that decided nothing)."""
        return band(self.error_rate) if self.decisions else None


@dataclass(frozen=True)
class Analysis:
    """A game's analysis, event by event."""

    record: Record
    final: GameState  #: the game after the record's last event
    start_white_win: float  #: White's chance to win before the first turn
    turns: tuple[TurnAnalysis, ...]
    cube: tuple[CubeAnalysis, ...]
    sides: tuple[SideAnalysis, SideAnalysis]  #: White's, Black's

    def side(self, side: Side) -> SideAnalysis:
        """One side's figures."""
        return self.sides[0] if side is Side.WHITE else self.sides[1]

    def worst(self) -> tuple[TurnAnalysis, ...]:
        """The decisions that lost :data:`LISTED` or more, the costliest first (the record's order on a tie)."""
        listed = [t for t in self.turns if t.judgment is not None and t.judgment.loss >= LISTED]
        return tuple(sorted(listed, key=lambda t: (-(t.judgment.loss if t.judgment else 0.0), t.index)))


def _white(p: Probabilities, side: Side) -> float:
    return p.win if side is Side.WHITE else 1.0 - p.win


def chances_of(position: Position, rules: Rules) -> Probabilities:
    """The side to move's chances, answered at once (:func:`~nardy_core.tutor.prompt_evaluator`, which answers
    a finished position with its certainty)."""
    return prompt_evaluator(position).evaluate([position], rules)[0]


def _judge_turn(index: int, number: int, event: Turn, before: GameState, after: GameState, plies: int) -> TurnAnalysis:
    rules = before.rules
    first = is_first_turn(before, event.side)
    position = before.position
    moves = [(step.src, step.dst) for step in event.steps]
    judgment: Judgment | None = None
    try:
        judgment = judge(position, event.roll, first, rules, moves, prompt_evaluator(position), plies)
    except InputError as exc:
        if exc.code != "NO_PLAY":
            raise
    if judgment is not None:
        white_win = _white(judgment.played.probabilities, event.side)
        if judgment.plays < 2:
            judgment = None
    else:  # a pass: the chances of the side to move after it
        white_win = _white(chances_of(after.position, rules), after.position.to_move)
    if after.result is not None:
        white_win = 1.0 if after.result.winner is Side.WHITE else 0.0 if after.result.winner is Side.BLACK else 0.5
    played = after.record.events[-1]
    steps = played.steps if isinstance(played, Turn) else event.steps
    return TurnAnalysis(index, number, event.side, event.roll, position, first, steps, judgment, white_win)


def _cube_advice(game: GameState) -> CubeAdvice:
    position = game.position
    return position_advice(position, judged_chances(position, game.rules, prompt_evaluator(position)), game.rules, game.cube)


def _doubled(index: int, side: Side, adv: CubeAdvice) -> CubeAnalysis:
    doubling = min(adv.double_take, adv.double_drop)
    right: CubeMove = "double" if adv.action == "double" else "no_double"
    return CubeAnalysis(index, side, "double", right, max(0.0, adv.no_double - doubling), adv)


def _answered(index: int, side: Side, move: CubeMove, adv: CubeAdvice, beaver: bool) -> CubeAnalysis:
    # the taker's equity per unit of the cube before the double: -double_take taking, twice that beavering
    # (the stakes doubled again, the cube kept), -double_drop (= -1) dropping
    options: dict[CubeMove, float] = {"take": -adv.double_take, "drop": -adv.double_drop}
    if beaver:
        options["beaver"] = -2 * adv.double_take
    right = max(options, key=lambda name: (options[name], name == "take"))
    chosen = options.get(move, options["take"])
    return CubeAnalysis(index, side, move, right, max(0.0, options[right] - chosen), adv)


def _missed(index: int, side: Side, adv: CubeAdvice) -> CubeAnalysis | None:
    if adv.action != "double":
        return None
    lost = min(adv.double_take, adv.double_drop) - adv.no_double
    return CubeAnalysis(index, side, "no_double", "double", max(0.0, lost), adv) if lost > 0 else None


def _side_figures(side: Side, turns: list[TurnAnalysis], cube: list[CubeAnalysis]) -> SideAnalysis:
    judged = [t.judgment for t in turns if t.side is side and t.judgment is not None]
    grades = [j.grade for j in judged]
    own_cube = [c for c in cube if c.side is side]
    return SideAnalysis(
        side, len(judged), sum(j.loss for j in judged), grades.count(Grade.INACCURACY), grades.count(Grade.MISTAKE),
        grades.count(Grade.BLUNDER), len(own_cube), sum(1 for c in own_cube if c.loss >= LISTED),
        sum(c.loss for c in own_cube),
    )


def analyse(record: Record, plies: int = 0) -> Analysis:
    """Analyse every event of ``record`` (raises :class:`~nardy_core.errors.GameError` on a record that does
    not fit its rules). ``plies``: how deep each roll's plays are searched (0 answers at once). The engine ranks
    the plays of one roll, so a game whose turns have parts (a cascade) is refused with ``PARTED_TURN``."""
    if record.rules.game.spec.parted_turns:
        raise GameError(f"the engine does not rank the turns of {record.rules.game.value}: they are made of parts", "PARTED_TURN")
    turns: list[TurnAnalysis] = []
    cube: list[CubeAnalysis] = []
    numbers = {Side.WHITE: 0, Side.BLACK: 0}
    pending: CubeAdvice | None = None  # the advice at the double the next event answers
    start: float | None = None
    final: GameState | None = None
    for index, (event, before, after) in enumerate(replay_events(record)):
        final = after
        if start is None:
            start = _white(chances_of(before.position, before.rules), before.position.to_move)
        if isinstance(event, CubeAction):
            if event.verb == "double":
                pending = _cube_advice(before)
                cube.append(_doubled(index, event.side, pending))
            elif pending is not None:
                cube.append(_answered(index, event.side, event.verb, pending, before.rules.beaver))
                pending = None
            continue
        if before.may_double():
            missed = _missed(index, event.side, _cube_advice(before))
            if missed is not None:
                cube.append(missed)
        if isinstance(event, Handoff):  # pragma: no cover - refused above: a game whose turns have parts
            continue
        numbers[event.side] += 1
        turns.append(_judge_turn(index, numbers[event.side], event, before, after, plies))
    if start is None or final is None:  # a record of no events: the start of the game
        final = replay(record)
        start = _white(chances_of(final.position, final.rules), final.position.to_move)
    sides = (_side_figures(Side.WHITE, turns, cube), _side_figures(Side.BLACK, turns, cube))
    return Analysis(record, final, start, tuple(turns), tuple(cube), sides)

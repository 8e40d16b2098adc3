"""The tutor: how good a legal play is against the engine's best, and why, in a learner's terms.

A play is graded by the mover's cubeless money equity it loses against the best play of the same roll, with
GNU Backgammon's thresholds (:data:`THRESHOLDS`): under 0.03 *good* (*best* when nothing is lost), under
0.06 an *inaccuracy*, under 0.12 a *mistake*, else a *blunder*. The reasons say what differs between the
two positions the plays leave, most telling first (:data:`WHY_ORDER`): a checker not hit, a point of the home
not made, blots left in the opponent's direct reach, a row not made, a mars risk, the head not started,
checkers not borne off, a mars not sought; when none of these differs, the winning chances themselves. A reason is a code with numbers
(:class:`Why`); the page words it from its catalogs (``tutor.why.<CODE>``), as it words the rules' reasons.

>>> from nardy_core.games import Game
>>> from nardy_core.rules import ShortRules
>>> from nardy_core.moves import parse_play
>>> start = Position.start(Game.SHORT)
>>> judged = judge(start, Roll(3, 1), False, ShortRules(), parse_play("24/21 24/23"))
>>> judged.grade.value, judged.best.text, judged.rank > 1
('blunder', '8/5 6/5', True)
>>> [why.code.value for why in judged.why]
['HOME_POINT', 'BLOTS']
>>> judge(start, Roll(3, 1), False, ShortRules(), parse_play("8/5 6/5")).grade.value
'best'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from . import bearoff
from .dice import Roll
from .errors import InputError
from .evaluator import RACE, Evaluator, Layered, evaluator_for
from .games import HOME, POINTS
from .interactive import check_play
from .position import Position
from .rules import Rules
from .search import RankedPlay, rank_plays
from .sides import Side
from .summary import longest_row


class Grade(str, Enum):
    """How a play compares with the best of its roll."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: the equity lost from which a play is graded worse (GNU Backgammon's tutor: 0.03, 0.06, 0.12)
THRESHOLDS: tuple[tuple[float, Grade], ...] = ((0.12, Grade.BLUNDER), (0.06, Grade.MISTAKE), (0.03, Grade.INACCURACY))
#: a loss under this is rounding: the play is as good as the best
SAME = 0.0005
#: a difference of chances (0..1) worth a sentence
NOTABLE = 0.03


def grade(loss: float) -> Grade:
    """The grade of a play that loses ``loss`` equity against the best.

    >>> [grade(loss).value for loss in (0.0, 0.01, 0.03, 0.07, 0.5)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    for threshold, worse in THRESHOLDS:
        if loss >= threshold:
            return worse
    return Grade.BEST if loss < SAME else Grade.GOOD


class WhyCode(str, Enum):
    """What makes the best play better, as the tutor says it (catalog key ``tutor.why.<value>``)."""

    HIT = "HIT"  #: the best play sends more of the opponent's checkers to the bar
    HOME_POINT = "HOME_POINT"  #: the best play holds more points of the home
    BLOTS = "BLOTS"  #: the play leaves more blots where an opposing checker hits them with one die
    ROW = "ROW"  #: the best play holds more points in a row
    MARS_RISK = "MARS_RISK"  #: the play loses a mars (gammon) more often
    HEAD = "HEAD"  #: the best play leaves fewer checkers on the head
    BORNE_OFF = "BORNE_OFF"  #: the best play bears off more checkers
    MARS_CHANCE = "MARS_CHANCE"  #: the best play wins a mars more often
    CHANCES = "CHANCES"  #: none of the above: the best play simply wins more often


#: the reasons in the order they are told (at most :data:`MOST` of them)
WHY_ORDER: tuple[WhyCode, ...] = tuple(WhyCode)
MOST = 2
#: every catalog key a reason may be worded with (the site's catalogs must have them all)
WHY_KEYS: tuple[str, ...] = tuple(f"tutor.why.{code.value}" for code in WhyCode)


@dataclass(frozen=True)
class Why:
    """One reason, with its numbers: counts of checkers or points, chances in whole percent."""

    code: WhyCode
    params: dict[str, int] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The catalog key of its sentence."""
        return f"tutor.why.{self.code.value}"


@dataclass(frozen=True)
class Shape:
    """What a learner sees in the position a play leaves, for the side that played."""

    hit: int  #: opposing checkers on the bar
    blots: int  #: own blots an opposing checker hits with one die (a game with a bar)
    home_points: int  #: points of the home held (a game with a bar: made, two or more)
    row: int  #: the most points held next to each other
    head: int  #: checkers still on the head (a game with one; else 0)
    borne_off: int

    @classmethod
    def of(cls, final: Position, side: Side) -> Shape:
        """The shape of ``final`` (the position after ``side``'s play).

        >>> from nardy_core.games import Game
        >>> Shape.of(Position.from_notation("short:w/8:2,6:5,5:2,13:4,24:1,21:1/24:2,13:5,8:3,6:5"), Side.WHITE)
        Shape(hit=0, blots=2, home_points=2, row=2, head=0, borne_off=0)
        """
        game = final.game
        holds = game.family.spec.holding
        mine = final.counts(side)
        return cls(
            hit=final.bar(side.other),
            blots=_blots_in_reach(final, side) if game.has_bar else 0,
            home_points=sum(1 for point in HOME if mine[point] >= holds),
            row=longest_row(final, side),
            head=mine[POINTS] if game.spec.has_head else 0,
            borne_off=final.borne_off(side),
        )


def _blots_in_reach(position: Position, side: Side) -> int:
    """``side``'s blots that some opposing checker (on the bar too) reaches with one die."""
    mine = position.counts(side)
    return sum(1 for point in range(1, POINTS + 1) if mine[point] == 1 and position.direct_shots(side, point))


def _percent(chance: float) -> int:
    return round(chance * 100)


def reasons(played: RankedPlay, best: RankedPlay, side: Side) -> tuple[Why, ...]:
    """Why ``best`` is better than ``played`` (both plays of one roll by ``side``), most telling first."""
    mine, better = Shape.of(played.final, side), Shape.of(best.final, side)  # what the play left, what the best leaves
    p, b = played.probabilities, best.probabilities
    found: dict[WhyCode, dict[str, int]] = {}
    if better.hit > mine.hit:
        found[WhyCode.HIT] = {"best": better.hit, "played": mine.hit}
    if mine.blots > better.blots:
        found[WhyCode.BLOTS] = {"played": mine.blots, "best": better.blots}
    if p.lose_mars - b.lose_mars >= NOTABLE:
        found[WhyCode.MARS_RISK] = {"played": _percent(p.lose_mars), "best": _percent(b.lose_mars)}
    if better.home_points > mine.home_points:
        found[WhyCode.HOME_POINT] = {"best": better.home_points, "played": mine.home_points}
    if better.row > mine.row:
        found[WhyCode.ROW] = {"best": better.row, "played": mine.row}
    if better.head < mine.head:
        found[WhyCode.HEAD] = {"best": better.head, "played": mine.head}
    if better.borne_off > mine.borne_off:
        found[WhyCode.BORNE_OFF] = {"best": better.borne_off, "played": mine.borne_off}
    if b.win_mars - p.win_mars >= NOTABLE:
        found[WhyCode.MARS_CHANCE] = {"best": _percent(b.win_mars), "played": _percent(p.win_mars)}
    if not found:
        found[WhyCode.CHANCES] = {"best": _percent(b.win), "played": _percent(p.win)}
    return tuple(Why(code, found[code]) for code in WHY_ORDER if code in found)[:MOST]


@dataclass(frozen=True)
class Judgment:
    """A legal play judged against every play of its roll."""

    grade: Grade
    loss: float  #: the mover's cubeless equity lost against the best (0 for the best)
    played: RankedPlay
    best: RankedPlay
    rank: int  #: the play's place among the roll's plays, from 1
    plays: int  #: how many different plays the roll had
    why: tuple[Why, ...]  #: empty for a play as good as the best


def race_ready(position: Position) -> bool:
    """Whether the exact tables answer ``position`` (a race) now, without building more of them first."""
    return all(bearoff.ready(bearoff.home_board(position, side)) for side in Side)


def prompt_evaluator(position: Position) -> Evaluator:
    """The evaluator that judges ``position``'s plays at once: the family's, except that a race whose exact tables
    are not built as far as its boards yet (met cold, fifteen checkers a side build for seconds, tens of seconds
    in the page) is the family's network's, among the plays too (a play that breaks the last contact leaves
    such a race). Judging there shows the network a side all home, which starts the page's warm-up
    (:mod:`nardy_core.warmup`): the races after that are judged exactly."""
    evaluator = evaluator_for(position.game)
    if not isinstance(evaluator, Layered):
        return evaluator
    if RACE.applies(position) and position.winner() is None and not race_ready(position):
        return evaluator.fallback
    return Layered(evaluator.exact, evaluator.fallback, race_ready)


def judge(
    position: Position, roll: Roll, first_turn: bool, rules: Rules, moves: list[tuple[int, int]],
    evaluator: Evaluator | None = None, plies: int = 0,
) -> Judgment:
    """Judge the play ``moves`` ((from, to) in the mover's own numbering) of ``roll`` in ``position``.

    An illegal or unfinished play, or a roll with no play at all, is an :class:`~nardy_core.errors.InputError`.
    """
    verdict = check_play(position, roll, moves, first_turn, rules)
    if verdict.verdict != "legal":
        raise InputError(f"the play is {verdict.verdict}: only a legal play is judged", "ILLEGAL")
    ranked = rank_plays(position, roll, first_turn, rules, evaluator, plies)
    if not ranked:
        raise InputError("the roll has no play to judge", "NO_PLAY")
    place = next((index for index, entry in enumerate(ranked) if entry.final == verdict.position), None)
    if place is None:  # the same final position is always among the plays; a guard, not a case
        raise InputError("the play is not among the roll's plays", "ILLEGAL")
    played, best = ranked[place], ranked[0]
    if place and played.equity >= best.equity:  # a tie with the best, listed after it
        best = played
    loss = max(0.0, best.equity - played.equity)
    verdict_grade = grade(loss)
    why = () if verdict_grade is Grade.BEST else reasons(played, best, position.to_move)
    return Judgment(verdict_grade, loss, played, best, place + 1, len(ranked), why)

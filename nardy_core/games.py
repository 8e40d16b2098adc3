"""The games, and the one table that says what each of them is: family, numbering, start, bar, notation, board.

Each side counts the points along its own path from 24 down to 1 (own 1..6 is its home); White's numbering
is the absolute board coordinate. Every game belongs to a :class:`Family`, and the family decides how the two
numberings meet, whether there is a bar and how a checker steps (``VARIANTS.md`` V0.1):

- the long family (RULES.md R2.2): own *n* of one side is the other side's *n - 12* (if *n > 12*) or *n + 12*;
  both sides travel the same way round the board, nobody hits, a point holds one side's checkers;
- the short family (SHORT-RULES.md S1.1): own *n* is the other side's *25 - n*; the sides travel opposite ways,
  and a hit checker goes to the **bar**, where it counts as standing on its own point 25 (a die *d* enters it
  on own 25 - d).

Both maps are their own inverse. What belongs to one game rather than its family (its start, its notation
prefix, its name in the catalogs, what its board shows) is its :class:`GameSpec`, built in :func:`_spec`:
adding a member to :class:`Game` makes mypy name that function, and :func:`nardy_core.rules.rules_class`.
The table lists the rest of what a new game decides (``docs/architecture.md``, "Adding a game").

>>> Game.LONG.opposite(24), Game.SHORT.opposite(24)
(12, 1)
>>> Game.SHORT.absolute(Side.BLACK, 6), Game.LONG.own(Side.BLACK, 12)
(19, 24)
>>> Game.parse("short")
<Game.SHORT: 'short'>
>>> Game.SHORT.spec.family, Game.SHORT.spec.notation_prefix, Game.SHORT.has_bar
(<Family.SHORT: 'short'>, 'short', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal, assert_never

from .reasons import ReasonCode
from .sides import Side

POINTS = 24  #: points on the board
CHECKERS = 15  #: checkers per side
HOME = range(1, 7)  #: own points of the home
HEAD = 24  #: own point where long nardy starts (the head)
OFF = 0  #: own "point" of a checker borne off
BAR = 25  #: own "point" of a checker on the bar (short nardy): it enters with die d on own 25 - d
SLOTS = BAR + 1  #: length of a side's counts: index 0 unused, 1..24 points, 25 the bar

CaptionKind = Literal["home", "head"]  #: a stretch of points the board names under itself

#: the reason codes only one family's rules can give (docs/reason-codes.md)
_LONG_ONLY = frozenset({ReasonCode.HEAD_LIMIT, ReasonCode.SIX_BLOCK, ReasonCode.HEAD_SEQUENTIAL})
_SHORT_ONLY = frozenset({ReasonCode.BAR_FIRST, ReasonCode.ENTRY_HELD, ReasonCode.HIT_AND_RUN_HOME})
#: the reason codes of turns made of parts (:mod:`nardy_core.parts`): only the games whose turns have parts give
#: them (``GameSpec.parted_turns``), so they are no family's
_PARTS_ONLY = frozenset({ReasonCode.CASCADE_STAGE})
#: the reason codes of февга's own rules (VARIANTS.md V7): the runner, the starting quarter, unblocking
FEVGA_CODES = frozenset({ReasonCode.RUNNER_FIRST, ReasonCode.START_QUARTER, ReasonCode.MUST_OPEN})
_GAME_ONLY = _PARTS_ONLY | FEVGA_CODES  #: codes no family gives: only the games whose rules have them


class Family(str, Enum):
    """The rules a game is built on: how the numberings meet, the bar, how a checker steps and bears off.

    >>> Family.LONG.spec.opposite_table[1:4], Family.SHORT.spec.opposite_table[1:4]
    ((13, 14, 15), (24, 23, 22))
    """

    LONG = "long"
    SHORT = "short"

    @property
    def spec(self) -> FamilySpec:
        """This family's entry of the table."""
        return _FAMILY_SPECS[self]


@dataclass(frozen=True)
class FamilySpec:
    """What every game of a family shares."""

    opposite_table: tuple[int, ...]  #: for each own point 1..24 (index 0 unused), the other side's own number of it
    same_direction: bool  #: both sides travel the same way round the board (long), or against each other (short)
    has_bar: bool  #: hitting sends checkers to the bar
    has_head: bool  #: a side starts on its head (own 24); the head rule and the six-block apply
    holding: int  #: opposing checkers that hold a point (long: one, short: two; fewer is a blot to hit)
    last_bear_off_uses_all_dice: bool  #: bearing off the last checker counts as using every die (R11.3; short: S4.1)
    reason_codes: tuple[ReasonCode, ...]  #: what a step or turn can be refused with, in precedence order
    #: a race not yet home is judged by the Keith count (:mod:`nardy_core.race`; short: checked against GNU
    #: Backgammon's race network), not by the family's network (long: no outside judge of its races)
    race_formula: bool


def _family_spec(family: Family) -> FamilySpec:
    """The families' table."""
    match family:
        case Family.LONG:
            return FamilySpec(
                opposite_table=(0,) + tuple(n - 12 if n > 12 else n + 12 for n in range(1, POINTS + 1)),
                same_direction=True, has_bar=False, has_head=True, holding=1, last_bear_off_uses_all_dice=True,
                race_formula=False,
                reason_codes=tuple(code for code in ReasonCode if code not in _SHORT_ONLY | _GAME_ONLY),
            )
        case Family.SHORT:
            return FamilySpec(
                opposite_table=(0,) + tuple(POINTS + 1 - n for n in range(1, POINTS + 1)),
                same_direction=False, has_bar=True, has_head=False, holding=2, last_bear_off_uses_all_dice=False,
                race_formula=True,
                reason_codes=tuple(code for code in ReasonCode if code not in _LONG_ONLY | _GAME_ONLY),
            )
        case _:
            assert_never(family)


_FAMILY_SPECS: dict[Family, FamilySpec] = {family: _family_spec(family) for family in Family}


@dataclass(frozen=True)
class GameSpec:
    """What one game is, beyond its family: every trait a page, the notation or a request reads."""

    family: Family
    notation_prefix: str  #: before ``:`` in the notation ("" for the default game, whose pages also need no folder)
    display_key: str  #: the catalog key of the game's name (``site/i18n/*/ui.toml``)
    start_points: tuple[tuple[int, int], ...]  #: own point -> checkers of one side at the start, highest first
    caption_kinds: tuple[CaptionKind, ...]  #: the stretches the board names under itself
    shows_cube: bool  #: its start board shows the doubling cube (backgammon is played with it; long nardy under cube=true)
    shows_pools: bool = False  #: the board shows checkers not yet entered (``dutch``, ``acey``: none yet)
    #: it is backgammon, so backgammon's exchange formats describe it (GNU Backgammon's Position ID and Match ID,
    #: eXtreme Gammon's XGID, the Jellyfish ``.mat``: :mod:`nardy_core.exchange`)
    backgammon_formats: bool = False
    checkers: int = CHECKERS  #: per side (every game so far has 15: the notation and the positions count CHECKERS)
    #: a turn is a sequence of parts (VARIANTS.md V0.2): cascading doubles and the dice handed to the opponent
    #: (гюльбар, бешеные нарды: :mod:`nardy_core.parts`); its rules class then carries the cascade options
    parted_turns: bool = False
    #: a variant of its family's base game (гюльбар of long nardy, тавла of short): a course page lists it apart,
    #: under «Другие нарды»
    variant: bool = False
    #: the reason codes of rules of its own, beyond its family's (февга's runner, quarter and unblocking)
    own_codes: frozenset[ReasonCode] = frozenset()

    @property
    def reason_codes(self) -> tuple[ReasonCode, ...]:
        """What a step or turn of this game can be refused with, in precedence order: its family's, the codes of
        turns made of parts where its turns have parts, and the codes of its own rules."""
        extra = (_PARTS_ONLY if self.parted_turns else frozenset()) | self.own_codes
        family = self.family.spec.reason_codes
        return tuple(code for code in ReasonCode if code in family or code in extra)

    @property
    def has_bar(self) -> bool:
        """Hitting sends checkers to the bar (and the board shows it)."""
        return self.family.spec.has_bar

    @property
    def has_head(self) -> bool:
        """A side starts on its head; the head rule and the six-block apply."""
        return self.family.spec.has_head


def _spec(game: Game) -> GameSpec:
    """The table: one entry per game."""
    match game:
        case Game.LONG:
            return GameSpec(
                family=Family.LONG, notation_prefix="", display_key="game.long", start_points=((HEAD, CHECKERS),),
                caption_kinds=("home", "head"), shows_cube=False,
            )
        case Game.SHORT:
            return GameSpec(
                family=Family.SHORT, notation_prefix="short", display_key="game.short",
                start_points=((24, 2), (13, 5), (8, 3), (6, 5)), caption_kinds=("home",), shows_cube=True,
                backgammon_formats=True,
            )
        case Game.GULBARA | Game.CRAZY:  # long nardy's board and start, turns made of parts (VARIANTS.md V1, V2)
            return GameSpec(
                family=Family.LONG, notation_prefix=game.value, display_key=f"game.{game.value}",
                start_points=((HEAD, CHECKERS),), caption_kinds=("home", "head"), shows_cube=False, parted_turns=True,
                variant=True,
            )
        case Game.FEVGA:  # long nardy's board and start, its own rules for the runner, the quarter, the wall (V7)
            return GameSpec(
                family=Family.LONG, notation_prefix=game.value, display_key=f"game.{game.value}",
                start_points=((HEAD, CHECKERS),), caption_kinds=("home", "head"), shows_cube=False, variant=True,
                own_codes=FEVGA_CODES,
            )
        case Game.AMERICAN | Game.TAVLA:  # short nardy's board and start, its own defaults (VARIANTS.md V5, V6)
            return GameSpec(
                family=Family.SHORT, notation_prefix=game.value, display_key=f"game.{game.value}",
                start_points=((24, 2), (13, 5), (8, 3), (6, 5)), caption_kinds=("home",),
                shows_cube=game is Game.AMERICAN, backgammon_formats=True, variant=True,
            )
        case _:
            assert_never(game)


class Game(str, Enum):
    """A game of the family: long nardy, short nardy (backgammon), гюльбар and бешеные нарды (long nardy with
    cascading doubles, VARIANTS.md V1, V2), американка and тавла (short nardy with other defaults, V5, V6), and
    февга (long nardy's board with the runner, starting-quarter and unblocking rules, V7).
    The value is the name used in JSON and the notation."""

    LONG = "long"
    SHORT = "short"
    GULBARA = "gulbara"
    CRAZY = "crazy"
    AMERICAN = "american"
    TAVLA = "tavla"
    FEVGA = "fevga"

    @classmethod
    def parse(cls, value: object) -> Game:
        """A game's name; raise ``ValueError`` otherwise."""
        for game in cls:
            if value == game.value:
                return game
        raise ValueError(f"unknown game {value!r}: expected {names()}")

    @property
    def spec(self) -> GameSpec:
        """This game's entry of the table."""
        return _SPECS[self]

    @property
    def family(self) -> Family:
        """The rules this game is built on."""
        return _SPECS[self].family

    @property
    def has_bar(self) -> bool:
        """Hitting sends checkers to the bar (short nardy only)."""
        return _SPECS[self].has_bar

    @property
    def caption_kinds(self) -> tuple[CaptionKind, ...]:
        """The stretches of points the board names under itself, in the board geometry's terms.

        >>> Game.LONG.caption_kinds, Game.SHORT.caption_kinds
        (('home', 'head'), ('home',))
        """
        return _SPECS[self].caption_kinds

    def opposite(self, point: int) -> int:
        """The other side's own number of the point that is own ``point`` for one side."""
        if not 1 <= point <= POINTS:
            raise ValueError(f"point {point} is outside 1..{POINTS}")
        return _SPECS[self].family.spec.opposite_table[point]

    def absolute(self, side: Side, own_point: int) -> int:
        """The absolute (White-numbered) point of ``side``'s own point."""
        return own_point if side is Side.WHITE else self.opposite(own_point)

    def own(self, side: Side, absolute_point: int) -> int:
        """``side``'s own number of an absolute (White-numbered) point."""
        return absolute_point if side is Side.WHITE else self.opposite(absolute_point)

    def start_points(self) -> dict[int, int]:
        """Own point -> checkers of one side at the start (the same for both sides).

        >>> Game.SHORT.start_points()
        {24: 2, 13: 5, 8: 3, 6: 5}
        """
        return dict(_SPECS[self].start_points)

    def label_table(self) -> dict[str, list[int]]:
        """For each side, its own number of every absolute point (index 0 unused): what the board shows.

        >>> Game.LONG.label_table()["black"][1:4]
        [13, 14, 15]
        """
        return {side.value: [0] + [self.own(side, p) for p in range(1, POINTS + 1)] for side in Side}


_SPECS: dict[Game, GameSpec] = {game: _spec(game) for game in Game}
DEFAULT_GAME = next(game for game in Game if not game.spec.notation_prefix)  #: the game a position is unless it says


def names() -> str:
    """The games' names, for messages: ``'long', 'short', 'gulbara', 'crazy', 'american', 'tavla' or 'fevga'``."""
    quoted = [repr(game.value) for game in Game]
    return " or ".join((", ".join(quoted[:-1]), quoted[-1])) if len(quoted) > 1 else quoted[0]

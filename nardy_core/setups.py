"""A position being set up by hand, as the board editor holds it: checkers on points and on the bar that
need not make a position yet, and every reason they do not, or why no game can go on from them.

The editor sends what it has after each change; the answer is the board to draw (even for 16 white
checkers), the canonical notation when the setup is a position a game can go on from, and the problems
otherwise, each a stable code with parameters (the site's catalogs say them in words).

>>> from nardy_core.rules import default_rules
>>> setup = Setup.from_points(Game.LONG, Side.WHITE, {24: ("white", 16), 12: ("black", 15)}, {})
>>> [problem.code for problem in setup.problems(default_rules(Game.LONG))]
['TOO_MANY_CHECKERS']
>>> Setup.from_points(Game.LONG, Side.WHITE, {24: ("white", 15), 12: ("black", 15)}, {}).position()
Position.from_notation('w/24:15/24:15')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .blocks import forbidden_block
from .errors import PositionError, shown
from .games import BAR, CHECKERS, HOME, POINTS, SLOTS, Game
from .notation import Counts
from .position import Position
from .rules import FevgaRules, LongRules, Rules
from .sides import Side

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import Mark, SetupProblem

#: problem codes, in the order they are reported, with what each means (docs/reason-codes.md "Setups")
SETUP_PROBLEMS: dict[str, str] = {
    "TOO_MANY_CHECKERS": "a side has more than 15 checkers on the board",
    "BOTH_FINISHED": "neither side has a checker left: there is nothing to play",
    "FINISHED": "one side has borne off all 15: the game is over",
    "OFF_NOT_HOME": "long nardy: a side has borne off checkers while others are still outside its home",
    "SIX_BLOCK": "a six-block the rules do not allow (long nardy: no opposing checker ahead of it)",
    "START_QUARTER": "февга: a side occupies all six points of a starting quarter, which its rules never allow",
}
MAX_STACK = 2 * CHECKERS  #: checkers on one point a setup may hold (more than 15 is a problem, more than this an error)


@dataclass(frozen=True)
class Problem:
    """What keeps a setup from being a position to play on: a code of :data:`SETUP_PROBLEMS`, its
    parameters (``side``; ``total``; ``off`` and ``outside``; ``from``, ``to`` in ``side``'s own numbering and
    the ``rule`` of ``block`` that forbids them), and
    the absolute points the board marks."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()
    points: tuple[int, ...] = ()

    def to_json(self) -> SetupProblem:
        """As the editor shows it: ``code``, ``message`` (the catalog key of its sentence: a forbidden block's
        names the rule that forbids it), ``params``, ``highlight`` (absolute points) and the ``mark`` to draw."""
        params = dict(self.params)
        message = f"editor.problem.{self.code}" + (f"_{params['rule']}" if self.code == "SIX_BLOCK" else "")
        mark: Mark = "block" if self.code == "SIX_BLOCK" else "error"
        return {"code": self.code, "message": message, "params": params, "highlight": list(self.points), "mark": mark}


@dataclass(frozen=True)
class Setup:
    """Checkers per own point of each side (index 25 the bar), the side to move and the game."""

    game: Game
    to_move: Side
    white: Counts
    black: Counts

    @classmethod
    def from_points(
        cls, game: Game, to_move: Side, points: Mapping[int, tuple[str, int]], bar: Mapping[str, int]
    ) -> Setup:
        """From the board model's shape: absolute point -> (side, count), and each side's bar."""
        counts = {side: [0] * SLOTS for side in Side}
        for absolute, (side_name, count) in points.items():
            side = Side(side_name)
            counts[side][game.own(side, absolute)] = count
        for side_name, count in bar.items():
            if count and not game.has_bar:
                raise PositionError("long nardy has no bar", "BAD_POINT")
            counts[Side(side_name)][BAR] = count
        return cls(game, to_move, tuple(counts[Side.WHITE]), tuple(counts[Side.BLACK]))

    @classmethod
    def of(cls, position: Position) -> Setup:
        """The setup showing ``position``."""
        return cls(position.game, position.to_move, position.white, position.black)

    def counts(self, side: Side) -> Counts:
        """``side``'s checkers per own point."""
        return self.white if side is Side.WHITE else self.black

    def problems(self, rules: Rules) -> list[Problem]:
        """Every reason no game can go on from this setup, in the order of :data:`SETUP_PROBLEMS`.

        >>> from nardy_core.rules import default_rules
        >>> counts = [0] * 26
        >>> counts[24] = 15
        >>> Setup(Game.LONG, Side.WHITE, tuple(counts), (0,) * 26).problems(default_rules(Game.LONG))
        [Problem(code='FINISHED', params=(('side', 'black'),), points=())]
        """
        totals = {side: sum(self.counts(side)) for side in Side}
        found = [
            Problem("TOO_MANY_CHECKERS", (("side", side.value), ("total", totals[side])))
            for side in Side if totals[side] > CHECKERS
        ]
        if found:
            return found
        if not any(totals.values()):
            return [Problem("BOTH_FINISHED")]
        found += [Problem("FINISHED", (("side", side.value),)) for side in Side if not totals[side]]
        if found:
            return found
        if not self.game.has_bar:
            for side in Side:
                outside = [p for p in range(HOME.stop, POINTS + 1) if self.counts(side)[p]]
                if totals[side] < CHECKERS and outside:
                    away = sum(self.counts(side)[p] for p in outside)
                    params: tuple[tuple[str, Any], ...] = (("side", side.value), ("off", CHECKERS - totals[side]), ("outside", away))
                    found.append(Problem("OFF_NOT_HOME", params, tuple(self.game.absolute(side, p) for p in outside)))
        position = Position(self.white, self.black, self.to_move, self.game)
        for side in Side:
            block = forbidden_block(position, side, rules)
            if block and isinstance(rules, LongRules):
                first, last = _run_ends(block)
                params = (("side", side.value), ("from", first), ("to", last), ("rule", rules.block_rule))
                found.append(Problem("SIX_BLOCK", params, tuple(sorted(self.game.absolute(side, p) for p in block))))
        if isinstance(rules, FevgaRules):
            for side in Side:
                for quarter in rules.starting_quarters:
                    if all(self.counts(side)[p] for p in quarter):
                        params = (("side", side.value), ("from", quarter[0]), ("to", quarter[-1]))
                        found.append(Problem("START_QUARTER", params, tuple(sorted(self.game.absolute(side, p) for p in quarter))))
        return found

    def position(self) -> Position | None:
        """The position this setup shows, if it is one (whatever the rules say of its blocks)."""
        try:
            return Position(self.white, self.black, self.to_move, self.game).checked_as_input()
        except PositionError:
            return None


def _run_ends(points: tuple[int, ...]) -> tuple[int, int]:
    """The first and last of six points in a row, in the side's own numbering; a run across its 24/1 seam
    (own 22, 23, 24, 1, 2, 3) runs from 22 to 3.

    >>> _run_ends((13, 14, 15, 16, 17, 18)), _run_ends((1, 2, 3, 22, 23, 24))
    ((13, 18), (22, 3))
    """
    ordered = sorted(points)
    for low, high in pairwise(ordered):
        if high - low > 1:
            return high, low
    return ordered[0], ordered[-1]


def read_setup_points(game: Game, value: object) -> dict[int, tuple[str, int]]:
    """The editor's ``points``: ``{absolute point: {"side", "count"}}`` as the board model writes them.

    >>> read_setup_points(Game.LONG, {"24": {"side": "white", "count": 16}})
    {24: ('white', 16)}
    """
    if not isinstance(value, Mapping) or len(value) > POINTS:
        raise PositionError("points must be an object of at most 24 point: {side, count}", "BAD_POSITION")
    points: dict[int, tuple[str, int]] = {}
    for key, occupant in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and not key.startswith("0") and 1 <= int(key) <= POINTS):
            raise PositionError(f"point {shown(key)} is not a number 1..{POINTS}", "BAD_POINT")
        if not isinstance(occupant, Mapping) or set(occupant) != {"side", "count"}:
            raise PositionError(f"point {key} must hold {{side, count}}, not {shown(occupant)}", "BAD_POSITION")
        side, count = occupant["side"], occupant["count"]
        if side not in ("white", "black"):
            raise PositionError(f"point {key}: side {shown(side)} is not 'white' or 'black'", "BAD_SIDE")
        points[int(key)] = (side, _count(count, f"point {key}"))
    return {point: occupant for point, occupant in points.items() if occupant[1]}


def read_setup_bar(game: Game, value: object) -> dict[str, int]:
    """The editor's ``bar``: ``{"white": n, "black": n}`` (short nardy; long nardy's is always empty)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not set(value) <= {"white", "black"}:
        raise PositionError(f"bar must be {{white, black}}, not {shown(value)}", "BAD_POSITION")
    return {side: _count(count, f"the {side} bar") for side, count in value.items()}


def _count(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_STACK:
        raise PositionError(f"{where}: {shown(value)} is not a count 0..{MAX_STACK}", "BAD_COUNT")
    return value


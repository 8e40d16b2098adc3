"""Stable reason codes: why a step or a turn is not accepted. The site turns them into sentences.

When several rules forbid the same step, the code reported is the one a learner most needs to hear.
Precedence, first match wins (``docs/reason-codes.md``):

1. ``NO_CHECKER``        no own checker on the source point (``owner`` says if the opponent's stand there)
2. ``BAR_FIRST``         short nardy: a checker is on the bar and must enter before any other step
3. ``HIT_AND_RUN_HOME``  variant ``home_hit_and_run=forbidden``: the checker that hit in the home stays
4. ``WRONG_DIRECTION``   the step goes backwards (checkers only move to lower own numbers)
5. ``NO_SUCH_DIE``       no unused die gives this distance (or none is left)
6. ``CASCADE_STAGE``     a cascading double (гюльбар): a die of a later stage while the current one is unfinished
7. ``RUNNER_FIRST``      февга: until one checker has passed the opponent's start, only that runner moves
8. ``HEAD_LIMIT``        long nardy: a further checker may not leave the head this turn
9. ``ENTRY_HELD``        short nardy: the entry point for that die is held by two or more opposing checkers
10. ``OCCUPIED``         the landing point is taken (long: any opposing checker; short: two or more)
11. ``NOT_ALL_HOME``     bearing off before every checker is home (short: or while one is on the bar)
12. ``BEAR_OFF_HIGHER_OCCUPIED``  a larger die bears off only from the highest occupied point
13. ``SIX_BLOCK``        long nardy: six points in a row with no opponent checker ahead
14. ``START_QUARTER``    февга: all six points of one's own starting quarter may not be occupied at once
15. ``MUST_USE_LARGER``  only one die can be played and it must be the larger
16. ``MUST_OPEN``        февга: a turn that can open the wall in front of the opponent's last point must
17. ``HEAD_SEQUENTIAL``  variant ``head33_split=sequential``: the first head checker must go as far as it can
18. ``MUST_USE_BOTH``    the step leaves fewer dice playable than the roll allows (also: turn stopped early)

Codes 1-14 are properties of the step itself; 15-18 are about the turn as a whole (R11, S4, VARIANTS.md V7.5).

>>> Reason(ReasonCode.OCCUPIED, {"point": 12}).to_json()
{'code': 'OCCUPIED', 'params': {'point': 12}}
>>> from nardy_core.games import Game
>>> [code.value for code in codes_for(Game.SHORT)][:3]
['NO_CHECKER', 'BAR_FIRST', 'HIT_AND_RUN_HOME']
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # the games' table names each family's codes, so it imports this module
    from .games import Game


class ReasonCode(str, Enum):
    """Every code a learner's step or turn can be refused with, in precedence order."""

    NO_CHECKER = "NO_CHECKER"
    BAR_FIRST = "BAR_FIRST"
    HIT_AND_RUN_HOME = "HIT_AND_RUN_HOME"
    WRONG_DIRECTION = "WRONG_DIRECTION"
    NO_SUCH_DIE = "NO_SUCH_DIE"
    CASCADE_STAGE = "CASCADE_STAGE"
    RUNNER_FIRST = "RUNNER_FIRST"
    HEAD_LIMIT = "HEAD_LIMIT"
    ENTRY_HELD = "ENTRY_HELD"
    OCCUPIED = "OCCUPIED"
    NOT_ALL_HOME = "NOT_ALL_HOME"
    BEAR_OFF_HIGHER_OCCUPIED = "BEAR_OFF_HIGHER_OCCUPIED"
    SIX_BLOCK = "SIX_BLOCK"
    START_QUARTER = "START_QUARTER"
    MUST_USE_LARGER = "MUST_USE_LARGER"
    MUST_OPEN = "MUST_OPEN"
    HEAD_SEQUENTIAL = "HEAD_SEQUENTIAL"
    MUST_USE_BOTH = "MUST_USE_BOTH"


def codes_for(game: Game) -> tuple[ReasonCode, ...]:
    """The codes a step or turn of ``game`` can be refused with, in precedence order (its family's, and those of
    turns made of parts where its turns have them)."""
    return game.spec.reason_codes


class Reason(NamedTuple):
    """A reason code with its parameters (points in the mover's own numbering)."""

    code: ReasonCode
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """JSON form ``{"code": ..., "params": {...}}``."""
        return {"code": self.code.value, "params": dict(self.params)}

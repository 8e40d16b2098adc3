"""Stable reason codes: why a step or a turn is not accepted. The UI turns them into sentences.

When several rules forbid the same step, the code reported is the one a learner most needs to hear.
Precedence, first match wins (documented in ``docs/reason-codes.md``):

1. ``NO_CHECKER``        no own checker on the source point (``owner`` says if the opponent's stand there)
2. ``WRONG_DIRECTION``   the step goes backwards (checkers only move to lower own numbers)
3. ``NO_SUCH_DIE``       no unused die gives this distance (or none is left)
4. ``HEAD_LIMIT``        a further checker may not leave the head this turn
5. ``OCCUPIED``          the landing point holds an opposing checker
6. ``NOT_ALL_HOME``      bearing off before every checker is home
7. ``BEAR_OFF_HIGHER_OCCUPIED``  a larger die bears off only from the highest occupied point
8. ``SIX_BLOCK``         the step would make a six-block with no opponent checker ahead of it
9. ``MUST_USE_LARGER``   only one die can be played and it must be the larger
10. ``HEAD_SEQUENTIAL``  (variant head33_split=sequential) the first head checker must go as far as it can
11. ``MUST_USE_BOTH``    the step leaves fewer dice playable than the roll allows (also: turn stopped early)

Rules 4-8 are properties of the step itself; 9-11 are about the turn as a whole (R11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NO_CHECKER = "NO_CHECKER"
WRONG_DIRECTION = "WRONG_DIRECTION"
NO_SUCH_DIE = "NO_SUCH_DIE"
HEAD_LIMIT = "HEAD_LIMIT"
OCCUPIED = "OCCUPIED"
NOT_ALL_HOME = "NOT_ALL_HOME"
BEAR_OFF_HIGHER_OCCUPIED = "BEAR_OFF_HIGHER_OCCUPIED"
SIX_BLOCK = "SIX_BLOCK"
MUST_USE_LARGER = "MUST_USE_LARGER"
HEAD_SEQUENTIAL = "HEAD_SEQUENTIAL"
MUST_USE_BOTH = "MUST_USE_BOTH"

#: every code a learner's step can produce, in precedence order.
STEP_CODES: tuple[str, ...] = (
    NO_CHECKER,
    WRONG_DIRECTION,
    NO_SUCH_DIE,
    HEAD_LIMIT,
    OCCUPIED,
    NOT_ALL_HOME,
    BEAR_OFF_HIGHER_OCCUPIED,
    SIX_BLOCK,
    MUST_USE_LARGER,
    HEAD_SEQUENTIAL,
    MUST_USE_BOTH,
)


@dataclass(frozen=True)
class Reason:
    """A reason code with its parameters (points in the mover's own numbering).

    >>> Reason(OCCUPIED, {"point": 12}).to_json()
    {'code': 'OCCUPIED', 'params': {'point': 12}}
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON form ``{"code": ..., "params": {...}}``."""
        return {"code": self.code, "params": dict(self.params)}

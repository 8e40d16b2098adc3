"""Stable reason codes: why a step or a turn is not accepted, and the sentence the site says for each.

When several rules forbid the same step, the code reported is the one a learner most needs to hear.
Precedence, first match wins (``docs/reason-codes.md``):

1. ``NO_CHECKER``        no own checker on the source point (``owner`` says if the opponent's stand there)
2. ``BAR_FIRST``         short nardy: a checker is on the bar and must enter before any other step
3. ``HIT_AND_RUN_HOME``  variant ``home_hit_and_run=forbidden``: the checker that hit in the home stays
4. ``WRONG_DIRECTION``   the step goes backwards (checkers only move to lower own numbers)
5. ``NO_SUCH_DIE``       no unused die gives this distance (or none is left)
6. ``HEAD_LIMIT``        long nardy: a further checker may not leave the head this turn
7. ``ENTRY_HELD``        short nardy: the entry point for that die is held by two or more opposing checkers
8. ``OCCUPIED``          the landing point is taken (long: any opposing checker; short: two or more)
9. ``NOT_ALL_HOME``      bearing off before every checker is home (short: or while one is on the bar)
10. ``BEAR_OFF_HIGHER_OCCUPIED``  a larger die bears off only from the highest occupied point
11. ``SIX_BLOCK``        long nardy: six points in a row with no opponent checker ahead
12. ``MUST_USE_LARGER``  only one die can be played and it must be the larger
13. ``HEAD_SEQUENTIAL``  variant ``head33_split=sequential``: the first head checker must go as far as it can
14. ``MUST_USE_BOTH``    the step leaves fewer dice playable than the roll allows (also: turn stopped early)

Codes 1-11 are properties of the step itself; 12-14 are about the turn as a whole (R11, S4).

>>> Reason(ReasonCode.OCCUPIED, {"point": 12}).to_json()
{'code': 'OCCUPIED', 'params': {'point': 12}}
>>> [code.value for code in codes_for(Game.SHORT)][:3]
['NO_CHECKER', 'BAR_FIRST', 'HIT_AND_RUN_HOME']

A reason's sentence is a catalog key of the site (:data:`REASON_KEYS`) with parameters, in the mover's own
numbering; :func:`reason_points` names the points the board marks:

>>> reason_message(Reason(ReasonCode.OCCUPIED, {"point": 12, "held": 2}), Game.SHORT, double=False)
('reason.OCCUPIED_short', {'point': 12, 'n': 2})
>>> reason_points(Reason(ReasonCode.NOT_ALL_HOME, {"outside": [13, 9], "bar": 1}))
[13, 9, 25]
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from .games import BAR, POINTS, Game


class ReasonCode(str, Enum):
    """Every code a learner's step or turn can be refused with, in precedence order."""

    NO_CHECKER = "NO_CHECKER"
    BAR_FIRST = "BAR_FIRST"
    HIT_AND_RUN_HOME = "HIT_AND_RUN_HOME"
    WRONG_DIRECTION = "WRONG_DIRECTION"
    NO_SUCH_DIE = "NO_SUCH_DIE"
    HEAD_LIMIT = "HEAD_LIMIT"
    ENTRY_HELD = "ENTRY_HELD"
    OCCUPIED = "OCCUPIED"
    NOT_ALL_HOME = "NOT_ALL_HOME"
    BEAR_OFF_HIGHER_OCCUPIED = "BEAR_OFF_HIGHER_OCCUPIED"
    SIX_BLOCK = "SIX_BLOCK"
    MUST_USE_LARGER = "MUST_USE_LARGER"
    HEAD_SEQUENTIAL = "HEAD_SEQUENTIAL"
    MUST_USE_BOTH = "MUST_USE_BOTH"


_LONG_ONLY = frozenset({ReasonCode.HEAD_LIMIT, ReasonCode.SIX_BLOCK, ReasonCode.HEAD_SEQUENTIAL})
_SHORT_ONLY = frozenset({ReasonCode.BAR_FIRST, ReasonCode.ENTRY_HELD, ReasonCode.HIT_AND_RUN_HOME})


def codes_for(game: Game) -> tuple[ReasonCode, ...]:
    """The codes a step or turn of ``game`` can be refused with, in precedence order."""
    excluded = _SHORT_ONLY if game is Game.LONG else _LONG_ONLY
    return tuple(code for code in ReasonCode if code not in excluded)


class Reason(NamedTuple):
    """A reason code with its parameters (points in the mover's own numbering)."""

    code: ReasonCode
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """JSON form ``{"code": ..., "params": {...}}``."""
        return {"code": self.code.value, "params": dict(self.params)}


# ---------------------------------------------------------------------------------------------
# what the site says about a reason (the catalogs of site/i18n hold the sentences)

#: every catalog key :func:`reason_message` can answer with (the site's catalogs must have them all)
REASON_KEYS: tuple[str, ...] = (
    "reason.NO_CHECKER", "reason.NO_CHECKER_opponent", "reason.BAR_FIRST", "reason.HIT_AND_RUN_HOME",
    "reason.WRONG_DIRECTION", "reason.NO_SUCH_DIE", "reason.NO_DICE_LEFT", "reason.HEAD_LIMIT_1",
    "reason.HEAD_LIMIT_2", "reason.ENTRY_HELD", "reason.OCCUPIED", "reason.OCCUPIED_short", "reason.NOT_ALL_HOME",
    "reason.NOT_ALL_HOME_bar", "reason.BEAR_OFF_HIGHER_OCCUPIED", "reason.SIX_BLOCK", "reason.SIX_BLOCK_at_end",
    "reason.MUST_USE_LARGER", "reason.HEAD_SEQUENTIAL", "reason.MUST_USE_BOTH", "reason.MUST_USE_BOTH_double",
)


def _joined(points: list[int]) -> str:
    return ", ".join(str(p) for p in points)


def reason_message(reason: Reason, game: Game, double: bool) -> tuple[str, dict[str, int | str]]:
    """The catalog key and parameters of the sentence for ``reason`` (points in the mover's numbering)."""
    code, params = reason.code, reason.params
    key = f"reason.{code.value}"
    shown: dict[str, int | str] = {}
    if code is ReasonCode.NO_CHECKER:
        key += "_opponent" if params.get("owner") == "opponent" else ""
        shown = {"point": params["point"]}
    elif code is ReasonCode.WRONG_DIRECTION:
        shown = {"from": params["from"], "to": params["to"]}
    elif code is ReasonCode.NO_SUCH_DIE:
        if not params["dice"]:
            key = "reason.NO_DICE_LEFT"
        shown = {"dice": _joined(params["dice"])}
    elif code is ReasonCode.HEAD_LIMIT:
        key += "_2" if params["limit"] == 2 else "_1"
    elif code is ReasonCode.OCCUPIED:
        key += "_short" if game is Game.SHORT else ""
        shown = {"point": params["point"], "n": params.get("held", 1)}
    elif code is ReasonCode.ENTRY_HELD:
        shown = {"point": params["point"], "die": params["die"]}
    elif code is ReasonCode.BAR_FIRST:
        shown = {"n": params["bar"]}
    elif code is ReasonCode.HIT_AND_RUN_HOME:
        shown = {"point": params["point"]}
    elif code is ReasonCode.NOT_ALL_HOME:
        key += "_bar" if params.get("bar") else ""
        shown = {"outside": _joined(params["outside"]), "n": params.get("bar", 0)}
    elif code is ReasonCode.BEAR_OFF_HIGHER_OCCUPIED:
        shown = {"die": params["die"], "from": params["from"], "higher": _joined(params["higher"])}
    elif code is ReasonCode.SIX_BLOCK:
        key += "_at_end" if params.get("at_end") else ""
        shown = {"points": _joined(sorted(params["points"], reverse=True))}
    elif code is ReasonCode.MUST_USE_LARGER:
        shown = {"die": params["die"]}
    elif code is ReasonCode.MUST_USE_BOTH:
        key += "_double" if double else ""
        shown = {"n": params["dice"]}
    return key, shown


#: reasons about the checker that was to move: the board marks its point
SOURCE_CODES = frozenset({
    ReasonCode.HEAD_LIMIT, ReasonCode.NO_CHECKER, ReasonCode.WRONG_DIRECTION, ReasonCode.NO_SUCH_DIE, ReasonCode.HIT_AND_RUN_HOME,
})


def reason_points(reason: Reason) -> list[int]:
    """The mover's own points (and the bar, 25) a reason is about, for the board to mark."""
    params, code = reason.params, reason.code
    own: list[int] = []
    if code in (ReasonCode.OCCUPIED, ReasonCode.ENTRY_HELD):
        own = [params["point"]]
    elif code is ReasonCode.SIX_BLOCK:
        own = list(params.get("points", []))
    elif code is ReasonCode.NOT_ALL_HOME:
        own = list(params.get("outside", [])) + ([BAR] if params.get("bar") else [])
    elif code is ReasonCode.BEAR_OFF_HIGHER_OCCUPIED:
        own = list(params.get("higher", []))
    elif code is ReasonCode.BAR_FIRST:
        own = [BAR]
    elif code in SOURCE_CODES:
        source = params.get("from", params.get("point"))
        own = [source] if isinstance(source, int) else []
    return [p for p in own if isinstance(p, int) and (1 <= p <= POINTS or p == BAR)]

"""What the site says about a reason: the catalog key of its sentence, its parameters, and the points it marks.

The catalogs of ``site/i18n`` hold the sentences; this module is the one place that chooses among them, so a
test can check that every key it may answer with (:data:`REASON_KEYS`) is in both catalogs.

>>> reason_message(Reason(ReasonCode.OCCUPIED, {"point": 12, "held": 2}), Game.SHORT, double=False)
('reason.OCCUPIED_short', {'point': 12, 'n': 2})
>>> reason_points(Reason(ReasonCode.NOT_ALL_HOME, {"outside": [13, 9], "bar": 1}))
[13, 9, 25]
"""

from __future__ import annotations

from .games import BAR, POINTS, Game
from .reasons import Reason, ReasonCode

#: every catalog key :func:`reason_message` can answer with (the site's catalogs must have them all)
REASON_KEYS: tuple[str, ...] = (
    "reason.NO_CHECKER", "reason.NO_CHECKER_opponent", "reason.BAR_FIRST", "reason.HIT_AND_RUN_HOME",
    "reason.WRONG_DIRECTION", "reason.NO_SUCH_DIE", "reason.NO_DICE_LEFT", "reason.CASCADE_STAGE", "reason.HEAD_LIMIT_1",
    "reason.HEAD_LIMIT_2", "reason.ENTRY_HELD", "reason.OCCUPIED", "reason.OCCUPIED_short", "reason.NOT_ALL_HOME",
    "reason.NOT_ALL_HOME_bar", "reason.BEAR_OFF_HIGHER_OCCUPIED", "reason.SIX_BLOCK", "reason.SIX_BLOCK_at_end",
    "reason.MUST_USE_LARGER", "reason.HEAD_SEQUENTIAL", "reason.MUST_USE_BOTH", "reason.MUST_USE_BOTH_double",
    "reason.RUNNER_FIRST", "reason.START_QUARTER", "reason.MUST_OPEN",
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
    elif code is ReasonCode.CASCADE_STAGE:
        shown = {"die": params["die"], "stage": params["stage"], "n": params["left"]}
    elif code is ReasonCode.HEAD_LIMIT:
        key += "_2" if params["limit"] == 2 else "_1"
    elif code is ReasonCode.OCCUPIED:
        key += "_short" if game.family.spec.holding > 1 else ""  # "held by two or more" rather than "taken"
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
    elif code in (ReasonCode.START_QUARTER, ReasonCode.MUST_OPEN):
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
    ReasonCode.CASCADE_STAGE, ReasonCode.RUNNER_FIRST,
})


def reason_points(reason: Reason) -> list[int]:
    """The mover's own points (and the bar, 25) a reason is about, for the board to mark."""
    params, code = reason.params, reason.code
    own: list[int] = []
    if code in (ReasonCode.OCCUPIED, ReasonCode.ENTRY_HELD):
        own = [params["point"]]
    elif code in (ReasonCode.SIX_BLOCK, ReasonCode.START_QUARTER, ReasonCode.MUST_OPEN):
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

"""One error base for the whole core: every refusal is a :class:`NardyError` with a stable ``code``.

The ``code`` is for programs (the API turns it into ``{"error": {"code", "message"}}``, the site into a
sentence); the message is for people reading a traceback or a CLI answer.

>>> try:
...     raise PositionError("white has 16 checkers", "TOO_MANY_CHECKERS")
... except NardyError as error:
...     error.code, isinstance(error, ValueError)
('TOO_MANY_CHECKERS', True)
"""

from __future__ import annotations


class NardyError(ValueError):
    """Base class of every error the core raises on bad input. ``where`` is an optional character index."""

    default_code = "BAD_INPUT"

    def __init__(
        self, message: str, code: str | None = None, where: int | None = None, params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.where = where
        #: what a page needs to say what to fix, in its own words (side, point, count…)
        self.params: dict[str, object] = dict(params or {})
        if where is not None:
            self.params.setdefault("where", where + 1)


class PositionError(NardyError):
    """An impossible position or unreadable notation."""

    default_code = "BAD_POSITION"


class DiceError(NardyError):
    """Dice outside 1..6, or not two of them."""

    default_code = "BAD_DICE"


class RulesError(NardyError):
    """An unknown rules option or value."""

    default_code = "BAD_RULES"


class PlayError(NardyError):
    """A play string that cannot be read."""

    default_code = "BAD_PLAY"


class GameError(NardyError):
    """An action that does not fit the game in progress (wrong side, illegal turn, game over, cube misuse)."""

    default_code = "BAD_GAME"


class InputError(NardyError):
    """A request to :mod:`nardy_core.api` that does not have the expected shape."""

    default_code = "BAD_INPUT"


def shown(value: object, limit: int = 40) -> str:
    """A short, safe ``repr`` of a bad input for an error message (huge numbers and long texts cut).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> shown(10 ** 5000)
    'a very large number'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return "a very large number"
    if isinstance(value, (dict, list, tuple)) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 2] + "…"

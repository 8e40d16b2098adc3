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

#: every code a :class:`NardyError` (and so an API error) may carry, with what it means; a refused play of a
#: game also answers with the :class:`~nardy_core.reasons.ReasonCode` that refuses it. The site's catalogs
#: turn a code into a sentence; the English message beside it is for developers.
ERROR_CODES: dict[str, str] = {
    # the request as a whole
    "REQUEST_TOO_LARGE": "the request text is longer than the API reads",
    "BAD_JSON": "the request is not strict JSON (also: NaN, Infinity, a number of more than 20 digits)",
    "TOO_DEEP": "arrays and objects nested deeper than any request needs",
    "BAD_REQUEST": "the request (or an object inside it) is not a JSON object, or has too many fields",
    "UNKNOWN_REQUEST": "no request of that kind",
    "UNKNOWN_FIELD": "a field the request kind (or the object) does not have; params.field names it",
    "BAD_INPUT": "input of the wrong shape (a fallback; every reader has its own code)",
    "INTERNAL": "a bug in nardy_core: the request was answered, not refused",
    # fields
    "BAD_FLAG": "a yes/no field that is not true or false",
    "BAD_NUMBER": "a field that is not a whole number in its range",
    "BAD_TEXT": "a text field that is not a text, or too long",
    "BAD_SIDE": "a side that is not 'white' or 'black'",
    "BAD_GAME": "a game that is not one of the table's ('long', 'short', 'gulbara', 'crazy'), or does not match the position",
    "BAD_ROLL_NO": "a player's roll number (own_roll_no) greater than the game's (roll_no)",
    "BAD_HANDOFF": "dice handed over that are not 1..24 whole numbers 1..6, or handed dice and thrown dice in one request",
    "BAD_RULES": "an unknown rules option or value",
    "BAD_DICE": "dice that are not two whole numbers 1..6",
    "BAD_POINT": "a point that is not 1..24, 'bar' or 'off' (a key: ASCII digits, no sign, space or leading zero)",
    "BAD_STEPS": "steps that are not a list of [from, to] pairs, or a step already played that is not legal",
    "BAD_PLAY": "a play that cannot be read ('24/18 18/13')",
    "BAD_PLAYERS": "players that are not 'human' or 'computer'",
    "BAD_ACTION": "a cube action that is not double, take, drop or beaver",
    "BAD_LEVEL": "a computer level that is not beginner, club or master",
    # positions
    "BAD_NOTATION": "position notation that cannot be read",
    "BAD_POSITION": "a position given neither (or both) as notation and as white/black points",
    "BAD_COUNT": "a checker count that is not a whole number >= 1",
    "TOO_MANY_CHECKERS": "a side with more than 15 checkers",
    "TOO_FEW_CHECKERS": "a side whose checkers (with those borne off) make fewer than 15",
    "SHARED_POINT": "a point holding checkers of both sides",
    "BOTH_FINISHED": "both sides have borne off every checker: no game is left to play",
    # games
    "BAD_GAME_STATE": "a game state no game can be in (opening throws, cube, extra roll, has_moved)",
    "GAME_OVER": "the game is over",
    "NOT_OVER": "nobody has borne off all 15 checkers: there is no result yet",
    "ALREADY_ROLLED": "the side to move has already thrown the dice",
    "NOT_ROLLED": "the side to move has not thrown the dice",
    "WRONG_ROLL": "the play is for other dice than those thrown",
    "ILLEGAL": "the play is not a legal turn",
    "NO_PLAY": "the roll has no play to judge (the turn passes)",
    "OPENING_TIE": "the opening throw is a tie: it is thrown again",
    "NOT_ALLOWED": "declining the opening throw outside start=choice",
    "RULES_GAME": "rules of one game for a position of the other",
    "HANDOFF_PENDING": "the dice the opponent handed over are played first (гюльбар, бешеные нарды)",
    "NO_HANDOFF": "no dice were handed to the side to move",
    "PARTED_TURN": "the engine judges the turns of long and short nardy; a turn made of parts (a cascade) is not one it ranks",
    "BAD_RECORD": "a game record that does not replay",
    "BAD_MATCH": "a match length outside 1..64",
    "MATCH_OVER": "the match is over",
    "NOT_A_RACE": "a bear-off question for a position that is not a race",
    # the cube
    "NO_CUBE": "these rules (or the Crawford game) play without the cube",
    "CUBE_PENDING": "a double is offered: take or drop first",
    "CUBE_NOT_YOURS": "the opponent owns the cube, or a double is already offered",
    "BAD_CUBE": "a cube that counts 2, 3, 4 …: GNU Backgammon's and eXtreme Gammon's codes know a cube that doubles",
    "NO_OFFER": "no double has been offered",
    "NO_BEAVER": "beavers are not played under these rules",
    # the package's data
    "NEEDS_DATA": "a data file of the package is not loaded yet (the site's engine weights): the host puts the file"
                  " params.path names (a path inside site-packages, served beside the wheel) in place and asks again",
}


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


class DataNotLoaded(NardyError):
    """A data file of the package (a network's weights) that the site's wheel holds only a stand-in of: ``params["path"]`` is
    its path inside site-packages, where the host puts it before asking again (``site/static/js/worker.js``)."""

    default_code = "NEEDS_DATA"

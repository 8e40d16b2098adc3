"""nardy_core: the rules of long nardy (длинные нарды) and short nardy (backgammon), pure Python, no I/O.

The game is a value (:class:`Game`) carried by every position; the rules we teach are documented in the
project's ``docs/rules-long.md`` and ``docs/rules-short.md``. Main entry points:

>>> from nardy_core import Position, Roll, legal_turns, format_play
>>> [format_play(play) for _, play in legal_turns(Position.start(), Roll(6, 5), first_turn=True)]
['24/18 18/13']
>>> short = Position.start(Game.SHORT)
>>> len(legal_turns(short, Roll(3, 1)))
16

``nardy_core.api`` is the JSON facade the browser and ``python -m nardy_core`` use.
"""

#: the version of nardy_core (the ``ping`` request answers it too)
__version__ = "0.2.0"

from .board import board_model
from .cube import Cube
from .dice import Roll
from .errors import DiceError, GameError, InputError, NardyError, PlayError, PositionError, RulesError
from .flow import GameState, Match, Record, start, start_match
from .games import BAR, CHECKERS, HOME, OFF, POINTS, Game
from .interactive import PlayVerdict, StepVerdict, TurnInProgress, check_play
from .movegen import TurnSearch, legal_turns
from .moves import Step, format_play, parse_play
from .net import register_shipped_networks as _registered  # noqa: F401  (imported for its effect: nardy_core.net)
from .position import Position
from .reasons import Reason, ReasonCode, codes_for
from .rules import LongRules, Rules, ShortRules, default_rules, rules_from_dict
from .scoring import Result, score
from .sides import Side

__all__ = [
    "BAR",
    "CHECKERS",
    "HOME",
    "OFF",
    "POINTS",
    "Cube",
    "DiceError",
    "Game",
    "GameError",
    "GameState",
    "InputError",
    "LongRules",
    "Match",
    "NardyError",
    "PlayError",
    "PlayVerdict",
    "Position",
    "PositionError",
    "Reason",
    "ReasonCode",
    "Record",
    "Result",
    "Roll",
    "Rules",
    "RulesError",
    "ShortRules",
    "Side",
    "Step",
    "StepVerdict",
    "TurnInProgress",
    "TurnSearch",
    "__version__",
    "board_model",
    "check_play",
    "codes_for",
    "default_rules",
    "format_play",
    "legal_turns",
    "parse_play",
    "rules_from_dict",
    "score",
    "start",
    "start_match",
]

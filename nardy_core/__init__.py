"""nardy_core: the rules of long nardy (длинные нарды), pure Python, no dependencies, no I/O.

The specification is ``RULES.md`` (shared with the project). Main entry points:

>>> from nardy_core import parse_position, Roll, legal_turns, format_play
>>> [format_play(play) for _, play in legal_turns(parse_position("w/24:15/24:15"), Roll(6, 5), first_turn=True)]
['24/18 18/13']
"""

from .dice import DiceError, Roll
from .interactive import PlayVerdict, StepVerdict, TurnInProgress, check_play
from .movegen import TurnSearch, legal_turns
from .moves import OFF, PlayError, Step, format_play, parse_play
from .notation import format_position
from .notation import parse as parse_position
from .position import Position, PositionError
from .reasons import Reason
from .rules import Rules, RulesError
from .sides import Side, to_absolute, to_own

__version__ = "0.1.0"

__all__ = [
    "DiceError", "OFF", "PlayError", "PlayVerdict", "Position", "PositionError", "Reason", "Roll", "Rules",
    "RulesError", "Side", "Step", "StepVerdict", "TurnInProgress", "TurnSearch", "check_play", "format_play",
    "format_position", "legal_turns", "parse_play", "parse_position", "to_absolute", "to_own", "__version__",
]

"""The rules options as the board editor offers them: one select per option of each game, read from
``nardy_core.rules`` (their one home), with the catalog keys of their labels (``editor.toml``).

>>> [control.name for control in rules_controls(Game.SHORT)][:3]
['home_hit_and_run', 'koks', 'start']
>>> rules_controls(Game.LONG)[0].values[:2]
(('"official"', 'editor.value.start.official'), ('"reroll"', 'editor.value.start.reroll'))
>>> value_key("cube", False), value_key("home_mars", 3)
('editor.value.cube.false', 'editor.value.home_mars.3')
"""

from __future__ import annotations

import json
from typing import NamedTuple

from nardy_core import Game
from nardy_core.rules import LongRules, rules_class
from nardy_core.setups import SETUP_PROBLEMS


class RuleControl(NamedTuple):
    """One option: its name, the catalog key of its label, and each value as JSON text with its key
    (the default first, as ``nardy_core.rules`` lists them)."""

    name: str
    label: str
    values: tuple[tuple[str, str], ...]


def value_key(name: str, value: object) -> str:
    """The catalog key of one value of an option (``true``/``false`` for yes/no, digits for numbers)."""
    text = json.dumps(value) if isinstance(value, bool) else str(value)
    return f"editor.value.{name}.{text}"


def rules_controls(game: Game) -> list[RuleControl]:
    """The selects of ``game``'s options, in the order the rules define them: those with a choice (an option a
    game fixes, as тавла fixes the cube's, is no select)."""
    return [
        RuleControl(name, f"editor.option.{name}", tuple((json.dumps(v), value_key(name, v)) for v in values))
        for name, values in rules_class(game).OPTIONS.items() if len(values) > 1
    ]


#: the block rule's values under which a six-block can be forbidden, each with its sentence
#: (editor.problem.SIX_BLOCK_<value>; setups.Problem.to_json names it)
BLOCK_RULES = tuple(value for value in LongRules.OPTIONS["block"] if value != "none")


def editor_keys() -> list[str]:
    """Every catalog key the editor builds from a name: option labels and values, problem sentences."""
    keys = {key for game in Game for control in rules_controls(game) for key in (control.label, *(k for _, k in control.values))}
    keys |= {f"editor.problem.{code}" for code in SETUP_PROBLEMS if code != "SIX_BLOCK"}
    keys |= {f"editor.problem.SIX_BLOCK_{rule}" for rule in BLOCK_RULES}
    return sorted(keys)

"""Rules options: every flag of RULES.md §1.16, defaults first.

>>> Rules().head_first
'list'
>>> Rules.from_dict({"block_timing": "end"}).block_timing
'end'
>>> Rules.from_dict({"head33_sequential": True}).head33_split   # alias used in rules-cases.json
'sequential'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

#: option name -> allowed values, default first.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "start": ("official", "reroll", "choice"),
    "head_first": ("list", "needed", "any_double", "az", "none"),
    "head33_split": ("free", "sequential"),
    "block": ("ahead", "home", "forbid", "none"),
    "block_timing": ("step", "end"),
    "koks": ("off", "koks_home", "koks_quarter"),
    "home_mars": (2, 3),
    "draw_last_roll": (False, True),
    "next_game_starter": ("opening_roll", "previous_winner", "alternate"),
    "cube": (False, True),
}

#: first-turn doubles that let a second checker leave the head, per ``head_first`` value.
HEAD_EXCEPTION_DOUBLES: dict[str, frozenset[int]] = {
    "list": frozenset({6, 4, 3}),
    "az": frozenset({6, 4}),
    "any_double": frozenset(range(1, 7)),
    "none": frozenset(),
    "needed": frozenset(),
}


class RulesError(ValueError):
    """An unknown option or value; ``code`` is ``BAD_RULES``."""

    code = "BAD_RULES"


@dataclass(frozen=True)
class Rules:
    """A rule set. Immutable; build variants with :meth:`from_dict` or :func:`dataclasses.replace`."""

    start: str = "official"
    head_first: str = "list"
    head33_split: str = "free"
    block: str = "ahead"
    block_timing: str = "step"
    koks: str = "off"
    home_mars: int = 2
    draw_last_roll: bool = False
    next_game_starter: str = "opening_roll"
    cube: bool = False

    def __post_init__(self) -> None:
        for option in fields(self):
            value = getattr(self, option.name)
            allowed = OPTION_VALUES[option.name]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RulesError(
                    f"rules option {option.name!r} cannot be {value!r}: "
                    f"expected one of {', '.join(repr(v) for v in allowed)}"
                )

    @classmethod
    def from_dict(cls, options: Mapping[str, Any] | None) -> "Rules":
        """Build from JSON-style options; accepts the spellings used in RULES.md and rules-cases.json.

        Accepted aliases: ``head33_sequential: true``, ``koks: null/false``, ``home_mars: "off"``,
        ``draw_last_roll: "on"/"off"``, ``next_game_starter: "winner"``.

        >>> Rules.from_dict({"home_mars": "off", "koks": "koks_quarter"}).home_mars
        2
        >>> Rules.from_dict({"colour": "red"})
        Traceback (most recent call last):
        ...
        nardy_core.rules.RulesError: unknown rules option 'colour'; known options: start, head_first, head33_split, block, block_timing, koks, home_mars, draw_last_roll, next_game_starter, cube
        """
        if options is None:
            return cls()
        if not isinstance(options, Mapping):
            raise RulesError("rules must be an object of option: value")
        values: dict[str, Any] = {}
        for name, value in options.items():
            name, value = _normalise(str(name), value)
            if name not in OPTION_VALUES:
                raise RulesError(f"unknown rules option {name!r}; known options: {', '.join(OPTION_VALUES)}")
            values[name] = value
        return cls(**values)

    def to_dict(self, *, only_changed: bool = True) -> dict[str, Any]:
        """The options as JSON values (by default only those that differ from the defaults)."""
        default = Rules()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if not only_changed or getattr(self, f.name) != getattr(default, f.name)
        }

    def with_options(self, **changes: Any) -> "Rules":
        """A copy with some options changed (validated)."""
        return replace(self, **changes)


def _normalise(name: str, value: Any) -> tuple[str, Any]:
    if name == "head33_sequential":
        return "head33_split", "sequential" if value else "free"
    if name == "koks" and value in (None, False, "none"):
        return name, "off"
    if name == "home_mars" and (value is None or isinstance(value, (str, bool))):
        return name, {"off": 2, "2": 2, "3": 3, "on": 3, True: 3, False: 2, None: 2}.get(value, value)
    if name in ("draw_last_roll", "cube") and (value is None or isinstance(value, str)):
        return name, {"on": True, "true": True, "off": False, "false": False, None: False}.get(value, value)
    if name == "next_game_starter":
        aliases = {"winner": "previous_winner", "alternate_colours": "alternate", "new": "opening_roll"}
        return name, aliases.get(value, value)
    return name, value

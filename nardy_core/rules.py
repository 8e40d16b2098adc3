"""Rules options: a frozen, typed value per game, with the defaults of RULES.md §1.16 and SHORT-RULES.md.

>>> LongRules().head_first
'list'
>>> rules_from_dict({"block_timing": "end"}).block_timing
'end'
>>> rules_from_dict({"head33_sequential": True}).head33_split   # alias used in the worked cases
'sequential'
>>> rules_from_dict({"koks": 2}, Game.SHORT)
ShortRules(koks=2)
>>> rules_from_dict({"colour": "red"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nardy_core.errors.RulesError: unknown rules option 'colour' for long nardy; known options: start, head_first, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Literal, Self, assert_never

from .errors import RulesError, shown
from .games import DEFAULT_GAME, Game

MAX_OPTIONS = 32  #: a rules object with more entries than this is refused unread

#: the doubling-cube options (SHORT-RULES.md S7), the same in both games; default first
CUBE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "cube": (False, True),
    "cube_mars": (True, False),
    "jacoby": (False, True),
    "beaver": (False, True),
    "auto_doubles": (0, 1, 2, 3),
    "cube_scale": ("geometric", "arithmetic"),
    "crawford": (True, False),
}

#: first-turn doubles that let a second checker leave the head, per ``head_first`` value (RULES.md R10)
HEAD_EXCEPTION_DOUBLES: dict[str, frozenset[int]] = {
    "list": frozenset({6, 4, 3}),
    "az": frozenset({6, 4}),
    "any_double": frozenset(range(1, 7)),
    "none": frozenset(),
    "needed": frozenset(),
}


def _allowed(value: object, values: tuple[Any, ...]) -> bool:
    return any(value == v and type(value) is type(v) for v in values)


def check_option_values(options: Any, allowed: Mapping[str, tuple[Any, ...]], where: str = "") -> None:
    """Refuse the first field of the frozen dataclass ``options`` whose value is none of ``allowed[field]``
    (``where``: the game, for the message)."""
    for option in fields(options):
        value = getattr(options, option.name)
        values = allowed[option.name]
        if not _allowed(value, values):
            raise RulesError(
                f"rules option {option.name!r} cannot be {shown(value)}{where}: "
                f"expected one of {', '.join(repr(v) for v in values)}"
            )


@dataclass(frozen=True)
class CubeRules:
    """The doubling-cube options shared by both games (only in force with ``cube=True``)."""

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = CUBE_OPTIONS
    game: ClassVar[Game]

    cube: bool = False
    cube_mars: bool = True
    jacoby: bool = False
    beaver: bool = False
    auto_doubles: int = 0  #: 0 = off; else how many times equal opening dice may double the stakes
    cube_scale: Literal["geometric", "arithmetic"] = "geometric"
    crawford: bool = True

    def __post_init__(self) -> None:
        check_option_values(self, self.OPTIONS, f" in {self.game.value}" + ("" if self.game.spec.variant else " nardy"))

    def to_dict(self, *, only_changed: bool = True) -> dict[str, Any]:
        """The options as JSON values (by default only those that differ from the defaults)."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if not only_changed or getattr(self, f.name) != getattr(default, f.name)
        }

    def start_points(self) -> dict[int, int]:
        """Own point -> checkers of one side at the start of a game under these rules: the game's start
        (:meth:`nardy_core.games.Game.start_points`) unless an option moves it (американка's corner setup)."""
        return self.game.start_points()

    def with_options(self, **changes: Any) -> Self:
        """A copy with some options changed (validated)."""
        return replace(self, **changes)

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items())
        return f"{type(self).__name__}({changed})"


@dataclass(frozen=True, repr=False)
class LongRules(CubeRules):
    """Long nardy: every flag of RULES.md §1.16, defaults first."""

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "start": ("official", "reroll", "choice"),
        "head_first": ("list", "needed", "any_double", "az", "none"),
        "head33_split": ("free", "sequential"),
        "block": ("ahead", "home", "forbid", "none"),
        "block_timing": ("step", "end"),
        "koks": ("off", "koks_home", "koks_quarter"),
        "home_mars": (2, 3),
        "draw_last_roll": (False, True),
        "next_game_starter": ("opening_roll", "previous_winner", "alternate"),
        **CUBE_OPTIONS,
    }
    game: ClassVar[Game] = Game.LONG

    start: Literal["official", "reroll", "choice"] = "official"
    head_first: Literal["list", "needed", "any_double", "az", "none"] = "list"
    head33_split: Literal["free", "sequential"] = "free"
    block: Literal["ahead", "home", "forbid", "none"] = "ahead"
    block_timing: Literal["step", "end"] = "step"
    koks: Literal["off", "koks_home", "koks_quarter"] = "off"
    home_mars: Literal[2, 3] = 2
    draw_last_roll: bool = False
    next_game_starter: Literal["opening_roll", "previous_winner", "alternate"] = "opening_roll"

    @property
    def plays_opening_numbers(self) -> bool:
        """The first mover plays the opening throw's numbers (``start=official``, ``choice``), not a roll of his own."""
        return self.start in ("official", "choice")

    @property
    def opening_may_be_declined(self) -> bool:
        """``start=choice``: the first mover may re-roll instead of playing the opening numbers."""
        return self.start == "choice"

    @property
    def head_rule_applies(self) -> bool:
        """R10's head rule limits the checkers that leave the head (февга has a rule of its own instead)."""
        return True

    @property
    def block_rule(self) -> str:
        """The six-block rule in force (``block``; ``none`` where a game has none: февга)."""
        return self.block


@dataclass(frozen=True, repr=False)
class ShortRules(CubeRules):
    """Short nardy (backgammon): the options of SHORT-RULES.md S2.3, S6.1 and S7, defaults first, and the
    opening of тавла (VARIANTS.md V6: ``start=reroll``, the winner of the one-die throw rolls both dice again)."""

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "home_hit_and_run": ("allowed", "forbidden"),
        "koks": (3, 2, "off"),
        "start": ("official", "reroll"),
        **CUBE_OPTIONS,
    }
    game: ClassVar[Game] = Game.SHORT

    home_hit_and_run: Literal["allowed", "forbidden"] = "allowed"
    koks: Literal[3, 2, "off"] = 3
    start: Literal["official", "reroll"] = "official"

    @property
    def plays_opening_numbers(self) -> bool:
        """The first mover plays the opening throw's numbers (SHORT-RULES.md S1.3), unless he rolls again
        (``start=reroll``: his first roll may then be a double)."""
        return self.start == "official"

    @property
    def opening_may_be_declined(self) -> bool:
        """Never: the opening numbers are played."""
        return False


@dataclass(frozen=True)
class CascadeOptions:
    """The options of a game with cascading doubles and hand-offs (VARIANTS.md V1.5), defaults first: the
    external Gul Bara's. бешеные нарды are ``cascade_from="always", handoff="all"`` (V2.5). :class:`GulbaraRules`
    carries them beside long nardy's; :mod:`nardy_core.parts` reads only these."""

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "cascade_from": ("game_roll_4", "player_roll_4", "always", "off"),
        "handoff": ("cascade", "all", "off"),
        "cascade_max": ("stage", "whole"),
        "handoff_order": ("stages", "free"),
        "head_rule": ("on", "off"),
    }

    cascade_from: Literal["game_roll_4", "player_roll_4", "always", "off"] = "game_roll_4"  #: from which roll a double cascades (V1.3.2)
    handoff: Literal["cascade", "all", "off"] = "cascade"  #: which unplayed dice go to the opponent (V1.4.1)
    cascade_max: Literal["stage", "whole"] = "stage"  #: maximise each stage, or the dice of the whole cascade (V1.3.4)
    handoff_order: Literal["stages", "free"] = "stages"  #: the receiver plays a remainder stage by stage, or in any order
    head_rule: Literal["on", "off"] = "on"  #: R10's head rule (off: the Bulgarian game, V1.1.3)

    def __post_init__(self) -> None:
        check_option_values(self, self.OPTIONS)


@dataclass(frozen=True, repr=False)
class GulbaraRules(LongRules, CascadeOptions):
    """гюльбар (VARIANTS.md V1): long nardy's options and the cascade's, with the external game's opening
    (``start=reroll``: the winner of the one-die throw rolls again for his first move, V1.1.4). A draw by a last
    roll is refused: hand-offs leave "one more roll" undefined (V1.1.5).

    >>> GulbaraRules().start, GulbaraRules().cascade_from, CrazyRules().cascade_from, CrazyRules().handoff
    ('reroll', 'game_roll_4', 'always', 'all')
    """

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        **CascadeOptions.OPTIONS,
        **LongRules.OPTIONS,
        "start": ("reroll", "official", "choice"),
        "draw_last_roll": (False,),
    }
    game: ClassVar[Game] = Game.GULBARA

    start: Literal["official", "reroll", "choice"] = "reroll"

    @property
    def cascade_options(self) -> CascadeOptions:
        """The options :mod:`nardy_core.parts` plays a turn by."""
        return CascadeOptions(self.cascade_from, self.handoff, self.cascade_max, self.handoff_order, self.head_rule)


@dataclass(frozen=True, repr=False)
class CrazyRules(GulbaraRules):
    """бешеные нарды (VARIANTS.md V2): гюльбар where every double cascades and every die the mover cannot play
    goes to the opponent; the first mover plays the opening numbers, as in long nardy (V2.5)."""

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        **GulbaraRules.OPTIONS,
        "cascade_from": ("always", "game_roll_4", "player_roll_4", "off"),
        "handoff": ("all", "cascade", "off"),
        "start": ("official", "reroll", "choice"),
    }
    game: ClassVar[Game] = Game.CRAZY

    cascade_from: Literal["game_roll_4", "player_roll_4", "always", "off"] = "always"
    handoff: Literal["cascade", "all", "off"] = "all"
    start: Literal["official", "reroll", "choice"] = "official"


#: the doubling cube refused: each cube option allows only its default
NO_CUBE_OPTIONS: dict[str, tuple[Any, ...]] = {name: values[:1] for name, values in CUBE_OPTIONS.items()}


#: own point -> checkers of one side in американка's corner setup (VARIANTS.md V5, ``american_setup=corner``)
AMERICAN_CORNER = ((24, 5), (23, 3), (22, 5), (21, 2))


@dataclass(frozen=True, repr=False)
class AmericanRules(ShortRules):
    """американка (VARIANTS.md V5): short nardy played with the doubling cube (on by default, and optional as in
    short nardy), with the seed text's corner setup as an option (``american_setup=corner``: each side starts on
    the four points of the opponent's home nearest the edge).

    >>> AmericanRules().start_points()
    {24: 2, 13: 5, 8: 3, 6: 5}
    >>> AmericanRules(american_setup="corner").start_points()
    {24: 5, 23: 3, 22: 5, 21: 2}
    """

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "american_setup": ("standard", "corner"),
        **ShortRules.OPTIONS,
        "cube": (True, False),
    }
    game: ClassVar[Game] = Game.AMERICAN

    american_setup: Literal["standard", "corner"] = "standard"
    cube: bool = True  #: the doubling cube is "the usual American way of playing" (V5), on unless switched off

    def start_points(self) -> dict[int, int]:
        """The corner setup: 5, 3, 5 and 2 checkers on own 24, 23, 22 and 21 (V5, reading A, literally)."""
        if self.american_setup == "corner":
            return dict(AMERICAN_CORNER)
        return super().start_points()


@dataclass(frozen=True, repr=False)
class TavlaRules(ShortRules):
    """тавла (VARIANTS.md V6): short nardy where the winner of the one-die throw rolls again, a checker that hits
    in its own home may not move on, there is no koks and no cube.

    >>> TavlaRules()
    TavlaRules()
    >>> (TavlaRules().start, TavlaRules().home_hit_and_run, TavlaRules().koks)
    ('reroll', 'forbidden', 'off')
    """

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "home_hit_and_run": ("forbidden", "allowed"),
        "koks": ("off", 3, 2),
        "start": ("reroll", "official"),
        **NO_CUBE_OPTIONS,
    }
    game: ClassVar[Game] = Game.TAVLA

    home_hit_and_run: Literal["allowed", "forbidden"] = "forbidden"
    koks: Literal[3, 2, "off"] = "off"
    start: Literal["official", "reroll"] = "reroll"


@dataclass(frozen=True, repr=False)
class FevgaRules(LongRules):
    """февга (VARIANTS.md V7): long nardy's board, start and landing, with its own rules in place of the head rule
    and the six-block: the runner rule, the starting-quarter rule and unblocking (``nardy_core.stepping``). The
    opening winner rolls again; later games are started by the previous winner; no koks; the doubling cube as an
    option, as in long nardy. ``fevga_rules=long`` is Sheyn's 1995 reading: long nardy exactly, with the head
    rule's 6-6/4-4 exception (V7.6).

    >>> FevgaRules().start, FevgaRules().head_rule_applies, FevgaRules().block_rule
    ('reroll', False, 'none')
    >>> FevgaRules(fevga_rules="long").head_rule_applies, FevgaRules(fevga_rules="long").block_rule
    (True, 'ahead')
    """

    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "fevga_rules": ("fevga", "long"),
        "fevga_quarter": ("own", "both"),
        "start": ("reroll", "official", "choice"),
        "next_game_starter": ("previous_winner", "opening_roll", "alternate"),
        # long nardy's own options, at their defaults: fevga_rules=long plays long nardy with the 6-6/4-4 exception
        # of the head rule (V7.6); no koks (V7.1)
        "head_first": ("az",),
        **{name: LongRules.OPTIONS[name][:1]
           for name in ("head33_split", "block", "block_timing", "koks", "home_mars", "draw_last_roll")},
        **CUBE_OPTIONS,
    }
    game: ClassVar[Game] = Game.FEVGA

    head_first: Literal["list", "needed", "any_double", "az", "none"] = "az"
    fevga_rules: Literal["fevga", "long"] = "fevga"  #: февга's own rules, or long nardy's (V7.6)
    fevga_quarter: Literal["own", "both"] = "own"  #: the starting quarter that may not be filled: one's own, or both (V7.4)
    start: Literal["official", "reroll", "choice"] = "reroll"
    next_game_starter: Literal["opening_roll", "previous_winner", "alternate"] = "previous_winner"

    @property
    def head_rule_applies(self) -> bool:
        """Only under ``fevga_rules=long``: февга's runner rule replaces it."""
        return self.fevga_rules == "long"

    @property
    def block_rule(self) -> str:
        """Six in a row is allowed in февга (it has unblocking instead); long nardy's rule under ``fevga_rules=long``."""
        return self.block if self.fevga_rules == "long" else "none"

    @property
    def starting_quarters(self) -> tuple[range, ...]:
        """The quarters a side may never fill, in its own numbering (V7.4): its own starting quarter (19..24), and
        the opponent's (7..12) under ``fevga_quarter=both``; none under ``fevga_rules=long``.

        >>> FevgaRules(fevga_quarter="both").starting_quarters
        (range(19, 25), range(7, 13))
        """
        if self.fevga_rules == "long":
            return ()
        own, theirs = range(19, 25), range(7, 13)
        return (own, theirs) if self.fevga_quarter == "both" else (own,)


#: the rules of any game, one class per family (a variant's class extends its family's, VARIANTS.md V0.1.1):
#: what every function that takes ``rules`` accepts, and what ``match rules:`` decides a family's behaviour on
Rules = LongRules | ShortRules


def rules_class(game: Game) -> type[LongRules] | type[ShortRules]:
    """The options class of ``game``: the one entry of the games' table that needs the rules classes.

    >>> rules_class(Game.SHORT).OPTIONS["koks"]
    (3, 2, 'off')
    """
    match game:
        case Game.LONG:
            return LongRules
        case Game.SHORT:
            return ShortRules
        case Game.GULBARA:
            return GulbaraRules
        case Game.CRAZY:
            return CrazyRules
        case Game.AMERICAN:
            return AmericanRules
        case Game.TAVLA:
            return TavlaRules
        case Game.FEVGA:
            return FevgaRules
        case _:
            assert_never(game)


def default_rules(game: Game) -> Rules:
    """The default rules of ``game``."""
    return rules_class(game)()


def rules_from_dict(options: object, game: Game = DEFAULT_GAME) -> Rules:
    """Build from JSON-style options; accepts the spellings used in RULES.md and the worked cases.

    Aliases: ``head33_sequential: true``, ``koks: null/false``, ``home_mars: "off"/"on"``, ``"on"/"off"``
    for the yes/no options, ``next_game_starter: "winner"``.
    """
    cls = rules_class(game)
    if options is None:
        return cls()
    if not isinstance(options, Mapping):
        raise RulesError(f"rules must be an object of option: value, not {shown(options)}")
    if len(options) > MAX_OPTIONS:
        raise RulesError(f"rules have {len(options)} entries; there are only {len(cls.OPTIONS)} options")
    values: dict[str, Any] = {}
    for raw_name, raw_value in options.items():
        if not isinstance(raw_name, str):
            raise RulesError(f"a rules option name must be text, not {shown(raw_name)}")
        name, value = _normalise(raw_name, raw_value, cls.OPTIONS)
        if name not in cls.OPTIONS:
            raise RulesError(
                f"unknown rules option {shown(name)} for {game.value} nardy; known options: {', '.join(cls.OPTIONS)}"
            )
        values[name] = value
    return cls(**values)


_YES_NO = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


def _normalise(name: str, value: Any, options: Mapping[str, tuple[Any, ...]]) -> tuple[str, Any]:
    if name == "head33_sequential" and "head33_split" in options and isinstance(value, bool):
        return "head33_split", "sequential" if value else "free"
    allowed = options.get(name, ())
    if name == "koks" and value in (None, False) and "off" in allowed:
        return name, "off"
    if name == "home_mars" and isinstance(value, str) and value in ("off", "on", "2", "3"):
        return name, {"off": 2, "on": 3, "2": 2, "3": 3}[value]
    if allowed and isinstance(allowed[0], bool) and isinstance(value, str) and value.lower() in _YES_NO:
        return name, _YES_NO[value.lower()]
    if name == "next_game_starter" and isinstance(value, str):
        aliases = {"winner": "previous_winner", "alternate_colours": "alternate", "new": "opening_roll"}
        return name, aliases.get(value, value)
    return name, value

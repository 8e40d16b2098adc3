"""The board model: what is on the board, in absolute points, in the one JSON shape every drawer reads.

The build-time SVG (``builder/board_svg.py``) and the live board (``site/static/js/board/``) draw this
model and nothing else; the worker's answers carry it. Points are absolute (White-numbered); the bar and
the borne-off trays are per side; dice are listed one entry per use (a double shows four). What differs
between the games' boards comes as data, so a drawer never asks which game it is: ``has_bar`` (the board
has a bar to hold hit checkers) and ``captions`` (what the captions name: ``home``, ``head``).

>>> from nardy_core.dice import Roll
>>> model = board_model(Position.start(), Roll(6, 6), dice_left=(6, 6, 6))
>>> model["points"]["24"], model["dice"][0], model["dice"][1], len(model["dice"])
({'side': 'white', 'count': 15}, {'value': 6, 'used': True}, {'value': 6, 'used': False}, 4)
>>> board_model(Position.start())["to_move"], board_model(Position.start())["game"]
('white', 'long')
>>> short = board_model(Position.start(Game.SHORT))
>>> short["has_bar"], short["captions"]
(True, ['home'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cube import Cube
from .dice import Throw
from .games import BAR, CHECKERS, POINTS, Game
from .notation import Counts
from .position import Position
from .sides import Side

if TYPE_CHECKING:  # the shapes import nothing back at run time
    from .answer_types import BoardModel, DieUse, Occupant


def dice_uses(roll: Throw | None, dice_left: Sequence[int] | None = None) -> list[DieUse]:
    """One ``{value, used}`` per use of the roll; the dice not in ``dice_left`` count as used.

    >>> from nardy_core.dice import Roll
    >>> dice_uses(Roll(6, 5), [5])
    [{'value': 6, 'used': True}, {'value': 5, 'used': False}]
    """
    if roll is None:
        return []
    spent = list(roll.steps)
    for value in roll.steps if dice_left is None else dice_left:
        if value in spent:
            spent.remove(value)
    uses: list[DieUse] = []
    for value in roll.steps:  # the dice played are the first ones shown
        used = value in spent
        if used:
            spent.remove(value)
        uses.append({"value": value, "used": used})
    return uses


def board_model(
    position: Position,
    roll: Throw | None = None,
    dice_left: Sequence[int] | None = None,
    *,
    cube: Cube | None = None,
    show_to_move: bool = True,
) -> BoardModel:
    """The board model of ``position`` with the roll being played (``dice_left`` unused) and the cube."""
    return counts_model(
        position.game, position.white, position.black, position.to_move if show_to_move else None,
        dice_uses(roll, dice_left), cube,
    )


def counts_model(
    game: Game, white: Counts, black: Counts, to_move: Side | None, dice: list[DieUse], cube: Cube | None = None
) -> BoardModel:
    """The board model of checkers per own point (index 25 the bar), which need not make a position yet.

    The board editor draws what is being set up before it is valid: a side with 16 checkers shows them
    all, with an empty tray (never a negative one).

    >>> counts = (0,) * 24 + (16, 0)
    >>> model = counts_model(Game.LONG, counts, (0,) * 26, Side.WHITE, [])
    >>> model["points"], model["off"], model["pips"]
    ({'24': {'side': 'white', 'count': 16}}, {'white': 0, 'black': 15}, {'white': 384, 'black': 0})
    """
    counts = {Side.WHITE: white, Side.BLACK: black}
    points: dict[int, Occupant] = {}
    for side in Side:
        for own in range(1, POINTS + 1):
            if counts[side][own]:
                points[game.absolute(side, own)] = {"side": side.value, "count": counts[side][own]}
    return {
        "game": game.value,
        "has_bar": game.has_bar,
        "captions": list(game.caption_kinds),
        "points": {str(absolute): points[absolute] for absolute in sorted(points)},
        "bar": {side.value: counts[side][BAR] for side in Side},
        "off": {side.value: max(0, CHECKERS - sum(counts[side])) for side in Side},
        "to_move": None if to_move is None else to_move.value,
        "dice": dice,
        "pips": {side.value: sum(point * n for point, n in enumerate(counts[side])) for side in Side},
        "cube": None if cube is None else cube.to_json(),
    }

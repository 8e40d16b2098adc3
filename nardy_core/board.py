"""The board model: what is on the board, in absolute points, in the one JSON shape every drawer reads.

The build-time SVG (``builder/board_svg.py``) and the live board (``site/static/js/board/``) draw this
model and nothing else; the worker's answers carry it. Points are absolute (White-numbered); the bar and
the borne-off trays are per side; dice are listed one entry per use (a double shows four).

>>> model = board_model(Position.start(), Roll(6, 6), dice_left=(6, 6, 6))
>>> model["points"]["24"], model["dice"][0], model["dice"][1], len(model["dice"])
({'side': 'white', 'count': 15}, {'value': 6, 'used': True}, {'value': 6, 'used': False}, 4)
>>> board_model(Position.start())["to_move"], board_model(Position.start())["game"]
('white', 'long')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cube import Cube
from .dice import Roll
from .position import Position
from .sides import Side

BoardJson = dict[str, Any]


def dice_uses(roll: Roll | None, dice_left: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """One ``{value, used}`` per use of the roll; the dice not in ``dice_left`` count as used.

    >>> dice_uses(Roll(6, 5), [5])
    [{'value': 6, 'used': True}, {'value': 5, 'used': False}]
    """
    if roll is None:
        return []
    spent = list(roll.steps)
    for value in roll.steps if dice_left is None else dice_left:
        if value in spent:
            spent.remove(value)
    uses = []
    for value in roll.steps:  # the dice played are the first ones shown
        used = value in spent
        if used:
            spent.remove(value)
        uses.append({"value": value, "used": used})
    return uses


def board_model(
    position: Position,
    roll: Roll | None = None,
    dice_left: Sequence[int] | None = None,
    *,
    cube: Cube | None = None,
    show_to_move: bool = True,
) -> BoardJson:
    """The board model of ``position`` with the roll being played (``dice_left`` unused) and the cube."""
    return {
        "game": position.game.value,
        "points": {
            str(absolute): {"side": side.value, "count": count} for absolute, (side, count) in position.board().items()
        },
        "bar": {side.value: position.bar(side) for side in Side},
        "off": {side.value: position.borne_off(side) for side in Side},
        "to_move": position.to_move.value if show_to_move else None,
        "dice": dice_uses(roll, dice_left),
        "pips": {side.value: position.pips(side) for side in Side},
        "cube": None if cube is None else cube.to_json(),
    }

"""Where everything on the board is drawn: the one place these numbers live (viewBox units).

Layout (RULES.md R2.5, SHORT-RULES.md S1.1), for the side at the bottom (the *perspective*): own points
1→12 run right to left along the bottom edge, 13→24 left to right along the top, so own 24 is the top
right and the home 1–6 the bottom right. Both games and both perspectives share this layout of *own*
numbers; only the absolute point behind each slot changes, and that comes from nardy_core's numbering.
``flipped`` mirrors the board left-right (both sides then move clockwise, an equivalent board).

The 24 *slots* are numbered 0..11 along the top row (left to right) and 12..23 along the bottom row (left
to right). :func:`geometry_json` is what the page's JavaScript reads (from the sprite, once per page): it
never computes a position or a number itself.

>>> GEOMETRY.label_at("bottom", 11, flipped=False), GEOMETRY.label_at("top", 11, flipped=False)
(1, 24)
>>> slot_points(Game.SHORT, Side.BLACK, flipped=False)[11]      # top right: Black's own 24 is White's 1
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from nardy_core import Game, Side
from nardy_core.games import HEAD

Row = Literal["top", "bottom"]
ROWS: tuple[Row, Row] = ("top", "bottom")
MAX_DICE = 4
CHECKERS_PER_SIDE = 15
# Die pip positions (fractions of the die size) and which of them each face shows.
PIP_POSITIONS = ((0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.5, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73))
DIE_FACES = {1: (3,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 1, 5, 6), 5: (0, 1, 3, 5, 6), 6: (0, 1, 2, 4, 5, 6)}


@dataclass(frozen=True)
class BoardGeometry:
    """Every length of the board, in viewBox units."""

    point_width: int = 60
    frame: int = 16
    bar_width: int = 60
    tray_width: int = 64
    player_bar: int = 60
    label_strip: int = 44
    row_height: int = 300
    band_height: int = 84  # between the rows: captions, mark badges, tray counts, dice
    band_text_inset: int = 23  # from a band edge to the centre line of its text
    triangle_height: int = 258
    checker_radius: int = 28
    checker_ring_radius: int = 18
    checker_pitch: int = 60
    max_visible: int = 5
    bar_pitch: int = 58
    bar_visible: int = 4
    die_size: int = 52
    die_gap: int = 10
    cube_size: int = 50
    slab_width: int = 48
    slab_height: int = 15
    slab_pitch: int = 19
    badge_radius: int = 17
    destination_radius: int = 25
    label_font: int = 27
    caption_font: int = 23
    count_font: int = 28
    player_font: int = 28

    @property
    def bar_left(self) -> int:
        return self.frame + 6 * self.point_width

    @property
    def bar_center(self) -> int:
        return self.bar_left + self.bar_width // 2

    @property
    def field_right(self) -> int:
        return self.bar_left + self.bar_width + 6 * self.point_width

    @property
    def tray_left(self) -> int:
        return self.field_right + self.frame

    @property
    def tray_center(self) -> int:
        return self.tray_left + self.tray_width // 2

    @property
    def width(self) -> int:
        return self.tray_left + self.tray_width + self.frame

    @property
    def top_row_top(self) -> int:
        return self.player_bar + self.label_strip

    @property
    def band_top(self) -> int:
        return self.top_row_top + self.row_height

    @property
    def band_middle(self) -> int:
        return self.band_top + self.band_height // 2

    @property
    def bottom_row_top(self) -> int:
        return self.band_top + self.band_height

    @property
    def height(self) -> int:
        return self.bottom_row_top + self.row_height + self.label_strip + self.player_bar

    def column_left(self, col: int) -> int:
        """Left edge of visual column ``col`` (0 = leftmost, 11 = rightmost); the bar sits after column 5."""
        return self.frame + col * self.point_width + (self.bar_width if col >= 6 else 0)

    def row_top(self, row: Row) -> int:
        return self.top_row_top if row == "top" else self.bottom_row_top

    def band_line(self, row: Row) -> int:
        """Centre line of band text that belongs to ``row`` (the half of the band next to it)."""
        return self.band_top + self.band_text_inset if row == "top" else self.bottom_row_top - self.band_text_inset

    @staticmethod
    def label_at(row: Row, col: int, flipped: bool) -> int:
        """Own number shown in slot (row, col): 1→12 right to left at the bottom, 13→24 left to right on top."""
        if row == "bottom":
            return col + 1 if flipped else 12 - col
        return 24 - col if flipped else 13 + col

    def slot(self, index: int) -> dict[str, Any]:
        """Slot ``index`` (0..11 top row, 12..23 bottom row): where its column is and how its stack grows."""
        row: Row = "top" if index < 12 else "bottom"
        col = index % 12
        left, top = self.column_left(col), self.row_top(row)
        direction = 1 if row == "top" else -1  # stacks grow from the board edge towards the middle
        edge = top if row == "top" else top + self.row_height
        return {
            "row": row, "col": col, "left": left, "top": top, "x": left + self.point_width // 2,
            "y": edge + direction * self.checker_pitch // 2, "dir": direction,
            "label_y": top - self.label_strip // 2 if row == "top" else top + self.row_height + self.label_strip // 2,
            "badge_y": self.band_top + self.badge_radius + 4 if row == "top" else self.bottom_row_top - self.badge_radius - 4,
        }

    def tray(self, row: Row) -> dict[str, Any]:
        """The borne-off tray next to ``row``: its box and how its slabs stack."""
        top = self.row_top(row)
        inset = 6 + self.slab_height // 2
        base, direction = (top + inset, 1) if row == "top" else (top + self.row_height - inset, -1)
        hit_top = top if row == "top" else self.band_middle  # the tray's row and its half of the band
        return {"x": self.tray_center, "y": base, "dir": direction, "top": top, "count_y": self.band_line(row),
                "left": self.tray_left, "hit_top": hit_top}

    def bar(self, row: Row) -> dict[str, Any]:
        """Checkers on the bar (short nardy) of the side sitting at ``row``: stacked from the board's edge
        towards the middle, clear of the dice (four of them reach 119 units either side of the middle)."""
        if row == "top":
            return {"x": self.bar_center, "y": self.top_row_top + self.checker_pitch // 2, "dir": 1, "top": self.top_row_top,
                    "left": self.bar_left, "hit_top": self.top_row_top}
        return {"x": self.bar_center, "y": self.bottom_row_top + self.row_height - self.checker_pitch // 2, "dir": -1,
                "top": self.band_middle, "left": self.bar_left, "hit_top": self.band_middle}

    def dice_slots(self) -> dict[str, list[list[int]]]:
        """Top-left corners of 1–4 dice stacked on the bar around the middle of the board."""
        x = self.bar_left + (self.bar_width - self.die_size) // 2
        pitch = self.die_size + self.die_gap
        return {str(n): [[x, self.band_middle - (n * pitch - self.die_gap) // 2 + i * pitch] for i in range(n)]
                for n in range(1, MAX_DICE + 1)}

    def cube_slots(self) -> dict[str, list[int]]:
        """Top-left corner of the doubling cube: in the middle of the tray column, or at its owner's tray."""
        x = self.tray_center - self.cube_size // 2
        return {
            "middle": [x, self.band_middle - self.cube_size // 2],
            "top": [x, self.top_row_top + self.row_height - self.cube_size - 8],
            "bottom": [x, self.bottom_row_top + 8],
        }


GEOMETRY = BoardGeometry()


def slot_labels(flipped: bool) -> list[int]:
    """The own number each slot shows (the same for both perspectives and games)."""
    return [GEOMETRY.label_at("top" if i < 12 else "bottom", i % 12, flipped) for i in range(24)]


def slot_points(game: Game, perspective: Side, flipped: bool) -> list[int]:
    """The absolute point behind each slot when ``perspective`` sits at the bottom."""
    return [game.absolute(perspective, label) for label in slot_labels(flipped)]


def geometry_json() -> dict[str, Any]:
    """Everything the page's board code reads about the layout (rendered once per page, in the sprite).

    The slots are given as one list per field (``slots.x[i]`` is slot i's centre), which keeps every page
    small; ``board/geometry.js`` turns them back into one object per slot.
    """
    g = GEOMETRY
    slots = [g.slot(i) for i in range(24)]
    return {
        "slots": {key: [slot[key] for slot in slots] for key in slots[0]},
        "labels": {"normal": slot_labels(False), "mirrored": slot_labels(True)},
        "points": {
            game.value: {side.value: {"normal": slot_points(game, side, False), "mirrored": slot_points(game, side, True)}
                         for side in Side}
            for game in Game
        },
        "pitch": g.checker_pitch, "max_visible": g.max_visible, "slab_pitch": g.slab_pitch,
        "bar_pitch": g.bar_pitch, "bar_visible": g.bar_visible,
        "trays": {row: g.tray(row) for row in ROWS},
        "bar": {row: g.bar(row) for row in ROWS},
        "dice": g.dice_slots(), "faces": {str(v): list(f) for v, f in DIE_FACES.items()},
        "cube": g.cube_slots(), "die_size": g.die_size, "cube_size": g.cube_size,
        "point_width": g.point_width, "row_height": g.row_height, "badge_radius": g.badge_radius,
        "captions": {game.value: caption_places(game) for game in Game}, "players": player_places(), "size": [g.width, g.height],
    }


def player_places() -> dict[str, Any]:
    """The two player bars (name, pips, status) above and below the board: where each part sits."""
    g = GEOMETRY
    rows = {row: {"top": top, "middle": top + g.player_bar // 2} for row, top in (("top", 0), ("bottom", g.height - g.player_bar))}
    return {**rows, "icon_x": 34, "icon_scale": 0.6, "text_x": 62, "status_x": g.width - 22}


def caption_places(game: Game) -> list[dict[str, Any]]:
    """The faint "White's home / head" captions of ``game``'s board in the band, next to what they name, in both
    mirrorings.

    (what, whose: the side at the bottom or at the top, row it sits next to, x and anchor normal/mirrored.)
    The bottom side's home 1–6 is bottom right and its head 24 top right. Where the top side's are follows
    the game's numbering: in long nardy its home (the bottom side's 13–18) is top left and its head (the
    bottom side's 12) bottom left; in short nardy its home (the bottom side's 24–19) is top right. The head
    captions belong to long nardy only.

    >>> def homes(game): return [(p["owner"], p["y"] < GEOMETRY.band_middle, p["normal"][0] > GEOMETRY.width // 2)
    ...                          for p in caption_places(game) if p["what"] == "home"]  # (whose, above, right)
    >>> homes(Game.SHORT), homes(Game.LONG)
    ([('bottom', False, True), ('top', True, True)], [('bottom', False, True), ('top', True, False)])
    """
    g = GEOMETRY
    half = 6 * g.point_width
    home_x = {"left": (g.frame + half // 2, "middle"), "right": (g.field_right - half // 2, "middle")}
    head_x = {"left": (g.frame + 8, "start"), "right": (g.field_right - 8, "end")}
    labels = slot_labels(False)
    places = []
    for what, owner in (("home", "bottom"), ("head", "bottom"), ("home", "top"), ("head", "top")):
        own = 1 if what == "home" else HEAD
        # the number the bottom side's labels give the point: its own, or the top side's own point renamed
        label = own if owner == "bottom" else game.own(Side.WHITE, game.absolute(Side.BLACK, own))
        slot = labels.index(label)
        row: Row = "top" if slot < 12 else "bottom"
        normal = "left" if slot % 12 < 6 else "right"
        mirrored = "left" if normal == "right" else "right"
        spots = home_x if what == "home" else head_x
        places.append({"what": what, "owner": owner, "y": g.band_line(row),
                       "normal": list(spots[normal]), "mirrored": list(spots[mirrored])})
    return places

"""The board as inline SVG, rendered once at build time; static/js/board-view.js updates it in place.

Contract with board-view.js (the JS holds no geometry, colours or glyphs of its own):
- every number the JS needs to lay out checkers, slabs, dice and marks is a data attribute here;
- every shape the JS adds (checkers, count labels, tray slabs, mark overlays, outlines, badges,
  destination rings) is cloned from a `<defs>` template drawn at the origin (`data-template="…"`);
- the 24 point `<g class="nb-point">` never move: each sits in a fixed visual slot (`data-row`, `data-col`)
  and the JS only re-labels it (`data-label-normal` / `data-label-mirrored`, `data-point`).

Layout (RULES R2.5), for the side at the bottom (the model's `perspective`): own points 1→12 run right to
left along the bottom edge, 13→24 left to right along the top, so own 24 (the head) is the top-right corner
and the home 1–6 the bottom-right quarter. Both perspectives share this layout of *own* numbers; only the
absolute point behind each slot changes. `flipped` mirrors the board left-right (both sides then move
clockwise, an equivalent board). Colours are presentation attributes, so the SVG reads right without
CSS; board.css adds states, focus and forced-colors.

>>> own_label(24, "black"), own_label(12, "black"), own_label(1, "white")
(12, 24, 1)
>>> GEOMETRY.label_at("bottom", 11, flipped=False), GEOMETRY.label_at("top", 11, flipped=False)
(1, 24)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from markupsafe import Markup, escape

Translate = Callable[..., str]
SIDES = ("white", "black")
MARK_KINDS = ("hint", "target", "block", "error")  # drawing order: the most important one ends on top
ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

PALETTE = {
    "frame": "#5a3920", "frame_edge": "#3b2413", "field": "#efe2c4", "bar": "#5a3920",
    "triangle_a": "#b45a3c", "triangle_b": "#2f6657", "triangle_edge": "#00000033",
    "label": "#f7ecd6", "caption": "#6b5637",
    "white_disc": "#fbf8f0", "white_edge": "#2a2a2a", "white_ring": "#c9c0ad", "white_text": "#1c1c1c",
    "black_disc": "#1f1f1f", "black_edge": "#ece6d6", "black_ring": "#4a4a4a", "black_text": "#ffffff",
    "white_light": "#ffffff", "white_shade": "#e4ddcc", "black_light": "#4d4d4d", "black_shade": "#121212",
    "tray": "#3b2413", "tray_text": "#f7ecd6",
    "die": "#fffdf7", "die_edge": "#2a2a2a", "pip": "#1c1c1c", "strike": "#b00020",
    "player_bg": "#f7f1e3", "player_edge": "#b9a57f", "player_text": "#1f1f1f", "player_muted": "#5c5140",
    "error": "#c62828", "block": "#263238", "hint": "#8a5a00", "target": "#0d47a1", "selected": "#0d47a1",
    "focus": "#ffbf00", "focus_edge": "#000000",
}
# Per mark kind: outline dash pattern (so kinds differ by shape, not only by colour) and the badge glyph.
MARK_STYLE = {
    "error": {"dash": None, "glyph": "✕"},
    "block": {"dash": "14 6", "glyph": "■"},
    "hint": {"dash": "3 7", "glyph": "?"},
    "target": {"dash": "16 5 3 5", "glyph": "◎"},
}
# Die pip positions (fractions of the die size) and which of them each face shows.
PIP_POSITIONS = ((0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.5, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73))
DIE_FACES = {1: (3,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 1, 5, 6), 5: (0, 1, 3, 5, 6), 6: (0, 1, 2, 4, 5, 6)}
MAX_DICE = 4
CHECKERS_PER_SIDE = 15  # RULES R1.1; a tray holds them all


def own_label(point: int, side: str) -> int:
    """The number `side` calls the absolute point W`point` (RULES R2.2; the map is its own inverse)."""
    if side == "white":
        return point
    return point - 12 if point > 12 else point + 12


absolute_point = own_label  # label → absolute point is the same involution


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


@dataclass(frozen=True)
class BoardGeometry:
    """Every length of the board, in viewBox units (the one place these numbers live)."""

    point_width: int = 60
    frame: int = 16
    bar_width: int = 60
    tray_width: int = 64
    player_bar: int = 60
    label_strip: int = 44
    row_height: int = 300
    band_height: int = 84  # between the rows: captions, mark badges, tray counts
    band_text_inset: int = 23  # from a band edge to the centre line of its text
    triangle_height: int = 258
    checker_radius: int = 28
    checker_ring_radius: int = 18
    checker_pitch: int = 60
    max_visible: int = 5
    die_size: int = 52
    die_gap: int = 10
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
    def field_right(self) -> int:
        return self.bar_left + self.bar_width + 6 * self.point_width

    @property
    def tray_left(self) -> int:
        return self.field_right + self.frame

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
    def bottom_row_top(self) -> int:
        return self.band_top + self.band_height

    @property
    def height(self) -> int:
        return self.bottom_row_top + self.row_height + self.label_strip + self.player_bar

    def column_left(self, col: int) -> int:
        """Left edge of visual column `col` (0 = leftmost, 11 = rightmost); the bar sits after column 5."""
        return self.frame + col * self.point_width + (self.bar_width if col >= 6 else 0)

    def row_top(self, row: str) -> int:
        return self.top_row_top if row == "top" else self.bottom_row_top

    def band_line(self, row: str) -> int:
        """Centre line of band text that belongs to `row` (the half of the band next to it)."""
        return self.band_top + self.band_text_inset if row == "top" else self.bottom_row_top - self.band_text_inset

    @staticmethod
    def label_at(row: str, col: int, flipped: bool) -> int:
        """Own number shown in slot (row, col): 1→12 right to left at the bottom, 13→24 left to right on top."""
        if row == "bottom":
            return col + 1 if flipped else 12 - col
        return 24 - col if flipped else 13 + col

    def dice_slots(self) -> dict[int, list[tuple[int, int]]]:
        """Top-left corners of 1–4 dice stacked on the bar around the middle of the board."""
        x = self.bar_left + (self.bar_width - self.die_size) // 2
        middle = self.band_top + self.band_height // 2
        pitch = self.die_size + self.die_gap
        return {n: [(x, middle - (n * pitch - self.die_gap) // 2 + i * pitch) for i in range(n)]
                for n in range(1, MAX_DICE + 1)}


GEOMETRY = BoardGeometry()


@dataclass(frozen=True)
class BoardState:
    """A validated board model (points by absolute number, off, to_move, dice uses, perspective, pips)."""

    points: dict[int, tuple[str, int]]
    off: dict[str, int]
    to_move: str | None
    dice: tuple[tuple[int, bool], ...]  # one (value, used) per die use; a double has four
    perspective: str
    pips: dict[str, int] | None

    def side_at(self, position: str) -> str:
        """The side sitting at the "bottom" (the perspective side) or at the "top"."""
        return self.perspective if position == "bottom" else other_side(self.perspective)


def dice_uses(dice: list[int], used: list[bool] | None) -> list[tuple[int, bool]]:
    """One (value, used) per use: a double [d, d] becomes four uses; a 2-entry `used` then covers pairs.

    >>> dice_uses([6, 6], [True, False, False, False])[:2]
    [(6, True), (6, False)]
    >>> dice_uses([3, 3], [True, False])
    [(3, True), (3, True), (3, False), (3, False)]
    """
    values, flags = list(dice), list(used or [])
    if len(values) == 2 and values[0] == values[1]:
        values *= 2
        if len(flags) == 2:
            flags = [flags[0], flags[0], flags[1], flags[1]]
    flags = flags or [False] * len(values)
    if len(flags) != len(values) or len(values) > MAX_DICE or (len(values) > 2 and len(set(values)) > 1):
        raise ValueError(f"board model: dice {dice} and dice_used {used} do not match")
    return [(value, bool(flag)) for value, flag in zip(values, flags, strict=True)]


def normalize_model(model: Mapping[str, object]) -> BoardState:
    """Check a board model dict and return it typed; raise ValueError saying what is wrong."""
    points: dict[int, tuple[str, int]] = {}
    for key, entry in dict(model.get("points") or {}).items():  # type: ignore[call-overload]
        point, side, count = int(key), entry.get("side"), int(entry.get("count", 0))
        if not 1 <= point <= 24 or side not in SIDES or not 0 <= count <= CHECKERS_PER_SIDE:
            raise ValueError(f"board model: bad point {key!r}: {entry!r}")
        if count:
            points[point] = (side, count)
    off_in = dict(model.get("off") or {})  # type: ignore[call-overload]
    to_move, perspective = model.get("to_move"), model.get("perspective") or "white"
    if to_move not in (None, *SIDES) or perspective not in SIDES:
        raise ValueError(f"board model: bad to_move {to_move!r} or perspective {perspective!r}")
    dice = [int(value) for value in model.get("dice") or []]  # type: ignore[union-attr]
    if any(not 1 <= value <= 6 for value in dice):
        raise ValueError(f"board model: dice must be 1..6, got {dice}")
    pips = model.get("pips")
    return BoardState(points=points, off={side: int(off_in.get(side, 0)) for side in SIDES}, to_move=to_move,
                      dice=tuple(dice_uses(dice, model.get("dice_used"))),  # type: ignore[arg-type]
                      perspective=str(perspective),
                      pips={side: int(pips[side]) for side in SIDES} if isinstance(pips, Mapping) else None)


def model_dict(state: BoardState) -> dict[str, object]:
    """The model back in contract form (a double as four dice), as board-view.js reads it from `data-model`."""
    return {
        "points": {str(p): {"side": side, "count": count} for p, (side, count) in sorted(state.points.items())},
        "off": state.off, "to_move": state.to_move, "perspective": state.perspective, "pips": state.pips,
        "dice": [value for value, _ in state.dice], "dice_used": [used for _, used in state.dice],
    }


# ---- texts, composed exactly as board-view.js composes them ----

def point_name(t: Translate, label: int, occupant: tuple[str, int] | None) -> str:
    """Accessible name of a point: "Point 13, 2 white checkers" / "Point 7, empty"."""
    if occupant is None:
        return t("board.point.empty", label=label)
    side, count = occupant
    return t("board.point.occupied", label=label, checkers=t(f"board.checkers.{side}", n=count))


def status_text(t: Translate, state: BoardState) -> str:
    """Side to move, plus what is left of a double ("White to move · 6 ×3 left")."""
    parts = [t(f"board.to_move.{state.to_move}")] if state.to_move else []
    if len(state.dice) == MAX_DICE:
        left = sum(1 for _, used in state.dice if not used)
        parts.append(t("board.die.doubles_left", value=state.dice[0][0], n=left))
    return " · ".join(parts)


def board_summary(t: Translate, state: BoardState) -> str:
    """The whole position as sentences, the accessible name of a non-interactive diagram (role="img")."""
    parts = [t("board.label")]
    for label in range(24, 0, -1):
        if occupant := state.points.get(absolute_point(label, state.perspective)):
            parts.append(point_name(t, label, occupant))
    parts += [t(f"board.off.{side}", n=state.off[side]) for side in SIDES if state.off[side]]
    if status := status_text(t, state):
        parts.append(status)
    if state.dice:
        left = ", ".join(str(value) for value, used in state.dice if not used)
        parts.append(t("board.dice_list", values=left or "—"))
    return ". ".join(parts)


# ---- markup ----

def _fmt(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _el(tag: str, attrs: Mapping[str, object | None], *children: str, text: str | None = None) -> str:
    """One SVG element; attributes that are None are left out, `text` is escaped, children are markup."""
    rendered = "".join(f' {name}="{escape(_fmt(value))}"' for name, value in attrs.items() if value is not None)
    body = "".join(children) + (str(escape(text)) if text is not None else "")
    return f"<{tag}{rendered}>{body}</{tag}>" if body else f"<{tag}{rendered}/>"


def _text(cls: str, x: float, y: float, text: str, size: int, fill: str, **extra: object) -> str:
    """A text centred vertically on y (and horizontally on x unless `text-anchor` says otherwise)."""
    attrs = {"class": cls, "x": x, "y": y, "text-anchor": "middle", "dominant-baseline": "central",
             "font-size": size, "fill": fill}
    return _el("text", {**attrs, **{name.replace("_", "-"): value for name, value in extra.items()}}, text=text)


def _checker(board_id: str, side: str, x: float, y: float, template: str | None = None) -> str:
    """A disc (shaded, with a contrasting edge and an inner ring) centred at (x, y)."""
    g = GEOMETRY
    return _el("g", {"class": f"nb-checker nb-checker--{side}", "transform": f"translate({_fmt(x)} {_fmt(y)})",
                     "data-template": template},
               _el("circle", {"class": "nb-checker__disc", "r": g.checker_radius, "stroke-width": 3,
                              "fill": f"url(#{board_id}-disc-{side})", "stroke": PALETTE[f"{side}_edge"]}),
               _el("circle", {"class": "nb-checker__ring", "r": g.checker_ring_radius, "fill": "none",
                              "stroke": PALETTE[f"{side}_ring"], "stroke-width": 2}))


def _count_label(side: str, count: int | str, template: str | None = None) -> str:
    # the point's accessible name already says how many: the drawn number is decoration for readers
    return _text(f"nb-count nb-count--{side}", 0, 0, str(count), GEOMETRY.count_font, PALETTE[f"{side}_text"],
                 font_weight=700, data_template=template, aria_hidden="true")


def _slab(side: str, x: float, y: float, template: str | None = None) -> str:
    g = GEOMETRY
    return _el("rect", {"class": f"nb-slab nb-slab--{side}", "data-template": template,
                        "transform": f"translate({_fmt(x)} {_fmt(y)})", "x": -g.slab_width / 2,
                        "y": -g.slab_height / 2, "width": g.slab_width, "height": g.slab_height, "rx": 4,
                        "fill": PALETTE[f"{side}_disc"], "stroke": PALETTE[f"{side}_edge"], "stroke-width": 2})


def _stack(board_id: str, side: str, count: int, x: int, base_y: int, direction: int) -> str:
    """The checkers of one point: at most `max_visible` discs; a taller stack shows its count on the last."""
    g = GEOMETRY
    discs = [_checker(board_id, side, x, base_y + direction * i * g.checker_pitch)
             for i in range(min(count, g.max_visible))]
    if count > g.max_visible:  # the label goes inside the outermost disc's group so it moves with it
        discs[-1] = discs[-1].removesuffix("</g>") + _count_label(side, count) + "</g>"
    return "".join(discs)


def _focus_ring(x: float, y: float, width: float, height: float, *, shape_id: str | None = None) -> str:
    """Hidden until board.css shows it on :focus-visible: black under amber, visible on every background.

    With `shape_id` it is the shared shape in <defs> (no class, shown through `<use class="nb-focus">`).
    """
    box = {"x": x, "y": y, "width": width, "height": height, "rx": 8, "fill": "none"}
    attrs = {"id": shape_id, "class": "nb-focus-shape"} if shape_id else {"class": "nb-focus", "display": "none"}
    return _el("g", attrs,
               _el("rect", {**box, "stroke": PALETTE["focus_edge"], "stroke-width": 10}),
               _el("rect", {**box, "stroke": PALETTE["focus"], "stroke-width": 5}))


def _defs(board_id: str) -> str:
    """Disc shading, hatch patterns for marks, and the templates board-view.js clones."""
    g = GEOMETRY
    patterns = {
        "error": '<path d="M0 12 L12 0" stroke="{c}" stroke-width="3"/>',
        "block": '<path d="M0 12 L12 0 M0 0 L12 12" stroke="{c}" stroke-width="2"/>',
        "hint": '<circle cx="6" cy="6" r="2.2" fill="{c}"/>',
        "target": '<path d="M0 6 H12" stroke="{c}" stroke-width="2"/>',
    }
    parts = [f'<pattern id="{board_id}-pattern-{kind}" width="12" height="12" patternUnits="userSpaceOnUse">'
             f'{shape.format(c=PALETTE[kind])}</pattern>' for kind, shape in patterns.items()]
    for side in SIDES:  # discs are lit from the top left
        parts.append(f'<radialGradient id="{board_id}-disc-{side}" cx="0.38" cy="0.34" r="0.75">'
                     f'<stop offset="0" stop-color="{PALETTE[side + "_light"]}"/>'
                     f'<stop offset="1" stop-color="{PALETTE[side + "_shade"]}"/></radialGradient>')
        parts += [_checker(board_id, side, 0, 0, f"checker-{side}"), _count_label(side, "", f"count-{side}"),
                  _slab(side, 0, 0, f"slab-{side}")]
    column = {"width": g.point_width - 4, "height": g.row_height - 4, "x": 2, "y": 2, "rx": 6}
    for kind in MARK_KINDS:
        parts.append(_el("rect", {"class": f"nb-overlay nb-overlay--{kind}", "data-template": f"overlay-{kind}",
                                  **column, "fill": f"url(#{board_id}-pattern-{kind})", "opacity": 0.55}))
        parts.append(_el("rect", {"class": f"nb-outline nb-outline--{kind}", "data-template": f"outline-{kind}",
                                  **column, "fill": "none", "stroke": PALETTE[kind], "stroke-width": 5,
                                  "stroke-dasharray": MARK_STYLE[kind]["dash"]}))
        parts.append(_el("g", {"class": f"nb-badge nb-badge--{kind}", "data-template": f"badge-{kind}"},
                         _el("circle", {"r": g.badge_radius, "fill": PALETTE[kind], "stroke": "#ffffff",
                                        "stroke-width": 2.5}),
                         _text("nb-badge__glyph", 0, 0, MARK_STYLE[kind]["glyph"], 20, "#ffffff", font_weight=700, aria_hidden="true")))
    parts.append(_el("rect", {"class": "nb-outline nb-outline--selected", "data-template": "outline-selected",
                              **column, "fill": "none", "stroke": PALETTE["selected"], "stroke-width": 7}))
    parts.append(_el("g", {"class": "nb-destination", "data-template": "destination"},
                     _el("circle", {"r": g.destination_radius, "fill": "#ffffffd9", "stroke": PALETTE["target"],
                                    "stroke-width": 4, "stroke-dasharray": "7 4"}),
                     _text("nb-destination__dice", 0, 0, "", 21, PALETTE["target"], font_weight=700, aria_hidden="true")))
    parts.append(_focus_ring(0, 0, g.point_width - 6, g.label_strip + g.row_height - 6, shape_id=f"{board_id}-point-focus"))
    return "<defs>" + "".join(parts) + "</defs>"


def _frame() -> str:
    g = GEOMETRY
    field = {"y": g.top_row_top, "height": g.bottom_row_top + g.row_height - g.top_row_top}
    return "".join([
        _el("rect", {"class": "nb-frame", "x": 0, "y": g.player_bar, "width": g.width, "rx": 14,
                     "height": g.height - 2 * g.player_bar, "fill": PALETTE["frame"], "stroke": PALETTE["frame_edge"],
                     "stroke-width": 3}),
        _el("rect", {"class": "nb-field", "x": g.frame, "width": g.field_right - g.frame, **field,
                     "fill": PALETTE["field"]}),
        _el("rect", {"class": "nb-bar", "x": g.bar_left, "width": g.bar_width, **field, "fill": PALETTE["bar"]}),
    ])


#: presentation attributes the point labels inherit from their group (texts inside points that look
#: different, such as stack counts, set their own)
LABEL_STYLE = {"text-anchor": "middle", "dominant-baseline": "central", "font-size": GEOMETRY.label_font,
               "fill": PALETTE["label"], "font-weight": 600}


def _point(board_id: str, t: Translate, state: BoardState, row: str, col: int, flipped: bool,
           interactive: bool) -> str:
    """One point: hit area, triangle, number, checkers, and (interactive) the mark layers and focus ring."""
    g = GEOMETRY
    top_row = row == "top"
    left, top = g.column_left(col), g.row_top(row)
    center = left + g.point_width // 2
    label = g.label_at(row, col, flipped)
    point = absolute_point(label, state.perspective)
    occupant = state.points.get(point)
    direction = 1 if top_row else -1  # stacks grow from the board edge towards the middle
    edge_y = top if top_row else top + g.row_height
    tip_y = edge_y + direction * g.triangle_height
    base_y = edge_y + direction * g.checker_pitch // 2
    strip_top = top - g.label_strip if top_row else top + g.row_height
    badge_y = g.band_top + g.badge_radius + 4 if top_row else g.bottom_row_top - g.badge_radius - 4
    attrs: dict[str, object | None] = {
        "class": "nb-point", "data-point": point, "data-label": label, "data-row": row, "data-col": col,
        "data-label-normal": g.label_at(row, col, False), "data-label-mirrored": g.label_at(row, col, True),
        "data-x": center, "data-left": left, "data-top": top, "data-base-y": base_y, "data-dir": direction,
        "data-pitch": g.checker_pitch, "data-max-visible": g.max_visible, "data-badge-y": badge_y,
    }
    if interactive:  # roving tabindex: own 24, the head, is where a turn usually starts
        attrs.update({"role": "button", "tabindex": 0 if label == 24 else -1,
                      "aria-label": point_name(t, label, occupant)})
    else:
        attrs["aria-hidden"] = "true"
    colour = PALETTE["triangle_a" if (col + (not top_row)) % 2 == 0 else "triangle_b"]
    triangle = f"M{left + 2} {edge_y} L{center} {tip_y} L{left + g.point_width - 2} {edge_y} Z"
    # The hit area spans number strip, row and the half of the band next to it: a big, forgiving target.
    hit_y = strip_top if top_row else g.band_top + g.band_height // 2
    hit = _el("rect", {"class": "nb-hit", "x": left, "y": hit_y, "width": g.point_width, "fill": "transparent",
                       "height": g.label_strip + g.row_height + g.band_height // 2})
    stack = _stack(board_id, *occupant, center, base_y, direction) if occupant else ""
    return _el("g", attrs,
               hit if interactive else "",
               _el("path", {"class": "nb-triangle", "d": triangle, "fill": colour, "stroke": PALETTE["triangle_edge"],
                            "stroke-width": 1.5}),
               # the label's font and colour are inherited from the points group (24 labels, one set of attributes)
               _el("text", {"class": "nb-label", "x": center, "y": strip_top + g.label_strip // 2, "aria-hidden": "true"},
                   text=str(label)),
               _el("g", {"class": "nb-under"}),  # mark layers: a lesson diagram can be highlighted too
               _el("g", {"class": "nb-stack"}, stack),
               _el("g", {"class": "nb-marks"}),
               # 24 identical rings differ only in place: each point uses the one drawn in <defs>
               _el("use", {"class": "nb-focus", "display": "none", "href": f"#{board_id}-point-focus",
                           "x": left + 3, "y": min(strip_top, top) + 3}) if interactive else "")


def _captions(t: Translate, state: BoardState, flipped: bool) -> str:
    """Faint "White's home / head" captions in the band between the rows, next to what they name."""
    g = GEOMETRY
    half = 6 * g.point_width
    home_x = {"left": (g.frame + half // 2, "middle"), "right": (g.field_right - half // 2, "middle")}
    head_x = {"left": (g.frame + 8, "start"), "right": (g.field_right - 8, "end")}
    # (caption, whose, row it sits next to, half of the board unmirrored): own home 1–6 is bottom right,
    # own head 24 top right; the other side's home 13–18 is top left and its head (own 12) bottom left.
    entries = [("home", "bottom", "bottom", "right"), ("head", "bottom", "top", "right"),
               ("home", "top", "top", "left"), ("head", "top", "bottom", "left")]
    out = []
    for what, owner, row, normal in entries:
        places = home_x if what == "home" else head_x
        mirrored = "left" if normal == "right" else "right"
        x, anchor = places[mirrored if flipped else normal]
        out.append(_text("nb-caption", x, g.band_line(row), t(f"board.caption.{what}_{state.side_at(owner)}"),
                         g.caption_font, PALETTE["caption"], text_anchor=anchor, font_style="italic",
                         data_caption=what, data_owner=owner,
                         data_x_normal=places[normal][0], data_anchor_normal=places[normal][1],
                         data_x_mirrored=places[mirrored][0], data_anchor_mirrored=places[mirrored][1]))
    return "".join(out)


def _tray(t: Translate, state: BoardState, position: str, interactive: bool) -> str:
    """Borne-off checkers of the side at `position` (the bottom one is the perspective side)."""
    g = GEOMETRY
    side, top = state.side_at(position), g.row_top(position)
    x, count = g.tray_left + g.tray_width // 2, state.off[side]
    inset = 6 + g.slab_height // 2
    base_y, direction = (top + inset, 1) if position == "top" else (top + g.row_height - inset, -1)
    attrs: dict[str, object | None] = {
        "class": "nb-tray", "data-tray": position, "data-side": side, "data-x": x, "data-base-y": base_y,
        "data-dir": direction, "data-pitch": g.slab_pitch, "data-max-visible": CHECKERS_PER_SIDE, "data-top": top,
    }
    if interactive:
        attrs.update({"role": "button", "tabindex": 0, "aria-label": t(f"board.off.{side}", n=count)})
    else:
        attrs["aria-hidden"] = "true"
    hit_y = top if position == "top" else g.band_top + g.band_height // 2
    return _el("g", attrs,
               _el("rect", {"class": "nb-hit", "x": g.tray_left, "y": hit_y, "width": g.tray_width,
                            "height": g.row_height + g.band_height // 2, "fill": "transparent"}),
               _el("rect", {"class": "nb-tray__box", "x": g.tray_left, "y": top, "width": g.tray_width,
                            "height": g.row_height, "rx": 8, "fill": PALETTE["tray"]}),
               _el("g", {"class": "nb-stack"},
                   *(_slab(side, x, base_y + direction * i * g.slab_pitch) for i in range(count))),
               _text("nb-tray__count", x, g.band_line(position), str(count or ""), g.count_font, PALETTE["tray_text"],
                     font_weight=700, aria_hidden="true"),
               _el("g", {"class": "nb-marks"}),
               _focus_ring(g.tray_left + 3, top + 3, g.tray_width - 6, g.row_height - 6) if interactive else "")


def _dice(t: Translate, state: BoardState, interactive: bool) -> str:
    """Four die slots on the bar (unused ones hidden); a used die is struck through and aria-pressed."""
    g = GEOMETRY
    slots, size, shown_count = g.dice_slots(), g.die_size, len(state.dice)
    dice = []
    for index in range(MAX_DICE):
        shown = index < shown_count
        value, used = state.dice[index] if shown else (1, False)
        x, y = slots[shown_count if shown else MAX_DICE][index]
        attrs: dict[str, object | None] = {
            "class": "nb-die", "data-index": index, "data-value": value, "data-used": str(used).lower(),
            "transform": f"translate({x} {y})", "display": None if shown else "none",
        }
        if interactive and shown:
            attrs.update({"role": "button", "tabindex": 0, "aria-pressed": str(used).lower(),
                          "aria-label": t("board.die.used" if used else "board.die.name", value=value)})
        else:
            attrs.update({"aria-hidden": "true", "tabindex": -1 if interactive else None})
        pips = [_el("circle", {"class": "nb-pip", "data-pip": i, "cx": round(px * size, 1), "cy": round(py * size, 1),
                               "r": round(size * 0.095, 2), "fill": PALETTE["pip"],
                               "display": None if i in DIE_FACES[value] else "none"})
                for i, (px, py) in enumerate(PIP_POSITIONS)]
        dice.append(_el("g", attrs,
                        _el("rect", {"class": "nb-die__face", "width": size, "height": size, "rx": 9,
                                     "fill": PALETTE["die"], "stroke": PALETTE["die_edge"], "stroke-width": 2.5}),
                        *pips,
                        _el("path", {"class": "nb-die__strike", "d": f"M5 {size - 5} L{size - 5} 5",
                                     "stroke": PALETTE["strike"], "stroke-width": 6, "stroke-linecap": "round",
                                     "display": None if used else "none"}),
                        _focus_ring(-6, -6, size + 12, size + 12) if interactive else ""))
    group = {"class": "nb-dice", "data-slots": json.dumps({str(n): s for n, s in slots.items()}),
             "data-faces": json.dumps({str(v): list(f) for v, f in DIE_FACES.items()})}
    if interactive:
        group.update({"role": "group", "aria-label": t("board.dice")})
    return _el("g", group, *dice)


def _player(board_id: str, t: Translate, state: BoardState, position: str) -> str:
    """The bar above/below the board: disc, side name, pip count, and the status on the active side."""
    g = GEOMETRY
    side = state.side_at(position)
    middle = (0 if position == "top" else g.height - g.player_bar) + g.player_bar // 2
    shows_status = state.to_move == side or (state.to_move is None and position == "bottom")
    pips = f"  {t('board.pips', n=state.pips[side])}" if state.pips else ""
    return _el("g", {"class": "nb-player", "data-player": position, "data-side": side,
                     "data-active": str(state.to_move == side).lower()},
               _el("rect", {"class": "nb-player__bg", "x": 3, "y": middle - g.player_bar // 2 + 6, "rx": 12,
                            "width": g.width - 6, "height": g.player_bar - 12, "fill": PALETTE["player_bg"],
                            "stroke": PALETTE["player_edge"], "stroke-width": 2}),
               _el("g", {"class": "nb-player__icon", "transform": f"translate(34 {middle}) scale(0.6)"},
                   _checker(board_id, side, 0, 0)),
               _el("text", {"class": "nb-player__text", "x": 62, "y": middle, "dominant-baseline": "central",
                            "font-size": g.player_font, "fill": PALETTE["player_text"]},
                   _el("tspan", {"class": "nb-player__name", "font-weight": 700}, text=t(f"board.side.{side}")),
                   _el("tspan", {"class": "nb-player__pips", "fill": PALETTE["player_muted"]}, text=pips)),
               _text("nb-player__status", g.width - 22, middle, status_text(t, state) if shows_status else "",
                     g.player_font - 1, PALETTE["target"], text_anchor="end", font_weight=700))


def render_board(model: Mapping[str, object], t: Translate, *, board_id: str, interactive: bool = True,
                 flipped: bool = False) -> Markup:
    """The board for `model` as inline SVG markup (scales with its container via viewBox).

    `t(key, **params)` supplies every visible and accessible text (builder.i18n.Catalog.t). An interactive
    board is a group of 24 point buttons (roving tabindex: only own point 24 starts at 0), dice and trays;
    a non-interactive one is a single image whose accessible name lists the whole position. `flipped`
    mirrors the board left-right.
    """
    if not ID_PATTERN.match(board_id):
        raise ValueError(f"board_id {board_id!r} must be a valid id (letter, then letters, digits, - or _)")
    state = normalize_model(model)
    g = GEOMETRY
    root: dict[str, object | None] = {
        "xmlns": "http://www.w3.org/2000/svg", "id": board_id, "class": "nb-board",
        "viewBox": f"0 0 {g.width} {g.height}", "font-family": FONT, "data-perspective": state.perspective,
        "data-flipped": str(flipped).lower(), "data-interactive": str(interactive).lower(),
        "data-model": json.dumps(model_dict(state)),
    }
    if interactive:
        root.update({"role": "group", "aria-label": t("board.label")})
    else:
        root.update({"role": "img", "aria-label": board_summary(t, state)})
    points = [_point(board_id, t, state, row, col, flipped, interactive)
              for row in ("top", "bottom") for col in range(12)]
    return Markup(_el("svg", root,
                      _defs(board_id), _frame(), _captions(t, state, flipped),
                      _el("g", {"class": "nb-points", **LABEL_STYLE}, *points),
                      _dice(t, state, interactive),  # Tab order: the roving point, the dice, then the trays
                      _tray(t, state, "top", interactive), _tray(t, state, "bottom", interactive),
                      _player(board_id, t, state, "top"), _player(board_id, t, state, "bottom"),
                      _el("g", {"class": "nb-fly", "aria-hidden": "true", "pointer-events": "none"})))

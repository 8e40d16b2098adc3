"""The board as inline SVG, rendered once at build time; the page's board code updates it in place.

Contract with ``site/static/js/board/`` (which holds no geometry, colour, glyph or numbering of its own):
- a page with boards carries one **sprite** (:func:`sprite`): every shape a board draws, as ``<defs>`` to
  ``<use>``, and the layout tables (``data-geometry``, :func:`builder.board_geometry.geometry_json`);
- a board is its frame, 24 point groups in fixed slots (``data-slot``), dice, trays, the bar (short
  nardy), the cube and the two player bars; colours come from ``board.css`` classes;
- every text comes from ``board/text.js`` (through :mod:`builder.board_text`), given to
  :func:`render_board` as ``texts``.

>>> "nb-checker-white" in sprite()
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

from nardy_core import Game, Side

from .board_geometry import DIE_FACES, GEOMETRY, MAX_DICE, PIP_POSITIONS, ROWS, Row, geometry_json, slot_points

ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
MARK_KINDS = ("hint", "target", "block", "error")  # drawing order: the most important one ends on top
# Per mark kind: outline dash pattern (so kinds differ by shape, not only by colour) and the badge glyph.
MARK_DASH: dict[str, str | None] = {"error": None, "block": "14 6", "hint": "3 7", "target": "16 5 3 5"}
MARK_GLYPH: dict[str, str] = {"error": "✕", "block": "■", "hint": "?", "target": "◎"}
HATCH = {
    "error": '<path d="M0 12 L12 0"/>',
    "block": '<path d="M0 12 L12 0 M0 0 L12 12"/>',
    "hint": '<circle cx="6" cy="6" r="2.2"/>',
    "target": '<path d="M0 6 H12"/>',
}


def _fmt(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def el(tag: str, attrs: Mapping[str, object | None], *children: str, text: str | None = None) -> str:
    """One SVG element; attributes that are None are left out, ``text`` is escaped, children are markup."""
    rendered = "".join(f' {name}="{escape(_fmt(value))}"' for name, value in attrs.items() if value is not None)
    body = "".join(children) + (str(escape(text)) if text is not None else "")
    return f"<{tag}{rendered}>{body}</{tag}>" if body else f"<{tag}{rendered}/>"


def use(ref: str, **attrs: object | None) -> str:
    """A ``<use>`` of a sprite shape (``x``/``y`` place it; ``cls`` is its class)."""
    cls = attrs.pop("cls", None)
    return el("use", {"class": cls, "href": f"#{ref}", **{k.replace("_", "-"): v for k, v in attrs.items()}})


# ---- the sprite: every shape once per page ---------------------------------------------------------------


def _focus_ring(ref: str, x: float, y: float, width: float, height: float) -> str:
    box = {"x": x, "y": y, "width": width, "height": height, "rx": 8}
    return el("g", {"id": ref, "class": "nb-focus-shape"}, el("rect", {**box, "class": "nb-focus-under"}),
              el("rect", {**box, "class": "nb-focus-over"}))


def sprite() -> Markup:
    """The page's one set of board shapes and the layout tables; it sits once in ``<body>``."""
    g = GEOMETRY
    parts = [f'<pattern id="nb-pattern-{kind}" class="nb-hatch nb-hatch--{kind}" width="12" height="12" '
             f'patternUnits="userSpaceOnUse">{shape}</pattern>' for kind, shape in HATCH.items()]
    for side in ("white", "black"):  # discs are lit from the top left
        parts.append(f'<radialGradient id="nb-disc-{side}" cx="0.38" cy="0.34" r="0.75">'
                     f'<stop class="nb-light nb-light--{side}" offset="0"/><stop class="nb-shade nb-shade--{side}" offset="1"/>'
                     f'</radialGradient>')
        parts.append(el("g", {"id": f"nb-checker-{side}", "class": f"nb-checker nb-checker--{side}"},
                        el("circle", {"class": "nb-checker__disc", "r": g.checker_radius}),
                        el("circle", {"class": "nb-checker__ring", "r": g.checker_ring_radius})))
        parts.append(el("rect", {"id": f"nb-slab-{side}", "class": f"nb-slab nb-slab--{side}", "x": -g.slab_width / 2,
                                 "y": -g.slab_height / 2, "width": g.slab_width, "height": g.slab_height, "rx": 4}))
    band_half = g.band_height // 2
    # a column: its big forgiving hit area (number strip, row, half of the band) and the triangle
    parts.append(el("g", {"id": "nb-col-top"},
                    el("rect", {"class": "nb-hit", "y": -g.label_strip, "width": g.point_width,
                                "height": g.label_strip + g.row_height + band_half, "fill": "transparent"}),
                    el("path", {"class": "nb-triangle", "d": f"M2 0 L{g.point_width // 2} {g.triangle_height} L{g.point_width - 2} 0 Z"})))
    parts.append(el("g", {"id": "nb-col-bottom"},
                    el("rect", {"class": "nb-hit", "y": -band_half, "width": g.point_width,
                                "height": band_half + g.row_height + g.label_strip, "fill": "transparent"}),
                    el("path", {"class": "nb-triangle", "d": f"M2 {g.row_height} L{g.point_width // 2} "
                                f"{g.row_height - g.triangle_height} L{g.point_width - 2} {g.row_height} Z"})))
    field = {"y": g.top_row_top, "height": g.bottom_row_top + g.row_height - g.top_row_top}
    parts.append(el("g", {"id": "nb-frame"},
                    el("rect", {"class": "nb-frame", "y": g.player_bar, "width": g.width, "rx": 14, "height": g.height - 2 * g.player_bar}),
                    el("rect", {"class": "nb-field", "x": g.frame, "width": g.field_right - g.frame, **field}),
                    el("rect", {"class": "nb-bar", "x": g.bar_left, "width": g.bar_width, **field})))
    for row in ROWS:
        top = g.row_top(row)
        hit_y = top if row == "top" else g.band_middle
        parts.append(el("g", {"id": f"nb-tray-{row}"},
                        el("rect", {"class": "nb-hit", "x": g.tray_left, "y": hit_y, "width": g.tray_width,
                                    "height": g.row_height + band_half, "fill": "transparent"}),
                        el("rect", {"class": "nb-tray__box", "x": g.tray_left, "y": top, "width": g.tray_width,
                                    "height": g.row_height, "rx": 8})))
        # the bar's hit area: its half of the bar, from the board's edge to the middle
        bar_y = g.top_row_top if row == "top" else g.band_middle
        parts.append(el("rect", {"id": f"nb-bar-hit-{row}", "class": "nb-hit", "x": g.bar_left, "y": bar_y, "width": g.bar_width,
                                 "height": g.band_middle - g.top_row_top, "fill": "transparent"}))
    size = g.die_size
    parts.append(el("rect", {"id": "nb-die-face", "class": "nb-die__face", "width": size, "height": size, "rx": 9}))
    for value, shown in DIE_FACES.items():
        pips = [el("circle", {"class": "nb-pip", "cx": round(PIP_POSITIONS[i][0] * size, 1), "cy": round(PIP_POSITIONS[i][1] * size, 1),
                              "r": round(size * 0.095, 2)}) for i in shown]
        parts.append(el("g", {"id": f"nb-die-{value}"}, use("nb-die-face"), *pips))
    parts.append(el("path", {"id": "nb-strike", "class": "nb-die__strike", "d": f"M5 {size - 5} L{size - 5} 5"}))
    parts.append(el("rect", {"id": "nb-cube-face", "class": "nb-cube__face", "width": g.cube_size, "height": g.cube_size, "rx": 7}))
    column = {"width": g.point_width - 4, "height": g.row_height - 4, "x": 2, "y": 2, "rx": 6}
    for kind in MARK_KINDS:
        parts.append(el("rect", {"id": f"nb-overlay-{kind}", "class": f"nb-overlay nb-overlay--{kind}", **column,
                                 "fill": f"url(#nb-pattern-{kind})"}))
        parts.append(el("rect", {"id": f"nb-outline-{kind}", "class": f"nb-outline nb-outline--{kind}", **column,
                                 "stroke-dasharray": MARK_DASH[kind]}))
        parts.append(el("g", {"id": f"nb-badge-{kind}", "class": f"nb-badge nb-badge--{kind}"},
                        el("circle", {"r": g.badge_radius}),
                        el("text", {"class": "nb-badge__glyph", "text-anchor": "middle", "dominant-baseline": "central"},
                           text=MARK_GLYPH[kind])))
    parts.append(el("rect", {"id": "nb-outline-selected", "class": "nb-outline nb-outline--selected", **column}))
    parts.append(el("circle", {"id": "nb-selected-ring", "class": "nb-selected-ring", "r": g.checker_radius + 2}))
    parts.append(el("circle", {"id": "nb-destination", "class": "nb-destination", "r": g.destination_radius}))
    parts.append(el("rect", {"id": "nb-player-bg", "class": "nb-player__bg", "x": 3, "y": 6, "rx": 12,
                             "width": g.width - 6, "height": g.player_bar - 12}))
    parts.append(_focus_ring("nb-focus-point", 3, 3, g.point_width - 6, g.label_strip + g.row_height - 6))
    parts.append(_focus_ring("nb-focus-die", -6, -6, size + 12, size + 12))
    parts.append(_focus_ring("nb-focus-cube", -6, -6, g.cube_size + 12, g.cube_size + 12))
    parts.append(_focus_ring("nb-focus-tray", 3, 3, g.tray_width - 6, g.row_height - 6))
    parts.append(_focus_ring("nb-focus-bar", 3, 3, g.bar_width - 6, g.band_middle - g.top_row_top - 6))
    attrs = {"class": "nb-sprite", "aria-hidden": "true", "focusable": "false", "id": "nb-sprite",
             "data-geometry": json.dumps(geometry_json(), separators=(",", ":"))}
    return Markup(el("svg", attrs, el("defs", {}, *parts)))


# ---- one board ---------------------------------------------------------------------------------------


def _stack(side: str, count: int, x: int, y: int, direction: int, pitch: int, visible: int) -> str:
    """At most ``visible`` checkers from (x, y) along ``direction``; a taller stack shows its count on the last."""
    shown = min(count, visible)
    parts = [use(f"nb-checker-{side}", x=x, y=y + direction * i * pitch) for i in range(shown)]
    if count > visible:  # the point's accessible name already says how many: the number is for the eye
        parts.append(el("text", {"class": f"nb-count nb-count--{side}", "x": x, "y": y + direction * (shown - 1) * pitch},
                        text=str(count)))
    return el("g", {"class": "nb-stack"}, *parts)


def _point(slot_index: int, point: int, label: int, name: str, occupant: Mapping[str, Any] | None, interactive: bool) -> str:
    g = GEOMETRY
    slot = g.slot(slot_index)
    attrs: dict[str, object | None] = {"class": "nb-point", "data-slot": slot_index, "data-point": point, "data-label": label}
    if interactive:  # roving tabindex: own 24 is where a turn usually starts
        attrs.update({"role": "button", "tabindex": 0 if label == 24 else -1, "aria-label": name})
    shade = "a" if (slot["col"] + (slot["row"] == "bottom")) % 2 == 0 else "b"
    stack = ""
    if occupant:
        stack = _stack(occupant["side"], occupant["count"], slot["x"], slot["y"], slot["dir"], g.checker_pitch, g.max_visible)
    return el("g", attrs,
              use(f"nb-col-{slot['row']}", cls=f"nb-col nb-col--{shade}", x=slot["left"], y=slot["top"]),
              el("text", {"class": "nb-label", "x": slot["x"], "y": slot["label_y"]}, text=str(label)),
              stack)


def _tray(row: Row, side: str, count: int, name: str, interactive: bool) -> str:
    g = GEOMETRY
    place = g.tray(row)
    attrs: dict[str, object | None] = {"class": "nb-tray", "data-tray": row, "data-side": side}
    if interactive:
        attrs.update({"role": "button", "tabindex": 0, "aria-label": name})
    slabs = [use(f"nb-slab-{side}", x=place["x"], y=place["y"] + place["dir"] * i * g.slab_pitch) for i in range(count)]
    return el("g", attrs, use(f"nb-tray-{row}"), el("g", {"class": "nb-stack"}, *slabs),
              el("text", {"class": "nb-tray__count", "x": place["x"], "y": place["count_y"]}, text=str(count or "")))


def _bar(row: Row, side: str, count: int, name: str, interactive: bool) -> str:
    g = GEOMETRY
    place = g.bar(row)
    attrs: dict[str, object | None] = {"class": "nb-bar-slot", "data-bar": row, "data-side": side}
    if interactive:
        attrs.update({"role": "button", "tabindex": 0, "aria-label": name})
    stack = _stack(side, count, place["x"], place["y"], place["dir"], g.bar_pitch, g.bar_visible) if count else ""
    return el("g", attrs, use(f"nb-bar-hit-{row}"), stack)


def _dice(model: Mapping[str, Any], texts: Mapping[str, Any], interactive: bool) -> str:
    """Four die slots on the bar (unused ones hidden); a used die is struck through and aria-pressed."""
    slots = GEOMETRY.dice_slots()
    uses = model["dice"]
    dice = []
    for index in range(MAX_DICE):
        shown = index < len(uses)
        die = uses[index] if shown else {"value": 1, "used": False}
        x, y = slots[str(len(uses) if shown else MAX_DICE)][index]
        attrs: dict[str, object | None] = {
            "class": "nb-die", "data-index": index, "data-value": die["value"], "data-used": str(die["used"]).lower(),
            "transform": f"translate({x} {y})", "display": None if shown else "none",
        }
        if interactive and shown:
            attrs.update({"role": "button", "tabindex": 0, "aria-pressed": str(die["used"]).lower(), "aria-label": texts["dice"][index]})
        dice.append(el("g", attrs, use(f"nb-die-{die['value']}"), use("nb-strike", display=None if die["used"] else "none")))
    group: dict[str, object | None] = {"class": "nb-dice"}
    if interactive:
        group.update({"role": "group", "aria-label": texts["dice_label"]})
    return el("g", group, *dice)


def _cube(model: Mapping[str, Any], perspective: str, name: str, interactive: bool) -> str:
    cube = model.get("cube") or {"value": 1, "owner": None}
    g = GEOMETRY
    where = "middle" if cube["owner"] is None else ("bottom" if cube["owner"] == perspective else "top")
    x, y = g.cube_slots()[where]
    attrs: dict[str, object | None] = {"class": "nb-cube", "data-place": where, "transform": f"translate({x} {y})",
                                       "display": None if model.get("cube") else "none"}
    if interactive and model.get("cube"):
        attrs.update({"role": "button", "tabindex": 0, "aria-label": name})
    value = cube["value"] if cube["value"] > 1 else 64  # a cube in the middle shows 64
    return el("g", attrs, use("nb-cube-face"),
              el("text", {"class": "nb-cube__value", "x": g.cube_size / 2, "y": g.cube_size / 2}, text=str(value)))


def _player(row: Row, side: str, texts: Mapping[str, Any], active: bool) -> str:
    g = GEOMETRY
    top = 0 if row == "top" else g.height - g.player_bar
    middle = top + g.player_bar // 2
    return el("g", {"class": "nb-player", "data-player": row, "data-side": side, "data-active": str(active).lower()},
              use("nb-player-bg", y=top),
              use(f"nb-checker-{side}", cls="nb-player__icon", transform=f"translate(34 {middle}) scale(0.6)"),
              el("text", {"class": "nb-player__text", "x": 62, "y": middle},
                 el("tspan", {"class": "nb-player__name"}, text=texts["sides"][row]),
                 el("tspan", {"class": "nb-player__pips"}, text=f"  {texts['pips'][row]}")),
              el("text", {"class": "nb-player__status", "x": g.width - 22, "y": middle}, text=texts["status"][row]))


def _captions(game: Game, texts: Mapping[str, Any], flipped: bool) -> str:
    places = [p for p in geometry_json()["captions"] if p["what"] == "home" or game is Game.LONG]
    out = []
    for place, text in zip(places, texts["captions"], strict=True):
        x, anchor = place["mirrored" if flipped else "normal"]
        out.append(el("text", {"class": "nb-caption", "x": x, "y": place["y"], "text-anchor": anchor,
                               "data-caption": place["what"], "data-owner": place["owner"]}, text=text))
    return "".join(out)


def render_board(
    model: Mapping[str, Any],
    texts: Mapping[str, Any],
    *,
    board_id: str,
    perspective: str,
    interactive: bool = True,
    flipped: bool = False,
) -> Markup:
    """The board for ``model`` (nardy_core.board.board_model) with ``texts`` (board/text.js describeBoard).

    An interactive board is a group of 24 point buttons (roving tabindex: only own point 24 starts at 0),
    dice, trays, the bar and the cube; a non-interactive one is a single image named by the whole position.
    """
    if not ID_PATTERN.match(board_id):
        raise ValueError(f"board_id {board_id!r} must be a valid id (letter, then letters, digits, - or _)")
    g = GEOMETRY
    game = Game.parse(model["game"])
    side_at = {"bottom": perspective, "top": Side.parse(perspective).other.value}
    root: dict[str, object | None] = {
        "xmlns": "http://www.w3.org/2000/svg", "id": board_id, "class": "nb-board", "viewBox": f"0 0 {g.width} {g.height}",
        "data-game": game.value, "data-perspective": perspective, "data-flipped": str(flipped).lower(),
        "data-interactive": str(interactive).lower(), "data-model": json.dumps(model, separators=(",", ":")),
    }
    if interactive:
        root.update({"role": "group", "aria-label": texts["label"]})
    else:
        root.update({"role": "img", "aria-label": texts["summary"]})
    points_of_slots = slot_points(game, Side.parse(perspective), flipped)
    points = [_point(i, p, texts["labels"][i], texts["points"][i], model["points"].get(str(p)), interactive)
              for i, p in enumerate(points_of_slots)]
    parts = [use("nb-frame"), _captions(game, texts, flipped), el("g", {"class": "nb-points"}, *points),
             _dice(model, texts, interactive)]  # Tab order: the roving point, the dice, then trays, bar, cube
    parts += [_tray(row, side_at[row], model["off"][side_at[row]], texts["trays"][row], interactive) for row in ROWS]
    if game.has_bar:
        parts += [_bar(row, side_at[row], model["bar"][side_at[row]], texts["bar"][row], interactive) for row in ROWS]
    if model.get("cube") or interactive:  # an interactive board may get a cube later (a game with the cube)
        parts.append(_cube(model, perspective, texts["cube"] or "", interactive))
    parts += [_player(row, side_at[row], texts, model["to_move"] == side_at[row]) for row in ROWS]
    parts.append(el("g", {"class": "nb-fly", "aria-hidden": "true"}))
    return Markup(el("svg", root, *parts))

"""The board as inline SVG, drawn at build time: a picture of the position that the page's board code
turns into a playable board.

Contract with ``site/static/js/board/`` (which holds no geometry, colour, glyph or numbering of its own):
- a page with boards carries one **sprite** (:func:`sprite`): every shape a board draws, as ``<defs>`` to
  ``<use>`` (the field with its 24 triangles, the point numbers in both mirrorings, checkers, dice, marks…),
  and the layout tables (``data-geometry``: :func:`builder.board_geometry.geometry_json`); and, once each,
  the shapes its pictures share (:func:`shared_shapes`: stacks of checkers, a tray's slabs, a player bar's
  background, the captions in the page's language), so a picture repeats none of them;
- a board is a picture (``role="img"``, named by the whole position) of the model in ``data-model`` (in
  short: :func:`picture_model`): the
  field, the numbers, the checkers, dice, trays, bar, cube and the two player bars. Without JavaScript
  that is what a reader gets. With it, ``board/view.js`` redraws the board in its own parts (the 24 point
  buttons, the trays, the player bars…), looking the same, and adds the marks and the focus rings;
- every text comes from ``board/text.js`` (through :mod:`builder.board_text`), given as ``texts``;
  colours come from ``board.css`` classes.

>>> "nb-checker-white" in sprite()
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from nardy_core import Game, Side

from .board_geometry import DIE_FACES, GEOMETRY, PIP_POSITIONS, ROWS, Row, geometry_json, player_places, slot_labels

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


def json_attribute(name: str, value: object) -> str:
    """``name='{json}'``: JSON in single quotes, so its many double quotes need no escaping."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return f" {name}='" + text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;") + "'"


# ---- the sprite: every shape once per page ---------------------------------------------------------------


def _focus_ring(ref: str, x: float, y: float, width: float, height: float) -> str:
    box = {"x": x, "y": y, "width": width, "height": height, "rx": 8}
    return el("g", {"id": ref, "class": "nb-focus-shape"}, el("rect", {**box, "class": "nb-focus-under"}),
              el("rect", {**box, "class": "nb-focus-over"}))


def _field() -> str:
    """The wood, the field, the bar, the two trays and the 24 triangles: what every board shares."""
    g = GEOMETRY
    span = {"y": g.top_row_top, "height": g.bottom_row_top + g.row_height - g.top_row_top}
    parts = [
        el("rect", {"class": "nb-frame", "y": g.player_bar, "width": g.width, "rx": 14, "height": g.height - 2 * g.player_bar}),
        el("rect", {"class": "nb-field", "x": g.frame, "width": g.field_right - g.frame, **span}),
        el("rect", {"class": "nb-bar", "x": g.bar_left, "width": g.bar_width, **span}),
    ]
    parts += [el("rect", {"class": "nb-tray__box", "x": g.tray_left, "y": g.row_top(row), "width": g.tray_width,
                          "height": g.row_height, "rx": 8}) for row in ROWS]
    triangles: dict[tuple[str, str], list[str]] = {}
    for index in range(24):  # one path per row and colour: the same 24 triangles in a quarter of the bytes
        slot = g.slot(index)
        edge = slot["top"] if slot["row"] == "top" else slot["top"] + g.row_height
        rise, half = slot["dir"] * g.triangle_height, g.point_width // 2 - 2
        shade = "a" if (slot["col"] + (slot["row"] == "bottom")) % 2 == 0 else "b"
        triangles.setdefault((slot["row"], shade), []).append(f"M{slot['left'] + 2} {edge}l{half} {rise}l{half} {-rise}z")
    parts += [el("path", {"class": f"nb-triangle nb-col--{shade}", "d": "".join(d)}) for (_, shade), d in triangles.items()]
    return el("g", {"id": "nb-field"}, *parts)


def _labels(flipped: bool) -> str:
    """The 24 point numbers of the side at the bottom (the same for both sides; mirroring moves them)."""
    g = GEOMETRY
    rows: dict[float, list[str]] = {}
    for i, label in enumerate(slot_labels(flipped)):
        slot = g.slot(i)
        rows.setdefault(slot["label_y"], []).append(el("tspan", {"x": slot["x"]}, text=str(label)))
    texts = [el("text", {"y": y}, *spans) for y, spans in rows.items()]
    return el("g", {"id": f"nb-labels-{'mirrored' if flipped else 'normal'}", "class": "nb-labels"}, *texts)


def static_shapes() -> str:
    """The shapes a board's picture uses: what a page without JavaScript needs to show a position."""
    g = GEOMETRY
    parts = []
    for side in ("white", "black"):  # discs are lit from the top left
        parts.append(f'<radialGradient id="nb-disc-{side}" cx="0.38" cy="0.34" r="0.75">'
                     f'<stop class="nb-light nb-light--{side}" offset="0"/><stop class="nb-shade nb-shade--{side}" offset="1"/>'
                     f'</radialGradient>')
        parts.append(el("g", {"id": f"nb-checker-{side}", "class": f"nb-checker nb-checker--{side}"},
                        el("circle", {"class": "nb-checker__disc", "r": g.checker_radius}),
                        el("circle", {"class": "nb-checker__ring", "r": g.checker_ring_radius})))
        parts.append(el("rect", {"id": f"nb-slab-{side}", "class": f"nb-slab nb-slab--{side}", "x": -g.slab_width / 2,
                                 "y": -g.slab_height / 2, "width": g.slab_width, "height": g.slab_height, "rx": 4}))
    parts += [_field(), _labels(False)]
    size = g.die_size
    parts.append(el("rect", {"id": "nb-die-face", "class": "nb-die__face", "width": size, "height": size, "rx": 9}))
    parts.append(el("circle", {"id": "nb-pip", "class": "nb-pip", "r": round(size * 0.095, 2)}))
    for value, shown in DIE_FACES.items():
        pips = [use("nb-pip", x=round(PIP_POSITIONS[i][0] * size, 1), y=round(PIP_POSITIONS[i][1] * size, 1)) for i in shown]
        parts.append(el("g", {"id": f"nb-die-{value}"}, use("nb-die-face"), *pips))
    parts.append(el("path", {"id": "nb-strike", "class": "nb-die__strike", "d": f"M5 {size - 5} L{size - 5} 5"}))
    parts.append(el("rect", {"id": "nb-cube-face", "class": "nb-cube__face", "width": g.cube_size, "height": g.cube_size, "rx": 7}))
    parts.append(el("rect", {"id": "nb-player-bg", "class": "nb-player__bg", "x": 3, "y": 6, "rx": 12,
                             "width": g.width - 6, "height": g.player_bar - 12}))
    return "".join(parts)


def interactive_shapes() -> str:
    """The shapes only a playable board draws (hit areas, marks, focus rings, the mirrored numbers): the
    page's board code adds them from ``board/sprite-data.js``, so a page carries none of them."""
    g = GEOMETRY
    parts = [f'<pattern id="nb-pattern-{kind}" class="nb-hatch nb-hatch--{kind}" width="12" height="12" '
             f'patternUnits="userSpaceOnUse">{shape}</pattern>' for kind, shape in HATCH.items()]
    parts.append(_labels(True))
    band_half = g.band_height // 2
    # the big, forgiving hit area of a point: its number strip, its row and the half of the band next to it
    parts.append(el("rect", {"id": "nb-hit-top", "y": -g.label_strip, "width": g.point_width,
                             "height": g.label_strip + g.row_height + band_half}))
    parts.append(el("rect", {"id": "nb-hit-bottom", "y": -band_half, "width": g.point_width,
                             "height": band_half + g.row_height + g.label_strip}))
    parts.append(el("rect", {"id": "nb-hit-tray", "width": g.tray_width, "height": g.row_height + band_half}))
    parts.append(el("rect", {"id": "nb-hit-bar", "width": g.bar_width, "height": g.band_middle - g.top_row_top}))
    parts.append(el("path", {"id": "nb-selectable", "class": "nb-selectable", "d": "M-14 16 H14"}))
    column = {"width": g.point_width - 4, "height": g.row_height - 4, "x": 2, "y": 2, "rx": 6}
    for kind in MARK_KINDS:
        parts.append(el("rect", {"id": f"nb-overlay-{kind}", "class": f"nb-overlay nb-overlay--{kind}", **column,
                                 "fill": f"url(#nb-pattern-{kind})"}))
        parts.append(el("rect", {"id": f"nb-outline-{kind}", "class": f"nb-outline nb-outline--{kind}", **column,
                                 "stroke-dasharray": MARK_DASH[kind]}))
        parts.append(el("g", {"id": f"nb-badge-{kind}", "class": f"nb-badge nb-badge--{kind}"},
                        el("circle", {"r": g.badge_radius}),
                        el("text", {"class": "nb-badge__glyph"}, text=MARK_GLYPH[kind])))
    parts.append(el("rect", {"id": "nb-outline-selected", "class": "nb-outline nb-outline--selected", **column}))
    parts.append(el("circle", {"id": "nb-selected-ring", "class": "nb-selected-ring", "r": g.checker_radius + 2}))
    parts.append(el("circle", {"id": "nb-destination", "class": "nb-destination", "r": g.destination_radius}))
    size = g.die_size
    parts.append(_focus_ring("nb-focus-point", 3, 3, g.point_width - 6, g.label_strip + g.row_height - 6))
    parts.append(_focus_ring("nb-focus-die", -6, -6, size + 12, size + 12))
    parts.append(_focus_ring("nb-focus-cube", -6, -6, g.cube_size + 12, g.cube_size + 12))
    parts.append(_focus_ring("nb-focus-tray", 3, 3, g.tray_width - 6, g.row_height - 6))
    parts.append(_focus_ring("nb-focus-bar", 3, 3, g.bar_width - 6, g.band_middle - g.top_row_top - 6))
    return "".join(parts)


SPRITE_ATTRIBUTES = ' class="nb-sprite" aria-hidden="true" focusable="false" id="nb-sprite"'

# The shapes a page's pictures share beyond the fixed ones, each named by what it draws and drawn once per
# page in its sprite (only those the page uses): a stack of checkers on a point (from the point's first
# place, growing away from the board edge of its row), a tray's slabs, a player bar's background and icon,
# and the captions of a game seen from one side (text, so they are given in the page's language).
STACK_REF = re.compile(r"^nb-stack-(white|black)-([1-9][0-9]*)-(top|bottom)$")
TRAY_REF = re.compile(r"^nb-tray-(top|bottom)-(white|black)-([1-9][0-9]*)$")
PLAYER_REF = re.compile(r"^nb-player-(top|bottom)-(white|black)$")
CAPTIONS_REF = re.compile(r"^nb-captions-([a-z_]+)-(white|black)$")
REF = re.compile(r'href="#(nb-[A-Za-z0-9_-]+)"')


def captions_ref(game: str, perspective: str) -> str:
    """The shape holding the captions of ``game`` (its ``caption_kinds``) seen from ``perspective`` (the side
    at the bottom)."""
    return f"nb-captions-{game}-{perspective}"


def _shared_shape(ref: str, captions: Mapping[str, Sequence[str]]) -> str | None:
    g = GEOMETRY
    if match := STACK_REF.match(ref):
        side, count, row = match[1], int(match[2]), match[3]
        direction = 1 if row == "top" else -1
        return el("g", {"id": ref}, *[use(f"nb-checker-{side}", y=direction * i * g.checker_pitch if i else None)
                                      for i in range(count)])
    if match := TRAY_REF.match(ref):
        row, side, count = match[1], match[2], int(match[3])
        place = g.tray(row)  # type: ignore[arg-type]
        return el("g", {"id": ref}, *[use(f"nb-slab-{side}", x=place["x"], y=place["y"] + place["dir"] * i * g.slab_pitch)
                                      for i in range(count)])
    if match := PLAYER_REF.match(ref):
        row, side = match[1], match[2]
        places = player_places()
        icon = f"translate({places['icon_x']} {places[row]['middle']}) scale({places['icon_scale']})"
        return el("g", {"id": ref}, use("nb-player-bg", y=places[row]["top"]),
                  use(f"nb-checker-{side}", cls="nb-player__icon", transform=icon))
    if (match := CAPTIONS_REF.match(ref)) and ref in captions:
        game = Game.parse(match[1])
        spots = [p for p in geometry_json()["captions"][game.value] if p["what"] in game.caption_kinds]
        texts = [el("text", {"class": "nb-caption", "x": spot["normal"][0], "y": spot["y"], "text-anchor": spot["normal"][1]},
                    text=text) for spot, text in zip(spots, captions[ref], strict=True)]
        return el("g", {"id": ref}, *texts)
    return None


def shared_shapes(markup: str, captions: Mapping[str, Sequence[str]] | None = None) -> str:
    """The shared shapes the pictures in ``markup`` use, once each; ``captions``: the caption texts by
    :func:`captions_ref` (the page's language)."""
    shapes: dict[str, str] = {}
    todo = set(REF.findall(markup))
    while todo:  # and the shapes those shapes use
        ref = todo.pop()
        if ref not in shapes and (shape := _shared_shape(ref, captions or {})) is not None:
            shapes[ref] = shape
            todo |= set(REF.findall(shape)) - shapes.keys()
    return "".join(shapes[ref] for ref in sorted(shapes))


def sprite(markup: str = "", captions: Mapping[str, Sequence[str]] | None = None) -> Markup:
    """The page's one set of picture shapes; it sits once in the ``<body>`` of a page with board pictures.
    ``markup`` is the page (or its boards): the shared shapes its pictures use are added."""
    return Markup(f"<svg{SPRITE_ATTRIBUTES}><defs>{static_shapes()}{shared_shapes(markup, captions)}</defs></svg>")


def sprite_module() -> str:
    """``static/js/board/sprite-data.js``: the layout tables and every shape, for the page's board code
    (one cached file instead of kilobytes in every page). Its types: ``sprite-data.d.ts``."""
    return (
        "// Generated by builder/board_svg.py (sprite_module): the board's layout tables and shapes.\n"
        f"export const GEOMETRY = {json.dumps(geometry_json(), separators=(',', ':'))};\n"
        f"export const STATIC_SHAPES = {json.dumps(static_shapes(), ensure_ascii=False)};\n"
        f"export const INTERACTIVE_SHAPES = {json.dumps(interactive_shapes(), ensure_ascii=False)};\n"
    )


# ---- one board ---------------------------------------------------------------------------------------


def picture_model(model: Mapping[str, Any]) -> dict[str, Any]:
    """The model as a board carries it (``data-model``), in short: a point is its count, positive for White
    and negative for Black; a die is its value, negated once used; an empty bar or tray and no cube are
    left out. ``board/state.js`` (fullModel) reads it back into nardy_core's board model."""
    short = dict(model)
    short["points"] = {p: o["count"] if o["side"] == "white" else -o["count"] for p, o in model["points"].items()}
    short["dice"] = [-d["value"] if d["used"] else d["value"] for d in model["dice"]]
    for key in ("bar", "off", "dice", "cube"):
        if not short[key] or (key in ("bar", "off") and not any(short[key].values())):
            del short[key]
    return short



def _stack(side: str, count: int, place: Mapping[str, Any], pitch: int, visible: int) -> list[str]:
    """At most ``visible`` checkers from ``place`` along its direction; a taller stack shows its count on the last."""
    shown = min(count, visible)
    x, y, direction = place["x"], place["y"], place["dir"]
    parts = [use(f"nb-checker-{side}", x=x, y=y + direction * i * pitch) for i in range(shown)]
    return parts + _count(side, count, x, y + direction * (shown - 1) * pitch, visible)


def _count(side: str, count: int, x: int, y: int, visible: int) -> list[str]:
    if count <= visible:
        return []
    # the board's name already says how many: the number is for the eye
    return [el("text", {"class": f"nb-count nb-count--{side}", "x": x, "y": y}, text=str(count))]


def _checkers(model: Mapping[str, Any], points: list[int]) -> str:
    """One shared stack per occupied point (:data:`STACK_REF`), and the count over a tall one."""
    g = GEOMETRY
    parts = []
    for index, point in enumerate(points):
        occupant = model["points"].get(str(point))
        if occupant:
            side, count, slot = occupant["side"], occupant["count"], g.slot(index)
            shown = min(count, g.max_visible)
            parts.append(use(f"nb-stack-{side}-{shown}-{slot['row']}", x=slot["x"], y=slot["y"]))
            parts += _count(side, count, slot["x"], slot["y"] + slot["dir"] * (shown - 1) * g.checker_pitch, g.max_visible)
    return el("g", {"class": "nb-static"}, *parts) if parts else ""


def _tray(row: Row, side: str, count: int) -> str:
    if not count:
        return ""
    place = GEOMETRY.tray(row)
    counter = el("text", {"class": "nb-tray__count", "x": place["x"], "y": place["count_y"]}, text=str(count))
    return el("g", {"class": "nb-tray", "data-side": side}, use(f"nb-tray-{row}-{side}-{count}"), counter)


def _bar(row: Row, side: str, count: int) -> str:
    g = GEOMETRY
    if not count:
        return ""
    return el("g", {"class": "nb-bar-slot", "data-side": side}, *_stack(side, count, g.bar(row), g.bar_pitch, g.bar_visible))


def _dice(model: Mapping[str, Any]) -> str:
    """The dice on the bar (a used one struck through)."""
    uses = model["dice"]
    if not uses:
        return ""
    slots = GEOMETRY.dice_slots()[str(len(uses))]
    dice = [el("g", {"class": "nb-die", "data-used": str(die["used"]).lower(), "transform": f"translate({x} {y})"},
               use(f"nb-die-{die['value']}"), use("nb-strike") if die["used"] else "")
            for die, (x, y) in zip(uses, slots, strict=True)]
    return el("g", {"class": "nb-dice"}, *dice)


def _cube(model: Mapping[str, Any], perspective: str) -> str:
    cube = model.get("cube")
    if not cube:
        return ""
    g = GEOMETRY
    where = "middle" if cube["owner"] is None else ("bottom" if cube["owner"] == perspective else "top")
    x, y = g.cube_slots()[where]
    value = cube["value"] if cube["value"] > 1 else 64  # a cube in the middle shows 64
    return el("g", {"class": "nb-cube", "transform": f"translate({x} {y})"}, use("nb-cube-face"),
              el("text", {"class": "nb-cube__value", "x": g.cube_size / 2, "y": g.cube_size / 2}, text=str(value)))


def _player(row: Row, side: str, texts: Mapping[str, Any], active: bool) -> str:
    places = player_places()
    middle = places[row]["middle"]
    status = texts["status"][row]
    return el("g", {"class": "nb-player", "data-active": str(active).lower()},
              use(f"nb-player-{row}-{side}"),  # the background first: board.css marks the active bar on it
              # the name and the pips, then the status: board.css styles them by their place
              el("text", {"x": places["text_x"], "y": middle}, el("tspan", {}, text=texts["sides"][row]),
                 el("tspan", {}, text=f"  {texts['pips'][row]}")),
              el("text", {"x": places["status_x"], "y": middle}, text=status) if status else "")


def render_board(
    model: Mapping[str, Any],
    texts: Mapping[str, Any],
    *,
    board_id: str,
    perspective: str,
    interactive: bool = True,
    picture: bool = True,
    captions: bool = True,
) -> Markup:
    """The board for ``model`` (nardy_core.board.board_model) with ``texts`` (board/text.js describeBoard).
    Without ``captions`` the picture has no "white's head"/"black's home" texts (a find-the-point puzzle).

    It is an image named by the whole position; ``interactive`` marks it for the page's board code to make
    playable (the 24 point buttons, dice, trays, bar and cube). With ``picture`` the position is drawn too,
    for a page that must read without JavaScript; without it the page's board code draws it (a puzzle's own
    page and an embed: they play only with JavaScript, and each saves the picture's kilobytes).
    The build draws a board unmirrored; the page's board code mirrors it on request.
    """
    if not ID_PATTERN.match(board_id):
        raise ValueError(f"board_id {board_id!r} must be a valid id (letter, then letters, digits, - or _)")
    g = GEOMETRY
    game = Game.parse(model["game"])
    side_at = {"bottom": perspective, "top": Side.parse(perspective).other.value}
    root: dict[str, object | None] = {
        "xmlns": "http://www.w3.org/2000/svg", "id": board_id, "class": "nb-board", "viewBox": f"0 0 {g.width} {g.height}",
        "data-game": game.value, "data-perspective": perspective,  # unmirrored: no data-flipped
        "data-interactive": str(interactive).lower(), "role": "img", "aria-label": texts["summary"],
    }
    parts = []
    if picture:
        points = [game.absolute(Side.parse(perspective), label) for label in slot_labels(False)]
        parts = [use("nb-field"), use("nb-labels-normal", cls="nb-numbers"),
                 use(captions_ref(game.value, perspective)) if captions else "", _checkers(model, points), _dice(model)]
        parts += [_tray(row, side_at[row], model["off"][side_at[row]]) for row in ROWS]
        if model["has_bar"]:
            parts += [_bar(row, side_at[row], model["bar"][side_at[row]]) for row in ROWS]
        parts.append(_cube(model, perspective))
        parts += [_player(row, side_at[row], texts, model["to_move"] == side_at[row]) for row in ROWS]
    attributes = "".join(f' {name}="{escape(_fmt(value))}"' for name, value in root.items() if value is not None)
    return Markup(f"<svg{attributes}{json_attribute('data-model', picture_model(model))}>{''.join(parts)}</svg>")

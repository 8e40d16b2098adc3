"""builder/board_svg.py with the texts of board/text.js: the static board says the position right, to the eye
and to a screen reader, in both games."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from builder.board_geometry import GEOMETRY, geometry_json, slot_points
from builder.board_svg import interactive_shapes, picture_model, render_board, shared_shapes, sprite, sprite_module, static_shapes
from builder.board_text import describe_boards
from builder.i18n import Catalog, load_catalog
from nardy_core import Game, Position, Roll, Side, board_model
from nardy_core.cube import Cube

PROJECT_ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {lang: load_catalog(PROJECT_ROOT / "site" / "i18n", lang) for lang in ("ru", "en")}


def board(catalogs: dict[str, Catalog], model: dict[str, Any], lang: str = "en", perspective: str = "white",
          interactive: bool = True, picture: bool = True) -> ET.Element:
    """The board's picture with the shared shapes it uses drawn in place (as a browser shows a ``<use>``)."""
    request = {"lang": lang, "model": model, "view": {"perspective": perspective, "flipped": False, "interactive": interactive}}
    texts = describe_boards([request], {k: dict(v.messages) for k, v in catalogs.items()})[0]
    markup = render_board(model, texts, board_id="b", perspective=perspective, interactive=interactive, picture=picture)
    captions = {f"nb-captions-{model['game']}-{perspective}": texts["captions"]}
    shapes = ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{shared_shapes(str(markup), captions)}</svg>")
    return expand(ET.fromstring(str(markup)), {e.get("id"): e for e in shapes})


def expand(svg: ET.Element, shapes: dict[str | None, ET.Element]) -> ET.Element:
    """Every ``<use>`` of a shared shape replaced by the shape's parts, moved by the use's x and y."""
    for parent in list(svg.iter()):
        for i, child in enumerate(list(parent)):
            shape = shapes.get((child.get("href") or "").removeprefix("#"))
            if child.tag != f"{NS}use" or shape is None:
                continue
            dx, dy = float(child.get("x") or 0), float(child.get("y") or 0)
            parent.remove(child)
            for j, part in enumerate(expand(copy.deepcopy(shape), shapes)):
                if part.tag == f"{NS}use" and (dx or dy):
                    part.set("x", _num(float(part.get("x") or 0) + dx))
                    part.set("y", _num(float(part.get("y") or 0) + dy))
                parent.insert(i + j, part)
    return svg


def _num(value: float) -> str:
    return f"{value:g}"


def by_class(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in svg.iter() if cls in e.get("class", "").split()]


def drawn_points(svg: ET.Element, game: Game = Game.LONG, perspective: Side = Side.WHITE) -> dict[int, tuple[str, int]]:
    """What the picture shows on each absolute point: (side, discs drawn), read back from the discs' places."""
    slots = [GEOMETRY.slot(i) for i in range(24)]
    names = slot_points(game, perspective, False)
    found: dict[int, tuple[str, int]] = {}
    for static in by_class(svg, "nb-static"):
        for disc in static.iter(f"{NS}use"):
            x, y = float(disc.get("x") or 0), float(disc.get("y") or 0)
            index = next(i for i, slot in enumerate(slots)
                         if slot["x"] == x and slot["top"] <= y <= slot["top"] + GEOMETRY.row_height)
            side = (disc.get("href") or "").removeprefix("#nb-checker-")
            seen = found.get(names[index], (side, 0))
            assert seen[0] == side, f"two colours on point {names[index]}"
            found[names[index]] = (side, seen[1] + 1)
    return found


START = board_model(Position.start(), Roll(6, 5))


def full_model(short: dict[str, Any]) -> dict[str, Any]:
    """A board's data-model read back as board/state.js fullModel does."""
    none = {"white": 0, "black": 0}
    points = {p: {"side": "white" if n > 0 else "black", "count": abs(n)} for p, n in short["points"].items()}
    dice = [{"value": abs(d), "used": d < 0} for d in short.get("dice", [])]
    return {**short, "points": points, "bar": short.get("bar", none), "off": short.get("off", none), "dice": dice,
            "cube": short.get("cube")}


@pytest.mark.parametrize("model", [
    START,
    board_model(Position.start(), Roll(4, 4), dice_left=[4, 4]),
    board_model(Position.from_notation("short:w/24:2,13:5,8:3,6:5/bar,24,13:5,8:3,6:5"), Roll(3, 1), cube=Cube(2, Side.BLACK)),
    board_model(Position.from_points({1: 4}, {12: 15})),
])
def test_a_board_carries_its_model_in_short_and_whole(model: dict[str, Any]) -> None:
    short = picture_model(model)
    assert full_model(short) == model
    assert len(json.dumps(short)) < len(json.dumps(model)) * 0.7


def test_the_picture_is_named_by_the_whole_position(catalogs: dict[str, Catalog]) -> None:
    ru = board(catalogs, START, "ru")
    assert ru.get("role") == "img"
    label = ru.get("aria-label") or ""
    assert label.startswith("Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек")
    en = board(catalogs, START, "en")
    assert (en.get("aria-label") or "").startswith("Long nardy board. Point 24, 15 white checkers.")


def test_the_picture_has_no_controls_and_no_inner_names(catalogs: dict[str, Catalog]) -> None:
    """The page's board code adds the buttons; a picture with buttons inside would confuse a screen reader."""
    svg = board(catalogs, START, "ru")
    inner = [e for e in svg.iter() if e is not svg]
    assert not [e for e in inner if e.get("role") or e.get("tabindex") or e.get("aria-label")]


@pytest.mark.parametrize("count,words", [(1, "1 белая шашка"), (2, "2 белые шашки"), (5, "5 белых шашек"), (11, "11 белых шашек"), (14, "14 белых шашек")])
def test_russian_plurals_in_the_picture_name(catalogs: dict[str, Catalog], count: int, words: str) -> None:
    position = Position.from_points({24: count, 1: 15 - count}, {24: 15}) if count < 15 else Position.start()
    svg = board(catalogs, board_model(position), "ru")
    assert f"Пункт 24, {words}" in (svg.get("aria-label") or "")


def test_the_start_position_is_drawn_on_the_heads_per_r2_5(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START)
    assert drawn_points(svg) == {24: ("white", GEOMETRY.max_visible), 12: ("black", GEOMETRY.max_visible)}
    assert [t.text for t in by_class(svg, "nb-count")] == ["15", "15"]  # five discs and the count
    head = GEOMETRY.slot(11)  # White's head, far top right
    assert any(u.get("x") == str(head["x"]) for u in by_class(svg, "nb-static")[0])


@pytest.mark.parametrize("game", list(Game))
def test_black_at_the_bottom_sees_its_own_numbers_and_its_position(catalogs: dict[str, Catalog], game: Game) -> None:
    position = Position.start(game, Side.BLACK)
    svg = board(catalogs, board_model(position), perspective="black")
    assert next(u for u in svg if u.get("class") == "nb-numbers").get("href") == "#nb-labels-normal"
    expected = {game.absolute(side, own): (side.value, min(count, GEOMETRY.max_visible))
                for side in Side for own, count in enumerate(position.counts(side)) if 1 <= own <= 24 and count}
    assert drawn_points(svg, game, Side.BLACK) == expected


def test_without_the_picture_the_board_is_named_and_carries_its_model_only(catalogs: dict[str, Catalog]) -> None:
    """A puzzle's page, an embed and the free board: the page's board code draws the position."""
    svg = board(catalogs, START, "ru", picture=False)
    assert list(svg) == [] and svg.get("role") == "img"
    assert (svg.get("aria-label") or "").startswith("Доска для длинных нард. Пункт 24, 15 белых шашек")
    assert full_model(json.loads(svg.get("data-model") or "{}")) == START


def test_dice_used_state_is_not_colour_only(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, board_model(Position.start(), Roll(6, 5), dice_left=[5]), "ru")
    dice = by_class(svg, "nb-die")
    assert [d.get("data-used") for d in dice] == ["true", "false"]
    assert [[u.get("href") for u in d] for d in dice] == [["#nb-die-6", "#nb-strike"], ["#nb-die-5"]]
    assert (svg.get("aria-label") or "").endswith("Кубики: 5")  # the dice still to play


def test_doubles_show_four_uses_and_what_is_left(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, board_model(Position.start(), Roll(4, 4), dice_left=[4, 4, 4]), "en")
    assert len(by_class(svg, "nb-die")) == 4
    status = [bar.findall(f"{NS}text")[1:] for bar in by_class(svg, "nb-player")]  # the text after the name and pips
    assert [[s.text for s in texts] for texts in status] == [[], ["White to move · 4 ×3 left"]]


def test_no_dice_no_cube_no_borne_off_checkers_means_no_markup_for_them(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, board_model(Position.start()))
    for cls in ("nb-dice", "nb-die", "nb-tray", "nb-cube", "nb-bar-slot"):
        assert not by_class(svg, cls), cls


def test_side_to_move_pips_and_captions_are_text(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START, "ru")
    texts = [bar.find(f"{NS}text") for bar in by_class(svg, "nb-player")]  # the name, then the pips
    names = [text[0].text for text in texts if text is not None]
    pips = [text[1].text for text in texts if text is not None]
    assert names == ["Чёрные", "Белые"] and pips == ["  360 пипсов", "  360 пипсов"]
    assert sorted(t.text or "" for t in by_class(svg, "nb-caption")) == ["Голова белых", "Голова чёрных", "Дом белых", "Дом чёрных"]


def test_short_nardy_board_has_the_bar_the_cube_and_no_head_captions(catalogs: dict[str, Catalog]) -> None:
    position = Position.from_notation("short:w/24:2,13:5,8:3,6:5/bar,24,13:5,8:3,6:5")
    svg = board(catalogs, board_model(position, cube=Cube()), "ru")
    bars = by_class(svg, "nb-bar-slot")
    assert [(b.get("data-side"), len(list(b))) for b in bars] == [("black", 1)]
    assert sorted(t.text or "" for t in by_class(svg, "nb-caption")) == ["Дом белых", "Дом чёрных"]
    label = svg.get("aria-label") or ""
    assert label.startswith("Доска для коротких нард") and "Бар: 1 чёрная шашка" in label
    assert "Куб удвоения: 1, в центре" in label
    assert [t.text for t in by_class(svg, "nb-cube__value")] == ["64"]
    assert drawn_points(svg, Game.SHORT)[12] == ("black", 5)  # Black's 13 is White's 12


@pytest.mark.parametrize("game, black_home_right", [(Game.SHORT, True), (Game.LONG, False)])
def test_each_sides_home_caption_is_beside_its_home(catalogs: dict[str, Catalog], game: Game, black_home_right: bool) -> None:
    """White's home is its 1-6, bottom right; Black's, seen from White, is over White's 19-24 in short nardy
    (top right) and over White's 13-18 in long nardy (top left)."""
    svg = board(catalogs, board_model(Position.start(game)), "en")
    middle = float(svg.get("viewBox", "0 0 0 0").split()[2]) / 2
    places = {t.text: (float(t.get("x", 0)), float(t.get("y", 0))) for t in by_class(svg, "nb-caption")}
    white, black = places["White's home"], places["Black's home"]
    assert white[0] > middle and black[1] < white[1]
    assert (black[0] > middle) is black_home_right


def test_borne_off_checkers_are_drawn_and_counted_in_the_tray(catalogs: dict[str, Catalog]) -> None:
    position = Position.from_points({1: 4}, {12: 15})
    svg = board(catalogs, board_model(position))
    trays = by_class(svg, "nb-tray")
    assert [(t.get("data-side"), len([u for u in t if u.tag == f"{NS}use"])) for t in trays] == [("white", 11)]
    assert [t.text for t in by_class(svg, "nb-tray__count")] == ["11"]


def test_markup_is_csp_safe_and_carries_its_model(catalogs: dict[str, Catalog]) -> None:
    markup = ET.tostring(board(catalogs, START), encoding="unicode")
    assert "style=" not in markup and "<script" not in markup and not re.search(r"\son[a-z]+=", markup)
    svg = board(catalogs, START)
    assert full_model(json.loads(svg.get("data-model") or "{}")) == START
    assert svg.get("data-game") == "long"


PICTURE_SHAPES = ("nb-checker-white", "nb-checker-black", "nb-field", "nb-labels-normal", "nb-die-6", "nb-strike",
                  "nb-cube-face", "nb-pip", "nb-player-bg")
PLAYING_SHAPES = ("nb-labels-mirrored", "nb-hit-top", "nb-hit-bottom", "nb-hit-tray", "nb-hit-bar", "nb-outline-error",
                  "nb-badge-hint", "nb-destination", "nb-focus-point", "nb-selectable")


def test_a_page_carries_only_the_picture_shapes() -> None:
    markup = str(sprite())
    for ref in PICTURE_SHAPES:
        assert f'id="{ref}"' in markup, ref
    for ref in PLAYING_SHAPES:
        assert f'id="{ref}"' not in markup, ref
    ET.fromstring(markup)  # well formed


def test_the_board_module_holds_every_shape_and_the_layout_tables() -> None:
    module = sprite_module()
    values = dict(re.findall(r"^export const (\w+) = (.*);$", module, re.MULTILINE))
    assert json.loads(values["GEOMETRY"]) == json.loads(json.dumps(geometry_json()))
    assert json.loads(values["GEOMETRY"])["points"]["short"]["black"]["normal"][11] == 1
    assert json.loads(values["STATIC_SHAPES"]) == static_shapes()
    shapes = json.loads(values["INTERACTIVE_SHAPES"])
    assert shapes == interactive_shapes()
    for ref in PLAYING_SHAPES:
        assert f'id="{ref}"' in shapes, ref
    ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{static_shapes()}{shapes}</svg>")


def test_bad_board_id_is_rejected(catalogs: dict[str, Catalog]) -> None:
    with pytest.raises(ValueError):
        render_board(START, {}, board_id="1 bad", perspective="white")


def test_pictures_share_their_stacks_trays_player_bars_and_captions(catalogs: dict[str, Catalog]) -> None:
    """A picture draws each stack, tray and player bar with one ``<use>`` of a shape its page's sprite holds
    once, and the captions in the page's language: a page of many boards repeats none of them."""
    request = {"lang": "ru", "model": START, "view": {"perspective": "white", "flipped": False, "interactive": False}}
    texts = describe_boards([request], {k: dict(v.messages) for k, v in catalogs.items()})[0]
    markup = str(render_board(START, texts, board_id="b", perspective="white", interactive=False))
    refs = re.findall(r'href="#([\w-]+)"', markup)
    assert "nb-checker-white" not in refs and "Дом белых" not in markup
    assert refs.count("nb-stack-white-5-top") == refs.count("nb-stack-black-5-bottom") == 1
    page = str(sprite(markup + markup, {"nb-captions-long-white": texts["captions"]}))
    ET.fromstring(page)  # well formed
    for ref in ("nb-stack-white-5-top", "nb-stack-black-5-bottom", "nb-player-top-black", "nb-player-bottom-white",
                "nb-captions-long-white"):
        assert page.count(f'id="{ref}"') == 1, ref
    assert "nb-stack-white-4-top" not in page and "nb-tray-" not in page  # only the shapes the page uses
    assert "Дом белых" in page and "Голова чёрных" in page

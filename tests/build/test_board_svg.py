"""builder/board_svg.py: the static board says the position right, to the eye and to a screen reader."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from builder.board_svg import GEOMETRY, normalize_model, own_label, render_board
from builder.i18n import Catalog, load_catalog

PROJECT_ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"

START: dict[str, Any] = {
    "points": {"24": {"side": "white", "count": 15}, "12": {"side": "black", "count": 15}},
    "off": {"white": 0, "black": 0}, "to_move": "white", "dice": [6, 5], "dice_used": [False, False],
    "perspective": "white", "pips": {"white": 360, "black": 360},
}


@pytest.fixture(scope="module")
def ru() -> Catalog:
    return load_catalog(PROJECT_ROOT / "site" / "i18n", "ru")


@pytest.fixture(scope="module")
def en() -> Catalog:
    return load_catalog(PROJECT_ROOT / "site" / "i18n", "en")


def parse(markup: str) -> ET.Element:
    return ET.fromstring(str(markup))


def points(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{NS}g") if "nb-point" in g.get("class", "").split()]


def point_by_abs(svg: ET.Element, point: int) -> ET.Element:
    return next(g for g in points(svg) if g.get("data-point") == str(point))


def point_by_label(svg: ET.Element, label: int) -> ET.Element:
    return next(g for g in points(svg) if g.get("data-label") == str(label))


def checkers(g: ET.Element) -> list[ET.Element]:
    stack = next(e for e in g.iter(f"{NS}g") if e.get("class") == "nb-stack")
    return [e for e in stack if "nb-checker" in e.get("class", "")]


def by_class(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in svg.iter() if cls in e.get("class", "").split()]


def with_points(**placed: tuple[str, int]) -> dict[str, Any]:
    return {**START, "points": {key[1:]: {"side": side, "count": count} for key, (side, count) in placed.items()}}


def test_start_position_names_in_russian(ru: Catalog) -> None:
    svg = parse(render_board(START, ru.t, board_id="b"))
    assert svg.get("role") == "group" and svg.get("aria-label") == "Доска для длинных нард"
    assert point_by_abs(svg, 24).get("aria-label") == "Пункт 24, 15 белых шашек"
    assert point_by_abs(svg, 12).get("aria-label") == "Пункт 12, 15 чёрных шашек"
    assert point_by_abs(svg, 7).get("aria-label") == "Пункт 7, пусто"
    assert all(g.get("role") == "button" for g in points(svg))


def test_start_position_names_in_english(en: Catalog) -> None:
    svg = parse(render_board(START, en.t, board_id="b"))
    assert point_by_abs(svg, 24).get("aria-label") == "Point 24, 15 white checkers"
    assert point_by_abs(svg, 12).get("aria-label") == "Point 12, 15 black checkers"
    assert point_by_abs(svg, 7).get("aria-label") == "Point 7, empty"


def test_russian_plurals_in_point_names(ru: Catalog) -> None:
    svg = parse(render_board(with_points(p1=("white", 1), p2=("white", 2), p3=("black", 5), p4=("black", 3)),
                             ru.t, board_id="b"))
    assert point_by_abs(svg, 1).get("aria-label") == "Пункт 1, 1 белая шашка"
    assert point_by_abs(svg, 2).get("aria-label") == "Пункт 2, 2 белые шашки"
    assert point_by_abs(svg, 3).get("aria-label") == "Пункт 3, 5 чёрных шашек"
    assert point_by_abs(svg, 4).get("aria-label") == "Пункт 4, 3 чёрные шашки"


def test_layout_follows_r2_5_for_white(en: Catalog) -> None:
    svg = parse(render_board(START, en.t, board_id="b"))
    slot = {(g.get("data-row"), int(g.get("data-col"))): int(g.get("data-label")) for g in points(svg)}
    assert [slot["bottom", col] for col in range(12)] == list(range(12, 0, -1))  # W12 … W1, right to left
    assert [slot["top", col] for col in range(12)] == list(range(13, 25))  # W13 … W24, left to right
    head = point_by_abs(svg, 24)
    assert (head.get("data-row"), head.get("data-col")) == ("top", "11")  # far-right corner
    assert float(head.get("data-x")) > float(point_by_abs(svg, 19).get("data-x"))
    # geometry the JS needs travels as data attributes
    for name in ("data-x", "data-base-y", "data-dir", "data-pitch", "data-max-visible", "data-left", "data-top"):
        assert head.get(name) is not None
    assert head.get("data-dir") == "1" and point_by_abs(svg, 1).get("data-dir") == "-1"


def test_perspective_black_shows_blacks_own_numbers(en: Catalog, ru: Catalog) -> None:
    svg = parse(render_board({**START, "perspective": "black"}, en.t, board_id="b"))
    corner = next(g for g in points(svg) if g.get("data-row") == "top" and g.get("data-col") == "11")
    assert corner.get("data-label") == "24" and corner.get("data-point") == "12"  # Black's head, far right
    assert corner.get("aria-label") == "Point 24, 15 black checkers"
    white_head = point_by_abs(svg, 24)
    assert white_head.get("data-label") == "12" and white_head.get("aria-label") == "Point 12, 15 white checkers"
    assert (white_head.get("data-row"), white_head.get("data-col")) == ("bottom", "0")
    svg_ru = parse(render_board({**START, "perspective": "black"}, ru.t, board_id="b"))
    assert point_by_abs(svg_ru, 13).get("aria-label") == "Пункт 1, пусто"
    bottom_tray = next(g for g in by_class(svg, "nb-tray") if g.get("data-tray") == "bottom")
    assert bottom_tray.get("data-side") == "black"


def test_own_label_is_an_involution() -> None:
    assert [own_label(p, "black") for p in (24, 19, 18, 13, 12, 7, 6, 1)] == [12, 7, 6, 1, 24, 19, 18, 13]
    assert all(own_label(own_label(p, "black"), "black") == p for p in range(1, 25))


def test_tall_stacks_show_five_discs_and_a_count(en: Catalog) -> None:
    svg = parse(render_board(with_points(p24=("white", 15), p12=("black", 5), p3=("black", 6)), en.t, board_id="b"))
    head = checkers(point_by_abs(svg, 24))
    assert len(head) == GEOMETRY.max_visible
    labels = [e.text for e in head[-1].iter(f"{NS}text")]
    assert labels == ["15"]
    assert not list(checkers(point_by_abs(svg, 12))[-1].iter(f"{NS}text"))  # exactly five: no label needed
    assert [e.text for e in checkers(point_by_abs(svg, 3))[-1].iter(f"{NS}text")] == ["6"]
    assert "nb-checker--black" in checkers(point_by_abs(svg, 12))[0].get("class")


def test_exactly_one_point_is_in_the_tab_order(en: Catalog) -> None:
    svg = parse(render_board(START, en.t, board_id="b"))
    tabbable = [g for g in points(svg) if g.get("tabindex") == "0"]
    assert len(tabbable) == 1 and tabbable[0].get("data-label") == "24"
    assert sum(g.get("tabindex") == "-1" for g in points(svg)) == 23


def test_off_trays_show_counts(ru: Catalog, en: Catalog) -> None:
    model = {**START, "off": {"white": 3, "black": 0}}
    svg = parse(render_board(model, ru.t, board_id="b"))
    trays = {g.get("data-side"): g for g in by_class(svg, "nb-tray")}
    assert trays["white"].get("aria-label") == "Снято белых: 3" and trays["white"].get("role") == "button"
    assert trays["black"].get("aria-label") == "Снято чёрных: 0"
    assert len(by_class(trays["white"], "nb-slab")) == 3
    assert [e.text for e in by_class(trays["white"], "nb-tray__count")] == ["3"]
    svg_en = parse(render_board(model, en.t, board_id="b"))
    assert {g.get("aria-label") for g in by_class(svg_en, "nb-tray")} == {"White borne off: 3", "Black borne off: 0"}


def test_dice_used_state_is_not_colour_only(ru: Catalog) -> None:
    svg = parse(render_board({**START, "dice_used": [True, False]}, ru.t, board_id="b"))
    dice = by_class(svg, "nb-die")
    assert len(dice) == 4
    six, five, *hidden = dice
    assert six.get("aria-label") == "Кубик 6, использован" and six.get("aria-pressed") == "true"
    assert six.get("data-used") == "true" and six.get("role") == "button" and six.get("tabindex") == "0"
    assert by_class(six, "nb-die__strike")[0].get("display") is None  # the strike line is drawn
    assert five.get("aria-label") == "Кубик 5" and five.get("aria-pressed") == "false"
    assert by_class(five, "nb-die__strike")[0].get("display") == "none"
    assert sum(p.get("display") != "none" for p in by_class(six, "nb-pip")) == 6
    assert sum(p.get("display") != "none" for p in by_class(five, "nb-pip")) == 5
    assert all(d.get("display") == "none" and d.get("aria-hidden") == "true" for d in hidden)


def test_doubles_show_four_uses_and_what_is_left(ru: Catalog, en: Catalog) -> None:
    model = {**START, "dice": [6, 6], "dice_used": [True, False, False, False]}
    svg = parse(render_board(model, ru.t, board_id="b"))
    shown = [d for d in by_class(svg, "nb-die") if d.get("display") != "none"]
    assert [d.get("aria-pressed") for d in shown] == ["true", "false", "false", "false"]
    status = by_class(svg, "nb-player__status")
    assert [s.text for s in status if s.text] == ["Ход белых · 6 ×3 осталось"]
    svg_en = parse(render_board({**model, "to_move": None}, en.t, board_id="b"))
    assert [s.text for s in by_class(svg_en, "nb-player__status") if s.text] == ["6 ×3 left"]


def test_side_to_move_and_pips_are_text(ru: Catalog) -> None:
    svg = parse(render_board({**START, "to_move": "black"}, ru.t, board_id="b"))
    bars = {g.get("data-side"): g for g in by_class(svg, "nb-player")}
    assert bars["black"].get("data-active") == "true" and bars["white"].get("data-active") == "false"
    assert by_class(bars["black"], "nb-player__status")[0].text == "Ход чёрных"
    assert by_class(bars["white"], "nb-player__pips")[0].text.strip() == "360 пипсов"


def test_captions_name_heads_and_homes(en: Catalog) -> None:
    svg = parse(render_board(START, en.t, board_id="b"))
    assert sorted(e.text for e in by_class(svg, "nb-caption")) == ["Black's head", "Black's home", "White's head",
                                                                   "White's home"]


def test_flipped_mirrors_left_and_right(en: Catalog) -> None:
    svg = parse(render_board(START, en.t, board_id="b", flipped=True))
    slot = {(g.get("data-row"), int(g.get("data-col"))): int(g.get("data-label")) for g in points(svg)}
    assert [slot["bottom", col] for col in range(12)] == list(range(1, 13))
    assert [slot["top", col] for col in range(12)] == list(range(24, 12, -1))
    assert svg.get("data-flipped") == "true"


def test_non_interactive_board_is_one_image_with_the_whole_position(ru: Catalog) -> None:
    svg = parse(render_board(START, ru.t, board_id="b", interactive=False))
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == ("Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек. "
                                     "Ход белых. Кубики: 6, 5")
    assert not [e for e in svg.iter() if e.get("tabindex") is not None or e.get("role") == "button"]


def test_every_text_comes_from_the_catalog() -> None:
    """With a translator that marks its output, every visible word on the board is marked."""
    def marked(key: str, **params: object) -> str:
        return f"[{key}]"

    svg = parse(render_board({**START, "dice": [6, 6], "to_move": "black"}, marked, board_id="b"))
    for element in svg.iter():
        for text in (element.text, element.get("aria-label")):
            if text and text.strip():
                assert re.fullmatch(r"[\[\]a-z_.\s·0-9✕■?◎]*", text.strip()), text


def test_markup_is_csp_safe_and_self_describing(en: Catalog) -> None:
    markup = str(render_board(START, en.t, board_id="lesson-1"))
    assert " style=" not in markup and "<script" not in markup  # style-src 'self' forbids inline styles
    svg = parse(markup)
    assert svg.get("id") == "lesson-1" and svg.get("viewBox") == f"0 0 {GEOMETRY.width} {GEOMETRY.height}"
    assert json.loads(svg.get("data-model"))["points"]["24"] == {"side": "white", "count": 15}
    templates = {e.get("data-template") for e in svg.iter() if e.get("data-template")}
    assert {"checker-white", "checker-black", "slab-white", "destination", "outline-selected",
            "overlay-error", "badge-block"} <= templates


@pytest.mark.parametrize("bad", [
    {"points": {"25": {"side": "white", "count": 1}}},
    {"points": {"3": {"side": "red", "count": 1}}},
    {"dice": [7]},
    {"to_move": "green"},
    {"dice": [6, 5], "dice_used": [True]},
])
def test_bad_models_are_rejected(bad: dict[str, Any], en: Catalog) -> None:
    with pytest.raises(ValueError, match="board model"):
        render_board({**START, **bad}, en.t, board_id="b")


def test_bad_board_id_is_rejected(en: Catalog) -> None:
    with pytest.raises(ValueError, match="board_id"):
        render_board(START, en.t, board_id="1 bad")


def test_doubles_accept_four_flags_or_pairs() -> None:
    assert [u for _, u in normalize_model({**START, "dice": [2, 2], "dice_used": [True, True]}).dice] == [True] * 4
    assert len(normalize_model({**START, "dice": [2, 2], "dice_used": []}).dice) == 4

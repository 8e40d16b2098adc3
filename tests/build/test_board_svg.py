"""builder/board_svg.py with the texts of board/text.js: the static board says the position right, to the eye
and to a screen reader, in both games."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from builder.board_geometry import GEOMETRY, geometry_json, slot_points
from builder.board_svg import render_board, sprite
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
          interactive: bool = True, flipped: bool = False) -> ET.Element:
    request = {"lang": lang, "model": model, "view": {"perspective": perspective, "flipped": flipped, "interactive": interactive}}
    texts = describe_boards([request], {k: dict(v.messages) for k, v in catalogs.items()})[0]
    markup = render_board(model, texts, board_id="b", perspective=perspective, interactive=interactive, flipped=flipped)
    return ET.fromstring(str(markup))


def points(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{NS}g") if "nb-point" in g.get("class", "").split()]


def point_by_abs(svg: ET.Element, point: int) -> ET.Element:
    return next(g for g in points(svg) if g.get("data-point") == str(point))


def checkers(g: ET.Element) -> list[ET.Element]:
    stacks = [e for e in g.iter(f"{NS}g") if e.get("class") == "nb-stack"]
    return [e for e in stacks[0] if e.tag == f"{NS}use"] if stacks else []


def by_class(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in svg.iter() if cls in e.get("class", "").split()]


START = board_model(Position.start(), Roll(6, 5))


def test_start_position_names_in_russian_and_english(catalogs: dict[str, Catalog]) -> None:
    ru = board(catalogs, START, "ru")
    assert point_by_abs(ru, 24).get("aria-label") == "Пункт 24, 15 белых шашек"
    assert point_by_abs(ru, 12).get("aria-label") == "Пункт 12, 15 чёрных шашек"
    assert point_by_abs(ru, 1).get("aria-label") == "Пункт 1, пусто"
    en = board(catalogs, START, "en")
    assert point_by_abs(en, 24).get("aria-label") == "Point 24, 15 white checkers"
    assert en.get("aria-label") == "Long nardy board"


@pytest.mark.parametrize("count,words", [(1, "1 белая шашка"), (2, "2 белые шашки"), (5, "5 белых шашек"), (11, "11 белых шашек"), (14, "14 белых шашек")])
def test_russian_plurals_in_point_names(catalogs: dict[str, Catalog], count: int, words: str) -> None:
    position = Position.from_points({24: count, 1: 15 - count}, {24: 15}) if count < 15 else Position.start()
    svg = board(catalogs, board_model(position), "ru")
    assert point_by_abs(svg, 24).get("aria-label") == f"Пункт 24, {words}"


def test_layout_follows_r2_5_for_white(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START)
    top_right = next(g for g in points(svg) if g.get("data-slot") == "11")
    bottom_right = next(g for g in points(svg) if g.get("data-slot") == "23")
    assert (top_right.get("data-point"), top_right.get("data-label")) == ("24", "24")  # White's head, far right
    assert (bottom_right.get("data-point"), bottom_right.get("data-label")) == ("1", "1")


@pytest.mark.parametrize("game,expected", [(Game.LONG, "12"), (Game.SHORT, "1")])
def test_black_at_the_bottom_shows_blacks_own_numbers_from_nardy_core(catalogs: dict[str, Catalog], game: Game, expected: str) -> None:
    svg = board(catalogs, board_model(Position.start(game, Side.BLACK)), perspective="black")
    top_right = next(g for g in points(svg) if g.get("data-slot") == "11")
    assert top_right.get("data-label") == "24" and top_right.get("data-point") == expected
    assert slot_points(game, Side.BLACK, False)[11] == game.absolute(Side.BLACK, 24)


def test_tall_stacks_show_five_discs_and_a_count(catalogs: dict[str, Catalog]) -> None:
    head = point_by_abs(board(catalogs, START), 24)
    assert len(checkers(head)) == GEOMETRY.max_visible
    assert [t.text for t in by_class(head, "nb-count")] == ["15"]


def test_exactly_one_point_is_in_the_tab_order(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START)
    assert [g.get("data-label") for g in points(svg) if g.get("tabindex") == "0"] == ["24"]
    assert all(g.get("role") == "button" for g in points(svg))


def test_dice_used_state_is_not_colour_only(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, board_model(Position.start(), Roll(6, 5), dice_left=[5]), "ru")
    dice = [d for d in by_class(svg, "nb-die") if d.get("display") != "none"]
    assert [d.get("aria-label") for d in dice] == ["Кубик 6, использован", "Кубик 5"]
    assert [d.get("aria-pressed") for d in dice] == ["true", "false"]
    strikes = [u for d in dice for u in d if u.get("href") == "#nb-strike"]
    assert [s.get("display") for s in strikes] == [None, "none"]


def test_doubles_show_four_uses_and_what_is_left(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, board_model(Position.start(), Roll(4, 4), dice_left=[4, 4, 4]), "en")
    assert len([d for d in by_class(svg, "nb-die") if d.get("display") != "none"]) == 4
    status = by_class(svg, "nb-player__status")
    assert "White to move · 4 ×3 left" in [s.text for s in status]


def test_side_to_move_pips_and_captions_are_text(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START, "ru")
    names = [t.text for t in by_class(svg, "nb-player__name")]
    pips = [t.text for t in by_class(svg, "nb-player__pips")]
    assert names == ["Чёрные", "Белые"] and pips == ["  360 пипсов", "  360 пипсов"]
    assert sorted(t.text or "" for t in by_class(svg, "nb-caption")) == ["Голова белых", "Голова чёрных", "Дом белых", "Дом чёрных"]


def test_short_nardy_board_has_the_bar_and_no_head_captions(catalogs: dict[str, Catalog]) -> None:
    position = Position.from_notation("short:w/24:2,13:5,8:3,6:5/bar,24,13:5,8:3,6:5")
    svg = board(catalogs, board_model(position, cube=Cube()), "ru")
    bars = by_class(svg, "nb-bar-slot")
    assert sorted(b.get("aria-label") or "" for b in bars) == ["Бар белых: пусто", "Бар: 1 чёрная шашка"]
    assert sorted(t.text or "" for t in by_class(svg, "nb-caption")) == ["Дом белых", "Дом чёрных"]
    assert svg.get("aria-label") == "Доска для коротких нард"
    assert by_class(svg, "nb-cube")[0].get("aria-label") == "Куб удвоения: 1, в центре"
    assert point_by_abs(svg, 12).get("aria-label") == "Пункт 12, 5 чёрных шашек"  # Black's 13 is White's 12


def test_non_interactive_board_is_one_image_with_the_whole_position(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START, "ru", interactive=False)
    assert svg.get("role") == "img"
    label = svg.get("aria-label") or ""
    assert label.startswith("Доска для длинных нард. Пункт 24, 15 белых шашек. Пункт 12, 15 чёрных шашек")
    assert not [g for g in points(svg) if g.get("tabindex") is not None]


def test_flipped_mirrors_left_and_right(catalogs: dict[str, Catalog]) -> None:
    svg = board(catalogs, START, flipped=True)
    top_left = next(g for g in points(svg) if g.get("data-slot") == "0")
    assert top_left.get("data-label") == "24"


def test_markup_is_csp_safe_and_carries_its_model(catalogs: dict[str, Catalog]) -> None:
    markup = ET.tostring(board(catalogs, START), encoding="unicode")
    assert "style=" not in markup and "<script" not in markup and not re.search(r"\son[a-z]+=", markup)
    svg = board(catalogs, START)
    assert json.loads(svg.get("data-model") or "{}") == START
    assert svg.get("data-game") == "long"


def test_the_sprite_holds_every_shape_and_the_layout_tables() -> None:
    markup = str(sprite())
    for ref in ("nb-checker-white", "nb-checker-black", "nb-col-top", "nb-col-bottom", "nb-die-6", "nb-strike", "nb-cube-face",
                "nb-outline-error", "nb-badge-hint", "nb-destination", "nb-focus-point"):
        assert f'id="{ref}"' in markup, ref
    tables = json.loads(ET.fromstring(markup).get("data-geometry") or "{}")
    assert tables == json.loads(json.dumps(geometry_json()))
    assert tables["points"]["short"]["black"]["normal"][11] == 1


def test_bad_board_id_is_rejected(catalogs: dict[str, Catalog]) -> None:
    with pytest.raises(ValueError):
        render_board(START, {}, board_id="1 bad", perspective="white")

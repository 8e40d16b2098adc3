"""Every game is one entry of the games' table (nardy_core/games.py) and has all a game needs.

The test enumerates :class:`Game`, so a member added without a trait, a start, a notation, legal turns, a
rules page or its names in the catalogs fails here, not in a learner's browser.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from builder.catalog_checks import GAME_KEYS
from builder.i18n import load_catalog
from builder.lessons import LANGUAGES, SPECIAL_PAGES
from nardy_core import Game, Position, ReasonCode, Roll, Side, codes_for, default_rules, legal_turns, rules_from_dict
from nardy_core.games import CHECKERS, DEFAULT_GAME, HOME, POINTS, Family, FamilySpec, GameSpec
from nardy_core.rules import CascadeOptions, rules_class

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(Game)
ROLLS = [Roll(6, 5), Roll(3, 1), Roll(4, 4), Roll(2, 1)]


@pytest.mark.parametrize("game", GAMES, ids=lambda value: value.value)
def test_each_game_has_every_trait(game: Game) -> None:
    spec = game.spec
    assert isinstance(spec, GameSpec) and isinstance(spec.family, Family)
    for field in fields(GameSpec):
        assert getattr(spec, field.name) is not None, field.name
    family = spec.family.spec
    assert isinstance(family, FamilySpec)
    for field in fields(FamilySpec):
        assert getattr(family, field.name) is not None, field.name
    assert game.family is spec.family and game.has_bar is family.has_bar
    assert spec.display_key == f"game.{game.value}"
    assert spec.caption_kinds and "home" in spec.caption_kinds
    assert ("head" in spec.caption_kinds) is family.has_head
    assert spec.checkers == CHECKERS
    assert sum(n for _, n in spec.start_points) == spec.checkers
    assert [p for p, _ in spec.start_points] == sorted((p for p, _ in spec.start_points), reverse=True)
    assert codes_for(game) == spec.reason_codes and set(family.reason_codes) <= set(codes_for(game))
    # a game whose turns have parts gives the codes of those parts too, and its rules carry the cascade's options
    assert (ReasonCode.CASCADE_STAGE in codes_for(game)) is spec.parted_turns
    assert isinstance(default_rules(game), CascadeOptions) is spec.parted_turns
    # the rules: a class of the game's own, which knows its game
    assert rules_class(game).game is game
    assert default_rules(game) == rules_from_dict({}, game) == rules_class(game)()


@pytest.mark.parametrize("family", list(Family), ids=lambda value: value.value)
def test_each_family_numbers_the_board_both_ways(family: Family) -> None:
    table = family.spec.opposite_table
    assert len(table) == POINTS + 1 and sorted(table[1:]) == list(range(1, POINTS + 1))
    assert all(table[table[n]] == n for n in range(1, POINTS + 1))  # the map is its own inverse
    # the two homes never overlap
    assert not {table[p] for p in HOME} & set(HOME)


def test_one_game_needs_no_notation_prefix_and_the_others_are_named_by_theirs() -> None:
    assert [game for game in Game if not game.spec.notation_prefix] == [DEFAULT_GAME]
    assert all(game.spec.notation_prefix == game.value for game in Game if game is not DEFAULT_GAME)


@pytest.mark.parametrize("game", GAMES, ids=lambda value: value.value)
@pytest.mark.parametrize("to_move", list(Side), ids=lambda value: value.value)
def test_start_position_round_trips_through_the_notation(game: Game, to_move: Side) -> None:
    start = Position.start(game, to_move)
    assert start.game is game and start.to_move is to_move
    for side in Side:
        assert start.on_board(side) == game.spec.checkers
        assert start.borne_off(side) == 0
        assert {p: start.count(side, p) for p in range(1, POINTS + 1) if start.count(side, p)} == game.start_points()
    text = start.notation()
    assert text.startswith(f"{game.spec.notation_prefix}:" if game.spec.notation_prefix else to_move.letter)
    assert Position.from_notation(text) == start
    body = text.removeprefix(f"{game.spec.notation_prefix}:")
    assert Position.from_notation(f"{game.value}:{body}") == start  # a game's name is always a prefix it reads


@pytest.mark.parametrize("game", GAMES, ids=lambda value: value.value)
@pytest.mark.parametrize("roll", ROLLS, ids=str)
def test_the_start_has_legal_turns_that_round_trip(game: Game, roll: Roll) -> None:
    start = Position.start(game)
    turns = legal_turns(start, roll, first_turn=True, rules=default_rules(game))
    assert turns, f"no legal turn for {roll} at the start of {game.value} nardy"
    for final, steps in turns:
        assert final.game is game and steps
        assert Position.from_notation(final.notation()) == final
        assert final.pips(Side.WHITE) == start.pips(Side.WHITE) - sum(s.src - s.dst for s in steps)


@pytest.mark.parametrize("game", GAMES, ids=lambda value: value.value)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_has_its_rules_page(game: Game, lang: str) -> None:
    for page in SPECIAL_PAGES:
        path = ROOT / "lessons" / game.value / lang / f"_{page}.md"
        assert path.is_file(), f"{game.value} nardy has no {page} page in {lang}: {path.relative_to(ROOT)}"
        assert path.read_text(encoding="utf-8").strip()


#: the keys built from a game's name: by the templates (GAME_KEYS) and by the board's words (board/text.js)
NAMED_KEYS = (*GAME_KEYS, "board.label.{}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_is_named_in_the_catalogs(lang: str) -> None:
    catalog = load_catalog(ROOT / "site" / "i18n", lang)
    missing = [key for game in Game for key in (game.spec.display_key, *(k.format(game.value) for k in NAMED_KEYS))
               if key not in catalog]
    assert not missing, f"the {lang} catalog lacks {missing}"

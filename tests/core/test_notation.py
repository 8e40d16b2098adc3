"""The position notation: round trips, documented examples, and errors that say what and where; both games
(short nardy: the prefix ``short:``, the bar, Black's own n is White's 25 - n); the play notation's bar, off and *."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_core import Game, Position, PositionError, Side, parse_play
from nardy_core.api import call
from nardy_core.games import BAR
from nardy_core.moves import OFF

NOTATION_PAGE = Path(__file__).resolve().parents[2] / "docs" / "notation.md"

parse_position = Position.from_notation


def format_position(position: Position) -> str:
    return position.notation()


@pytest.mark.parametrize(
    "text",
    ["w/24:15/24:15", "b/24:14,13/24:15", "w/6,4,off:13/24:15", "b/off:15/24:2,10:5,5:8", "w/24:9,11,10,9,8,7:2/24:15",
     "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "short:b/24:2,13:4,8:3,7,6:5/24:2,13:5,8:3,6:4,bar",
     "short:w/13:3,9,8:3,6:3,5:3,bar:2/24:2,13:3,10,8:3,6:3,5:2,1", "short:w/4:3,3:4,2:4,1:2,bar,off:1/20,13:2,8:3,6:3,5:2,4:2,3:2"],
)
def test_canonical_round_trip(text: str) -> None:
    assert format_position(parse_position(text)) == text


def test_relaxed_spelling_is_accepted() -> None:
    assert parse_position(" White / 24:14, 13 / 24:15 ") == parse_position("w/24:14,13/24:15")
    assert parse_position("b/24:14,13/24:15").to_move is Side.BLACK


@pytest.mark.parametrize(
    "text,code,fragment",
    [
        ("w/24:14/24:15", "TOO_FEW_CHECKERS", "add 'off:1'"),
        ("w/24:16/24:15", "TOO_MANY_CHECKERS", "16 checkers"),
        ("x/24:15/24:15", "BAD_NOTATION", "side to move"),
        ("w/24:15", "BAD_NOTATION", "3 fields"),
        ("w/25:15/24:15", "BAD_POINT", "outside 1..24"),
        ("w/24:15/12:1,24:14", "SHARED_POINT", "both white and black"),
        ("w/24:14,24/24:15", "BAD_NOTATION", "listed twice"),
        ("w/24:15/24:x", "BAD_NOTATION", "cannot read"),
        ("w/24:15/", "BAD_NOTATION", "missing"),
        ("w/24:15,5:0/24:15", "BAD_COUNT", "leave empty points out"),
        ("w/bar,24:14/24:15", "BAD_NOTATION", "long nardy has no bar"),
        ("medium:w/24:15/24:15", "BAD_NOTATION", "'long', 'short', 'gulbara', 'crazy', 'american', 'tavla' or 'fevga'"),
        ("short:w/bar:2,bar,24:12/24:2,13:5,8:3,6:5", "BAD_NOTATION", "'bar' given twice"),
        ("short:w/bar:16/24:15", "TOO_MANY_CHECKERS", "16 checkers"),
        ("short:w/24:2,13:5,8:3,6:5/1:2,13:5,8:3,6:5", "SHARED_POINT", "Black's own 1"),  # 25 - 1, not 1 + 12
        ("short:w/24:2,13:5,8:3,6:5/bar:x,24,13:5,8:3,6:5", "BAD_NOTATION", "'bar:count'"),
    ],
)
def test_errors_say_what_and_where(text: str, code: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.code == code
    assert fragment in str(caught.value)


def test_error_position_points_at_the_bad_item() -> None:
    with pytest.raises(PositionError) as caught:
        parse_position("w/24:14,1/24:13,off:1,zz")
    assert caught.value.where == len("w/24:14,1/24:13,off:1,")
    assert "character 23" in str(caught.value)
    with pytest.raises(PositionError) as caught:  # a shared point: where Black's item stands
        parse_position("short:w/24:2,13:5,8:3,6:5/ 24:2, 1:2,13:3,8:3,6:5")
    assert caught.value.code == "SHARED_POINT" and caught.value.where == len("short:w/24:2,13:5,8:3,6:5/ 24:2, ")
    assert caught.value.params["point"] == 24


def test_every_example_of_the_notation_page() -> None:
    """docs/notation.md: each notation of its table round-trips (the starts are the starts), each error it shows is
    what the parser says, word for word, for the text the error quotes."""
    page, sharing = NOTATION_PAGE.read_text(encoding="utf-8").split("## Sharing a position or a game", 1)
    rows = re.findall(r"^\| [^|]+ \| `([^`]+)` \|$", page, re.M)
    # the codes shown for backgammon's programs are what nardy_core.exchange writes
    codes = call("share_codes", {"position": Position.start(Game.SHORT).notation(), "dice": [5, 2]})["codes"]
    assert re.findall(r"^\| [^|]+ \| `([^`]+)` \|$", sharing, re.M) == [codes["gnubg"], codes["xgid"]]
    assert len(rows) >= 6 and any(row.startswith("short:") and ",bar" in row for row in rows)
    for text in rows:
        assert format_position(parse_position(text)) == text
    assert parse_position(rows[0]) == Position.start()
    assert Position.start(Game.SHORT) in [parse_position(row) for row in rows]
    errors = page.split("Errors say what is wrong and where", 1)[1].split("```", 2)[1].strip("\n").splitlines()
    assert len(errors) >= 6
    for line in errors:
        quoted = re.search(r" of '(.*)'$", line)
        assert quoted, line
        with pytest.raises(PositionError) as caught:
            parse_position(quoted.group(1))
        assert str(caught.value) == line


def test_play_notation_bar_off_and_the_optional_hit_mark() -> None:
    assert parse_play("bar/22 22/16") == parse_play("bar/22/16") == [(BAR, 22), (22, 16)]
    assert parse_play("6/off") == [(6, OFF)]
    assert parse_play("13/7* 7/2*") == parse_play("13/7 7/2") == parse_play("13/7/2")
    assert parse_play("bar/20*") == [(BAR, 20)]


def _place(draw: st.DrawFn, left: int, points: dict[int | str, int], used: set[int],
           absolute_of: Callable[[int], int]) -> None:
    """Puts ``left`` checkers of one side on random points (a point the other side holds: borne off instead)."""
    while left:
        own = draw(st.integers(1, 24))
        absolute = absolute_of(own)
        if absolute in used and own not in points:
            left -= 1  # treat as borne off
            continue
        used.add(absolute)
        n = draw(st.integers(1, left))
        points[own] = points.get(own, 0) + n
        left -= n


@st.composite
def positions(draw: st.DrawFn, game: Game) -> Position:
    """Any position of ``game``: Black's own points numbered by the game's map, some checkers on the bar if it has one."""
    points: dict[Side, dict[int | str, int]] = {Side.WHITE: {}, Side.BLACK: {}}
    used: set[int] = set()
    for side in Side:
        left = 15 - draw(st.integers(0, 14 if side is Side.WHITE else 15))  # someone still has a checker to play
        bar = draw(st.integers(0, left)) if game.has_bar else 0
        if bar:
            points[side]["bar"] = bar
            left -= bar
        _place(draw, left, points[side], used, lambda own, side=side: game.absolute(side, own))
    return Position.from_points(points[Side.WHITE], points[Side.BLACK], draw(st.sampled_from(list(Side))), game)


@pytest.mark.parametrize("game", list(Game), ids=lambda game: game.value)
@settings(max_examples=200, deadline=None)  # a loaded machine may take a while over the first example
@given(data=st.data())
def test_any_position_round_trips(game: Game, data: st.DataObject) -> None:
    position = data.draw(positions(game))
    text = format_position(position)
    assert parse_position(text) == position
    prefix = game.spec.notation_prefix
    assert text.startswith(f"{prefix}:") if prefix else text[0] in "wb"
    body = text.removeprefix(f"{prefix}:")  # (гюльбар's name holds the letters "bar")
    assert ("bar" in body) is bool(position.bar(Side.WHITE) or position.bar(Side.BLACK))

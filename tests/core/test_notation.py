"""The position notation: round trips, documented examples, and errors that say what and where."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_core import Position, PositionError, Side

parse_position = Position.from_notation


def format_position(position: Position) -> str:
    return position.notation()


@pytest.mark.parametrize(
    "text",
    ["w/24:15/24:15", "b/24:14,13/24:15", "w/6,4,off:13/24:15", "b/off:15/24:2,10:5,5:8", "w/24:9,11,10,9,8,7:2/24:15"],
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


@st.composite
def positions(draw: st.DrawFn) -> Position:
    points = {Side.WHITE: {}, Side.BLACK: {}}
    used: set[int] = set()
    for side in Side:
        left = 15 - draw(st.integers(0, 14 if side is Side.WHITE else 15))  # someone still has a checker to play
        while left:
            own = draw(st.integers(1, 24))
            absolute = own if side is Side.WHITE else (own - 12 if own > 12 else own + 12)
            if absolute in used and own not in points[side]:
                left -= 1  # treat as borne off
                continue
            used.add(absolute)
            n = draw(st.integers(1, left))
            points[side][own] = points[side].get(own, 0) + n
            left -= n
    return Position.from_points(points[Side.WHITE], points[Side.BLACK], draw(st.sampled_from(list(Side))))


@settings(max_examples=200)
@given(positions())
def test_any_position_round_trips(position: Position) -> None:
    assert parse_position(format_position(position)) == position

"""The lab's helper module ``site/lab/nardy_lab.py``: its doctests, the bridge payloads, whole games."""

from __future__ import annotations

import asyncio
import doctest
import importlib
import json
from typing import Any

import pytest

from nardy_core import Position, Roll, board_model

from . import LAB_PY

nardy_lab: Any = importlib.import_module("nardy_lab")
assert nardy_lab.__file__ == str(LAB_PY / "nardy_lab.py")

def test_nardy_lab_doctests() -> None:
    assert doctest.testmod(nardy_lab, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


class Bridge:
    """A stand-in for the worker's ``nardy_lab_bridge``: records every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def show(self, payload: str) -> None:
        self.calls.append(("show", (json.loads(payload),)))

    def progress(self, done: int, total: int, label: str) -> None:
        self.calls.append(("progress", (done, total, label)))

    def table(self, payload: str) -> None:
        self.calls.append(("table", (json.loads(payload),)))


def test_payloads_through_the_bridge(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bridge = Bridge()
    monkeypatch.setattr(nardy_lab, "_bridge", bridge)
    nardy_lab.show("w/24:15/24:15", (5, 6), caption="start")
    nardy_lab.show(Position.start())
    nardy_lab.progress(3, 10, "games")
    nardy_lab.table([[1, "a"]], headers=["n", "s"])
    nardy_lab.table([[2.5]])
    assert bridge.calls == [
        ("show", ({"notation": "w/24:15/24:15", "model": board_model(Position.start(), Roll(6, 5)), "caption": "start"},)),
        ("show", ({"notation": "w/24:15/24:15", "model": board_model(Position.start()), "caption": None},)),
        ("progress", (3, 10, "games")),
        ("table", ({"headers": ["n", "s"], "rows": [["1", "a"]]},)),
        ("table", ({"headers": None, "rows": [["2.5"]]},)),
    ]
    assert capsys.readouterr().out == ""


def test_play_through_the_bridge_shows_every_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = Bridge()
    monkeypatch.setattr(nardy_lab, "_bridge", bridge)
    result = asyncio.run(nardy_lab.play(lambda position, roll, plays: plays[0], game="short", seed=5, delay=0))
    boards = [args[0] for name, args in bridge.calls if name == "show"]
    assert result.winner is not None and len(boards) > 20
    assert all(board["model"]["game"] == "short" for board in boards)
    assert boards[0]["model"]["dice"] and not boards[-1]["model"]["dice"]  # each turn with its roll; the end without
    assert boards[-1]["caption"].startswith(f"[result] {result.winner.value}")


def test_an_illegal_answer_names_the_roll_and_the_answer() -> None:
    with pytest.raises(ValueError, match=r"the bot answered '24/1' to the roll \d-\d; that is not one of the \d+ legal plays: "):
        asyncio.run(nardy_lab.play(lambda position, roll, plays: "24/1", seed=1, show_board=False))


@pytest.mark.parametrize("game", ["long", "short"])
def test_a_game_ends_with_a_winner_and_a_seed_repeats_it(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    def by_text(position: Any, roll: Any, plays: list[Any]) -> Any:
        return str(plays[len(plays) // 2])  # the text of a play is accepted too

    first = asyncio.run(nardy_lab.play(by_text, game=game, seed=11, bot_side="black"))
    printed = capsys.readouterr().out
    again = asyncio.run(nardy_lab.play(by_text, game=game, seed=11, bot_side="black", show_board=False))
    assert first == again and first.winner is not None and first.points >= 1
    summary = printed.splitlines()[-1]
    assert summary.startswith(f"[result] {first.winner.value} · {first.kind} · {first.points} · bot=black · turns=")
    assert printed.count("[board] ") > 20


def test_games_play_n_games_and_report_progress(capsys: pytest.CaptureFixture[str]) -> None:
    results = nardy_lab.games(lambda p, r, plays: plays[0], lambda p, r, plays: plays[-1], 3, game="short", seed=4, label="x")
    assert len(results) == 3 and all(r.winner is not None for r in results)
    assert capsys.readouterr().out == "[progress] x 3/3\n"
    assert nardy_lab.games(lambda p, r, plays: plays[0], None, 1, game="short", seed=4)[0].winner is not None

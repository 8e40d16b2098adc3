"""Helpers for the Python lab: draw a board, report progress, show a table, play a game against the computer.

In the browser the lab worker registers a JS module ``nardy_lab_bridge`` (``show``, ``progress``,
``table``, each taking a JSON string or plain numbers) and the page draws what it gets. Without it — plain
Python, the tests — every helper prints one line of text instead, and :func:`play` does not wait between
turns (there is no board to animate).

A *bot* is a function ``choose(position, roll, plays) -> play``: ``position`` is the
:class:`nardy_core.Position` with the bot to move, ``roll`` the :class:`nardy_core.Roll` and ``plays`` the
list of legal plays (:class:`Play`; never empty: a roll without a legal play passes without asking). It
returns one of ``plays`` (or its text, such as ``"24/18 18/13"``, or its steps); anything else raises ``ValueError``.

>>> show("w/24:15/24:15", (6, 5))
[board] w/24:15/24:15 6-5
>>> table([["6-5", 2], ["6-6", 1]], headers=["roll", "ways"])
roll  ways
----  ----
6-5      2
6-6      1
>>> first = lambda position, roll, plays: plays[0]
>>> [r.winner.value for r in games(first, None, 2, game="short", seed=1)]
[progress] 2/2
['black', 'white']
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from nardy_core import (
    Game,
    GameState,
    Position,
    Result,
    Roll,
    Rules,
    Side,
    Step,
    board_model,
    default_rules,
    flow,
    format_play,
)
from nardy_core.bot import HEURISTIC
from nardy_core.movegen import shared_search

try:
    import nardy_lab_bridge as _bridge  # type: ignore[import-not-found]  # registered by the lab worker
except ImportError:
    _bridge = None

__all__ = ["Play", "games", "play", "progress", "show", "table"]


@dataclass(frozen=True)
class Play:
    """One legal play of a roll: its single-die ``steps`` (the mover's own numbering, 0 = off, 25 = the bar)
    and the position ``after`` it (the same side still to move). ``str(play)`` is its text, ``24/18 18/13``."""

    steps: tuple[Step, ...]
    after: Position

    def __str__(self) -> str:
        return format_play(self.steps)


Bot = Callable[[Position, Roll, list[Play]], object]
_Chooser = Callable[[GameState, list[Play]], Play]


def _roll(dice: Roll | tuple[int, int] | None) -> Roll | None:
    return dice if dice is None or isinstance(dice, Roll) else Roll(*dice)


def show(position: Position | str, dice: Roll | tuple[int, int] | None = None, caption: str | None = None) -> None:
    """Draw ``position`` (or its notation) with the dice ``dice`` and an optional caption.

    Payload: ``{"notation": "w/24:15/24:15", "model": <nardy_core.board_model>, "caption": "…" | null}``.
    """
    _show(position, dice, caption)


def _show(position: Position | str, dice: Roll | tuple[int, int] | None, caption: str | None,
          facts: dict[str, object] | None = None) -> None:
    """:func:`show`, with ``facts`` for the page to word in its own language (a game's turn or result:
    ``{"turn": {"number", "side", "dice", "play"}}`` or ``{"result": {"winner", "kind", "points"}}``)."""
    if isinstance(position, str):
        position = Position.from_notation(position)
    roll = _roll(dice)
    if _bridge is not None:
        payload = {"notation": position.notation(), "model": board_model(position, roll), "caption": caption, **(facts or {})}
        _bridge.show(json.dumps(payload, ensure_ascii=False))
        return
    print(" ".join(["[board]", position.notation()] + ([str(roll)] if roll else []) + ([f"· {caption}"] if caption else [])))


def progress(done: int, total: int, label: str = "") -> None:
    """Report that ``done`` of ``total`` are finished; without the page only the last call prints.

    >>> progress(3, 10, "games"); progress(10, 10, "games")
    [progress] games 10/10
    """
    if _bridge is not None:
        _bridge.progress(int(done), int(total), str(label))
    elif done == total:
        print(" ".join(part for part in ("[progress]", label, f"{done}/{total}") if part))


def _numeric(cell: str) -> bool:
    try:
        float(cell.removesuffix("%").strip())
    except ValueError:
        return False
    return True


def table(rows: Sequence[Sequence[object]], headers: Sequence[object] | None = None) -> None:
    """Show a table; every cell becomes text. Payload: ``{"headers": ["…", …] | null, "rows": [["…", …], …]}``."""
    cells = [[str(cell) for cell in row] for row in rows]
    head = None if headers is None else [str(h) for h in headers]
    if _bridge is not None:
        _bridge.table(json.dumps({"headers": head, "rows": cells}, ensure_ascii=False))
        return
    lines = ([head, ["-" * len(h) for h in head]] if head else []) + cells
    widths = [max(len(line[i]) for line in lines if i < len(line)) for i in range(max(map(len, lines), default=0))]
    for index, line in enumerate(lines):
        body = index >= (2 if head else 0)
        padded = [c.rjust(w) if body and _numeric(c) else c.ljust(w) for c, w in zip(line, widths, strict=False)]
        print("  ".join(padded).rstrip())


# ------------------------------------------------------------------------------------------------
# games


def _plays(state: GameState, roll: Roll) -> list[Play]:
    # the search flow.play's check will ask for again (kept by shared_search), as nardy_core.legal_turns would give it
    search = shared_search(state.position, roll, flow.is_first_turn(state, state.to_move), state.rules)
    return [Play(tuple(steps), after) for after, steps in search.outcomes()]


def _learner(bot: Bot) -> _Chooser:
    """The learner's bot as a chooser that checks its answer."""

    def choose(state: GameState, plays: list[Play]) -> Play:
        roll = state.roll
        assert roll is not None
        answer = bot(state.position, roll, plays)
        for candidate in plays:
            if answer == candidate or answer == str(candidate) or (isinstance(answer, (tuple, list)) and tuple(answer) == candidate.steps):
                return candidate
        legal = ", ".join(str(p) for p in plays[:8]) + (", …" if len(plays) > 8 else "")
        raise ValueError(f"the bot answered {answer!r} to the roll {roll}; that is not one of the {len(plays)} legal plays: {legal}")

    return choose


def _computer(rng: random.Random) -> _Chooser:
    """The site's computer (``nardy_core.bot.HEURISTIC``) as a chooser."""

    def choose(state: GameState, plays: list[Play]) -> Play:
        assert state.roll is not None
        first = flow.is_first_turn(state, state.to_move)
        steps = HEURISTIC.choose_play(state.position, state.roll, first, state.rules, rng.randrange(2**32))
        return next(p for p in plays if p.steps == steps)

    return choose


def _rules(game: str) -> Rules:
    return default_rules(Game.parse(game))


def _game(white: _Chooser, black: _Chooser, rules: Rules, rng: random.Random) -> Iterator[tuple[GameState, Play | None]]:
    """Play one game (nardy_core.flow): yields each state before its turn with the roll to play, then the play."""
    state = flow.start_thrown(rules, rng)
    while not state.over:
        if state.roll is None:
            state = flow.roll_dice(state, Roll.random(rng))
        roll = state.roll
        assert roll is not None
        plays = _plays(state, roll)
        chosen = (white if state.to_move is Side.WHITE else black)(state, plays) if plays else None
        yield state, chosen
        state = flow.play(state, roll, chosen.steps if chosen else ())
    yield state, None


def _summary(state: GameState, turns: int, bot_side: Side) -> str:
    result = state.result
    assert result is not None
    winner = result.winner.value if result.winner else "draw"
    return f"[result] {winner} · {result.kind} · {result.points} · bot={bot_side.value} · turns={turns}"


async def play(
    bot: Bot,
    *,
    game: str = "long",
    seed: int | None = None,
    delay: float = 0.15,
    bot_side: str = "white",
    show_board: bool = True,
) -> Result:
    """Play one game of ``game`` ("long" or "short") between ``bot`` (on ``bot_side``) and the site's computer.

    Shows every position before its turn with the roll to play, waits ``delay`` seconds after each turn (so
    the board animates and Stop works), sums the game up (the board's caption on the page, a line of text
    without it) and returns the
    :class:`nardy_core.Result` (``winner``, ``kind``, ``points``). A bot answer that is not one of the legal
    plays raises ``ValueError``. The same ``seed`` gives the same game.

    >>> asyncio.run(play(lambda position, roll, plays: plays[-1], seed=3, show_board=False)).winner
    [result] black · mars · 2 · bot=white · turns=87
    <Side.BLACK: 'black'>
    """
    side = Side.parse(bot_side)
    rng = random.Random(seed)
    mine, computer = _learner(bot), _computer(rng)
    players = (mine, computer) if side is Side.WHITE else (computer, mine)
    for turns, (state, chosen) in enumerate(_game(*players, _rules(game), rng)):
        if state.over:
            if show_board:
                result = state.result
                assert result is not None
                facts = {"winner": result.winner.value if result.winner else None, "kind": result.kind, "points": result.points}
                _show(state.position, None, _summary(state, turns, side), {"result": facts})
            if _bridge is None:  # on the page the board's caption says it, in the page's language
                print(_summary(state, turns, side))
            assert state.result is not None
            return state.result
        if show_board:
            turn = {"number": turns + 1, "side": state.to_move.value, "dice": str(state.roll), "play": str(chosen or "")}
            _show(state.position, state.roll, f"{turns + 1}. {state.to_move.value} {state.roll}: {chosen or '—'}", {"turn": turn})
        await asyncio.sleep(delay if _bridge is not None else 0)
    raise AssertionError("unreachable: a game always ends")  # pragma: no cover


def games(bot_a: Bot, bot_b: Bot | None, n: int = 10, *, game: str = "long", seed: int | None = None, label: str = "") -> list[Result]:
    """Play ``n`` games, ``bot_a`` as White and ``bot_b`` as Black (None: the site's computer), without a board.

    The opening throw decides who starts each game. Calls :func:`progress` after every game and returns the
    results in order (``result.winner`` is ``Side.WHITE`` when ``bot_a`` won). Deterministic with a ``seed``.
    """
    rng = random.Random(seed)
    white = _learner(bot_a)
    black = _computer(rng) if bot_b is None else _learner(bot_b)
    results = []
    for index in range(n):
        *_, (final, _) = _game(white, black, _rules(game), rng)
        assert final.result is not None
        results.append(final.result)
        progress(index + 1, n, label)
    return results

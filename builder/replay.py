"""The ``replay`` block: a whole annotated game, replayed by nardy_core at build time, stepped through on the page.

A lesson shows how a game goes by replaying one, move by move, with the teacher's note on each move::

    ```replay
    id = "sample-game"
    opening = [5, 3]            # the opening throw: White's die, Black's die (White moves first with 5-3)
    caption = "…"               # under the board
    note = "…"                  # shown before the first move
    [[turn]]
    dice = [5, 3]
    play = "24/16"
    note = "…"                  # optional: what this move is about
    ```

The record is checked as a game (:func:`nardy_core.flow.replay`'s own steps: the opening, whose turn it is,
every play legal and whole, the first mover's first turn played with the opening numbers); a turn that does
not fit is a problem at the line of its ``[[turn]]``. ``play = ""`` is a forced pass. The page gets one board
model per move (so stepping back and forth needs no Python) and the result if the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nardy_core import GameError, NardyError, Roll, Rules, Side, board_model, rules_from_dict
from nardy_core.answer_types import BoardModel
from nardy_core.flow import GameState, Record, play, start
from nardy_core.games import Game
from nardy_core.moves import format_play
from nardy_core.position import Position

from .lessons import SLUG, Block
from .tasks import BlockError, check_text

#: where the positions of each game are written, one file per game named by its content
FOLDER = "replays"
REPLAY_KEYS = {"id", "opening", "caption", "note", "perspective", "rules", "turn"}
TURN_KEYS = {"dice", "play", "note"}
MAX_TURNS = 400


@dataclass
class Frame:
    """One moment of the game: the start (with the opening numbers), or the position right after a move (the
    next side to move, no dice: the move line says what was rolled and played)."""

    side: str  #: who moved ("" for the start: then the first mover, whose dice are shown unplayed)
    dice: list[int]
    play: str  #: the move in the mover's own numbering ("" for the start or a forced pass)
    note: str  #: Markdown inline (may be empty)
    position: Position
    model: BoardModel


@dataclass
class ReplayData:
    """A validated game record with its frames."""

    id: str
    caption: str
    perspective: Side
    rules: Rules
    frames: list[Frame] = field(default_factory=list)
    result: dict[str, Any] | None = None  #: {winner, kind, points} once the game is over
    record: Record | None = None
    line: int = 0

    @property
    def start(self) -> Frame:
        return self.frames[0]


def _opening(value: object) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                                                 for d in value)):
        raise BlockError("opening = [white die, black die]: the opening throw, two numbers 1..6", "opening")
    if value[0] == value[1]:
        raise BlockError("the opening throw is a tie, which is thrown again: give the deciding throw", "opening")
    return value[0], value[1]


def _frame(game: GameState, side: Side, roll: Roll, play_text: str, note: str) -> Frame:
    return Frame(side.value, roll.to_list(), play_text, note, game.position, board_model(game.position))


def validate_replay(block: Block, game_kind: Game) -> ReplayData:
    """Replay the record with nardy_core; every turn must be legal in the game as it stands."""
    data = block.data
    unknown = set(data) - REPLAY_KEYS
    if unknown:
        raise BlockError(f"unknown field(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(REPLAY_KEYS))}", sorted(unknown)[0])
    replay_id = data.get("id")
    if not isinstance(replay_id, str) or not SLUG.match(replay_id):
        raise BlockError("a replay needs id = \"…\" (lower-case letters, digits and '-')", "id")
    try:
        rules = rules_from_dict(data.get("rules"), game_kind)
        perspective = Side.parse(data.get("perspective", "white"))
    except (NardyError, ValueError) as exc:
        raise BlockError(str(exc), "rules" if isinstance(exc, NardyError) else "perspective") from None
    white_die, black_die = _opening(data.get("opening"))
    caption = check_text(data, "caption", required=False)
    intro = check_text(data, "note", required=False)
    turns = data.get("turn", [])
    if not isinstance(turns, list) or not turns or len(turns) > MAX_TURNS:
        raise BlockError(f"a replay needs its moves as [[turn]] tables (1..{MAX_TURNS}) with dice and play", "turn")
    game = start(rules, white_die, black_die)
    first = Roll(max(white_die, black_die), min(white_die, black_die))
    opening_roll = game.roll or first
    result = ReplayData(replay_id, caption, perspective, rules, line=block.line)
    start_model = board_model(game.position, game.roll)
    result.frames.append(Frame("", opening_roll.to_list(), "", intro, game.position, start_model))
    for index, turn in enumerate(turns):
        where = f"turn#{index}"
        if not isinstance(turn, dict) or set(turn) - TURN_KEYS or "dice" not in turn or not isinstance(turn.get("play", ""), str):
            raise BlockError(f"move {index + 1}: a [[turn]] has dice = [a, b], play = \"…\" and an optional note", where)
        if game.over:
            raise BlockError(f"move {index + 1}: the game is already over ({game.result})", where)
        try:
            roll = Roll.from_list(turn["dice"])
        except NardyError as exc:
            raise BlockError(f"move {index + 1}: dice: {exc}", where) from None
        note = turn.get("note", "")
        if not isinstance(note, str) or len(note) > 4000:
            raise BlockError(f"move {index + 1}: note must be a text", where)
        side = game.to_move
        if game.roll is not None and roll != game.roll:
            raise BlockError(f"move {index + 1}: {side.value} moves first with the opening numbers {game.roll}, not {roll}", where)
        try:
            game = play(game, roll, turn.get("play", ""))
        except (GameError, NardyError) as exc:
            raise BlockError(f"move {index + 1} ({side.value} {roll}: {turn.get('play', '')!r}): {exc}", where) from None
        last = game.record.turns[-1]
        result.frames.append(_frame(game, side, roll, format_play(last.steps), note))
    if game.over and game.result is not None:
        outcome = game.result
        result.result = {"winner": outcome.winner.value if outcome.winner else None, "kind": outcome.kind, "points": outcome.points}
    result.record = game.record
    return result

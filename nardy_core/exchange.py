"""Short nardy in the formats backgammon players exchange: GNU Backgammon's Position ID and Match ID,
eXtreme Gammon's XGID, and the Jellyfish match file (``.mat``) that GNU Backgammon imports and exports.

Short nardy is backgammon, so these formats describe it exactly; long nardy has no bar, its checkers start on
one point and move the same way round, so none of them can hold it (its shareable code is the project's own
notation, docs/notation.md). White is GNU Backgammon's player 0 and eXtreme Gammon's bottom player; a side's
points are its own numbering, as in nardy_core (the bar is 25, off is 0 in a ``.mat``).

- **Position ID**: 14 characters of base64 over an 80-bit key: for the player *not* on roll, then the player
  on roll, for each of its points 1..24 and its bar, as many 1 bits as checkers, then a 0 (bit *i* is bit
  ``i % 8`` of byte ``i // 8``).
- **Match ID**: 12 characters of base64 over 66 bits: the cube's log2 (4), its owner (2: 0, 1, or 3 centred),
  the player on roll (1), Crawford (1), the game state (3), whose turn (1), a double offered (1), a resignation
  (2), the two dice (3 + 3), the match length (15) and the two scores (15 + 15).
- **XGID**: ``XGID=<26 characters>:<cube log2>:<cube position>:<turn>:<dice>:<score bottom>:<score top>:
  <Crawford or Jacoby>:<match length>:<max cube>``; the 26 characters are the top player's bar, points 1..24
  from the bottom player's side and the bottom player's bar, ``-`` empty, ``A``..``P`` the bottom player's
  checkers, ``a``..``p`` the top player's.

>>> start = Position.start(Game.SHORT)
>>> position_id(start)
'4HPwATDgc/ABMA'
>>> xgid(start, None, Cube())
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
>>> read_shared("XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:0:0:10").position.to_move.value
'black'
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from .cube import Cube, next_value
from .dice import Roll
from .errors import InputError, shown
from .flow import CubeAction, Handoff, Record, Turn, replay_events
from .games import BAR, OFF, POINTS, Game
from .position import Position
from .rules import Rules
from .sides import Side

POSITION_BITS = 80
MATCH_BITS = 66
XGID_PREFIX = "XGID="
MAX_CUBE_LOG = 10  #: the largest cube an XGID written here allows (1024), eXtreme Gammon's default


#: the game backgammon's formats describe (short nardy)
BACKGAMMON = next(game for game in Game if game.spec.backgammon_formats)


def _short(position: Position) -> None:
    if not position.game.spec.backgammon_formats:
        raise InputError("only short nardy (backgammon) has GNU Backgammon's and eXtreme Gammon's formats", "BAD_GAME")


def _to_base64(bits: list[int], size: int) -> str:
    key = bytearray(size)
    for index, bit in enumerate(bits):
        if bit:
            key[index // 8] |= 1 << (index % 8)
    return base64.b64encode(bytes(key)).decode("ascii").rstrip("=")


def _from_base64(text: str, size: int, what: str) -> list[int]:
    chars = (size * 8 + 5) // 6
    if not re.fullmatch(rf"[A-Za-z0-9+/]{{{chars}}}", text):
        raise InputError(f"a {what} is {chars} characters of base64, not {shown(text)}", "BAD_NOTATION")
    key = base64.b64decode(text + "=" * (-len(text) % 4))
    return [(key[index // 8] >> (index % 8)) & 1 for index in range(size * 8)]


def position_id(position: Position) -> str:
    """GNU Backgammon's Position ID of a short-nardy position (its side to move is the player on roll).

    >>> position_id(Position.from_notation("short:b/6:2,5:2,off:11/bar,24:2,off:12"))
    'sAEAAAAAsAAAAA'
    """
    _short(position)
    bits: list[int] = []
    for side in (position.to_move.other, position.to_move):
        counts = position.counts(side)
        for point in range(1, BAR + 1):
            bits.extend([1] * counts[point] + [0])
    return _to_base64(bits, POSITION_BITS // 8)


def position_from_id(text: str, to_move: Side) -> Position:
    """The short-nardy position of a Position ID, ``to_move`` being the player on roll (the ID does not say
    which colour that is: a Match ID or the XGID's turn does).

    >>> position_from_id("4HPwATDgc/ABMA", Side.BLACK).notation() == Position.start(Game.SHORT, Side.BLACK).notation()
    True
    """
    bits = _from_base64(text.strip(), POSITION_BITS // 8, "Position ID")
    sides: list[list[int]] = [[0] * (BAR + 1), [0] * (BAR + 1)]
    place, point = 0, 1
    for bit in bits:
        if place > 1:
            break
        if bit:
            sides[place][point] += 1
            continue
        point += 1
        if point > BAR:
            place, point = place + 1, 1
    if place < 2:
        raise InputError(f"the Position ID {shown(text)} does not describe both sides", "BAD_NOTATION")
    theirs, mine = sides
    counts = {to_move: tuple(mine), to_move.other: tuple(theirs)}
    return _position(counts[Side.WHITE], counts[Side.BLACK], to_move)


def _position(white: tuple[int, ...], black: tuple[int, ...], to_move: Side) -> Position:
    for side, counts in ((Side.WHITE, white), (Side.BLACK, black)):
        if sum(counts) > 15:
            raise InputError(f"{side.value} has {sum(counts)} checkers; at most 15", "TOO_MANY_CHECKERS")
    return Position(white, black, to_move, BACKGAMMON).checked_as_input()


@dataclass(frozen=True)
class Shared:
    """What a shared code holds: the position (its side to move), the dice if thrown, the cube."""

    position: Position
    roll: Roll | None
    cube: Cube


def _bits(value: int, count: int) -> list[int]:
    return [(value >> index) & 1 for index in range(count)]


def _number(bits: list[int], start: int, count: int) -> int:
    return sum(bit << index for index, bit in enumerate(bits[start:start + count]))


def codable_cube(value: int) -> bool:
    """Whether these formats can write a cube of ``value``: a power of two (not 3, 5, … of a cube that counts
    2, 3, 4 under ``cube_scale=arithmetic``)."""
    return value & (value - 1) == 0


def _log2(value: int) -> int:
    if not codable_cube(value):
        raise InputError(f"a cube of {value} has no code: these formats know a cube that doubles", "BAD_CUBE")
    return value.bit_length() - 1


def describable(rules: Rules) -> bool:
    """Whether backgammon's formats hold a game under ``rules``: backgammon, with a cube that doubles."""
    return rules.game.spec.backgammon_formats and rules.cube_scale == "geometric"


def match_id(position: Position, roll: Roll | None, cube: Cube) -> str:
    """GNU Backgammon's Match ID of a money game (match length 0) in this state: the cube, who is on roll and
    the dice (none yet: ``roll`` None); a double offered makes it the other player's turn to answer.

    >>> match_id(Position.start(Game.SHORT), Roll(5, 2), Cube())
    'MIEKAAAAAAAA'
    """
    _short(position)
    on_roll = 0 if position.to_move is Side.WHITE else 1
    owner = 3 if cube.owner is None else (0 if cube.owner is Side.WHITE else 1)
    turn = on_roll if cube.offered_by is None else 1 - on_roll
    dice = (roll.high, roll.low) if roll is not None else (0, 0)
    bits = (_bits(_log2(cube.value), 4) + _bits(owner, 2) + [on_roll, 0] + _bits(1, 3) + [turn]
            + [1 if cube.offered_by is not None else 0] + _bits(0, 2) + _bits(dice[0], 3) + _bits(dice[1], 3)
            + _bits(0, 15) + _bits(0, 15) + _bits(0, 15))
    return _to_base64(bits, 9)


def _read_match_id(text: str) -> tuple[Side, Roll | None, Cube]:
    bits = _from_base64(text.strip(), 9, "Match ID")
    value = 1 << _number(bits, 0, 4)
    owner = _number(bits, 4, 2)
    on_roll = Side.WHITE if bits[6] == 0 else Side.BLACK
    doubled = bits[12] == 1
    dice = (_number(bits, 15, 3), _number(bits, 18, 3))
    roll = Roll(*dice) if all(1 <= die <= 6 for die in dice) else None
    cube = Cube(value, None if owner == 3 else (Side.WHITE if owner == 0 else Side.BLACK),
                on_roll if doubled else None, value > 1)
    return on_roll, roll, cube


def xgid(position: Position, roll: Roll | None, cube: Cube) -> str:
    """eXtreme Gammon's XGID of a money game in this state (the Jacoby rule and beavers not said)."""
    _short(position)
    white, black = position.counts(Side.WHITE), position.counts(Side.BLACK)
    chars = [_xg_char(black[BAR], lower=True)]
    for point in range(1, POINTS + 1):
        if white[point]:
            chars.append(_xg_char(white[point], lower=False))
        else:
            chars.append(_xg_char(black[POINTS + 1 - point], lower=True))
    chars.append(_xg_char(white[BAR], lower=False))
    owner = 0 if cube.owner is None else (1 if cube.owner is Side.WHITE else -1)
    turn = 1 if position.to_move is Side.WHITE else -1  # a double offered: its doubler, the dice field "D"
    dice = "D" if cube.offered_by is not None else (f"{roll.high}{roll.low}" if roll is not None else "00")
    return f"{XGID_PREFIX}{''.join(chars)}:{_log2(cube.value)}:{owner}:{turn}:{dice}:0:0:0:0:{MAX_CUBE_LOG}"


def _xg_char(count: int, lower: bool) -> str:
    if not count:
        return "-"
    letter = chr(ord("A") + count - 1)
    return letter.lower() if lower else letter


def _read_xgid(text: str) -> Shared:
    fields = text.strip()[len(XGID_PREFIX):].split(":")
    if len(fields) < 5 or len(fields[0]) != POINTS + 2 or not re.fullmatch(r"[-A-Pa-p]+", fields[0]):
        raise InputError(f"an XGID is 26 characters of -, A..P and a..p, then :-separated fields, not {shown(text)}", "BAD_NOTATION")
    board = fields[0]
    white, black = [0] * (BAR + 1), [0] * (BAR + 1)

    def count(char: str) -> tuple[bool, int]:
        return char.isupper(), 0 if char == "-" else ord(char.upper()) - ord("A") + 1

    black[BAR] = count(board[0])[1]
    white[BAR] = count(board[POINTS + 1])[1]
    for point in range(1, POINTS + 1):
        upper, n = count(board[point])
        if upper:
            white[point] = n
        else:
            black[POINTS + 1 - point] = n
    try:
        cube_log, owner, turn = int(fields[1]), int(fields[2]), int(fields[3])
    except ValueError as exc:
        raise InputError(f"an XGID's cube and turn are numbers: {shown(text)}", "BAD_NOTATION") from exc
    if not 0 <= cube_log <= 15 or owner not in (-1, 0, 1) or turn not in (-1, 1):
        raise InputError(f"an XGID's cube, owner or turn is out of range: {shown(text)}", "BAD_NOTATION")
    to_move = Side.WHITE if turn == 1 else Side.BLACK  # with a double offered ("D"): the doubler
    dice = fields[4]
    if dice in ("B", "R"):
        raise InputError("a beavered or raccooned cube cannot be opened here: paste the position before it", "BAD_NOTATION")
    if not re.fullmatch(r"00|D|[1-6][1-6]", dice):
        raise InputError(f"an XGID's dice are 00, D or two dice, not {shown(dice)}", "BAD_NOTATION")
    roll = Roll(int(dice[0]), int(dice[1])) if dice[0] != "0" and dice != "D" else None
    value = 1 << cube_log
    cube = Cube(value, None if owner == 0 else (Side.WHITE if owner == 1 else Side.BLACK), to_move if dice == "D" else None,
                value > 1)
    return Shared(_position(tuple(white), tuple(black), to_move), roll, cube)


def read_shared(text: str) -> Shared:
    """A position shared as an XGID, or as a Position ID with or without its Match ID (``ID:MatchID``, or the
    two on separate lines as GNU Backgammon copies them; without a Match ID White is on roll).

    >>> shared = read_shared("4HPwATDgc/ABMA:MIEKAAAAAAAA")
    >>> shared.position.to_move.value, shared.roll
    ('white', Roll(high=5, low=2))
    >>> read_shared("nonsense")
    Traceback (most recent call last):
    nardy_core.errors.InputError: a Position ID is 14 characters of base64, not 'nonsense'
    """
    text = text.strip()
    if text.upper().startswith(XGID_PREFIX):
        return _read_xgid(text)
    # as GNU Backgammon reads a paste: the word of 14 base64 characters is the Position ID, the one of 12 its
    # Match ID, in either order, whatever else the copied lines say ("GNU Backgammon  Position ID: …")
    words = re.split(r"[\s:]+", text)
    ids = [word for word in words if re.fullmatch(r"[A-Za-z0-9+/]{14}", word)]
    matches = [word for word in words if re.fullmatch(r"[A-Za-z0-9+/]{12}", word)]
    if not ids:
        raise InputError(f"a Position ID is 14 characters of base64, not {shown(text)}", "BAD_NOTATION")
    on_roll, roll, cube = (Side.WHITE, None, Cube()) if not matches else _read_match_id(matches[0])
    return Shared(position_from_id(ids[0], on_roll), roll, cube)


# ------------------------------------------------------------------------------------------------
# the Jellyfish match file

COLUMN = 28  #: the width of the left player's move (GNU Backgammon writes "%3d) %-27s ")


def _mat_point(point: int) -> str:
    return "25" if point == BAR else "0" if point == OFF else str(point)


def _mat_play(turn: Turn | Handoff) -> str:
    """A turn as ``65: 24/18 18/13``; dice handed over (a game whose turns have parts, written for people only)
    as ``66 handed: 13/7 7/1``."""
    dice = f"{turn.roll.high}{turn.roll.low}" if isinstance(turn, Turn) else f"{''.join(map(str, turn.dice))} handed"
    return f"{dice}: " + " ".join(
        f"{_mat_point(step.src)}/{_mat_point(step.dst)}{'*' if step.hit else ''}" for step in turn.steps)


def match_file(record: Record, names: tuple[str, str] = ("White", "Black")) -> str:
    """A finished (or unfinished) game as a Jellyfish match file, as GNU Backgammon exports one: a money game
    (" 0 point match"), White in the left column, each play in its mover's own numbering (bar 25, off 0). A game
    that these formats cannot hold (long nardy, or a cube that counts 2, 3, 4) is written in the same layout
    for people to read, headed with its game (``; [Game "long"]``): GNU Backgammon cannot play it.

    >>> from nardy_core.flow import start, play, cube_action
    >>> from nardy_core.rules import ShortRules
    >>> game = play(start(ShortRules(cube=True), 3, 1), Roll(3, 1), "8/5 6/5")
    >>> game = cube_action(cube_action(game, "double"), "drop")  # Black doubles, White drops
    >>> print(match_file(game.record))
     0 point match
    <BLANKLINE>
     Game 1
     White : 0                      Black : 0
      1) 31: 8/5 6/5                  Doubles => 2
      2)  Drops
                                      Wins 1 point
    <BLANKLINE>
    """
    game = record.rules.game
    head = [] if describable(record.rules) else [f'; [Game "{game.value}"]', ""]
    lines = [*head, " 0 point match", "", " Game 1", f" {names[0] + ' : 0':<31}{names[1]} : 0"]
    cells: list[str] = []  # left, right, left, right …
    last = None
    cube = 1
    for event, _before, after in replay_events(record):
        index = len(cells)
        side_column = 0 if event.side is Side.WHITE else 1
        if index % 2 != side_column:
            cells.append("")
        if isinstance(event, CubeAction):
            if event.verb in ("double", "beaver"):
                cube = next_value(cube, record.rules)
                cells.append(f" Doubles => {cube}" if event.verb == "double" else f" Beavers => {cube}")
            else:
                cells.append(" Takes" if event.verb == "take" else " Drops")
        else:
            played = after.record.events[-1]
            cells.append(_mat_play(played if isinstance(played, Turn | Handoff) else event))
        last = after
    for number, start in enumerate(range(0, len(cells), 2), 1):
        left = cells[start]
        right = cells[start + 1] if start + 1 < len(cells) else ""
        lines.append(f"{number:3d}) {left:<{COLUMN - 1}} {right}".rstrip())
    result = last.result if last is not None else None
    if result is not None and result.winner is not None:
        wins = f"Wins {result.points} point{'s' if result.points > 1 else ''}"
        # under the winner's column, as GNU Backgammon writes it
        lines.append(f"{'':6}{wins}" if result.winner is Side.WHITE else f"{'':34}{wins}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class MatEvent:
    """One entry of a match file's game: a side's play (dice and (from, to) pairs, own numbering) or a cube
    action."""

    side: Side
    dice: tuple[int, int] | None = None
    moves: tuple[tuple[int, int], ...] = ()
    cube: str | None = None


MOVE = re.compile(r"^([1-6])([1-6]):((?:\s+\d{1,2}/\d{1,2}\*?)*)\s*$")
CELL = re.compile(r"[1-6][1-6]:(?:\s+\d{1,2}/\d{1,2}\*?)*|(?:Doubles|Beavers) => \d+|Takes|Drops")
CUBE_WORDS = {"Doubles": "double", "Beavers": "beaver", "Takes": "take", "Drops": "drop"}


def _mat_event(side: Side, cell: str) -> MatEvent:
    cube = re.match(r"^(Doubles|Beavers) => (\d+)$|^(Takes|Drops)$", cell)
    if cube:
        return MatEvent(side, cube=CUBE_WORDS[cube.group(1) or cube.group(3)])
    move = MOVE.match(cell)
    if not move:
        raise InputError(f"not a play or a cube action: {shown(cell)}", "BAD_NOTATION")
    pairs = tuple((int(a), int(b)) for a, b in re.findall(r"(\d+)/(\d+)", move.group(3)))
    return MatEvent(side, (int(move.group(1)), int(move.group(2))), pairs)


def read_match_file(text: str) -> tuple[list[MatEvent], int | None, Side | None]:
    """The first game of a Jellyfish match file, read from the format's description (tests read our files
    back with it): its events in order, the points won and by whom (None if it has no result)."""
    events: list[MatEvent] = []
    winner: Side | None = None
    points: int | None = None
    in_game = False
    for line in text.splitlines():
        if line.strip().startswith("Game"):
            if in_game:
                break
            in_game = True
            continue
        numbered = re.match(r"^\s*\d+\)(.*)$", line)
        body = numbered.group(1) if numbered else line
        if "Wins" in body:
            won = re.search(r"Wins (\d+) points?", body)
            if won:
                points = int(won.group(1))
                winner = Side.WHITE if body.index("Wins") < COLUMN else Side.BLACK
            body = body[: body.index("Wins")]
        if not numbered:
            continue
        # a cell is a play or a cube action; the left player's may run past its column (gnubg pads, never cuts)
        cells = list(CELL.finditer(body))
        for place, cell in enumerate(cells):
            right = place == 1 or (place == 0 and cell.start() >= COLUMN and not body[:cell.start()].strip())
            events.append(_mat_event(Side.BLACK if right else Side.WHITE, cell.group(0).strip()))
    return events, points, winner

"""The bear-off race, computed exactly: one-sided tables of how many rolls a home board needs.

When every checker of a side is in its home (own 1..6) and nothing of the opponent's can stop it — in a
pure race, as in both games once the sides have passed each other — the side's future depends only on its
six home counts. For such a *home board* this module computes, by exact recursion over all 36 rolls:

- :func:`expected_rolls`: the expected number of rolls to bear everything off, playing each roll to make that
  number as small as possible (the one-sided bear-off table);
- :func:`distribution`: the chance of finishing after exactly 1, 2, 3 … rolls with that play;
- :func:`win_chance`: the chance that the side on roll finishes first in a race of two home boards;
- :func:`first_off_distribution`: the chance of bearing off the *first* checker after exactly 1, 2, 3 … rolls,
  playing each roll to bear one off as soon as possible (what saves a mars);
- :func:`rank_plays`: every legal play of a roll, ranked by the expected rolls it leaves.

The moves follow the rules of both games (RULES.md R13, SHORT-RULES.md S5.2: a die bears off from its own
point, a higher point must be moved first, else the highest checker goes off); with no opponent checker in
reach a die can always be played while a checker is left, so the best play is the best over the orders of
the dice. Numbers are floats: the recursion is exact, the arithmetic is IEEE doubles. The whole table
(54,264 boards) takes some seconds; a position with few checkers, milliseconds.

>>> expected_rolls((1, 0, 0, 0, 0, 0))          # one checker on the 1-point: gone with any roll
1.0
>>> expected_rolls((0, 0, 0, 0, 0, 1))  # one checker on the 6-point: 9 rolls in 36 (1-1, 2-1, 3-1, 4-1, 3-2) miss
1.25
>>> round(win_chance((0, 2, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)), 4)   # two on the 2 against one on the 1: a roll with a 1 (10 of 36) fails
0.7222
"""

from __future__ import annotations

from functools import cache

from .errors import PositionError
from .games import CHECKERS
from .position import Position
from .sides import Side

HomeBoard = tuple[int, int, int, int, int, int]  #: checkers on own points 1..6
EMPTY: HomeBoard = (0, 0, 0, 0, 0, 0)
#: the 21 distinct rolls with their weight out of 36 (a double once, two different dice twice)
ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (high, low, 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1)
)
MAX_ROLLS = 60  #: the distributions are cut here (15 checkers on the 6-point need well under 20)

# Boards are packed into an int, 4 bits per point (point 1 lowest): the recursion visits millions of them.


def _pack(board: HomeBoard) -> int:
    return sum(count << (4 * index) for index, count in enumerate(board))


def _unpack(packed: int) -> HomeBoard:
    return ((packed >> 0) & 15, (packed >> 4) & 15, (packed >> 8) & 15, (packed >> 12) & 15, (packed >> 16) & 15, (packed >> 20) & 15)


@cache
def _steps(packed: int, die: int) -> tuple[int, ...]:
    """Every board one die can leave (a move inside the home or a bear-off); none for an empty board."""
    result = []
    for point in range(6, 0, -1):
        shift = 4 * (point - 1)
        if (packed >> shift) & 15:
            target = point - die
            if target >= 1:
                result.append(packed - (1 << shift) + (1 << (4 * (target - 1))))
            elif target == 0 or not packed >> (4 * point):  # exact, or the highest checker with a larger die
                result.append(packed - (1 << shift))
    return tuple(result)


_EXPECTED: dict[int, float] = {0: 0.0}
#: board << 6 | die << 3 | steps left -> the fewest expected rolls (int keys: the whole table has a million)
_DOUBLE: dict[int, float] = {}
#: board << 3 | die -> the best board one die can leave, as (expected rolls, packed board): the smallest pair, so
#: a tie goes to the smallest packed board. Two different dice are then one die and the best of the other: a
#: board's best play of a roll costs a look at its few one-die boards, not at all their pairs.
_ONE_DIE: dict[int, tuple[float, int]] = {}


def _expected(packed: int) -> float:
    value = _EXPECTED.get(packed)
    if value is None:
        total = 0.0
        for high, low, weight in ROLLS:
            total += weight * (_double(packed, high, 4) if high == low else _best_pair(packed, high, low)[0])
        value = 1.0 + total / 36
        _EXPECTED[packed] = value
    return value


def _double(packed: int, die: int, left: int) -> float:
    """The fewest expected rolls after playing ``left`` more steps of ``die``."""
    if packed == 0:
        return 0.0
    if left == 0:
        return _expected(packed)
    if left == 4:  # a whole double, asked once per board: kept in its expected rolls, not here
        return min(_double(moved, die, 3) for moved in _steps(packed, die))
    key = packed << 6 | die << 3 | left
    value = _DOUBLE.get(key)
    if value is None:
        value = min(_double(moved, die, left - 1) for moved in _steps(packed, die))
        _DOUBLE[key] = value
    return value


def _one_die(packed: int, die: int) -> tuple[float, int]:
    """The best board one ``die`` leaves, as (expected rolls, board); an empty board stays empty."""
    key = packed << 3 | die
    best = _ONE_DIE.get(key)
    if best is None:
        best = min(((_expected(moved), moved) for moved in _steps(packed, die)), default=(0.0, 0))
        _ONE_DIE[key] = best
    return best


def _best_pair(packed: int, high: int, low: int) -> tuple[float, int]:
    """The best board two different dice leave, played in the better order, as (expected rolls, board): the
    first die's boards, each followed by the best of the second die (a first die that bears the last checker
    off leaves the empty board, which nothing beats)."""
    return min(_one_die(moved, second) for first, second in ((high, low), (low, high)) for moved in _steps(packed, first))


def _best_after(packed: int, high: int, low: int) -> int:
    """The board the best play of a roll leaves (fewest expected rolls; a tie goes to the smallest packed board)."""
    if high == low:
        current = packed
        for left in range(3, -1, -1):  # the steps still to play after this one
            if current == 0:
                return 0
            current = min(_steps(current, high), key=lambda moved: (_double(moved, high, left), moved))
        return current
    return _best_pair(packed, high, low)[1]


def home_board(position: Position, side: Side) -> HomeBoard:
    """``side``'s home counts; a position where it still has a checker outside its home is refused."""
    if not position.all_home(side):
        raise PositionError(f"{side.value} still has checkers outside the home: not a bear-off race", "NOT_A_RACE")
    counts = position.counts(side)
    return (counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])


def _check(board: HomeBoard) -> int:
    if len(board) != 6 or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in board) or sum(board) > CHECKERS:
        raise PositionError(f"a home board is six counts of own points 1..6 with at most {CHECKERS} checkers, not {board}")
    return _pack(board)


def expected_rolls(board: HomeBoard) -> float:
    """Expected number of rolls to bear off everything, each roll played to make that number smallest."""
    return _expected(_check(board))


def best_after(board: HomeBoard, high: int, low: int) -> HomeBoard:
    """The board the best play of a roll leaves (fewest expected rolls)."""
    return _unpack(_best_after(_check(board), max(high, low), min(high, low)))


DONE: tuple[float, ...] = (1.0,)  #: the distribution of a board with nothing left: done after 0 rolls


def _one_roll_earlier(by_roll: list[tuple[int, tuple[float, ...]]]) -> tuple[float, ...]:
    """The distribution of a board from the distributions its rolls leave, each (weight out of 36, the
    distribution after that roll) in ROLLS order: each shifted by the roll just played, weighted, summed,
    cut at MAX_ROLLS and trailing zeros trimmed. A roll that ends what is counted leaves ``DONE``.

    >>> _one_roll_earlier([(36, DONE)])
    (0.0, 1.0)
    >>> _one_roll_earlier([(18, DONE), (18, (0.0, 1.0))])
    (0.0, 0.5, 0.5)
    """
    result = [0.0] * (MAX_ROLLS + 1)
    for weight, after in by_roll:
        for k, p in enumerate(after[:MAX_ROLLS]):
            result[k + 1] += weight * p / 36
    while len(result) > 1 and result[-1] == 0.0:
        result.pop()
    return tuple(result)


@cache
def _distribution(packed: int) -> tuple[float, ...]:
    if packed == 0:
        return DONE
    return _one_roll_earlier([(weight, _distribution(_best_after(packed, high, low))) for high, low, weight in ROLLS])


def distribution(board: HomeBoard) -> tuple[float, ...]:
    """``d[k]``: the chance of having borne everything off after exactly ``k`` rolls (``d[0]`` = already done)."""
    return _distribution(_check(board))


def win_chance(on_roll: HomeBoard, other: HomeBoard) -> float:
    """The chance that the side on roll bears off first (both play for the fewest rolls)."""
    if not any(on_roll):
        return 1.0
    if not any(other):
        return 0.0
    mine, theirs = distribution(on_roll), distribution(other)
    chance = 0.0
    other_done = 0.0  # the chance the other side has finished within k - 1 of its rolls
    for k in range(1, len(mine)):
        other_done += theirs[k - 1] if k - 1 < len(theirs) else 0.0
        chance += mine[k] * (1.0 - other_done)
    return min(1.0, max(0.0, chance))  # rounding may step a hair outside


def _bears_off(packed: int, dice: tuple[int, ...]) -> tuple[bool, set[int]]:
    """Whether some order of playing ``dice`` bears a checker off, and else every board the dice can leave."""
    checkers = sum(_unpack(packed))
    layer = {packed}
    for die in dice:
        following = {moved for current in layer for moved in _steps(current, die)}
        if any(sum(_unpack(moved)) < checkers for moved in following):
            return True, set()
        layer = following or layer
    return False, layer


@cache
def _first_off(packed: int) -> tuple[float, ...]:
    if packed == 0:
        return DONE
    by_roll: list[tuple[int, tuple[float, ...]]] = []
    for high, low, weight in ROLLS:
        orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
        boards: set[int] = set()
        for order in orders:
            off, left = _bears_off(packed, order)
            if off:
                by_roll.append((weight, DONE))
                break
            boards |= left
        else:
            by_roll.append((weight, min((_first_off(board) for board in boards),
                                        key=lambda d: (sum(k * p for k, p in enumerate(d)), d))))
    return _one_roll_earlier(by_roll)


def first_off_distribution(board: HomeBoard) -> tuple[float, ...]:
    """``d[k]``: the chance that the first checker goes off after exactly ``k`` rolls, each roll bearing one off
    if any order of its dice can, else played to make the expected wait shortest (``d[0]``: an empty board).

    >>> round(first_off_distribution((0, 0, 0, 0, 0, 1))[1], 12)   # 1-1, 2-1, 3-1, 4-1, 3-2 (9 of 36) bring none off from the 6-point
    0.75
    """
    return _first_off(_check(board))


def finishes_next_roll(board: HomeBoard) -> float:
    """The chance of bearing everything off with the next roll."""
    result = distribution(board)
    return result[1] if len(result) > 1 else (0.0 if any(board) else 1.0)


def finals(board: HomeBoard, high: int, low: int) -> frozenset[HomeBoard]:
    """Every distinct home board a roll can leave, with as many dice played as possible (the larger die if one)."""
    packed = _check(board)
    high, low = max(high, low), min(high, low)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    reached: dict[int, set[int]] = {}  # dice used -> boards
    for order in orders:
        layer = {packed}
        for used, die in enumerate(order, start=1):
            following = {moved for current in layer for moved in _steps(current, die)}
            if not following:
                break
            reached.setdefault(used, set()).update(following)
            layer = following
    if not reached:
        return frozenset({board})
    most = max(reached)
    best = reached[most]
    if most == 1 and high != low:
        best = (best & set(_steps(packed, high))) or best
    return frozenset(_unpack(b) for b in best)


def rank_plays(position: Position, high: int, low: int) -> list[tuple[float, HomeBoard]]:
    """Every distinct board the side to move can leave with this roll, with its expected rolls, best first."""
    board = home_board(position, position.to_move)
    return sorted(((expected_rolls(after), after) for after in finals(board, high, low)), key=lambda item: (item[0], item[1]))

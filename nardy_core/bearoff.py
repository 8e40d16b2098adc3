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
the dice. Numbers are floats: the recursion is exact, the arithmetic is IEEE doubles. The table is built
bottom-up, fewest pips first, as far as a question needs: the whole of it (54,264 boards, for fifteen checkers
on the 6-point) takes some seconds and 60 MB natively, a board of few checkers milliseconds; :func:`fill`
builds it ahead, a slice at a time (the site's worker does, :mod:`nardy_core.warmup`).

>>> expected_rolls((1, 0, 0, 0, 0, 0))          # one checker on the 1-point: gone with any roll
1.0
>>> expected_rolls((0, 0, 0, 0, 0, 1))  # one checker on the 6-point: 9 rolls in 36 (1-1, 2-1, 3-1, 4-1, 3-2) miss
1.25
>>> round(win_chance((0, 2, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)), 4)   # two on the 2 against one on the 1: a roll with a 1 (10 of 36) fails
0.7222
"""

from __future__ import annotations

from array import array
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

# Boards are packed into an int, 4 bits per point (point 1 lowest).


def _pack(board: HomeBoard) -> int:
    return sum(count << (4 * index) for index, count in enumerate(board))


def _unpack(packed: int) -> HomeBoard:
    return ((packed >> 0) & 15, (packed >> 4) & 15, (packed >> 8) & 15, (packed >> 12) & 15, (packed >> 16) & 15, (packed >> 20) & 15)


def _raw_steps(packed: int, die: int) -> tuple[int, ...]:
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


_steps = cache(_raw_steps)  #: the same, remembered (the first-off recursion and `finals` ask again and again)


# The table is built bottom-up, fewest pips first: a roll only leads to boards with fewer pips, done by then.
# Everything is a flat array over the boards' places in that order, built only as far as a question needs (a
# few boards for a small one, all 54,264 for fifteen checkers on the 6-point): some 60 MB natively for the whole
# table, where memos of the recursion it replaces peaked at 203 MB.
_ORDER: list[int] = []  #: every board, packed, fewest pips first (then by packed value); the empty board first
_INDEX: dict[int, int] = {}  #: packed board -> its place in ``_ORDER``
_EXPECTED = array("d")  #: place -> expected rolls, playing each roll for the fewest
#: die -> steps still to play -> place -> the fewest expected rolls after that many more steps of the die (1, 2, 3:
#: a double's four steps are the best over its first step's boards of three more)
_AFTER_STEPS: dict[int, dict[int, array[float]]] = {}
#: die -> steps to play -> place -> the place of the board the best of those steps' first leaves (fewest expected
#: rolls after the steps still to play, then smallest packed value): played one after another, the best play of a
#: double. With one step, the best board one die leaves; two different dice are one die and then the best of the
#: other: a board's best play of a roll costs a look at its few one-die boards, not at all their pairs.
_BEST_STEP: dict[int, dict[int, array[int]]] = {}
_DISTRIBUTION: list[tuple[float, ...]] = []  #: place -> the chance of finishing after exactly k rolls


def _every_board() -> list[int]:
    """Every home board of at most 15 checkers, packed, fewest pips first (then by packed value)."""
    boards: list[tuple[int, int]] = []
    for a in range(CHECKERS + 1):
        for b in range(CHECKERS + 1 - a):
            for c in range(CHECKERS + 1 - a - b):
                for d in range(CHECKERS + 1 - a - b - c):
                    for e in range(CHECKERS + 1 - a - b - c - d):
                        for f in range(CHECKERS + 1 - a - b - c - d - e):
                            boards.append((a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f, _pack((a, b, c, d, e, f))))
    boards.sort()
    return [packed for _, packed in boards]


def _moves(place: int, die: int) -> list[int]:
    """The places of the boards one ``die`` can leave."""
    return [_INDEX[moved] for moved in _raw_steps(_ORDER[place], die)]


def _one_die_places(place: int) -> list[list[int]]:
    """For each die (index 1..6), the places of the boards it can leave."""
    return [[]] + [_moves(place, die) for die in range(1, 7)]


def _build_next() -> None:
    """Add the next board of ``_ORDER`` to every table."""
    place = len(_EXPECTED)
    if place == 0:  # the empty board: nothing left to bear off
        _EXPECTED.append(0.0)
        for die in range(1, 7):
            for left in (1, 2, 3):
                _BEST_STEP[die][left].append(0)
                _AFTER_STEPS[die][left].append(0.0)
        _DISTRIBUTION.append(DONE)
        return
    steps = _one_die_places(place)
    total = 0.0
    for high, low, weight in ROLLS:
        if high == low:
            three = _AFTER_STEPS[high][3]
            value = min(three[moved] for moved in steps[high])
        else:
            high_first, low_first = _AFTER_STEPS[low][1], _AFTER_STEPS[high][1]
            value = min([high_first[moved] for moved in steps[high]] + [low_first[moved] for moved in steps[low]])
        total += weight * value
    _EXPECTED.append(1.0 + total / 36)
    for die in range(1, 7):
        moves, after, best_step = steps[die], _AFTER_STEPS[die], _BEST_STEP[die]
        for left, level in ((1, _EXPECTED), (2, after[1]), (3, after[2])):
            best = min(moves, key=lambda moved: (level[moved], _ORDER[moved]))
            best_step[left].append(best)
            after[left].append(level[best])
    _DISTRIBUTION.append(_one_roll_earlier([(weight, _DISTRIBUTION[_best_place(place, steps, high, low)])
                                            for high, low, weight in ROLLS]))


def _best_place(place: int, steps: list[list[int]], high: int, low: int) -> int:
    """The place of the board the best play of a roll leaves (fewest expected rolls, then smallest packed)."""
    if high == low:
        after, best_step = _AFTER_STEPS[high], _BEST_STEP[high]
        first = min(steps[high], key=lambda moved: (after[3][moved], _ORDER[moved]))
        return best_step[1][best_step[2][best_step[3][first]]]  # the empty board's best is the empty board
    one_die = [(_AFTER_STEPS[second][1][moved], _ORDER[_BEST_STEP[second][1][moved]], _BEST_STEP[second][1][moved])
               for first, second in ((high, low), (low, high)) for moved in steps[first]]
    return min(one_die)[2]


def _built(packed: int) -> int:
    """The place of ``packed``, the tables built as far as it."""
    if not _ORDER:
        _ORDER.extend(_every_board())
        _INDEX.update((packed_board, place) for place, packed_board in enumerate(_ORDER))
        for die in range(1, 7):
            _BEST_STEP[die] = {left: array("i") for left in (1, 2, 3)}
            _AFTER_STEPS[die] = {left: array("d") for left in (1, 2, 3)}
    place = _INDEX[packed]
    while len(_EXPECTED) <= place:
        _build_next()
    return place


def fill(boards: int) -> bool:
    """Build the table ``boards`` boards further, fewest pips first; whether any are left. Done ahead of need, a
    slice at a time, a race met later is answered at once: met cold, fifteen checkers build the whole table.

    >>> fill(100), len(_EXPECTED) >= 100
    (True, True)
    """
    _built(0)
    for _ in range(min(boards, len(_ORDER) - len(_EXPECTED))):
        _build_next()
    return len(_EXPECTED) < len(_ORDER)


def _expected(packed: int) -> float:
    return _EXPECTED[_built(packed)]


def _best_after(packed: int, high: int, low: int) -> int:
    """The board the best play of a roll leaves (fewest expected rolls; a tie goes to the smallest packed board)."""
    place = _built(packed)
    return _ORDER[_best_place(place, _one_die_places(place), high, low)]


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


def ready(board: HomeBoard) -> bool:
    """Whether the tables are built as far as ``board`` (every board of fewer pips is built before it); asking
    builds nothing.

    >>> _ = fill(10)                  # the first ten boards, the fewest pips
    >>> ready((1, 0, 0, 0, 0, 0))
    True
    """
    packed = _check(board)
    return bool(_ORDER) and _INDEX[packed] < len(_EXPECTED)


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


def _distribution(packed: int) -> tuple[float, ...]:
    return _DISTRIBUTION[_built(packed)]


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

"""An independent, deliberately naive oracle for legal turns, written straight from RULES.md R11.3.

It shares no code with nardy_core.movegen: it walks every ordered sequence of single-die steps
(no memoisation, no bitmasks) and applies the definition literally.
"""

from __future__ import annotations

from nardy_core import LongRules as Rules
from nardy_core import Position, Roll


def _opponent_own(own_point: int) -> int:
    return own_point - 12 if own_point > 12 else own_point + 12


def _forbidden_block(mine: list[int], opponent: tuple[int, ...], rules: Rules) -> bool:
    if rules.block == "none":
        return False
    opponent_off = 15 - sum(opponent)
    for q in range(1, 20):
        window = range(q, q + 6)
        if not all(mine[_opponent_own(r)] for r in window):
            continue
        if rules.block == "forbid":
            return True
        if rules.block == "home":
            if opponent_off == 0 and not any(opponent[r] for r in range(1, 7)):
                return True
            continue
        ahead = opponent_off > 0 or any(opponent[r] for r in range(1, q))
        if not ahead:
            return True
    return False


def _plays(position: Position, roll: Roll, rules: Rules, head_limit: int) -> list[tuple[tuple, tuple, int]]:
    mover = position.to_move
    opponent = position.counts(mover.other)
    dice_all = roll.steps
    found: list[tuple[tuple, tuple, int]] = []  # (steps, final counts, dice used)

    def walk(mine: list[int], left: list[int], head_used: int, steps: tuple) -> None:
        game_over = sum(mine) == 0
        used = len(dice_all) if game_over else len(dice_all) - len(left)
        if rules.block_timing == "step" or not _forbidden_block(mine, opponent, rules):
            found.append((steps, tuple(mine), used))
        if game_over:
            return
        for index, die in enumerate(left):
            for src in range(1, 25):
                if not mine[src]:
                    continue
                if src == 24 and head_used >= head_limit:
                    continue
                dst = src - die
                new = list(mine)
                new[src] -= 1
                if dst >= 1:
                    if opponent[_opponent_own(dst)]:
                        continue
                    new[dst] += 1
                    if rules.block_timing == "step" and _forbidden_block(new, opponent, rules):
                        continue
                else:
                    if any(mine[p] for p in range(7, 25)):
                        continue
                    if dst < 0 and any(mine[p] for p in range(src + 1, 7)):
                        continue
                rest = left[:index] + left[index + 1 :]
                walk(new, rest, head_used + (src == 24), steps + ((src, max(dst, 0), die),))

    walk(list(position.counts(mover)), list(dice_all), 0, ())
    return found


def _legal(found: list[tuple[tuple, tuple, int]], roll: Roll) -> list[tuple[tuple, tuple, int]]:
    k = max(used for _, _, used in found)
    legal = [p for p in found if p[2] == k]
    if k == 1 and not roll.is_double:
        larger = [p for p in legal if p[0] and p[0][0][2] == roll.high]
        if larger:
            legal = larger
    return legal if k > 0 else []


def brute_force(position: Position, roll: Roll, first_turn: bool, rules: Rules) -> tuple[set[tuple], set[tuple]]:
    """(set of legal final counts of the mover, set of legal first steps (src, dst))."""
    if not first_turn:
        limit = 1
    elif rules.head_first == "needed":
        one = _legal(_plays(position, roll, rules, 1), roll)
        two = _legal(_plays(position, roll, rules, 2), roll)
        k1 = max((p[2] for p in one), default=0)
        k2 = max((p[2] for p in two), default=0)
        limit = 2 if k2 > k1 else 1
    else:
        doubles = {"list": {6, 4, 3}, "az": {6, 4}, "any_double": set(range(1, 7)), "none": set()}[rules.head_first]
        limit = 2 if roll.is_double and roll.high in doubles else 1
    legal = _legal(_plays(position, roll, rules, limit), roll)
    return {final for _, final, _ in legal}, {(p[0][0][0], p[0][0][1]) for p in legal if p[0]}

"""An independent, deliberately naive oracle for legal turns of short nardy, written from docs/rules-short.md.

It shares no code with nardy_core.stepping or nardy_core.movegen: it tracks every checker of the mover
one by one (so the hit-and-run variant freezes *that* checker, not a count on a point), tries every
checker with every distinct die left, and applies S2-S5 literally:

- S3.1 while any own checker is on the bar (own point 25) only a bar checker may move; die d enters on
  own 25 - d;
- S2.2 a landing point held by two or more opposing checkers is closed; one opposing checker is hit and
  goes to the opponent's bar (S2.3); the opponent's own number of my point p is 25 - p (S1.1);
- S2.3 [VAR home_hit_and_run=forbidden] a checker that hit on own 1..6 does not move again this turn;
- S5.1/S5.2 bearing off only with every checker on own 1..6 or off; a die larger than the point bears
  off only when no checker stands on a higher home point;
- S4.1 play as many dice as possible (bearing off the last checker counts as using them all); with one
  die playable of two different dice, the larger if it can be played.
"""

from __future__ import annotations

from nardy_core import Position, Roll, ShortRules

OFF_POINT, BAR_POINT = 0, 25

Final = tuple[tuple[int, ...], tuple[int, ...]]  #: (mover's counts 0..25, opponent's counts 0..25)


def _counts(checkers: list[int]) -> tuple[int, ...]:
    counts = [0] * 26
    for point in checkers:
        if point != OFF_POINT:
            counts[point] += 1
    return tuple(counts)


def _plays(position: Position, roll: Roll, rules: ShortRules) -> list[tuple[tuple, Final, int]]:
    mover = position.to_move
    mine = position.counts(mover)
    checkers = [point for point in range(1, 26) for _ in range(mine[point])]
    checkers += [OFF_POINT] * (15 - len(checkers))
    dice_all = list(roll.steps)
    freeze = rules.home_hit_and_run == "forbidden"
    found: list[tuple[tuple, Final, int]] = []  # (steps, final, dice used)

    def walk(men: list[int], frozen: list[bool], theirs: list[int], left: list[int], steps: tuple) -> None:
        finished = all(point == OFF_POINT for point in men)
        used = len(dice_all) - len(left)  # dice counted literally, even when the last checker is off
        found.append((steps, (_counts(men), tuple(theirs)), used))
        if finished:
            return
        on_bar = any(point == BAR_POINT for point in men)
        for die in sorted(set(left), reverse=True):
            rest = list(left)
            rest.remove(die)
            for index, src in enumerate(men):
                if src == OFF_POINT or frozen[index]:
                    continue
                if on_bar and src != BAR_POINT:
                    continue
                dst = src - die
                new_theirs = list(theirs)
                hit = False
                if dst >= 1:
                    there = theirs[25 - dst]
                    if there >= 2:
                        continue
                    if there == 1:
                        new_theirs[25 - dst] = 0
                        new_theirs[BAR_POINT] += 1
                        hit = True
                else:
                    if any(point > 6 for point in men):
                        continue
                    if dst < 0 and any(src < point <= 6 for point in men):
                        continue
                    dst = OFF_POINT
                new_men = list(men)
                new_men[index] = dst
                new_frozen = list(frozen)
                new_frozen[index] = freeze and hit and 1 <= dst <= 6
                walk(new_men, new_frozen, new_theirs, rest, steps + ((src, dst, die, hit),))

    walk(checkers, [False] * 15, list(position.counts(mover.other)), dice_all, ())
    return found


def brute_force_short(position: Position, roll: Roll, rules: ShortRules) -> tuple[set[Final], set[tuple[int, int]]]:
    """(set of legal final (mover counts, opponent counts), set of legal first steps (src, dst))."""
    found = _plays(position, roll, rules)
    most = max(used for _, _, used in found)
    if most == 0:
        return set(), set()
    legal = [p for p in found if p[2] == most]
    if most == 1 and not roll.is_double:
        larger = [p for p in legal if p[0] and p[0][0][2] == roll.high]
        if larger:
            legal = larger
    return {final for _, final, _ in legal}, {(p[0][0][0], p[0][0][1]) for p in legal if p[0]}

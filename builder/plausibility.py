"""Could a long-nardy position arise in a real game? A few counts every real game obeys, roughly.

A lesson's diagram should show a position a learner could meet: the opponent's checkers where they would
be by then, not fifteen untouched on the head while you bear off. Turns alternate, so both sides have had
about as many rolls; a roll moves 8⅙ pips on average (doubles count four times), and only one checker
leaves the head per turn. From that:

- **progress**: a side's pips moved so far, ``360 − pip count`` (a borne-off checker counts its 24);
- **balance**: the two progresses differ by at most ``35 + 35 %`` of the larger one (blocked turns and
  wasted pips at the end make some difference; a wider one means a side missed a dozen turns);
- **head**: a side with *d* checkers off its head and some still on it has had about *d* turns (it takes one a
  turn while it can), so the opponent has moved at most ``24 + 22·d`` pips (all fifteen still on the head: the
  opponent has made at most its first move);
- **turns for the head**: *d* checkers off the head took at least *d − 1* turns of at least 3 pips each, for
  this side and (one turn less) for its opponent.

The limits were set above what 1,000 games of the computer player against itself ever showed (see
``tests/build/test_plausibility.py``), so a real position passes; a position that breaks one is either
wrong or meant as a composed diagram (``composed = true``, shown with a label; keep those rare).
Short nardy has hitting and the bar: its positions are not judged here.

>>> implausible(Position.from_notation("w/24:15/24:15"))
[]
>>> implausible(Position.from_notation("w/6,2,off:13/24:15"))[0][:60]
'White has moved 352 pips and Black 0: in a real game the two'
"""

from __future__ import annotations

from nardy_core import Position, Side

START_PIPS = 360  #: 15 checkers on the own 24
HEAD = 24
BALANCE_BASE, BALANCE_SHARE = 35, 0.35
HEAD_BASE, HEAD_PER_CHECKER = 24, 22
MIN_PIPS_PER_TURN = 3  #: the smallest roll, 2-1, when nothing is blocked

NAMES = {Side.WHITE: "White", Side.BLACK: "Black"}


def progress(position: Position, side: Side) -> int:
    """Pips ``side`` has moved at least: 360 minus its pip count."""
    return START_PIPS - position.pips(side)


def departures(position: Position, side: Side) -> int:
    """How many of ``side``'s checkers have left its head."""
    return 15 - position.count(side, HEAD)


def balance_limit(larger: int) -> int:
    """The largest difference of progress a real game shows when the side further on has moved ``larger``."""
    return int(BALANCE_BASE + BALANCE_SHARE * larger)


def implausible(position: Position) -> list[str]:
    """Why ``position`` could hardly come from a real game (empty: it could)."""
    if not position.game.spec.has_head:  # the counts below assume a start on the head and no hitting
        return []
    if position.game.spec.parted_turns:  # a cascade moves up to 84 pips in one turn: no bound on progress holds
        return []
    reasons = []
    moved = {side: progress(position, side) for side in Side}
    white, black = moved[Side.WHITE], moved[Side.BLACK]
    if abs(white - black) > balance_limit(max(white, black)):
        reasons.append(
            f"White has moved {white} pips and Black {black}: in a real game the two differ by at most "
            f"{balance_limit(max(white, black))} at this stage (both sides roll in turn)"
        )
    for side in Side:
        off_head = departures(position, side)
        other = side.other
        most = HEAD_BASE + HEAD_PER_CHECKER * off_head
        if off_head < 15 and moved[other] > most:  # an empty head says nothing about how many turns have passed
            reasons.append(
                f"{NAMES[side]} has taken only {off_head} checker(s) off its head, so it has had about {off_head} turn(s); "
                f"{NAMES[other]} cannot have moved {moved[other]} pips meanwhile (at most about {most})"
            )
        if off_head >= 2 and moved[side] < MIN_PIPS_PER_TURN * (off_head - 1):
            reasons.append(
                f"{NAMES[side]} has {off_head} checkers off its head but has moved only {moved[side]} pips: "
                f"{off_head} head moves take at least {off_head - 1} turns of {MIN_PIPS_PER_TURN}+ pips"
            )
        if off_head >= 3 and moved[other] < MIN_PIPS_PER_TURN * (off_head - 2):
            reasons.append(
                f"{NAMES[side]} has had at least {off_head - 1} turns (it took {off_head} checkers off its head), "
                f"but {NAMES[other]} has moved only {moved[other]} pips in as many turns"
            )
    return reasons

# The 36 rolls: how many of them let one checker move exactly 8 pips?
# The program prints "6 of 36 = 1/6 ≈ 16.7%" and a table for every distance.
import micropip

await micropip.install("nardy_core")

from fractions import Fraction

from nardy_core import Roll
from nardy_lab import table

# Two dice make 36 rolls: 6-5 and 5-6 are different rolls, the double 3-3 is one.
ROLLS = [Roll(a, b) for a in range(1, 7) for b in range(1, 7)]


def distances(roll):
    """How far one checker can move with this roll (when the way is clear)."""
    steps = roll.steps  # (6, 5) — or four equal numbers for a double: (3, 3, 3, 3)
    if roll.is_double:
        # a double: the checker moves the number once, twice, three or four times
        return {steps[0] * k for k in range(1, 5)}
    # two different numbers: one of them, or both one after the other
    return {steps[0], steps[1], steps[0] + steps[1]}


def chance(distance):
    """How many of the 36 rolls move a checker exactly `distance` pips."""
    return sum(1 for roll in ROLLS if distance in distances(roll))


count = chance(8)
share = Fraction(count, 36)
print(f"Moving exactly 8 pips: {count} of 36 = {share} ≈ {float(share):.1%}")

# A table for every distance one roll can cover at all.
rows = []
for distance in range(1, 25):
    n = chance(distance)
    if n:
        rows.append([distance, n, f"{n / 36:.1%}"])
table(rows, headers=["pips", "rolls of 36", "chance"])

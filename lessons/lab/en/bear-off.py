# Bearing off: how many rolls does it take on average to bear every checker off from home?
# The program prints "Expected number of rolls: 5.11" and a table: the chance that
# the last checker leaves in exactly 4, 5, 6 … rolls.
import micropip

await micropip.install("nardy_core")

from nardy_core import Position, Side
from nardy_core.bearoff import distribution, expected_rolls, home_board
from nardy_lab import show, table

# All of White's checkers are home: one each on the 1-, 3- and 5-points, two each on the 2-, 4- and 6-points;
# six are already borne off. Black is far away and cannot interfere: a pure race.
position = Position.from_notation("w/6:2,5,4:2,3,2:2,1,off:6/24:15")
show(position)

# A home board is six numbers: how many checkers stand on points 1…6.
board = home_board(position, Side.WHITE)
print("White's home (points 1-6):", board)

# nardy_core tries all 36 rolls and plays each one to finish as fast as possible.
print(f"Expected number of rolls: {expected_rolls(board):.2f}")

# chances[k] is the chance of bearing the last checker off with exactly the k-th roll.
chances = distribution(board)
rows = []
total = 0.0
for rolls, p in enumerate(chances):
    total += p
    if p > 0.0005:  # leave out the cases that hardly ever happen
        rows.append([rolls, f"{p:.1%}", f"{total:.1%}"])
table(rows, headers=["rolls", "in exactly", "in at most"])

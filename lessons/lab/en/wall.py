# A wall of five points: how many of the 36 rolls free a checker trapped behind it?
# The program prints "11 of 36" when the checker stands right behind the wall and "2 of 36" one point further back.
import micropip

await micropip.install("nardy_core")

from nardy_core import Position, Roll, Side, legal_turns
from nardy_lab import show

# Long nardy, White to move. Black holds White's points 19, 18, 17, 16 and 15 —
# five points in a row (in the notation these are Black's own 7, 6, 5, 4, 3).
# One white checker is behind the wall; the other 14 are already home, on the 6-point.
WALL = "7:2,6:2,5:2,4:2,3:2,1:5"
POSITIONS = {
    "right behind the wall (on point 20)": Position.from_notation(f"w/20,6:14/{WALL}"),
    "one point further back (on point 21)": Position.from_notation(f"w/21,6:14/{WALL}"),
}


def escaped(position):
    """Has the checker got past the wall: White has nothing left on points 15-24."""
    return all(position.count(Side.WHITE, point) == 0 for point in range(15, 25))


for name, position in POSITIONS.items():
    show(position, caption=name)
    good = []
    for a in range(1, 7):
        for b in range(1, 7):  # all 36 rolls: 6-1 and 1-6 count separately
            # legal_turns gives every legal turn: pairs (position after the turn, steps)
            turns = legal_turns(position, Roll(a, b))
            if any(escaped(after) for after, steps in turns):
                good.append(f"{a}-{b}")
    print(f"The checker {name} escapes with {len(good)} of 36 rolls: {', '.join(good)}")

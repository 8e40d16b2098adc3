import micropip
await micropip.install("nardy_core")
from nardy_core import Position
from nardy_lab import show
show(Position.start(), (6, 5))
print(6 * 6)

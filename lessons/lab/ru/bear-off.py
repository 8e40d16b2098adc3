# Выбрасывание: сколько бросков в среднем нужно, чтобы выбросить все шашки из дома?
# Программа напечатает «Ожидаемое число бросков: 5.11» и таблицу: с каким шансом
# последняя шашка уйдёт ровно за 4, 5, 6 … бросков.
import micropip

await micropip.install("nardy_core")

from nardy_core import Position, Side
from nardy_core.bearoff import distribution, expected_rolls, home_board
from nardy_lab import show, table

# Все шашки белых в доме: по одной на 1-м, 3-м и 5-м пунктах, по две на 2-м, 4-м и 6-м;
# шесть уже выброшены. Чёрные далеко и помешать не могут — это чистая гонка.
position = Position.from_notation("w/6:2,5,4:2,3,2:2,1,off:6/24:15")
show(position)

# Дом — это шесть чисел: сколько шашек на пунктах 1…6.
board = home_board(position, Side.WHITE)
print("Дом белых (пункты 1–6):", board)

# nardy_core перебирает все 36 бросков и каждый играет так, чтобы закончить быстрее.
print(f"Ожидаемое число бросков: {expected_rolls(board):.2f}")

# chances[k] — шанс выбросить последнюю шашку ровно k-м броском.
chances = distribution(board)
rows = []
total = 0.0
for rolls, p in enumerate(chances):
    total += p
    if p > 0.0005:  # совсем маловероятные случаи не показываем
        rows.append([rolls, f"{p:.1%}", f"{total:.1%}"])
table(rows, headers=["бросков", "ровно за столько", "не больше"])

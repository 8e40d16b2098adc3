# Стенка из пяти пунктов: сколько бросков из 36 выпускают шашку, запертую за ней?
# Программа напечатает «11 из 36», если шашка стоит вплотную к стенке, и «2 из 36», если на пункт дальше.
import micropip

await micropip.install("nardy_core")

from nardy_core import Position, Roll, Side, legal_turns
from nardy_lab import show

# Длинные нарды, ходят белые. Чёрные заняли пункты белых 19, 18, 17, 16 и 15 —
# пять пунктов подряд (в нотации это их собственные 7, 6, 5, 4, 3).
# Одна белая шашка стоит за стенкой, остальные 14 уже в доме на 6-м пункте.
WALL = "7:2,6:2,5:2,4:2,3:2,1:5"
POSITIONS = {
    "вплотную к стенке (на пункте 20)": Position.from_notation(f"w/20,6:14/{WALL}"),
    "на пункт дальше (на пункте 21)": Position.from_notation(f"w/21,6:14/{WALL}"),
}


def escaped(position):
    """Прошла ли шашка стенку: у белых не осталось шашек на пунктах 15–24."""
    return all(position.count(Side.WHITE, point) == 0 for point in range(15, 25))


for name, position in POSITIONS.items():
    show(position, caption=name)
    good = []
    for a in range(1, 7):
        for b in range(1, 7):  # все 36 бросков: 6-1 и 1-6 считаем по отдельности
            # legal_turns даёт все разрешённые ходы: пары (позиция после хода, шаги)
            turns = legal_turns(position, Roll(a, b))
            if any(escaped(after) for after, steps in turns):
                good.append(f"{a}-{b}")
    print(f"Шашка {name} выходит: {len(good)} из 36 бросков — {', '.join(good)}")

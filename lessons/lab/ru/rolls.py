# 36 бросков: сколько из них позволяют одной шашке пройти ровно 8 пунктов?
# Программа напечатает «6 из 36 = 1/6 ≈ 16.7%» и таблицу для всех расстояний.
import micropip

await micropip.install("nardy_core")

from fractions import Fraction

from nardy_core import Roll
from nardy_lab import table

# Два кубика дают 36 бросков: 6-5 и 5-6 — разные броски, а дубль 3-3 — один.
ROLLS = [Roll(a, b) for a in range(1, 7) for b in range(1, 7)]


def distances(roll):
    """На сколько пунктов одна шашка может уйти этим броском (если путь свободен)."""
    steps = roll.steps  # (6, 5) — или четыре одинаковых числа у дубля: (3, 3, 3, 3)
    if roll.is_double:
        # дубль: шашка идёт на одно число один, два, три или четыре раза
        return {steps[0] * k for k in range(1, 5)}
    # разные числа: на одно из них или на оба подряд
    return {steps[0], steps[1], steps[0] + steps[1]}


def chance(distance):
    """Сколько бросков из 36 позволяют пройти ровно distance пунктов."""
    return sum(1 for roll in ROLLS if distance in distances(roll))


count = chance(8)
share = Fraction(count, 36)
print(f"Пройти ровно 8 пунктов: {count} из 36 = {share} ≈ {float(share):.1%}")

# Таблица для всех расстояний, до которых вообще можно дойти за один бросок.
rows = []
for distance in range(1, 25):
    n = chance(distance)
    if n:
        rows.append([distance, n, f"{n / 36:.1%}"])
table(rows, headers=["пунктов", "бросков из 36", "шанс"])

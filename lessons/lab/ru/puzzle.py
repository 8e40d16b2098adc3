# Задача от компьютера: партия идёт, пока не выпадет бросок, при котором разрешён ровно один ход.
# Программа напечатает позицию, бросок, «Единственный ход: …» и почему заманчивые ходы нельзя сделать.
import micropip

await micropip.install("nardy_core")

import random

import nardy_core.bot
from nardy_core import Position, Roll, check_play, format_play, legal_turns
from nardy_lab import show

rng = random.Random(7)  # другое число — другая задача
position, turn = Position.start(), 0
while True:
    if position.winner():  # партия кончилась, а задачи нет: начнём новую
        position, turn = Position.start(), 0
    roll = Roll.random(rng)
    first = turn < 2  # первый бросок каждого игрока: у дублей свои правила снятия с головы
    plays = legal_turns(position, roll, first_turn=first)  # пары (позиция после хода, шаги)
    if turn >= 10 and len(plays) == 1 and plays[0][1]:
        break  # нашли: ровно один разрешённый ход (и это не пропуск хода)
    # иначе ход делает компьютер сайта, и очередь переходит к сопернику
    steps = nardy_core.bot.choose(position, roll, first, seed=turn)
    position = next(after for after, s in plays if tuple(s) == steps) if steps else position
    position = position.with_to_move(position.to_move.other)
    turn += 1

show(position, roll, caption="Задача")
answer = plays[0][1]
print(f"Позиция: {position.notation()}, бросок {roll}")
print(f"Единственный ход: {format_play(answer)}")

# Почему нельзя иначе? Проверим первый шаг каждой шашки каждым числом броска
# и покажем по одному примеру на каждую причину.
REASONS = {
    "OCCUPIED": "пункт занят соперником",
    "NOT_ALL_HOME": "выбрасывать можно, только когда все шашки дома",
    "BEAR_OFF_HIGHER_OCCUPIED": "выше ещё стоят ваши шашки",
    "MUST_USE_BOTH": "так сыграно меньше, чем позволяет бросок",
    "MUST_USE_LARGER": "сыграть можно только один кубик — и тогда обязательно больший",
    "HEAD_LIMIT": "с головы за ход можно снять только одну шашку",
    "SIX_BLOCK": "получится блок — шесть пунктов подряд без шашки соперника впереди",
}
shown = set()  # какие причины уже показаны
for src in position.occupied(position.to_move):  # свои пункты, от 24-го вниз
    for die in sorted(set(roll.steps), reverse=True):
        dst = max(src - die, 0)  # 0 — шашка выброшена
        verdict = check_play(position, roll, [(src, dst)])
        code = verdict.code.value if verdict.code else ""
        if verdict.verdict == "illegal" and code in REASONS and code not in shown:
            shown.add(code)
            print(f"  {src}/{dst or 'off'} нельзя: {code} — {REASONS[code]}")

check = check_play(position, roll, [(step.src, step.dst) for step in answer])
print(f"Проверка ответа: {check.verdict}")

# Турнир двух ботов: N партий в длинные нарды без доски, с полосой прогресса.
# В конце — таблица: сколько партий и очков набрал каждый бот («Победы: …»).
import micropip

await micropip.install("nardy_core")

import random

from nardy_lab import games, table

N = 10  # сколько партий сыграть
rng = random.Random(1)  # свой генератор: с тем же числом турнир повторится


def builder(position, roll, plays):
    """Строитель: выбрасывает шашки, занимает побольше пунктов, уводит шашки с головы."""
    me = position.to_move
    return max(plays, key=lambda play: (
        play.after.borne_off(me),
        len(list(play.after.occupied(me))),
        -play.after.count(me, 24),
    ))


def random_bot(position, roll, plays):
    """Случайный бот: любой разрешённый ход."""
    return rng.choice(plays)


# builder играет белыми, random_bot — чёрными; кто начинает партию, решает жребий.
# Вместо random_bot можно передать None — тогда играет компьютер сайта (это медленнее).
results = games(builder, random_bot, N, seed=2, label="партии")

score = {"white": [0, 0], "black": [0, 0]}  # [побед, очков]
for result in results:
    score[result.winner][0] += 1
    score[result.winner][1] += result.points

table(
    [["строитель", *score["white"]], ["случайный", *score["black"]]],
    headers=["бот", "побед", "очков"],
)
print(f"Победы: строитель {score['white'][0]}, случайный {score['black'][0]} (из {N})")

# Ваш бот против компьютера сайта: одна партия в длинные нарды на доске.
# В конце программа напечатает, кто выиграл и сколько очков.
import micropip

await micropip.install("nardy_core")

from nardy_lab import play


def choose(position, roll, plays):
    """Выбрать ход. plays — список всех разрешённых ходов при этом броске.

    У каждого хода есть play.steps (шаги: откуда, куда, каким числом) и
    play.after — позиция после хода. str(play) пишет ход как «24/18 18/13».
    """
    me = position.to_move  # за кого играет бот

    def value(play):
        after = play.after
        borne_off = after.borne_off(me)  # 1) выбросить как можно больше шашек
        points = len(list(after.occupied(me)))  # 2) занять больше пунктов
        on_head = after.count(me, 24)  # 3) не держать шашки на голове
        return (borne_off, points, -on_head)

    # max сравнивает кортежи по порядку: сначала выбрасывание, потом пункты, потом голова
    return max(plays, key=value)


# seed задаёт броски: с тем же seed партия повторится. Уберите его — будет новая партия.
result = await play(choose, seed=7)

KINDS = {"oin": "оин", "mars": "марс", "koks": "кокс"}
who = "Ваш бот" if result.winner == "white" else "Компьютер"
print(f"{who} выиграл: {KINDS.get(result.kind, result.kind)}, очков: {result.points}")

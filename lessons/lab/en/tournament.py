# A tournament of two bots: N games of long nardy without a board, with a progress bar.
# At the end, a table of the games and points each bot won ("Wins: …").
import micropip

await micropip.install("nardy_core")

import random

from nardy_lab import games, table

N = 10  # how many games to play
rng = random.Random(1)  # a generator of our own: the same number replays the tournament


def builder(position, roll, plays):
    """The builder: bears off, holds as many points as it can, moves checkers off the head."""
    me = position.to_move
    return max(plays, key=lambda play: (
        play.after.borne_off(me),
        len(list(play.after.occupied(me))),
        -play.after.count(me, 24),
    ))


def random_bot(position, roll, plays):
    """The random bot: any legal play."""
    return rng.choice(plays)


# builder plays White, random_bot Black; the opening roll decides who starts each game.
# Pass None instead of random_bot to play the site's computer (slower).
results = games(builder, random_bot, N, seed=2, label="games")

score = {"white": [0, 0], "black": [0, 0]}  # [wins, points]
for result in results:
    score[result.winner][0] += 1
    score[result.winner][1] += result.points

table(
    [["builder", *score["white"]], ["random", *score["black"]]],
    headers=["bot", "wins", "points"],
)
print(f"Wins: builder {score['white'][0]}, random {score['black'][0]} (of {N})")

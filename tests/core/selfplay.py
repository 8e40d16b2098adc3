"""Random self-play of either game, for the property tests: the turns a game meets, with their searches."""

from __future__ import annotations

import random
from typing import NamedTuple

from nardy_core import Position, Roll, Rules, TurnSearch
from nardy_core.flow import is_first_turn, play, start


class SeenTurn(NamedTuple):
    """One turn of a self-played game: where it stood, the roll, whether it was the mover's first, every turn."""

    position: Position
    roll: Roll
    first_turn: bool
    search: TurnSearch


def opening_throw(rng: random.Random) -> tuple[int, int]:
    """White's and Black's opening dice, thrown again until they differ."""
    while True:
        white_die, black_die = rng.randint(1, 6), rng.randint(1, 6)
        if white_die != black_die:
            return white_die, black_die


def self_play(seed: int, rules: Rules, max_turns: int) -> list[SeenTurn]:
    """Play one random game of the rules' game (each turn a random legal one); every turn it met."""
    rng = random.Random(seed)
    game = start(rules, *opening_throw(rng))
    seen = []
    for _ in range(max_turns):
        if game.over:
            break
        roll = game.roll or Roll.random(rng)
        first_turn = is_first_turn(game, game.to_move)
        search = TurnSearch(game.position, roll, first_turn, rules)
        seen.append(SeenTurn(game.position, roll, first_turn, search))
        outcomes = search.outcomes()
        game = play(game, roll, rng.choice(outcomes)[1] if outcomes else [])
    return seen

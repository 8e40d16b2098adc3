"""Random self-play of either game, for the property tests: the turns a game meets, with their searches."""

from __future__ import annotations

import json
import random
from typing import Any, NamedTuple

from nardy_core import Position, Roll, Rules, TurnSearch
from nardy_core.api import call
from nardy_core.flow import is_first_turn, play, record_from_json, replay, start


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


def computer_game(game: str, seed: int, rules: dict[str, Any] | None = None, actions: int = 600) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole game of the computer against itself through the game requests, every state sent back as JSON as
    the page sends it: the final state, and the game's record, checked to replay to that end."""
    state = call("game_new", {"game": game, "seed": seed, "rules": rules or {},
                              "players": {"white": "computer", "black": "computer"}})
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    for _ in range(actions):
        if state["result"] is not None:
            break
        state = call("game_computer", {"game": json.loads(json.dumps(state)), "seed": rng.randrange(2**32)})
        assert "error" not in state, state
        events.append(state["last"])
    assert state["result"] is not None, f"the game did not end in {actions} actions"
    record = {"game": game, "rules": state["rules"], "opening": state["opening"], "events": events}
    final = replay(record_from_json(record))
    assert final.position.notation() == state["position"] and final.result is not None
    assert final.result.to_json() == state["result"]
    return state, record

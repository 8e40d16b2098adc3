"""Games for training and for measuring: the net's 0-ply greedy choice, a TD(lambda) self-play game, and
games against nardy_core's heuristic (``nardy_core.bot``) for the strength figure."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nardy_core.bot import choose as heuristic_choose
from nardy_core.dice import Roll
from nardy_core.games import Family, Game
from nardy_core.movegen import TurnSearch
from nardy_core.position import Position
from nardy_core.rules import LongRules, Rules, default_rules
from nardy_core.scoring import KOKS, MARS, OIN, gammon_kind, score
from nardy_core.sides import Side

from .model import Array, NumpyNet, encode_batch


def label_rules(game: Game) -> Rules:
    """The rules whose result kinds the outputs learn: the game's defaults, except that the long net's koks
    outputs learn ``koks_quarter``'s koks (a mars with a loser's checker still in its start quarter)."""
    if game.family is Family.LONG:
        return LongRules(koks="koks_quarter")
    return default_rules(game)


def outcome(final: Position, winner: Side, rules: Rules) -> Array:
    """The five outputs' values of a finished game, from the winner's view."""
    kind, _ = gammon_kind(final, winner, rules)
    return np.array([1.0, float(kind in (MARS, KOKS)), float(kind == KOKS), 0.0, 0.0])


def flip(values: Array) -> Array:
    """Outputs from the other side's view: its win is our loss, its mars our lost mars (rows of a batch too)."""
    return np.stack(
        (1.0 - values[..., 0], values[..., 3], values[..., 4], values[..., 1], values[..., 2]), axis=-1
    )


def koks_scored(game: Game) -> bool:
    """Does the game's default scoring count the koks the net learns (short: yes; long: koks is off)?"""
    return game.family is Family.SHORT


def equity(values: Array, game: Game) -> Array:
    """Cubeless money equity under the game's default rules, of each row of outputs (the side to move's)."""
    result: Array = 2.0 * values[:, 0] - 1.0 + values[:, 1] - values[:, 3]
    if koks_scored(game):
        result = result + values[:, 2] - values[:, 4]
    return result


def counts_array(positions: list[Position], side_of: Callable[[Position], Side]) -> np.ndarray:  # type: ignore[type-arg]
    """(N, 26) counts of ``side_of(p)`` in each position."""
    return np.array([p.counts(side_of(p)) for p in positions], dtype=np.int64)


@dataclass
class Choice:
    """The net's pick among the legal turns: the position it leaves (the opponent to move), that position's
    inputs and outputs from the opponent's view (``None`` when the game is over), and the mover's result if so."""

    position: Position
    inputs: Array | None
    values: Array | None
    finished: bool


def choose(net: NumpyNet, position: Position, roll: Roll, first_turn: bool, rules: Rules) -> Choice:
    """The net's 0-ply greedy turn: the legal final position with the best equity for the mover."""
    mover, game = position.to_move, position.game
    outcomes = TurnSearch(position, roll, first_turn, rules).outcomes()
    finals = [p for p, _ in outcomes] or [position]  # no legal turn: the turn passes
    for final in finals:
        if final.on_board(mover) == 0:  # a game-ending turn is the best there is (its kind barely varies)
            return Choice(final, None, None, True)
    other = mover.other
    inputs = encode_batch(counts_array(finals, lambda _: other), counts_array(finals, lambda _: mover), game.family)
    _, values = net.forward(inputs)
    best = int(np.argmax(-equity(values, game)))
    return Choice(finals[best].with_to_move(other), inputs[best], values[best], False)


def opening(rng: random.Random) -> tuple[Side, Roll]:
    """The opening throw: who moves first, and the numbers the first mover plays (both games' default start)."""
    while True:
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        if white != black:
            return (Side.WHITE if white > black else Side.BLACK), Roll(white, black)


def self_play_game(net: NumpyNet, game: Game, rng: random.Random, lam: float) -> tuple[Array, Array]:
    """One game of the net against itself; every position it met (inputs from its mover's view) and each
    one's TD(lambda) target, the lambda-return of the outputs that followed it."""
    rules = default_rules(game)
    labels = label_rules(game)
    first, roll = opening(rng)
    position = Position.start(game, first)
    start_inputs = encode_batch(counts_array([position], lambda _: first), counts_array([position], lambda _: first.other), game.family)
    inputs: list[Array] = [start_inputs[0]]
    values: list[Array] = []  # the net's outputs for inputs[t + 1]
    moved: set[Side] = set()
    while True:
        mover = position.to_move
        choice = choose(net, position, roll, mover not in moved, rules)
        moved.add(mover)
        if choice.finished:
            final_value = outcome(choice.position, mover, labels)
            break
        assert choice.inputs is not None and choice.values is not None
        inputs.append(choice.inputs)
        values.append(choice.values)
        position = choice.position
        roll = Roll.random(rng)
    targets = np.empty((len(inputs), 5))
    following = final_value
    targets[-1] = following
    for t in range(len(inputs) - 2, -1, -1):
        following = flip((1.0 - lam) * values[t] + lam * following)
        targets[t] = following
    return np.array(inputs), targets


#: a player: the position after its turn (the opponent to move, or the mover's last checker off), given the
#: position, the roll, whether it is the mover's first turn, the rules and the match's random numbers
Player = Callable[[Position, Roll, bool, Rules, random.Random], Position]


def _after_steps(position: Position, roll: Roll, first_turn: bool, rules: Rules, steps: tuple[object, ...]) -> Position:
    """The position a chosen play leaves (the opponent to move unless the mover is off)."""
    mover = position.to_move
    search = TurnSearch(position, roll, first_turn, rules)
    after = next((p for p, s in search.outcomes() if tuple(s) == steps), position) if steps else position
    return after.with_to_move(mover.other) if after.on_board(mover) else after


def net_player(net: NumpyNet) -> Player:
    """The network at 0 ply (its greedy choice)."""
    def play(position: Position, roll: Roll, first_turn: bool, rules: Rules, rng: random.Random) -> Position:
        return choose(net, position, roll, first_turn, rules).position
    return play


def heuristic_player(position: Position, roll: Roll, first_turn: bool, rules: Rules, rng: random.Random) -> Position:
    """``nardy_core.bot``: the site's computer today (the beginner level)."""
    steps = heuristic_choose(position, roll, first_turn, rules, rng.randrange(2**32))
    return _after_steps(position, roll, first_turn, rules, tuple(steps or ()))


def best_final_player(value: Callable[[Position, Side], float]) -> Player:
    """The player whose play leaves the position ``value`` rates highest for the mover (the first such in the
    search's order); the opponent then moves, unless the play ended the game.

    >>> from nardy_core.games import Game
    >>> fewest_pips = best_final_player(lambda final, mover: -final.pips(mover))
    >>> start = Position.start(Game.LONG, Side.WHITE)
    >>> fewest_pips(start, Roll(6, 5), True, default_rules(Game.LONG), random.Random(0)).to_move is Side.BLACK
    True
    """

    def play(position: Position, roll: Roll, first_turn: bool, rules: Rules, rng: random.Random) -> Position:
        mover = position.to_move
        finals = [final for final, _ in TurnSearch(position, roll, first_turn, rules).outcomes()]
        if not finals:
            return position.with_to_move(mover.other)
        best = max(finals, key=lambda final: value(final, mover))
        return best.with_to_move(mover.other) if best.on_board(mover) else best

    return play


#: the play that leaves the mover the fewest pips: a sanity check
pip_greedy_player = best_final_player(lambda final, mover: -final.pips(mover))


def match(first: Player, second: Player, game: Game, games: int, seed: int) -> tuple[float, float]:
    """``first`` against ``second`` over ``games`` games, colours and the opening alternating with the dice;
    ``first``'s points per game under the default rules, and the 95 % interval's half width."""
    rules = default_rules(game)
    rng = random.Random(seed)
    points = []
    for index in range(games):
        first_side = Side.WHITE if index % 2 == 0 else Side.BLACK
        opener, roll = opening(rng)
        position = Position.start(game, opener)
        moved: set[Side] = set()
        while True:
            mover = position.to_move
            first_turn = mover not in moved
            moved.add(mover)
            player = first if mover is first_side else second
            after = player(position, roll, first_turn, rules, rng)
            if after.on_board(mover) == 0:
                result = score(after, mover, rules)
                points.append(result.points if mover is first_side else -result.points)
                break
            position = after
            roll = Roll.random(rng)
    mean = float(np.mean(points))
    half = 1.96 * float(np.std(points, ddof=1)) / float(np.sqrt(len(points))) if len(points) > 1 else float("nan")
    return mean, half


def match_against_heuristic(net: NumpyNet, game: Game, games: int, seed: int) -> tuple[float, float]:
    """The net (0-ply) against ``nardy_core.bot`` (its 0-ply heuristic) over ``games`` games (:func:`match`)."""
    return match(net_player(net), heuristic_player, game, games, seed)


__all__ = ["OIN", "Player", "choose", "equity", "flip", "heuristic_player", "match", "match_against_heuristic", "net_player",
           "pip_greedy_player", "self_play_game"]

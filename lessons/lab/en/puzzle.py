# A puzzle from the computer: a game goes on until a roll comes with exactly one legal play.
# The program prints the position, the roll, "The only play: …" and why the tempting moves are not allowed.
import micropip

await micropip.install("nardy_core")

import random

import nardy_core.bot
from nardy_core import Position, Roll, check_play, format_play, legal_turns
from nardy_lab import show

rng = random.Random(7)  # another number, another puzzle
position, turn = Position.start(), 0
while True:
    if position.winner():  # the game is over and no puzzle yet: start a new one
        position, turn = Position.start(), 0
    roll = Roll.random(rng)
    first = turn < 2  # each player's first roll: doubles have their own head rule then
    plays = legal_turns(position, roll, first_turn=first)  # pairs (position after the play, steps)
    if turn >= 10 and len(plays) == 1 and plays[0][1]:
        break  # found: exactly one legal play (and it is not a pass)
    # otherwise the site's computer plays, and the turn goes to the opponent
    steps = nardy_core.bot.choose(position, roll, first, seed=turn)
    position = next(after for after, s in plays if tuple(s) == steps) if steps else position
    position = position.with_to_move(position.to_move.other)
    turn += 1

show(position, roll, caption="Puzzle")
answer = plays[0][1]
print(f"Position: {position.notation()}, roll {roll}")
print(f"The only play: {format_play(answer)}")

# Why not something else? Check the first step of every checker with every number of the roll
# and show one example of each reason.
REASONS = {
    "OCCUPIED": "the point is held by the opponent",
    "NOT_ALL_HOME": "you may bear off only when all your checkers are home",
    "BEAR_OFF_HIGHER_OCCUPIED": "your checkers still stand higher",
    "MUST_USE_BOTH": "that plays less than the roll allows",
    "MUST_USE_LARGER": "only one die can be played, so it must be the larger",
    "HEAD_LIMIT": "only one checker may leave the head per turn",
    "SIX_BLOCK": "that makes a block of six points in a row with no opposing checker ahead",
}
shown = set()  # the codes already shown
for src in position.occupied(position.to_move):  # own points, from 24 down
    for die in sorted(set(roll.steps), reverse=True):
        dst = max(src - die, 0)  # 0: the checker is borne off
        verdict = check_play(position, roll, [(src, dst)])
        code = verdict.code.value if verdict.code else ""
        if verdict.verdict == "illegal" and code in REASONS and code not in shown:
            shown.add(code)
            print(f"  {src}/{dst or 'off'} is not allowed: {code} — {REASONS[code]}")

check = check_play(position, roll, [(step.src, step.dst) for step in answer])
print(f"Checking the answer: {check.verdict}")

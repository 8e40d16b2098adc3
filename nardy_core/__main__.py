"""Command line: ``python -m nardy_core turns|check`` reads JSON queries on stdin, prints JSON results.

A single query object gives a single result; a list of queries gives a list in the same order, written
one result at a time (memory stays bounded however many queries there are). Bad input prints
``{"error": {"code", "message", "params"}}`` (in place, for a list) and exits with status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .api import call, error

COMMANDS = ("turns", "check")
MAX_INPUT = 256 * 1024 * 1024  #: characters of stdin read at most

USAGE = """usage: python -m nardy_core {turns|check} < queries.json

  turns   every distinct legal final position for a query, with one play each
  check   verdict on the query's "play": legal | illegal (code, step) | incomplete

A query: {"game": "long", "white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5],
          "first_turn": true, "rules": {"block_timing": "end"}}   (check also needs "play": "24/18 18/13")
Short nardy: "game": "short", and "bar": n in a side for checkers on the bar; plays like "bar/22 13/7*".
The position may instead be given in the project notation: {"position": "w/24:15/24:15", ...}."""


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; returns the exit status."""
    if len(argv) != 1 or argv[0] not in COMMANDS:
        stream = stdout if argv and argv[0] in ("-h", "--help") else sys.stderr
        print(USAGE, file=stream)
        return 0 if stream is stdout else 2
    command = argv[0]
    text = stdin.read(MAX_INPUT + 1)
    if len(text) > MAX_INPUT:
        _emit(error("BAD_JSON", f"the input is larger than {MAX_INPUT} characters"), stdout)
        return 2
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError) as exc:
        _emit(error("BAD_JSON", f"invalid JSON on stdin: {str(exc)[:200]}"), stdout)
        return 2
    del text
    answer: Callable[[Any], dict[str, Any]] = lambda query: call(command, query)  # noqa: E731
    if not isinstance(data, list):
        result = answer(data)
        _emit(result, stdout)
        return 2 if "error" in result else 0
    failed = False
    stdout.write("[")
    for index in range(len(data)):
        query, data[index] = data[index], None  # let each query go once it is answered
        result = answer(query)
        failed = failed or "error" in result
        stdout.write(("," if index else "") + json.dumps(result, ensure_ascii=False))
    stdout.write("]\n")
    return 2 if failed else 0


def _emit(value: Any, stdout: TextIO) -> None:
    stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

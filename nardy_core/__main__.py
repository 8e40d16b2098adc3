"""Command line: ``python -m nardy_core turns|check`` reads JSON queries on stdin, prints JSON results.

A single query object gives a single result; a list of queries gives a list in the same order.
Bad input prints ``{"error": {"code", "message"}}`` (in place, for a list) and exits with status 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .api import check, error, turns

COMMANDS = {"turns": turns, "check": check}

USAGE = """usage: python -m nardy_core {turns|check} < queries.json

  turns   every distinct legal final position for a query, with one play each
  check   verdict on the query's "play": legal | illegal (code, step) | incomplete

A query: {"white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5],
          "first_turn": true, "rules": {"block_timing": "end"}}   (check also needs "play": "24/18 18/13")
The position may instead be given in the project notation: {"position": "w/24:15/24:15", ...}."""


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; returns the exit status."""
    if len(argv) != 1 or argv[0] not in COMMANDS:
        stream = stdout if argv and argv[0] in ("-h", "--help") else sys.stderr
        print(USAGE, file=stream)
        return 0 if stream is stdout else 2
    try:
        return _run(COMMANDS[argv[0]], stdin, stdout)
    except Exception as exc:  # the contract is JSON out, never a traceback
        _emit(error("INTERNAL", f"internal error: {type(exc).__name__}: {exc}"), stdout)
        return 2


def _run(command: Any, stdin: TextIO, stdout: TextIO) -> int:
    try:
        data: Any = json.load(stdin)
    except ValueError as exc:
        _emit(error("BAD_JSON", f"invalid JSON on stdin: {exc}"), stdout)
        return 2
    if isinstance(data, list):
        results = [command(item) for item in data]
        _emit(results, stdout)
        return 2 if any("error" in r for r in results) else 0
    result = command(data)
    _emit(result, stdout)
    return 2 if "error" in result else 0


def _emit(value: Any, stdout: TextIO) -> None:
    stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

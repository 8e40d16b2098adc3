"""Command line: ``python -m nardy_core turns|check|hint|judge|evaluate|cube`` reads JSON queries on stdin, prints JSON results.

A single query object gives a single result; a list of queries gives a list in the same order. A list is
read and answered one query at a time, each result written (and flushed) as soon as it is known, so memory
stays bounded however many queries there are. Bad input prints ``{"error": {"code", "message", "params"}}``
(in place, for a list: a list that cannot be read further ends with that error) and exits with status 2.
Error messages quote at most a short excerpt of the input.
"""

from __future__ import annotations

import codecs
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TextIO

from .api import call, error
from .errors import NardyError
from .requests import MAX_REQUEST_CHARS, decode_request, strict_json

COMMANDS = ("turns", "check", "hint", "judge", "evaluate", "cube")
CHUNK = 65536  #: characters read from stdin at a time

USAGE = """usage: python -m nardy_core {turns|check|hint|judge|evaluate|cube} < queries.json

  turns     every distinct legal final position for a query, with one play each
  check     verdict on the query's "play": legal | illegal (code, step) | incomplete
  hint      every legal play, best first, with the mover's equity and chances ("plies": 0, 1 or 2)
  judge     the query's "play" graded against the best of its roll (best, good, inaccuracy, mistake,
            blunder), the best play and why it is better (docs/tutor.md)
  evaluate  the side to move's chances and cubeless equity in a position (no dice)
  cube      the cube decision for the side to move ("cube": {"value", "owner"}, default centred)

A query: {"game": "long", "white": {"24": 15}, "black": {"24": 15}, "mover": "white", "dice": [6, 5],
          "first_turn": true, "rules": {"block_timing": "end"}}   (check and judge also need "play": "24/18 18/13")
Short nardy: "game": "short", and "bar": n in a side for checkers on the bar; plays like "bar/22 13/7*".
The position may instead be given in the project notation: {"position": "w/24:15/24:15", ...}.
A list of queries [q1, q2, ...] is answered as a list, one result at a time."""

WHITESPACE = " \t\n\r"


class QueryStream:
    """The queries of a JSON list on ``stdin``, decoded one at a time (at most one query and one chunk in memory)."""

    def __init__(self, read: Callable[[], str], buffer: str) -> None:
        self.read = read
        self.buffer = buffer
        self.at_end = False
        self.failed: Mapping[str, object] | None = None  #: the error that stopped the reading, if any

    def _more(self) -> bool:
        if self.at_end:
            return False
        chunk = self.read()
        if not chunk:
            self.at_end = True
            return False
        self.buffer += chunk
        return True

    def _skip_space(self) -> str:
        """The next character that is not white space ("" at the end of the input)."""
        while True:
            stripped = self.buffer.lstrip(WHITESPACE)
            self.buffer = stripped
            if stripped or not self._more():
                return stripped[:1]

    def _stop(self, code: str, message: str) -> None:
        self.failed = error(code, message)

    def __iter__(self) -> Iterator[object]:
        """Every query of the list; :attr:`failed` says why the reading stopped early."""
        self.buffer = self.buffer.lstrip(WHITESPACE)[1:]  # the opening '['
        if self._skip_space() == "]":
            self.buffer = self.buffer[1:]
            self._check_nothing_follows()
            return
        index = 0
        while True:
            query = self._next_query(index)
            if self.failed is not None:
                return
            yield query
            index += 1
            following = self._skip_space()
            self.buffer = self.buffer[1:]
            if following == "]":
                self._check_nothing_follows()
                return
            if following != ",":
                what = "the end of the input" if not following else f"{following!r}"
                self._stop("BAD_JSON", f"invalid JSON: expected ',' or ']' after query {index}, found {what}")
                return
            self._skip_space()

    def _next_query(self, index: int) -> object:
        while True:
            try:
                query, end = strict_json.raw_decode(self.buffer)
            except json.JSONDecodeError as exc:
                incomplete = exc.pos >= len(self.buffer) - 6 or exc.msg.startswith("Unterminated string")
                if incomplete and len(self.buffer) <= MAX_REQUEST_CHARS and self._more():
                    continue
                if len(self.buffer) > MAX_REQUEST_CHARS:
                    self._stop("REQUEST_TOO_LARGE", f"query {index + 1} is longer than {MAX_REQUEST_CHARS} characters")
                else:
                    self._stop("BAD_JSON", f"invalid JSON in query {index + 1}: {exc.msg} (character {exc.pos + 1} of the query)")
                return None
            except ValueError as exc:  # a number the strict reader refuses
                self._stop("BAD_JSON", f"invalid JSON in query {index + 1}: {str(exc)[:120]}")
                return None
            except RecursionError:
                self._stop("TOO_DEEP", f"query {index + 1} is nested too deeply")
                return None
            if end == len(self.buffer) and self._more():
                continue  # a number may go on in the next chunk
            if end > MAX_REQUEST_CHARS:
                self._stop("REQUEST_TOO_LARGE", f"query {index + 1} is longer than {MAX_REQUEST_CHARS} characters")
                return None
            self.buffer = self.buffer[end:]
            return query

    def _check_nothing_follows(self) -> None:
        while True:
            rest = self.buffer.strip(WHITESPACE)
            if rest:
                self._stop("BAD_JSON", f"invalid JSON: text after the list of queries: {rest[:20]!r}")
                return
            self.buffer = ""
            if not self._more():
                return


def chunk_reader(stdin: TextIO) -> Callable[[], str]:
    """A function that returns the next text available on ``stdin`` ("" at its end), without waiting for a full
    chunk on a pipe, so that each query is answered as soon as it has arrived."""
    binary = getattr(stdin, "buffer", None)
    if binary is None or not hasattr(binary, "read1"):
        return lambda: stdin.read(CHUNK)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def read() -> str:
        while True:
            data = binary.read1(CHUNK)
            text = decoder.decode(data, final=not data)
            if text or not data:
                return text

    return read


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; returns the exit status."""
    if len(argv) != 1 or argv[0] not in COMMANDS:
        stream = stdout if argv and argv[0] in ("-h", "--help") else sys.stderr
        print(USAGE, file=stream)
        return 0 if stream is stdout else 2
    command, read = argv[0], chunk_reader(stdin)
    start = ""
    while not start.lstrip(WHITESPACE):
        chunk = read()
        if not chunk:
            break
        start += chunk
    if start.lstrip(WHITESPACE).startswith("["):
        return _answer_list(command, QueryStream(read, start), stdout)
    text = start
    while len(text) <= MAX_REQUEST_CHARS and (chunk := read()):
        text += chunk
    result: Mapping[str, object]
    try:
        result = call(command, decode_request(text))
    except NardyError as exc:
        result = error(exc.code, str(exc), exc.params)
    stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 2 if "error" in result else 0


def _answer_list(command: str, queries: QueryStream, stdout: TextIO) -> int:
    answered, failed = 0, False
    stdout.write("[")
    for query in queries:
        result = call(command, query)
        failed = failed or "error" in result
        stdout.write(("," if answered else "") + json.dumps(result, ensure_ascii=False))
        stdout.flush()
        answered += 1
    if queries.failed is not None:
        stdout.write(("," if answered else "") + json.dumps(queries.failed, ensure_ascii=False))
    stdout.write("]\n")
    return 2 if failed or queries.failed is not None else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

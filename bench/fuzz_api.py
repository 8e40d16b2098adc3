"""Fuzz ``nardy_core.api`` (``call`` and ``handle``) with many hypothesis examples over every request kind.

Each example is a valid request of some kind with fields replaced, removed or added anywhere inside it (or
any JSON value at all, or a request of an unknown kind); every answer must be JSON, never raise, and every
error must carry a registered code and a short message (``tests/core/hostile.py``). Prints how many
examples of each kind were answered and with which codes; exits 1 with the smallest failing example.
The test suite runs the same checks with a few examples per kind (``tests/core/test_api_fuzz.py``).

Usage: python bench/fuzz_api.py [--examples 50000] [--seed S]
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, given, seed, settings

from nardy_core.api import HANDLERS
from tests.core.hostile import base_requests, check_answer, requests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    answers: collections.Counter[tuple[str, str]] = collections.Counter()

    @seed(args.seed)
    @settings(max_examples=args.examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(requests(base_requests()))
    def fuzz(pair: tuple[str, object]) -> None:
        kind, request = pair
        answer = check_answer(kind, request)
        shown_kind = kind if kind in HANDLERS else "(unknown kind)"
        answers[shown_kind, answer["error"]["code"] if "error" in answer else "answered"] += 1

    started = time.perf_counter()
    try:
        fuzz()
    except Exception as exc:  # hypothesis has printed the smallest failing example
        print(f"FAILED after {sum(answers.values())} examples: {type(exc).__name__}: {str(exc)[:500]}")
        return 1
    seconds = time.perf_counter() - started
    total = sum(answers.values())
    print(f"{total} examples in {seconds:.0f} s: nothing raised, every answer JSON, every error code registered")
    kinds = sorted({kind for kind, _ in answers})
    for kind in kinds:
        codes = {code: n for (k, code), n in answers.items() if k == kind}
        listed = ", ".join(f"{code} {n}" for code, n in sorted(codes.items(), key=lambda item: -item[1]))
        print(f"  {kind:20} {sum(codes.values()):6}  {listed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

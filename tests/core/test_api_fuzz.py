"""Fuzzing ``nardy_core.api.handle`` and ``call`` (every request kind) and the CLI: nothing raises, every
answer is JSON, every error has a registered code and a short message.

The normal run tries ``NARDY_FUZZ_EXAMPLES`` examples per request kind (default 40); ``bench/fuzz_api.py``
runs as many as you ask for over all kinds (the acceptance run: 50,000).
"""

from __future__ import annotations

import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_core.__main__ import main
from nardy_core.api import HANDLERS, handle

from .hostile import base_requests, check_answer, json_values, mutated

EXAMPLES = int(os.environ.get("NARDY_FUZZ_EXAMPLES", "40"))
BASES = base_requests()
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("kind", list(HANDLERS))
def test_every_request_kind_answers_any_mutation_of_a_valid_request(kind: str) -> None:
    @FUZZ
    @given(request=mutated(kind, BASES))
    def answers(request: object) -> None:
        check_answer(kind, request)

    answers()


@FUZZ
@given(kind=st.one_of(st.sampled_from(list(HANDLERS)), st.text(max_size=20)), request=json_values)
def test_any_value_of_any_kind_is_answered(kind: str, request: object) -> None:
    check_answer(kind, request)


@FUZZ
@given(kind=st.sampled_from(list(HANDLERS)), text=st.one_of(st.text(max_size=200), st.text(alphabet='[]{}",:0123456789.eE+-truefalsnNI ', max_size=200)))
def test_any_text_is_answered(kind: str, text: str) -> None:
    answer = json.loads(handle(kind, text), parse_constant=lambda name: pytest.fail(f"handle answered {name}"))
    assert isinstance(answer, dict)


@FUZZ
@given(
    command=st.sampled_from(["turns", "check", "hint", "evaluate", "cube"]),
    queries=st.lists(st.one_of(st.sampled_from(BASES["turns"] + BASES["check"]), mutated("check", BASES), json_values), max_size=4),
    as_list=st.booleans(),
    garbage=st.sampled_from(["", " ", "\n", "]", "x", ",", "[", "{}", "1"]),
)
def test_the_cli_answers_every_input_with_json(command: str, queries: list[object], as_list: bool, garbage: str) -> None:
    try:
        text = json.dumps(queries if as_list else (queries[0] if queries else {}), allow_nan=True) + garbage
    except (TypeError, ValueError):
        return
    out = io.StringIO()
    status = main([command], io.StringIO(text), out)
    answers = json.loads(out.getvalue(), parse_constant=lambda name: pytest.fail(f"the CLI printed {name}"))
    results = answers if isinstance(answers, list) else [answers]
    assert isinstance(answers, list) == text.lstrip().startswith("[")
    assert all(isinstance(result, dict) for result in results)
    assert status == (2 if any("error" in result for result in results) else 0)

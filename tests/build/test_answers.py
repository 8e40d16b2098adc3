"""builder/answers.py: the first answers of a playable board, as the page's rules client will look them up."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from builder import answers
from builder.answers import AnswerBooks, Book, entry_key, first_answers, turn_setup
from nardy_core import api

START_65 = turn_setup("w/24:15/24:15", [6, 5], True, {})
SHORT_BAR = turn_setup("short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5", [6, 1], False, {})


def shipped(book_bytes: bytes) -> dict[str, object]:
    return dict(json.loads(gzip.decompress(book_bytes)))


def test_the_setup_is_keyed_as_the_turn_controller_sends_it() -> None:
    assert Book(START_65).setup_text == '{"position":"w/24:15/24:15","dice":[6,5],"first_turn":true,"rules":{}}'
    assert entry_key("try_step", [[24, 18]], {"from": 18, "to": 13}) == 'try_step [[24,18]] {"from":18,"to":13}'
    assert entry_key("turn_state", [], None) == "turn_state [] null"


def test_a_book_holds_what_the_first_two_taps_ask() -> None:
    book = first_answers(START_65)
    start = book.answers[entry_key("turn_state", [], None)]
    assert list(start["moves"]) == ["24"]
    assert book.answers[entry_key("try_step", [], {"from": 24, "to": 18})]["accepted"] is True
    refused = book.answers[entry_key("try_step", [], {"from": 24, "to": 20})]
    assert refused["accepted"] is False and refused["reason"]["code"] == "NO_SUCH_DIE"
    assert book.answers[entry_key("explain_point", [], 12)]["reason"]["code"]  # the other side's head
    second = book.answers[entry_key("try_step", [[24, 18]], {"from": 18, "to": 13})]
    assert second["state"]["complete"] is True
    head = book.answers[entry_key("explain_point", [[24, 18]], 24)]
    assert head["reason"]["code"] == "HEAD_LIMIT"


def test_every_answer_is_what_the_api_answers_for_that_request() -> None:
    book = first_answers(SHORT_BAR)
    assert entry_key("explain_point", [], "bar") not in book.answers  # the bar checker can enter: a source
    extra = {"try_step": "step", "explain_point": "point"}
    for key, answer in book.answers.items():
        kind, steps, arg = key.split(" ", 2)
        payload = {**SHORT_BAR, "steps": json.loads(steps)}
        if kind in extra:
            payload[extra[kind]] = json.loads(arg)
        assert api.call(kind, payload) == answer, key


def test_the_shipped_book_stores_each_state_once_and_is_the_same_every_build() -> None:
    data = first_answers(START_65).to_json()
    assert data == first_answers(START_65).to_json()
    book = shipped(data)
    assert book["format"] == answers.BOOK_FORMAT and book["setup"] == Book(START_65).setup_text
    states = book["states"]
    assert len({json.dumps(s) for s in states}) == len(states)
    assert book["answers"][entry_key("turn_state", [], None)] == 0
    assert book["answers"][entry_key("try_step", [], {"from": 24, "to": 20})]["state"] == 0  # refused: unchanged


def test_books_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answers, "MAX_ANSWERS", 10)
    assert len(first_answers(turn_setup("w/24:15/24:15", [3, 3], True, {})).answers) == 10


def test_equal_setups_share_one_book_and_a_rebuild_reads_it_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    books = AnswerBooks(tmp_path)
    path = books.path_for(START_65)
    assert books.path_for(dict(START_65)) == path and path.startswith("answers/") and path.endswith(".json.gz")

    def no_computing(setup: object) -> Book:
        raise AssertionError("computed again")

    monkeypatch.setattr(answers, "first_answers", no_computing)
    again = AnswerBooks(tmp_path)
    assert again.path_for(START_65) == path and again.files[path] == books.files[path]


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    books = AnswerBooks(blocked)
    assert shipped(books.files[books.path_for(START_65)])["setup"] == Book(START_65).setup_text

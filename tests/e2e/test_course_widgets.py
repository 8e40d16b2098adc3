"""The course's newer widgets as a learner meets them: a number task answered by typing (wrong, then right),
a quiz answered by naming the rule, and an annotated game stepped through with the mouse and the keyboard."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import builder
from builder.phases import Course
from builder.problems import Problem
from builder.replay import ReplayData
from nardy_core import Game

from .pages import Puzzle, Replay


@pytest.fixture(scope="module")
def course(project_course: tuple[Course, list[Problem]]) -> Course:
    """The course the e2e site was built from (tests/conftest.py: the project's, or NARDY_E2E_LESSONS)."""
    lessons = os.environ.get("NARDY_E2E_LESSONS")
    return builder.validate(builder.load(builder.Paths(lessons=Path(lessons).resolve())))[0] if lessons else project_course[0]


def _first(course: Course, kind: str) -> tuple[str, str]:
    """(lesson slug, id) of the long course's first number puzzle / illegal quiz / replay, in course order."""
    data = course.games[Game.LONG]
    for slug in data.order():
        for part in data.lessons["ru"][slug].parts:
            if kind == "replay" and isinstance(part, ReplayData):
                return slug, part.id
            task = getattr(getattr(part, "task", None), "name", None)
            if kind == "number" and task == "number":
                return slug, part.id  # type: ignore[union-attr]
            if kind == "quiz" and task == "quiz" and part.quiz["answer"] == "illegal":  # type: ignore[union-attr]
                return slug, part.id  # type: ignore[union-attr]
    pytest.skip(f"the course has no {kind} yet")


def test_a_number_task_is_answered_by_typing(page: Page, site_url: str, course: Course) -> None:
    _, puzzle_id = _first(course, "number")
    page.goto(f"{site_url}ru/puzzles/{puzzle_id}/")
    puzzle = Puzzle(page, puzzle_id)
    expect(puzzle.root).to_have_attribute("data-ready", "true")
    answer = int(puzzle.config()["quiz"]["answer"])
    puzzle.type_number(answer + 1)
    expect(puzzle.status).to_contain_text("неверно")
    expect(puzzle.success).to_be_hidden()
    puzzle.type_number("")  # nothing typed: the widget asks for a number and counts no miss
    expect(puzzle.status).to_contain_text("целое число")
    expect(puzzle.success).to_be_hidden()
    puzzle.type_number(answer)
    expect(puzzle.success).to_be_visible()
    expect(puzzle.success).to_contain_text("Верно")
    expect(puzzle.success).not_to_contain_text("★★★")  # one miss: no full stars


def test_a_number_task_solved_first_time_earns_three_stars(page: Page, site_url: str, course: Course) -> None:
    slug, puzzle_id = _first(course, "number")
    page.goto(f"{site_url}en/lessons/{slug}/")
    puzzle = Puzzle(page, puzzle_id)
    expect(puzzle.root).to_have_attribute("data-ready", "true")
    puzzle.type_number(puzzle.config()["quiz"]["answer"])
    expect(puzzle.success).to_contain_text("★★★")


def test_a_pip_count_puzzle_keeps_the_counts_off_its_board_while_other_boards_show_them(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}ru/short/lessons/pip-count/")
    asked = Puzzle(page, "sn-pips-bar")
    expect(asked.root).to_have_attribute("data-ready", "true")
    expect(asked.root.locator(".nb-player")).to_have_count(2)
    expect(asked.root.locator(".nb-player").first).not_to_contain_text("пипс")
    page.goto(f"{site_url}ru/short/lessons/cube/")
    rolls = Puzzle(page, "sn-cube-count")  # "how many rolls": the counts say nothing of the answer
    expect(rolls.root).to_have_attribute("data-ready", "true")
    expect(rolls.root.locator(".nb-player").first).to_contain_text("пипс")


def test_a_quiz_is_answered_by_naming_the_rule(page: Page, site_url: str, course: Course) -> None:
    _, puzzle_id = _first(course, "quiz")
    page.goto(f"{site_url}ru/puzzles/{puzzle_id}/")
    puzzle = Puzzle(page, puzzle_id)
    expect(puzzle.root).to_have_attribute("data-ready", "true")
    quiz = puzzle.config()["quiz"]
    buttons = puzzle.root.locator("[data-answer]")
    expect(buttons).to_have_count(4)  # "legal" and three rules: a guess is right one time in four
    wrong_rule = next(value for value in puzzle.config()["choices"] if value not in ("legal", quiz["choice"]))
    puzzle.answer(wrong_rule)
    expect(puzzle.status).to_contain_text("другое правило")
    expect(puzzle.success).to_be_hidden()
    puzzle.answer(quiz["choice"])
    expect(puzzle.success).to_be_visible()
    expect(puzzle.status).to_contain_text("Причина")


def test_the_replay_steps_with_the_mouse_and_the_keyboard(page: Page, site_url: str, course: Course) -> None:
    slug, replay_id = _first(course, "replay")
    page.goto(f"{site_url}ru/lessons/{slug}/")
    replay = Replay(page, replay_id)
    expect(replay.root).to_have_attribute("data-ready", "true")
    frames = page.request.get(site_url + replay.config()["frames"]).json()  # every position: a file of its own
    expect(replay.root).to_have_attribute("data-frame", "0")
    expect(replay.button("prev")).to_be_disabled()
    replay.button("next").click()
    expect(replay.root).to_have_attribute("data-frame", "1")
    first = frames[1]
    expect(replay.move_line).to_contain_text(f"{first['dice'][0]}-{first['dice'][1]}")
    model = replay.model()
    assert model == first["model"]["points"], "the board shows the position after the first move"
    replay.root.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(replay.root).to_have_attribute("data-frame", "3")
    page.keyboard.press("ArrowLeft")
    expect(replay.root).to_have_attribute("data-frame", "2")
    page.keyboard.press("End")
    last = len(frames) - 1
    expect(replay.root).to_have_attribute("data-frame", str(last))
    expect(replay.button("next")).to_be_disabled()
    if replay.config()["result"]:
        expect(replay.move_line).to_contain_text(re.compile("Партия окончена"))
    page.keyboard.press("Home")
    expect(replay.root).to_have_attribute("data-frame", "0")
    with_notes = replay.root.locator("[data-frame]:has(.replay-list-note)")  # the record of moves holds the notes
    noted = int(with_notes.first.get_attribute("data-frame") or 0) if with_notes.count() else None
    if noted is not None:
        replay.root.locator("[data-record] summary").click()
        replay.root.locator(f"[data-goto='{noted}']").click()
        expect(replay.root).to_have_attribute("data-frame", str(noted))
        expect(replay.note).not_to_be_empty()
        expect(replay.root.locator(f"[data-goto='{noted}']")).to_have_attribute("aria-current", "step")

"""Puzzles as a learner meets them: solved with the mouse and with the keyboard only, hints that end on the
board, the solution played step by step without counting as solved."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .pages import Puzzle, puzzles_on


def first_turn_puzzle(page: Page) -> Puzzle:
    return next(p for p in puzzles_on(page) if p.config()["mode"] == "turn" and p.config()["task"] in ("only", "play", "best"))


def test_puzzle_solved_with_the_mouse(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/head/")
    puzzle = first_turn_puzzle(page).wait_ready()
    puzzle.solve()
    expect(puzzle.success).to_be_visible()
    expect(puzzle.success).to_contain_text("Верно")


def _arrow_towards(label: int, wanted: int) -> str:
    """Arrow key that moves the focus one point along the drawn board towards the wanted label."""
    def top(n: int) -> bool:
        return n >= 13  # labels 13..24 are drawn left to right along the top row

    if top(label) != top(wanted):
        return "ArrowDown" if top(label) else "ArrowUp"
    if top(label):
        return "ArrowRight" if wanted > label else "ArrowLeft"
    return "ArrowLeft" if wanted > label else "ArrowRight"


def test_puzzle_solved_with_the_keyboard_only(page: Page, site_url: str) -> None:
    """From the top of the page: Tab into the board, arrows to a point, Enter to pick up and to put down."""
    page.goto(site_url + "en/lessons/head/")
    puzzle_id = first_turn_puzzle(page).id
    page.goto(f"{site_url}en/puzzles/{puzzle_id}/")
    puzzle = Puzzle(page, puzzle_id).wait_ready()
    focused = puzzle.svg.locator(".nb-point:focus")
    for _ in range(40):  # the roving point (the side to move's own 24) is the board's one Tab stop
        page.keyboard.press("Tab")
        if focused.count():
            break
    assert focused.count() == 1
    for step in puzzle.config()["solution"]:
        for target in step:
            wanted = int(puzzle.point(target).get_attribute("data-label") or 0)
            for _ in range(30):
                label = int(focused.get_attribute("data-label") or 0)
                if label == wanted:
                    break
                page.keyboard.press(_arrow_towards(label, wanted))
            assert focused.get_attribute("data-point") == str(target)
            page.keyboard.press("Enter")
    expect(puzzle.success).to_be_visible()
    expect(puzzle.success).to_be_focused()  # the success message takes the focus


def test_hints_then_solution_played_step_by_step(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")  # the solution then plays without pauses
    page.goto(site_url + "en/puzzles/head-first-move/")
    puzzle = Puzzle(page, "head-first-move").wait_ready()
    hints = puzzle.root.locator("[data-hints] li")
    for shown in (1, 2, 3):
        puzzle.button("hint").click()
        expect(hints).to_have_count(shown)
    puzzle.button("hint").click()  # the last hint is on the board
    expect(puzzle.point(24)).to_have_class(re.compile(r"\bmark-hint\b"))
    expect(puzzle.button("hint")).to_be_disabled()
    expect(puzzle.button("solution")).to_be_visible()
    puzzle.button("solution").click()
    expect(puzzle.point(13)).to_have_attribute("aria-label", re.compile(r"Point 13, 1 white checker"))
    expect(puzzle.root.locator("[data-answer-box]")).to_be_visible()
    expect(puzzle.success).to_be_hidden()  # seeing the solution is not solving


def test_a_quiz_answer_shows_the_rule_and_marks_the_board(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/blocks/")
    quiz = next(p for p in puzzles_on(page) if p.config()["task"] == "quiz" and p.config()["quiz"]["answer"] == "illegal")
    quiz.wait_ready()
    quiz.answer("legal")
    expect(quiz.status).to_contain_text("Неверно")
    reason = quiz.config()["quiz"]["reason"]
    marked = reason["highlight"][0]
    expect(quiz.point(marked)).to_have_class(re.compile(rf"\bmark-{reason['mark']}\b"))


def test_a_find_the_point_puzzle_does_not_caption_the_answer(page: Page, site_url: str) -> None:
    """"Where is the head?" must not print «Голова белых» (or «Дом белых») on the board; a plain board keeps
    its captions."""
    for path in ("ru/lessons/board/", "ru/puzzles/board-head/"):
        page.goto(site_url + path)
        puzzle = next(p for p in puzzles_on(page) if p.id == "board-head")
        expect(puzzle.root.locator(".nb-caption").first).to_be_attached()
        for caption in puzzle.root.locator(".nb-caption").all():
            expect(caption).to_be_hidden()
    page.goto(site_url + "ru/puzzles/head-first-move/")  # a puzzle played on the board
    expect(page.locator(".nb-board .nb-caption:not(.is-covered)", has_text="Дом белых").first).to_be_visible()


def test_a_click_puzzles_status_line_matches_its_state(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.click(1)  # a miss says which point that is, by what stands there
    expect(puzzle.status).to_have_text("Нет, пункт 1 сюда не относится: он пуст.")
    puzzle.click(12)
    expect(puzzle.status).to_have_text("Нет, пункт 12 сюда не относится: на нём 15 чёрных шашек.")
    puzzle.click(24)
    expect(puzzle.success).to_be_visible()
    expect(puzzle.status).to_have_text("Да, пункт 24 — верно.")  # not the last miss, above the success


def test_the_board_hint_is_not_drawn_under_an_old_error_mark(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.click(1)
    expect(puzzle.point(1)).to_have_class(re.compile(r"\bmark-error\b"))
    while puzzle.button("hint").is_enabled():  # the text hints, then the one on the board
        puzzle.button("hint").click()
    expect(puzzle.point(24)).to_have_class(re.compile(r"\bmark-hint\b"))
    expect(puzzle.svg.locator(".mark-error")).to_have_count(0)


QUIZ_PAGE = "en/puzzles/bearing-off-details-higher-quiz/"  # a quiz with four choices: legal and three rules


def _quiz(page: Page, site_url: str) -> tuple[Puzzle, str, list[str]]:
    page.goto(site_url + QUIZ_PAGE)
    quiz = Puzzle(page, "bearing-off-details-higher-quiz").wait_ready()
    config = quiz.config()
    right = str(config["quiz"]["choice"])
    return quiz, right, [c for c in config["choices"] if c != right]


def test_a_quiz_answered_by_elimination_earns_no_stars(page: Page, site_url: str) -> None:
    # the finding: once the answer was shown, pressing it earned stars
    quiz, right, wrong = _quiz(page, site_url)
    for choice in wrong:
        quiz.answer(choice)
        expect(quiz.status).to_contain_text("Not quite")
        button = quiz.root.locator(f"[data-answer='{choice}']")
        expect(button).to_have_attribute("aria-disabled", "true")  # not offered twice
    said = quiz.status.text_content()
    # pressing a crossed-out choice again (a learner's double click) says nothing new and counts nothing
    quiz.root.locator(f"[data-answer='{wrong[0]}']").click(force=True)
    expect(quiz.status).to_have_text(said or "")
    quiz.answer(right)
    expect(quiz.status).to_contain_text("Correct.")
    expect(quiz.status).to_contain_text("does not count yet")
    expect(quiz.success).to_be_hidden()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('nardy.progress') || '{}')")
    entry = stored["puzzles"]["bearing-off-details-higher-quiz"]
    assert entry["solved"] is False and entry["attempts"] == len(wrong), entry
    # a reload does not wipe the slate: solved now, it earns one star, not three
    quiz, right, _ = _quiz(page, site_url)
    quiz.answer(right)
    expect(quiz.success).to_be_visible()
    expect(quiz.success).to_contain_text("1 star")


def test_a_reload_after_a_miss_does_not_give_three_stars(page: Page, site_url: str) -> None:
    quiz, right, wrong = _quiz(page, site_url)
    quiz.answer(wrong[0])
    expect(quiz.status).to_contain_text("Not quite")
    quiz.wait_recorded()  # the learner reloads once the miss is kept, not in the same instant
    quiz, right, _ = _quiz(page, site_url)
    expect(quiz.root.locator("[data-answer][aria-disabled]")).to_have_count(0)
    quiz.answer(right)
    expect(quiz.success).to_contain_text("2 stars")


def test_one_mistake_is_one_miss_and_a_tap_that_cannot_be_a_move_costs_nothing(page: Page, site_url: str) -> None:
    """The first lesson's first move, as a learner got it wrong: 24→20, then 24 again (a second checker off the
    head: one miss), then 22, the point meant (no checker of theirs there: explained, with the head rule still in
    view, and free), then the opponent's head (free too). The puzzle, finished, earns two stars, not one."""
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    puzzle.play([[24, 20]])
    expect(puzzle.status).to_contain_text("Осталось")
    head_rule = "С головы за ход можно снять только одну шашку."
    puzzle.activate(24)
    expect(puzzle.status).to_have_text(head_rule)
    puzzle.activate(22)
    expect(puzzle.status).to_have_text(f"На пункте 22 нет ваших шашек. {head_rule}")
    puzzle.activate(12)  # Black's head
    expect(puzzle.status).to_contain_text("соперника")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('nardy.progress') || '{}')")
    assert stored["puzzles"]["board-first-move"]["attempts"] == 1
    puzzle.play([[20, 18]])
    expect(puzzle.success).to_be_visible()
    expect(puzzle.button("hint")).to_be_disabled()  # solved: nothing left to hint at
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('nardy.progress') || '{}')")
    assert stored["puzzles"]["board-first-move"]["stars"] == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_board_and_why_a_step_is_refused_fit_a_laptop_or_projector_screen(page: Page, site_url: str, size: tuple[int, int]) -> None:
    """The board scrolled to the top of a laptop's or a projector's screen: its status line, saying why a step
    was refused (two sentences here), is on the screen under it, not below it."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    puzzle.svg.evaluate("(svg) => svg.scrollIntoView({block: 'start'})")
    puzzle.play([[24, 20]])
    puzzle.activate(24)
    puzzle.activate(22)
    expect(puzzle.status).to_contain_text("С головы за ход можно снять только одну шашку.")
    board = puzzle.svg.bounding_box()
    status = puzzle.status.bounding_box()
    assert board and status
    assert board["height"] >= height * 0.6  # as large as the screen lets it be
    assert status["y"] + status["height"] <= height, (board, status)


def test_a_wrong_guess_between_two_is_a_miss_not_the_end_of_the_puzzle(page: Page, site_url: str) -> None:
    """A cube question has two answers: one wrong guess used to void the puzzle («пока не засчитана»); now the
    other answer solves it, for one star."""
    page.goto(site_url + "ru/short/puzzles/sn-cube-double-23/")
    puzzle = Puzzle(page, "sn-cube-double-23").wait_ready()
    right = str(puzzle.config()["quiz"]["answer"])
    wrong = next(value for value in puzzle.root.locator("[data-answer]").evaluate_all("(bs) => bs.map((b) => b.dataset.answer)")
                 if value != right)
    puzzle.answer(wrong)
    expect(puzzle.status).to_contain_text("Неверно.")
    puzzle.answer(right)
    expect(puzzle.status).not_to_contain_text("не засчитана")
    expect(puzzle.success).to_be_visible()
    expect(puzzle.success).to_contain_text("★ (1 звезда)")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('nardy.progress') || '{}')")
    entry = stored["puzzles"]["sn-cube-double-23"]
    assert entry["solved"] is True and entry["stars"] == 1 and entry["attempts"] == 1, entry


@pytest.mark.parametrize("lang,chance", [("ru", r"шанс выиграть — 9\d,\d\s%"), ("en", r"wins 9\d\.\d% of the time")])
def test_a_race_answer_states_its_rolls_and_its_winning_chance(page: Page, site_url: str, lang: str, chance: str) -> None:
    """A race's best play is proven by the exact bear-off tables (builder/tasks.py); the learner is told both
    what the drill asks (the rolls to go) and what the game is about (the chance to finish first): for a wrong
    play beside the answer's, for the answer alone."""
    page.goto(f"{site_url}{lang}/puzzles/tech-six-three/")
    puzzle = Puzzle(page, "tech-six-three").wait_ready()
    assert puzzle.config()["solution"] == [[6, "off"], [3, "off"]]  # White's points are the board's ids
    puzzle.play([[6, 3], [5, "off"]])  # a wrong play: five checkers end on point 3
    expect(puzzle.status).to_contain_text(re.compile(r"3[.,]85.*98[.,]7\s?%.*3[.,]45.*99[.,]6\s?%"))
    expect(puzzle.status).to_contain_text(re.compile(chance))
    puzzle.button("reset").click()
    puzzle.solve()
    expect(puzzle.success).to_be_visible()
    expect(puzzle.status).to_contain_text(re.compile(chance))
    expect(puzzle.status).to_contain_text(re.compile(r"3[.,]45.*99[.,]6\s?%"))
    expect(puzzle.status).not_to_contain_text(re.compile(r"3[.,]85"))

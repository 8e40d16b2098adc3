"""The learning loop as a learner meets it: a puzzle missed or solved with a hint comes back the next day on the review
page, a clean solve then sends it three days on, the weak theme is named, and the course map says where to
continue. The browser's clock is set, not waited for."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Page, expect

from .course_pages import CourseMap, Review
from .pages import Puzzle

START = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
PUZZLE = "head-first-move"
QUIZ = "bearing-off-details-higher-quiz"


def solve_with_a_hint(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}ru/puzzles/{PUZZLE}/")
    puzzle = Puzzle(page, PUZZLE).wait_ready()
    puzzle.button("hint").click()
    puzzle.solve()
    expect(puzzle.success).to_contain_text("2 звезды")


def test_a_hinted_puzzle_comes_back_tomorrow_and_moves_on_after_a_clean_solve(page: Page, site_url: str) -> None:
    page.clock.set_fixed_time(START)
    solve_with_a_hint(page, site_url)

    review = Review(page).open(site_url, "ru")
    due, later, weak = review.items("due"), review.items("later"), review.items("weak")
    expect(review.empty("due")).to_be_visible()
    expect(later).to_have_count(1)
    expect(later.first).to_contain_text("через 1 день")
    expect(weak.first).to_contain_text("Голова")
    expect(weak.first).to_contain_text("с ошибками или подсказками: 1 из 1")

    page.clock.set_fixed_time(START + dt.timedelta(days=1, hours=1))
    page.reload()
    expect(due).to_have_count(1)
    expect(review.empty("due")).to_be_hidden()
    expect(later).to_have_count(0)
    review.links("due").first.click()

    page.wait_for_url(f"**/ru/puzzles/{PUZZLE}/?review")
    puzzle = Puzzle(page, PUZZLE).wait_ready()
    puzzle.solve()
    expect(puzzle.success).to_contain_text("3 звезды")
    back = puzzle.next_link
    expect(back).to_have_text("Повторение на сегодня закончено — к списку")  # it was the only one due
    back.click()
    page.wait_for_url("**/ru/review/")
    expect(due).to_have_count(0)
    expect(later).to_have_count(1)
    expect(later.first).to_contain_text("через 3 дня")


def test_a_clean_first_solve_never_comes_back(page: Page, site_url: str) -> None:
    page.clock.set_fixed_time(START)
    page.goto(f"{site_url}ru/puzzles/{PUZZLE}/")
    puzzle = Puzzle(page, PUZZLE).wait_ready()
    puzzle.solve()
    expect(puzzle.success).to_contain_text("3 звезды")
    page.clock.set_fixed_time(START + dt.timedelta(days=30))
    review = Review(page).open(site_url, "ru")
    for which in ("due", "later", "weak"):
        expect(review.empty(which)).to_be_visible()


def test_the_course_map_says_where_to_continue_and_what_is_due(page: Page, site_url: str) -> None:
    course = CourseMap(page).open(site_url, "ru")
    expect(course.course_next).to_be_hidden()  # nothing started: nothing to point at
    page.clock.set_fixed_time(START)
    solve_with_a_hint(page, site_url)
    page.clock.set_fixed_time(START + dt.timedelta(days=2))
    course.open(site_url, "ru")
    # the latest solve was in the lesson on the head (not the first lesson): that is where the learner stopped
    expect(course.stopped_here("head")).to_have_text("Вы остановились здесь")
    expect(course.visible_stop_markers).to_have_count(1)
    expect(course.continue_link).to_have_text(f"Продолжить: {course.card_title('head')}")
    expect(course.review_link).to_have_text("Пора повторить 1 задачу")
    course.review_link.click()
    page.wait_for_url("**/ru/review/")
    expect(Review(page).items("due")).to_have_count(1)


def test_a_missed_puzzle_left_unsolved_is_due_the_next_day(page: Page, site_url: str) -> None:
    page.clock.set_fixed_time(START)
    page.goto(f"{site_url}en/puzzles/{QUIZ}/")
    quiz = Puzzle(page, QUIZ).wait_ready()
    config = quiz.config()
    quiz.answer(next(str(c) for c in config["choices"] if str(c) != str(config["quiz"]["choice"])))
    expect(quiz.status).to_contain_text("Not quite")
    quiz.wait_recorded()  # kept where the review page reads it (progress.js may still be loading: then a moment later)
    review = Review(page).open(site_url, "en")
    expect(review.items("due")).to_have_count(0)
    expect(review.items("later")).to_contain_text(["in 1 day"])
    page.clock.set_fixed_time(START + dt.timedelta(days=1))
    page.reload()
    expect(review.links("due")).to_have_attribute("href", f"../puzzles/{QUIZ}/?review")
    expect(review.items("later")).to_have_count(0)

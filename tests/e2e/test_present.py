"""Presenter mode as a teacher uses it at a projector: every slide of every lesson fits the screen at 1280×720
and 1920×1080 (the board's bottom, the buttons and the feedback inside the viewport, no scrolling), the answer
stays hidden until the teacher reveals it step by step, and the audience window mirrors the slide, the moves,
the reveals and the drawing, while a hostile message changes nothing there."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .course_pages import CourseMap, Presenter, PuzzleIndex
from .pages import READY_MS

SIZES = [(1280, 720), (1920, 1080)]
COURSES = [("ru", ""), ("en", ""), ("ru", "short/"), ("en", "short/")]


# one projector's size for the module (each test tries the others); bypass_csp: only so that the test can wait
# on conditions evaluated in the page, which is unchanged
pytestmark = pytest.mark.browser_context_args(viewport={"width": SIZES[0][0], "height": SIZES[0][1]}, bypass_csp=True)


@pytest.mark.long_running
@pytest.mark.parametrize(("lang", "course"), COURSES, ids=[f"{lang}-{c or 'long/'}" for lang, c in COURSES])
def test_every_slide_of_every_lesson_fits_the_screen(page: Page, site_url: str, lang: str, course: str) -> None:
    lessons = CourseMap(page).open(site_url, lang, course).lesson_paths()
    assert len(lessons) >= 8
    # the teacher presents the first lesson and walks the whole course with the clicker: each lesson forward
    # with PageDown on one projector and back with PageUp on the other, then End and PageDown, after a lesson's
    # last slide, bring the next lesson, still presented
    presenter = Presenter(page).open(f"{site_url.rstrip('/')}{lessons[0]}?present=1")
    walked: list[str] = []
    sizes = SIZES
    while True:
        path, slide, total = presenter.where()
        assert slide == 1, f"{path} is presented from its first slide"
        walked.append(path)
        assert presenter.walk_fitting("PageDown", total - 1) == list(range(1, total + 1))
        page.set_viewport_size({"width": sizes[1][0], "height": sizes[1][1]})  # the same slides on the other one
        assert presenter.walk_fitting("PageUp", total - 1) == list(range(total, 0, -1))
        presenter.press("End")
        if presenter.next_lesson.count() == 0:
            break
        presenter.go_to_next_lesson(path)
        sizes = sizes[::-1]
    assert walked == lessons, "the presentation walks the lessons of the course map in order"


@pytest.mark.parametrize("path", ["ru/play/?present", "en/play/?game=short&present", "en/puzzles/head-first-move/?present"])
def test_a_puzzle_page_and_the_free_board_are_one_slide_that_fits(page: Page, site_url: str, path: str) -> None:
    presenter = Presenter(page).open(site_url + path)
    expect(presenter.counter).to_have_text(re.compile(r"^1 (из|of) 1$"))
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        presenter.wait_fits()
    expect(presenter.visible_boards).to_have_count(1)


PUZZLE_SLIDE = "ru/lessons/head/?present=4"  #: «Первый ход»: White's 6-5 from the head, one checker plays both


def test_the_answer_stays_hidden_until_the_teacher_reveals_it_step_by_step(page: Page, site_url: str) -> None:
    presenter = Presenter(page).open(site_url + PUZZLE_SLIDE).wait_puzzle_ready()
    expect(presenter.answer_box).to_be_hidden()
    expect(presenter.notes).to_be_hidden()  # one screen: the room sees what the teacher sees
    expect(presenter.hints).to_have_count(0)
    expect(presenter.reveal).to_have_text("Подсказка 1 из 4")
    for shown in (1, 2, 3):
        presenter.reveal.click()
        expect(presenter.hints).to_have_count(shown)
        expect(presenter.answer_box).to_be_hidden()
    expect(presenter.reveal).to_have_text("Подсказка 4 из 4")
    presenter.press("h")  # the fourth: the board shows where to look
    expect(presenter.hint_marks.first).to_be_attached()
    expect(presenter.reveal).to_have_text("Показать решение")
    presenter.reveal.click()
    expect(presenter.answer_box).to_be_visible()
    expect(presenter.answer_box).to_contain_text("24/18 18/13")
    expect(presenter.reveal).to_have_text("Ответ показан")
    expect(presenter.reveal).to_be_disabled()
    presenter.press("r")  # «Заново»: the board and the answer are the teacher's again
    expect(presenter.answer_box).to_be_hidden()
    expect(presenter.hints).to_have_count(0)
    expect(presenter.reveal).to_have_text("Подсказка 1 из 4")
    presenter.press("Escape")
    expect(presenter.header).to_be_visible()
    expect(presenter.bar).to_have_count(0)
    assert "present" not in page.url


def test_reset_takes_the_slide_s_widget_back_to_its_start_where_it_has_one(page: Page, site_url: str) -> None:
    presenter = Presenter(page)
    replay_lesson = site_url + "en/lessons/whole-game/"
    presenter.open(replay_lesson + "?present=" + presenter.slide_of(replay_lesson, "[data-widget=replay]"))
    replay = presenter.current_widget("replay")
    expect(replay).to_have_attribute("data-ready", "true", timeout=READY_MS)
    replay.locator("[data-action=next]").click()
    replay.locator("[data-action=next]").click()
    expect(replay).to_have_attribute("data-frame", "2")
    expect(presenter.action("reset")).to_be_enabled()
    presenter.press("r")  # the replay's own «« Start»
    expect(replay).to_have_attribute("data-frame", "0")
    picture_lesson = site_url + "en/lessons/board/"
    presenter.open(picture_lesson + "?present=" + presenter.slide_of(picture_lesson, "[data-widget=board]:not(:has([data-controls]))"))
    expect(presenter.current_widget("board")).to_have_attribute("data-mounted", "true", timeout=READY_MS)
    expect(presenter.action("reset")).to_be_disabled()  # a picture has no start to go back to


#: messages that are not the presenter's state (another page's, markup, off the site), sent on its channel
HOSTILE_MESSAGES = """() => {
  const channel = new BroadcastChannel('nardy-present');
  channel.postMessage({kind: 'state', v: 1, page: location.pathname, slide: 0, count: 999, widget: null});
  channel.postMessage({kind: 'state', v: 1, page: '//elsewhere.invalid/x/', slide: 0, count: 1, widget: null});
  channel.postMessage({kind: 'state', v: 1, page: location.pathname, slide: 1, count: 15,
    widget: {boards: [], drawings: [], texts: [{innerHTML: '<img src=x onerror=alert(1)>'}], shown: [], hints: 0,
             answers: [], success: null, number: ''}});
  channel.postMessage('<script>alert(1)</script>');
  channel.close();
}"""


def test_the_audience_window_mirrors_moves_reveals_and_drawing(page: Page, site_url: str) -> None:
    teacher = Presenter(page).open(site_url + PUZZLE_SLIDE).wait_puzzle_ready()
    audience = teacher.open_audience()
    expect(teacher.notes).to_be_visible()  # the teacher's screen now has the notes…
    expect(teacher.notes).to_contain_text("24/18 18/13")
    teacher.wait_fits()  # beside the notes, the slide still fits
    expect(audience.chrome).to_have_count(0)  # …the room's has none of it
    expect(audience.answer_box).to_be_hidden()
    expect(audience.hints).to_have_count(0)
    expect(audience.board).to_be_visible()

    teacher.point(24).click()
    teacher.point(18).click()
    audience.wait_checkers(18, 1)
    assert audience.model()["24"]["count"] == 14
    expect(audience.status).to_have_text(teacher.status.inner_text())

    teacher.reveal.click()
    expect(audience.hints).to_have_count(1)
    expect(audience.hints).to_have_text(teacher.hints.inner_text())
    expect(audience.answer_box).to_be_hidden()

    teacher.press("d")  # drawing: a drag from 13 to 7 is an arrow, Enter rings the keyboard's point
    teacher.draw_arrow(13, 7)
    teacher.press("ArrowLeft")
    teacher.press("Enter")
    expect(audience.arrows).to_have_count(1)
    expect(audience.rings).to_have_count(1)
    assert audience.model()["24"]["count"] == 14, "drawing moves no checker"
    teacher.press("Escape")

    page.evaluate(HOSTILE_MESSAGES)  # they change nothing
    slide = teacher.current_slide()
    teacher.press("PageDown")
    audience.wait_slide(str(int(slide) + 1))
    assert "/ru/lessons/head/" in audience.page.url
    expect(audience.visible_arrows).to_have_count(0)  # the marks stay with their slide
    teacher.press("PageUp")
    audience.wait_slide(slide)
    expect(audience.arrows).to_have_count(0)


def test_a_theme_of_the_puzzles_page_is_presented_puzzle_after_puzzle(page: Page, site_url: str) -> None:
    index = PuzzleIndex(page).open(site_url, "ru")
    ids = index.puzzle_ids(0)
    assert len(ids) >= 2
    index.follow(0, re.compile("Показ слайдов"))
    presenter = Presenter(page)
    presenter.wait_showing_puzzle(ids[0])
    expect(presenter.bar).to_be_visible()
    presenter.action("notes").click()
    expect(presenter.notes).to_contain_text(f"Задача 1 из {len(ids)} в теме")
    presenter.press("PageDown")  # the puzzle's one slide is done: the theme's next puzzle, still presented
    presenter.wait_showing_puzzle(ids[1])
    assert f"/puzzles/{ids[1]}/" in page.url
    presenter.wait_fits()
    presenter.press("PageUp")
    presenter.wait_showing_puzzle(ids[0])


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_toolbar_shows_every_button_and_its_help_with_drawing_and_notes_on(page: Page, site_url: str,
                                                                                size: tuple[int, int]) -> None:
    """At 1280×720 «✕ Завершить показ» and the help line were cut off once drawing or the notes were on: the bar
    now wraps, and the slide fits above it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    teacher = Presenter(page).open(site_url + PUZZLE_SLIDE).wait_puzzle_ready()
    teacher.action("notes").click()
    teacher.action("draw").click()
    expect(teacher.action("draw")).to_have_attribute("aria-pressed", "true")
    teacher.wait_fits()
    buttons = page.locator(".present-bar button")
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0] and box["y"] + box["height"] <= size[1], \
            (buttons.nth(i).inner_text(), box)
    expect(page.locator(".present-bar .present-help")).to_be_in_viewport(ratio=1)
    assert page.evaluate("() => { const h = document.querySelector('.present-help'); return h.scrollWidth <= h.clientWidth; }")
    stage_bottom = page.evaluate("() => document.querySelector('[data-slide-current]').getBoundingClientRect().bottom")
    bar_top = page.evaluate("() => document.querySelector('.present-bar').getBoundingClientRect().top")
    assert stage_bottom <= bar_top + 1, (stage_bottom, bar_top)

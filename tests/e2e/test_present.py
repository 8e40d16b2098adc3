"""Presenter mode as a teacher uses it at a projector: every slide of every lesson fits the screen at 1280×720
and 1920×1080 (the board's bottom, the buttons and the feedback inside the viewport, no scrolling), the answer
stays hidden until the teacher reveals it step by step, and the audience window mirrors the slide, the moves,
the reveals and the drawing, while a hostile message changes nothing there."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .pages import READY_MS

SIZES = [(1280, 720), (1920, 1080)]
COURSES = [("ru", ""), ("en", ""), ("ru", "short/"), ("en", "short/")]
WIDGET_MOUNTED = 15_000

#: the parts of the current slide a teacher needs to see, each inside the stage (and the stage not scrolled)
FITS = """() => {
  const main = document.querySelector('main');
  const stage = main.getBoundingClientRect();
  const current = [...document.querySelectorAll('[data-slide-current]')];
  if (!current.length) return 'no slide';
  const widget = current.find((el) => el.matches('[data-widget]'));
  if (widget && widget.dataset.mounted !== 'true') return 'not mounted';
  if (main.scrollHeight > main.clientHeight + 1 || main.scrollWidth > main.clientWidth + 1)
    return `the stage scrolls: ${main.scrollWidth}×${main.scrollHeight} in ${main.clientWidth}×${main.clientHeight}`;
  const parts = current.flatMap((el) => [el, ...el.querySelectorAll(
    'svg.nb-board, button, [data-status], p, li, h1, h2, h3, figcaption, input, .puzzle-success')]);
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.bottom > stage.bottom + 1 || r.right > stage.right + 1 || r.top < stage.top - 1 || r.left < stage.left - 1)
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} «${(el.textContent || '').trim().slice(0, 40)}» `
        + `at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`;
  }
  return 'fits';
}"""

COUNTER = "[data-present-counter]"


def new_context(browser: Browser, width: int, height: int) -> BrowserContext:
    # bypass_csp: only so that the test can wait on conditions evaluated in the page; the page is unchanged
    return browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)


def where(page: Page) -> tuple[str, int, int]:
    numbers = re.findall(r"\d+", page.locator(COUNTER).inner_text())
    return page.evaluate("location.pathname"), int(numbers[0]), int(numbers[1])


def wait_fits(page: Page) -> None:
    try:
        page.wait_for_function(f"({FITS})() === 'fits'", timeout=WIDGET_MOUNTED)
    except PlaywrightTimeout:  # the reason is what the page says
        path, slide, total = where(page)
        pytest.fail(f"{path} slide {slide}/{total} at {page.viewport_size}: {page.evaluate(f'({FITS})()')}")


@pytest.mark.parametrize(("lang", "course"), COURSES, ids=[f"{lang}-{c or 'long/'}" for lang, c in COURSES])
def test_every_slide_of_every_lesson_fits_the_screen(browser: Browser, site_url: str, lang: str, course: str) -> None:
    context = new_context(browser, *SIZES[0])
    page = context.new_page()
    page.goto(f"{site_url}{lang}/{course}")
    lessons = page.locator(".lesson-card a").evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)")
    assert len(lessons) >= 8
    # the teacher presents the first lesson and walks the whole course with the clicker's PageDown:
    # after a lesson's last slide the next lesson comes, still presented
    page.goto(f"{site_url.rstrip('/')}{lessons[0]}?present=1")
    page.wait_for_selector(COUNTER)
    walked: list[str] = []
    while True:
        for width, height in SIZES:  # the same slide on either projector
            page.set_viewport_size({"width": width, "height": height})
            wait_fits(page)
        path, slide, total = where(page)
        if not walked or walked[-1] != path:
            walked.append(path)
        if slide == total and page.locator("main a[rel=next]").count() == 0:
            break
        page.keyboard.press("PageDown")
        page.wait_for_function(
            f"() => location.pathname !== {json.dumps(path)} || !document.querySelector('{COUNTER}').textContent.startsWith('{slide} ')",
            timeout=READY_MS)
    assert walked == lessons, "the presentation walks the lessons of the course map in order"
    context.close()


@pytest.mark.parametrize("path", ["ru/play/?present", "en/play/?game=short&present", "en/puzzles/head-first-move/?present"])
def test_a_puzzle_page_and_the_free_board_are_one_slide_that_fits(browser: Browser, site_url: str, path: str) -> None:
    context = new_context(browser, *SIZES[0])
    page = context.new_page()
    page.goto(site_url + path)
    page.wait_for_selector(COUNTER)
    expect(page.locator(COUNTER)).to_have_text(re.compile(r"^1 (из|of) 1$"))
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wait_fits(page)
    expect(page.locator("[data-slide-current] svg.nb-board:visible")).to_have_count(1)
    context.close()


PUZZLE_SLIDE = "ru/lessons/head/?present=4"  #: «Первый ход»: White's 6-5 from the head, one checker plays both


def presenting(browser: Browser, site_url: str, width: int = 1280, height: int = 720) -> tuple[BrowserContext, Page]:
    context = new_context(browser, width, height)
    page = context.new_page()
    page.goto(site_url + PUZZLE_SLIDE)
    page.wait_for_selector("[data-slide-current][data-widget=puzzle][data-ready=true]", state="attached", timeout=READY_MS)
    return context, page


def test_the_answer_stays_hidden_until_the_teacher_reveals_it_step_by_step(browser: Browser, site_url: str) -> None:
    context, page = presenting(browser, site_url)
    slide = page.locator("[data-slide-current]")
    reveal = page.locator("[data-present-action=reveal]")
    expect(slide.locator("[data-answer-box]")).to_be_hidden()
    expect(page.locator(".present-notes")).to_be_hidden()  # one screen: the room sees what the teacher sees
    expect(slide.locator("[data-hints] li")).to_have_count(0)
    expect(reveal).to_have_text("Подсказка 1 из 4")
    for shown in (1, 2, 3):
        reveal.click()
        expect(slide.locator("[data-hints] li")).to_have_count(shown)
        expect(slide.locator("[data-answer-box]")).to_be_hidden()
    expect(reveal).to_have_text("Подсказка 4 из 4")
    page.keyboard.press("h")  # the fourth: the board shows where to look
    expect(slide.locator(".nb-point.mark-hint").first).to_be_attached()
    expect(reveal).to_have_text("Показать решение")
    reveal.click()
    expect(slide.locator("[data-answer-box]")).to_be_visible()
    expect(slide.locator("[data-answer-box]")).to_contain_text("24/18 18/13")
    expect(reveal).to_have_text("Ответ показан")
    expect(reveal).to_be_disabled()
    page.keyboard.press("r")  # «Заново»: the board and the answer are the teacher's again
    expect(slide.locator("[data-answer-box]")).to_be_hidden()
    expect(slide.locator("[data-hints] li")).to_have_count(0)
    expect(reveal).to_have_text("Подсказка 1 из 4")
    page.keyboard.press("Escape")
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator(".present-bar")).to_have_count(0)
    assert "present" not in page.url
    context.close()


def slide_of(page: Page, url: str, widget: str) -> str:
    """The slide number (from 1) of the first widget matching ``widget`` on the page at ``url``, presented."""
    page.goto(url + "?present=1")
    page.wait_for_selector(COUNTER)
    return str(int(page.locator(widget).first.get_attribute("data-slide") or "") + 1)


def test_reset_takes_the_slide_s_widget_back_to_its_start_where_it_has_one(browser: Browser, site_url: str) -> None:
    context = new_context(browser, *SIZES[0])
    page = context.new_page()
    reset = page.locator("[data-present-action=reset]")
    replay = site_url + "en/lessons/whole-game/"
    page.goto(replay + "?present=" + slide_of(page, replay, "[data-widget=replay]"))
    slide = page.locator("[data-slide-current][data-widget=replay][data-ready=true]")
    expect(slide).to_be_attached(timeout=READY_MS)
    slide.locator("[data-action=next]").click()
    slide.locator("[data-action=next]").click()
    expect(slide).to_have_attribute("data-frame", "2")
    expect(reset).to_be_enabled()
    page.keyboard.press("r")  # the replay's own «« Start»
    expect(slide).to_have_attribute("data-frame", "0")
    picture = site_url + "en/lessons/board/"
    page.goto(picture + "?present=" + slide_of(page, picture, "[data-widget=board]:not(:has([data-controls]))"))
    expect(page.locator("[data-slide-current][data-widget=board][data-mounted=true]")).to_be_attached(timeout=WIDGET_MOUNTED)
    expect(reset).to_be_disabled()  # a picture has no start to go back to
    context.close()


def audience_of(context: BrowserContext, page: Page) -> Page:
    with context.expect_page() as opened:
        page.locator("[data-present-action=audience]").click()
    audience = opened.value
    audience.set_viewport_size({"width": 1280, "height": 720})
    audience.wait_for_function("document.querySelector('[data-slide-current]')?.dataset.slide === '3'")
    return audience


def audience_model(audience: Page) -> dict[str, dict[str, int | str]]:
    model = audience.locator("[data-slide-current] svg.nb-board").get_attribute("data-model")
    assert model
    points: dict[str, dict[str, int | str]] = json.loads(model)["points"]
    return points


def test_the_audience_window_mirrors_moves_reveals_and_drawing(browser: Browser, site_url: str) -> None:
    context, page = presenting(browser, site_url)
    audience = audience_of(context, page)
    shown = audience.locator("[data-slide-current]")
    expect(page.locator(".present-notes")).to_be_visible()  # the teacher's screen now has the notes…
    expect(page.locator(".present-notes")).to_contain_text("24/18 18/13")
    wait_fits(page)  # beside the notes, the slide still fits
    expect(audience.locator(".present-bar, .present-notes")).to_have_count(0)  # …the room's has none of it
    expect(shown.locator("[data-answer-box]")).to_be_hidden()
    expect(shown.locator("[data-hints] li")).to_have_count(0)
    expect(shown.locator("svg.nb-board")).to_be_visible()

    slide = page.locator("[data-slide-current]")
    slide.locator('[data-point="24"]').click()
    slide.locator('[data-point="18"]').click()
    audience.wait_for_function(
        "() => (JSON.parse(document.querySelector('[data-slide-current] svg.nb-board').dataset.model).points['18'] || {}).count === 1")
    assert audience_model(audience)["24"]["count"] == 14
    expect(shown.locator("[data-status]")).to_have_text(slide.locator("[data-status]").inner_text())

    page.locator("[data-present-action=reveal]").click()
    expect(shown.locator("[data-hints] li")).to_have_count(1)
    expect(shown.locator("[data-hints] li")).to_have_text(slide.locator("[data-hints] li").inner_text())
    expect(shown.locator("[data-answer-box]")).to_be_hidden()

    page.keyboard.press("d")  # drawing: a drag from 13 to 7 is an arrow, Enter rings the keyboard's point
    start = slide.locator('[data-point="13"]').bounding_box()
    end = slide.locator('[data-point="7"]').bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 60)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] - 40, steps=5)
    page.mouse.up()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(shown.locator(".nb-drawing__arrow")).to_have_count(1)
    expect(shown.locator(".nb-drawing__ring")).to_have_count(1)
    assert audience_model(audience)["24"]["count"] == 14, "drawing moves no checker"
    page.keyboard.press("Escape")

    # a message that is not the presenter's state (another page's, markup, off the site) changes nothing
    page.evaluate("""() => {
      const channel = new BroadcastChannel('nardy-present');
      channel.postMessage({kind: 'state', v: 1, page: location.pathname, slide: 0, count: 999, widget: null});
      channel.postMessage({kind: 'state', v: 1, page: '//elsewhere.invalid/x/', slide: 0, count: 1, widget: null});
      channel.postMessage({kind: 'state', v: 1, page: location.pathname, slide: 1, count: 15,
        widget: {boards: [], drawings: [], texts: [{innerHTML: '<img src=x onerror=alert(1)>'}], shown: [], hints: 0,
                 answers: [], success: null, number: ''}});
      channel.postMessage('<script>alert(1)</script>');
      channel.close();
    }""")
    page.keyboard.press("PageDown")
    audience.wait_for_function("document.querySelector('[data-slide-current]')?.dataset.slide === '4'")
    assert "/ru/lessons/head/" in audience.url
    expect(audience.locator(".nb-drawing__arrow:visible")).to_have_count(0)  # the marks stay with their slide
    page.keyboard.press("PageUp")
    audience.wait_for_function("document.querySelector('[data-slide-current]')?.dataset.slide === '3'")
    expect(shown.locator(".nb-drawing__arrow")).to_have_count(0)
    context.close()


def test_a_theme_of_the_puzzles_page_is_presented_puzzle_after_puzzle(browser: Browser, site_url: str) -> None:
    context = new_context(browser, *SIZES[0])
    page = context.new_page()
    page.goto(f"{site_url}ru/puzzles/")
    theme = page.locator("section.theme").first
    ids = theme.locator("li[data-puzzle]").evaluate_all("(items) => items.map((li) => li.dataset.puzzle)")
    assert len(ids) >= 2
    theme.get_by_role("link", name=re.compile("Показ слайдов")).click()
    page.wait_for_selector(f"[data-slide-current][data-puzzle='{ids[0]}']", state="attached")
    expect(page.locator(".present-bar")).to_be_visible()
    page.locator("[data-present-action=notes]").click()
    expect(page.locator(".present-notes")).to_contain_text(f"Задача 1 из {len(ids)} в теме")
    page.keyboard.press("PageDown")  # the puzzle's one slide is done: the theme's next puzzle, still presented
    page.wait_for_selector(f"[data-slide-current][data-puzzle='{ids[1]}']", state="attached")
    assert f"/puzzles/{ids[1]}/" in page.url
    wait_fits(page)
    page.keyboard.press("PageUp")
    page.wait_for_selector(f"[data-slide-current][data-puzzle='{ids[0]}']", state="attached")
    context.close()

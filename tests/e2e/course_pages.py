"""Page objects of the course's pages around the widgets (pages.py has the widgets): the course map, the
review page, the puzzles page, a worksheet and presenter mode. As in pages.py, the one place the tests
learn this markup."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .pages import READY_MS


class CourseMap:
    """A course's map (``<lang>/`` or ``<lang>/short/``): its lesson cards, where to continue, what is due."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(self, site_url: str, lang: str = "ru", course: str = "") -> CourseMap:
        self.page.goto(f"{site_url}{lang}/{course}")
        return self

    def lesson_paths(self) -> list[str]:
        """The lessons, in order: the path of each card's link."""
        return list(self.page.locator(".lesson-card a").evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)"))

    def lesson_hrefs(self) -> list[str]:
        return list(self.page.locator(".lesson-card a").evaluate_all("(links) => links.map((a) => a.href)"))

    def card(self, lesson: str) -> Locator:
        return self.page.locator(f".lesson-card[data-lesson={lesson}]")

    def card_title(self, lesson: str) -> str:
        return self.card(lesson).locator(".lesson-title").inner_text()

    def stopped_here(self, lesson: str) -> Locator:
        """The «you stopped here» marker of one lesson's card."""
        return self.card(lesson).locator("[data-lesson-next]")

    @property
    def visible_stop_markers(self) -> Locator:
        return self.page.locator(".lesson-card [data-lesson-next]:visible")

    @property
    def course_next(self) -> Locator:
        return self.page.locator("[data-course-next]")

    @property
    def continue_link(self) -> Locator:
        return self.page.locator("[data-continue]")

    @property
    def review_link(self) -> Locator:
        return self.page.locator("[data-review-link]")


class Review:
    """The review page (``<lang>/review/``): the puzzles due today, those due later, the weak themes."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(self, site_url: str, lang: str = "ru") -> Review:
        self.page.goto(f"{site_url}{lang}/review/")
        return self

    def items(self, which: str) -> Locator:
        """The entries of one list: ``due``, ``later`` or ``weak``."""
        return self.page.locator(f"[data-review-list={which}] li")

    def links(self, which: str) -> Locator:
        return self.items(which).locator("a")

    def empty(self, which: str) -> Locator:
        """What a list says when it has nothing."""
        return self.page.locator(f"[data-review-empty={which}]")


class PuzzleIndex:
    """The puzzles page (``<lang>/puzzles/``): one section per theme, each with its slide show and worksheet."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(self, site_url: str, lang: str = "ru") -> PuzzleIndex:
        self.page.goto(f"{site_url}{lang}/puzzles/")
        return self

    def theme(self, index: int) -> Locator:
        return self.page.locator("section.theme").nth(index)

    def puzzle_ids(self, index: int) -> list[str]:
        return list(self.theme(index).locator("li[data-puzzle]").evaluate_all("(items) => items.map((li) => li.dataset.puzzle)"))

    def follow(self, index: int, link: str | re.Pattern[str]) -> None:
        """Follow one theme's link, by its visible name."""
        self.theme(index).get_by_role("link", name=link).click()


class Worksheet:
    """A printable worksheet (``?print``) of a lesson or a theme: numbered tasks, the answer key, the paper."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("[data-worksheet]")
        self.title = page.locator("h1")
        self.tasks = self.root.locator(".sheet-task")
        self.key_entries = self.root.locator(".sheet-key .sheet-key-entry")
        #: what a page of the course shows of a learner's work, which a worksheet never prints
        self.learner_marks = self.root.locator(".puzzle-solved-mark, [data-success], [data-controls]")

    def open(self, url: str) -> Worksheet:
        self.page.goto(url)
        expect(self.root).to_be_visible()
        return self

    def task_ids(self) -> list[str]:
        return list(self.tasks.evaluate_all("(items) => items.map((li) => li.dataset.puzzle)"))

    def task(self, index: int) -> Locator:
        return self.tasks.nth(index)

    def heading(self, index: int) -> Locator:
        return self.task(index).locator("h2")

    def board_model(self, index: int) -> dict[str, Any]:
        return dict(json.loads(self.task(index).locator(".sheet-board svg").get_attribute("data-model") or "{}"))

    def qr_address(self, index: int) -> str | None:
        return self.task(index).locator(".sheet-qr").get_attribute("data-url")

    def answer_lines(self, index: int) -> Locator:
        """The room a task leaves to write the answer."""
        return self.task(index).locator(".sheet-lines span")

    def with_key(self, shown: bool) -> None:
        self.page.locator("[data-sheet-key-toggle]").set_checked(shown)

    def paper(self, size: str) -> None:
        self.page.locator("[data-sheet-paper]").select_option(size)

    def pdf_pages(self) -> tuple[int, tuple[float, float]]:
        """How many pages it prints on, and their size in points (the first MediaBox)."""
        pdf = self.page.pdf(prefer_css_page_size=True)
        count = int(re.findall(rb"/Count (\d+)", pdf)[0])
        box = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)[0]
        return count, (float(box[0]), float(box[1]))

    def is_closed(self) -> None:
        """Expect the page back as it was: no worksheet, no print mode."""
        expect(self.root).to_have_count(0)
        expect(self.page.locator("html.worksheet-mode")).to_have_count(0)


def follow_link(page: Page, name: str | re.Pattern[str]) -> None:
    """Follow a link of the page by its visible name, as a reader does."""
    page.get_by_role("link", name=name).click()


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
WIDGET_MOUNTED_MS = 15_000
#: In the page: from the current slide, ``steps`` presses of ``key`` on the focused control (where a clicker's
#: key lands), each slide read as FITS reads it, at once and, if not yet, on the frames to come (within
#: ``bound`` ms). Answers what each press showed, as the counter says, and the first slide that did not fit, with
#: FITS's reason. One call walks a lesson: a round trip of the test per slide cost ten times what the page does.
WALK = """async ([key, steps, bound]) => {
  const fits = """ + FITS + """;
  const counter = () => document.querySelector('[data-present-counter]')?.textContent ?? '';
  const settled = async () => {
    const until = performance.now() + bound;
    let found = fits();
    while (found !== 'fits' && performance.now() < until) {
      await new Promise((done) => requestAnimationFrame(done));
      found = fits();
    }
    return found;
  };
  const shown = [counter()];
  let found = await settled();
  for (let step = 0; step < steps && found === 'fits'; step++) {
    const target = document.activeElement || document.body;
    target.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true }));
    target.dispatchEvent(new KeyboardEvent('keyup', { key, code: key, bubbles: true, cancelable: true }));
    shown.push(counter());
    found = await settled();
  }
  return { shown, found };
}"""


class Presenter:
    """Presenter mode (``?present``) as a teacher drives it, or the audience window that mirrors it: the current
    slide, the bar's actions, the teacher's notes and the slide counter."""

    COUNTER = "[data-present-counter]"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.counter = page.locator(self.COUNTER)
        self.bar = page.locator(".present-bar")
        self.notes = page.locator(".present-notes")
        self.chrome = page.locator(".present-bar, .present-notes")  #: what only the teacher's screen has
        self.header = page.locator(".site-header")  #: the site's own header, back once presenting ends
        self.slide = page.locator("[data-slide-current]")
        self.board = self.slide.locator("svg.nb-board")
        self.visible_boards = self.slide.locator("svg.nb-board:visible")
        self.answer_box = self.slide.locator("[data-answer-box]")
        self.hints = self.slide.locator("[data-hints] li")
        self.hint_marks = self.slide.locator(".nb-point.mark-hint")
        self.status = self.slide.locator("[data-status]")
        self.arrows = self.slide.locator(".nb-drawing__arrow")
        self.visible_arrows = page.locator(".nb-drawing__arrow:visible")
        self.rings = self.slide.locator(".nb-drawing__ring")

    def open(self, url: str) -> Presenter:
        self.page.goto(url)
        self.page.wait_for_selector(self.COUNTER)
        return self

    def wait_puzzle_ready(self) -> Presenter:
        """Wait until the current slide is a puzzle that Python has made playable."""
        self.page.wait_for_selector("[data-slide-current][data-widget=puzzle][data-ready=true]", state="attached", timeout=READY_MS)
        return self

    def wait_showing_puzzle(self, puzzle_id: str) -> None:
        self.page.wait_for_selector(f"[data-slide-current][data-puzzle='{puzzle_id}']", state="attached")

    def current_slide(self) -> str:
        """The current slide's data-slide (counted from 0, where the counter counts from 1)."""
        return str(self.page.evaluate("document.querySelector('[data-slide-current]')?.dataset.slide"))

    def wait_slide(self, slide: str) -> None:
        """Wait until the current slide is the one whose data-slide is ``slide``."""
        self.page.wait_for_function("(slide) => document.querySelector('[data-slide-current]')?.dataset.slide === slide", arg=slide)

    def slide_of(self, url: str, widget: str) -> str:
        """The slide number (from 1, as ``?present=`` takes it) of the first widget matching ``widget`` on the
        lesson at ``url``, presented."""
        self.open(url + "?present=1")
        return str(int(self.page.locator(widget).first.get_attribute("data-slide") or "") + 1)

    def current_widget(self, kind: str) -> Locator:
        """The current slide, a widget of ``kind`` (puzzle, board, replay…)."""
        return self.page.locator(f"[data-slide-current][data-widget={kind}]")

    def action(self, name: str) -> Locator:
        """A button of the presenter's bar: reveal, notes, audience…"""
        return self.page.locator(f"[data-present-action={name}]")

    @property
    def reveal(self) -> Locator:
        return self.action("reveal")

    @property
    def next_lesson(self) -> Locator:
        return self.page.locator("main a[rel=next]")

    def point(self, point: int) -> Locator:
        return self.slide.locator(f'[data-point="{point}"]')

    def press(self, key: str) -> None:
        """A key of the clicker or the keyboard: PageDown, PageUp, h, r, d, Escape…"""
        self.page.keyboard.press(key)

    def where(self) -> tuple[str, int, int]:
        """The page's path, the current slide's number and how many slides it has, as the counter says."""
        path, counter = self.page.evaluate(
            f"() => [location.pathname, document.querySelector('{self.COUNTER}')?.textContent ?? '']")
        numbers = re.findall(r"\d+", counter)
        return str(path), int(numbers[0]), int(numbers[1])

    def go_to_next_lesson(self, path: str) -> None:
        """PageDown on the last slide of the lesson at ``path``: wait until the next lesson is presented, on its
        first slide. (The lesson comes by in-page navigation: its address changes before the presenter has
        read its slides, so the address alone is not enough.)"""
        self.press("PageDown")
        self.page.wait_for_function(
            "(path) => location.pathname !== path"
            " && document.querySelector('main [data-slide-current]')?.dataset.slide === '0'"
            f" && (document.querySelector('{self.COUNTER}')?.textContent ?? '').startsWith('1 ')", arg=path, timeout=READY_MS)

    def _now_or_later(self, predicate: str, timeout: float) -> None:
        """Wait until ``predicate`` (a function in the page) is true: read as the page is laid out now, and only
        if not yet, on the frames to come. The presenter shows and fits a slide as it handles the key or the
        resize, so most reads need no frame: half the walk's cost per slide."""
        if not self.page.evaluate(predicate):
            self.page.wait_for_function(predicate, timeout=timeout)

    def wait_fits(self) -> None:
        """Wait until the current slide fits the screen; else fail saying what sticks out, and where. (A
        resize refits from the largest type down, so a slide that fits before that refit fits after it.)"""
        try:
            self._now_or_later(f"() => ({FITS})() === 'fits'", WIDGET_MOUNTED_MS)
        except PlaywrightTimeout:  # the reason is what the page says
            path, slide, total = self.where()
            raise AssertionError(f"{path} slide {slide}/{total} at {self.page.viewport_size}: {self.page.evaluate(f'({FITS})()')}") from None

    def walk_fitting(self, key: str, steps: int) -> list[int]:
        """Press ``key`` (PageDown, PageUp) ``steps`` times on this lesson, in the page (WALK), and expect every
        slide on the way, the current one first, to fit the screen; answer the slide numbers the counter showed."""
        walked = self.page.evaluate(WALK, [key, steps, WIDGET_MOUNTED_MS])
        shown = [int(re.findall(r"\d+", text)[0]) for text in walked["shown"]]
        if walked["found"] != "fits":
            raise AssertionError(f"{self.page.url} slide {shown[-1]} at {self.page.viewport_size}: {walked['found']}")
        return shown

    def model(self) -> dict[str, dict[str, int | str]]:
        """The points of the current slide's board (its data-model)."""
        model = self.board.get_attribute("data-model")
        assert model
        points: dict[str, dict[str, int | str]] = json.loads(model)["points"]
        return points

    def wait_checkers(self, point: int, count: int) -> None:
        """Wait until the current slide's board has ``count`` checkers on ``point``."""
        self.page.wait_for_function(
            "([point, count]) => (JSON.parse(document.querySelector('[data-slide-current] svg.nb-board').dataset.model)"
            ".points[point] || {}).count === count", arg=[str(point), count])

    def draw_arrow(self, source: int, target: int) -> None:
        """In drawing mode, drag from one point to another (an arrow)."""
        start, end = self.point(source).bounding_box(), self.point(target).bounding_box()
        assert start and end
        self.page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 60)
        self.page.mouse.down()
        self.page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] - 40, steps=5)
        self.page.mouse.up()

    def open_audience(self) -> Presenter:
        """Open the audience window (on a 1280×720 projector) and wait until it shows the teacher's slide."""
        with self.page.context.expect_page() as opened:
            self.action("audience").click()
        audience = Presenter(opened.value)
        audience.page.set_viewport_size({"width": 1280, "height": 720})
        audience.wait_slide(self.current_slide())
        return audience

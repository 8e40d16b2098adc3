"""Page objects: the one place the end-to-end tests learn the site's markup.

A test says what a learner does ("play the solution", "press the legal button", "read point 13's name");
these classes turn it into locators. When the markup changes, this file changes, not forty tests.
Points are absolute board points (1..24), ``"off"`` (the mover's tray) or ``"bar"`` (the mover's bar).
"""

from __future__ import annotations

import json
import re
from typing import Any, Self
from urllib.parse import quote

from playwright.sync_api import FrameLocator, Locator, Page, expect

from nardy_core import Position

READY_MS = 60_000  #: Pyodide boot on a loaded 2-core machine
PointId = int | str


def light(css: str) -> str:
    """A Playwright selector for ``css`` that does not look into shadow roots. Playwright's plain CSS does, by
    walking every element under its scope on each query: on a lesson's page of some thousand SVG elements
    that was a fifth of the browser's work while the course was solved. Boards have no shadow roots (only
    the lab's editor has one)."""
    return f"css:light={css}"


def activate(control: Locator, keyboard: bool = False) -> None:
    """A learner's choice of ``control``: a click, or (``keyboard``) Enter on it, focused."""
    if keyboard:
        control.press("Enter")
    else:
        control.click()


class Board:
    """A board widget (a puzzle, a lesson diagram, the free board) inside ``scope``, on a page or in a frame
    (an embed on someone else's page)."""

    def __init__(self, page: Page | FrameLocator, scope: str) -> None:
        self.page = page
        self.scope = scope

    @property
    def root(self) -> Locator:
        return self.page.locator(light(self.scope)).first

    @property
    def svg(self) -> Locator:
        return self.root.locator(light(".board-frame:not([hidden]) svg.nb-board")).first

    @property
    def status(self) -> Locator:
        return self.root.locator(light("[data-status]")).first

    def config(self) -> dict[str, Any]:
        return dict(json.loads(self.root.get_attribute("data-config") or "{}"))

    def wait_ready(self) -> Self:
        expect(self.root).to_have_attribute("data-ready", "true", timeout=READY_MS)
        return self

    def mover(self) -> str:
        return Position.from_notation(self.config()["position"]).to_move.value

    def point(self, point: PointId, side: str | None = None) -> Locator:
        if point == "off":
            return self.svg.locator(light(f".nb-tray[data-side='{side or self.mover()}']"))
        if point == "bar":
            return self.svg.locator(light(f".nb-bar-slot[data-side='{side or self.mover()}']"))
        return self.svg.locator(light(f".nb-point[data-point='{point}']"))

    def name(self, point: PointId) -> str:
        return self.point(point).get_attribute("aria-label") or ""

    def click(self, point: PointId, side: str | None = None) -> None:
        self.point(point, side).click()

    def activate(self, point: PointId, side: str | None = None, keyboard: bool = False) -> None:
        """Choose ``point`` as a learner does: a click, or (``keyboard``) Enter on the focused point."""
        activate(self.point(point, side), keyboard)

    def play(self, steps: list[list[PointId]], side: str | None = None, keyboard: bool = False) -> None:
        """Choose each step's origin, then its destination (the tray for "off"): clicks, or the keyboard."""
        for source, target in steps:
            self.activate(source, side, keyboard)
            self.activate(target, side, keyboard)

    def button(self, action: str) -> Locator:
        return self.root.locator(light(f"[data-action='{action}']")).first

    def expect_mark(self, point: PointId, kind: str, words: str) -> None:
        marked = self.point(point)
        expect(marked).to_have_class(re.compile(rf"\bmark-{kind}\b"))
        expect(marked).to_have_attribute("aria-label", re.compile(words))


class Puzzle(Board):
    """A puzzle widget, by id."""

    def __init__(self, page: Page | FrameLocator, puzzle_id: str) -> None:
        super().__init__(page, f"#puzzle-{puzzle_id}")
        self.id = puzzle_id

    @property
    def success(self) -> Locator:
        return self.root.locator(light("[data-success]"))

    @property
    def next_link(self) -> Locator:
        """The link the success message offers: the next puzzle, or back to the review list."""
        return self.success.locator("[data-next]")

    def answer(self, value: str, keyboard: bool = False) -> None:
        activate(self.root.locator(light(f"[data-answer='{value}']")), keyboard)

    def wait_recorded(self) -> None:
        """Wait until the learner's progress (localStorage) holds this puzzle: what a reload reads back."""
        self.root.page.wait_for_function(
            "(id) => (localStorage.getItem('nardy.progress') || '').includes(JSON.stringify(id))", arg=self.id)

    def type_number(self, value: int | str) -> None:
        """A number task: type the number and press Enter in the field."""
        field = self.root.locator("[data-number]")
        field.fill(str(value))
        field.press("Enter")

    def solve(self, keyboard: bool = False) -> None:
        """Solve it as a learner who knows the answer: play the turn, click the points, press the right button
        (a quiz: the rule that forbids the play, or "legal") or type the number; with ``keyboard``, Enter on
        each point or button instead of a click."""
        config = self.config()
        if config["mode"] == "turn":
            self.play(config["solution"], keyboard=keyboard)
        elif config["mode"] == "click":
            for target in config["targets"]:
                self.activate(target, keyboard=keyboard)
        elif config["mode"] == "number":
            self.type_number(config["quiz"]["answer"])
        else:
            quiz = config["quiz"]
            self.answer(str(quiz.get("choice", quiz["answer"])), keyboard)


class FreeBoard(Board):
    """The free board page."""

    def __init__(self, page: Page) -> None:
        super().__init__(page, "[data-widget=free]")

    @property
    def alert(self) -> Locator:
        """What the address asked for that cannot be shown: above the board, not in the game's status line."""
        return self.root.locator("[data-url-problem]")

    def open(self, site_url: str, lang: str = "en", **params: str) -> FreeBoard:
        query = "&".join(f"{key}={value}" for key, value in params.items())
        self.page.goto(f"{site_url}{lang}/play/{'?' + query if query else ''}")
        return self

    def mover(self) -> str:
        model = json.loads(self.svg.get_attribute("data-model") or "{}")
        return str(model.get("to_move") or "white")

    @property
    def level(self) -> Locator:
        """The computer's level, chosen under the board (a select)."""
        return self.root.get_by_label(re.compile("^(Computer level|Уровень компьютера)"))

    @property
    def tutor(self) -> Locator:
        """The tutor's box under the board: the hint's plays, or the verdict on the last turn."""
        return self.root.locator(light("[data-tutor]"))

    @property
    def hinted_plays(self) -> Locator:
        """The hint's plays, best first (each item's data-play: the play in the board's numbering)."""
        return self.tutor.locator(light("[data-hint-plays] > li"))

    @property
    def arrows(self) -> Locator:
        """The arrows drawn over the board for the tutor's plays (solid)."""
        return self.svg.locator(light(".nb-drawing:not(.nb-drawing--last) .nb-drawing__arrow"))

    @property
    def last_move_arrows(self) -> Locator:
        """The dashed arrows of the computer's last move (or of the played move of a turn the analysis shows)."""
        return self.svg.locator(light(".nb-drawing--last .nb-drawing__arrow"))

    def tutor_button(self, action: str) -> Locator:
        """A button of the tutor's box: take-back, keep, show-play."""
        return self.tutor.locator(light(f"[data-action='{action}']"))


def puzzles_on(page: Page) -> list[Puzzle]:
    """Every puzzle of the current page, in page order."""
    ids = [element.get_attribute("data-puzzle") or "" for element in page.locator("[data-widget=puzzle]").all()]
    return [Puzzle(page, puzzle_id) for puzzle_id in ids]


def press_reset_lesson(page: Page) -> None:
    """«Сбросить урок» from the keyboard. A click is aimed at where the button is, and right after a solve the
    lesson may still move under it: the boards just above it are drawn only as they come near the screen
    (``content-visibility: auto``, each held at 760 px until then), and drawn they are some 20-45 px taller. A
    click aimed before that lands on the lesson instead (2-3 runs in 40 under load); a key press has no aim."""
    page.locator("[data-reset-lesson]").press("Enter")


def wait_runtime(page: Page) -> None:
    expect(page.locator("html[data-runtime=ready]")).to_be_attached(timeout=READY_MS)


class Replay(Board):
    """An annotated game (a replay widget), by id."""

    def __init__(self, page: Page, replay_id: str) -> None:
        super().__init__(page, f"#replay-{replay_id}")
        self.id = replay_id

    @property
    def move_line(self) -> Locator:
        return self.root.locator("[data-move]")

    @property
    def note(self) -> Locator:
        return self.root.locator("[data-note]")

    def model(self) -> dict[str, Any]:
        """The points of the position the board shows now (its data-model)."""
        return dict(json.loads(self.svg.get_attribute("data-model") or "{}").get("points", {}))


class Lab:
    """The Python lab: an editor, Run / Stop, the output and the program's board."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("[data-widget=lab]")
        self.status = self.root.locator("[data-lab-status]")
        self.output = self.root.locator("[data-output]")
        self.editor = self.root.locator("[data-editor] .cm-content")
        self.board = self.root.locator(".board-frame:not([hidden]) svg.nb-board")
        self.caption = self.root.locator("[data-board-caption]")

    def open(self, site_url: str, lang: str = "ru", query: str = "") -> Lab:
        self.page.goto(f"{site_url}{lang}/lab/{query}")
        return self

    def wait_ready(self) -> Lab:
        expect(self.root).to_have_attribute("data-lab", "ready", timeout=READY_MS)
        return self

    def button(self, action: str) -> Locator:
        return self.root.locator(f"[data-action='{action}']")

    def choose(self, slug: str) -> None:
        self.root.locator("[data-example]").select_option(slug)

    def write(self, code: str) -> None:
        """Replace the editor's text the way a learner does: select all, then type (paste) the new text."""
        self.editor.click()
        self.page.keyboard.press("Control+a")
        self.page.keyboard.press("Delete")
        self.page.keyboard.insert_text(code)

    def code(self) -> str:
        return str(self.editor.evaluate("el => el.value !== undefined ? el.value : el.innerText"))

    def run(self, timeout: float = READY_MS) -> str:
        """Press Run, wait for the program to end; the result: done, error, stopped or timeout."""
        self.button("run").click()
        expect(self.root).to_have_attribute("data-result", re.compile(r"\w"), timeout=timeout)
        return self.root.get_attribute("data-result") or ""


class Editor(FreeBoard):
    """The free board with its board editor open (``?edit=1``)."""

    def open_editor(self, site_url: str, lang: str = "en", **params: str) -> Editor:
        query = "&".join(f"{key}={quote(value, safe='')}" for key, value in params.items())
        self.page.goto(f"{site_url}{lang}/play/?edit=1{'&' + query if query else ''}")
        expect(self.verdict.locator("p")).to_be_visible(timeout=READY_MS)
        return self

    @property
    def panel(self) -> Locator:
        return self.root.locator("[data-editor]")

    @property
    def heading(self) -> Locator:
        return self.panel.locator("h2")

    @property
    def verdict(self) -> Locator:
        return self.root.locator("[data-editor-verdict]")

    @property
    def said(self) -> Locator:
        return self.root.locator("[data-editor-say]")

    @property
    def notation(self) -> Locator:
        return self.root.locator("[data-editor-notation]")

    @property
    def rules_line(self) -> Locator:
        return self.root.locator("[data-rules-line]")

    def link(self) -> str:
        """The address the editor gives to share the position."""
        return self.root.locator("[data-editor-link]").input_value()

    def action(self, name: str) -> Locator:
        return self.root.locator(f"[data-editor-action='{name}']")

    def die(self, which: str) -> Locator:
        """The select of the ``first`` or ``second`` die."""
        return self.root.locator(f"select[data-die='{which}']")

    def choose_mover(self, side: str) -> None:
        self.root.locator(f"input[name='editor-mover'][value='{side}']").check()

    def choose_game(self, game: str) -> None:
        self.root.locator(f"input[name='editor-game'][value='{game}']").check()

    def set_rule(self, rule: str, label: str) -> None:
        """Open the rules variant's options and choose one of a rule's, by its visible label."""
        self.root.locator(".editor-rules summary").click()
        # the options of the game on the board (each game has its own; several share a rule's name)
        self.root.locator(f"[data-rules-for]:not([hidden]) select[data-rule='{rule}']").select_option(label=label)

    def option(self, name: str) -> Locator:
        """One of the free board's options once it plays (e.g. ``computer``)."""
        return self.root.locator(f"[data-option='{name}']")

    def model(self) -> dict[str, Any]:
        return dict(json.loads(self.svg.get_attribute("data-model") or "{}"))

    def drag(self, source: Locator, target: Locator) -> None:
        self.svg.evaluate("svg => svg.scrollIntoView({block: 'center'})")  # both ends on screen
        start, end = source.bounding_box(), target.bounding_box()
        assert start and end
        self.page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        self.page.mouse.down()
        self.page.mouse.move(start["x"] + start["width"] / 2 + 20, start["y"] + start["height"] / 2 + 5, steps=3)
        self.page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=5)
        self.page.mouse.up()


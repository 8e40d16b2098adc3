"""The Python lab in Chromium: every example runs and prints what it promises, micropip installs from the
site alone, Stop and the time limit end an endless loop and the next run works, a bot plays a whole game on
the board, a shared link restores the code, the lesson boards' Python answers while a lab program loops,
and the editor works with the keyboard alone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from builder.lab_examples import load_examples

from .pages import READY_MS, FreeBoard, Lab

PROJECT = Path(__file__).resolve().parents[2]
EXAMPLES = load_examples(PROJECT / "lessons" / "lab")
ENDLESS = "n = 0\nwhile True:\n    n += 1\n"
GAME_OVER = {"ru": "Партия окончена", "en": "Game over"}
#: the tests that only write programs and run them share a lab page of each language (`labs`), so they run on one
#: worker, one after another
SHARED_LAB = pytest.mark.xdist_group("lab")


class Labs:
    """The lab page of each language, opened once for the module: a lab boots a Python of its own (some five CPU
    seconds), and each run starts from a clean namespace, so a test that writes its program and runs it needs no
    fresh one. Every request of these pages that goes anywhere but the site is kept in ``outside``."""

    def __init__(self, browser: Browser, site_url: str, stack: ExitStack) -> None:
        self.browser, self.site_url, self.stack = browser, site_url, stack
        self.opened: dict[str, Lab] = {}
        self.outside: list[str] = []

    def __call__(self, lang: str) -> Lab:
        if lang not in self.opened:
            context = self.browser.new_context()
            self.stack.callback(context.close)
            context.on("request", lambda request: None if request.url.startswith(self.site_url) else self.outside.append(request.url))
            self.opened[lang] = Lab(context.new_page()).open(self.site_url, lang)
        return self.opened[lang].wait_ready()


@pytest.fixture(scope="module")
def labs(browser: Browser, site_url: str) -> Iterator[Labs]:
    with ExitStack() as stack:
        yield Labs(browser, site_url, stack)


@SHARED_LAB
@pytest.mark.long_running
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_example_runs_and_prints_what_it_promises(labs: Labs, lang: str) -> None:
    lab = labs(lang)
    for example in EXAMPLES:
        lab.choose(example.slug)
        result = lab.run(timeout=120_000)
        assert result == "done", f"{example.slug}: {lab.output.inner_text()}"
        assert re.search(example.expect[lang], lab.output.inner_text()), (example.slug, lab.output.inner_text())
        if example.slug == "my-bot":  # the game was played on the board, to its end
            expect(lab.caption).to_contain_text(GAME_OVER[lang])
            expect(lab.board).to_be_visible()
    assert labs.outside == []  # micropip.install("nardy_core") and everything else came from the site


@SHARED_LAB
def test_an_error_points_at_its_line_in_the_editor(labs: Labs) -> None:
    lab = labs("en")
    lab.write("def half(n):\n    return n / 0\n\nprint(half(4))\n")
    assert lab.run() == "error"
    expect(lab.output.locator(".lab-error")).to_contain_text("ZeroDivisionError: division by zero")
    expect(lab.output.locator(".lab-error")).not_to_contain_text("_pyodide")
    expect(lab.status).to_have_text("Error on line 2: it is highlighted in the editor.")


@SHARED_LAB
def test_output_without_a_newline_and_input_are_handled(labs: Labs) -> None:
    lab = labs("ru")
    lab.write('print("бросок", end=" ")\nprint("6-5", end="")\n')
    assert lab.run() == "done"
    expect(lab.output).to_have_text("бросок 6-5")  # the last line, though it has no newline
    lab.write('answer = input("Сколько? ")\n')
    assert lab.run() == "error"
    expect(lab.output).to_contain_text("input() здесь спросить некого")
    expect(lab.output.locator(".lab-error")).to_contain_text("EOFError")
    lab.root.get_by_role("button", name="К строке 1").click()
    expect(lab.editor).to_be_focused()


@SHARED_LAB
def test_a_new_run_starts_from_the_pages_board_not_the_last_programs(labs: Labs) -> None:
    lab = labs("en")
    lab.write('import micropip\nawait micropip.install("nardy_core")\nfrom nardy_core import Game, Position, Side\n'
              'from nardy_lab import show\nshow(Position.start(Game.SHORT, Side.WHITE), caption="short")\n')
    assert lab.run(timeout=120_000) == "done"
    expect(lab.caption).to_have_text("short")
    expect(lab.board).to_have_attribute("data-game", "short")
    lab.write("print(1)\n")
    assert lab.run() == "done"
    expect(lab.caption).to_have_text("The position your program passes to show(...) appears here.")
    expect(lab.board).to_have_attribute("data-game", "long")
    assert json.loads(lab.board.get_attribute("data-model") or "{}")["points"]["24"] == {"side": "white", "count": 15}


@pytest.mark.long_running
def test_stop_and_the_time_limit_end_an_endless_loop(page: Page, site_url: str) -> None:
    lab = Lab(page).open(site_url, "ru").wait_ready()
    lab.write(ENDLESS)
    lab.button("run").click()
    expect(lab.root).to_have_attribute("data-lab", "running")
    expect(lab.button("stop")).to_be_enabled()
    lab.button("stop").click()
    expect(lab.root).to_have_attribute("data-result", "stopped")
    # "run again" is said once Python is back, not while Run is still disabled
    expect(lab.status).to_have_text("Программа остановлена. Python перезапускается…")
    expect(lab.button("run")).to_be_disabled()
    lab.wait_ready()
    expect(lab.status).to_have_text("Программа остановлена. Python перезапущен — можно запускать снова.")
    lab.root.locator("[data-limit]").select_option("10")
    # the limit's timer runs on a clock the test moves on: ten seconds of a core looping in Python, skipped
    page.clock.install()
    lab.button("run").click()
    expect(lab.root).to_have_attribute("data-lab", "running")
    page.clock.run_for("00:10")
    expect(lab.root).to_have_attribute("data-result", "timeout")
    expect(lab.status).to_contain_text("дольше 10 с")
    lab.wait_ready()
    lab.write("print(sum(range(10)))\n")
    assert lab.run() == "done"
    expect(lab.output).to_have_text("45")


def test_the_lesson_boards_answer_while_a_lab_program_loops(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    lab = Lab(context.new_page()).open(site_url, "en").wait_ready()
    lab.write(ENDLESS)
    lab.button("run").click()
    expect(lab.root).to_have_attribute("data-lab", "running")
    board = FreeBoard(context.new_page()).open(site_url, pos="w/24:15/24:15", dice="6-5")
    board.wait_ready()
    board.click(24)
    board.click(13)
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(lab.root).to_have_attribute("data-lab", "running")  # still looping, in a Python of its own
    lab.button("stop").click()
    context.close()


def test_a_shared_link_restores_the_code(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    lab = Lab(page).open(site_url, "ru").wait_ready()
    code = 'print("Шашка на пункте", 13)\n'
    lab.write(code)
    lab.button("share").click()
    expect(lab.status).to_have_text("Ссылка с кодом скопирована.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert "#code=" in link and link == page.url
    other = Lab(context.new_page())
    other.page.goto(link)
    other.wait_ready()
    expect(other.status).to_have_text("Открыт код из ссылки.")
    assert other.run() == "done"
    expect(other.output).to_have_text("Шашка на пункте 13")
    context.close()


def test_the_code_is_kept_between_visits_and_reset_restores_the_example(page: Page, site_url: str) -> None:
    lab = Lab(page).open(site_url, "en").wait_ready()
    first = EXAMPLES[0]
    lab.write("print('mine')\n")
    page.reload()
    lab.wait_ready()
    assert lab.run() == "done"
    expect(lab.output).to_have_text("mine")
    lab.button("reset").click()
    expect(lab.status).to_have_text("The example's code is restored.")
    assert "micropip" in lab.code() and first.codes["en"].splitlines()[0] in lab.code()


def test_hostile_storage_and_fragments_are_ignored(page: Page, site_url: str) -> None:
    lab = Lab(page).open(site_url, "en").wait_ready()
    page.evaluate("localStorage.setItem('nardy.lab." + EXAMPLES[0].slug + "', 'x'.repeat(200000))")
    page.goto(site_url + "en/lab/#code=%%%not-base64")
    lab.wait_ready()
    assert "micropip" in lab.code()  # neither the oversized stored text nor the broken link replaced the example


@SHARED_LAB
def test_the_editor_works_with_the_keyboard_alone(labs: Labs) -> None:
    lab = labs("en")
    page = lab.page
    lab.editor.focus()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.type("for i in range(3):\n")
    page.keyboard.type("print(i * 2)")  # the editor indented the loop's body itself
    page.keyboard.press("Control+Enter")
    expect(lab.root).to_have_attribute("data-result", "done", timeout=READY_MS)
    expect(lab.output).to_have_text(re.compile(r"0\s*2\s*4"))
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('[data-editor]') === null")


ENGINE = '''import json
import micropip
await micropip.install("nardy_core")
from nardy_core import api
best = json.loads(api.handle("hint", json.dumps({"position": "w/24:14,19/24:15", "dice": [3, 1]})))["plays"][0]
print("best:", best["play"], "equity:", best["equity"])
'''


@SHARED_LAB
def test_a_program_asks_the_engine_itself(labs: Labs) -> None:
    """The lab installs nardy_core whole: the engine's weights are in it (the pages' wheel fetches them later)."""
    lab = labs("en")
    lab.write(ENGINE)
    assert lab.run(timeout=120_000) == "done", lab.output.inner_text()
    expect(lab.output).to_have_text(re.compile(r"^best: \d+/\d+ \d+/\d+ equity: -?\d\.\d+$"))

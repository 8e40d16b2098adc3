"""Progress that survives anything in localStorage (site/static/js/progress.js): on every kind of page each
class of corruption is read without a throw (the e2e conftest fails a test on any console or page error), the
old data is kept under the backup key, the learner is told once, reset still works; and progress moves between
devices as a file (export and import on the course map). Every corruption on every kind of page, as pure
logic, is in tests/js/progress-pages.test.mjs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .pages import Puzzle, press_reset_lesson
from .test_navigation import expect_a_solve_to_be_kept

KEY = "nardy.progress"
BACKUP = "nardy.progress.backup"
PROJECT = Path(__file__).resolve().parents[2]
#: the schema progress.js writes (v1 stores, as below, are read and migrated to it)
VERSION = int(re.search(r"export const VERSION = (\d+);", (PROJECT / "site/static/js/progress.js")
                        .read_text(encoding="utf-8")).group(1))  # type: ignore[union-attr]
ENTRY = {"lesson": "board", "solved": True, "hints": 0, "stars": 3, "attempts": 1, "at": 1700000000000}


def store(puzzles: object, version: object = 1) -> str:
    return json.dumps({"version": version, "puzzles": puzzles})


#: hostile stores by class (unreadable, newer schema, wrong shape, bad entry, hostile keys): one home with the
#: node tests, which read every one of them the way each kind of page does (tests/js/progress-pages.test.mjs)
CLASSES: dict[str, dict[str, str]] = json.loads((PROJECT / "tests/js/corrupt-stores.json").read_text(encoding="utf-8"))
CORRUPTIONS = {name: raw for stores in CLASSES.values() for name, raw in stores.items()}
PAGES = {
    "course map": "ru/",
    "lesson": "ru/lessons/board/",
    "puzzle": "ru/puzzles/board-head/",
    "puzzle index": "ru/puzzles/",
    "review": "ru/review/",
    "embed": "embed/ru/board-head.html",
    "rules": "ru/rules/",
    "free board": "ru/play/",
}


def seed(page: Page, site_url: str, raw: str, key: str = KEY) -> None:
    """Write `raw` into the site's localStorage before any of its pages runs."""
    page.goto(site_url + "404.html")  # same origin, no scripts of ours
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [key, raw])


def stored(page: Page, key: str = KEY) -> str | None:
    value = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def wait_read(page: Page) -> None:
    """The page has read the progress (set by static/js/progress-tools.js right after it did)."""
    expect(page.locator("html[data-storage-checked]")).to_be_attached()


def class_by_kind() -> list[tuple[str, str]]:
    """(page kind, corruption): every class of store on every kind of page, the members of a class taking turns
    along the kinds, so that every corruption is met on some page (the full product is in the node tests)."""
    design = [(kind, members[index % len(members)]) for index, kind in enumerate(PAGES)
              for members in (list(stores) for stores in CLASSES.values())]
    assert {corruption for _, corruption in design} == set(CORRUPTIONS), "a corruption no page meets"
    return design


@pytest.mark.parametrize("kind,corruption", class_by_kind())
def test_no_page_throws_and_the_old_data_is_kept(page: Page, site_url: str, kind: str, corruption: str) -> None:
    raw = CORRUPTIONS[corruption]
    seed(page, site_url, raw)
    page.goto(site_url + PAGES[kind])
    notice = page.locator("[data-notice=storage]")
    expect(notice).to_be_visible()
    wait_read(page)
    assert stored(page, BACKUP) == raw
    assert json.loads(stored(page) or "null")["version"] == VERSION


@pytest.mark.parametrize("kind", list(PAGES))
def test_the_learner_is_told_once(page: Page, site_url: str, kind: str) -> None:
    seed(page, site_url, CORRUPTIONS["null entry"])
    page.goto(site_url + PAGES[kind])
    notice = page.locator("[data-notice=storage]")
    expect(notice).to_contain_text("Сохранённый прогресс не удалось прочитать целиком")
    page.reload()
    wait_read(page)
    expect(notice).to_have_count(0)
    page.goto(site_url + PAGES["course map"])
    wait_read(page)
    expect(notice).to_have_count(0)


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_reset_all_works_whatever_storage_holds(page: Page, site_url: str, corruption: str) -> None:
    seed(page, site_url, CORRUPTIONS[corruption])
    page.goto(site_url + "ru/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-reset-all]").click()
    page.wait_for_function("([key, version]) => localStorage.getItem(key) === `{\"version\":${version},\"puzzles\":{},\"mine\":{}}`", arg=[KEY, VERSION])
    assert stored(page, BACKUP) == CORRUPTIONS[corruption]


def solve_then_reset_the_lesson(page: Page, site_url: str) -> None:
    """Solve the board lesson's first puzzle, then reset the lesson: the puzzle is unsolved again."""
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    puzzle.click(24)
    expect(puzzle.success).to_be_visible()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    press_reset_lesson(page)
    page.wait_for_function("() => true")  # a round trip to the page: the dialog's event has come by then
    assert asked, "«Сбросить урок» asked nothing: the key press did not reach the button"
    # the store first, then the page: a failure says which of the two kept the solve
    page.wait_for_function("""(key) => {
      try { return !JSON.parse(localStorage.getItem(key) || '{}').puzzles?.['board-head']; } catch { return true; }
    }""", arg=KEY)  # (storage that refuses access keeps it in the page's memory: nothing to read here)
    expect(puzzle.root.locator("[data-solved-mark]")).to_be_hidden()


def test_reset_a_lesson_works_with_a_null_entry(page: Page, site_url: str) -> None:
    seed(page, site_url, store({"board-head": None, "head-rule": {**ENTRY, "lesson": "head"}}))
    solve_then_reset_the_lesson(page, site_url)
    assert list(json.loads(stored(page) or "{}")["puzzles"]) == ["head-rule"]


def test_a_newer_store_is_not_wiped_by_the_next_hint(page: Page, site_url: str) -> None:
    raw = CORRUPTIONS["newer schema"]
    seed(page, site_url, raw)
    page.goto(site_url + "ru/puzzles/board-head/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    expect(page.locator("[data-notice=storage]")).to_contain_text("более новая версия")
    puzzle.button("hint").click()
    page.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).puzzles['board-head']?.hints === 1", arg=KEY)
    assert stored(page, BACKUP) == raw


@pytest.mark.parametrize("corruption", ["puzzles is a list", "v1 puzzles is a list"])
def test_solves_after_an_odd_store_are_kept(page: Page, site_url: str, corruption: str) -> None:
    seed(page, site_url, CORRUPTIONS[corruption])
    expect_a_solve_to_be_kept(page, site_url)


def test_the_set_aside_copy_can_be_downloaded(page: Page, site_url: str) -> None:
    raw = CORRUPTIONS["null entry"]
    seed(page, site_url, raw)
    page.goto(site_url + "ru/")
    notice = page.locator("[data-notice=storage]")
    expect(notice).to_contain_text("копия отложена")
    with page.expect_download() as download:
        notice.get_by_role("button", name="Скачать копию").click()
    assert download.value.suggested_filename.startswith("nardy-progress-backup-")
    assert Path(download.value.path()).read_text(encoding="utf-8") == raw
    notice.get_by_role("button", name="Закрыть").click()
    expect(notice).to_have_count(0)


def test_export_then_import_moves_progress_to_another_device(page: Page, site_url: str) -> None:
    seed(page, site_url, store({"board-head": ENTRY, "board-numbers": {**ENTRY, "stars": 2}}))
    page.goto(site_url + "ru/")
    with page.expect_download() as download:
        page.get_by_role("button", name="Сохранить прогресс в файл").click()
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    data = json.loads(exported)
    assert data["format"] == "nardy-progress" and data["version"] == VERSION
    assert sorted(data["puzzles"]) == ["board-head", "board-numbers"]
    expect(page.locator("[data-progress-message]")).to_have_text("Файл с прогрессом готов.")

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-reset-all]").click()  # "another device": nothing solved
    expect(page.locator(".lesson-card[data-lesson=board] [data-lesson-progress]")).to_have_text("")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Загрузить прогресс из файла").click()
    chooser.value.set_files(files=[{"name": "progress.json", "mimeType": "application/json", "buffer": exported.encode()}])
    expect(page.locator("[data-progress-message]")).to_have_text("Прогресс загружен: 2 задачи.")
    # a three-star and a two-star puzzle: 5 stars of 6, not an average drawn as ★★★
    expect(page.locator(".lesson-card[data-lesson=board] [data-lesson-progress]")).to_contain_text("решено 2 из 8 · ★ 5 из 6")
    assert sorted(json.loads(stored(page) or "{}")["puzzles"]) == ["board-head", "board-numbers"]


@pytest.mark.parametrize("content, says", [
    (b"{not json", "файл не в формате JSON"),
    (b'{"version": 1, "puzzles": []}', "это не файл прогресса учебника"),
    (b'{"version": 7, "puzzles": {}}', "более новой версией учебника (версия формата 7)"),
    (b'{"version": 1, "puzzles": {"board-head": {"lesson": "board", "solved": true, "hints": 0, "stars": 5, "attempts": 1, "at": 0}}}',
     "у задачи «board-head» неверное поле «stars»"),
    (b'{"version": 1, "puzzles": {"__proto__": {}}}', "недопустимым именем «__proto__»"),
])
def test_a_bad_import_says_what_is_wrong_and_changes_nothing(page: Page, site_url: str, content: bytes, says: str) -> None:
    raw = store({"board-numbers": {**ENTRY, "step": 0, "due": 0}}, VERSION)  # current: a page reads it as it is
    seed(page, site_url, raw)
    page.goto(site_url + "ru/")
    expect(page.locator("[data-progress-tools]")).to_be_visible()
    page.locator("[data-progress-file]").set_input_files(files=[{"name": "x.json", "mimeType": "application/json", "buffer": content}])
    message = page.locator("[data-progress-message]")
    expect(message).to_contain_text("Не удалось загрузить прогресс: ")
    expect(message).to_contain_text(says)
    assert stored(page) == raw


def test_storage_that_refuses_access_keeps_the_page_working(page: Page, site_url: str) -> None:
    """A sandboxed or privacy-mode page: localStorage throws on every access."""
    page.add_init_script("Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });")
    solve_then_reset_the_lesson(page, site_url)

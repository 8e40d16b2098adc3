"""The settings page (templates/settings.html, static/js/settings.js, preferences.js, sounds.js): the theme, the
boards' orientation and sounds, for the whole site, kept across visits and pages, and harmless whatever storage
holds. (The whole course offline, on the same page, is in test_offline.py: it needs a service worker.)"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .axe import violations
from .pages import Puzzle

KEY = "nardy.preferences"
#: every tone the page starts, counted where Web Audio plays it (the sounds are made, not downloaded)
COUNT_TONES = """(() => {
  window.__tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
})()"""


def open_settings(page: Page, site_url: str, lang: str = "ru") -> None:
    page.goto(site_url + f"{lang}/settings/")
    expect(page.get_by_role("radio").first).to_be_enabled()


def theme(page: Page) -> str | None:
    value = page.evaluate("() => document.documentElement.getAttribute('data-theme')")
    return None if value is None else str(value)


@pytest.mark.allow_console_errors  # the modules refused on purpose
def test_the_chosen_theme_is_every_pages_before_its_scripts_run(page: Page, site_url: str) -> None:
    open_settings(page, site_url)
    expect(page.get_by_role("radio", name="Как в системе")).to_be_checked()
    assert theme(page) is None
    page.get_by_role("radio", name="Тёмное").check()
    assert theme(page) == "dark"
    assert json.loads(page.evaluate("(key) => localStorage.getItem(key)", KEY))["theme"] == "dark"
    # another page, with none of the site's modules allowed to load: the page's inline first script sets it
    page.route("**/assets/**/*.js", lambda route: route.abort())
    page.goto(site_url + "ru/lessons/board/")
    assert theme(page) == "dark"
    page.unroute("**/assets/**/*.js")
    open_settings(page, site_url, "en")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    page.get_by_role("radio", name="Light").check()
    page.reload()
    assert theme(page) == "light"
    page.get_by_role("radio", name="Same as the system").check()
    assert theme(page) is None


@pytest.mark.parametrize("raw", ['{"theme":"<img src=x>","flipped":"yes","sound":1}', "not json", "[1,2]", "null",
                                 '"dark"', '{"__proto__":{"theme":"dark"}}'])
def test_whatever_storage_holds_the_defaults_stand_in(page: Page, site_url: str, raw: str) -> None:
    page.goto(site_url + "404.html")
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [KEY, raw])
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-head").wait_ready()
    assert theme(page) is None
    expect(puzzle.svg).not_to_have_attribute("data-flipped", "true")
    open_settings(page, site_url)
    expect(page.get_by_role("radio", name="Как в системе")).to_be_checked()
    expect(page.get_by_role("radio", name="Без звука")).to_be_checked()
    page.get_by_role("radio", name="Отражённая слева направо").check()  # and the store is whole again
    assert json.loads(page.evaluate("(key) => localStorage.getItem(key)", KEY)) == {"theme": "system", "flipped": True, "sound": False}


def test_the_boards_orientation_is_the_whole_sites_and_a_flip_is_remembered(page: Page, site_url: str) -> None:
    open_settings(page, site_url)
    page.get_by_role("radio", name="Отражённая слева направо").check()
    page.goto(site_url + "ru/lessons/board/")
    first = Puzzle(page, "board-head").wait_ready()
    second = Puzzle(page, "board-first-move").wait_ready()
    expect(first.svg).to_have_attribute("data-flipped", "true")
    expect(second.svg).to_have_attribute("data-flipped", "true")
    first.button("flip").click()  # back the usual way round: for this board, the others, and the next visit
    expect(first.svg).not_to_have_attribute("data-flipped", "true")
    expect(second.svg).not_to_have_attribute("data-flipped", "true")
    page.reload()
    expect(Puzzle(page, "board-first-move").wait_ready().svg).not_to_have_attribute("data-flipped", "true")
    open_settings(page, site_url)
    expect(page.get_by_role("radio", name="Как на рисунках учебника")).to_be_checked()


def test_sounds_play_only_once_switched_on(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_TONES)
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    puzzle.play([[24, 20]])
    expect(puzzle.status).to_contain_text("Осталось")
    assert page.evaluate("() => window.__tones") == 0  # off until asked for
    open_settings(page, site_url)
    page.get_by_role("radio", name="Звуки ходов: шаг, бой, ошибка, решённая задача").check()
    page.wait_for_function("() => window.__tones > 0")  # what was switched on is heard at once
    page.goto(site_url + "ru/lessons/board/")
    puzzle = Puzzle(page, "board-first-move").wait_ready()
    puzzle.play([[24, 20]])
    page.wait_for_function("() => window.__tones === 1")  # a step: one knock
    puzzle.activate(24)  # a second checker off the head: refused
    expect(puzzle.status).to_have_text("С головы за ход можно снять только одну шашку.")
    page.wait_for_function("() => window.__tones === 3")  # a refusal: two low buzzes
    puzzle.play([[20, 18]])
    expect(puzzle.success).to_be_visible()
    page.wait_for_function("() => window.__tones === 7")  # the step, and three rising notes
    head = Puzzle(page, "board-head").wait_ready()  # a find-the-point puzzle: a wrong point is a mistake too
    head.click(1)
    expect(head.status).to_contain_text("сюда не относится")
    page.wait_for_function("() => window.__tones === 9")


@pytest.mark.browser_context_args(bypass_csp=True)  # axe is added to the page as a script
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_settings_page_has_no_accessibility_problems_in_either_theme(page: Page, site_url: str, lang: str) -> None:
    open_settings(page, site_url, lang)
    assert violations(page) == []
    page.get_by_role("radio", name="Тёмное" if lang == "ru" else "Dark").check()
    assert violations(page) == []


@pytest.mark.allow_console_errors  # the list refused on purpose
def test_without_the_course_list_the_offline_button_says_why_it_waits(page: Page, site_url: str) -> None:
    page.route("**/offline/ru.json", lambda route: route.abort())
    open_settings(page, site_url)
    expect(page.locator("[data-offline-state]")).to_have_text(
        "Сейчас нет связи: весь курс можно будет сохранить, когда она появится.")
    expect(page.get_by_role("button", name="Скачать весь курс для офлайна")).to_be_disabled()

"""The real built site in real Chromium: puzzles solved by mouse and keyboard, every reason code's
sentence, one Python boot per visit, progress across reloads, no-JS reading, embeds, console-clean pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

READY = 60_000  # ms: Pyodide boot on a loaded 2-core machine


def own_to_abs(point: int | str, mover: str) -> int | str:
    if point == "off" or mover == "white":
        return point
    point = int(point)
    return point - 12 if point > 12 else point + 12


def wait_ready(page: Page, widget: str = "[data-widget]") -> None:
    expect(page.locator(f"{widget}[data-ready]").first).to_be_attached(timeout=READY)


def first_puzzle(page: Page, tasks: tuple[str, ...]) -> tuple[str, dict]:
    for element in page.locator("[data-widget=puzzle]").all():
        config = json.loads(element.get_attribute("data-config"))
        if config["task"] in tasks and config["solution"]:
            return f"#puzzle-{config['id']}", config
    raise AssertionError(f"no puzzle with task in {tasks} on {page.url}")


def point(page: Page, scope: str, absolute: int | str):
    if absolute == "off":
        return page.locator(f"{scope} svg .nb-tray").first
    return page.locator(f"{scope} svg [data-point='{absolute}']")


# --- solving puzzles ---------------------------------------------------------------------------


def test_puzzle_solved_with_the_mouse(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/head/")
    scope, config = first_puzzle(page, ("only", "play", "best"))
    wait_ready(page, scope)
    mover = "black" if config["position"].startswith("b") else "white"
    for src, dst in config["solution"]:
        point(page, scope, own_to_abs(src, mover)).click()
        point(page, scope, own_to_abs(dst, mover)).click()
    success = page.locator(f"{scope} [data-success]")
    expect(success).to_be_visible()
    expect(success).to_contain_text("Верно")


def test_puzzle_solved_with_the_keyboard_only(page: Page, site_url: str) -> None:
    """From the top of the page: Tab into the board, arrows to a point, Enter to pick up and to put down."""
    page.goto(site_url + "en/lessons/head/")
    _, config = first_puzzle(page, ("only", "play", "best"))
    page.goto(f"{site_url}en/puzzles/{config['id']}/")
    scope = f"#puzzle-{config['id']}"
    wait_ready(page, scope)
    mover = "black" if config["position"].startswith("b") else "white"
    svg = page.locator(f"{scope} svg")
    for _ in range(40):  # the roving point (the side to move's head) is the board's one Tab stop
        page.keyboard.press("Tab")
        if svg.locator("[data-point]:focus").count():
            break
    assert svg.locator("[data-point]:focus").count() == 1
    for src, dst in config["solution"]:
        for target in (own_to_abs(src, mover), own_to_abs(dst, mover)):
            for _ in range(30):
                current = svg.locator("[data-point]:focus").get_attribute("data-point")
                if str(current) == str(target):
                    break
                label = int(svg.locator("[data-point]:focus").get_attribute("data-label"))
                wanted = int(svg.locator(f"[data-point='{target}']").get_attribute("data-label"))
                page.keyboard.press(_arrow_towards(label, wanted))
            assert svg.locator("[data-point]:focus").get_attribute("data-point") == str(target)
            page.keyboard.press("Enter")
    expect(page.locator(f"{scope} [data-success]")).to_be_visible()
    expect(page.locator(f"{scope} [data-success]")).to_be_focused()  # the success message takes the focus


def _arrow_towards(label: int, wanted: int) -> str:
    """Arrow key that moves the focus one point along the drawn board towards the wanted label."""
    top = lambda n: n >= 13  # noqa: E731 - labels 13..24 are drawn left to right along the top row
    if top(label) != top(wanted):
        return "ArrowDown" if top(label) else "ArrowUp"
    if top(label):
        return "ArrowRight" if wanted > label else "ArrowLeft"
    return "ArrowLeft" if wanted > label else "ArrowRight"


# --- every reason code a learner can reach, as a sentence --------------------------------------

REASONS = [
    # (position, dice, clicks on absolute points, expected Russian sentence, marked point and mark kind)
    pytest.param("w/24:14,13/24:15", "2-1", [("click", 13), ("click", 12)], "занят соперником", (12, "error"), id="OCCUPIED"),
    pytest.param("w/24:15/24:15", "6-5", [("click", 24), ("click", 18), ("click", 24)], "только одну шашку", (24, "error"), id="HEAD_LIMIT"),
    pytest.param("w/24:9,11,10,9,8,7:2/24:15", "5-1", [("click", 7), ("click", 6)], "блок", (6, "block"), id="SIX_BLOCK"),
    pytest.param("w/13,1:14/24:14,14", "6-5", [("click", 13), ("click", 8)], "обязательно больший", None, id="MUST_USE_LARGER"),
    pytest.param("w/13,1:14/24:14,20", "6-5", [("click", 13), ("click", 7), ("confirm", None)], "весь бросок", None, id="MUST_USE_BOTH"),
    pytest.param("w/7,1:14/24:15", "6-1", [("click", 1)], "все шашки дома", (7, "error"), id="NOT_ALL_HOME"),
    pytest.param("w/6,2,off:13/24:15", "5-3", [("click", 2)], "выше ещё стоят шашки", (6, "error"), id="BEAR_OFF_HIGHER_OCCUPIED"),
]

MARK_WORDS = {"error": "ошибка", "block": "блок"}


@pytest.mark.parametrize("position,dice,actions,sentence,mark", REASONS)
def test_illegal_step_shows_its_rule(page: Page, site_url: str, position: str, dice: str, actions: list, sentence: str, mark) -> None:
    page.goto(f"{site_url}ru/play/?pos={position}&dice={dice}")
    wait_ready(page, "[data-widget=free]")
    for kind, target in actions:
        if kind == "click":
            point(page, "[data-widget=free]", target).click()
        else:
            page.locator("[data-widget=free] [data-action=confirm]").click()
    status = page.locator("[data-widget=free] [data-status]")
    expect(status).to_contain_text(sentence)
    if mark:
        marked = point(page, "[data-widget=free]", mark[0])
        expect(marked).to_have_class(re.compile(rf"\bmark-{mark[1]}\b"))
        expect(marked).to_have_attribute("aria-label", re.compile(MARK_WORDS[mark[1]]))


def test_bad_position_in_the_url_shows_a_message_not_a_blank_page(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}en/play/?pos=w/24:14/24:15")
    status = page.locator("[data-widget=free] [data-status]")
    expect(status).to_contain_text("cannot be read", timeout=READY)
    expect(status).to_contain_text("14 checkers")
    expect(page.locator("[data-widget=free] svg [data-point]")).to_have_count(24)


# --- one boot per visit, progress, no-JS, embeds ------------------------------------------------


def test_next_lesson_does_not_load_python_again(page: Page, site_url: str) -> None:
    wasm_requests: list[str] = []
    page.on("request", lambda r: wasm_requests.append(r.url) if r.url.endswith(".wasm") else None)
    page.goto(site_url + "ru/lessons/head/")
    wait_ready(page)
    page.locator("a[rel=next]").click()
    expect(page).to_have_url(re.compile(r"/ru/lessons/first-roll/$"))
    wait_ready(page)
    assert len(wasm_requests) == 1, wasm_requests


def test_progress_survives_a_reload(page: Page, site_url: str) -> None:
    page.goto(site_url + "ru/lessons/board/")
    scope = "#puzzle-board-head"
    wait_ready(page)
    point(page, scope, 24).click()
    expect(page.locator(f"{scope} [data-success]")).to_be_visible()
    page.reload()
    expect(page.locator(f"{scope} [data-solved-mark]")).to_be_visible()
    page.goto(site_url + "ru/")
    expect(page.locator(".lesson-card[data-lesson=board] [data-lesson-progress]")).to_contain_text("решено 1")


def test_lesson_reads_without_javascript(browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + "ru/lessons/head/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator(".lesson-body p").first).to_be_visible()
    boards = page.locator(".lesson-body svg")
    assert boards.count() >= 1
    expect(boards.first.locator("[data-point]")).to_have_count(24)
    expect(page.locator("[data-answer-box]").first).to_be_attached()
    context.close()


def test_embed_talks_to_a_third_party_page(page: Page, site_url: str, tmp_path: Path) -> None:
    from builder.serve import served

    (tmp_path / "index.html").write_text(
        "<!doctype html><title>host</title><link rel=icon href='data:,'><p>Someone else's page</p>"
        f"<iframe id=f src='{site_url}embed/en/board-head.html' width=600 height=600></iframe>"
        "<ol id=log></ol><script>addEventListener('message', e => {"
        "if (e.data && String(e.data.type).startsWith('nardy:')) {const li = document.createElement('li');"
        "li.textContent = e.data.type; document.getElementById('log').append(li);}});</script>",
        encoding="utf-8",
    )
    with served(tmp_path) as host_url:
        page.goto(host_url + "index.html")
        expect(page.locator("#log")).to_contain_text("nardy:ready", timeout=READY)
        frame = page.frame_locator("#f")
        expect(frame.locator("[data-widget][data-ready], [data-widget=puzzle]").first).to_be_attached()
        frame.locator("svg [data-point='24']").click()
        expect(page.locator("#log")).to_contain_text("nardy:solved")


def test_every_built_page_opens_without_console_errors(browser, site_url: str, built_site: Path) -> None:
    """Every page loads and mounts cleanly. To keep this quick the Python runtime's files are held back
    (its boot stays pending, as on a slow line); full boots are checked on one page of each kind below."""
    from .conftest import ConsoleErrors

    context = browser.new_context(service_workers="block")
    held = []
    context.route("**/pyodide/**", lambda route: held.append(route))
    page = context.new_page()
    errors = ConsoleErrors()
    errors.attach(page)
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 20
    for relative in pages:
        page.goto(site_url + relative.removesuffix("index.html"), wait_until="load")
        if relative != "index.html":  # the root redirects to a language
            expect(page.locator("main")).to_be_visible()
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("path", ["ru/", "ru/lessons/head/", "en/puzzles/board-head/", "embed/ru/board-home.html", "en/rules/", "ru/play/?pos=w/24:15/24:15&dice=6-5"])
def test_each_kind_of_page_boots_python_without_console_errors(page: Page, site_url: str, path: str) -> None:
    page.goto(site_url + path)
    if page.locator("[data-widget]").count():
        expect(page.locator("html[data-runtime=ready]")).to_be_attached(timeout=READY)
    expect(page.locator("main")).to_be_visible()


def test_works_offline_once_loaded(page: Page, site_url: str) -> None:
    page.goto(site_url + "en/lessons/head/")
    wait_ready(page)
    page.wait_for_timeout(500)  # let the service worker finish caching what the first visit fetched
    page.reload()
    wait_ready(page)  # the second load is controlled by the service worker, which keeps a copy
    page.wait_for_timeout(1000)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("h1")).to_be_visible()
        wait_ready(page)
    finally:
        page.context.set_offline(False)


def solve(page: Page, scope: str, config: dict) -> None:
    """Solve one puzzle the way a learner would: clicks on points, dice-free moves, answer buttons."""
    task = config["task"]
    if task in ("only", "play", "best", "bearoff"):
        mover = "black" if config["position"].startswith("b") else "white"
        for src, dst in config["solution"]:
            point(page, scope, own_to_abs(src, mover)).click()
            if dst == "off":
                page.locator(f"{scope} svg .nb-tray[data-side={mover}]").click()
            else:
                point(page, scope, own_to_abs(dst, mover)).click()
    elif task == "click":
        for target in config["targets"]:
            point(page, scope, target).click()
    elif task == "quiz":
        page.locator(f"{scope} [data-answer={config['quiz']['answer']}]").click()
    elif task == "score":
        page.locator(f"{scope} [data-answer='{config['quiz']['answer']}']").click()


def test_every_puzzle_of_the_course_can_be_solved_in_the_browser(page: Page, site_url: str) -> None:
    """Walk the whole Russian course lesson by lesson (one Python boot) and solve every puzzle by its answer."""
    page.goto(site_url + "ru/lessons/board/")
    solved = 0
    while True:
        wait_ready(page)
        for element in page.locator("[data-widget=puzzle]").all():
            config = json.loads(element.get_attribute("data-config"))
            scope = f"#puzzle-{config['id']}"
            expect(page.locator(f"{scope}[data-ready]")).to_be_attached(timeout=READY)
            solve(page, scope, config)
            expect(page.locator(f"{scope} [data-success]"), f"puzzle {config['id']}").to_be_visible()
            solved += 1
        following = page.locator("a[rel=next]")
        if not following.count():
            break
        slug = following.get_attribute("href").strip("./")
        following.click()
        expect(page.locator(f"article.lesson[data-lesson='{slug}']")).to_be_attached()
    assert solved >= 20


def test_free_board_game_against_the_computer(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}en/play/?pos=w/24:15/24:15&dice=6-5")
    scope = "[data-widget=free]"
    wait_ready(page, scope)
    point(page, scope, 24).click()
    point(page, scope, 13).click()  # both dice in one move: 24/18/13
    page.locator(f"{scope} [data-action=confirm]").click()
    status = page.locator(f"{scope} [data-status]")
    expect(status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY)
    expect(page.locator(f"{scope} [data-share-link]")).to_have_attribute("href", re.compile(r"pos=w%2F24%3A14%2C13%2F"))
    # the board now shows White's moved checker and Black's reply; White is to move again
    expect(point(page, scope, 13)).to_have_attribute("aria-label", re.compile(r"Point 13, 1 white checker"))


def test_hints_then_solution_played_step_by_step(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")  # the solution then plays without pauses
    page.goto(site_url + "en/puzzles/head-first-move/")
    scope = "#puzzle-head-first-move"
    wait_ready(page, scope)
    hints = page.locator(f"{scope} [data-hints] li")
    for shown in (1, 2, 3):
        page.locator(f"{scope} [data-action=hint]").click()
        expect(hints).to_have_count(shown)
    page.locator(f"{scope} [data-action=hint]").click()  # the last hint is on the board
    expect(point(page, scope, 24)).to_have_class(re.compile(r"\bmark-hint\b"))
    expect(page.locator(f"{scope} [data-action=hint]")).to_be_disabled()
    solution = page.locator(f"{scope} [data-action=solution]")
    expect(solution).to_be_visible()
    solution.click()
    expect(point(page, scope, 13)).to_have_attribute("aria-label", re.compile(r"Point 13, 1 white checker"))
    expect(page.locator(f"{scope} [data-answer-box]")).to_be_visible()
    expect(page.locator(f"{scope} [data-success]")).to_be_hidden()  # seeing the solution is not solving


def test_reset_a_lesson_asks_first(page: Page, site_url: str) -> None:
    page.goto(site_url + "en/lessons/board/")
    wait_ready(page)
    point(page, "#puzzle-board-head", 24).click()
    expect(page.locator("#puzzle-board-head [data-solved-mark]")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("[data-reset-lesson]").click()
    expect(page.locator("#puzzle-board-head [data-solved-mark]")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-reset-lesson]").click()
    expect(page.locator("#puzzle-board-head [data-solved-mark]")).to_be_hidden()
    page.reload()
    expect(page.locator("#puzzle-board-head [data-solved-mark]")).to_be_hidden()


def test_view_from_the_other_side_and_mirror(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}en/play/?pos=b/24:14,13/24:15&dice=6-5")
    scope = "[data-widget=free]"
    wait_ready(page, scope)
    head = point(page, scope, 12)  # Black's head is White's 12
    expect(head).to_have_attribute("aria-label", re.compile(r"^Point 12, 15 black checkers"))
    page.locator(f"{scope} [data-action=perspective]").click()
    expect(head).to_have_attribute("aria-label", re.compile(r"^Point 24, 15 black checkers"))
    expect(page.locator(f"{scope} [data-action=perspective]")).to_have_text("View as White")
    page.locator(f"{scope} [data-action=flip]").click()
    expect(page.locator(f"{scope} svg")).to_have_attribute("data-flipped", "true")
    # still playable from the new seat: Black's 24/18 is the same move
    point(page, scope, 12).click()
    point(page, scope, 6).click()
    expect(page.locator(f"{scope} [data-status]")).to_contain_text("24 → 18")


def test_free_board_takes_a_rule_variant_from_the_address(page: Page, site_url: str) -> None:
    scope = "[data-widget=free]"
    position = "w/14,9,8,7,6,5:10/24:15"  # case K06: 14/10 would close 10-5 for a moment
    page.goto(f"{site_url}en/play/?pos={position}&dice=4-2")
    wait_ready(page, scope)
    point(page, scope, 14).click()  # by default 14 has no legal move: the board says which rule stops it
    expect(page.locator(f"{scope} [data-status]")).to_contain_text("block")
    page.goto(f"{site_url}en/play/?pos={position}&dice=4-2&rules=" + '{"block_timing":"end"}')
    wait_ready(page, scope)
    point(page, scope, 14).click()
    point(page, scope, 10).click()
    expect(page.locator(f"{scope} [data-status]")).to_contain_text("14 → 10")
    page.goto(f"{site_url}en/play/?pos={position}&rules=" + '{"block":"sometimes"}')
    expect(page.locator(f"{scope} [data-status]")).to_contain_text("rules in the address cannot be read", timeout=READY)

"""The free board: any position from the address, a game against the computer in both games, rule variants
for a teacher's demonstration, the other side's seat, and short nardy's hits, entering and cube."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .pages import READY_MS, FreeBoard, light


def test_game_against_the_computer(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, pos="w/24:15/24:15", dice="6-5")
    board.wait_ready()
    board.click(24)
    board.click(13)  # both dice in one move: 24/18/13
    board.button("confirm").click()
    # Black's first play leaves its head, which is the board's 12: said in the numbers the board shows
    expect(board.status).to_contain_text(re.compile(r"The computer rolled [1-6]-[1-6]: 12/"), timeout=READY_MS)
    expect(board.root.locator("[data-share-link]")).to_have_attribute("href", re.compile(r"pos=w%2F24%3A14%2C13%2F"))
    # the board now shows White's moved checker and Black's reply; White is to move again
    expect(board.point(13)).to_have_attribute("aria-label", re.compile(r"Point 13, 1 white checker"))


def test_the_turn_waits_for_the_learner_and_the_controls_follow_the_phase(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, pos="w/24:14,13/24:15", dice="6-5")
    board.wait_ready()
    expect(board.button("roll")).to_be_hidden()  # the dice are thrown: the turn's own buttons instead
    expect(board.button("undo")).to_be_visible()
    board.play([[24, 18], [18, 13]])
    expect(board.status).to_have_text("18 → 13. Played: 24/18 18/13. Press “End turn” (or undo a step).")
    board.button("undo").click()  # a last step clicked by mistake is taken back: nothing was played yet
    expect(board.status).to_have_text("Choose a checker: press a point.")
    expect(board.point(18)).to_have_attribute("aria-label", re.compile("1 white checker"))  # 24/18 still stands
    board.play([[13, 8]])  # the 5 with the other checker instead
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(board.button("roll")).to_be_visible()  # the learner's roll now
    expect(board.button("undo")).to_be_hidden()
    expect(board.button("confirm")).to_be_hidden()


def test_on_a_phone_the_board_comes_first(page: Page, site_url: str) -> None:
    # the finding: the board began some 650 px down a 740 px phone screen, under the page's lead,
    # the projector's button and the choice of a new game
    page.set_viewport_size({"width": 360, "height": 740})
    board = FreeBoard(page).open(site_url, "ru")
    board.wait_ready()
    expect(board.svg).to_be_in_viewport(ratio=1)
    expect(board.status).to_be_in_viewport()
    choice, controls = board.root.locator(".game-choice").bounding_box(), board.root.locator("[data-controls]").bounding_box()
    assert choice and controls and choice["y"] > controls["y"], "the choice of a new game comes after the game's controls"


def test_bad_position_in_the_url_shows_a_message_not_a_blank_page(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, pos="w/24:14/24:15")
    expect(board.alert).to_contain_text("cannot be read", timeout=READY_MS)
    expect(board.alert).to_contain_text("14 checkers")
    expect(board.alert).to_contain_text("Correct the Position field below the board and press Show")
    expect(board.svg.locator(".nb-point")).to_have_count(24)


@pytest.mark.parametrize("width", [360, 1280])
def test_a_bad_address_is_said_first_in_the_board_area_on_screen(page: Page, site_url: str, width: int) -> None:
    # the finding: the message came below the board, off screen on a phone and at a projector
    page.set_viewport_size({"width": width, "height": 720})
    board = FreeBoard(page).open(site_url, "ru", pos="w/24:14/24:15")
    expect(board.alert).to_be_visible(timeout=READY_MS)
    expect(board.alert).to_be_in_viewport()
    alert, svg = board.alert.bounding_box(), board.svg.bounding_box()
    assert alert and svg and alert["y"] + alert["height"] <= svg["y"], (alert, svg)
    assert alert["x"] >= 0 and alert["x"] + alert["width"] <= width
    expect(board.status).to_have_text("")  # the game's status line does not repeat it
    board.button("new-game").click()
    expect(board.alert).to_be_hidden(timeout=READY_MS)


def test_a_bad_short_position_shows_the_short_start(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "ru", game="short", pos="short:zz")
    expect(board.alert).to_contain_text("short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", timeout=READY_MS)
    expect(board.alert).not_to_contain_text("w/24:15/24:15")


def test_the_header_follows_the_game_on_the_board(page: Page, site_url: str) -> None:
    """The free board is one page for every game: its header names the game on the board as current and links
    to that game's course, puzzles and rules, also after a new game of another game is started in the page."""
    FreeBoard(page).open(site_url, "ru", game="short")
    header = page.locator(".site-header")
    current = header.locator(".game-menu a[aria-current=true]")
    expect(current).to_have_count(1)
    expect(current).to_have_text("Короткие нарды")
    expect(header.locator(".game-menu summary")).to_have_accessible_name("Игры: Короткие нарды")
    expect(header.get_by_role("link", name="Курс", exact=True)).to_have_attribute("href", re.compile(r"/ru/short/$"))
    expect(header.get_by_role("link", name="Задачи", exact=True)).to_have_attribute("href", re.compile(r"/ru/short/puzzles/$"))
    expect(header.get_by_role("link", name="Правила", exact=True)).to_have_attribute("href", re.compile(r"/ru/short/rules/$"))
    page.locator("[data-choose-game=long]").click()
    expect(current).to_have_text("Длинные нарды")
    expect(header.locator(".game-menu summary")).to_have_accessible_name("Игры: Длинные нарды")
    expect(header.get_by_role("link", name="Курс", exact=True)).to_have_attribute("href", re.compile(r"/ru/$"))


def test_the_other_language_opens_the_same_game_on_the_board(page: Page, site_url: str) -> None:
    """«English» on the free board keeps what the address asks for: the game on the board, its position."""
    board = FreeBoard(page).open(site_url, "ru", game="short")
    expect(board.root).to_have_attribute("data-game", "short")
    page.locator(".lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/play/\?game=short"))
    expect(page.locator(".game-menu a[aria-current=true]")).to_have_text("Short nardy")
    expect(FreeBoard(page).root).to_have_attribute("data-game", "short")


@pytest.mark.parametrize("position,words", [
    ("w/24:14/24:15", "у белых всего 14 шашек, а их 15"),
    ("w/24:15/24:16", "у чёрных 16 шашек, а больше 15 не бывает"),
    ("w/off:15/off:15", "обе стороны уже выбросили все шашки"),
    ("w/２４:15/24:15", "запись не разобрать"),  # full-width digits are not digits here
])
def test_a_bad_position_is_explained_in_the_pages_language(page: Page, site_url: str, position: str, words: str) -> None:
    board = FreeBoard(page).open(site_url, "ru", pos=position)
    expect(board.alert).to_contain_text("Позиция в адресе не читается: " + words, timeout=READY_MS)
    expect(board.alert).not_to_contain_text("Traceback")


def test_a_rule_variant_from_the_address(page: Page, site_url: str) -> None:
    position = "w/14,9,8,7,6,5:10/24:15"  # case K06: 14/10 would close 10-5 for a moment
    board = FreeBoard(page).open(site_url, pos=position, dice="4-2")
    board.wait_ready()
    board.click(14)  # by default 14 has no legal move: the board says which rule stops it
    expect(board.status).to_contain_text("block")
    board.open(site_url, pos=position, dice="4-2", rules='{"block_timing":"end"}')
    board.wait_ready()
    board.click(14)
    board.click(10)
    expect(board.status).to_contain_text("14 → 10")
    board.open(site_url, pos=position, rules='{"block":"sometimes"}')
    expect(board.alert).to_contain_text("rules in the address cannot be read", timeout=READY_MS)
    expect(board.alert).to_contain_text("The New game button starts a game with the usual rules.")


def test_view_from_the_other_side_and_mirror(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, pos="b/24:14,13/24:15", dice="6-5")
    board.wait_ready()
    head = board.point(12)  # Black's head is White's 12
    expect(head).to_have_attribute("aria-label", re.compile(r"^Point 12, 15 black checkers"))
    board.button("perspective").click()
    expect(head).to_have_attribute("aria-label", re.compile(r"^Point 24, 15 black checkers"))
    expect(board.button("perspective")).to_have_text("View as White")
    board.button("flip").click()
    expect(board.svg).to_have_attribute("data-flipped", "true")
    board.click(12)  # still playable from the new seat: Black's 24/18 is the same move
    board.click(6)
    expect(board.status).to_contain_text("24 → 18")


def test_short_nardy_hit_and_entry(page: Page, site_url: str) -> None:
    # White hits Black's blot on White's 7 (Black's own 18); Black then enters from the bar
    board = FreeBoard(page).open(site_url, pos="short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:4,18", dice="6-5")
    board.wait_ready()
    expect(board.svg).to_have_attribute("data-game", "short")
    board.click(13)
    board.click(7)
    expect(board.status).to_contain_text("13 → 7, hitting")
    expect(board.point("bar", "black")).to_have_attribute("aria-label", "Bar: 1 black checker")
    board.click(13)
    board.click(8)
    board.button("confirm").click()
    # the computer (Black) must enter before anything else: its reply starts from the bar
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled [1-6]-[1-6]: bar/|has no move)"), timeout=READY_MS)


def test_short_nardy_cube_offer_and_take(page: Page, site_url: str) -> None:
    # an even race: White (the learner) doubles before rolling; the computer, a little behind, takes
    board = FreeBoard(page).open(site_url, pos="short:w/6:4,5:4,4:3,off:4/6:5,5:3,4:3,off:4", rules=json.dumps({"cube": True}))
    board.wait_ready()
    cube = board.svg.locator(".nb-cube")
    expect(cube).to_have_attribute("aria-label", "Doubling cube: 1, in the middle")
    expect(board.button("double")).to_be_visible()
    board.button("double").click()
    expect(board.status).to_contain_text("The computer took the double.", timeout=READY_MS)
    expect(cube).to_have_attribute("aria-label", "Doubling cube: 2, owned by Black")
    expect(cube).to_have_attribute("data-place", "top")
    expect(board.button("double")).to_be_hidden()  # the cube is Black's now
    expect(board.button("roll")).to_be_visible()


def test_short_nardy_the_computer_offers_a_double_and_the_learner_takes(page: Page, site_url: str) -> None:
    # White (the learner) is far behind in the race; after White's turn the computer (Black) doubles before its roll
    board = FreeBoard(page).open(site_url, pos="short:w/6:5,5:5,4:5/3:5,2:5,1:5", dice="6-5", rules=json.dumps({"cube": True}))
    board.wait_ready()
    board.play([[6, "off"], [5, "off"]])
    board.button("confirm").click()
    # the status line says who doubled (the finding: it spoke of "your opponent" only)
    expect(board.status).to_have_text("The computer doubles to 2: take or drop?", timeout=READY_MS)
    cube = board.svg.locator(".nb-cube")
    expect(cube).to_have_attribute("aria-label", "Black offers a double to 2")
    expect(board.button("drop")).to_be_visible()
    board.button("take").click()
    expect(cube).to_have_attribute("aria-label", "Doubling cube: 2, owned by White", timeout=READY_MS)
    expect(board.button("take")).to_be_hidden()
    expect(board.status).to_contain_text(re.compile(r"The computer rolled [1-6]-[1-6]"), timeout=READY_MS)


def test_a_hit_by_the_computer_is_said_in_words(page: Page, site_url: str) -> None:
    # Black enters from the bar into White's home, where a white blot stands on every point: any roll hits
    board = FreeBoard(page).open(site_url, pos="short:w/13:8,7,6,5,4,3,2,1/6:14,bar", dice="6-5")
    board.wait_ready()
    page.emulate_media(reduced_motion="reduce")
    board.play([[13, 7], [13, 8]])
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer rolled [1-6]-[1-6]: bar/\d+\*.*It hit your checkers? on points? \d"),
                                         timeout=READY_MS)


def test_gulbara_a_cascade_is_played_stage_by_stage_and_the_rest_goes_to_the_computer(page: Page, site_url: str) -> None:
    """гюльбар on the free board: a 5-5 of a game under way cascades (5s, then 6s); a 6 first is refused by the
    stage's rule, the status line says which stage is played, and the six nothing can play goes to the computer,
    which plays it before its own roll."""
    board = FreeBoard(page).open(site_url, game="gulbara", pos="gulbara:w/24:14,20/24:13,16,5", dice="5-5")
    board.wait_ready()
    expect(board.status).to_contain_text("Cascade: 5-5 now, then 6-6.", timeout=READY_MS)
    board.play([[24, 18]])
    expect(board.status).to_contain_text("finish the 5-5 stage first")
    board.play([[24, 19], [20, 15], [15, 10], [10, 5]])
    expect(board.status).to_contain_text("Cascade: 6-6 after 5-5, the last stage.")
    board.play([[19, 13], [13, 7], [7, 1]])
    expect(board.status).to_contain_text("Black plays the unplayed 6.")
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer rolled [1-6]-[1-6]"), timeout=READY_MS)


def test_tavla_a_checker_that_hits_at_home_stays_and_the_board_says_why(page: Page, site_url: str) -> None:
    """тавла on the free board: 8/5* hits in White's home, so that checker may not go on (5/3 is refused by its
    rule, named); another checker plays the 2, and the computer answers from the bar."""
    board = FreeBoard(page).open(site_url, game="tavla", pos="tavla:w/8,6:2,1:12/20,13:14", dice="3-2")
    board.wait_ready()
    board.play([[8, 5]])
    board.play([[5, 3]])
    expect(board.status).to_contain_text("a checker that hit in your home stays there for the rest of the turn (point 5)")
    board.play([[6, 4]])
    board.button("confirm").click()
    # the tutor holds the turn: hitting here leaves the hitter a blot it may not move on (a blunder, by the engine)
    keep = board.root.locator(light("[data-action=keep]"))
    expect(keep).to_be_visible(timeout=READY_MS)
    expect(board.root.locator(light("[data-tutor]"))).to_contain_text("6/3 8/6")
    keep.click()
    # (1-1 alone cannot enter: White holds the 1-point)
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled [1-6]-[1-6]: bar/|has no move with 1-1)"),
                                         timeout=READY_MS)


def test_fevga_the_runner_goes_first_and_the_board_says_why(page: Page, site_url: str) -> None:
    """февга on the free board: with the runner on 13 short of Black's start, a head checker is refused by the
    runner rule, named; the runner's 13/11 passes the start and frees the head for the 5."""
    board = FreeBoard(page).open(site_url, game="fevga", pos="fevga:w/24:14,13/24:14,16", dice="5-2")
    board.wait_ready()
    board.play([[24, 19]])
    expect(board.status).to_contain_text("only one checker moves: the one that has already left the head")
    board.play([[13, 11], [24, 19]])
    expect(board.status).to_contain_text("13/11 24/19")
    board.button("confirm").click()
    # (Black's runner on its 16 is stopped by White's head with a 4-4, and the runner rule holds its head)
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled [1-6]-[1-6]|has no move with)"), timeout=READY_MS)


#: what the status line says once the learner's turn is ready to be played (or has nothing to play)
TURN_READY = re.compile(r"Choose a checker|can be played|has no move|no move|Press")
#: what it says once the game waits for the learner (to roll, or to play what was thrown or handed over) or is over
LEARNERS_MOVE = re.compile(r"Game over|roll the dice|Choose a checker|can be played|no move")


#: the learner's turn is on the board: a checker may be chosen, or the status says nothing can be played
TURN_DRAWN = """() => {
  const root = document.querySelector('[data-widget=free]');
  return root.querySelector('.nb-point.is-selectable') !== null
    || /can be played|no move|Game over|roll the dice/.test(root.querySelector('[data-status]').textContent);
}"""


def play_out_turn(board: FreeBoard) -> None:
    """Play whatever the dice allow, step by step as a learner would: a checker that may move, then the first
    place the board marks for it; then end the turn, and wait until the board has taken it."""
    expect(board.status).to_contain_text(TURN_READY, timeout=READY_MS)
    # the roll's sentence comes before the turn's state: wait until its checkers may be chosen (or it has none)
    board.page.wait_for_function(TURN_DRAWN, timeout=READY_MS)
    selectable = board.svg.locator(light(".nb-point.is-selectable"))
    while selectable.count():
        before = board.status.inner_text()
        selectable.first.click()
        expect(board.status).not_to_have_text(before)  # the checker chosen is said ...
        chosen = board.status.inner_text()
        board.svg.locator(light(".is-destination")).first.click()
        expect(board.status).not_to_have_text(chosen)  # ... then the step played: the board has taken it
    if board.button("confirm").is_visible():
        board.button("confirm").click()
    expect(board.status).not_to_contain_text(TURN_READY, timeout=READY_MS)


@pytest.mark.parametrize("game", ["gulbara", "crazy", "american", "tavla", "fevga"])
def test_a_game_of_a_variant_against_the_computer_to_its_end(page: Page, site_url: str, game: str) -> None:
    """Near the end of a game of each variant: White (the learner) bears off, the computer answers (in гюльбар
    and бешеные нарды a double of its may cascade, and hand the learner what it cannot play), the learner rolls
    and plays whatever comes, until the game is over and scored."""
    board = FreeBoard(page).open(site_url, game=game, pos=f"{game}:w/3,2,1,off:12/6:5,5:5,4:5", dice="2-1")
    board.wait_ready()
    page.emulate_media(reduced_motion="reduce")
    board.play([[2, "off"], [1, "off"]])
    board.button("confirm").click()
    expect(board.status).not_to_contain_text(TURN_READY, timeout=READY_MS)
    for _ in range(12):
        expect(board.status).to_contain_text(LEARNERS_MOVE, timeout=READY_MS)
        if "Game over" in board.status.inner_text():
            break
        if board.button("roll").is_visible():
            board.button("roll").click()
        play_out_turn(board)
    expect(board.status).to_contain_text(re.compile(r"Game over: (White|Black) won"), timeout=READY_MS)

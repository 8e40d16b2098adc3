"""The board editor on the free board (issue 11, item 2): any position of the course opens from the address
and comes back to it unchanged; checkers are put, taken and dragged with the mouse and the keyboard; every
setup nardy_core refuses is said with its reason; the rules variant is always shown; and «Играть с этой
позиции» plays on with the computer moving only when asked."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from builder.phases import Course
from builder.problems import Problem
from nardy_core import Game, Position
from nardy_core.api import call

from .pages import READY_MS, Editor


@pytest.fixture(scope="module")
def course_positions(project_course: tuple[Course, list[Problem]]) -> list[tuple[str, str]]:
    """A spread of the course's positions: both games, either side to move, the bar, a finished game, a variant."""
    course = project_course[0]
    setups = [part.setup for data in course.games.values() for lesson in data.lessons["ru"].values()
              for part in lesson.parts if hasattr(part, "setup")]
    chosen: dict[str, tuple[str, dict[str, object]]] = {}
    for setup in setups:
        position, rules = setup.position, setup.rules.to_dict()
        kinds = [position.game.value, position.to_move.value]
        if position.bar(position.to_move) or position.bar(position.to_move.other):
            kinds.append("bar")
        if position.winner():
            kinds.append("finished")
        if rules:
            kinds.append("variant")
        for kind in kinds:
            chosen.setdefault(kind, (position.notation(), rules))
    assert {"long", "short", "white", "black", "bar", "finished", "variant"} <= set(chosen), set(chosen)
    return sorted({(notation, json.dumps(rules)) for notation, rules in chosen.values()})


def test_course_positions_round_trip_through_the_address(page: Page, site_url: str, course_positions: list[tuple[str, str]]) -> None:
    editor = Editor(page)
    for notation, rules_text in course_positions:
        rules = json.loads(rules_text)
        params = {"pos": notation, **({"rules": rules_text} if rules else {})}
        editor.open_editor(site_url, "ru", **params)
        expect(editor.notation).to_have_value(notation)
        board = call("describe", {"position": notation})["board"]
        model = editor.model()
        assert (model["points"], model["bar"], model["to_move"]) == (board["points"], board["bar"], board["to_move"]), notation
        # the address the editor keeps opens the same position again, as does the link it gives
        address, link = page.url, editor.link()
        assert "edit=1" in address and "edit" not in link
        page.goto(address)
        expect(editor.notation).to_have_value(notation, timeout=READY_MS)
        if rules:
            expect(editor.rules_line).to_contain_text("Правила изменены")


def test_a_setup_made_by_hand_is_kept_in_the_address(page: Page, site_url: str) -> None:
    editor = Editor(page).open_editor(site_url)
    editor.point(24).click(button="right")
    editor.point(13).click()
    expect(editor.notation).to_have_value("w/24:14,13/24:15")
    expect(editor.said).to_have_text("Point 13, 1 white checker")
    editor.choose_mover("black")
    editor.die("first").select_option("6")
    editor.die("second").select_option("3")
    expect(editor.notation).to_have_value("b/24:14,13/24:15")
    expect(page).to_have_url(re.compile(r"dice=6-3"))
    page.reload()
    expect(editor.notation).to_have_value("b/24:14,13/24:15", timeout=READY_MS)
    expect(editor.die("first")).to_have_value("6")
    assert [d["value"] for d in editor.model()["dice"]] == [6, 3]  # type: ignore[index]


def test_checkers_are_set_with_the_keyboard_and_by_dragging(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})  # the whole board on screen: a drag ends on its trays
    editor = Editor(page).open_editor(site_url, "ru")
    editor.point(24).focus()
    page.keyboard.press("Delete")
    # one white checker off the board is one borne off, which long nardy allows only once all are home
    expect(editor.said).to_have_text(re.compile(r"^Пункт 24, 14 белых шашек"))
    expect(editor.verdict).to_contain_text("не все остальные в доме")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(editor.notation).to_have_value("w/24:14,23/24:15")
    editor.drag(editor.point(23), editor.point(20))
    expect(editor.notation).to_have_value("w/24:14,20/24:15")
    editor.drag(editor.point(20), editor.point("off", "white"))
    expect(editor.point("off", "white")).to_have_attribute("aria-label", re.compile(r": 1$"))
    expect(editor.verdict).to_contain_text("уже выброшена 1 шашка")
    editor.drag(editor.point("off", "white"), editor.point(20))
    expect(editor.notation).to_have_value("w/24:14,20/24:15")
    # a checker dropped on a point of the other colour stays where it was, and the editor says why
    editor.drag(editor.point(20), editor.point(12))
    expect(editor.said).to_contain_text("Пункт 12 занят чёрными")
    expect(editor.notation).to_have_value("w/24:14,20/24:15")


def test_every_setup_nardy_core_refuses_is_said_with_its_reason(page: Page, site_url: str) -> None:
    editor = Editor(page).open_editor(site_url, "ru")
    editor.point(13).click()
    expect(editor.verdict).to_contain_text("У белых на доске 16 шашек, а у каждой стороны их всего 15")
    expect(editor.action("play")).to_be_disabled()
    expect(editor.notation).to_have_value("")
    editor.point(13).click(button="right")
    expect(editor.verdict).to_contain_text("Позиция правильная")
    expect(editor.action("play")).to_be_enabled()
    # a six-block with no black checker past it: marked on the board and named in White's numbering
    editor.open_editor(site_url, "ru", pos="w/24:10,18,17,16,15,14/24:15")
    editor.drag(editor.point(24), editor.point(13))
    expect(editor.verdict).to_contain_text("У белых блок из шести пунктов (их пункты 13–18")
    expect(editor.point(15)).to_have_class(re.compile(r"\bmark-block\b"))
    expect(editor.action("copy-link")).to_be_disabled()
    editor.set_rule("block", "без ограничений")
    expect(editor.verdict).to_contain_text("Позиция правильная")
    expect(editor.rules_line).to_contain_text("Блок из шести: без ограничений")
    editor.action("clear").click()
    expect(editor.verdict).to_contain_text("На доске нет ни одной шашки")
    editor.action("start").click()
    expect(editor.notation).to_have_value("w/24:15/24:15")
    # the way out: the free board again, with the setup the editor last found correct
    editor.point(24).click(button="right")
    editor.point(18).click()
    expect(editor.notation).to_have_value("w/24:14,18/24:15")
    editor.action("close").click()
    expect(editor.panel).to_be_hidden()
    expect(editor.button("edit")).to_be_focused()
    expect(editor.point(18)).to_have_attribute("aria-label", re.compile(r"Пункт 18, 1 белая шашка"), timeout=READY_MS)
    assert "edit" not in page.url


def test_a_position_from_the_address_opens_on_its_own_game_s_board(page: Page, site_url: str) -> None:
    """The page reads no game off the notation: Python says which game a position is, and the editor draws it
    on that game's board, bar and all."""
    position = Position.from_notation("short:w/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:5")
    editor = Editor(page).open_editor(site_url, "en", pos=position.notation())
    expect(page.locator(".board-frame:not([hidden])")).to_have_attribute("data-board-for", position.game.value)
    expect(editor.root.locator(f"input[name='editor-game'][value='{position.game.value}']")).to_be_checked()
    expect(editor.point("bar", "white")).to_have_attribute("aria-label", "Bar: 1 white checker")
    expect(editor.notation).to_have_value(position.notation())


def test_gnubg_and_xgid_codes_go_out_and_come_in(page: Page, site_url: str) -> None:
    """Short nardy's position as GNU Backgammon's Position ID:Match ID and as an XGID (nardy_core.exchange), and
    either pasted back opens its position; long nardy has no such code; a code that cannot be read is said."""
    position = Position.from_notation("short:b/bar,24,13:5,8:3,6:5/24:2,13:5,8:3,6:4,18")
    editor = Editor(page).open_editor(site_url, "ru", pos=position.notation(), dice="6-5")
    codes = call("share_codes", {"position": position.notation(), "dice": [6, 5]})["codes"]
    gnubg, xgid = editor.panel.locator("[data-editor-gnubg]"), editor.panel.locator("[data-editor-xgid]")
    expect(gnubg).to_have_value(codes["gnubg"])
    expect(xgid).to_have_value(codes["xgid"])
    expect(editor.panel.get_by_label("Позиция для GNU Backgammon (Position ID:Match ID)")).to_be_visible()
    paste = editor.panel.get_by_label(re.compile("^Открыть позицию из GNU Backgammon или eXtreme Gammon"))
    start = call("share_codes", {"position": Position.start(Game.SHORT).notation()})["codes"]
    paste.fill(start["xgid"])
    editor.action("open-code").click()
    expect(editor.notation).to_have_value(Position.start(Game.SHORT).notation())
    paste.fill(codes["gnubg"])
    editor.action("open-code").click()
    expect(editor.notation).to_have_value(position.notation())
    expect(editor.root.locator("select[data-die='first']")).to_have_value("6")
    paste.fill("XGID=что-то не то")
    editor.action("open-code").click()
    expect(editor.said).to_contain_text("Код не разобран")
    editor.choose_game("long")
    expect(gnubg).to_be_hidden()  # long nardy: these formats cannot hold it


def test_short_nardy_s_bar_takes_checkers_and_a_game_over_is_shown_not_played(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    editor = Editor(page).open_editor(site_url, "en")
    editor.choose_game("short")
    expect(editor.notation).to_have_value(Position.start(Game.SHORT).notation())
    editor.drag(editor.point(13), editor.point("bar", "black"))  # a white checker goes to White's half of the bar
    expect(editor.notation).to_have_value("short:w/24:2,13:4,8:3,6:5,bar/24:2,13:5,8:3,6:5")
    editor.point("bar", "white").click(button="right")
    editor.open_editor(site_url, "en", pos="w/1,off:14/off:15")
    expect(editor.verdict).to_contain_text("Black has no checker left on the board")
    expect(editor.action("copy-notation")).to_be_enabled()
    expect(editor.action("play")).to_be_disabled()


def test_play_from_the_editor_the_computer_moves_only_when_asked(page: Page, site_url: str) -> None:
    editor = Editor(page).open_editor(site_url, "en", pos="w/24:14,13/24:15", dice="6-5")
    editor.action("play").click()
    expect(editor.panel).to_be_hidden()
    expect(editor.status).to_contain_text("The computer does not move on its own here")
    expect(editor.option("computer")).not_to_be_checked()
    expect(page).to_have_url(re.compile(r"pos=w%2F24%3A14%2C13%2F24%3A15&dice=6-5$"))
    editor.click(24)
    editor.click(13)
    editor.button("confirm").click()
    # Black is to move and nobody plays for it until asked
    expect(editor.status).to_contain_text("roll", timeout=READY_MS)
    assert editor.mover() == "black"
    editor.button("computer-move").click()
    expect(editor.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    assert editor.mover() == "white"
    # back to the editor with the position on the board
    position = editor.model()
    editor.button("edit").click()
    expect(editor.panel).to_be_visible()
    expect(editor.heading).to_be_focused()
    expect(editor.verdict).to_contain_text("A correct position")
    assert editor.model()["points"] == position["points"]

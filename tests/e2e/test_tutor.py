"""The tutor of the free board, in both games: the hint lists the best plays in the engine's order and draws the
best on the board; each of the learner's turns gets a verdict; a mistake or a blunder is held back, with the
better play and why, until the learner takes it back (the roll again, the better play drawn) or keeps it; a
whole game of each against the computer, played on the board and judged turn by turn, ends with its review, its
analysis and (short nardy) its .mat file; axe finds nothing on the hint, the verdict or the analysis."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from nardy_core import Position, Roll, TurnSearch
from nardy_core.api import call
from nardy_core.evaluator import RACE
from nardy_core.exchange import read_match_file
from nardy_core.rules import default_rules

from .axe import violations
from .course_pages import Review
from .pages import READY_MS, FreeBoard, PointId

START = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
SHORT_START = "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5"
LONG_MIDDLE = "w/24:13,19,13/24:13,19,13"  #: each side: 13 on the head, one on 19 and one on 13

# bypass_csp only to inject axe (the page is unchanged)
pytestmark = pytest.mark.browser_context_args(bypass_csp=True)


def test_the_hint_lists_the_engines_best_plays_and_draws_the_best(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=SHORT_START, dice="3-1").wait_ready()
    expect(board.button("hint")).to_be_visible()
    board.button("hint").click()
    engine = call("advise", {"position": SHORT_START, "dice": [3, 1], "limit": 3})["plays"]
    expect(board.hinted_plays).to_have_count(3, timeout=READY_MS)
    assert [item.get_attribute("data-play") for item in board.hinted_plays.all()] == [play["play"] for play in engine]
    expect(board.hinted_plays.first).to_contain_text("8/5 6/5 — the best play")
    expect(board.tutor).to_contain_text("The best plays of 3-1 (16 possible plays in all)")
    expect(board.arrows).to_have_count(2)  # 8/5 and 6/5
    board.hinted_plays.nth(1).locator("summary").click()  # the numbers, on demand
    expect(board.hinted_plays.nth(1)).to_contain_text(re.compile(r"Equity [−-]0\.\d{3}; win \d+%"))
    assert violations(page) == []


def test_a_blunder_is_held_with_the_better_play_and_why_and_can_be_taken_back(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "ru", pos=SHORT_START, dice="3-1").wait_ready()
    board.play([[24, 21], [24, 23]])  # two blots in the opponent's home: the classic beginner's 3-1
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "blunder", timeout=READY_MS)
    expect(board.tutor).to_contain_text("Грубая ошибка. Ваш ход: 24/21 24/23. Лучше: 8/5 6/5.")
    expect(board.tutor).to_contain_text("Лучший ход занимает больше пунктов в доме: 2 против 1.")
    expect(board.tutor).to_contain_text("Ваш ход оставляет больше одиноких шашек под прямым ударом: 2 против 0.")
    expect(board.button("hint")).to_be_hidden()  # the turn is played, only held
    assert violations(page) == []
    board.tutor_button("take-back").click()
    expect(board.point(24)).to_have_attribute("aria-label", re.compile("2 белые шашки"))  # the roll again, from its start
    expect(board.tutor).to_contain_text("Лучший ход 8/5 6/5 показан стрелками на доске. Сыграйте этот бросок ещё раз.")
    expect(board.arrows).to_have_count(2)
    expect(board.status).to_have_text("Выберите шашку: нажмите на пункт.")
    board.play([[8, 5], [6, 5]])
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "best", timeout=READY_MS)
    expect(board.tutor).to_have_text("Лучший ход.")
    expect(board.status).to_contain_text(re.compile(r"(Компьютер сыграл|У компьютера с)"), timeout=READY_MS)
    expect(board.arrows).to_have_count(0)


def test_a_kept_long_nardy_blunder_is_played_and_the_game_goes_on(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=LONG_MIDDLE, dice="4-2").wait_ready()
    board.play([[19, 15], [15, 13]])
    board.button("confirm").click()
    expect(board.tutor).to_have_attribute("data-grade", "blunder", timeout=READY_MS)
    expect(board.tutor).to_contain_text("Blunder. You played 19/15 15/13. Better: 13/9 24/22.")
    expect(board.tutor).to_contain_text(re.compile(r"With your play you lose a mars \(gammon\) \d+% of the time; with the best, \d+%\."))
    board.tutor_button("keep").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(board.tutor).to_contain_text("Blunder.")  # the verdict stays said; the choice is made
    expect(board.tutor_button("keep")).to_have_count(0)
    expect(board.point(13)).to_have_attribute("aria-label", re.compile("2 white checkers"))  # 19/15/13 joined the one there


def test_the_verdicts_can_be_turned_off(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, "en", pos=LONG_MIDDLE, dice="4-2").wait_ready()
    board.root.get_by_label("Judge my moves").uncheck()
    board.play([[19, 15], [15, 13]])
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer (rolled|has no move)"), timeout=READY_MS)
    expect(board.tutor).to_be_hidden()


#: counts the board's redraws (its data-model changes) from the moment it is installed
COUNT_REDRAWS = """() => {
  window.redraws = 0;
  const svg = document.querySelector('[data-widget=free] .board-frame:not([hidden]) svg');
  if (window.redrawObserver) window.redrawObserver.disconnect();
  window.redrawObserver = new MutationObserver((records) => { window.redraws += records.length; });
  window.redrawObserver.observe(svg, { attributes: true, attributeFilter: ['data-model'] });
}"""


def test_the_computers_move_is_played_out_marked_listed_and_can_be_taken_back(page: Page, site_url: str) -> None:
    board = FreeBoard(page).open(site_url, pos="w/24:15/24:15", dice="6-5")
    board.wait_ready()
    moves = board.root.locator("[data-move-list] li")
    expect(board.root.locator("[data-move-list]")).to_contain_text("No moves yet.")
    board.play([[24, 18], [18, 13]])
    expect(board.status).to_contain_text("End turn")  # the learner's steps are on the board
    page.evaluate(COUNT_REDRAWS)
    board.button("confirm").click()
    expect(board.status).to_contain_text(re.compile(r"The computer rolled [1-6]-[1-6]: 12/"), timeout=READY_MS)
    # played out as a person would: the learner's turn, the computer's dice, each of its steps (two at least), the end
    assert page.evaluate("window.redraws") >= 5
    expect(board.last_move_arrows.first).to_be_attached()  # its move stays drawn on the board
    expect(moves).to_have_count(2)
    expect(moves.first).to_have_text("White 6-5 24/18 18/13")
    expect(moves.nth(1)).to_contain_text(re.compile(r"^Black [1-6]-[1-6] 12/"))
    assert violations(page) == []
    # taken back: the learner's turn again with its 6-5, the computer's answer gone from the board and the list
    board.button("undo-turn").click()
    expect(board.status).to_contain_text("Move taken back: play your 6-5 again.")
    expect(board.point(24)).to_have_attribute("aria-label", re.compile("15 white checkers"))
    expect(board.point(12)).to_have_attribute("aria-label", re.compile("15 black checkers"))
    expect(moves).to_have_count(0)
    expect(board.last_move_arrows).to_have_count(0)
    expect(board.button("undo-turn")).to_be_hidden()  # nothing left to take back
    board.play([[24, 18], [18, 13]])
    expect(board.status).to_contain_text("End turn")
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(COUNT_REDRAWS)
    board.button("confirm").click()
    expect(moves).to_have_count(2, timeout=READY_MS)
    assert page.evaluate("window.redraws") <= 2  # reduced motion: the learner's turn, then the computer's at once
    expect(board.last_move_arrows.first).to_be_attached()  # what moved, shown without motion


def test_a_whole_game_against_the_computer_is_judged_turn_by_turn_and_analysed(page: Page, site_url: str) -> None:
    """Long nardy against the computer, played to the end as a learner plays: each roll on the board, step by
    step, each turn judged (the hint's best judged best; one deliberate blunder held, taken back with the better
    play drawn, played again and kept). The game is then reviewed under the board, with the way back to the
    lesson's checklist, and analysed: each side's level, the chart of chances, the blunder first, shown on the
    board, every turn stepped through; the blunder becomes a personal puzzle solved the next day."""
    page.emulate_media(reduced_motion="reduce")
    page.clock.set_fixed_time(START)  # (the clock only: the game's timers run)
    page.goto(site_url + "ru/play/")
    board = FreeBoard(page)
    board.wait_ready()
    review = _play_against_computer(board, "new-game", SAID_RU)
    expect(board.status).to_contain_text("Партия окончена")
    # a finished game has no side to move: the board says so nowhere
    expect(board.svg.locator(".nb-player__status")).to_have_text(["", ""])
    expect(review.locator("h2")).to_have_text("Итоги партии")
    expect(review.locator("thead th")).to_have_text(["Показатель", "Белые (вы)", "Чёрные (компьютер)"])
    rows = review.locator("tbody tr")
    expect(rows.first.locator("th")).to_have_text("Ходов сделано")
    expect(review.locator("tbody th")).to_contain_text(["Голова опустела после хода", "Выброшено шашек", "Осталось пипсов"])
    borne = review.locator("tbody tr", has_text="Выброшено шашек").locator("td")
    expect(borne.filter(has_text=re.compile(r"^15$"))).to_have_count(1)  # the winner bore off all fifteen
    expect(review.locator("a")).to_have_attribute("href", re.compile(r"/ru/lessons/play-computer/$"))
    kept = _check_analysis(page, board)
    assert kept >= 1  # the blunder (a race may add one: the verdict judged it exactly, the hint did not yet)
    board.button("new-game").click()  # a new game puts the old review and analysis away
    expect(review).to_be_hidden()
    expect(board.root.locator("[data-game-analysis]")).to_be_hidden()
    _practise_later_and_solve(page, board, site_url, kept)


#: what the page says, in each language: of the game's start, of the deliberate blunder (its grade, what was
#: played and what is better), of the better play drawn after it is taken back, and of a roll that had no move
SAID_RU = {"opening": "Розыгрыш первого хода", "blunder": "Грубая ошибка. Ваш ход: {played}. Лучше: {best}.",
           "taken_back": "Лучший ход {best} показан стрелками на доске.", "passed": "У вас {dice}: хода нет, ход переходит к сопернику."}
SAID_EN = {"opening": "Opening roll", "blunder": "Blunder. You played {played}. Better: {best}.",
           "taken_back": "The best play, {best}, is drawn on the board.", "passed": "You rolled {dice}: no legal move, the turn passes."}


#: what the free board asks of the learner now, read in one go once it asks anything: the game over (its review
#: shown), a double to take, the dice to roll (with the status line, which the roll changes), or a roll to play
#: (with the board's model and the position they are thrown in: a roll with no move is passed at once)
ASKED = """(root) => {
  const shown = (selector) => Boolean(root.querySelector(selector)?.checkVisibility());
  if (shown('[data-game-review]')) return { what: 'over' };
  if (shown('[data-action=take]')) return { what: 'take' };
  if (shown('[data-action=roll]')) return { what: 'roll', status: root.querySelector('[data-status]').textContent };
  if (!shown('[data-action=hint]')) return false;
  return { what: 'play', model: root.querySelector('.board-frame:not([hidden]) svg').dataset.model,
           position: root.querySelector('[data-position-form] [name=pos]').value };
}"""


def _may_leave_a_race(position: str, dice: list[int], first_turn: bool) -> bool:
    """Whether ``position`` is a race or one of the roll's plays leaves one (the last contact broken)."""
    now = Position.from_notation(position)
    outcomes = TurnSearch(now, Roll(*dice), first_turn, default_rules(now.game)).outcomes()
    return RACE.applies(now) or any(RACE.applies(final) for final, _ in outcomes)


def _play_against_computer(board: FreeBoard, start: str, said: dict[str, str]) -> Locator:
    """A whole game against the computer (its default level, the cube taken when it doubles), the learner
    (White) rolling and playing each turn on the board: the hint's best play, which the verdict calls the best
    (in contact: a race's exact tables are built in the page's spare time, maybe between the two), except once,
    from the learner's third turn on, the worst of the engine's fifty best plays where it loses at least 0.2: a
    blunder, held and said in the page's language (``said``), taken back (the better play drawn), played again
    and kept. A roll with no move is said and passed at once. ``start``: the button that begins the game.
    Returns the game's review, shown at its end."""
    board.root.locator(f"[data-action='{start}'], [data-choose-game='{start}']").first.click()
    expect(board.status).to_contain_text(said["opening"])  # the new game's, not the controls of the one before
    review = board.root.locator("[data-game-review]")
    take, roll, hint, confirm = (board.button(action) for action in ("take", "roll", "hint", "confirm"))
    page, root = board.page, board.root.element_handle()
    assert isinstance(page, Page)
    turns = blunders = passes = rolls = 0
    for _ in range(300):
        asked = page.wait_for_function(ASKED, arg=root, timeout=READY_MS).json_value()
        if asked["what"] == "over":
            break
        if asked["what"] == "take":
            take.click()
            expect(take).to_be_hidden()
            continue
        if asked["what"] == "roll":
            rolls += 1
            roll.click()
            expect(board.status).not_to_have_text(asked["status"])  # «У вас 6-3…», or no move: said, then the answer
            continue
        dice = [die["value"] for die in json.loads(asked["model"])["dice"]][:2]  # a double is listed once per use
        now = asked["position"]
        if not dice:  # a roll with no move, passed at once: the board shows the answer to it
            continue
        turns += 1
        plays = call("advise", {"position": now, "dice": dice, "first_turn": turns == 1, "limit": 50})["plays"]
        if not plays:  # said, and played for the learner: the turn passes at once
            passes += 1
            expect(board.status).to_contain_text(said["passed"].format(dice=f"{dice[0]}-{dice[1]}"))
            continue
        hint.click()
        expect(board.hinted_plays.first).to_be_attached(timeout=READY_MS)
        best = board.hinted_plays.first.get_attribute("data-play") or ""
        if not blunders and turns >= 3 and plays[-1]["loss"] >= 0.2:
            blunders += 1
            worst = plays[-1]["play"]
            board.play(_board_steps(worst))
            confirm.click()
            expect(board.tutor).to_have_attribute("data-grade", "blunder", timeout=READY_MS)
            expect(board.tutor).to_contain_text(said["blunder"].format(played=worst, best=best))
            expect(board.tutor.locator(".tutor-why").first).to_be_attached()  # and why, in words
            board.tutor_button("take-back").click()
            expect(board.tutor).to_contain_text(said["taken_back"].format(best=best))
            expect(board.arrows.first).to_be_attached()
            board.play(_board_steps(worst))
            confirm.click()
            board.tutor_button("keep").click()
        elif not _may_leave_a_race(now, dice, turns == 1):
            board.play(_board_steps(best))
            confirm.click()
            expect(board.tutor).to_have_attribute("data-grade", "best", timeout=READY_MS)
        else:  # a race, or a play may leave one: its exact tables, built in the page's spare time, may be ready by
            # the verdict, not the hint (the race the play leaves judged by the network for one, exactly for the other)
            board.play(_board_steps(best))
            confirm.click()
            expect(board.tutor).to_have_attribute("data-grade", re.compile("."), timeout=READY_MS)
            if board.tutor_button("keep").count():
                board.tutor_button("keep").click()
        expect(hint).to_be_hidden(timeout=READY_MS)
    expect(review).to_be_visible()
    # a whole game: the learner's rolls, counted with those that had no move (closed out on the bar, a game can
    # leave the learner few turns to play: seven in one fresh-clone run)
    assert blunders == 1 and rolls > 10
    return review


def _check_analysis(page: Page, board: FreeBoard) -> int:
    """The analysis under a finished game, looked at as a learner does; returns how many mistakes were kept."""
    analysis = board.root.locator("[data-game-analysis]")
    expect(analysis.locator("h2")).to_have_text("Анализ партии", timeout=READY_MS)
    verdicts = analysis.locator(".analysis-verdict")
    expect(verdicts).to_have_count(1)  # the learner's level in words (the computer's is in the table)
    expect(verdicts.first).to_contain_text(re.compile(
        r"^Белые \(вы\): уровень игры в этой партии — «[а-яё ]+» \(средняя потеря за ход — \d,\d{3} очка, ходов с выбором: \d+\)\.$"))
    expect(analysis.locator("svg[role=img]")).to_have_attribute("aria-label", re.compile(r"^Шансы белых на победу: в начале \d+\s?%"))
    worst = analysis.locator(".analysis-worst > li")
    expect(worst.first).to_contain_text("Лучше:")
    assert worst.count() <= 5
    worst.first.locator("[data-action=analysis-show]").click()
    expect(board.status).to_contain_text(re.compile(r"^Ход \d+ (белых|чёрных), [1-6]-[1-6]\. Сыграно: .+\. Лучше: "))
    expect(board.arrows.first).to_be_attached()  # the better play, solid; what was played, dashed
    expect(board.last_move_arrows.first).to_be_attached()
    analysis.locator("[data-action=analysis-next]").click()
    expect(analysis.locator("[data-analysis-where]")).to_have_text(re.compile(r"^Ход 1 из \d+$"))
    expect(board.status).to_contain_text(re.compile(r"^Ход 1 (белых|чёрных), [1-6]-[1-6]\. Сыграно: "))
    analysis.locator("[data-action=analysis-end]").click()
    expect(board.status).to_contain_text("Партия окончена")
    analysis.locator(".analysis-turns summary").click()
    rows = analysis.locator(".analysis-table tbody tr")
    expect(rows.first).to_contain_text(re.compile(r"^Ход 1 (белых|чёрных), [1-6]-[1-6]"))
    assert rows.count() > 20
    expect(analysis.locator("[data-action=game-file]")).to_have_text("Скачать запись партии (.txt)")  # not a .mat: not backgammon
    assert violations(page) == []
    # «Разобрать позже»: each of the learner's biggest mistakes (listed first) kept as a personal puzzle
    expect(worst.first).to_have_attribute("data-grade", "blunder")
    later = worst.locator("[data-action=practise-later]")
    for button in later.all():
        button.click()
        expect(button).to_have_text("Добавлено в повторение")
    return later.count()


def _board_steps(play: str) -> list[list[PointId]]:
    """A play in the board's numbering ("24/18 18/13*", "6/off") as the points to click."""
    def point(text: str) -> PointId:
        text = text.rstrip("*")
        return text if text in ("bar", "off") else int(text)
    return [[point(a), point(b)] for a, b in (step.split("/") for step in play.split())]


def _practise_later_and_solve(page: Page, board: FreeBoard, site_url: str, kept: int) -> None:
    """The kept mistakes come back the next day on the review page, beside the course's puzzles; one is solved
    on the free board by finding the best play (one in contact: a race is judged exactly once its tables are
    built, maybe after the game was analysed), which moves it on a step."""
    store = json.loads(page.evaluate("localStorage.getItem('nardy.progress')"))
    mine = store["mine"]
    assert len(mine) == kept
    contact = [id_ for id_, puzzle in mine.items() if not RACE.applies(Position.from_notation(puzzle["position"]))]
    assert contact, "the beginner level's biggest mistakes include one in contact"
    chosen = contact[0]
    assert store["puzzles"][chosen]["step"] == 1
    review = Review(page).open(site_url, "ru")
    expect(review.items("later")).to_have_count(kept)
    expect(review.items("later").first).to_contain_text(re.compile(r"^Ваша партия: ход \d+ (белых|чёрных), [1-6]-[1-6] · найдите лучший ход · Длинные нарды · через 1 день$"))
    page.clock.set_fixed_time(START + dt.timedelta(days=1, hours=1))
    page.reload()
    expect(review.items("due")).to_have_count(kept)
    assert violations(page) == []
    review.page.locator(f"[data-review-list=due] a[href*='{chosen}']").click()
    page.wait_for_url(f"**/ru/play/?practise={chosen}")
    board.wait_ready()
    expect(board.status).to_contain_text(re.compile(r"^Позиция из вашей партии: ход \d+ (белых|чёрных), на кубиках [1-6]-[1-6]\. Найдите лучший ход\."))
    expect(board.button("hint")).to_be_hidden()
    board.play(_board_steps(mine[chosen]["best"]))
    board.button("confirm").click()
    expect(board.status).to_have_text("Верно: это лучший ход.", timeout=READY_MS)
    expect(board.tutor).to_have_attribute("data-grade", "best")
    after = json.loads(page.evaluate("localStorage.getItem('nardy.progress')"))["puzzles"][chosen]
    assert (after["step"], after["solved"]) == (2, True)  # three days on
    board.tutor_button("practise-again").click()
    expect(board.status).to_contain_text("Позиция из вашей партии")  # the position again, its roll to play
    board.play(_board_steps(mine[chosen]["played"]))  # the mistake again: the best is shown, and it comes back
    board.button("confirm").click()
    expect(board.status).to_contain_text(f"Лучший ход здесь — {mine[chosen]['best']}", timeout=READY_MS)
    expect(board.arrows.first).to_be_attached()
    assert violations(page) == []


def test_a_short_game_against_the_computer_is_judged_and_downloads_as_a_mat_file(page: Page, site_url: str) -> None:
    """Short nardy against the computer, played to the end on the board with a verdict on each turn (its
    deliberate blunder said in English), then saved as the Jellyfish match file GNU Backgammon imports, read
    back by the format's parser (tests/core/test_exchange.py checks every event against the record)."""
    page.emulate_media(reduced_motion="reduce")
    board = FreeBoard(page).open(site_url, "en").wait_ready()
    _play_against_computer(board, "short", SAID_EN)
    save = board.root.locator("[data-game-analysis] [data-action=game-file]")
    expect(save).to_have_text("Download the game for GNU Backgammon (.mat)", timeout=READY_MS)
    with page.expect_download() as caught:
        save.click()
    download = caught.value
    assert download.suggested_filename == "nardy-game.mat"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.startswith(" 0 point match\n\n Game 1\n White : 0 ")
    events, points, winner = read_match_file(text)
    assert len(events) > 10 and points and winner is not None
    expect(board.status).to_contain_text(f"{winner.value.capitalize()} won")

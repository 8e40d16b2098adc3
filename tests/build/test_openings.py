"""The opening table (builder.openings, builder.opening_table): its figures describe the engine that ships,
its plays are real plays, a stale or broken table fails the build where it is, and the site shows it."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import builder
from builder.opening_table import load_table
from builder.openings import (
    FILE,
    OPENINGS,
    ROLLS,
    after_opening,
    cell_key,
    header,
    only_play,
    plan_of,
    plan_rollout,
    replies,
    stale,
)
from builder.problems import Problem
from nardy_core.dice import Roll
from nardy_core.evaluator import evaluator_for
from nardy_core.games import Game
from nardy_core.movegen import TurnSearch
from nardy_core.position import Position
from nardy_core.rules import LongRules

from .conftest import PROJECT, paths_for

TABLE = PROJECT / "lessons" / "long" / FILE


@cache
def table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return data


def test_the_committed_table_is_whole_and_computed_with_the_shipped_networks() -> None:
    assert stale(table()) is None
    assert len(table()["cells"]) == len(OPENINGS) * len(ROLLS) == 315


def test_each_first_play_is_the_forced_one_and_each_plan_a_real_play_of_its_roll() -> None:
    rules, evaluator = LongRules(), evaluator_for(Game.LONG)
    for opening in OPENINGS:
        first, opened = after_opening(opening, rules, evaluator)
        outcomes = TurnSearch(Position.start(Game.LONG), opening, True, rules).outcomes()
        assert len(outcomes) == 1  # the first move of long nardy is forced
        after_replies = [position for _, _, position in replies(opened, rules, evaluator)]
        for second in ROLLS:
            cell = table()["cells"][cell_key(opening, second)]
            assert cell["first"] == first
            for plan in cell["plans"]:
                written = {" ".join(map(str, steps)) for position in after_replies
                           for _, steps in TurnSearch(position, second, False, rules).outcomes()}
                assert plan["play"] in written, (cell_key(opening, second), plan["play"])


def test_a_cell_with_one_play_leaves_no_choice_after_any_reply() -> None:
    """The page calls such a cell "the only play": true after every reply, not just the common ones."""
    rules, evaluator = LongRules(), evaluator_for(Game.LONG)
    single = [key for key, cell in table()["cells"].items() if len(cell["plans"]) == 1]
    assert single, "some second rolls leave no choice (1-1 after 6-5: the head checker plays all four)"
    for key in single:
        opening, second = (Roll(*map(int, part.split("-"))) for part in key.split("/"))
        assert only_play(replies(after_opening(opening, rules, evaluator)[1], rules, evaluator), second, rules), key


def test_the_plans_are_ordered_by_their_rolled_out_equity() -> None:
    for key, cell in table()["cells"].items():
        equities = [plan.get("equity") for plan in cell["plans"]]
        if len(equities) > 1:
            assert None not in equities and equities == sorted(equities, reverse=True), key
            assert all(0 < plan["win"] < 1 for plan in cell["plans"]), key


def test_a_plan_is_rolled_out_on_shared_dice_and_a_reply_that_forbids_it_gets_the_engine_s_play() -> None:
    rules, evaluator = LongRules(), evaluator_for(Game.LONG)
    _, opened = after_opening(Roll(6, 5), rules, evaluator)
    # 6-5 opens 24/13; 13/7 with the second roll's 6 is blocked where the reply stands on White's 7-point
    replier = opened.to_move
    blocked = [position for _, _, position in replies(opened, rules, evaluator)
               if position.counts(replier)[Game.LONG.opposite(7)]]
    assert blocked, "some reply (a 5 in all) lands on White's 7-point"
    plan = plan_of(next(final for final, steps in TurnSearch(replies(opened, rules, evaluator)[-1][2], Roll(6, 4), False, rules).outcomes()
                        if " ".join(map(str, steps)) == "13/7 24/20"), opened.to_move.other)
    replied = replies(opened, rules, evaluator)
    first = plan_rollout(replied, Roll(6, 4), plan, rules, evaluator, trials=72, truncate=1)
    again = plan_rollout(replied, Roll(6, 4), plan, rules, evaluator, trials=72, truncate=1)
    assert first == again and first.well_formed()


def _course_with_table(course_dir: Path, table_data: dict[str, Any] | None, page: bool) -> None:
    if table_data is not None:
        (course_dir / "long" / FILE).write_text(json.dumps(table_data), encoding="utf-8")
    if page:
        for lang in ("ru", "en"):
            (course_dir / "long" / lang / "_openings.md").write_text("+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n\nText.\n", encoding="utf-8")


def errors_of(course_dir: Path) -> list[str]:
    _, problems = builder.validate(builder.load(paths_for(course_dir)))
    return [p.format(course_dir) for p in problems if not p.warning]


def test_a_stale_table_fails_the_check_at_its_file(course_dir: Path) -> None:
    _course_with_table(course_dir, {**table(), "weights": "0123456789abcdef"}, page=True)
    assert errors_of(course_dir) == [
        f"long/{FILE}:1: {FILE} was computed with weights '0123456789abcdef', the engine now has "
        f"{header()['weights']!r}: run python -m builder openings"]


def test_a_table_without_its_page_or_a_broken_table_fails(course_dir: Path) -> None:
    _course_with_table(course_dir, table(), page=False)
    assert errors_of(course_dir) == [f"long/ru/_openings.md:1: an opening table ({FILE}) and its page _openings.md go together",
                                     f"long/en/_openings.md:1: an opening table ({FILE}) and its page _openings.md go together"]
    broken = json.loads(json.dumps(table()))
    del broken["cells"]["6-5/2-1"]["plans"][0]["play"]
    _course_with_table(course_dir, broken, page=True)
    problems: list[Problem] = []
    assert load_table(course_dir / "long" / FILE, problems) is None
    assert [p.format(course_dir) for p in problems] == [f"long/{FILE}:1: the opening table is malformed: KeyError('play')"]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_site_shows_the_table_and_the_course_links_it(built_site: Path, lang: str) -> None:
    html = (built_site / lang / "openings" / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r'<section class="opening" id="opening-\d-\d"', html)) == 15
    assert html.count('<th scope="row" role="rowheader">') == 315
    cell = table()["cells"]["6-5/5-1"]["plans"]
    row = re.search(r'<th scope="row" role="rowheader">5-1</th>(.*?)</tr>', html.split('id="opening-6-5"')[1], re.S)
    assert row and cell[0]["play"] in row.group(1) and cell[1]["play"] in row.group(1)
    win = f"{cell[0]['win'] * 100:.1f}".replace(".", "," if lang == "ru" else ".")
    assert win in _text(row.group(1))
    assert 'href="openings/"' in (built_site / lang / "index.html").read_text(encoding="utf-8")

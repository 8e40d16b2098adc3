"""The engine's figures, each printed as it is measured (issue 29's "Measured"; docs/engine.md):

- training speed: self-play games a second on one core, per family (``training``, numpy);
- strength of the variants whose turn is one roll (``variants``): the family's network at 0 ply against today's
  computer, in the variant's own rules;
- strength: the shipped networks at 0 ply against today's computer (``nardy_core.bot``, the beginner level) and
  against a pip-greedy mover, and today's computer against the pip-greedy mover, in points per game with the
  95 % interval (``--games``, 1,000 by default);
- short nardy judged by GNU Backgammon (gnubg-nn, GPL: benches and tests only, never the wheel or dist/): the
  mean equity each level loses per decision, by gnubg's 2-ply, on decisions this script draws from seeded
  self-play (``--decisions``);
- long nardy's bear-off: how often each level's play is the exact tables' best in races of fifteen checkers at
  home, and the mean equity it loses there;
- the ``hint`` request's latency natively (``nardy_core.api``, 0 ply), best of three, per position; and under
  the site's Pyodide in Node (``bench/engine_pyodide.mjs``) at 0 and 1 ply (the club and master levels), the
  first call (which reads the weights) and the best of three, with the weights the site's wheel fetches when first asked.

    python bench/engine.py                  # everything (tens of minutes on one core)
    python bench/engine.py --games 200 --decisions 100 --only strength,gnubg
    python bench/engine.py --games 400 --only variants --game fevga   # a variant's net against the beginner
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from nardy_core import api  # noqa: E402
from nardy_core.bot import choose as heuristic_choose  # noqa: E402
from nardy_core.dice import Roll  # noqa: E402
from nardy_core.engine_api import chances  # noqa: E402
from nardy_core.evaluator import RaceEvaluator, evaluator_for  # noqa: E402
from nardy_core.games import Family, Game  # noqa: E402
from nardy_core.movegen import TurnSearch  # noqa: E402
from nardy_core.net import network_from_json, weight_file_name  # noqa: E402
from nardy_core.position import Position  # noqa: E402
from nardy_core.rules import Rules, default_rules  # noqa: E402
from nardy_core.scoring import score  # noqa: E402
from nardy_core.search import rank_plays  # noqa: E402
from nardy_core.sides import Side  # noqa: E402
from tests.core.gnubg import gnubg_board  # noqa: E402  # gnubg-nn's board convention, one home for it
from tests.core.races import random_race  # noqa: E402
from training.model import NumpyNet  # noqa: E402
from training.play import (  # noqa: E402
    Player,
    best_final_player,
    heuristic_player,
    match,
    net_player,
    opening,
    pip_greedy_player,
    self_play_game,
)
from training.play import choose as choose_by_net  # noqa: E402

SECTIONS = ("speed", "strength", "variants", "gnubg", "bearoff", "latency", "pyodide", "chromium")
WEIGHTS = PROJECT / "nardy_core" / "weights"
#: the positions of docs/engine.md's latency table: (query, what it is)
LATENCY_QUERIES = [
    ({"position": "w/24:15/24:15", "dice": [6, 5], "first_turn": True}, "long nardy start, 6-5 (first turn)"),
    ({"position": "w/24:5,23:2,22,19,18,17,15,14,9,7/24:5,23,22,20,17:2,16,15,14,13,8", "dice": [5, 3]},
     "long nardy mid-game, 5-3"),
    ({"position": "short:w/24:2,13:5,8:3,6:5/24:2,13:5,8:3,6:5", "dice": [3, 1], "first_turn": True}, "short nardy start, 3-1"),
    ({"position": "short:w/24:2,13:4,11,8:2,6:4,4:2/24,20,13:4,8:3,6:5,3", "dice": [6, 4]}, "short nardy mid-game, 6-4"),
]
#: the page's queries: those, and a race of fifteen checkers a side, whose first call builds the part of the
#: bear-off tables it needs in the worker (natively: seconds of the smoke test's time, docs/engine.md has them)
PAGE_QUERIES = [
    *LATENCY_QUERIES,
    ({"position": "w/6:3,5:3,4:3,3:2,2:2,1:2/6:3,5:3,4:3,3:2,2:2,1:2", "dice": [4, 2]}, "long nardy race, 15 a side, 4-2"),
]

#: a level's choice: the position after the play (the mover still to move), given position, roll, first turn, rules
Chooser = Callable[[Position, Roll, bool, Rules], Position]


def shipped_network(family: Family) -> NumpyNet | None:
    path = WEIGHTS / weight_file_name(family)
    if not path.exists():
        return None
    return NumpyNet.from_network(network_from_json(json.loads(path.read_text(encoding="utf-8"))))


def family_game(family: Family) -> Game:
    return next(game for game in Game if game.family is family)  # the family's first game: its own rules


def training_speed(games: int, seed: int) -> None:
    for family in Family:
        game = family_game(family)
        net = NumpyNet.initial(family, 80, np.random.default_rng(seed))
        rng = random.Random(seed)
        started = time.process_time()
        plies = sum(len(self_play_game(net, game, rng, 0.7)[0]) for _ in range(games))
        spent = time.process_time() - started
        print(f"training speed, {family.value}: {games / spent:.2f} self-play games/s on one core "
              f"({plies / games:.0f} positions a game, {games} games, untrained net of 80 hidden units)", flush=True)


def strength(games: int, seed: int) -> None:
    for family in Family:
        game = family_game(family)
        pairs: list[tuple[str, Player, str, Player]] = []
        net = shipped_network(family)
        if net is None:
            print(f"strength, {family.value}: no shipped network ({weight_file_name(family)} is not in the package)")
        else:
            pairs += [("net 0-ply", net_player(net), "today's computer", heuristic_player),
                      ("net 0-ply", net_player(net), "pip-greedy", pip_greedy_player)]
        pairs.append(("today's computer", heuristic_player, "pip-greedy", pip_greedy_player))
        for name, player, other_name, other in pairs:
            started = time.perf_counter()
            points, half = match(player, other, game, games, seed)
            print(f"strength, {family.value}: {name} against {other_name}: {points:+.3f} ± {half:.3f} points per game "
                  f"({games} games, seed {seed}, {time.perf_counter() - started:.0f} s)", flush=True)


def variants(games: int, seed: int, only: str | None = None) -> None:
    """The variants whose turn is one roll (американка, тавла, февга), each in its own rules: its family's
    shipped network at 0 ply (the club level) against today's computer (the beginner level)."""
    for game in Game:
        if not game.spec.variant or game.spec.parted_turns or (only and game.value != only):
            continue
        net = shipped_network(game.family)
        if net is None:
            print(f"strength, {game.value}: no shipped network for the {game.family.value} family")
            continue
        started = time.perf_counter()
        points, half = match(net_player(net), heuristic_player, game, games, seed)
        print(f"strength, {game.value}: net 0-ply against today's computer: {points:+.3f} ± {half:.3f} points per game "
              f"({games} games, seed {seed}, {time.perf_counter() - started:.0f} s)", flush=True)


def _decisions(game: Game, count: int, seed: int, keep: Callable[[Position], bool]) -> list[tuple[Position, Roll, bool]]:
    """``count`` decisions (position, roll, first turn) with two or more different plays and ``keep(position)``,
    from seeded games of today's computer against itself (each game gives at most one in five of its turns)."""
    rules = default_rules(game)
    rng = random.Random(seed)
    found: list[tuple[Position, Roll, bool]] = []
    while len(found) < count:
        opener, roll = opening(rng)
        position = Position.start(game, opener)
        moved: set[Side] = set()
        while len(found) < count:
            mover = position.to_move
            first_turn = mover not in moved
            moved.add(mover)
            finals = TurnSearch(position, roll, first_turn, rules).outcomes()
            if len(finals) > 1 and keep(position) and rng.random() < 0.2:
                found.append((position, roll, first_turn))
            after = heuristic_player(position, roll, first_turn, rules, rng)
            if after.on_board(mover) == 0:
                break
            position, roll = after, Roll.random(rng)
    return found


def _levels(game: Game) -> dict[str, Chooser]:
    """Each level's play for a decision (the position it leaves, the mover still to move), and the family's
    shipped network at 0 ply where there is one (not yet the club level's evaluator)."""
    evaluator = evaluator_for(game)
    net = shipped_network(game.family)

    def beginner(position: Position, roll: Roll, first_turn: bool, rules: Rules) -> Position:
        steps = tuple(heuristic_choose(position, roll, first_turn, rules, 0) or ())
        return next(p for p, s in TurnSearch(position, roll, first_turn, rules).outcomes() if tuple(s) == steps)

    def searched(plies: int) -> Chooser:
        def choose(position: Position, roll: Roll, first_turn: bool, rules: Rules) -> Position:
            return rank_plays(position, roll, first_turn, rules, evaluator, plies)[0].final
        return choose

    def network(position: Position, roll: Roll, first_turn: bool, rules: Rules) -> Position:
        assert net is not None
        after = choose_by_net(net, position, roll, first_turn, rules).position
        return after.with_to_move(position.to_move)

    levels = {"beginner": beginner, "club (0 ply)": searched(0), "master (1 ply)": searched(1)}
    return levels | ({"shipped net (0 ply)": network} if net is not None else {})


def gnubg_judged(decisions: int, seed: int, games: int) -> None:
    try:
        import gnubg_nn  # type: ignore[import-untyped]  # GPL-2: imported here, in a bench, only
    except ImportError:
        print("gnubg: gnubg-nn is not installed (pip install -r requirements/test.txt): short nardy not judged")
        return
    game = Game.SHORT
    rules = default_rules(game)

    def mover_equity(final: Position, mover: Side, plies: int = 2) -> float:
        """The mover's cubeless money equity after its play, by gnubg at ``plies`` (the opponent to roll)."""
        if final.on_board(mover) == 0:
            return float(score(final, mover, rules).points)
        win, win_gammon, win_bg, lose_gammon, lose_bg = gnubg_nn.probabilities(gnubg_board(final.handed_over()), plies)
        return -float(2 * win - 1 + win_gammon - lose_gammon + win_bg - lose_bg)

    gnubg_player = best_final_player(lambda final, mover: mover_equity(final, mover, 0))  # gnubg-nn at 0 ply

    chosen = _decisions(game, decisions, seed, lambda position: True)
    losses: dict[str, list[float]] = {name: [] for name in _levels(game)}
    started = time.perf_counter()
    for position, roll, first_turn in chosen:
        mover = position.to_move
        finals = {p for p, _ in TurnSearch(position, roll, first_turn, rules).outcomes()}
        judged = {final: mover_equity(final, mover) for final in finals}
        best = max(judged.values())
        for name, choose in _levels(game).items():
            losses[name].append(best - judged[choose(position, roll, first_turn, rules)])
    for name, lost in losses.items():
        blunders = sum(1 for loss in lost if loss > 0.12)
        print(f"gnubg, short: {name}: {statistics.fmean(lost):.4f} equity lost per decision by gnubg 2-ply, "
              f"{blunders} blunders (> 0.12) in {len(lost)} decisions (seed {seed})", flush=True)
    print(f"gnubg, short: {len(chosen)} decisions judged in {time.perf_counter() - started:.0f} s", flush=True)
    race_chances(gnubg_nn, decisions, seed)
    net = shipped_network(game.family)
    if net is not None:
        started = time.perf_counter()
        points, half = match(net_player(net), gnubg_player, game, games, seed)
        print(f"gnubg, short: net 0-ply against gnubg-nn 0-ply: {points:+.3f} ± {half:.3f} points per game "
              f"({games} games, seed {seed}, {time.perf_counter() - started:.0f} s)", flush=True)


def race_chances(gnubg_nn: object, races: int, seed: int) -> None:
    """How far the side to move's winning chance in a race not yet home (where the exact tables do not reach and
    the network answers) is from gnubg's race net: the figure the cube's advice in such races rests on."""
    rules = default_rules(Game.SHORT)
    generator = random.Random(seed)
    errors, mars = [], []
    for _ in range(races):
        position = random_race(generator)
        ours, _exact = chances(position, rules)
        theirs = gnubg_nn.probabilities(gnubg_board(position), 0)  # type: ignore[attr-defined]
        errors.append(abs(ours.win - float(theirs[0])))
        mars.append(max(abs(ours.win_mars - float(theirs[1])), abs(ours.lose_mars - float(theirs[3]))))
    print(f"gnubg, short: race chances not yet home: ours differ from gnubg-nn's by {statistics.fmean(errors):.3f} "
          f"on average, at most {max(errors):.3f}, by more than 0.05 in {sum(e > 0.05 for e in errors)} of {races} "
          f"races; the mars chances by {statistics.fmean(mars):.3f} on average, at most {max(mars):.3f} (seed {seed})",
          flush=True)


def bearoff_choices(decisions: int, seed: int) -> None:
    game = Game.LONG
    exact = RaceEvaluator()
    chosen = _decisions(game, decisions, seed, lambda position: all(position.all_home(side) for side in Side))
    levels = _levels(game)
    found: dict[str, list[float]] = {name: [] for name in levels}
    for position, roll, first_turn in chosen:
        rules = default_rules(game)
        ranked = rank_plays(position, roll, first_turn, rules, exact, 0)
        by_final = {entry.final: entry.equity for entry in ranked}
        best = ranked[0].equity
        for name, choose in levels.items():
            found[name].append(best - by_final[choose(position, roll, first_turn, rules)])
    for name, lost in found.items():
        exact_share = sum(1 for loss in lost if loss < 1e-9) / len(lost)
        print(f"bear-off, long: {name}: the exact best play in {exact_share:.1%} of {len(lost)} races at home, "
              f"{statistics.fmean(lost):.5f} equity lost per decision (seed {seed})", flush=True)


def analysis_records(seed: int = 2026) -> list[tuple[dict[str, object], str]]:
    """A whole game of each family, the computer's beginner level against itself (the first seed from ``seed``
    whose game lasts 40 events or more), as the free board sends its record to ``game_analysis``."""
    from nardy_core.engine import opponent
    from nardy_core.flow import start_thrown
    from nardy_core.opponent import act
    from nardy_core.rules import LongRules, ShortRules

    records = []
    for rules in (LongRules(), ShortRules(cube=True)):
        for tried in range(seed, seed + 50):  # the first seed's game that is played out (not dropped early)
            rng = random.Random(tried)
            game = start_thrown(rules, rng)
            while game.result is None:
                game = act(game, opponent("beginner"), rng)
            if len(game.record.events) >= 40:
                break
        record = {key: value for key, value in game.record.to_json().items() if key in ("game", "rules", "opening", "events")}
        records.append((record, f"{rules.game.value} nardy, a whole game of {len(game.record.events)} events"))
    return records


def hint_latency() -> None:
    for record, what in analysis_records():
        started = time.perf_counter()
        answer = api.call("game_analysis", {"record": record})
        if "error" in answer:
            raise SystemExit(f"analysis latency: {what}: refused: {answer}")
        print(f"analysis latency, native: {what}: {time.perf_counter() - started:.2f} s", flush=True)
    for query, what in LATENCY_QUERIES:
        spent = []
        for _ in range(3):
            started = time.perf_counter()
            answer = api.handle("hint", json.dumps(query))
            spent.append(time.perf_counter() - started)
        parsed = json.loads(answer)
        if "error" in parsed:
            raise SystemExit(f"hint latency: {what}: the query was refused: {parsed['error']}")
        plays = len(parsed["plays"])
        print(f"hint latency, native: {what}: {min(spent) * 1000:.1f} ms at 0 ply ({plays} plays, best of 3)", flush=True)
        worst = parsed["plays"][-1]["play"] if parsed["plays"] else ""
        for kind, asked in (("advise", {**query, "limit": 3}), ("judge", {**query, "play": worst})):
            spent = []
            for _ in range(3):
                started = time.perf_counter()
                answer = api.handle(kind, json.dumps(asked))
                spent.append(time.perf_counter() - started)
            if "error" in json.loads(answer):
                raise SystemExit(f"tutor latency: {what}: {kind} was refused: {answer}")
            what_for = "the tutor's hint (advise)" if kind == "advise" else "the verdict on the worst play (judge)"
            print(f"tutor latency, native: {what}: {what_for} {min(spent) * 1000:.1f} ms (best of 3)", flush=True)


def pyodide_latency() -> None:
    import shutil
    import subprocess
    import tempfile

    from builder.vendor import ensure_pyodide

    node = shutil.which("node")
    if node is None:
        raise SystemExit("pyodide latency: node not found (install nodejs)")
    release = ensure_pyodide(PROJECT / ".cache")
    with tempfile.TemporaryDirectory() as folder:
        queries = Path(folder) / "queries.json"
        queries.write_text(json.dumps([query for query, _ in LATENCY_QUERIES]), encoding="utf-8")
        done = subprocess.run([node, str(PROJECT / "bench" / "engine_pyodide.mjs"), str(release), str(PROJECT), str(queries)],
                              capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise SystemExit(f"pyodide latency: node failed: {done.stderr.strip()[-800:]}")
    for (_, what), row in zip(LATENCY_QUERIES, json.loads(done.stdout), strict=True):
        for plies, timing in sorted(row.items()):
            print(f"hint latency, Pyodide in node: {what}: {timing['best'] * 1000:.0f} ms at {plies} ply (first call "
                  f"{timing['first'] * 1000:.0f} ms, {timing['plays']} plays, best of 3)", flush=True)


#: in the page: each query's hint at 0 and 1 ply, then the master's move, asked through the page's own rules
#: client (the worker's round trip included); the first call fetches the weights
CHROMIUM_SCRIPT = """async ([queries, records]) => {
  const script = [...document.querySelectorAll('script[type=module][src]')].find((s) => s.src.endsWith('/js/app.js'));
  const client = await import(new URL('rules-client.js', script.src).href);
  const timed = async (call) => { const started = performance.now(); const answer = await call(); return [performance.now() - started, answer]; };
  const rows = [];
  for (const query of queries) {
    const row = {};
    for (const plies of [0, 1]) {
      const spent = [];
      for (let i = 0; i < 3; i += 1) spent.push((await timed(() => client.hint({ ...query, plies })))[0]);
      row[plies] = { first: spent[0], best: Math.min(...spent) };
    }
    const master = [];
    for (let i = 0; i < 3; i += 1) master.push((await timed(() => client.botTurn({ ...query, level: 'master' })))[0]);
    row.master = { first: master[0], best: Math.min(...master) };
    const plays = (await client.hint({ ...query, plies: 0 })).plays;
    const worst = plays.length ? plays[plays.length - 1].play : '';
    for (const [key, call] of [['advise', () => client.advise({ ...query, limit: 3 })], ['judge', () => client.judge({ ...query, play: worst })]]) {
      const spent = [];
      for (let i = 0; i < 3; i += 1) spent.push((await timed(call))[0]);
      row[key] = { first: spent[0], best: Math.min(...spent) };
    }
    rows.push(row);
  }
  const analyses = [];
  for (const record of records) analyses.push((await timed(() => client.gameAnalysis(record)))[0]);
  return [rows, analyses];
}"""


#: a side all home, the other far out: the engine's judging it starts the worker's warm-up (nardy_core.warmup)
HOME_STRETCH = {"position": "w/6:5,5:5,4:5/13:15", "dice": [4, 2]}
WARM_UP_WAIT_S = 60  #: how long the worker is left idle after it, before the race is asked

#: in a fresh page: a hint on HOME_STRETCH, the worker left idle, then the first race's hint at 0 ply
CHROMIUM_WARMED_SCRIPT = """async ([stretch, race, wait]) => {
  const script = [...document.querySelectorAll('script[type=module][src]')].find((s) => s.src.endsWith('/js/app.js'));
  const client = await import(new URL('rules-client.js', script.src).href);
  await client.hint({ ...stretch, plies: 0 });
  await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  const started = performance.now();
  await client.hint({ ...race, plies: 0 });
  return performance.now() - started;
}"""


def chromium_latency(dist: Path | None) -> None:
    """The hint and the master's move in the site's page, in Debian's Chromium with its default flags."""
    import tempfile

    from playwright.sync_api import sync_playwright

    from bench.browser import CHROMIUM_ARGS, build_site
    from builder.serve import start_background_server

    with tempfile.TemporaryDirectory() as folder:
        site = dist or Path(folder) / "dist"
        if dist is None:
            build_site(site)
        server, base = start_background_server(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(base + "en/play/")
                page.wait_for_selector("html[data-runtime=ready]", state="attached", timeout=120_000)
                records = analysis_records()
                rows, analyses = page.evaluate(CHROMIUM_SCRIPT, [[query for query, _ in PAGE_QUERIES], [record for record, _ in records]])
                fresh = browser.new_context().new_page()  # a worker of its own: nothing of the table built yet
                fresh.goto(base + "en/play/")
                fresh.wait_for_selector("html[data-runtime=ready]", state="attached", timeout=120_000)
                race, race_label = PAGE_QUERIES[-1]
                warmed = fresh.evaluate(CHROMIUM_WARMED_SCRIPT, [HOME_STRETCH, race, WARM_UP_WAIT_S])
                browser.close()
        finally:
            server.shutdown()
    for (_, what), row in zip(PAGE_QUERIES, rows, strict=True):
        for key, label in (("0", "hint at 0 ply"), ("1", "hint at 1 ply"), ("master", "master's move"),
                           ("advise", "the tutor's hint (advise)"), ("judge", "the verdict on the worst play (judge)")):
            timing = row[key]
            print(f"latency in Chromium's page: {what}: {label} {timing['best']:.0f} ms (first call {timing['first']:.0f} ms, "
                  "best of 3, the worker's round trip included)", flush=True)
    for (_, what), spent in zip(records, analyses, strict=True):
        print(f"latency in Chromium's page: {what}: the game's analysis (game_analysis) {spent / 1000:.2f} s", flush=True)
    print(f"latency in Chromium's page: {race_label}: the first hint at 0 ply, asked {WARM_UP_WAIT_S} s after one on a side all "
          f"home (the worker's warm-up): {warmed:.0f} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per strength match (1,000 or more for the note)")
    parser.add_argument("--decisions", type=int, default=300, help="decisions judged by gnubg, and bear-off races")
    parser.add_argument("--training-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections of {', '.join(SECTIONS)}")
    parser.add_argument("--dist", type=Path, help="chromium: an existing build to measure (default: build a fresh one)")
    parser.add_argument("--game", help="variants: only this one (american, tavla or fevga)")
    args = parser.parse_args(argv)
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown sections {unknown}: choose among {', '.join(SECTIONS)}")
    for section in wanted:
        if section == "speed":
            training_speed(args.training_games, args.seed)
        elif section == "strength":
            strength(args.games, args.seed)
        elif section == "variants":
            variants(args.games, args.seed, args.game)
        elif section == "gnubg":
            gnubg_judged(args.decisions, args.seed, args.games)
        elif section == "bearoff":
            bearoff_choices(args.decisions, args.seed)
        elif section == "latency":
            hint_latency()
        elif section == "pyodide":
            pyodide_latency()
        else:
            chromium_latency(args.dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())

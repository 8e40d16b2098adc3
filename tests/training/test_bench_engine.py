"""bench/engine.py runs every section but Pyodide's and Chromium's end to end (a handful of games and decisions:
its figures are not checked here, only that each section measures and says what it measured). Those two boot
the vendored runtime (in Node, in a fresh build's page), seconds of the suite's time for what `make
bench-engine` shows at once."""

from __future__ import annotations

import pytest

from bench import engine
from tests.markers import WHOLE_TABLE


@WHOLE_TABLE  # its bear-off section plays races at home with the exact tables
def test_every_native_section_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    sections = ",".join(section for section in engine.SECTIONS if section not in ("pyodide", "chromium"))
    assert engine.main(["--games", "4", "--decisions", "4", "--training-games", "1", "--seed", "7", "--only", sections]) == 0
    lines = capsys.readouterr().out.splitlines()
    for family in ("long", "short"):
        assert any(line.startswith(f"training speed, {family}: ") and "games/s" in line for line in lines)
    assert any(line.startswith("strength, long: net 0-ply against today's computer: ") for line in lines)
    assert any(line.startswith("strength, short: today's computer against pip-greedy: ") for line in lines)
    for level in ("beginner", "club (0 ply)", "master (1 ply)"):
        assert any(line.startswith(f"gnubg, short: {level}: ") and "per decision" in line for line in lines)
        assert any(line.startswith(f"bear-off, long: {level}: the exact best play in ") for line in lines)
    assert any(line.startswith("gnubg, short: net 0-ply against gnubg-nn 0-ply: ") for line in lines)
    assert any(line.startswith("gnubg, short: race chances not yet home: ") for line in lines)
    assert sum(line.startswith("hint latency, native: ") for line in lines) == len(engine.LATENCY_QUERIES)


def test_an_unknown_section_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        engine.main(["--only", "speed,colour"])
    assert "unknown sections ['colour']" in capsys.readouterr().err

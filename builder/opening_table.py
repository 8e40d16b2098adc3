"""The opening table as the site shows it: ``lessons/{game}/openings.json`` read and checked into typed rows.

The figures come from :mod:`builder.openings` (hours of rollouts, run by hand and committed). Reading them
never raises: a missing, malformed or stale file is a located :class:`~builder.problems.Problem` (stale: the
networks or the method changed since, so the figures no longer describe the engine the site ships).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .openings import EQUAL, FILE, OPENINGS, ROLLS, cell_key, stale
from .problems import Problem


@dataclass(frozen=True)
class PlanFigure:
    """A play of the second roll and the opener's chances with it (``equity`` None: the only play)."""

    play: str
    equity: float | None
    win: float | None


@dataclass(frozen=True)
class OpeningCell:
    """The second roll and its plans, best first."""

    second: str
    plans: tuple[PlanFigure, ...]

    @property
    def forced(self) -> bool:
        return len(self.plans) == 1

    @property
    def loss(self) -> float | None:
        """What the second-best plan gives up against the best."""
        if self.forced or self.plans[0].equity is None or self.plans[1].equity is None:
            return None
        return self.plans[0].equity - self.plans[1].equity

    @property
    def close(self) -> bool:
        """The best two are equally good (:data:`~builder.openings.EQUAL`)."""
        return self.loss is not None and self.loss < EQUAL


@dataclass(frozen=True)
class OpeningRow:
    """One opening: its roll, the forced first play, and a cell for each of the 21 second rolls."""

    opening: str
    first: str
    cells: tuple[OpeningCell, ...]

    @property
    def anchor(self) -> str:
        return f"opening-{self.opening}"


@dataclass(frozen=True)
class OpeningTable:
    rows: tuple[OpeningRow, ...]


def _plan(data: Any) -> PlanFigure:
    equity, win = data.get("equity"), data.get("win")
    return PlanFigure(str(data["play"]), None if equity is None else float(equity), None if win is None else float(win))


def load_table(path: Path, problems: list[Problem]) -> OpeningTable | None:
    """The table at ``path``, or None with the problem that stops it being shown."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        problems.append(Problem(path, 1, f"the opening table cannot be read: {error}"))
        return None
    if not isinstance(data, dict):
        problems.append(Problem(path, 1, "the opening table is not a JSON object"))
        return None
    why = stale(data)
    if why:
        problems.append(Problem(path, 1, f"{why}: run python -m builder openings"))
        return None
    try:
        rows = []
        for opening in OPENINGS:
            cells = [data["cells"][cell_key(opening, second)] for second in ROLLS]
            plans = [tuple(_plan(p) for p in cell["plans"]) for cell in cells]
            if any(not p for p in plans):
                raise ValueError(f"a cell of {opening} has no plays")
            rows.append(OpeningRow(str(opening), str(cells[0]["first"]),
                                   tuple(OpeningCell(str(s), p) for s, p in zip(ROLLS, plans, strict=True))))
        return OpeningTable(tuple(rows))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        problems.append(Problem(path, 1, f"the opening table is malformed: {error!r}"))
        return None


def table_of(root: Path, problems: list[Problem]) -> OpeningTable | None:
    """A game's table (``root`` is its lessons folder), None where it has none."""
    path = root / FILE
    return load_table(path, problems) if path.exists() else None

"""Markers shared by test modules."""

from __future__ import annotations

import pytest

from nardy_core import Game

#: the tests that build the whole bear-off table (some ten CPU seconds natively, once per process) run on one
#: pytest-xdist worker (``--dist loadgroup``), which builds it once for them all
WHOLE_TABLE = pytest.mark.xdist_group("whole_bear_off_table")

#: the games whose turns are each one roll (not made of parts, as a cascade of гюльбар's is): the games the
#: engine ranks and judges, and whose self-play the tests of one roll's search walk through
ROLL_GAMES = [game for game in Game if not game.spec.parted_turns]

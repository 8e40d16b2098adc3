"""Work done ahead of need, a slice at a time, while the site's worker has nothing else to do.

The engine judges a race of two all-home sides by the exact bear-off table (:mod:`nardy_core.bearoff`), built
as far as a question needs: fifteen checkers a side build nearly all of it, seconds under Pyodide, while the
worker answers nothing. Once the engine has judged a position where a side has every checker home (the game's
last stretch: the free board's club or master level, a hint), the worker calls :func:`step` whenever it is
idle, and the table fills a few dozen boards at a time over the turns before the race. A page that never asks
the engine (a lesson), or a game still in its middle, never pays for it.
"""

from __future__ import annotations

from . import bearoff
from .net import NET_EVALUATOR, NetEvaluator

BOARDS_PER_STEP = 48  #: about 20 ms natively, some 50 ms under Pyodide: what a request may wait behind


def step(boards: int = BOARDS_PER_STEP, evaluator: NetEvaluator = NET_EVALUATOR) -> bool:
    """Build the bear-off table ``boards`` boards further once ``evaluator`` has judged a side all home; whether
    there is more to do.

    >>> step(evaluator=NetEvaluator())     # an evaluator that has judged nothing yet: nothing to prepare for
    False
    """
    if not evaluator.bearing_off_seen():
        return False
    return bearoff.fill(boards)

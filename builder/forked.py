"""Work split over two processes by forking: the build renders one language here and the other in a child.

A fork copies everything the parent has prepared (the judged course, the board texts, the answer books) in
no time, where a spawned process would import and read it all again. The child's result comes back pickled
through a pipe. Anything unusual gives ``None`` and the caller does the work itself, in order, so that an
error is raised where it would be without the child (a template's error names its line from this process's
traceback). Fork only where no other thread can be holding a lock the child would need (:func:`may_fork`).
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def may_fork(other_threads: int = 0) -> bool:
    """Whether forking is safe here: the platform forks, and no threads run besides this one and
    ``other_threads`` idle ones the caller knows of."""
    return hasattr(os, "fork") and threading.active_count() <= 1 + other_threads


def beside(here: Callable[[], None], there: Callable[[], T]) -> T | None:
    """Run ``here`` in this process while a forked child runs ``there``; the child's result, or ``None`` if
    the child failed or could not start (``here`` has run either way).

    >>> import os
    >>> beside(lambda: None, lambda: os.getpid()) != os.getpid()
    True
    >>> beside(lambda: None, lambda: 1 / 0) is None
    True
    """
    read_end, write_end = os.pipe()
    try:
        child = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        here()
        return None
    if child == 0:  # the child: never returns into the caller's code, never runs its exit handlers
        os.close(read_end)
        status = 1
        try:
            data = pickle.dumps(there(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
            status = 0
        except BaseException:  # the parent does the work again and raises what it raises
            pass
        os._exit(status)
    os.close(write_end)
    try:
        here()
    finally:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(child, 0)
    if status != 0 or not data:
        return None
    try:
        result: T = pickle.loads(data)
    except Exception:  # a result that does not unpickle: the work is done again
        return None
    return result

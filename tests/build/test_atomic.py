"""The build caches are written whole or not at all by builds running at once (the suite's workers build
together, sharing `.cache/`): a fresh clone's run once failed when two builds renamed one staging file."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from builder.atomic import making, write_atomically


def test_writers_of_one_file_at_once_all_succeed_and_leave_it_whole(tmp_path: Path) -> None:
    target = tmp_path / "cache" / "file.br"
    target.parent.mkdir()
    errors: list[BaseException] = []

    def write(n: int) -> None:
        try:
            for _ in range(50):
                write_atomically(target, bytes([n]) * 100_000)
        except BaseException as exc:  # any failure of a writer is the finding
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    data = target.read_bytes()
    assert len(data) == 100_000 and len(set(data)) == 1  # one writer's bytes, whole
    assert [p.name for p in target.parent.iterdir()] == ["file.br"]  # no staging file left behind


def test_a_second_maker_waits_for_the_first_and_finds_its_entry(tmp_path: Path) -> None:
    """Two builds that lack the same cache entry: the second waits while the first makes it, then finds it made
    (the suite's builds on a fresh clone compress the runtime once, not once each)."""
    entry = tmp_path / "entry.br"
    made: list[str] = []
    inside = threading.Event()

    def first() -> None:
        with making(entry):
            inside.set()
            time.sleep(0.3)  # the seconds a real entry takes, shortened: the second must not start meanwhile
            entry.write_bytes(b"made")
            made.append("first")

    thread = threading.Thread(target=first)
    thread.start()
    assert inside.wait(10)
    with making(entry):
        if not entry.is_file():
            made.append("second")
    thread.join()
    assert made == ["first"] and entry.read_bytes() == b"made"

"""The build caches are written whole or not at all by builds running at once (the suite's workers build
together, sharing `.cache/`): a fresh clone's run once failed when two builds renamed one staging file."""

from __future__ import annotations

import threading
from pathlib import Path

from builder.atomic import write_atomically


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

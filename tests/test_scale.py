"""Bounded work and memory: long lines, huge files, archives read game by game. Work is counted
(the function calls a check makes, as cProfile counts them), never timed: the count is the same
however loaded the machine is."""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import random
import tracemalloc
from pathlib import Path

from referee.check import Collector, check_files
from referee.games.euchre import GAME
from referee.output.render import JsonWriter


def _calls(action, *args: object) -> int:
    """The function calls `action(*args)` makes: a count of its work that no other process changes."""
    profiler = cProfile.Profile()
    profiler.runcall(action, *args)
    return pstats.Stats(profiler).total_calls


def _peak_kib(action) -> float:
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 1024
    finally:
        tracemalloc.stop()


def test_a_100_mb_file_without_newlines_is_rejected_quickly_in_little_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.ttn"
    with open(path, "wb") as f:
        block = b"x" * (1 << 20)
        for _ in range(100):
            f.write(block)
    collector = Collector()
    calls: list[int] = []
    peak = _peak_kib(lambda: calls.append(_calls(lambda: check_files([str(path)], collector))))
    assert calls[0] < 200_000, calls  # about 13,000: no work per byte (a byte at a time would be 100 million)
    assert peak < 16 * 1024, f"peak {peak:.0f} KiB"  # the file is 100 MiB
    errors = collector.verdict.files[0].errors
    assert len(errors) == 1 and "longer than" in errors[0].message


def test_memory_stays_flat_when_the_archive_grows_tenfold(tmp_path: Path) -> None:
    rng = random.Random(11)
    small, large = tmp_path / "small.ttn", tmp_path / "large.ttn"
    small.write_text("".join(GAME.random_game(rng, 5) for _ in range(20)), "utf-8")
    large.write_text("".join(GAME.random_game(rng, 5) for _ in range(200)), "utf-8")

    def run(path: Path) -> float:
        with open(os.devnull, "w") as out:
            return _peak_kib(lambda: check_files([str(path)], JsonWriter(out)))

    run(small)  # build the parser and load the rulebooks first
    assert run(large) < 1.5 * run(small) + 256


def test_work_is_linear_in_archive_size(tmp_path: Path) -> None:
    rng = random.Random(12)
    sizes = {}
    for count in (30, 300):
        path = tmp_path / f"a{count}.ttn"
        path.write_text("".join(GAME.random_game(rng, 5) for _ in range(count)), "utf-8")
        sizes[count] = _calls(check_files, [str(path)], JsonWriter(io.StringIO()))
    assert sizes[300] < 20 * sizes[30]  # linear would be 10x; quadratic 100x

"""``--jobs``: the same output, in the same order, as a sequential run."""

from __future__ import annotations

import io
import random
from pathlib import Path

from referee import parallel
from referee.check import check_files
from referee.games.euchre import GAME
from referee.notation.reader import split_games
from referee.output.render import JsonWriter, TextWriter


def _archive(tmp_path: Path) -> Path:
    rng = random.Random(7)
    games = [GAME.random_game(rng, 3) for _ in range(40)]
    games[5] = games[5].replace("trick 2: ", "trick 2: N XS, ", 1)  # a syntax error in one game
    games[9] = games[9].replace('[Game "euchre"]', '[Game "whist"]')  # an unusable header
    path = tmp_path / "archive.ttn"
    path.write_text("# an archive\n" + "\n".join(games), "utf-8")
    return path


def _run(paths: list[str], jobs: int, json: bool, monkeypatch) -> tuple[str, str, int]:
    monkeypatch.setattr(parallel, "UNIT_BYTES", 2000)  # many small parts
    out, err = io.StringIO(), io.StringIO()
    sink = JsonWriter(out) if json else TextWriter(out, err)
    if jobs == 1:
        summary = check_files(paths, sink)
    else:
        summary = parallel.check_files_parallel(paths, sink, None, jobs)
    return out.getvalue(), err.getvalue(), summary.exit_code


def test_parallel_output_is_identical(tmp_path: Path, monkeypatch) -> None:
    binary = tmp_path / "tail.ttn"
    binary.write_bytes(GAME.random_game(random.Random(1), 2).encode() + b"\n\x00\x01"
                       + GAME.random_game(random.Random(2), 2).encode())
    paths = [str(_archive(tmp_path)), str(tmp_path / "missing.ttn"), str(binary)]
    for json in (True, False):
        assert _run(paths, 1, json, monkeypatch) == _run(paths, 2, json, monkeypatch)


def test_parts_are_whole_games() -> None:
    text = "".join(GAME.random_game(random.Random(3), 2) for _ in range(5)).encode()
    parts = list(split_games(io.BytesIO(text), 1))
    assert len(parts) == 5 and b"".join(data for _, data in parts) == text
    assert all(data.startswith(b'[Game "euchre"]') for _, data in parts)
    assert [first for first, _ in parts] == [1 + sum(d.count(b"\n") for _, d in parts[:i]) for i in range(5)]

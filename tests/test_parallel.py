"""``--jobs``: the same output, in the same order, as a sequential run."""

from __future__ import annotations

import io
import random
from pathlib import Path

from referee import parallel
from referee.check import check_files
from referee.games.euchre import GAME
from referee.notation.limits import MAX_ERRORS
from referee.notation.reader import split_games
from referee.output.render import JsonWriter, TextWriter


def _archive(tmp_path: Path) -> Path:
    rng = random.Random(7)
    games = [GAME.random_game(rng, 3) for _ in range(40)]
    games[5] = games[5].replace("trick 2: ", "trick 2: N XS, ", 1)  # a syntax error in one game
    games[9] = games[9].replace('[Game "euchre"]', '[Game "piquet"]')  # an unusable header
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


def test_a_broken_header_is_cut_where_a_sequential_run_starts_its_game(tmp_path: Path, monkeypatch) -> None:
    """A part starts only where the reader starts a game: at a tag line after a hand, not at a tag
    line after a broken line among the tags (still the same header) nor at a broken tag line; and a
    tag without its bracket among the tags is told as a tag, whatever game came before it."""
    games = [GAME.random_game(random.Random(5 + i), 2) for i in range(8)]
    games[1] = games[1].replace("[Players", 'Players "N E S W"]\n[Players', 1)  # a tag without its bracket
    games[3] = games[3].replace('[Game "euchre"]', '[Game "euchre"\n[Game "euchre"]', 1)  # an unclosed tag
    games[5] = games[5].replace("[Partners", "[Rules\n[Partners", 1)
    games[6] = games[6].replace("hand 1 ", "# a note\nhand 1 ", 1)
    path = tmp_path / "broken-headers.ttn"
    path.write_text("\n".join(games), "utf-8")
    monkeypatch.setattr(parallel, "UNIT_BYTES", 200)  # a cut looked for at every line
    for json in (True, False):
        sequential = _run([str(path)], 1, json, monkeypatch)
        assert sequential == _run([str(path)], 2, json, monkeypatch)
    cuts = [data.split(b"\n", 1)[0] for _, data in split_games(io.BytesIO(path.read_bytes()), 1)]
    assert cuts == [b'[Game "euchre"]'] * 3 + [b'[Game "euchre"'] + [b'[Game "euchre"]'] * 4  # the unclosed tag's game
    assert "a tag line starts with '[' and ends with ']' — write '[Players \"N E S W\"]'" in sequential[1]


def test_a_game_opened_after_a_byte_order_mark_or_an_indent_is_cut_where_it_opens(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """A tag line after a byte-order mark (``cat`` of two files) or indented opens a game as a tag
    line does, and so does a broken one after a byte-order mark or typed with a full-width bracket:
    a part starts there, never at the tags after it (which a sequential run reads into that header)."""
    games = [GAME.random_game(random.Random(20 + i), 2) for i in range(5)]
    games[1] = "\ufeff" + games[1].replace('[Game "euchre"]', '[Game "euchre"', 1)
    games[2] = "\ufeff" + games[2]
    games[3] = "  " + games[3]
    games[4] = games[4].replace('[Game "euchre"]', '\uff3bGame "euchre"\uff3d', 1)
    path = tmp_path / "opened.ttn"
    path.write_text("\n".join(games), "utf-8")
    monkeypatch.setattr(parallel, "UNIT_BYTES", 64)
    for json in (True, False):
        assert _run([str(path)], 1, json, monkeypatch) == _run([str(path)], 2, json, monkeypatch)
    cuts = [data.split(b"\n", 1)[0] for _, data in split_games(io.BytesIO(path.read_bytes()), 64)]
    assert cuts == [b'[Game "euchre"]', b'\xef\xbb\xbf[Game "euchre"', b'\xef\xbb\xbf[Game "euchre"]',
                    b'  [Game "euchre"]', '\uff3bGame "euchre"\uff3d'.encode()]


def test_past_the_problem_limit_the_output_is_still_identical(tmp_path: Path, monkeypatch) -> None:
    """About 2,500 problems over many games: the first `MAX_ERRORS` are listed and the rest
    counted, and past as many unreadable lines only clean hands are read, across the whole file
    as in a sequential run; not per part."""
    rng = random.Random(11)
    games = []
    for number in range(36):  # 12 header problems and 2,400 unreadable lines
        game = GAME.random_game(rng, 2)
        if number % 3 == 0:
            game = game.replace('[Game "euchre"]', '[Game "piquet"]')  # a problem in the header
        elif number % 3 == 1:  # a hundred lines no one can read, in the middle of a hand
            game = game.replace("trick 2: ", "N XS\n" * 100 + "trick 2: ", 1)
        else:  # as many that a hand spoilt by its first one no longer reads, once past the limit
            game = game.replace("hand 2", "zz ?\n" * 100 + "hand 2", 1)
        games.append(game)
    path, long_game = tmp_path / "broken.ttn", tmp_path / "long-game.ttn"
    path.write_text("\n".join(games), "utf-8")
    long = GAME.random_game(rng, 120).replace("trick 3: ", "N XS\ntrick 3: ")  # too long to hand out
    long_game.write_text("\n".join(games[:4] + [long] + games), "utf-8")
    for json in (True, False):
        for checked in (long_game, path):
            sequential = _run([str(checked)], 1, json, monkeypatch)
            assert sequential == _run([str(checked)], 2, json, monkeypatch)
    _, err, status = sequential
    assert status == 2 and err.count("\n") == MAX_ERRORS + 1 and "more problems in this file" in err
    assert "lines could not be read so far" in err

"""`read_lines` reads a block at a time and hands anything unusual to the line-at-a-time reader:
both must give the same lines and problems, wherever the blocks happen to end."""

from __future__ import annotations

import io
import random

import pytest

from referee.notation import reader

PIECES = [b"a", b"bc", b"\n", b"\r", b"\r\n", b"\x00", b"\xef\xbb\xbf", "\u00e9".encode(), "\U0001d11e".encode(),
          b"\xff", b"\xc3", b"trick 1: N AS", b"   "]


@pytest.mark.parametrize("seed", range(4))
def test_blocks_read_as_lines_one_at_a_time(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    for _ in range(1500):
        monkeypatch.setattr(reader, "MAX_LINE_CHARS", rng.choice([2, 3, 4, 6, 10, 4096]))
        monkeypatch.setattr(reader, "_BLOCK", rng.choice([1, 2, 3, 5, 8, 13, 64, 1 << 16]))
        data = b"".join(rng.choice(PIECES) for _ in range(rng.randrange(30)))
        first = rng.choice([1, 1, 5])
        blocks = list(reader.read_lines(io.BytesIO(data), first))
        assert blocks == list(reader._read_lines_slowly(io.BytesIO(data), first)), (data, first)


def test_a_stream_that_only_reads_lines_is_read_a_line_at_a_time() -> None:
    class Lines:
        def __init__(self, data: bytes) -> None:
            self.data = io.BytesIO(data)

        def readline(self, size: int = -1) -> bytes:
            return self.data.readline(size)

    assert list(reader.read_lines(Lines(b"hand 1\r\nN pass\n"))) == [(1, "hand 1"), (2, "N pass")]  # type: ignore[arg-type]

"""Where transcripts come from: files, ``-`` for standard input, directories and ``.gz`` files.

Every command takes its files through here, so each reads ``-`` and ``archive.ttn.gz`` the
same way; ``check`` also walks directories, as linters do.
"""

from __future__ import annotations

import gzip
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

STDIN = "-"
"""The path that names standard input."""

SUFFIXES = (".ttn", ".ttn.gz")
"""The files a directory is searched for."""


def expand(paths: Iterable[str]) -> Iterator[str]:
    """`paths` with each directory replaced by the transcripts under it (recursively, sorted).

    A directory holding none is kept as it is, so the checker reports it in its own words.
    """
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = sorted(str(p) for p in Path(path).rglob("*") if p.name.endswith(SUFFIXES) and p.is_file())
            yield from found or [path]
        else:
            yield path


def open_binary(path: str) -> BinaryIO:
    """The transcript's bytes: standard input for ``-``, decompressed for a ``.gz`` file."""
    if path == STDIN:
        return sys.stdin.buffer
    if path.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def read_bytes(path: str) -> bytes:
    """The whole transcript (for commands that read it more than once, as ``explain`` does)."""
    with open_binary(path) as stream:
        return stream.read()


DAMAGED = (OSError, EOFError, zlib.error)
"""What reading a damaged ``.gz`` file raises (`gzip.BadGzipFile` is an OSError, a cut-off file
an EOFError, a corrupt one zlib's error)."""

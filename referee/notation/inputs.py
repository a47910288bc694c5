"""Where transcripts come from: files, ``-`` for standard input, directories and ``.gz`` files.

Every command takes its files through here, so each reads ``-`` and ``archive.ttn.gz`` the
same way; ``check`` also walks directories, as linters do.
"""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import BinaryIO

STDIN = "-"
"""The path that names standard input."""

SUFFIXES = (".ttn", ".ttn.gz")
"""The files a directory is searched for, in any case (``GAME.TTN`` from an old FAT disk too)."""

GZIP_MAGIC = b"\x1f\x8b"
"""How a gzip stream starts: standard input that starts so is decompressed."""


def compressed(path: str) -> bool:
    """Whether `path` names a gzip file (``.gz`` in any case)."""
    return path.lower().endswith(".gz")


def expand(paths: Iterable[str]) -> Iterator[str]:
    """`paths` with each directory replaced by the transcripts under it (recursively, sorted).

    Nothing under a directory is passed over in silence: a subdirectory that cannot be listed and
    a ``.ttn`` link to nothing are kept as they are, so the checker reports each (exit 2) in its
    own words, as it reports a directory holding no transcript.
    """
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            yield from _transcripts_under(path) or [path]
        else:
            yield path


def _transcripts_under(folder: str) -> list[str]:
    """The transcripts under `folder` and the folders below it that cannot be listed, sorted.
    (A link to a folder is not followed, as ``rglob`` did not; a link named ``*.ttn`` is kept
    whether or not it leads anywhere.)"""
    found: list[str] = []

    def unlisted(error: OSError) -> None:
        found.append(str(error.filename))

    for below, _, files in os.walk(folder, onerror=unlisted):
        found += [os.path.join(below, name) for name in files if name.lower().endswith(SUFFIXES)]
    return sorted(found)


def open_binary(path: str) -> BinaryIO:
    """The transcript's bytes: standard input for ``-``, decompressed for a ``.gz`` file or for
    standard input that starts as gzip does (``gzip -c a.ttn | referee check -``)."""
    if path == STDIN:
        return _standard_input()
    if compressed(path):
        import gzip  # only for a .gz file: costly to import on every run

        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def _standard_input() -> BinaryIO:
    """Standard input, decompressed as it is read when it starts with `GZIP_MAGIC`. Its first
    bytes are looked at without being taken (`peek`); when fewer than two are there at once (a
    pipe's writer gave one), they are read and put back in front (`_Joined`)."""
    stream: BinaryIO = sys.stdin.buffer
    peek = getattr(stream, "peek", None)
    head = peek(2)[:2] if peek is not None else b""
    if len(head) < 2:
        head = stream.read(2)
        stream = _Joined(head, stream)  # type: ignore[assignment]
    if head != GZIP_MAGIC:
        return stream
    import gzip

    return gzip.GzipFile(fileobj=stream, mode="rb")  # type: ignore[return-value]


class _Joined:
    """`head`, already read, then the rest of `stream`: what the reader and gzip call."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self.head = head
        self.stream = stream

    def read(self, size: int = -1) -> bytes:
        head, self.head = self.head, b""
        if size < 0:
            return head + self.stream.read()
        if size <= len(head):
            self.head = head[size:]
            return head[:size]
        return head + self.stream.read(size - len(head))

    def readline(self, size: int = -1) -> bytes:
        head, self.head = self.head, b""
        end = head.find(b"\n") + 1 or len(head)
        if 0 <= size < end:
            end = size
        line, self.head = head[:end], head[end:]
        if line.endswith(b"\n") or len(line) == size or self.head:
            return line
        return line + self.stream.readline(size - len(line) if size >= 0 else -1)

    def close(self) -> None:
        """Standard input is left open, as for the plain stream."""

    def __enter__(self) -> _Joined:
        """`fmt -` holds its input in a ``with``, as every file: a pipe whose writer gave one byte
        first came here, and the missing protocol was a traceback."""
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


def read_bytes(path: str) -> bytes:
    """The whole transcript (for commands that read it more than once, as ``explain`` does)."""
    with open_binary(path) as stream:
        return stream.read()


DAMAGED = (OSError, EOFError, zlib.error)
"""What reading a damaged ``.gz`` file raises (`gzip.BadGzipFile` is an OSError, a cut-off file
an EOFError, a corrupt one zlib's error)."""


def package_text(package: str, *parts: str) -> str:
    """The text (UTF-8) of the file `parts` inside the installed `package`, read from its
    folder: `importlib.resources`, which also reads from zip files, costs a tenth of the
    start-up of a one-hand check to import (it imports tempfile, zipfile and threading)."""
    import importlib

    folder = importlib.import_module(package).__path__[0]
    path = os.path.join(folder, *parts)
    if not os.path.isfile(path):  # not installed as files: a zip, an unusual loader
        from importlib import resources

        return resources.files(package).joinpath(*parts).read_text("utf-8")
    with open(path, encoding="utf-8") as stream:
        return stream.read()

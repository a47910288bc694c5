"""Where transcripts come from: files, ``-`` for standard input, directories and ``.gz`` files.

Every command takes its files through here, so each reads ``-`` and ``archive.ttn.gz`` the
same way; ``check`` also walks directories, as linters do.
"""

from __future__ import annotations

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
        import gzip  # only for a .gz file: costly to import on every run

        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


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

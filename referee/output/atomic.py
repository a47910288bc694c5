"""Writing a file so that what a person wrote is never lost: a temporary file, then a rename.

Every file `referee` writes for a user (`check -o`, `report -o`, `fmt`, the desk's Save) goes
through `atomic_writer`. The text is written to a temporary file in the same folder, flushed and
synced to the disk, and renamed over the target only when all of it is there. A full disk, a
crash or an error half-way leaves the old file as it was; a reader polling the file sees the old
text or the new one, never an empty or a truncated file. Nothing is created at all when the
writing fails, so a command that exits 2 leaves no output behind.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import TextIO


@contextlib.contextmanager
def atomic_writer(path: str, newline: str | None = "\n") -> Iterator[TextIO]:
    """A text stream whose contents replace `path` when the ``with`` block ends without error.

    The target keeps its permission bits when it exists; a new file gets the usual ones (the
    umask's). A symbolic link is followed, so the file it names is replaced, not the link.
    On an exception the temporary file is removed and `path` is untouched.
    """
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    descriptor, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_atomically(path: str, text: str, newline: str | None = "\n") -> None:
    """Replace `path` with `text`, all or nothing (see `atomic_writer`)."""
    with atomic_writer(path, newline) as stream:
        stream.write(text)


def same_file(first: str, second: str) -> bool:
    """Whether two paths name one file (by device and inode, so through links too); False when
    either does not exist."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def _mode_for(target: str) -> int:
    """The permission bits the new file gets: the old file's, or 0o666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask

"""Writing a file so that what a person wrote is never lost: a temporary file, then a rename.

Every file `referee` writes for a user (`check -o`, `report -o`, `fmt`, the desk's Save) goes
through `atomic_writer`. The text is written to a temporary file in the same folder, flushed and
synced to the disk, and renamed over the target only when all of it is there. A full disk, a
crash or an error half-way leaves the old file as it was; a reader polling the file sees the old
text or the new one, never an empty or a truncated file. Nothing is created at all when the
writing fails, so a command that exits 2 leaves no output behind, nor does one ended by Ctrl-C,
``kill`` or a closed terminal.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from typing import NoReturn, TextIO


@contextlib.contextmanager
def atomic_writer(path: str, newline: str | None = "\n") -> Iterator[TextIO]:
    """A text stream whose contents replace `path` when the ``with`` block ends without error.

    The target keeps its permission bits when it exists; a new file gets the usual ones (the
    umask's). A symbolic link is followed, so the file it names is replaced, not the link.
    On an exception, or a signal that ends the process, the temporary file is removed and `path`
    is untouched.
    """
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    ended, temporary = None, None
    try:
        with _signals_raise():
            try:
                with _held_back():  # a signal as the file is made waits until its name is known
                    descriptor, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                                             dir=folder)
                with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as stream:
                    yield stream
                    stream.flush()
                    os.fsync(stream.fileno())
                os.chmod(temporary, _mode_for(target))
                os.replace(temporary, target)
            except BaseException:
                if temporary is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(temporary)
                raise
    except _Ended as error:  # also one that came once the file was in place, as the handlers were put back
        ended = error.signal
    if ended is not None:
        os.kill(os.getpid(), ended)  # the handler is the old one again: the process ends as the signal meant
        raise SystemExit(128 + ended)  # only if it let the process live on


class _Ended(BaseException):
    """A signal that ends the process (`ENDING`) came while the temporary file was there."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.signal = number


ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""``kill`` and a closed terminal; Ctrl-C raises KeyboardInterrupt (see `_on_signal`)."""

_waiting: list[int] | None = None
"""While a few steps that must not be cut in two run (`_held_back`), the signals that came meanwhile."""


def _on_signal(number: int, frame: object) -> None:
    if _waiting is not None:
        _waiting.append(number)
    else:
        _end_by(number)


def _end_by(number: int) -> NoReturn:
    raise KeyboardInterrupt if number == signal.SIGINT else _Ended(number)


@contextlib.contextmanager
def _held_back() -> Iterator[None]:
    """Let a signal wait until the block is done: one that came between the temporary file's making
    and its name's return (`mkstemp`) would leave a file nobody knew to remove. Python runs signal
    handlers in the main thread alone, between two steps, so a flag is enough."""
    global _waiting
    _waiting = []
    try:
        yield
    finally:
        came, _waiting = _waiting, None
        if came:
            _end_by(came[0])


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """Have `ENDING` signals raise `_Ended`, and Ctrl-C KeyboardInterrupt, through `_on_signal` for
    the block, so that the temporary file is removed before the process ends: by default kill and
    a closed terminal end it at once, leaving the file behind. A signal someone chose to ignore
    (``nohup``) or handle stays so; a thread other than the main one (the desk saves from its
    workers) cannot set handlers, and leaves them as they are."""
    previous = {}
    for number, usual in [(n, signal.SIG_DFL) for n in ENDING] + [(signal.SIGINT, signal.default_int_handler)]:
        try:
            if signal.getsignal(number) is usual:
                previous[number] = signal.signal(number, _on_signal)
        except ValueError:  # not the main thread
            break
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


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

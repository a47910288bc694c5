"""Bounds on what one request, and all of them together, may cost the desk.

A check, a table view or a report runs in a thread of its own, and a thread cannot be killed:
it must stop itself. Each request's `Work` says when — its client has left, or its time
(`WORK_SECONDS`) is up — and the checkers the desk runs (`Watching`) look at it as they read
lines and between hands, so a stopped request costs at most a few more lines or one hand.

Together the requests are bounded by the size of what they hold (`Load`): the transcripts
being worked on at once add up to at most `MAX_WORK_BYTES` (a check's memory grows with its
transcript, about forty times its size for a view), and the bodies the desk holds in all —
read, waiting or in work — to at most `MAX_HELD_BYTES`; past that a request is told the desk
is busy (503) rather than queued without end.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import IO, Any, BinaryIO, cast

import anyio

from ..check import Checker
from ..engine.verdict import HandVerdict
from ..games import Session
from ..notation.reader import HandRecord, Problem
from .lasthand import SessionKeeper

WORK_SECONDS = 120.0
"""A 4 MB transcript (the largest the desk takes) is viewed in a few seconds on a laptop (a
minute on a machine shared by eight busy processes); a request at work for two minutes is
stopped and told to use the command line."""
MAX_WORK_BYTES = 4 * 1024 * 1024
"""Bytes of transcript being worked on at once: one of the largest, or many small ones."""
MAX_HELD_BYTES = 3 * MAX_WORK_BYTES
"""Bytes of request bodies the desk holds at once, read, waiting or in work."""
LINES_PER_LOOK = 256
"""Lines read between two looks at the request's `Work`."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How long the desk waits, in seconds (the tests shorten them). A client on a club's Wi-Fi
    sends a 4 MB transcript in a few seconds; one that sends nothing for `gap` seconds, or takes
    more than `head` to send a request's first lines, holds a connection for nobody."""

    head: float = 10.0
    """For a request's line and headers, from the connection (or the last answer on it)."""
    gap: float = 15.0
    """Between two pieces of a request's body."""
    body: float = 60.0
    """For a whole body."""
    work: float = WORK_SECONDS
    """For the work of a request (`Work`)."""


class Stopped(Exception):
    """The request's work was stopped: its client left, or its time was up (`timed_out`)."""

    def __init__(self, timed_out: bool) -> None:
        super().__init__("time is up" if timed_out else "the client left")
        self.timed_out = timed_out


class Busy(Exception):
    """The desk holds as much as it may: the request is refused, to be sent again later."""


class Work:
    """One request's work: stopped when its client leaves (`stop`) or its time is up."""

    def __init__(self, seconds: float = WORK_SECONDS) -> None:
        self.deadline = time.monotonic() + seconds
        self._left = threading.Event()

    def stop(self) -> None:
        self._left.set()

    def look(self) -> None:
        """Raise `Stopped` if the work should stop (called from the working thread)."""
        if self._left.is_set():
            raise Stopped(False)
        if time.monotonic() > self.deadline:
            raise Stopped(True)


class _WatchedStream:
    """A binary stream that looks at `work` every `LINES_PER_LOOK` lines read."""

    def __init__(self, stream: BinaryIO, work: Work) -> None:
        self._stream, self._work, self._lines = stream, work, 0

    def readline(self, limit: int = -1) -> bytes:
        self._lines += 1
        if self._lines % LINES_PER_LOOK == 0:
            self._work.look()
        return self._stream.readline(limit)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class Watching(Checker):
    """A checker that stops when its `work` says so: while it reads, and before each hand."""

    work: Work | None = None

    def check_stream(self, stream: BinaryIO, first_line: int = 1) -> bool:
        if self.work is None:
            return super().check_stream(stream, first_line)
        return super().check_stream(cast(BinaryIO, cast(IO[bytes], _WatchedStream(stream, self.work))), first_line)

    def _adjudicate(self, session: Session, record: HandRecord) -> HandVerdict | list[Problem]:
        if self.work is not None:
            self.work.look()
        return super()._adjudicate(session, record)


class WatchedChecker(Watching):
    """`Checker` that stops with its request."""


class WatchedKeeper(Watching, SessionKeeper):
    """`SessionKeeper` that stops with its request."""


class Load:
    """What the desk's requests hold together: the bodies (`held`, at most `MAX_HELD_BYTES`)
    and the transcripts in work (at most `MAX_WORK_BYTES`; one larger alone)."""

    def __init__(self, most_held: int = MAX_HELD_BYTES, most_work: int = MAX_WORK_BYTES) -> None:
        self.most_held, self.most_work = most_held, most_work
        self.held = 0
        self.working = 0
        self._changed: anyio.Condition | None = None

    def hold(self, size: int) -> None:
        """Count `size` more bytes of body held; `Busy` past the bound. (On the event loop only.)"""
        if self.held + size > self.most_held:
            raise Busy
        self.held += size

    def release(self, size: int) -> None:
        self.held -= size

    @contextlib.asynccontextmanager
    async def working_on(self, size: int) -> AsyncIterator[None]:
        """Wait until the transcripts in work leave room for `size` bytes more, then hold it."""
        if self._changed is None:
            self._changed = anyio.Condition()
        changed = self._changed
        size = max(size, 1)
        async with changed:
            while self.working and self.working + size > self.most_work:
                await changed.wait()
            self.working += size
        try:
            yield
        finally:
            with anyio.CancelScope(shield=True):
                async with changed:
                    self.working -= size
                    changed.notify_all()



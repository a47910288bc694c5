"""The desk's connections: none held open for nothing, and a machine out of descriptors said once.

Uvicorn closes a connection idle between two requests, but not one that sends half a request
and waits: with the 256 descriptors macOS gives a process, 300 such connections locked every
one out of the desk, and each refused ``accept()`` was logged with its traceback (2 million
lines in one test). Here a connection has `Limits.head` seconds to send a request's first lines
— from the moment it opens, or from the last answer on it — or it is closed; the body's time
is bounded by the desk itself (`app._body`). Running out of descriptors is said once, until a
connection is accepted again. The soft limit on descriptors is also raised to the hard one.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import sys
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .work import Limits

OUT_OF_DESCRIPTORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
NOTICE_SECONDS = 60.0
MOST_DESCRIPTORS = 65536
"""How far the soft limit on open files is raised (when the hard limit allows)."""


class AcceptNotice:
    """A loop's exception handler that says that ``accept()`` failed for want of descriptors
    once a minute at most, not on each retry (every second); anything else goes to the default
    handler."""

    def __init__(self) -> None:
        self.said_at: float | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_DESCRIPTORS:
            now = time.monotonic()
            if self.said_at is None or now - self.said_at > NOTICE_SECONDS:
                self.said_at = now
                print("referee desk: out of file descriptors: new connections wait until others close "
                      f"({error.strerror}; said once a minute at most)", file=sys.stderr, flush=True)
            return
        handle = context.get("handle")
        if isinstance(error, (OSError, ValueError)) and "_start_serving" in repr(handle):
            return  # a retry of accept() after such a failure, run after the desk closed its socket
        loop.default_exception_handler(context)


def protocol_for(limits: Limits) -> type[H11Protocol]:
    """Uvicorn's HTTP/1.1 protocol, closing a connection that does not send a request's head
    within `limits.head` seconds."""

    class TimedProtocol(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait_for_head()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._wait_for_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

        def _wait_for_head(self) -> None:
            """Close the connection unless a new request begins in time (none is in progress)."""
            self._stop_waiting()
            cycle = self.cycle
            if cycle is None or cycle.response_complete:
                self._head_timer = self.loop.call_later(limits.head, self._late, cycle)

        def _stop_waiting(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _late(self, cycle: object) -> None:
            self._head_timer = None
            if self.cycle is cycle and not self.transport.is_closing():
                self.transport.close()

    return TimedProtocol


def raise_descriptor_limit() -> None:
    """Raise the soft limit on open files to the hard one (at most `MOST_DESCRIPTORS`): macOS
    starts every process with 256."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, MOST_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

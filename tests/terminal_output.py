"""Reading what a command wrote to a pseudo-terminal, for the tests that run it as on a screen."""

from __future__ import annotations

import os


def read_until_closed(fd: int) -> bytes:
    """Everything written to the pty whose controlling side is `fd`, until the writer closes it
    (Linux reports that as an OSError rather than an empty read); `fd` is then closed."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)

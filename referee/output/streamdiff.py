"""A unified diff built piece by piece, for ``referee fmt --diff`` on a file of any size.

`difflib.unified_diff` needs both texts whole. ``fmt`` knows which piece of the file each piece
of its output replaces (a hand, a header), so past `WHOLE_CHARS` each pair of pieces is matched
on its own and the operations are joined into one stream; hunks are then cut exactly as
`difflib` cuts them (`SequenceMatcher.get_grouped_opcodes`) and written in its format. Memory
holds one piece, the context lines around a change and the hunk being written (spilled to disk
past a megabyte). Matching piece by piece may align a line differently from matching the whole
file (the diff is as correct, but not the same), so a smaller file is diffed whole, as it
always was.
"""

from __future__ import annotations

import tempfile
from collections import deque
from collections.abc import Callable
from difflib import SequenceMatcher, unified_diff

WHOLE_CHARS = 2 << 20
"""A file up to this many characters is diffed whole by `difflib`: the diff ``fmt`` has always shown."""


def _range(start: int, stop: int) -> str:
    """A hunk's range as `difflib` writes it (``start,length``, one-based)."""
    beginning, length = start + 1, stop - start
    if length == 1:
        return str(beginning)
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


class UnifiedDiff:
    """Feed it pieces (the old lines, the new lines that replace them); it writes the hunks."""

    def __init__(self, write: Callable[[str], object], old_name: str, new_name: str, context: int = 3) -> None:
        self.write = write
        self.names = old_name, new_name
        self.context = context
        self.i = self.j = 0  # lines of each side fed so far
        # the run of equal lines not yet placed: its first lines, its last ones, its length, where it starts
        self.head: list[str] = []
        self.tail: deque[str] = deque(maxlen=context)
        self.equal = 0
        self.equal_at = (0, 0)
        # the change being written: its lines taken out are in the hunk, those put in wait here
        self.added: tempfile.SpooledTemporaryFile[str] | None = None
        self.changed = (0, 0)  # lines taken out and put in so far
        self.changed_at = (0, 0)
        self.hunk: tempfile.SpooledTemporaryFile[str] | None = None  # the open hunk's lines
        self.hunk_at = (0, 0)  # where the open hunk starts
        self.hunk_end = (0, 0)
        self.started = False
        self.whole: list[tuple[list[str], list[str]]] | None = []  # the pieces, while the file is small
        self.size = 0

    def feed(self, old: list[str], new: list[str]) -> None:
        """The next piece: lines as written and the lines that replace them (each with its line end)."""
        if self.whole is None:
            self._feed(old, new)
            return
        self.whole.append((old, new))
        self.size += sum(map(len, old))
        if self.size > WHOLE_CHARS:
            for piece in self.whole:
                self._feed(*piece)
            self.whole = None

    def _feed(self, old: list[str], new: list[str]) -> None:
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new).get_opcodes():
            if tag == "equal":
                self._change_done()
                self._equal(old[i1:i2], self.i + i1, self.j + j1)
            else:
                self._changed(old[i1:i2], new[j1:j2], self.i + i1, self.j + j1)
        self.i += len(old)
        self.j += len(new)

    def close(self) -> None:
        if self.whole is not None:
            old = [line for piece, _ in self.whole for line in piece]
            new = [line for _, piece in self.whole for line in piece]
            for line in unified_diff(old, new, *self.names):
                self.write(line)
            return
        self._change_done()
        if self.hunk is not None:  # the last equal lines: context after the last change
            self._lines(" ", self.head[:self.context], self.equal_at[0], self.equal_at[1], equal=True)
            self._end_hunk()

    # -- the stream of operations

    def _equal(self, lines: list[str], i: int, j: int) -> None:
        if not self.equal:
            self.equal_at = (i, j)
        for line in lines:  # the first `context` lines, the last ones, and how many in all
            if len(self.head) < 2 * self.context:
                self.head.append(line)
            else:
                self.tail.append(line)
        self.equal += len(lines)

    def _changed(self, old: list[str], new: list[str], i: int, j: int) -> None:
        """Consecutive changes (across pieces) are one change, as `difflib` reports them: every
        line taken out, then every line put in (kept aside until the change ends)."""
        if self.added is None:
            self._equal_done()
            self.added = _spool()
            self.changed, self.changed_at = (0, 0), (i, j)
        self._lines("-", old, i, j)
        for line in new:
            self.added.write("+" + line)
        self.changed = (self.changed[0] + len(old), self.changed[1] + len(new))

    def _equal_done(self) -> None:
        """Place the equal lines before a change: context, or the end of one hunk and the start of the next."""
        n, lines, count = self.context, self.head + list(self.tail), self.equal
        i, j = self.equal_at
        if self.hunk is not None and count > 2 * n:
            self._lines(" ", lines[:n], i, j, equal=True)
            self._end_hunk()
        if self.hunk is None:
            start = max(count - n, 0)
            self._start_hunk(i + start, j + start)
            self._lines(" ", lines[len(lines) - (count - start):], i + start, j + start, equal=True)
        else:
            self._lines(" ", lines, i, j, equal=True)
        self.head, self.equal = [], 0
        self.tail.clear()

    def _change_done(self) -> None:
        if self.added is None:
            return
        assert self.hunk is not None  # opened by `_equal_done`
        _copy(self.added, self.hunk.write)
        (i, j), (taken, put) = self.changed_at, self.changed
        self.hunk_end = self.equal_at = (i + taken, j + put)
        self.added = None

    # -- writing

    def _start_hunk(self, i: int, j: int) -> None:
        self.hunk = _spool()
        self.hunk_at = self.hunk_end = (i, j)

    def _lines(self, sign: str, lines: list[str], i: int, j: int, equal: bool = False) -> None:
        assert self.hunk is not None
        for line in lines:
            self.hunk.write(sign + line)
        if equal:
            self.hunk_end = (i + len(lines), j + len(lines))

    def _end_hunk(self) -> None:
        assert self.hunk is not None
        if not self.started:
            self.write(f"--- {self.names[0]}\n+++ {self.names[1]}\n")
            self.started = True
        (i1, j1), (i2, j2) = self.hunk_at, self.hunk_end
        self.write(f"@@ -{_range(i1, i2)} +{_range(j1, j2)} @@\n")
        _copy(self.hunk, self.write)
        self.hunk = None


def _spool() -> tempfile.SpooledTemporaryFile[str]:
    """Lines waiting to be written: in memory up to a megabyte, then on disk."""
    return tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8", newline="")


def _copy(spool: tempfile.SpooledTemporaryFile[str], write: Callable[[str], object]) -> None:
    """Write out what `spool` holds, and close it."""
    spool.seek(0)
    while chunk := spool.read(1 << 16):
        write(chunk)
    spool.close()


"""`Problem`: why (part of) a file could not be used, with where and a hint.

Its own module so that the reader and the helpers it calls (`handline`) share it without a
cycle; `referee.notation.reader` re-exports it, as everything else imports it from there.
"""

from __future__ import annotations

from .records import record


@record
class Problem:
    """Why (part of) a file could not be used: shown as ``file:line:col: message — hint``."""

    line: int
    column: int
    message: str
    hint: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"line": self.line, "column": self.column, "message": self.message, "hint": self.hint}

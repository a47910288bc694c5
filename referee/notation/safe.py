"""Text from a transcript shown harmlessly: control characters escaped, never sent to a terminal.

A tag, a note or a line quoted in an error may hold terminal escapes (``ESC ]0;…``, ``ESC [2J``)
or bidirectional overrides that would retitle, clear or disguise the user's terminal. Every
writer for people (`render`, `terminal`, `explain`, `report`) passes such text through
`safe_text`, which spells each of them as Python would (``\\x1b``, ``\\u202e``). JSON escapes
them itself.
"""

from __future__ import annotations

import re
from functools import cache

_CONTROLS = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
"""C0 and C1 controls (but tab and newline, which the writers use), DEL, line and paragraph
separators, and the bidirectional marks and overrides."""


def _spell(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(text: str) -> str:
    """`text` with every control character spelt out; the same object when there is none (the
    usual case, found by one scan in C: every character `_CONTROLS` matches is one that
    `str.isprintable` refuses, so a printable text needs no pattern)."""
    if text.isprintable() or _controls().search(text) is None:
        return text
    return _controls().sub(_spell, text)


@cache
def _controls() -> re.Pattern[str]:
    """`_CONTROLS`, compiled on first need: its class of characters past Latin-1 costs 3 million
    instructions to compile, and most runs print nothing unprintable."""
    return re.compile(_CONTROLS)

"""Where a line's comment begins (docs/notation.md §1: ``#`` to the end of the line, but not
inside a quoted value: ``[Table "#3"]``).

The grammar drops comments by itself; a line it refused is read again by hand (a hand line
written wrongly, `handline`), and `fmt` keeps comments where they were written: both need the
same answer to where the comment starts, so that a comment never speaks for the line.
"""

from __future__ import annotations


def comment_start(text: str) -> int:
    """The index of the ``#`` that starts the line's comment, or -1 when it has none."""
    first = text.find("#")
    if first < 0 or '"' not in text[:first]:  # nearly every line: no character-by-character scan
        return first
    quoted = False
    for i, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return i
    return -1


def uncommented(text: str) -> str:
    """The line without its comment."""
    start = comment_start(text)
    return text if start < 0 else text[:start]

"""The bounds on what one input may ask of the referee, in one place (listed in docs/cli.md, "Limits").

No real transcript comes near any of them; they are there so that a hostile or broken file
costs bounded time and memory, and is told clearly what is wrong rather than crashing.
"""

from __future__ import annotations

MAX_DIGITS = 6
"""Every number the notation reads (hand, trick, bid, ``recorded``, tags) is ASCII digits, at most this many."""
MAX_NUMBER = 10 ** MAX_DIGITS - 1
MAX_POOL = 9_999
"""The counters a ``[Pool]`` tag may hold in all (a club's pool holds tens)."""
MAX_HAND_CHARS = 100_000
"""Characters of transcript one hand may hold (at most 25,000 events); a real hand holds about 1,000."""
MAX_FINDINGS = 100
"""Irregularities listed per hand; the rest are counted in a note ("… and N more")."""
MAX_ERRORS = 1_000
"""Problems reported per file; the rest are counted in one last problem ("… and N more")."""
MAX_FMT_HELD = 2 << 20
"""Bytes of transcript ``fmt`` may hold at once: it holds a hand (comments and blank lines
included) until the hand is checked, so a hand, a header or a run of comments and blank lines
longer than this is refused. No transcript comes near it (``fmt`` once refused whole files past it)."""
MAX_RULES_FILE_BYTES = 64 * 1024
"""A house-rules YAML file is a few lines; a larger one is refused unread."""
MAX_RULES_DEPTH = 3
"""How deeply a house-rules file may nest (it is a flat mapping of option: value)."""


SHOWN_NAME = 40
"""Characters of a name (a house rule, a player) an error quotes whole: a typo of the longest
option is still shown in full; a megabyte of name is not echoed back."""


def shown(text: str, most: int = 12) -> str:
    """`text` as an error message quotes it: whole up to `most` characters, else its first
    `most` - 2 and "…". Every echo of what a user wrote goes through here, so that a hostile
    value of a megabyte costs a line of error, not a megabyte of it."""
    return text if len(text) <= most else text[:most - 2] + "…"


def number_too_large(text: str) -> str:
    """The words for a number past `MAX_NUMBER` (`text` as written, kept short)."""
    return f"{shown(text)} is too large a number: at most {MAX_NUMBER:,} here"


NUMBER_HINT = "no hand, trick, bid or score in these games comes near it; is it mistyped?"

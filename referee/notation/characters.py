"""Characters that are not what they look like, in a line the grammar refused.

A transcript typed in a word processor or pasted from a web page or a message brings curly
quotes (``[Game \u201ceuchre\u201d]``), typographic dashes and minus signs (``N\u2013S``,
``\u22121``), full-width punctuation, white suit signs (``\u2661``) and invisible spaces (no-break,
zero-width); a file saved with the old Mac line ends is one long line with carriage returns
inside. The parser's complaint about such a character (``unexpected '\\xa0'``) does not show
what is wrong: this names the character, the one to type instead and, when the line then
reads, the whole line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from .comment import uncommented
from .problem import Problem

LOOKALIKES = {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2018": "'",
              "\u2019": "'", "\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2010": "-", "\u2011": "-",
              "\uff1a": ":", "\uff0c": ",", "\uff1d": "=", "\uff3b": "[", "\uff3d": "]", "\uff0b": "+", "\uff0d": "-",
              "\u2664": "\u2660", "\u2661": "\u2665", "\u2662": "\u2666", "\u2667": "\u2663"}
"""Each character that looks like one of the notation's, and that one."""


QUOTES = frozenset(char for char, plain in LOOKALIKES.items() if plain in "\"'")
"""The curly (and angle) quotes: around a house rule's value (``target=“11”``) they are a word
processor's, and the value is written without any."""

_GUILLEMETS = frozenset("\u00ab\u00bb")
"""The angle quotes among them, named as such."""


def quoted_rule(text: str) -> tuple[int, str] | None:
    """Where the first curly quote of house rules `text` is, and `text` as it is written, or None:
    without its quotes (a house rule's value is a word or a number: no quote belongs in it, curly
    or straight), and with the word processor's other characters mended too (an en dash in
    ``revoke-points``), so that the one error is all there is to fix."""
    at = next((at for at, char in enumerate(text) if char in QUOTES), -1)
    if at == -1:
        return None
    return at, "".join("" if char in QUOTES or char == '"' else LOOKALIKES.get(char, char) for char in text)


def quote_in_rules(char: str) -> str:
    """What is wrong with a curly quote (or a guillemet) in house rules: the message all their spellings give."""
    kind = "a guillemet (an angle quote)" if char in _GUILLEMETS else "a curly quote"
    return f"{named(char)} is {kind}: a house rule's value is written without quotes"


def _name(char: str) -> str:
    return f"{unicodedata.name(char, 'character').lower()}, U+{ord(char):04X}"


def named(char: str) -> str:
    """``'—' (em dash, U+2014)``: a character quoted, and named when it is not ASCII (an em dash
    and a hyphen, a curly and a straight quote, look alike in a message too)."""
    return repr(char) if char.isascii() else f"{char!r} ({_name(char)})"


def _invisible(char: str) -> bool:
    """A space other than the ones the notation ignores, or a character that shows nothing."""
    return char not in " \t\f\r" and unicodedata.category(char) in ("Zs", "Cf")


_SELECTORS = frozenset("\ufe0e\ufe0f")
_SUIT_SYMBOLS = frozenset("\u2660\u2665\u2666\u2663")
"""A variation selector (emoji or text style) belongs after a suit symbol (``♥️``); anywhere else
it is a mark that shows nothing."""


def _outside_quotes(text: str) -> list[int]:
    """The positions of `text` outside its quoted values and its comment, where only the
    notation's own characters belong (a note or a tag's value may hold any)."""
    positions, quoted = [], False
    for at, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            break
        elif not quoted:
            positions.append(at)
    return positions


def curly_closing_quote(text: str, line: int) -> Problem | None:
    """``[Players "A B C D”]``: a tag's value opened with a straight quote and closed with a curly
    one (the last after it), which the notation reads as part of the value (so the tag looks unclosed)."""
    opened = text.find('"')
    at = next((at for at in range(len(text) - 1, opened, -1) if LOOKALIKES.get(text[at]) == '"'), -1)
    if opened == -1 or at == -1:
        return None
    mended = (text[:at] + '"' + text[at + 1:]).strip()
    return Problem(line, at + 1, f"{named(text[at])} closes the tag's value, but it is not the notation's quote",
                   f"type '\"' for it: '{mended}'")


def _fullwidth(char: str) -> bool:
    """A full-width letter or sign (``\uff31`` for Q), as an East Asian keyboard types them. Not a
    digit: a number not written in the digits 0-9 is told so, at the number (`limits`)."""
    return "\uff01" <= char <= "\uff5e" and not "\uff10" <= char <= "\uff19"


def _plain(char: str) -> str:
    """The notation's character `char` looks like, or "" for one it has none for (an invisible one)."""
    return LOOKALIKES.get(char) or (chr(ord(char) - 0xFEE0) if _fullwidth(char) else "")


def plain(text: str) -> str:
    """`text` with each character that looks like one of the notation's (a full-width bracket or
    letter, a curly quote) typed as that one: what its writer meant it to open as (`reader._opens_tag`)."""
    return "".join(_plain(char) or char for char in text)


def unusual_character(text: str, line: int, parses: Callable[[str], bool]) -> tuple[Problem, bool] | None:
    """The problem of the first character of `text` that is not what it looks like (see the
    module's docstring), and whether the line reads once mended (`parses` says), or None."""
    cr = text.rstrip("\r").find("\r")
    if cr != -1:
        return Problem(line, cr + 1, "a carriage return (CR) inside the line: the file's lines end in CR alone",
                       "save the file with ordinary line ends (LF, or CR LF)"), True
    odd = [at for at in _outside_quotes(text) if text[at] in LOOKALIKES or _invisible(text[at])
           or (text[at] in _SELECTORS and text[at - 1:at] not in _SUIT_SYMBOLS) or _fullwidth(text[at])]
    if not odd:
        return None
    mended = list(uncommented(text))  # the line to type: its comment is no part of it
    for at in odd:
        char = text[at]
        mended[at] = _plain(char) or (" " if unicodedata.category(char) == "Zs" else "")
    fixed = "".join(mended).strip()
    char = text[odd[0]]
    if _plain(char):
        message, fix = f"{named(char)} is not one of the notation's characters", f"type {_plain(char)!r} for it"
    else:
        message = f"an invisible character ({_name(char)}) is in the line"
        fix = "type an ordinary space for it" if unicodedata.category(char) == "Zs" else "delete it"
    reads = parses(fixed)
    return Problem(line, odd[0] + 1, message, fix + (f": '{fixed}'" if reads else "")), reads

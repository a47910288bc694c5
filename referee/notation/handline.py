"""A line the grammar refused that starts like a hand line (``Hand 2, dealer: Ann``).

Such a line is a hand header written wrongly, not a broken line of the hand before it: the
reader starts a new hand there, spoiled by the problem, so the hand before keeps its verdict
and the lines after it are not charged to that hand. docs/notation.md §2.2 says which lines
count: the first word is ``hand`` in any case, or one letter off it (``hnad``, ``han``,
``hands``) with a number or ``dealer`` next; never when that word is one of the game's players
(a player may be called ``Hand``: his broken event line stays in its hand). A comment after
such a line is no part of it: it neither makes a line hand-like, nor names the hand's number or
dealer, nor is quoted back as the line.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from . import events as ev
from .comment import uncommented
from .problem import Problem

_FIRST_WORD = (r"\s*([^\W\d_]+)(.*)", re.DOTALL)
"""The first word (letters only) and the rest of the line."""

_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                           "eleven", "twelve", "first", "second", "third", "last", "next"})

_NEXT_WORD = (r"[\s,.:;#()-]*([^\W_]+)", re.IGNORECASE)
_DIGITS = (r"\d{1,6}", re.NOFLAG)
_DEALER = (r"\bdeal(?:er|t)?\b\W*([^\W\d_][\w']*)", re.IGNORECASE)


def _compiled(pattern: tuple[str, re.RegexFlag]) -> re.Pattern[str]:
    """`pattern` compiled, on the first line that needs it: only a line the parser refused
    does, and compiling them on every run cost 2 million instructions (`re` keeps them)."""
    return re.compile(*pattern)


def one_letter_off(word: str, target: str = "hand") -> bool:
    """Whether `word` is `target` with one letter wrong, missing or extra, or two neighbours swapped."""
    if word == target or abs(len(word) - len(target)) > 1:
        return False
    if len(word) == len(target):
        diffs = [i for i, (a, b) in enumerate(zip(word, target)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and word[diffs[0]] == target[diffs[1]] and word[diffs[1]] == target[diffs[0]])
    short, long = (word, target) if len(word) < len(target) else (target, word)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def looks_like_hand_line(text: str, players: Collection[str]) -> bool:
    """Whether a line the grammar refused starts like a hand line (see the module's docstring)."""
    match = _compiled(_FIRST_WORD).match(uncommented(text))
    if match is None:
        return False
    word, rest = match.group(1), match.group(2)
    if word in players:
        return False
    lower = word.lower()
    if lower == "hand":
        return True
    if not one_letter_off(lower):
        return False
    following = _compiled(_NEXT_WORD).match(rest)
    if following is None:
        return False
    nxt = following.group(1).lower()
    return nxt[0].isdigit() or nxt in _NUMBER_WORDS or nxt.startswith("deal")


def spoiling_problem(text: str, refused: Problem, players: Collection[str] = ()) -> Problem:
    """The problem that spoils the hand a refused hand-like line starts: the grammar's own when
    the line starts with the word ``hand`` (it explains the hand line's form, or a number too
    large, at its column), the hand line's form when the word itself is written wrongly (the
    grammar read ``Hand`` as a player's name). Either way, a line that holds nothing but a hand
    line's parts (``Hand 2, dealer: Ann``, ``hand one dealer Ann``) is told the line to write."""
    meant = meant_hand_line(text, players)
    match = _compiled(_FIRST_WORD).match(text)
    if meant is None and match is not None and match.group(1) == "hand":
        return refused
    return hand_line_problem(text, refused.line, meant)


_PARTS = (r"\s*[^\W\d_]+[\s,.:;]*(?:(\d{1,6}|[^\W\d_]+)[\s,.:;]*)?"
          r"(?:(dealer|deal|dealt|dealr|deler)[\s,.:;]+([^\W\d_][\w']*)[\s,.:;]*)?", re.IGNORECASE)
"""A hand line's parts and nothing else: its word, a number (or a number's word), ``dealer``
(as people spell it) and a name, with any punctuation between them."""

_NUMBERS = {word: number for number, word in enumerate(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"), 1)}


def meant_hand_line(text: str, players: Collection[str]) -> str | None:
    """The hand line a refused hand-like line means, when it holds only a hand line's parts with
    a number that is one and a dealer who is a player; None when it holds more, or less is sure."""
    body = uncommented(text).strip()
    match = _compiled(_PARTS).fullmatch(body)
    if match is None:
        return None
    number, _, dealer = match.groups()
    if number is not None and number.isdecimal():  # (not isdigit: a circled one is no decimal digit)
        number = str(int(number))  # `\d` takes any script's digits (a full-width 2): the line to write has ASCII ones
    elif number is not None:
        if number.lower() not in _NUMBERS:
            return None
        number = str(_NUMBERS[number.lower()])
    if dealer is not None and dealer not in players:
        return None
    meant = " ".join(["hand", *([number] if number else []), *(["dealer", dealer] if dealer else [])])
    return None if meant == body else meant


def hand_line_problem(text: str, line: int, meant: str | None = None) -> Problem:
    """The problem of a hand line written as people write it, with the form the notation expects
    (the very line to write, where `meant_hand_line` knows it)."""
    text = uncommented(text)
    shape = (f"write {meant!r}" if meant is not None else "a hand line looks like: hand 2 dealer Ann")
    return Problem(line, 1 + len(text) - len(text.lstrip()),
                   f"{text.strip()!r} is not a hand line as the notation writes it; expected: hand [N] [dealer PLAYER]",
                   f"{shape} (lower case, no comma or colon; "
                   "the number and the dealer may be left out after the first hand; see docs/notation.md). "
                   "This hand is left out; the others keep their verdicts")


def salvaged_header(text: str, line: int, players: Collection[str]) -> ev.HandHeader:
    """The hand's number and dealer as far as the misspelt line shows them (a dealer only when
    it names a player), so that the hands after it are not charged with a wrong number or dealer."""
    text = uncommented(text)
    match = _compiled(_FIRST_WORD).match(text)
    rest = match.group(2) if match is not None else text
    digits = _compiled(_DIGITS).search(rest)
    named = _compiled(_DEALER).search(rest)
    dealer = named.group(1) if named is not None and named.group(1) in players else None
    return ev.HandHeader(int(digits.group(0)) if digits is not None else None, dealer, ev.Span(line, 1), None)

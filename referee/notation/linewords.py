"""A line whose first word is one of the notation's line words written wrongly (``Trick 1:``,
``Deal N:``, ``RECORDED``, ``upcad 9S``).

Such a line is read as an event of a player called ``Trick``, so the parser's own complaint is
about what follows (``'1' is not a card``) and misleads. The first word is taken for a line word
when it is one in another case, or one letter off it, and is not one of the game's players; the
message then names the word to write and, when the line reads with it, the whole line. (``hand``
is `handline`'s: a hand line written wrongly also starts a hand of its own.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from .handline import one_letter_off
from .problem import Problem

LINE_WORDS = ("trick", "deal", "upcard", "recorded", "note", "redeal")
"""The words a line starts with, besides ``hand``."""

LINE_FORMS = {"trick": "trick 2: N AH, E 9S", "deal": "deal N: 9H TH JD AS KC", "upcard": "upcard 9H",
         "recorded": "recorded N-S +1, E-W 0", "note": 'note "E says the trick was gathered"',
         "redeal": "redeal misdeal"}
"""Each line as docs/notation.md shows it."""

_FIRST_WORD = re.compile(r"(\s*)([^\W\d_]+)")
_SECOND_WORD = re.compile(r"[ \t]+([^\W\d_]+)(?![\w'])")


def line_words_for(word: str, among: Collection[str] = LINE_WORDS) -> list[str]:
    """The line words (of `among`) `word` may stand for, in another case or one letter off
    (``edeal``: ``redeal`` or ``deal``)."""
    lower = word.lower()
    return [keyword for keyword in among if word != keyword and (lower == keyword or one_letter_off(lower, keyword))]


def misspelt_line_word(text: str, line: int, players: Collection[str],
                       parses: Callable[[str], bool]) -> Problem | None:
    """The problem of a line the grammar refused whose first word is a line word written wrongly
    (see the module's docstring), or None; `parses` says whether the line with the word mended
    reads, which also chooses between two words it may stand for."""
    match = _FIRST_WORD.match(text)
    if match is None or match.group(2) in players:
        return None
    word, rest = match.group(2), text[match.end():]
    if word.lower() == "trick" and rest[:1].isdigit():  # "trick2: N AH": the word and its number run together
        number = rest[:len(rest) - len(rest.lstrip("0123456789"))]
        written = f"trick {rest.split('#', 1)[0]}".strip()
        return Problem(line, len(match.group(1)) + 1, f"'{word}{number}' runs the word and its number together",
                       f"write '{written}'" if parses(written) else f"the line looks like: {LINE_FORMS['trick']}")
    keywords = line_words_for(word)
    split = _SECOND_WORD.match(rest)  # "up card 9H", "Re deal misdeal": the word written as two
    if not keywords and split is not None and (word + split.group(1)).lower() in LINE_WORDS:
        keywords = [(word + split.group(1)).lower()]
        word, rest = f"{word} {split.group(1)}", rest[split.end():]
    if not keywords:
        return None
    uncommented = rest.split("#", 1)[0]  # a note's text may hold a '#'
    mended = {keyword: f"{keyword}{rest if keyword == 'note' else uncommented}".strip() for keyword in keywords}
    keyword = next((keyword for keyword in keywords if parses(mended[keyword])), None)
    hint = f"write '{mended[keyword]}'" if keyword is not None else f"the line looks like: {LINE_FORMS[keywords[0]]}"
    return Problem(line, len(match.group(1)) + 1,
                   f"'{word}' is not a word of the notation; did you mean '{keyword or keywords[0]}'?",
                   f"{hint} (the notation's words are lower case: docs/notation.md)")


def upcard_hint(name: str) -> str:
    """``did you mean 'upcard'? …`` for a name that is ``upcard`` written wrongly, or "": of the
    line words' lines, only ``Upcard 9D`` reads (as a card played by a player called ``Upcard``),
    so the replay, not the reader, finds it."""
    if not line_words_for(name, ("upcard",)):
        return ""
    return "did you mean 'upcard'? the line is written 'upcard 9H', in lower case; "

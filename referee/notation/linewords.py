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
from collections.abc import Callable, Collection, Sequence

from .handline import one_letter_off
from .problem import Problem

LINE_WORDS = ("trick", "deal", "upcard", "recorded", "note", "redeal")
"""The words a line starts with, besides ``hand``."""

_FORMS = {"trick": "trick 2: {0} AH, {1} 9S", "deal": "deal {0}: 9H TH JD AS KC", "upcard": "upcard 9H",
          "recorded": "recorded {2} +1, {3} 0", "note": 'note "{1} says the trick was gathered"',
          "redeal": "redeal misdeal", "event": "'{0} 9H' or '{1} pass'"}
"""Each line (and an event, ``event``) as docs/notation.md shows it, its seats left to fill in:
{0} and {1} two players in turn, {2} and {3} the sides a result is written for."""

_GENERIC = ("N", "E", "N-S", "E-W")
"""docs/notation.md's seats and sides, for a transcript whose own are not known."""

LINE_FORMS = {keyword: form.format(*_GENERIC) for keyword, form in _FORMS.items()}
"""Each line as docs/notation.md shows it, in its seats (``trick 2: N AH, E 9S``): what the hints
of the parser, which does not know the transcript's players, give (`in_own_seats` rewrites them)."""

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


def in_own_seats(problem: Problem, players: Sequence[str], partners: str | None) -> Problem:
    """`problem` with the example lines of its hint (`LINE_FORMS`) written in the transcript's own
    seats, its [Players] (``trick 2: A AH, Y 9S``) and, for a result, its [Partners] sides or else
    its players (``recorded A +1, Y 0``); as it was while fewer than two players are known. Told
    only for a line the grammar refused: the lines that read never come here."""
    if len(players) < 2 or not any(generic in problem.hint for generic in LINE_FORMS.values()):
        return problem
    teams = partners.split() if partners is not None else []
    seats = (players[0], players[1], *(teams[:2] if len(teams) >= 2 else players[:2]))
    hint = problem.hint
    for keyword, generic in LINE_FORMS.items():
        hint = hint.replace(generic, _FORMS[keyword].format(*seats))
    return Problem(problem.line, problem.column, problem.message, hint)

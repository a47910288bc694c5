""""Did you mean …?": the closest known word to a misspelt one (a player, a keyword, a game,
a rule id, a house rule), for the hints of error messages."""

from __future__ import annotations

from collections.abc import Iterable


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word nearest to `word`, when one is near enough to be a slip of the keyboard
    (``Anne`` → ``Ann``, ``targte`` → ``target``); matched without regard to case."""
    import difflib  # only for a message: costly to import on every run

    words = {k.lower(): k for k in known}
    found = difflib.get_close_matches(word.lower(), list(words), n=1, cutoff=0.6)
    if found:
        return words[found[0]]
    return _reordered(word, words.values())


def _reordered(word: str, known: Iterable[str]) -> str | None:
    """A side written with its players in another order (``S-N`` for ``N-S``): too far apart for
    `difflib`, yet the same two players."""
    parts = sorted(word.lower().split("-"))
    if len(parts) < 2:
        return None
    return next((k for k in known if sorted(k.lower().split("-")) == parts), None)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``did you mean 'Ann'? `` to put before a hint, or "" when nothing is near."""
    found = closest(word, known)
    return f"did you mean {found!r}? " if found is not None and found != word else ""

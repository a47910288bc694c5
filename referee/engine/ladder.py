"""A game's bid ladder, declared in its rulebook (``ladder:``): the contracts a player may bid,
lowest first, each with what it asks of its caller (the tricks he needs, none in a misère; one
discard from each player, leaving twelve tricks; his hand spread), how a transcript bids it (by a
trick number or a word) and how a verdict names it.

Why data: Boston and French Boston each kept these facts in constants and properties of their own
(a set of misères, another of the misères with discards, a rank table, a bid's words), restating in
code the order their rulebooks already give. Here the rulebook declares the ladder once and every
part of a game (its auction, hand, settlement and generator) reads it; `LadderBid` is a bid on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..notation.records import record
from .rulebook import rulebook_data


@record
class Rung:
    """One contract of the ladder: its `name`, its `rank` (the lowest 0), the `tricks` its caller
    needs (None: a misère, which needs none); whether each player `discards` a card first (twelve
    tricks are played) and the caller's hand is `spread`; the trick `number` and the word (`said`)
    that bid it in a transcript (neither: it is reached another way, as a demand); and `words`,
    how a verdict names it (a template over ``{suit}`` for a contract in a suit)."""

    name: str
    rank: int
    tricks: int | None
    discards: bool
    spread: bool
    number: int | None
    said: str | None
    words: str

    @property
    def misere(self) -> bool:
        return self.tricks is None


RUNG_KEYS: Final = frozenset({"tricks", "discards", "spread", "number", "said", "words"})
"""What a rung of a rulebook's ladder may declare (every key optional)."""


class Ladder:
    """`game`'s ladder, read from its rulebook when first asked (not when the game is imported)."""

    __slots__ = ("_rungs", "game")

    def __init__(self, game: str) -> None:
        self.game = game
        self._rungs: dict[str, Rung] | None = None

    @property
    def rungs(self) -> dict[str, Rung]:
        """The contracts by name, lowest first."""
        if self._rungs is None:
            ladder = rulebook_data(self.game)["ladder"]
            for name, spec in ladder.items():  # a misspelt key would silently give another contract
                unknown = set(spec) - RUNG_KEYS
                assert not unknown, f"{self.game}'s ladder: {name} has unknown keys {sorted(unknown)}"
            self._rungs = {name: Rung(name, rank, spec.get("tricks"), spec.get("discards", False),
                                      spec.get("spread", False), spec.get("number"), spec.get("said"),
                                      spec.get("words", spec.get("said", name)))
                           for rank, (name, spec) in enumerate(ladder.items())}
        return self._rungs

    def __getitem__(self, name: str) -> Rung:
        return self.rungs[name]

    def numbered(self, number: int | None) -> Rung | None:
        """The contract a trick number bids, if one does."""
        return next((rung for rung in self.rungs.values() if number is not None and rung.number == number), None)

    def said(self, word: str | None) -> Rung | None:
        """The contract a word bids, if one does."""
        return next((rung for rung in self.rungs.values() if word is not None and rung.said == word), None)


@dataclass(frozen=True, slots=True)
class LadderBid:
    """A bid on a game's ladder: a contract by its `name`, and its `klass` among bids of the same
    contract (Boston's suit class: 0 plain, 1 colour, 2 preference). A game's subclass says which
    ladder (`rung`: not a class constant, which a compiled dataclass would take for a field)."""

    name: str
    klass: int = 0

    @property
    def rung(self) -> Rung:
        """The contract bid, as the game's ladder declares it."""
        raise NotImplementedError

    @property
    def tricks(self) -> int | None:
        return self.rung.tricks

    @property
    def misere(self) -> bool:
        return self.rung.misere

    @property
    def spread(self) -> bool:
        return self.rung.spread

    def key(self) -> tuple[int, int]:
        """Rank: the place on the ladder, then the class among equal contracts."""
        return self.rung.rank, self.klass

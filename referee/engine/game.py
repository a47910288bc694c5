"""What a game offers the rest of the referee: the `Game` and `Session` protocols.

They live in the engine, below the games, so that the header reader and the library call can
speak of "a game" without importing any game; ``referee.games.registry`` finds the objects
that follow them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..notation.reader import HandRecord, Problem
from .rulebook import Rulebook
from .verdict import HandVerdict

if TYPE_CHECKING:
    from ..notation.cards import Card, Suit
    from .header import Setup


class Session(Protocol):
    """One game being replayed: hands go in one by one, the standings are kept between them."""

    begun: bool  # a hand of it has been replayed (before one, a header's [Score] may show it won already)

    def hand(self, record: HandRecord) -> HandVerdict | list[Problem]:
        """Adjudicate a hand, or return the problems (unknown players, ...) that make it unusable."""

    def skip_spoiled(self, record: HandRecord) -> bool:
        """Go on as if the unusable hand `record` had been dealt; True when the next dealer is known."""

    def take_as_written(self, record: HandRecord) -> None:
        """After an unusable hand, take the next hand's number and dealer as written."""

    def final_score(self) -> dict[str, int]: ...

    def pool(self) -> int | list[int] | None: ...

    def winner(self) -> str | None: ...

    def next_game(self, record: HandRecord) -> Session | None:
        """The session of a new game that `record`, written after this game was over without a new
        header, starts under the game's laws; None when the hand belongs to this game."""


class Game(Protocol):
    name: str            # as written in [Game "..."]
    scored_by: str       # "team" or "player": the units of [Score] and of the verdict's scores
    rulebook: Rulebook
    reads: frozenset[str]  # the shared tags read only where declared (`header.READ_IF_DECLARED`) it reads
    players: tuple[int, int]  # the fewest and the most players (`header.read_setup` checks [Players])
    players_example: str   # a [Players] tag for the game, for the hint when the number is wrong

    def check_setup(self, setup: Setup) -> list[Problem]:
        """Game-specific header checks (number of players, partnerships)."""

    def session(self, setup: Setup) -> Session: ...

    def card_role(self, card: Card, trump: Suit | None) -> str | None:
        """What a card is in a trick beyond its printed suit, in words (Euchre's bowers), or None."""

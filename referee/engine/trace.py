"""The trace of a hand's play: each card of its tricks as the replay put it there.

The replay has already worked out, for every card it put into a trick, the trick and the place
in it, the suit the card counts as (Euchre's left bower is a trump), whether it is a trump and
who won the trick; and, where the deal is known, what each player held when play began (the
dealer's upcard taken and his discard made). The explanations, the report and the desk read
these facts here instead of working them out again from a card's printed suit.

The trace is kept in memory beside the verdict (`HandVerdict.trace`), never written into the
JSON. It holds the table's own plays and turns them into `PlayTrace` records only when a reader
asks: checking an archive, which never asks, does not pay for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..notation.cards import Card, Suit
from ..notation.events import Span
from ..notation.records import record
from .table import PlayedCard, TrickRules


@record
class PlayTrace:
    """One card of a trick: `position` 0 is the lead; `winner` is None while the trick is not complete."""

    player: str
    card: Card
    at: Span
    trick: int
    position: int
    suit: Suit
    trump: bool
    winner: str | None


_Trick = tuple[int, tuple[PlayedCard, ...], str | None]
"""A trick as the trace keeps it: its number, its cards in order, its winner (None: not complete)."""


class HandTrace:
    """Every card the replay put into the hand's tricks, in the order of the tricks; `start` is
    what each player held when play began (in no particular order), where the deal is known
    (else None). It keeps the table's own cards, small and immutable, rather than its tricks:
    a verdict kept in memory (`check_text`) keeps its trace. Of the game's trick rules it keeps
    only the trump, so that a verdict pickles (`--jobs`) in the compiled build too, where a
    game's trick rules are a native class that pickle cannot rebuild."""

    __slots__ = ("_by_at", "_plays", "_tricks", "_trump", "start")

    def __init__(self, tricks: Sequence[_Trick] = (), rules: TrickRules | None = None,
                 start: Mapping[str, tuple[Card, ...]] | None = None) -> None:
        self._tricks = tricks
        self._trump = rules.trump if rules is not None else None
        self._plays: tuple[PlayTrace, ...] | None = None
        self._by_at: dict[Span, PlayTrace] | None = None
        self.start = start

    @property
    def plays(self) -> tuple[PlayTrace, ...]:
        if self._plays is None:
            trump = self._trump
            out = []
            for number, plays, winner in self._tricks:
                for position, play in enumerate(plays):
                    suit = play.suit if play.suit is not None else play.card.suit
                    out.append(PlayTrace(play.player, play.card, play.at, number, position, suit,
                                         trump is not None and suit is trump, winner))
            self._plays = tuple(out)
        return self._plays

    def at(self, where: Span) -> PlayTrace | None:
        """The card written at `where`, if it went into a trick (a card taken back did not)."""
        if self._by_at is None:
            self._by_at = {p.at: p for p in self.plays}
        return self._by_at.get(where)

    def trick(self, number: int) -> tuple[PlayTrace, ...]:
        """The cards of trick `number`, the lead first."""
        return tuple(p for p in self.plays if p.trick == number)

    def hands_after(self, play: PlayTrace) -> dict[str, frozenset[Card]] | None:
        """What each player holds once `play` is on the table, where the deal is known: the hands
        play began with, less every card played to the tricks up to it."""
        if self.start is None:
            return None
        gone: dict[str, set[Card]] = {}
        for p in self.plays:
            gone.setdefault(p.player, set()).add(p.card)
            if p == play:
                break
        return {player: frozenset(cards).difference(gone.get(player, ())) for player, cards in self.start.items()}


NO_TRACE = HandTrace()
"""The trace of a hand that was never played (and of a verdict not made by the replay)."""

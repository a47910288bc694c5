"""Boston's bidding, declared on the engine's `Auction`: its bids and their order, the words of its
rulings, that bidding is individual (a call out of turn stands) and that three passes after a bid
end it; which misères a passed player may come back with, and the suit a keep binds to."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...engine.auction import AuctionRules
from ...notation.cards import Card, Suit
from .tables import tables

MISERES = ("little-misere", "grand-misere", "little-spread", "grand-spread")
CLASSES = ("plain", "colour", "preference")


@dataclass(frozen=True, slots=True)
class BostonBid:
    """A bid: `name` is a trick number ("5".."13") or a misere; `klass` 0 plain, 1 colour, 2 preference."""

    name: str
    klass: int = 0

    @property
    def tricks(self) -> int | None:
        return int(self.name) if self.name.isdigit() else None

    @property
    def misere(self) -> bool:
        return self.name in MISERES

    @property
    def little(self) -> bool:  # one discard each, twelve tricks
        return self.name.startswith("little")

    @property
    def spread(self) -> bool:
        return self.name.endswith("spread")

    def key(self) -> tuple[int, int]:
        """Rank: the place in the bid order, then the suit class for equal numbers."""
        return tables().bids.index(self.name), self.klass

    @property
    def text(self) -> str:
        base = "boston" if self.name == "5" else self.name
        return base if self.klass == 0 else f"{base} {CLASSES[self.klass]}"


@cache
def rules(comeback: str) -> AuctionRules[BostonBid]:
    """Boston's bidding, by the `comeback` house rule: which misères a passed player may bid
    (spreads too, or misère only). Built once a reading, not once a deal."""
    return AuctionRules(
        "stands", "passes", rank=BostonBid.key,
        comeback=lambda bid: bid.misere and (not bid.spread or comeback == "misere-and-spreads"),
        out_of_turn_words="{player} {what} out of turn: it was {turn}'s turn. Bidding is individual, so there is no "
                          "penalty: it stands and the bidding goes on from {player}'s left.",
        closed_words="{player} {what} after the bidding had closed; it is void")


def bound_suit(high: BostonBid | None, turned: Card | None) -> Suit | None:
    """The suit a keep committed the caller to: the turned card's colour partner after 'keep'
    (colour), its own suit after 'keep-over' (preference); None after a plain number or without a
    turned card."""
    if high is None or turned is None or high.klass == 0:
        return None
    return turned.suit if high.klass == 2 else turned.suit.partner

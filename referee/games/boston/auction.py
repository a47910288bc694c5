"""Boston's bidding, declared on the engine's `Auction`: its bids (on the ladder its rulebook
declares), the words of its rulings (its rulebook's), that bidding is individual (a call out of
turn stands) and that three passes after a bid end it; which misères a passed player may come
back with, and the suit a keep binds to."""

from __future__ import annotations

from functools import cache
from typing import Final

from ...engine.auction import AuctionRules
from ...engine.ladder import Ladder, LadderBid, Rung
from ...engine.words import Words
from ...notation.cards import Card, Suit

LADDER: Final = Ladder("boston")
WORDS: Final = Words("boston")
CLASSES = ("plain", "colour", "preference")


class BostonBid(LadderBid):
    """A bid: `name` a contract of the ladder (a trick number "5".."13" or a misère); `klass` 0 plain,
    1 colour, 2 preference."""

    __slots__ = ()

    @property
    def rung(self) -> Rung:
        return LADDER[self.name]

    @property
    def text(self) -> str:
        return self.rung.words if self.klass == 0 else f"{self.rung.words} {CLASSES[self.klass]}"


@cache
def rules(comeback: str) -> AuctionRules[BostonBid]:
    """Boston's bidding, by the `comeback` house rule: which misères a passed player may bid
    (spreads too, or misère only). Built once a reading, not once a deal."""
    return AuctionRules(
        "stands", "passes", rank=BostonBid.key,
        comeback=lambda bid: bid.misere and (not bid.spread or comeback == "misere-and-spreads"),
        # the rulebook's sentences, their slots kept as slots for the auction to fill
        out_of_turn_words=WORDS.say("bidding.out-of-turn", "stands", player="{player}", what="{what}", turn="{turn}"),
        closed_words=WORDS.say("bidding.illegal", "closed", player="{player}", what="{what}"))


def bound_suit(high: BostonBid | None, turned: Card | None) -> Suit | None:
    """The suit a keep committed the caller to: the turned card's colour partner after 'keep'
    (colour), its own suit after 'keep-over' (preference); None after a plain number or without a
    turned card."""
    if high is None or turned is None or high.klass == 0:
        return None
    return turned.suit if high.klass == 2 else turned.suit.partner

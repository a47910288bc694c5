"""Boston's bidding, declared on the engine's `Auction`: its bids and their order, the words of its
rulings, that bidding is individual (a call out of turn stands) and that three passes after a bid
end it; what is its own is which misères a passed player may come back with, and the keeps."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...engine.auction import Answer, Auction, AuctionRules, Objection, void
from ...notation import events as ev
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


def read(event: ev.Bid, auction: Auction[BostonBid]) -> BostonBid | Objection:
    """The bid a `bid` event names (a keep keeps the standing number); an objection when it is not a Boston bid."""
    if event.contract in ("keep", "keep-over"):
        return kept(auction, event.player, event.contract == "keep-over")
    if event.contract == "boston":
        return BostonBid("5")
    if event.contract in MISERES:
        return BostonBid(event.contract)
    if event.number is not None and 5 <= event.number <= 13 and event.qualifier in (None, "colour", "preference"):
        return BostonBid(str(event.number), CLASSES.index(event.qualifier or "plain"))
    return Objection("illegal-bid", "bidding.illegal", f"'bid {event.text}' is not a Boston bid (boston, 6 to 13, "
                     f"optionally 'colour' or 'preference', or a misère); it is void and {event.player} must bid "
                     "again or pass")


def kept(auction: Auction[BostonBid], player: str, over: bool) -> BostonBid | Objection:
    """'I keep' (colour) or 'I keep over you' (first preference) at the standing number."""
    if auction.high is None or auction.high.tricks is None:
        return Objection("illegal-bid", "bidding.illegal", f"{player} keeps, but no trick bid stands to keep; "
                         f"void, {player} must bid again or pass")
    return BostonBid(auction.high.name, 2 if over else 1)


def make_bid(auction: Auction[BostonBid], player: str, bid: BostonBid | Objection, comeback: str) -> Answer | None:
    """`player` bids: the bid stands if it outranks the standing one. A passed player may come back
    only with a misère (`comeback`); any other bid of his is void and counts as his pass. None when
    the bid stands."""
    if isinstance(bid, Objection):
        return Answer(False, [bid])
    standing = auction.high.text if auction.high else "nothing"
    if player in auction.passed and not (auction.may_come_back(player, bid) and auction.outranks(bid)):
        allowed = "a misère" if comeback == "misere-and-spreads" else "little or grand misère"
        auction.pass_(player)
        return void(f"{player} has passed and may come back only with {allowed} ranking above {standing}; the bid "
                    f"{bid.text} is void and {player} stays passed", "bidding.passed")
    if not auction.outranks(bid):
        return void(f"{bid.text} does not rank above {standing}; it is void and {player} must bid higher or pass")
    auction.bid(player, bid)
    return None


def bound_suit(high: BostonBid | None, turned: Card | None) -> Suit | None:
    """The suit a keep committed the caller to: the turned card's colour partner after 'keep'
    (colour), its own suit after 'keep-over' (preference); None after a plain number or without a
    turned card."""
    if high is None or turned is None or high.klass == 0:
        return None
    return turned.suit if high.klass == 2 else turned.suit.partner

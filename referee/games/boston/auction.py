"""Boston's bidding as an object the hand owns: whose turn it is, who has passed, the standing
bid and its caller, and the laws of the auction (what outranks what, who may come back after
passing, when the bidding is over). It knows nothing of findings: the hand turns its answers
into them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    def little(self) -> bool:
        """Little misere and little spread: one discard each, twelve tricks."""
        return self.name in ("little-misere", "little-spread")

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


@dataclass(frozen=True, slots=True)
class Refusal:
    """A call the laws of the auction refuse: the finding the hand reports for it."""

    topic: str
    words: str


class Auction:
    """The state and the laws of one deal's bidding, from the eldest hand round to the left. Its
    answers are bids, or `Refusal`s that the hand turns into findings."""

    def __init__(self, seats: Sequence[str], eldest: str, comeback: str) -> None:
        self.seats = tuple(seats)
        self.turn = eldest                # who speaks next
        self.passed: set[str] = set()
        self.passes = 0                   # passes since the last bid (since the start when nobody has bid)
        self.high: BostonBid | None = None
        self.caller: str | None = None
        self.comeback = comeback          # the `comeback` house rule: which misères a passed player may bid

    @property
    def closed(self) -> bool:
        """Three passes after the last bid end the bidding; four when nobody has bid."""
        return self.passes >= (3 if self.high is not None else 4)

    def out_of_turn(self, player: str, what: str) -> str | None:
        """The words for a call out of turn (None in turn). It stands without penalty, bidding
        being individual: the bidding goes on from the speaker's left."""
        if player == self.turn:
            return None
        words = (f"{player} {what} out of turn: it was {self.turn}'s turn. Bidding is individual, so there is no "
                 f"penalty: it stands and the bidding goes on from {player}'s left.")
        self.turn = player
        return words

    def advance(self, passing: bool) -> None:
        """The turn passes to the left after a call."""
        self.turn = self.seats[(self.seats.index(self.turn) + 1) % len(self.seats)]
        self.passes = self.passes + 1 if passing else 0

    def pass_(self, player: str) -> None:
        self.passed.add(player)
        self.advance(passing=True)

    @staticmethod
    def read(event: ev.Bid) -> BostonBid | Refusal:
        """The bid a `bid` event names; a refusal when it is not a Boston bid."""
        if event.contract == "boston":
            return BostonBid("5")
        if event.contract in MISERES:
            return BostonBid(event.contract)
        if event.number is not None and 5 <= event.number <= 13 and event.qualifier in (None, "colour", "preference"):
            return BostonBid(str(event.number), CLASSES.index(event.qualifier or "plain"))
        return Refusal("bidding.illegal", f"'bid {event.text}' is not a Boston bid (boston, 6 to 13, optionally "
                       f"'colour' or 'preference', or a misère); it is void and {event.player} must bid again or pass")

    def kept(self, player: str, over: bool) -> BostonBid | Refusal:
        """'I keep' (colour) or 'I keep over you' (first preference) at the standing number."""
        if self.high is None or self.high.tricks is None:
            return Refusal("bidding.illegal", f"{player} keeps, but no trick bid stands to keep; "
                           f"void, {player} must bid again or pass")
        return BostonBid(self.high.name, 2 if over else 1)

    def outranks(self, bid: BostonBid) -> bool:
        return self.high is None or bid.key() > self.high.key()

    def bid(self, player: str, bid: BostonBid | Refusal) -> Refusal | None:
        """`player` bids: the bid stands if it outranks the standing one. A passed player may come
        back only with a misère (spreads too, unless `comeback` says misère only); any other bid of
        his is void and counts as his pass."""
        if isinstance(bid, Refusal):
            return bid
        standing = self.high.text if self.high else "nothing"
        if player in self.passed:
            comeback = bid.misere and (not bid.spread or self.comeback == "misere-and-spreads")
            if not comeback or not self.outranks(bid):
                allowed = "a misère" if self.comeback == "misere-and-spreads" else "little or grand misère"
                self.advance(passing=True)
                return Refusal("bidding.passed", f"{player} has passed and may come back only with {allowed} "
                               f"ranking above {standing}; the bid {bid.text} is void and {player} stays passed")
        elif not self.outranks(bid):
            return Refusal("bidding.illegal", f"{bid.text} does not rank above {standing}; it is void and {player} "
                           "must bid higher or pass")
        self.high, self.caller = bid, player
        self.advance(passing=False)
        return None

    def bound_suit(self, turned: Card | None) -> Suit | None:
        """The suit a keep committed the caller to: the turned card's colour partner after 'keep'
        (colour), its own suit after 'keep-over' (preference); None after a plain number or
        without a turned card."""
        if self.high is None or turned is None or self.high.klass == 0:
            return None
        return turned.suit if self.high.klass == 2 else turned.suit.partner

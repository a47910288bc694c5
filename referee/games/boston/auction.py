"""Boston's bidding as an object the hand owns: whose turn it is, who has passed, the standing
bid and its caller, and the laws of the auction (what outranks what, who may come back after
passing, when the bidding is over). It knows nothing of findings: the hand turns its answers
into them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...notation import events as ev
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


class Auction:
    """The state and the laws of one deal's bidding, from the eldest hand round to the left."""

    def __init__(self, seats: Sequence[str], eldest: str, comeback: str) -> None:
        self.seats = tuple(seats)
        self.turn = eldest                # who speaks next
        self.passed: set[str] = set()
        self.passes = 0                   # passes since the last bid (since the start when nobody has bid)
        self.high: BostonBid | None = None
        self.caller: str | None = None
        self.comeback = comeback          # the `comeback` house rule: which misères a passed player may bid

    def out_of_turn(self, player: str) -> bool:
        return player != self.turn

    def speaks(self, player: str) -> None:
        """A call out of turn stands: the bidding goes on from the speaker's left."""
        self.turn = player

    def advance(self, passing: bool) -> bool:
        """The turn passes to the left after a call; True when this call ends the bidding: three
        passes after the last bid, four when nobody has bid."""
        self.turn = self.seats[(self.seats.index(self.turn) + 1) % len(self.seats)]
        self.passes = self.passes + 1 if passing else 0
        return self.passes >= (3 if self.high is not None else 4)

    def pass_(self, player: str) -> bool:
        self.passed.add(player)
        return self.advance(passing=True)

    def take(self, player: str, bid: BostonBid) -> bool:
        """`bid` becomes the standing bid, `player` the caller."""
        self.high, self.caller = bid, player
        return self.advance(passing=False)

    @staticmethod
    def read(event: ev.Bid) -> BostonBid | None:
        """The bid a `bid` event names, or None when it is not a Boston bid."""
        if event.contract == "boston":
            return BostonBid("5")
        if event.contract in MISERES:
            return BostonBid(event.contract)
        if event.number is not None and 5 <= event.number <= 13 and event.qualifier in (None, "colour", "preference"):
            return BostonBid(str(event.number), CLASSES.index(event.qualifier or "plain"))
        return None

    def kept(self, over: bool) -> BostonBid | None:
        """'I keep' (colour) or 'I keep over you' (first preference) at the standing number; None
        when no trick bid stands to keep."""
        if self.high is None or self.high.tricks is None:
            return None
        return BostonBid(self.high.name, 2 if over else 1)

    def outranks(self, bid: BostonBid) -> bool:
        return self.high is None or bid.key() > self.high.key()

    def may_come_back(self, bid: BostonBid) -> bool:
        """A passed player may come back only with a misère (spreads too, unless `comeback` says
        misère only) that outranks the standing bid."""
        comeback = bid.misere and (not bid.spread or self.comeback == "misere-and-spreads")
        return comeback and self.outranks(bid)

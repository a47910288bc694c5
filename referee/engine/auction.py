"""A turn-taking auction, as every game that bids round the table has one: whose turn it is to
speak, who has passed, the standing bid and its caller, a call out of turn, a call after the
bidding closed, a bid that does not outrank the standing one, a bid after passing, and when the
bidding is over (won by the standing bid's caller, or all passed).

Why one part: Auction Pitch, Boston, French Boston and Euchre each wrote these mechanics again,
answering the same questions slightly differently, so a fix in one never reached the others.
Here they are answered once; a game declares how its auction differs (`AuctionRules`: what a call
out of turn does, what ends the bidding, how bids rank, what a passed player may still bid,
whether the dealer may pass, the words of the rulings every game gives) and keeps only the
predicates that are its own (what a bid is, a sale, an acceptance). The auction knows nothing of
events or findings: it answers a call with an `Answer`, which `Answer.report` hands to the hand
as findings and notes, so that the words of a game's rulings stay the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

from ..notation import events as ev
from ..notation.cards import Card, Suit
from ..notation.records import field, record
from .laws import Kind

if TYPE_CHECKING:
    from .replay import HandReplay

Bid = TypeVar("Bid")

OutOfTurn = Literal["stands", "waits", "void"]
"""What a call out of turn does. `stands`: it counts and the bidding goes on from the speaker,
bidding being individual (Boston, French Boston), though the players it passed over may still
speak first, each in the turn that was his (`Auction.owed`); `waits`: it counts, and the player whose turn it
was keeps the turn (Auction Pitch, where each speaks once); `void`: it is void and the turn stays
(Euchre)."""

Ends = Literal["once-round", "passes", "answered", "first-bid"]
"""What closes the bidding. `once-round`: every seat has spoken once (Auction Pitch); `passes`: all
but one pass in a row after the last bid (Boston); `answered`: every other player has answered the
standing bid since it was made (French Boston, where accepting a demand answers it too); for these
two, all passing with no bid also closes it. `first-bid`: the first bid that stands wins, and
`rounds` rounds of passes leave it without one (Euchre)."""


@record
class AuctionRules(Generic[Bid]):
    """What a game declares of its auction. The words are templates over `player` (who spoke),
    `what` (what he did, in words: "passed", "bid 3") and `turn` (whose turn it was)."""

    out_of_turn: OutOfTurn
    ends: Ends
    out_of_turn_words: str
    closed_words: str
    closed_topic: str = "bidding.illegal"
    again_words: str = ""    # once-round: a second call, which is void
    rank: Callable[[Bid], tuple[int, ...]] | None = None  # the order of bids (None: none outranks another)
    comeback: Callable[[Bid], bool] | None = None  # the bids a player who has passed may make (None: any)
    rounds: int = 1          # first-bid: the rounds of calls before the deal is left without a bid
    dealer_must_bid: bool = False  # "stick the dealer": the dealer may not pass in the last round
    thrown_in_words: str = ""  # first-bid: all passed, no bid, the deal thrown in: a later call is void in these words


@record
class Objection:
    """What is wrong with a call, as the hand reports it: the finding's kind, rule topic and words."""

    kind: Kind
    topic: str
    text: str


@record
class Answer:
    """The auction's answer to a call: whether it counts, what is wrong with it, and remarks."""

    counts: bool = True
    objections: list[Objection] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def report(self, hand: HandReplay, event: ev.Event) -> bool:
        """Tell the hand: each objection is a finding at the call, each remark a note. Whether the call counts."""
        for objection in self.objections:
            hand.find(objection.kind, event.player, event.at, objection.topic, objection.text)
        hand.notes.extend(self.notes)
        return self.counts


def void(text: str, topic: str = "bidding.illegal") -> Answer:
    """A call without effect: an illegal bid."""
    return Answer(False, [Objection("illegal-bid", topic, text)])


class Auction(Generic[Bid]):
    """The bidding of one deal, `seats` in the order they speak, from `first`. A call in turn (or
    one out of turn that counts) is one of `pass_`, `bid` or `answer`; the game asks `hears` (or
    `admit`) first; a call it admitted that turns out void is none of them, and takes nobody's turn.
    Whether it is `over`, and the `round`, are kept as each call is made rather than worked out at
    each question, as a hand asks them often."""

    def __init__(self, seats: Sequence[str], first: str, rules: AuctionRules[Bid], dealer: str | None = None) -> None:
        self.seats = tuple(seats)
        self.rules = rules
        self.dealer = dealer               # whose rights `rules` may declare
        self.turn = first                  # who speaks next ("" when nobody is left to)
        self.high: Bid | None = None       # the standing bid
        self.caller: str | None = None     # who made it
        self.answerer: str | None = None   # who answered it without passing or outbidding it (`answer`)
        self.passed: set[str] = set()      # who has passed
        self.acted: set[str] = set()       # who has spoken at all
        self.spoken: set[str] = set()      # who has spoken since the standing bid (first-bid: in this round)
        self.passes = 0                    # passes since the last bid (since the start while nobody has bid)
        self.round = 1                     # first-bid: the round of calls, the next once everybody has passed
        self.over = False                  # whether the bidding is closed (by the rule declared: `Ends`)
        self.stuck: str | None = None      # who may not pass now: the dealer in the last round, if stuck
        self.owed: list[str] = []          # stands: who a call out of turn passed over and may still speak first
        self.skipping: tuple[str, list[str]] = ("", [])  # a call out of turn being made: its player, who it passes over

    # ---- where it stands -----------------------------------------------------------------
    def silent(self) -> list[str]:
        """Who has still to speak before the bidding can close: each seat once, or every other
        player answering the standing bid."""
        if self.rules.ends == "once-round":
            return [p for p in self.seats if p not in self.acted]
        return [p for p in self.seats if p != self.caller and p not in self.spoken]

    def outranks(self, bid: Bid) -> bool:
        """Whether `bid` ranks above the standing one (any bid does when none stands)."""
        rank = self.rules.rank
        return self.high is None or (rank is not None and rank(bid) > rank(self.high))

    def may_come_back(self, player: str, bid: Bid) -> bool:
        """Whether `player` may make `bid`: one who has passed only a bid the game lets him come back with."""
        return player not in self.passed or (self.rules.comeback is None or self.rules.comeback(bid))

    # ---- a call ----------------------------------------------------------------------------
    def hears(self, hand: HandReplay, event: ev.Event, what: str, closed: bool = False) -> bool:
        """`admit`, its answer reported to the hand: whether the call counts. A call in turn while the
        bidding is open, the usual one, has nothing to report and is answered at once."""
        if event.player == self.turn and not (closed or self.over):
            return True
        return self.admit(event.player, what, closed).report(hand, event)

    def admit(self, player: str, what: str, closed: bool = False) -> Answer:
        """Whether a call may count (`closed`: the game's own reason the bidding is over), and what is
        wrong with it: after the bidding closed it is void; a second call where each speaks once is
        void; out of turn it counts or not as the game declared (`OutOfTurn`)."""
        rules = self.rules
        if self.over and self.caller is None and rules.thrown_in_words:
            return void(rules.thrown_in_words.format(player=player, what=what), "bidding.thrown-in")
        if closed or self.over:
            return void(rules.closed_words.format(player=player, what=what), rules.closed_topic)
        if rules.ends == "once-round" and player in self.acted:
            return void(rules.again_words.format(player=player, what=what))
        turn = self.turn
        if player == turn or (self.owed and self.owed[0] == player):
            return Answer()
        words = rules.out_of_turn_words.format(player=player, what=what, turn=turn)
        if rules.out_of_turn == "stands":
            self.skipping = player, self.between(turn, player)  # they are owed once it counts (`spoke`)
        return Answer(rules.out_of_turn != "void", [Objection("bid-out-of-turn", "bidding.out-of-turn", words)])

    def unheld(self, player: str, held: Collection[Card] | None, suit: Suit, barred: Suit | None) -> bool:
        """Whether `player` may not name `suit` trump for want of a card of it, where the game requires one (`held`:
        his dealt cards; None where it does not, or they are unknown). Not if the auction forces him to bid (`stuck`)
        and he holds no suit he may name (none but `barred`): two rules would leave him no lawful call, and the one
        that makes sure of a bid outranks the one that asks for a holding, so that one yields."""
        return held is not None and all(c.suit is not suit for c in held) and not (
            player == self.stuck and all(c.suit is barred for c in held))

    def pass_(self, player: str) -> None:
        """`player` passes (or makes a void call that counts as his pass). Passing again since the
        standing bid (only ever out of turn) is no further pass: all must pass, not one twice."""
        self.passed.add(player)
        if not (self.skipping[0] and player in self.spoken):
            self.passes += 1
        if self.rules.ends == "first-bid" and self.passes % len(self.seats) == 0:
            self.spoken = set()  # a new round: nobody has spoken in it yet
            self.round = min(self.round + 1, self.rules.rounds)
            if self.rules.dealer_must_bid and self.round == self.rules.rounds:
                self.stuck = self.dealer  # stick the dealer: in the last round he must bid, so a deal is never lost
        else:
            self.spoken.add(player)
        self.spoke(player)

    def bid(self, player: str, bid: Bid) -> None:
        """`player`'s bid stands: it is the one every other player now answers."""
        self.high, self.caller, self.passes, self.spoken, self.answerer = bid, player, 0, {player}, None
        self.spoke(player)

    def answer(self, player: str) -> None:
        """`player` answers the standing bid without passing or outbidding it (accepts a demand)."""
        self.answerer = player
        self.spoken.add(player)
        self.spoke(player)

    def next_to_answer(self, player: str) -> str:
        """Where calls out of turn stand, the first seat after `player` still to answer the standing
        bid (in turn, the next seat: out of turn, one who has answered it is passed by)."""
        seats = self.seats
        after = seats[(seats.index(player) + 1) % len(seats)]
        silent = self.silent()
        return next((p for p in self.between(after, player) if p in silent), after)

    def between(self, first: str, last: str) -> list[str]:
        """The seats from `first` up to (not including) `last`, in the order they speak."""
        seats = self.seats
        start = seats.index(first)
        return [seats[(start + i) % len(seats)] for i in range((seats.index(last) - start) % len(seats))]

    def take_silence(self) -> list[str]:
        """Play began with some players not having spoken (`silent`): the table took them to have
        passed, so the bidding closes and the hand is played and scored rather than every card
        going back. The players so taken."""
        silent = self.silent()
        for player in silent:
            self.passed.add(player)
            self.spoken.add(player)
            self.spoke(player)
        return silent

    def spoke(self, player: str) -> None:
        """The turn passes on: to the next seat after the speaker, or (each speaking once) to the
        first who has not spoken yet; and whether that closed the bidding, by the rule declared. A
        player passed over by a call out of turn, speaking before anybody else, leaves the turn
        where that call put it: he spoke in the turn that was his before the error."""
        self.acted.add(player)
        ends, seats = self.rules.ends, self.seats
        if ends == "once-round":
            self.turn = next((p for p in seats if p not in self.acted), "")
            self.over = not self.turn
            return
        if self.rules.out_of_turn != "stands":  # nobody is ever passed over: the next seat speaks
            self.turn = seats[(seats.index(player) + 1) % len(seats)]
        elif self.owed and self.owed[0] == player and player != self.turn:
            del self.owed[0]
        else:
            jumped, skipped = self.skipping
            self.owed = skipped if jumped == player else []
            self.turn = self.next_to_answer(player)
        if self.skipping[0]:  # (a call in turn, the usual one, leaves it as it was: nobody skipped)
            self.skipping = ("", [])
        if ends == "first-bid":
            self.over = self.high is not None or self.passes >= len(seats) * self.rules.rounds
        elif self.high is None:
            self.over = self.passes >= len(seats)
        else:
            self.over = self.passes >= len(seats) - 1 if ends == "passes" else not self.silent()

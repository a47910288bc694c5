"""French Boston (Foster): four players, play to the right, belle and petite, 40 deals.

Defaults follow the seed text (shared/seeds/003); where it is silent, the digest's
recommendation (shared/rules/french-boston.md); the other readings are house rules listed by
``referee rules french-boston``. The payment table lives in the rulebook YAML, not here.

Money is kept per player in counters, with the pool beside it; every payment moves counters
between players or between a player and the pool, so a hand's deltas plus the pool's change
always sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypedDict

from ...engine import table as tb
from ...engine.choices import SUIT_OPTIONS, Choice, Lapse, Option
from ...engine.generators import Deal, PlayRules, PlayRulesFor, TableRules, random_trick
from ...engine.header import Setup
from ...engine.laws import Effect, HandStatus, Irregularity
from ...engine.ledger import Ledger
from ...engine.replay import HandContext, HandReplay
from ...engine.rulebook import rulebook_data
from ...engine.session import GameRules, GameSession, sole_leader
from ...engine.verdict import HandVerdict
from ...notation import events as ev
from ...notation.cards import ACE, JACK, KING, QUEEN, Card, Suit, card, pack
from ...notation.reader import HandRecord, Problem, trick_line

GAME_NAME = "french-boston"
SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
"""Permanent suit rank: for equal numbers, and the payment table's columns."""
JACK_DIAMONDS = card(JACK, Suit.DIAMONDS)
JACK_HEARTS = card(JACK, Suit.HEARTS)

LEVELS = {
    "demand": 1, "demand-belle": 2, "six": 3, "petite-misere": 4, "eight": 5, "grand-misere": 6,
    "misere-quatre-as": 7, "nine": 8, "nine-petite": 9, "nine-belle": 10,
    "petite-misere-table": 11, "grand-misere-table": 12,
}
MISERES = frozenset({"petite-misere", "grand-misere", "misere-quatre-as", "petite-misere-table", "grand-misere-table"})
DISCARD_MISERES = frozenset({"petite-misere", "petite-misere-table"})
MISERE_ROW = {"petite-misere": "petite-misere", "grand-misere": "grand-misere", "misere-quatre-as": "misere-quatre-as",
              "petite-misere-table": "misere-table", "grand-misere-table": "misere-table"}
NUMBER_KIND = {6: "six", 8: "eight", 9: "nine"}


@lru_cache(maxsize=1)
def payments() -> dict[str, Any]:
    """The payment table of the rulebook (data, not code)."""
    payments: dict[str, Any] = rulebook_data("french-boston")["payments"]
    return payments


def best_jack(turned: Suit | None) -> Card:
    """The best trump: the jack of diamonds, or the jack of hearts when diamonds are turned."""
    return JACK_HEARTS if turned is Suit.DIAMONDS else JACK_DIAMONDS


class FrenchBostonTricks:
    """Effective suits and trick power: the best-trump jack; the quatre-as caller's renounces."""

    def __init__(self, trump: Suit | None, turned: Suit | None, super_jack_follows_trump: bool = True,
                 renouncer: str | None = None) -> None:
        self.trump = trump
        self.jack = best_jack(turned) if trump is not None else None
        self.jack_is_trump = super_jack_follows_trump
        self.renouncer = renouncer

    def suit_of(self, c: Card) -> Suit:
        if c is self.jack and self.jack_is_trump:
            assert self.trump is not None
            return self.trump
        return c.suit

    def power(self, c: Card, led: Suit) -> int:
        if c is self.jack:
            return 200
        if self.trump is not None and c.suit is self.trump:
            return 100 + c.rank
        return c.rank if c.suit is led else -1  # only the super jack changes suit, and it is dealt with above

    def excused(self, player: str, c: Card, led: Suit, trick: int) -> bool:
        return player == self.renouncer and trick <= 10


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposal in the bidding: its kind, who made it, its suit and the demander's laid card."""

    player: str
    kind: str
    suit: Suit | None = None
    laid: Card | None = None

    @property
    def key(self) -> tuple[int, int]:
        plain = self.kind in ("six", "eight", "nine") and self.suit is not None
        return LEVELS[self.kind], SUIT_RANK[self.suit] if plain and self.suit else 0

    @property
    def is_demand(self) -> bool:
        return self.kind in ("demand", "demand-belle")

    @property
    def text(self) -> str:
        if self.is_demand:
            return "a demand in belle" if self.kind == "demand-belle" else "a demand"
        if self.kind in ("six", "eight", "nine") and self.suit is not None:
            return f"{self.kind} in {self.suit.word}"
        if self.kind in ("nine-petite", "nine-belle"):
            return "nine in " + self.kind[5:]
        return self.kind.replace("-", " ")


@dataclass(slots=True)
class Contract:
    """What is played: `kind` partnership | forced-alone | solo | misere; `needed` tricks."""

    kind: str
    caller: str
    proposal: Proposal
    partner: str | None = None
    trump: Suit | None = None
    needed: int = 0
    forced: bool = False  # independence forced on a fallen card


FrenchBostonOptions = TypedDict("FrenchBostonOptions", {
    "after-pass": Literal["accept-only", "trick-bids"],
    "slams": Literal["paragraph", "table"],
    "failure": Literal["stake", "stake-plus-tricks"],
    "fallen-card": Literal["petite", "grand"],
    "super-jack": Literal["trump", "own-suit"],
    "wrong-count-forfeit": int,
    "honours": Literal["trump-suit", "with-best-jack"],
    "quatre-as-aces": bool,
    "settlement": Literal["each-pays-each", "one-to-one"],
    "jack-bonus": Literal["diamonds", "best-jack"],
    "pool-end": Literal["divide", "play-on"],
})
"""The house rules of french-boston as its rulebook defines them (a test checks the two agree)."""


Phase = Literal["bidding", "made", "play", "thrown-in"]
"""Where the deal stands."""


class FrenchBostonHand(HandReplay):
    game = GAME_NAME
    options: FrenchBostonOptions
    cards_per_hand = 13
    pack = frozenset(pack(2))
    score_unit = "counters"

    def __init__(self, context: HandContext, record: HandRecord, belle: Suit | None, pool_before: int,
                 contribution_due: bool) -> None:
        super().__init__(context, record)
        self.belle = belle
        self.pool_before = pool_before
        self.contribution_due = contribution_due
        self.phase: Phase = "bidding"
        self.bidder = self.left_of(self.dealer)
        self.best: Proposal | None = None
        self.acceptor: str | None = None
        self.spoken: set[str] = set()        # players who spoke since the best proposal
        self.passed: set[str] = set()
        self.accepted: set[str] = set()
        self.overcalled: dict[str, Card | None] = {}  # demanders overcalled, with their laid card
        self.silent_passes = 0
        self.undertaking: Contract | None = None
        self.discards: dict[str, Card] = {}
        self.misere_lost_at: int | None = None
        self.misere_claimed = False  # the caller claimed pool and stakes on an adversary's error
        self.short_hands: set[str] = set()
        self.long_hand = False

    # ---- the deal's facts -------------------------------------------------------------
    @property
    def mult(self) -> int:
        doubles = payments()["doubles"]
        return 2 if doubles["first"] <= self.number <= doubles["last"] else 1

    @property
    def turned(self) -> Suit | None:
        return self.upcard.suit if self.upcard else None

    @property
    def petite(self) -> Suit | None:
        if self.turned is None or self.turned is self.belle:
            return None
        return self.turned

    @property
    def trump(self) -> Suit | None:
        return self.undertaking.trump if self.undertaking else None

    def on_deal(self, line: ev.DealLine) -> None:
        upcard, self.upcard = self.upcard, None  # the turned card is the dealer's own: not a duplicate
        super().on_deal(line)
        self.upcard = upcard
        if upcard is not None and line.player != self.dealer and upcard in line.cards:
            self.turned_card_misplaced(line.player, line.at)

    def on_upcard(self, line: ev.UpcardLine) -> None:
        self.upcard, self.upcard_at = line.card, line.at
        if self.belle is None:
            self.belle = line.card.suit
        for player, cards in self.deals.items():
            if player != self.dealer and line.card in cards:
                self.turned_card_misplaced(player, line.at)

    def turned_card_misplaced(self, player: str, at: ev.Span) -> None:
        self.deal_faults.add("duplicate-card")
        self.find("duplicate-card", player, at, "deal.duplicate-card",
                  f"the turned card {self.upcard} is the dealer's last card, yet it is in {player}'s hand: "
                  "the pack or the deal is wrong, and the same dealer deals again")

    def wrong_dealer_ruling(self) -> str:
        return "Once the cards are out the deal stands, and the next deal passes to his right."

    def wrong_count_ruling(self, player: str) -> str:
        return "Found before play, this is a misdeal: the dealer loses the deal and the player on his right deals."

    # ---- bidding ------------------------------------------------------------------------
    def take_turn(self, event: ev.Event, what: str) -> bool:
        """Common checks for a bidding event; False when it is void (after the bidding)."""
        if self.phase != "bidding":
            self.find("illegal-bid", event.player, event.at, "bidding.end",
                      f"{event.player} {what} after the bidding had ended; it is void")
            return False
        if event.player != self.bidder:
            self.find("bid-out-of-turn", event.player, event.at, "bidding.out-of-turn",
                      f"{event.player} {what} out of turn: it was {self.bidder}'s turn (the bidding goes to the "
                      "right). There is no penalty, but it stands and the bidding goes on from his right.")
        return True

    def illegal(self, event: ev.Event, topic: str, text: str) -> None:
        self.find("illegal-bid", event.player, event.at, topic,
                  text + f" The call is void; {event.player} speaks again.")
        self.bidder = event.player

    def spoke(self, player: str) -> None:
        self.spoken.add(player)
        self.bidder = self.left_of(player)
        if self.best is None:
            if self.silent_passes >= 4:
                self.phase = "thrown-in"
            return
        others = {p for p in self.order if p != self.best.player}
        if others <= self.spoken:
            self.close_bidding()

    def on_pass(self, event: ev.Pass) -> None:
        if not self.take_turn(event, "passed"):
            return
        self.passed.add(event.player)
        if self.best is None:
            self.silent_passes += 1
        self.spoke(event.player)

    def on_unsupported_accept(self, event: ev.Accept) -> None:
        if self.phase != "bidding":
            super().on_unsupported_accept(event)
            return
        if not self.take_turn(event, "accepted"):
            return
        best = self.best
        if best is None or not best.is_demand:
            what = ("nothing has been proposed" if best is None
                    else f"the standing proposal is {best.text}, not a demand")
            self.illegal(event, "bidding.accept", f"{event.player} accepts, but {what}; only a demand can be accepted.")
            return
        if best.player == event.player or self.acceptor is not None:
            who = "his own demand" if best.player == event.player else f"a demand {self.acceptor} already accepted"
            self.illegal(event, "bidding.accept", f"{event.player} accepts {who}.")
            return
        self.acceptor = event.player
        self.accepted.add(event.player)
        self.spoke(event.player)

    def on_demand(self, event: ev.Demand) -> None:
        if not self.take_turn(event, "demanded"):
            return
        kind = "demand-belle" if event.belle else "demand"
        allowed = (self.belle,) if event.belle else (self.belle, self.petite)  # in this order in messages
        laid = event.card
        if laid is not None and self.belle is not None and laid.suit not in allowed:
            where = "belle" if event.belle else "belle or petite"
            self.illegal(event, "bidding.demand", f"{event.player} demands laying {laid}, but a demand must be in "
                         f"{where} ({'/'.join(s.word for s in allowed if s)}).")
            return
        if laid is not None and event.player in self.deals and laid not in self.deals[event.player]:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} lays {laid} face down, a card he was not dealt")
        self.propose(event, Proposal(event.player, kind, laid.suit if laid else None, laid))

    def on_bid(self, event: ev.Bid) -> None:
        if not self.take_turn(event, f"bid {event.text}"):
            return
        proposal = self.read_bid(event)
        if proposal is not None:
            self.propose(event, proposal)

    def read_bid(self, event: ev.Bid) -> Proposal | None:
        """The proposal a bid names, or None (and a finding) when it is not a French Boston bid."""
        if event.contract is not None:
            if event.contract in MISERES:
                return Proposal(event.player, event.contract)
            self.illegal(event, "bidding.order", f"'{event.contract}' is not a French Boston proposal.")
            return None
        number, qualifier = event.number, event.qualifier
        if number not in NUMBER_KIND:
            self.illegal(event, "bidding.solo-numbers",
                         f"{event.player} bid {number} tricks alone, but only six, eight or nine may be bid alone "
                         "(no seven; no five without a partner).")
            return None
        if qualifier is None or qualifier == "colour":
            self.illegal(event, "bidding.order", f"{event.player}'s bid of {number} names no suit.")
            return None
        if number == 9 and qualifier in ("petite", "belle"):
            suit = self.belle if qualifier == "belle" else self.petite
            if suit is None:
                self.illegal(event, "bidding.order", f"there is no {qualifier} in this deal to bid nine in.")
                return None
            return Proposal(event.player, f"nine-{qualifier}", suit)
        suit = self.named_suit(qualifier)
        if suit is None:
            self.illegal(event, "bidding.order", f"'{qualifier}' names no suit of this deal.")
            return None
        if number == 9 and suit is not None and suit in (self.belle, self.petite):
            # a nine named by the suit that is belle (petite) is the nine in belle (petite)
            return Proposal(event.player, "nine-belle" if suit is self.belle else "nine-petite", suit)
        return Proposal(event.player, NUMBER_KIND[number], suit)

    def named_suit(self, qualifier: str) -> Suit | None:
        """The suit a bid's qualifier names (a suit letter, belle or petite); None for other words."""
        if qualifier == "belle":
            return self.belle
        if qualifier == "petite":
            return self.petite
        return next((suit for suit in Suit if suit.value == qualifier), None)

    def propose(self, event: ev.Event, proposal: Proposal) -> None:
        player = event.player
        if player in self.overcalled and not self.overcalled_may(proposal, self.overcalled[player]):
            laid = self.overcalled[player]
            self.illegal(event, "bidding.overcalled-demander",
                         f"{player}'s demand was overcalled: he may only raise to six in the suit of his laid card"
                         f"{' (' + laid.suit.word + ')' if laid else ''}, accept a demand, or pass.")
            return
        if player in self.passed and (proposal.kind in MISERES or self.options["after-pass"] == "accept-only"):
            may = ("may now only accept a demand or pass" if self.options["after-pass"] == "accept-only"
                   else "may not propose a misère")
            self.illegal(event, "bidding.after-pass", f"{player} has passed and {may}.")
            return
        if proposal.kind in MISERES and player in self.accepted:
            self.illegal(event, "bidding.after-pass", f"{player} has accepted and may not propose a misère.")
            return
        if proposal.kind == "misere-quatre-as" and self.options["quatre-as-aces"] and player in self.deals \
                and sum(1 for c in self.deals[player] if c.rank == ACE) < 4:
            self.illegal(event, "play.quatre-as", f"under the house rule the misère des quatre as needs the four aces, "
                         f"and {player} was not dealt them.")
            return
        if self.best is not None and proposal.key <= self.best.key:
            self.illegal(event, "bidding.order", f"{proposal.text} does not outrank {self.best.text}.")
            return
        if self.best is not None and self.best.is_demand:
            self.overcalled[self.best.player] = self.best.laid
        self.best, self.acceptor, self.spoken = proposal, None, set()
        self.spoke(player)

    @staticmethod
    def overcalled_may(proposal: Proposal, laid: Card | None) -> bool:
        return proposal.kind == "six" and (laid is None or proposal.suit is laid.suit)

    def close_bidding(self) -> None:
        best = self.best
        assert best is not None
        self.phase = "made"
        if best.is_demand:
            trump = best.laid.suit if best.laid else None
            if self.acceptor is not None:
                self.undertaking = Contract("partnership", best.player, best, self.acceptor, trump, 8)
            else:
                self.undertaking = Contract("forced-alone", best.player, best, None, trump, 5)
        elif best.kind in MISERES:
            self.undertaking = Contract("misere", best.player, best)
        else:
            needed = 9 if best.kind.startswith("nine") else {"six": 6, "eight": 8}[best.kind]
            self.undertaking = Contract("solo", best.player, best, None, best.suit, needed)

    def on_namesuit(self, event: ev.NameSuit) -> None:
        contract = self.undertaking
        if contract is None or self.phase != "made" or event.player != contract.caller or contract.kind == "misere" \
                or contract.forced:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} names {event.suit.word}, but nobody may name trumps now; ignored")
            return
        if contract.kind in ("partnership", "forced-alone"):
            self.name_demand(event, contract)
        else:
            self.name_solo(event, contract)

    def name_demand(self, event: ev.NameSuit, contract: Contract) -> None:
        laid = contract.proposal.laid
        allowed = (self.belle,) if contract.proposal.kind == "demand-belle" else (self.belle, self.petite)
        if laid is not None and event.suit is not laid.suit:
            self.find("illegal-bid", event.player, event.at, "bidding.ruse",
                      f"{event.player} names {event.suit.word}, "
                      f"but his laid card {laid} makes {laid.suit.word} trumps.")
        elif self.belle is not None and event.suit not in allowed:
            self.find("illegal-bid", event.player, event.at, "bidding.demand",
                      f"{event.player} names {event.suit.word}; a demander must play in "
                      f"{'/'.join(s.word for s in allowed if s)}.")
        else:
            contract.trump = event.suit

    def name_solo(self, event: ev.NameSuit, contract: Contract) -> None:
        bid = contract.proposal
        needed = self.needed_in(bid, event.suit)
        if needed is None:
            self.find("illegal-bid", event.player, event.at, "bidding.ruse",
                      f"{event.player} bid {bid.text} and names {event.suit.word}: nothing he may play in "
                      f"{event.suit.word} ranks as high as his bid. The naming is void.")
            return
        if needed != contract.needed:
            self.notes.append(f"{event.player} bid {bid.text} but names {event.suit.word}: to rank as high as his bid "
                              f"he must take {needed} tricks.")
        contract.trump, contract.needed = event.suit, needed

    def needed_in(self, bid: Proposal, suit: Suit) -> int | None:
        """Tricks a solo caller needs in `suit` so that his contract ranks at least as high as `bid`."""
        for number in (6, 8, 9):
            kind = NUMBER_KIND[number]
            if number == 9 and suit is self.belle:
                kind = "nine-belle"
            elif number == 9 and suit is self.petite:
                kind = "nine-petite"
            if Proposal("", kind, suit).key >= bid.key:
                return number
        return None

    # ---- fallen cards, exposures ------------------------------------------------------
    def on_expose(self, event: ev.Expose) -> None:
        if self.phase != "bidding":
            super().on_expose(event)
            return
        if event.player in self.deals and event.card not in self.deals[event.player]:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} exposed {event.card}, a card {event.player} does not hold")
            return
        size = "eight" if self.options["fallen-card"] == "grand" else "six"
        self.find("exposed-card", event.player, event.at, "exposed.fallen-card",
                  f"{event.player}'s {event.card} fell face up before play began: the others may make him play "
                  f"independence in {event.card.suit.word} ({size} tricks alone).")
        self.offer_fallen_card(event)

    def exposed_ruling(self, event: ev.Expose) -> str:
        if self.is_solo_caller(event.player):
            return "A solo caller's exposed cards carry no penalty."
        if self.undertaking is not None and self.undertaking.kind == "misere":
            return f"In a misère {self.undertaking.caller} may claim the pool and the stakes at once."
        return (f"It stays face up; {self.side_label(self.adversaries(event.player))} may call it to be played when "
                "legal, or require his highest or lowest of the suit led.")

    def rule_exposed(self, event: ev.Expose, finding: Irregularity) -> None:
        if self.is_solo_caller(event.player) or self.undertaking is None:
            return
        if self.undertaking.kind == "misere":
            self.offer_misere_claim(event.player, f"exposed the {event.card}")
            return
        self.offer_exposed_call(event.player, event.card)

    def offer_exposed_call(self, holder: str, card: Card) -> None:
        """The other side's right over an exposed card: it lasts until the card is played."""
        others = self.adversaries(holder)
        self.offer_card_calls(holder, card, ("card", "highest", "lowest"), "exposed.card",
                              f"{self.side_label(others)} may call {card} to be played when legal, or require "
                              f"{holder}'s highest or lowest card of the suit led; the card stays liable to be "
                              "called until it is played.", ends=(Lapse.CARD_PLAYED,))

    def offer_misere_claim(self, offender: str, what: str) -> None:
        """As in Boston: an adversary's error in a misère lets the caller claim pool and stakes at once."""
        assert self.undertaking is not None
        caller = self.undertaking.caller

        def claim(option: str, at: ev.Span) -> None:
            self.misere_claimed = True
            self.gather_now()
            self.penalise("misere.errors", f"{caller} claims the misère as made after {offender} {what}",
                          effects=(Effect("hand-not-scored", offender),))

        self.offer([caller], offender, ("win",), "misere.errors",
                   f"{offender} {what} in a misère: {caller} may at once claim the pool and the stakes as if he had "
                   "made it (call win, or write the result); if he plays on without claiming, the right is lost.",
                   claim, recorded="win")

    def offer_fallen_card(self, event: ev.Expose) -> None:
        suit = event.card.suit
        others = [p for p in self.order if p != event.player]

        def force(option: str, at: ev.Span) -> None:
            number = 8 if self.options["fallen-card"] == "grand" else 6
            proposal = Proposal(event.player, NUMBER_KIND[number], suit)
            self.undertaking = Contract("solo", event.player, proposal, None, suit, number, forced=True)
            self.phase = "made"
            self.penalise("exposed.fallen-card",
                          f"{event.player}'s {event.card} fell face up: he must play {proposal.text} alone",
                          effects=(Effect("requirement", event.player, None, f"independence {suit.word}"),))

        self.offer(others, event.player, (SUIT_OPTIONS[suit],), "exposed.fallen-card",
                   f"{self.side_label(others)} may make {event.player} play independence in {suit.word} "
                   f"(call {suit.word}) before the first lead.", force, ends=(Lapse.PLAY_BEGINS,))

    # ---- play -----------------------------------------------------------------------------
    def silent_passed(self, event: ev.Event) -> bool:
        """A discard for the misère, or the opening lead from its seat, while a proposal stands and
        some players have not spoken since: the table took them to have passed, so the bidding is
        over and the hand is played and scored (not left in progress with every card sent back)."""
        if self.phase != "bidding" or self.best is None:
            return False
        silent = [p for p in self.order if p != self.best.player and p not in self.spoken]
        self.spoken.update(silent)
        self.passed.update(silent)
        self.notes.append(f"{event.player} {'discarded' if isinstance(event, ev.Discard) else 'led'} before "
                          f"{' and '.join(silent)} had answered {self.best.player}'s proposal: the table took "
                          f"{'him' if len(silent) == 1 else 'them'} to have passed.")
        self.close_bidding()
        return True

    def on_discard(self, event: ev.Discard) -> None:
        self.silent_passed(event)
        contract = self.undertaking
        late = self.table is not None and (bool(self.table.tricks) or self.misere_claimed)
        if contract is None or contract.proposal.kind not in DISCARD_MISERES or late \
                or event.player in self.discards:
            self.find("illegal-discard", event.player, event.at, "misere.discard",
                      f"{event.player} discards {event.card}, but only in a petite misère, once each, before the first "
                      "lead; the discard is void")
            return
        if event.player in self.deals and event.card not in self.deals[event.player]:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} discards {event.card}, a card he was not dealt")
            return
        self.discards[event.player] = event.card
        if self.table is not None and self.table.hands is not None and event.player in self.table.hands:
            self.table.hands[event.player].discard(event.card)  # a late discard, after a lead before the discards

    def on_spread(self, event: ev.Spread) -> None:
        contract = self.undertaking
        if contract is None or not contract.proposal.kind.endswith("-table") or event.player != contract.caller:
            self.unsupported(event, "'spread' here")
            return
        self.notes.append(f"{event.player} spreads his cards face up for the misère on the table.")

    def adjust_hands(self, hands: dict[str, set[Card]] | None) -> None:
        if hands is None:
            return
        for player, discarded in self.discards.items():
            if player in hands:
                hands[player].discard(discarded)

    def ready_to_play(self, event: ev.Play) -> bool:
        if self.phase == "thrown-in":
            return self.play_after_throw_in(event)
        if self.phase == "bidding" and not (event.player == self.left_of(self.dealer) and self.silent_passed(event)):
            self.find("premature-lead", event.player, event.at, "exposed.fallen-card",
                      f"{event.player} played {event.card} before the bidding ended: the card goes back and counts as "
                      "a card fallen face up.")
            self.offer_fallen_card(ev.Expose(event.player, event.card, event.at))
            return False
        if self.phase != "made" or self.undertaking is None:
            return False
        contract = self.undertaking
        missing = self.missing_discards()
        if missing and event.player == contract.caller:
            self.find("premature-lead", event.player, event.at, "misere.discard",
                      f"{event.player} led {event.card} before {' and '.join(missing)} had discarded: the card goes "
                      "back; a solo caller is not penalised")
            return False
        self.phase = "play"
        if contract.kind != "misere" and contract.trump is None:
            self.find("inconsistent-transcript", contract.caller, event.at, "transcript.consistency",
                      "play began but the trump suit is unknown (no laid card and no 'name'); spades are assumed")
            contract.trump = Suit.SPADES
        if contract.proposal.kind in DISCARD_MISERES:
            self.cards_per_hand = 12
        renouncer = contract.caller if contract.proposal.kind == "misere-quatre-as" else None
        rules = FrenchBostonTricks(contract.trump, self.turned, self.options["super-jack"] == "trump", renouncer)
        self.start_play(self.left_of(self.dealer), self.order, rules)
        self.check_counts(event)
        if missing:
            self.lead_before_discards(event, missing)
        return True

    def missing_discards(self) -> list[str]:
        """The players still to discard in a petite misère (none in any other contract)."""
        contract = self.undertaking
        if contract is None or contract.proposal.kind not in DISCARD_MISERES:
            return []
        return [p for p in self.order if p not in self.discards]

    def lead_before_discards(self, event: ev.Play, missing: list[str]) -> None:
        """An adversary led before everybody had discarded: a misère error by Boston's law, which
        Foster leaves irregularities to. The caller may claim at once; if play goes on, the error is
        passed over and the others still discard before trick 1 is complete."""
        assert self.undertaking is not None
        what = f"led {event.card} before {' and '.join(missing)} had discarded"
        self.find("premature-lead", event.player, event.at, "misere.errors",
                  f"{event.player} {what}, a misère error: {self.undertaking.caller} may claim the pool and the "
                  "stakes at once.")
        self.offer_misere_claim(event.player, what)

    def check_counts(self, event: ev.Play) -> None:
        dealt = FrenchBostonHand.cards_per_hand  # the petite misère plays twelve, but thirteen are dealt
        for player in self.order:
            cards = self.deals.get(player)
            if cards is None or len(cards) == dealt:
                continue
            if len(cards) > dealt:
                self.long_hand = True
                ruling = "Too many cards: the deal is void, a misdeal, and the deal passes to the right."
            else:
                self.short_hands.add(player)
                ruling = ("He is on the caller's side, so the call fails." if player in self.caller_side()
                          else "He is an adversary of the caller, so the call is paid as made.")
            self.find("wrong-card-count", player, event.at, "wrong-count.play",
                      f"play began with {player} holding {len(cards)} cards. " + ruling)

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        contract = self.undertaking
        if fact.trick.number == 1 and self.missing_discards():
            missing = self.missing_discards()
            self.find("illegal-discard", missing[0], fact.trick.plays[-1].at, "misere.discard",
                      f"trick 1 was played before {' and '.join(missing)} discarded; each player must discard one "
                      "card face down before the first trick is complete")
        if contract is not None and contract.kind == "misere" and self.misere_lost_at is None \
                and fact.trick.winner == contract.caller:
            self.misere_lost_at = fact.trick.number
            short = sorted(self.short_hands - {contract.caller}, key=self.order.index)
            if short and contract.caller not in self.short_hands:
                self.throw_up(f"{contract.caller} took trick {fact.trick.number} and the hands are thrown up, but "
                              f"{' and '.join(short)}, an adversary, played short: the misère is paid as made.")
            else:
                self.throw_up(f"{contract.caller} took trick {fact.trick.number}, which ends the misère: the hands "
                              "are thrown up.")

    def resume_play(self) -> None:
        """A card of the trick that lost the misère was taken back: play goes on in that trick."""
        self.misere_lost_at = None

    def on_play(self, event: ev.Play) -> None:
        if self.misere_lost_at is not None or self.misere_claimed:
            return  # the hands were thrown up; later cards only show the hands
        self.play_card(event)

    # ---- sides -----------------------------------------------------------------------------
    def caller_side(self) -> frozenset[str]:
        contract = self.undertaking
        if contract is None:
            return frozenset()
        return frozenset(p for p in (contract.caller, contract.partner) if p is not None)

    def adversaries(self, player: str) -> frozenset[str]:
        side = self.caller_side()
        if player in side:
            return frozenset(p for p in self.order if p not in side)
        return side if side else frozenset(p for p in self.order if p != player)

    def is_solo_caller(self, player: str) -> bool:
        return self.undertaking is not None and self.undertaking.partner is None and player == self.undertaking.caller

    def partners_of(self, player: str) -> frozenset[str]:
        side = self.caller_side()
        mine = side if player in side else frozenset(p for p in self.order if p not in side)
        return mine - {player}

    # ---- out of turn, corrected revokes, attention ----------------------------------------------
    def out_of_turn_ruling(self, fact: tb.OutOfTurn) -> str:
        if self.is_solo_caller(fact.player):
            return ("A solo caller's card out of turn carries no penalty; it is taken back unless the next player "
                    "plays to it.")
        if self.undertaking is None:
            return ""
        if self.undertaking.kind == "misere":
            return f"In a misère {self.undertaking.caller} may claim the pool and the stakes at once."
        others = self.side_label(self.adversaries(fact.player))
        if fact.lead:
            if fact.expected in self.adversaries(fact.player):
                side = " or ".join(p for p in self.order if p not in self.adversaries(fact.player))
                return f"{others} may call a suit from {side} (whichever leads next) or call the card as exposed."
            return f"{others} may call a suit from {fact.expected} or call the card as exposed."
        return f"{others} may impose highest, lowest, win or lose on his partner still to play, if any."

    def rule_out_of_turn(self, fact: tb.OutOfTurn, finding: Irregularity) -> None:
        if self.is_solo_caller(fact.player) or self.undertaking is None:
            return
        if self.undertaking.kind == "misere":
            self.offer_misere_claim(fact.player, f"{'led' if fact.lead else 'played'} out of turn")
            return
        others = self.adversaries(fact.player)
        if fact.lead:
            self.offer_lead_penalty(fact, others)
        else:
            self.offer_play_penalty(fact, others)

    def offer_lead_penalty(self, fact: tb.OutOfTurn, others: frozenset[str]) -> None:
        # The suit is called from the offender's side: from the rightful leader when he is the
        # offender's partner, otherwise (the lead was the innocent side's) from whichever of the
        # offender's side next has the lead, as in Boston.
        if fact.expected in others:
            targets = [p for p in self.order if p not in others]
            whom = f"{' or '.join(targets)}, whichever leads next" if len(targets) > 1 else targets[0]
        else:
            targets, whom = [fact.expected], f"{fact.expected}, whose lead it was"

        def apply(option: str, at: ev.Span) -> None:
            if len(option) == 2:
                effects = [self.require(fact.player, "card", "play.out-of-turn", at, card=fact.card)]
            else:
                suit = Suit[option.upper()]
                effects = self.require_lead(targets, suit, "play.out-of-turn", at)
            self.penalise("play.out-of-turn", f"{self.side_label(others)} call {option} after {fact.player}'s lead "
                          "out of turn", effects=(Effect("take-back", fact.player, None, fact.card.text), *effects))

        self.offer(others, fact.player, ("suit", "card"), "play.out-of-turn",
                   f"{self.side_label(others)} may call a suit from {whom}, or call "
                   f"{fact.card} as an exposed card; {fact.player} takes it back. If the other side plays to the "
                   "lead without a call, it stands.", apply, card=fact.card)

    def offer_play_penalty(self, fact: tb.OutOfTurn, others: frozenset[str]) -> None:
        assert self.table is not None
        played = {p.player for p in self.table.current.plays}
        waiting = [p for p in self.order if p in self.partners_of(fact.player) and p not in played]
        if not waiting:
            return
        target = self.first_in_turn(waiting, fact.player)
        self.offer_requirement(others, fact.player, target, ("highest", "lowest", "win", "lose"), "play.out-of-turn",
                               f"{self.side_label(others)} may require {target}, {fact.player}'s partner who has not "
                               "yet played, to play his highest or lowest card of the suit, or to win or not win the "
                               "trick.")

    def first_in_turn(self, players: Iterable[str], start: str) -> str:
        """The first of `players` going round to the right from `start` (itself included)."""
        return min(players, key=lambda p: (self.order.index(p) - self.order.index(start)) % len(self.order))

    def offer_requirement(self, others: frozenset[str], offender: str, target: str, options: tuple[Option, ...],
                          rule: str, text: str) -> None:
        """Let `others` require one of `options` of `target`'s next card, the penalty under `rule`."""

        def apply(option: str, at: ev.Span) -> None:
            effect = self.require(target, option, rule, at)
            self.penalise(rule, f"{self.side_label(others)} require {option} from {target}", effects=(effect,))

        self.offer(others, offender, options, rule, text, apply, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    def corrected_revoke_ruling(self, fact: tb.Revoke) -> str:
        if self.is_solo_caller(fact.player):
            if self.later_plays:
                return (f"An adversary had already played after him, so {fact.card} stays face up as an exposed card "
                        f"and {self.side_label(self.adversaries(fact.player))} may call it (Boston's law).")
            return "A solo caller who corrects before an adversary plays after him incurs no penalty."
        return (f"{self.side_label(self.adversaries(fact.player))} may require his highest or lowest card of "
                f"{fact.led.word}, or treat {fact.card} as an exposed card.")

    def rule_revoke(self, fact: tb.Revoke, finding: Irregularity) -> None:
        if fact.status != "corrected" or self.undertaking is None:
            return
        if self.is_solo_caller(fact.player):
            if self.later_plays:
                label = self.side_label(self.adversaries(fact.player))
                self.offer_card_calls(fact.player, fact.card, ("card",), "revoke.corrected",
                                      f"{fact.card} stays face up: {label} may call it, to be played as soon as that "
                                      "is lawful; it stays liable to be called until it is played.",
                                      ends=(Lapse.CARD_PLAYED,))
            return
        others = self.adversaries(fact.player)
        self.offer_card_calls(fact.player, fact.card, ("highest", "lowest", "card"), "revoke.corrected",
                              f"{self.side_label(others)} may require {fact.player}'s highest or lowest "
                              f"{fact.led.word}, or call {fact.card} as an exposed card.")

    def offer_card_calls(self, offender: str, exposed: Card, options: tuple[Option, ...], topic: str, text: str,
                         ends: Iterable[Lapse] = (Lapse.CHOOSER_PLAYS,)) -> None:
        """Let the offender's adversaries call `exposed` as an exposed card, or his highest or lowest."""
        others = self.adversaries(offender)

        def call(option: str, at: ev.Span) -> None:
            what = "card" if len(option) == 2 else option
            effect = self.require(offender, what, topic, at, card=exposed if what == "card" else None)
            self.penalise(topic, f"{self.side_label(others)} call {option} from {offender}", effects=(effect,))

        self.offer(others, offender, options, topic, text, call, ends=ends, card=exposed)

    def rule_early_play(self, choice: Choice, play: ev.Play) -> None:
        """As in Boston (L39, L23): the offender's side must wait for the decision; a card one of
        them played before it, taken back, is liable to be called."""
        if not self.misere_claimed and self.undertaking is not None and not self.is_solo_caller(play.player):
            self.expose_early_play(choice, play, self.offer_exposed_call)

    def established_revoke_ruling(self, fact: tb.Revoke) -> str:
        contract = self.undertaking
        if contract is not None and contract.partner is None and fact.player != contract.caller:
            return (f"{fact.player} doubles the pool and pays {contract.caller}, the solo caller, what a success would "
                    "have brought him from all three adversaries; the deal's ordinary result is void.")
        return f"{fact.player} doubles the pool and pays his adversaries the stake; the deal's ordinary result is void."

    def attention_ruling(self, event: ev.Count) -> str:
        if self.is_solo_caller(event.player) or self.undertaking is None:
            return "A solo caller has no partner to help: no penalty."
        if self.table is not None and self.table.finished:
            return "Every trick has been played, so there is nothing left to require: no penalty applies."
        return (f"{self.side_label(self.adversaries(event.player))} may require of the next of his side to play "
                "his highest or lowest card, or to trump or not trump the trick.")

    def rule_attention(self, event: ev.Count, finding: Irregularity) -> None:
        if self.is_solo_caller(event.player) or self.undertaking is None or self.table is None or self.table.finished:
            return
        others = self.adversaries(event.player)
        played = {p.player for p in self.table.current.plays}
        side = (self.partners_of(event.player) | {event.player}) - played
        if not side:
            return
        start = self.table.expected()
        target = self.first_in_turn(side, start)
        self.offer_requirement(others, event.player, target, ("highest", "lowest", "trump", "no-trump"),
                               "attention.drawn", f"{self.side_label(others)} may require {target} to play his "
                               "highest or lowest card, or to trump or not trump the trick.")

    # ---- status -------------------------------------------------------------------------------------
    def void_deal(self) -> str | None:
        """'misdeal' (the deal passes), 'same-dealer' (dealt again by him) or None."""
        if self.redeal_at is not None:
            return "same-dealer"
        if self.long_hand:
            return "misdeal"
        if self.table is not None:
            return None
        if "duplicate-card" in self.deal_faults:
            return "same-dealer"
        if "wrong-count" in self.deal_faults:
            return "misdeal"
        return None

    def status(self) -> HandStatus:
        if self.void_deal() is not None:
            return "redeal"
        if self.phase == "thrown-in":
            return "thrown-in"
        if self.table is not None and (self.table.finished or self.misere_claimed):
            return "complete"
        if self.revokes or self.misere_lost_at is not None:
            return "abandoned"  # as in Boston: a misère lost by the caller's trick throws the hands up
        return "in-progress"

    # ---- settlement ----------------------------------------------------------------------------------
    def column(self, suit: Suit | None) -> int:
        return SUIT_RANK[suit] if suit is not None else 0

    def settle(self, ledger: Ledger) -> None:
        status = self.status()
        if self.contribution_due:
            amount = payments()["contribution"] * self.mult
            ledger.into_pool(self.dealer, amount, self.rule_id("pool.contribution"), f"{self.dealer} deals")
            self.note(f"{self.dealer}, the dealer, pays {amount} into the pool.")
        if status == "redeal":
            self.rule_void_deal()
        if status in ("complete", "abandoned") and self.undertaking is not None:
            if self.revokes:
                self.settle_revokes(ledger, self.undertaking)
            else:
                self.settle_contract(ledger, self.undertaking)
            self.jack_bonus(ledger, self.undertaking)
            self.wrong_count_forfeits(ledger)
        # every deal written counts, a void one included: the fortieth ends the game however it ends
        if status in ("complete", "abandoned", "thrown-in", "redeal") and self.number == payments()["game-deals"] \
                and self.options["pool-end"] == "divide":
            self.divide_pool_at_end(ledger)

    def wrong_count_forfeits(self, ledger: Ledger) -> None:
        """Boston's forfeit for playing on with a short hand, in counters fixed by house rule (the
        digest leaves the translation of Boston's red counters to agreement; 0 by default)."""
        amount = self.options["wrong-count-forfeit"] * self.mult
        if not amount:
            return
        for player in sorted(self.short_hands, key=self.order.index):
            mark = ledger.mark()
            ledger.into_pool(player, amount, self.rule_id("wrong-count.play"), f"{player} played on with a short hand")
            self.penalise("wrong-count.play", f"{player} played on with a short hand: {amount} into the pool",
                          since=mark)

    def rule_void_deal(self) -> None:
        """Who deals next after a void deal: a misdeal loses the deal; an imperfect pack does not."""
        void = self.void_deal()
        if void == "misdeal":
            nxt = self.left_of(self.dealer)
            self.penalise("deal.misdeal", f"{self.dealer} misdealt and loses the deal: {nxt}, on his right, deals next",
                          effects=(Effect("redeal", None, None, nxt),))
        elif void == "same-dealer" and self.redeal_at is None:
            self.penalise("deal.duplicate-card",
                          f"the pack is imperfect: {self.dealer} deals again without paying again",
                          effects=(Effect("redeal", None, None, self.dealer),))

    def tricks_of(self, players: Iterable[str]) -> int:
        assert self.table is not None
        members = set(players)
        return sum(1 for t in self.table.tricks if t.winner in members)

    def stake(self, contract: Contract) -> int:
        """The table amount of the contract, per adversary: what a failure costs (without honours)."""
        table = payments()
        if contract.kind == "misere":
            return int(table[MISERE_ROW[contract.proposal.kind]][self.column(self.turned)]) * self.mult
        row, par = self.row_of(contract)
        col = self.column(contract.trump)
        return int(row["base"][col] + (contract.needed - par) * row["extra-trick"][col]) * self.mult

    def row_of(self, contract: Contract) -> tuple[dict[str, Any], int]:
        """The table row paying the contract, and the tricks its base amount pays for.

        The first row pays five alone or eight between partners; nine is paid as eight with
        one trick over.
        """
        table = payments()
        if contract.kind == "partnership":
            return table["five"], 8
        if contract.kind == "forced-alone":
            return table["five"], 5
        row = table["six"] if contract.needed == 6 else table["eight"]
        return row, row["tricks"]

    def honours(self, contract: Contract) -> int:
        """Honours held by the caller's side (0 when a hand is unknown).

        Under ``honours=with-best-jack`` the best-trump jack counts as an honour too (the digest
        leaves it open); four is the most that count.
        """
        trump = contract.trump
        side = self.caller_side()
        if trump is None or not all(p in self.deals for p in side):
            return 0
        held = {c for p in side for c in self.deals[p]}
        honours = {card(rank, trump) for rank in (ACE, KING, QUEEN, JACK)}
        if self.options["honours"] == "with-best-jack":
            honours.add(best_jack(self.turned))
        return min(4, len(honours & held))

    def success_amount(self, contract: Contract, tricks: int) -> tuple[int, str, int]:
        """What each adversary pays for a contract made with `tricks`: the amount, how it is made
        up, and the honours' part of it."""
        row, par = self.row_of(contract)
        col = self.column(contract.trump)
        base = row["base"][col] + (contract.needed - par) * row["extra-trick"][col]
        extra = (tricks - contract.needed) * row["extra-trick"][col]
        parts = [f"{base * self.mult} for the contract"]
        if extra:
            parts.append(f"{extra * self.mult} for {tricks - contract.needed} trick(s) over")
        count = self.honours(contract)
        bonus = row["four-honours"][col] if count == 4 else row["three-honours"][col] if count == 3 else 0
        if bonus:
            parts.append(f"{bonus * self.mult} for {count} honours")
        return (base + extra + bonus) * self.mult, " + ".join(parts), bonus * self.mult

    def slam_amount(self, contract: Contract, tricks: int) -> int | None:
        """The slam payment per adversary, replacing the table amount, or None for no slam."""
        table = payments()
        col = self.column(contract.trump)
        if self.options["slams"] == "paragraph":
            slam = tricks == 13 if contract.kind == "partnership" else contract.kind == "forced-alone" and tricks >= 8
            if not slam:
                return None
            key = "belle" if contract.trump is self.belle else "petite"
            return int(table["slam-paragraph"][key]) * self.mult
        if tricks != 13:
            return None
        return int(table["slam-a-deux" if contract.kind == "partnership" else "slam-seul"][col]) * self.mult

    def settle_contract(self, ledger: Ledger, contract: Contract) -> None:
        if contract.kind == "misere":
            self.settle_misere(ledger, contract)
        elif contract.kind == "partnership":
            self.settle_partnership(ledger, contract)
        else:
            self.settle_alone(ledger, contract)

    def caller_made(self, contract: Contract, tricks: int) -> bool:
        side = self.caller_side()
        if self.short_hands & side:
            return False
        return tricks >= contract.needed or bool(self.short_hands - side)

    def solo_success(self, contract: Contract, tricks: int) -> tuple[int, str, str, int]:
        """What each adversary pays a solo caller who made `tricks`: amount, how, rule topic, and
        the honours' part of the amount."""
        tricks = max(tricks, contract.needed)
        slam = self.slam_amount(contract, tricks)
        if slam is not None:
            return slam, "slam", "score.slam", 0
        amount, how, honours = self.success_amount(contract, tricks)
        return amount, how, "score.table", honours

    def pay_success(self, ledger: Ledger, payer: str, payee: str, amount: int, honours: int, rule: str,
                    cause: str) -> None:
        """A successful contract's payment, its honours entered under their own rule."""
        ledger.transfer(payer, payee, amount - honours, rule, cause)
        ledger.transfer(payer, payee, honours, self.rule_id("score.honours"), cause)

    def settle_alone(self, ledger: Ledger, contract: Contract) -> None:
        caller = contract.caller
        others = [p for p in self.order if p != caller]
        tricks = self.tricks_of([caller])
        if not self.caller_made(contract, tricks):
            self.fail(ledger, [caller], others, contract, tricks)
            return
        amount, how, topic, honours = self.solo_success(contract, tricks)
        tricks = max(tricks, contract.needed)
        cause = f"{caller} made {self.contract_words(contract)} with {tricks} tricks"
        for p in others:
            self.pay_success(ledger, p, caller, amount, honours, self.rule_id(topic), cause)
        pool = ledger.in_pool
        ledger.out_of_pool(caller, pool, self.rule_id("pool.win"), cause)
        self.note(f"{caller} made {self.contract_words(contract)} with {tricks} tricks: {how} = {amount} from "
                  f"each adversary, and takes the pool of {pool}.")

    def settle_partnership(self, ledger: Ledger, contract: Contract) -> None:
        demander, acceptor = contract.caller, contract.partner
        assert acceptor is not None
        side = [demander, acceptor]
        others = [p for p in self.order if p not in side]
        mine, his = self.tricks_of([demander]), self.tricks_of([acceptor])
        total = mine + his
        if not self.caller_made(contract, total):
            short = [p for p, got, quota in ((demander, mine, 5), (acceptor, his, 3)) if got < quota]
            if self.short_hands & set(side):
                short = sorted(self.short_hands & set(side), key=side.index)
            self.fail(ledger, short or side, others, contract, total)
            return
        total = max(total, 8)
        slam = self.slam_amount(contract, total)
        amount, how, honours = (slam, "slam", 0) if slam is not None else self.success_amount(contract, total)
        rule = self.rule_id("score.slam" if slam is not None else "score.partnership")
        cause = f"{demander} and {acceptor} made {self.contract_words(contract)} with {total} tricks"
        for p in others:
            for q in self.payees(p, side):
                self.pay_success(ledger, p, q, amount, honours, rule, cause)
        pool = ledger.in_pool
        half = pool // 2
        for q in side:
            ledger.out_of_pool(q, half, self.rule_id("pool.win"), cause)
        self.note(f"{demander} and {acceptor} took {mine} + {his} = {total} tricks in "
                  f"{contract.trump.word if contract.trump else '?'}: {how} = {amount} from each adversary to "
                  f"{self.payee_words()}; they divide the pool of {pool} ({half} each).")

    def payee_words(self) -> str:
        return "the partner on his right" if self.options["settlement"] == "one-to-one" else "each partner"

    def payees(self, payer: str, adversaries: list[str]) -> list[str]:
        """Whom a loser pays: every adversary, or under one-to-one only the nearest on his right.

        One-to-one applies between two sides of two (partnerships); a solo caller always deals
        with each of his three adversaries.
        """
        if self.options["settlement"] == "one-to-one" and len(adversaries) == 2 and self.undertaking is not None \
                and self.undertaking.kind == "partnership":
            return [self.left_of(payer, adversaries)]
        return adversaries

    def fail(self, ledger: Ledger, payers: list[str], others: list[str], contract: Contract, tricks: int) -> None:
        amount = self.stake(contract)
        if self.options["failure"] == "stake-plus-tricks" and contract.kind != "misere":
            col = self.column(contract.trump)
            amount += max(0, contract.needed - tricks) * self.row_of(contract)[0]["extra-trick"][col] * self.mult
        rule = self.rule_id("score.failure")
        cause = f"{' and '.join(payers)} failed in {self.contract_words(contract)}"
        for payer in payers:
            for p in self.payees(payer, others):
                ledger.transfer(payer, p, amount, rule, cause)
        pool = ledger.in_pool
        share, odd = divmod(pool, len(payers))
        for i, payer in enumerate(payers):
            ledger.into_pool(payer, share + (odd if i == 0 else 0), rule, cause)
        self.note(f"{' and '.join(payers)} failed ({self.contract_words(contract)}, {tricks} trick(s)): "
                  f"{amount} to each adversary from {' and '.join(payers)}, and the pool is doubled "
                  f"({pool} → {ledger.pool}).")

    def settle_misere(self, ledger: Ledger, contract: Contract) -> None:
        caller = contract.caller
        others = [p for p in self.order if p != caller]
        # as for any call: a short caller fails; a short adversary means the misère is paid as made
        caller_short = bool(self.short_hands & {caller})
        adversary_short = bool(self.short_hands - {caller})
        lost = not self.misere_claimed and (caller_short or (self.misere_lost_at is not None and not adversary_short))
        if lost:
            self.fail(ledger, [caller], others, contract, 1)
            return
        amount = self.stake(contract)
        cause = f"{caller} made {self.contract_words(contract)}"
        for p in others:
            ledger.transfer(p, caller, amount, self.rule_id("score.misere"), cause)
        pool = ledger.in_pool
        ledger.out_of_pool(caller, pool, self.rule_id("pool.win"), cause)
        self.note(f"{caller} made {self.contract_words(contract)}: {amount} from each adversary, and takes the "
                          f"pool of {pool}.")

    def settle_revokes(self, ledger: Ledger, contract: Contract) -> None:
        rule = self.rule_id("revoke.established")
        seen: set[str] = set()
        for revoke in self.revokes:
            revoker = revoke.player
            if revoker in seen:
                continue
            seen.add(revoker)
            others = sorted(self.adversaries(revoker), key=self.order.index)
            # against a solo caller the revoker alone makes good what a success would have brought the
            # caller from all three adversaries: the table amount or slam, over-tricks and honours
            against_solo = contract.partner is None and revoker != contract.caller
            if against_solo and contract.kind == "misere":
                each, how = self.stake(contract), "the misère's stake"
            elif against_solo:
                each, how, _, _ = self.solo_success(contract, self.tricks_of([contract.caller]) if self.table else 0)
            amount = 3 * each if against_solo else self.stake(contract)
            cause = f"{revoker} revoked in trick {revoke.trick}"
            mark = ledger.mark()
            for p in others:
                ledger.transfer(revoker, p, amount, rule, cause)
            pool = ledger.in_pool
            ledger.into_pool(revoker, pool, rule, cause)
            whom = f"{others[0]} {amount}, what a success would have brought from all three adversaries " \
                   f"(3 × {how} = {each})" if against_solo else f"{amount} to each of {', '.join(others)}"
            self.penalise("revoke.established", f"{revoker} revoked: he pays {whom} and doubles the pool "
                          f"({pool} → {ledger.pool})", (Effect("hand-not-scored"),), since=mark)

    def jack_bonus(self, ledger: Ledger, contract: Contract) -> None:
        if contract.kind == "misere":
            return
        jack = best_jack(self.turned) if self.options["jack-bonus"] == "best-jack" else JACK_DIAMONDS
        holder = next((p for p, cards in self.deals.items() if jack in cards), None)
        if holder is None and self.table is not None:
            holder = next((p.player for t in self.table.tricks for p in t.plays if p.card is jack), None)
        if holder is None:
            return
        amount = payments()["jack-bonus"] * self.mult
        cause = f"{holder} held the {jack}"
        for p in self.order:
            if p != holder:
                ledger.transfer(p, holder, amount, self.rule_id("score.jack-bonus"), cause)
        self.note(f"{holder} held the {'jack of hearts' if jack is JACK_HEARTS else 'jack of diamonds'}: "
                          f"{amount} from each other player.")

    def divide_pool_at_end(self, ledger: Ledger) -> None:
        pool = ledger.in_pool
        assert pool is not None
        share = pool // 4
        ledger.share_pool(dict.fromkeys(self.order, share), self.rule_id("game.end"), "the last deal ends the game")
        self.note(f"End of the game: the pool of {pool} is divided, {share} to each player"
                  + (f", {ledger.pool} left on the table." if ledger.pool else "."))

    def contract_words(self, contract: Contract) -> str:
        if contract.kind == "misere":
            return contract.proposal.kind.replace("-", " ")
        trump = contract.trump.word if contract.trump else "?"
        if contract.kind == "forced-alone":
            return f"five alone in {trump}"
        if contract.kind == "partnership":
            return f"eight with a partner in {trump}"
        return f"{contract.needed} tricks alone in {trump}"

    # ---- the verdict -----------------------------------------------------------------------------------
    def contract(self) -> dict[str, Any]:
        contract = self.undertaking
        return {
            "kind": contract.kind if contract else None,
            "bid": contract.proposal.text if contract else (self.best.text if self.best else None),
            "caller": contract.caller if contract else None,
            "partner": contract.partner if contract else None,
            "trump": contract.trump.word if contract and contract.trump else None,
            "tricks": contract.needed if contract and contract.kind != "misere" else None,
            "upcard": self.upcard.text if self.upcard else None,
            "belle": self.belle.word if self.belle else None,
            "petite": self.petite.word if self.petite else None,
            "deal": "double" if self.mult == 2 else "simple",
        }

    def next_step(self) -> str | None:
        choosing = self.choice_step()
        if choosing is not None:
            return choosing
        if self.phase == "bidding":
            return f"the bidding goes on: {self.bidder} to speak"
        if self.phase == "made" and self.undertaking is not None:
            if self.undertaking.proposal.kind in DISCARD_MISERES and len(self.discards) < 4:
                return "each player discards one card face down, then " + f"{self.left_of(self.dealer)} leads"
            return f"{self.left_of(self.dealer)} to lead"
        if self.table is not None:
            missing = self.missing_discards() if not self.table.tricks else []
            return ("still to discard: " + " ".join(missing) + "; " if missing else "") + self.next_in_play()
        return None


class FrenchBostonSession(GameSession[FrenchBostonHand]):
    """A game in progress: counters, the pool, belle, the deal number and whose deal it is."""

    def __init__(self, game: FrenchBoston, setup: Setup) -> None:
        super().__init__(game, setup, setup.pool[0] if setup.pool else 0)
        self.order = tuple(reversed(setup.players))  # [Players] is clockwise; everything goes to the right
        self.belle = setup.belle
        self.number = 1
        self.contribution_due = True
        self.over = False

    def hand(self, record: HandRecord) -> HandVerdict | list[Problem]:
        if self.next_dealer is None and (record.header.number or 1) > 1 and self.belle is None:
            return [self.belle_unknown(record)]
        return super().hand(record)

    def replay(self, record: HandRecord) -> FrenchBostonHand:
        if self.next_dealer is None and record.header.number is not None:
            self.number = record.header.number  # a transcript may start at any deal of the game
        return FrenchBostonHand(self.context(self.number, self.order), record, self.belle, self.pool_now or 0,
                                self.contribution_due)

    def advance(self, replay: FrenchBostonHand, verdict: HandVerdict) -> None:
        self.belle = replay.belle
        void = replay.void_deal() if verdict.status == "redeal" else None
        self.contribution_due = void != "same-dealer"
        self.next_dealer = replay.dealer if void == "same-dealer" else replay.left_of(replay.dealer)
        self.number = verdict.number + 1  # every deal written counts, void ones included
        self.over = self.over or self.game_over(verdict)

    @staticmethod
    def belle_unknown(record: HandRecord) -> Problem:
        """A transcript starting after deal 1 cannot know belle from its own turned cards: the
        notation requires the tag, and guessing from a later deal's turned card would change
        payments and which demands are legal."""
        at = record.header.at
        number = record.header.number
        return Problem(at.line, at.column,
                       f"the transcript starts at deal {number} but does not say which suit is belle",
                       'add the suit turned on deal 1 to the header, e.g. [Belle "clubs"]')

    def game_over(self, verdict: HandVerdict) -> bool:
        if verdict.number < payments()["game-deals"] or verdict.status == "in-progress":
            return False
        return self.setup.options["pool-end"] == "divide" or self.pool_now == 0

    def winner(self) -> str | None:
        return sole_leader(self.score) if self.over else None


class FrenchBoston(GameRules):
    name = GAME_NAME
    scored_by = "player"
    players_example = 'e.g. [Players "N E S W"] (clockwise)'
    no_partners = ("french-boston has no fixed partnerships",
                   "remove the [Partners] tag: partners are formed by demand and acceptance in each deal")
    single_pool = ("french-boston keeps a single pool", 'write e.g. [Pool "40"]')

    def session(self, setup: Setup) -> FrenchBostonSession:
        return FrenchBostonSession(self, setup)

    def random_game(self, rng: random.Random, hands: int, first: int = 1,
                    rules_for: PlayRulesFor | None = None) -> str:
        """A transcript of `hands` random lawful deals from deal number `first` (tests, benchmarks).

        Every choice is random but lawful: proposals in turn and outranking nothing illegal,
        demands laid in belle or petite, petite-misère discards, every card following suit when
        it can (the quatre-as caller renounces at random in the first ten tricks), as
        `rules_for` says (by default the referee's own trick rules).
        """
        players = ("N", "E", "S", "W")
        belle = rng.choice(list(Suit)) if first > 1 else None
        lines = ['[Game "french-boston"]', '[Players "N E S W"]']
        if belle is not None:
            lines.append(f'[Belle "{belle.word}"]')
        lines.append(f'[Pool "{rng.randrange(0, 200)}"]')
        lines.append("")
        dealer = rng.randrange(4)
        for number in range(first, first + hands):
            text, belle = random_deal(rng, players, dealer, number, belle, rules_for)
            lines.extend(text)
            dealer = (dealer - 1) % 4  # to the right: counter-clockwise in the clockwise list
        return "\n".join(lines) + "\n"


def own_play_rules(deal: Deal) -> PlayRules:
    """The generator's default laws of play: the referee's own (the super jack a trump)."""
    return TableRules(FrenchBostonTricks(deal.trump, deal.turned, True, deal.renouncer))


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: int, number: int,
                belle: Suit | None, rules_for: PlayRulesFor | None = None) -> tuple[list[str], Suit]:
    """One random lawful deal as transcript lines; returns them and the game's belle."""
    order = [players[(dealer - 1 - i) % 4] for i in range(4)]  # eldest first, dealer last
    cards = sorted(FrenchBostonHand.pack, key=lambda c: (c.suit.value, c.rank))
    rng.shuffle(cards)
    hands = {p: cards[13 * i:13 * i + 13] for i, p in enumerate(order)}
    upcard = hands[order[3]][-1]
    belle = belle or upcard.suit
    petite = upcard.suit if upcard.suit is not belle else None
    out = [f"hand {number} dealer {order[3]}"]
    out += [f"deal {p}: {' '.join(c.text for c in hands[p])}" for p in players]
    out.append(f"upcard {upcard.text}")
    kind = rng.choice(["pass", "demand", "demand", "six", "eight", "nine", "petite-misere", "grand-misere",
                       "misere-quatre-as", "petite-misere-table", "grand-misere-table"])
    caller = rng.randrange(4)
    speech: list[str] = [f"{order[i]} pass" for i in range(caller if kind != "pass" else 4)]
    partner: str | None = None
    trump: Suit | None = None
    if kind == "demand":
        who = order[caller]
        layable = [c for c in hands[who] if c.suit in (belle, petite)]
        if not layable:
            kind = "six"
        else:
            laid = rng.choice(layable)
            trump = laid.suit
            speech.append(f"{who} demand {'belle ' if laid.suit is belle and rng.random() < 0.3 else ''}{laid.text}")
            for step in range(1, 4):
                other = order[(caller + step) % 4]
                if partner is None and rng.random() < 0.6:
                    partner = other
                    speech.append(f"{other} accept")
                else:
                    speech.append(f"{other} pass")
    if kind in ("six", "eight", "nine"):
        who = order[caller]
        trump = rng.choice(list(Suit))
        number_bid = {"six": 6, "eight": 8, "nine": 9}[kind]
        speech.append(f"{who} bid {number_bid} {trump.word}")
        speech += [f"{order[(caller + step) % 4]} pass" for step in range(1, 4)]
    elif kind in MISERES:
        speech.append(f"{order[caller]} bid {kind}")
        speech += [f"{order[(caller + step) % 4]} pass" for step in range(1, 4)]
    out.append(", ".join(speech))
    if kind == "pass":
        out.append("")
        return out, belle
    who = order[caller]
    if kind in ("six", "eight", "nine"):
        out.append(f"{who} name {trump.word}")  # type: ignore[union-attr]
    if kind in DISCARD_MISERES:
        discards = []
        for p in order:
            thrown = rng.choice(hands[p])
            hands[p].remove(thrown)
            discards.append(f"{p} discard {thrown.text}")
        out.append(", ".join(discards))
    if kind.endswith("-table"):
        out.append(f"{who} spread")
    renouncer = who if kind == "misere-quatre-as" else None
    deal = Deal("french-boston", trump if kind not in MISERES else None, upcard.suit, renouncer)
    out += random_play(rng, order, hands, (rules_for or own_play_rules)(deal), who if kind in MISERES else None)
    out.append("")
    return out, belle


def random_play(rng: random.Random, order: list[str], hands: dict[str, list[Card]], play: PlayRules,
                misere_caller: str | None) -> list[str]:
    """Lawful random play from the eldest hand; a misère stops at the caller's first trick."""
    leader = order[0]
    lines = []
    for trick in range(1, len(hands[order[0]]) + 1):
        plays, _ = random_trick(rng, order, leader, hands, play, trick)
        leader = play.winner(plays)
        lines.append(trick_line(trick, plays))
        if leader == misere_caller:
            break
    return lines


GAME = FrenchBoston()

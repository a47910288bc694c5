"""French Boston: the replay of one deal — the bidding (through its `Auction`) and the play; the
laws of irregularities are in `penalties`, and `settlement` says what the replayed deal pays."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ...engine import table as tb
from ...engine.auction import Objection
from ...engine.called_hand import CalledHand
from ...engine.caller import Called
from ...engine.callerlaws import CALL_WORDS
from ...engine.replay import Declaration, HandContext
from ...notation import events as ev
from ...notation.cards import Suit, pack
from ...notation.reader import HandRecord
from .auction import Auction, Contract, Proposal, needed_in, read_bid, read_demand
from .penalties import LAWS, SIDE, call_offer, fallen_card_offer, penalised
from .settlement import TABLE, FrenchBostonSettlement
from .tricks import FrenchBostonTricks

GAME_NAME = "french-boston"

FrenchBostonOptions = TypedDict("FrenchBostonOptions", {
    "after-pass": Literal["accept-only", "trick-bids"], "slams": Literal["paragraph", "table"],
    "failure": Literal["stake", "stake-plus-tricks"], "fallen-card": Literal["petite", "grand"],
    "super-jack": Literal["trump", "own-suit"], "wrong-count-forfeit": int, "quatre-as-aces": bool,
    "honours": Literal["trump-suit", "with-best-jack"], "settlement": Literal["each-pays-each", "one-to-one"],
    "jack-bonus": Literal["diamonds", "best-jack"], "pool-end": Literal["divide", "play-on"],
    "overcalled-demander": Literal["laid-suit", "only-six"],
})
"""The house rules of french-boston as its rulebook defines them (a test checks the two agree)."""


class FrenchBostonHand(CalledHand[Proposal, FrenchBostonOptions]):
    """A French Boston deal: one caller alone, or a demander and his acceptor, against the rest."""

    caller_side = SIDE
    silence_noted = True  # the table's taking the silent to have passed is noted (`take_silence`)
    any_discard_closes = True  # a discard while any proposal stands ends the bidding
    declared = Declaration(GAME_NAME, 13, frozenset(pack(2)), LAWS, CALL_WORDS,  # misère claim; wrong deal let stand
                           score_unit="counters", revoke_abandons=True, claim_abandons=True, short_abandons=True,
                           upcard="dealer's", shown_after_end=True, liable_call=call_offer,
                           liable=(lambda hand: None, penalised),  # the other side decides on exposed cards
                           settlement=lambda hand, ledger: FrenchBostonSettlement(hand).settle(ledger))

    def __init__(self, context: HandContext, record: HandRecord, belle: Suit | None, pool_before: int,
                 contribution_due: bool) -> None:
        super().__init__(context, record, pool_before)
        self.belle_before = belle  # belle as the game's earlier deals made it (None: this is its first deal)
        self.contribution_due = contribution_due
        options = self.game_options
        self.auction = Auction(self.order, self.eldest, options["after-pass"] == "accept-only",
                               options["quatre-as-aces"], options["overcalled-demander"] == "only-six")
        self.calls = self.auction.calls
        self.undertaking: Contract | None = None

    # ---- the deal's facts -------------------------------------------------------------
    @property
    def belle(self) -> Suit | None:
        """Belle: the suit of the first card turned in the game, this deal's unless an earlier one's."""
        return self.belle_before if self.belle_before is not None else self.turned

    @property
    def petite(self) -> Suit | None:
        return None if self.turned is self.belle else self.turned

    # ---- bidding: the auction decides, the hand reports ------------------------------------
    def void_words(self, refusal: Objection, player: str) -> str:
        """The objections to a call (`auction.Auction.refuse`) leave unsaid that its player speaks again."""
        return f"{refusal.text} {self.say('bidding.order', 'speaks-again', player=player)}"

    def close_bidding(self) -> None:
        """All four passed: the deal is thrown in; else the standing proposal is the contract played."""
        if self.calls.high is None:
            self.end("thrown-in")
            self.choices.clear()  # once the hands are thrown in, a fallen card can force no independence
        else:
            self.make(self.auction.close())

    def make(self, contract: Contract) -> None:
        """The bidding (or a fallen card's penalty) ends in `contract`: the deal is played in it, in
        the suit proposed (a demand's laid card's) until the caller names another."""
        self.undertaking, self.trump = contract, contract.proposal.suit
        self.called = Called.of(self.order, contract.proposal.player, contract.partner, contract.kind == "misere")
        self.sides = self.sides.formed_by(frozenset(self.called.side))  # the caller's side against the rest
        self.close_into(contract.proposal.rung, names_trumps=False)

    def on_demand(self, event: ev.Demand) -> None:
        proposal, laid, held = read_demand(event, self.belle, self.petite), event.card, self.deals.get(event.player)
        if self.call_stands(event, "demanded", self.auction.refuse(proposal, held)) and isinstance(proposal, Proposal):
            if laid is not None and held is not None and laid not in held:
                self.found("card-not-held", event.player, event.at, "play.card-not-held", "laid", player=event.player,
                           card=laid)
            self.auction.propose(proposal)  # the others are still to answer it: it never closes the bidding

    def on_bid(self, event: ev.Bid) -> None:
        proposal = read_bid(event, self.belle, self.petite)
        refusal = self.auction.refuse(proposal, self.deals.get(event.player))
        said = f"proposed {proposal.text}" if isinstance(proposal, Proposal) else f"bid {event.text}"  # in words
        if self.call_stands(event, said, refusal) and isinstance(proposal, Proposal):
            self.auction.propose(proposal)  # the others are still to answer it: it never closes the bidding

    def on_namesuit(self, event: ev.NameSuit) -> None:
        """A caller names trumps: a demander his laid card's suit, in belle or petite; a solo caller
        any suit in which his contract ranks as high as his bid (the tricks it needs may rise)."""
        high = self.calls.high  # a demand not yet accepted waits for its answer: naming trumps closes nothing
        self.naming_closes(event, waits=high is not None and high.is_demand and self.calls.answerer is None)
        contract = self.undertaking if self.stage == "auction" else None  # the contract made, while play has not begun
        player, suit = event.player, event.suit.word
        if contract is None or player != self.called.caller or contract.kind == "misere" or contract.named:
            self.found("inconsistent-transcript", player, event.at, "transcript.consistency", "naming", player=player,
                       suit=suit)
            return
        bid, laid, demand = contract.proposal, contract.proposal.laid, contract.kind != "solo"
        allowed = (self.belle,) if bid.kind == "demand-belle" else (self.belle, self.petite)
        needed = contract.needed if demand else needed_in(bid, event.suit, self.belle, self.petite)
        if demand and laid is not None and event.suit is not laid.suit:
            self.found("illegal-bid", player, event.at, "bidding.ruse", "laid-card", player=player, suit=suit,
                       card=laid, trump=laid.suit.word)
        elif demand and self.belle is not None and event.suit not in allowed:
            self.found("illegal-bid", player, event.at, "bidding.demand", "naming", player=player, suit=suit,
                       allowed="/".join(s.word for s in allowed if s))
        elif needed is None:
            self.found("illegal-bid", player, event.at, "bidding.ruse", "too-low", player=player, bid=bid.text,
                       suit=suit)
        else:
            if needed != contract.needed:
                self.note(self.say("bidding.ruse", "raised", player=player, bid=bid.text, suit=suit, needed=needed))
            self.trump, contract.needed, contract.named = event.suit, needed, True

    # ---- play -----------------------------------------------------------------------------
    def discard_refused(self) -> bool:
        """Only a petite misère's, and even after a lead made before the discards, until trick 1 is complete."""
        return self.undertaking is None or not self.undertaking.proposal.rung.discards

    def on_spread(self, event: ev.Spread) -> None:
        if self.undertaking is None or not self.undertaking.proposal.rung.spread or event.player != self.called.caller:
            self.unsupported(event, "'spread' here")
            return
        self.note(self.say("misere.play", "spread", player=event.player))

    def lead_before_contract(self, event: ev.Play) -> None:
        """A card led while the bidding is open falls face up before play (`fallen_card_offer`)."""
        self.found("premature-lead", event.player, event.at, "exposed.fallen-card", "played", player=event.player,
                   card=event.card)
        self.open(fallen_card_offer(self, ev.Expose(event.player, event.card, event.at)))

    def caller_led_early(self, event: ev.Play, missing: list[str]) -> None:
        self.found("premature-lead", event.player, event.at, "misere.discard", "caller-led", player=event.player,
                   card=event.card, missing=" and ".join(missing))

    def begin_play(self, event: ev.Play) -> None:
        contract = self.undertaking
        assert contract is not None  # the bidding closed into it (`make`)
        if contract.kind != "misere" and self.trump is None:  # a demand's suit unwritten: belle, when it can only be
            if self.petite is not None or self.belle is None:  # belle; else a guess, found as such
                self.found("inconsistent-transcript", self.called.caller, event.at, "transcript.consistency",
                           "no-trump", suit=(self.belle or Suit.SPADES).word)
            self.trump = self.belle or Suit.SPADES
        renouncer = self.called.caller if contract.proposal.kind == "misere-quatre-as" else None
        rules = FrenchBostonTricks(self.trump, self.turned, self.game_options["super-jack"] == "trump", renouncer)
        self.play_contract(rules, contract.proposal.rung)  # a petite misère's discards leave twelve tricks
        self.played_on(self.order, self.short_costs)  # found at the deal lines: a note, not a second finding

    def claim_free(self, player: str) -> str | None:
        """No penalty before play, nor where no law would penalise him (`SIDE`: a solo caller has no
        partner to show anything to)."""
        free = self.table is None or SIDE.exemption(self, player) is not None
        return self.say("play.claim-rest", "no-penalty", player=player) if free else None

    def short_costs(self, player: str) -> str:
        """What play going on with `player` a card short costs (`played_on`; after a dead card too): on the caller's
        side the call fails, else it is paid as made. A long hand voids the deal, which its note says instead."""
        return self.say("wrong-count.play", "caller-side", player=player) if player in self.called.side \
            else self.say("wrong-count.play", "adversary", player=player)

    def trick_decides(self, fact: tb.TrickWon) -> None:
        caller = self.called.caller
        # only a misère caller's trick throws the hands up (a card taken back from it reopens it)
        if self.called.decided_by(fact.trick.winner) and not self.ended_as("thrown-up"):
            short, trick = self.short_players(), fact.trick.number
            self.throw_up(self.say("misere.play", "short-adversary", caller=caller, trick=trick,
                                   short=" and ".join(short)) if short and caller not in short
                          else self.say("misere.play", "lost", caller=caller, trick=trick))

    # ---- status -------------------------------------------------------------------------------------
    def throw_in_refused(self) -> str | None:
        """A deal thrown in needs all passes: not with a proposal standing (play or pay), nor once played."""
        if self.table is not None:
            return self.say("bidding.end", "played")
        return self.say("bidding.end", "bid-binds") if self.undertaking or self.calls.high is not None else None

    def redeal_why(self) -> str | None:
        """How a void deal goes on, as its `redeal` line says or else the deal shows (`deal_shows`; the
        rulebook's deal.misdeal): 'misdeal', 'same-dealer' (an imperfect pack among others), 'thrown-in', or
        None (the deal stands). A wrong deal stopped is no misdeal: before play, it is dealt again."""
        ended, stopped = self.ended, self.deals_next != self.dealer
        shown = ("same-dealer" if self.table is None else None) if stopped else self.deal_shows()
        if ended is None or ended.line is None:
            why: str | None = shown or ("thrown-in" if self.ended_as("thrown-in") else None)
        else:  # a line with no reason the deal shows: the same dealer deals again
            why = ended.line.reason or ("thrown-in" if ended.was == "thrown-in" else shown or "same-dealer")
        if why == "thrown-in":
            return "misdeal" if self.throw_in_refused() else "thrown-in"
        return None if why is None else "misdeal" if why == "misdeal" else "same-dealer"

    # ---- the verdict -----------------------------------------------------------------------------------
    def contract(self) -> dict[str, Any]:
        contract = self.undertaking
        proposal = contract.proposal if contract else self.calls.high  # else the standing bid
        return {
            "kind": contract.kind if contract else None,
            "bid": proposal.text if proposal else None,
            "caller": self.called.caller if contract else None,
            "partner": contract.partner if contract else None,
            "trump": self.trump.word if self.trump else None,
            "tricks": contract.needed if contract and contract.kind != "misere" else None,
            "upcard": self.upcard.text if self.upcard else None,
            "belle": self.belle.word if self.belle else None, "petite": self.petite.word if self.petite else None,
            "deal": "double" if TABLE.for_deal(self.number).times == 2 else "simple",
        }

"""One hand of Boston replayed: the bidding (through its `Auction`), the naming of trumps, the
discards of a little misère and the play; its laws are in `penalties.py`, its payments in `settlement.py`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from ...engine import table as tb
from ...engine.auction import Auction, void
from ...engine.called_hand import CalledHand
from ...engine.caller import Called
from ...engine.callerlaws import CALL_WORDS, caller_lead_followed
from ...engine.laws import Effect
from ...engine.replay import Declaration, HandContext
from ...notation import events as ev
from ...notation.cards import Card, pack
from ...notation.reader import HandRecord
from .auction import CLASSES, LADDER, WORDS, BostonBid, bound_suit, rules
from .penalties import LAWS, SIDE
from .settlement import TABLES, BostonSettlement, bid_name

BostonOptions = TypedDict("BostonOptions", {
    "success-table": Literal["standard", "american"],
    "failure-table": Literal["standard", "decimal"],
    "caller-revoke": Literal["double-and-forfeit", "no-forfeit", "forfeit-instead"],
    "opponent-revoke-overtricks": Literal["none-above-nine", "up-to-thirteen"],
    "opponent-revoke-pool": Literal["forfeit", "double"],
    "revoke-wins-pool": bool,
    "pool-bid": Literal["rank", "tricks"],
    "pool-limit": int,
    "caller-revoke-corrected": Literal["same-trick", "next-trick"],
    "end-of-game": Literal["divide", "last-trick-grand"],
    "comeback": Literal["misere-and-spreads", "misere-only"],
})
"""The house rules of boston as its rulebook defines them (a test checks the two agree)."""


def game_deals(options: Mapping[str, object]) -> int:
    """The deals of a game: twelve, and the extra grand under end-of-game=last-trick-grand."""
    return TABLES.number("game-deals") + (options["end-of-game"] == "last-trick-grand")


class BostonHand(CalledHand[BostonBid, BostonOptions]):
    """A Boston hand: one caller against three, or misère partout when all four pass."""

    caller_side = SIDE
    claim_whose = "his partners "  # a claim of the rest: "his partners C and D lay their cards on the table"
    declared = Declaration("boston", 13, frozenset(pack(2)), LAWS,
                           CALL_WORDS,  # a misère error's claim; a wrong deal let stand
                           score_unit="white", pool_unit="red", pool_rate=10,  # ten white counters to the red
                           revoke_abandons=True, upcard="other-pack", pool_limit="pool-limit",
                           claim_abandons=True, short_abandons=True,  # a misère claimed, a hand left off short
                           # the caller has the call of his opponents' exposed cards; they wait for him while penalised
                           liable=(lambda hand: hand.caller, lambda hand, player: hand.penalty_applies(player)),
                           settlement=lambda hand, ledger: BostonSettlement(hand).settle(ledger))

    def __init__(self, context: HandContext, record: HandRecord, pool_before: int) -> None:
        super().__init__(context, record, pool_before)
        self.game_deals = game_deals(self.game_options)
        self.deal = (self.number - 1) % self.game_deals + 1  # its deal in the game: a club may number on all evening
        self.final_grand = self.deal > TABLES.number("game-deals")  # the extra grand without trumps, for the pool
        if self.final_grand:
            self.step = "ready"
        self.calls = Auction(self.order, self.eldest, rules(self.game_options["comeback"]))
        self.spread_at: ev.Span | None = None
        self.payers: list[str] = []       # opponents who said "I pay" (the caller's saying it ends the hand)
        self.claimed_from: str | None = None  # the opponent whose misere error the caller claimed
        self.early_led: list[str] = []    # the caller's lead before the discards, and who played to it

    # ---- seats and contract -----------------------------------------------------------
    @property
    def high(self) -> BostonBid | None:  # the standing bid, then the contract (None: nobody bid)
        return self.calls.high

    @property
    def caller(self) -> str | None:
        return self.calls.caller

    @property
    def partout(self) -> bool:
        return self.step != "bidding" and self.high is None

    # ---- bidding --------------------------------------------------------------------------
    def hears(self, event: ev.Event, what: str, lawful: bool = True) -> bool:
        if self.final_grand:
            return void(self.say("bidding.illegal", "final-grand", player=event.player, what=what)).report(self, event)
        return super().hears(event, what, lawful)

    def close_bidding(self) -> None:
        """The caller's side forms (not while he may be overcalled); a caller in trumps names them."""
        if self.high is not None and self.caller is not None:
            self.called = Called.of(self.order, self.caller, misere=self.high.misere)
        self.close_into(self.high.rung if self.high else None, names_trumps=True)

    def on_bid(self, event: ev.Bid) -> None:
        contract, number, qualifier = event.contract, event.number, event.qualifier
        if contract in ("keep", "keep-over"):
            self.keep(event, f"bid {event.text}", contract == "keep-over")
            return
        bid = None
        if (rung := LADDER.said(contract)) is not None:
            bid = BostonBid(rung.name)
        elif (rung := LADDER.numbered(number)) is not None and qualifier in (None, "colour", "preference"):
            bid = BostonBid(rung.name, CLASSES.index(qualifier or "plain"))
        refusal = None if bid else WORDS.refused("bidding.illegal", "not-a-bid", text=event.text, player=event.player)
        if self.call_stands(event, f"bid {event.text}", refusal, self.lawful(event.player, bid)) and bid is not None:
            self.propose(event, bid)

    def on_keep(self, event: ev.Keep) -> None:
        self.keep(event, f"said {'keep-over' if event.over else 'keep'}", event.over)

    def keep(self, event: ev.Event, what: str, over: bool) -> None:
        """'I keep' (colour) or 'I keep over you' (first preference) at the standing number."""
        high = self.high
        bid = BostonBid(high.name, 2 if over else 1) if high is not None and high.tricks is not None else None
        refusal = None if bid else WORDS.refused("bidding.illegal", "no-keep", player=event.player)
        if self.call_stands(event, what, refusal, self.lawful(event.player, bid)) and bid is not None:
            self.propose(event, bid)

    def lawful(self, player: str, bid: BostonBid | None) -> bool:
        """Whether a bid can stand: a bid of the ladder outranking the standing one, or any bid of a
        passed player's (one he may not come back with stands as his pass)."""
        return bid is not None and (player in self.calls.passed or self.calls.outranks(bid))

    def propose(self, event: ev.Event, bid: BostonBid) -> None:
        """A bid stands if it outranks the standing one (its caller then plays against the three others),
        a passed player's only if it is a misère he may come back with (boston.bidding.passed)."""
        auction, player, named = self.calls, event.player, bid_name(self, bid)
        standing = bid_name(self, self.high) if self.high else "nothing"
        if player in auction.passed and not (auction.may_come_back(player, bid) and auction.outranks(bid)):
            auction.pass_(player)
            self.find("illegal-bid", player, event.at, "bidding.passed", self.say(
                "bidding.passed", "comeback", player=player, standing=standing, bid=named)
                if self.game_options["comeback"] == "misere-and-spreads" else self.say(
                "bidding.passed", "comeback-misere-only", player=player, standing=standing, bid=named))
        elif not auction.outranks(bid):
            self.found("illegal-bid", player, event.at, "bidding.illegal", "low", bid=named, standing=standing,
                       player=player)
        else:
            auction.bid(player, bid)
        self.call_taken()

    def on_namesuit(self, event: ev.NameSuit) -> None:
        self.naming_closes(event)  # the remaining passes were not written down
        player, suit, bound = event.player, event.suit, bound_suit(self.high, self.upcard)
        late = self.step != "naming" and (self.table is not None or suit is not bound)  # not his bound suit again
        if late or self.stage == "ended" or player != self.caller:
            self.find("illegal-bid", player, event.at, "bidding.trump", self.say(
                "bidding.trump", "not-caller", player=player, suit=suit.word, caller=self.caller) if self.caller
                else self.say("bidding.trump", "no-caller", player=player, suit=suit.word))
            return
        if bound is not None and suit is not bound:
            self.found("illegal-bid", player, event.at, "bidding.trump", "bound", player=player,
                       bid=self.high.text if self.high else "", bound=bound.word, suit=suit.word)
            suit = bound
        self.trump, self.step = suit, "ready"

    def discard_refused(self) -> bool:
        """Discards are made while the hand waits for them: before the first lead, or after an
        opponent's lead made before them and let stand (until trick 1 is complete: `on_discard`)."""
        return self.step != "discarding"

    def on_spread(self, event: ev.Spread) -> None:
        if self.high is None or not self.high.spread or event.player != self.caller or self.stage in ("play", "ended"):
            self.unsupported(event, "'spread' except by a spread's caller before the first lead")
            return
        self.spread_at = event.at

    def on_concede(self, event: ev.Concede) -> None:
        if self.caller is None or self.step == "bidding" or self.stage == "ended":
            self.unsupported(event, "'I pay' outside a called hand")
            return
        current = self.table.current if self.table else None  # each says it before he plays to the second trick
        if self.rest_claimant != self.caller and current is not None and (  # his claim of the rest: any time
                current.number > 2 or (current.number == 2 and event.player in current.players)):
            self.found("inconsistent-transcript", event.player, event.at, "i-pay", "too-late", player=event.player)
            return
        if event.player != self.caller and event.player not in self.payers:
            self.payers.append(event.player)
        if event.player == self.caller or len(self.payers) == 3:  # thrown up at once: the last trick's revokes stand
            self.end("conceded", event.player)
            if self.rest_claimant == self.caller != event.player:
                self.note(self.say("i-pay", "claim-conceded", caller=self.caller))
            self.gather_now()

    def throw_in_refused(self) -> str | None:
        """Only a deal nobody bid on, not yet played, may be thrown in."""
        if self.high is None and self.table is None and not self.final_grand:
            return None
        return self.say("partout", "bid-stands") if self.high is not None else self.say("partout", "played")

    def redeal_why(self) -> str | None:
        """Why the deal is dealt again (misdeal, imperfect-pack, faced-card or thrown-in), after a `redeal`
        line or from what the deal shows (`deal_shows`), as boston.deal.wrong-count and boston.deal.duplicate-card
        say: a card twice is an imperfect pack in play too, and so is a card missing from every hand before it."""
        faults, redeal, unplayed = self.deal_faults, self.redeal, self.table is None
        if "duplicate-card" in faults or (bool(self.missing_cards()) and (unplayed or redeal is not None)):
            return "imperfect-pack"
        if redeal is None:
            return self.deal_shows()
        passed = unplayed and self.step == "ready" and self.partout and not faults  # four passes, on a deal dealt right
        if redeal.reason == "thrown-in" or (redeal.reason is None and passed):
            return "misdeal" if self.throw_in_refused() else "thrown-in"
        return redeal.reason or "misdeal"

    # ---- play -----------------------------------------------------------------------------
    def lead_before_contract(self, event: ev.Play) -> None:
        player, card = event.player, event.card
        self.premature(event, self.say("play.premature-lead", "bidding", player=player, card=card, turn=self.calls.turn)
                       if self.step == "bidding" else
                       self.say("play.premature-lead", "naming", player=player, card=card, caller=self.caller))

    def read_trumps(self, event: ev.Play) -> bool:  # no line names them: as his bid binds him, else the turned suit
        return self.unwritten_trumps(event, bound_suit(self.high, self.upcard))

    def caller_led_early(self, event: ev.Play, missing: list[str]) -> None:
        self.early_led = [event.player]
        self.premature(event, self.say("play.premature-lead", "discarding", player=event.player, card=event.card))

    def ready_to_play(self, event: ev.Play) -> bool:
        """A card played in turn to the caller's lead that went back before the discards goes back
        with it, without penalty: its player followed, and the misère error is to lead (F p170)."""
        led, order = self.early_led, self.order
        if led and len(led) < len(order) and event.player == order[(order.index(led[-1]) + 1) % len(order)]:
            led.append(event.player)
            return self.premature(event, self.say("play.premature-lead", "discarding", player=event.player,
                                                  card=event.card))
        self.early_led = []
        return super().ready_to_play(event)

    def begin_play(self, event: ev.Play) -> None:
        self.play_contract(tb.PlainTricks(self.trump), self.high.rung if self.high else None)
        assert self.table is not None
        if self.high is None and not self.final_grand:
            self.notes.append(self.say("partout", "note"))
        if self.caller is not None and self.game_options["caller-revoke-corrected"] == "next-trick":
            self.table.late_correctors = frozenset({self.caller})  # the seed's: until he plays to the next trick
        if self.high is not None and self.high.spread and self.spread_at is None:
            self.notes.append(self.say("misere.spread", "not-shown", caller=self.caller))

    def on_play(self, event: ev.Play) -> None:
        if self.stage == "ended":  # not played but shown, as the cards are to prove no revoke (seed): it may prove one
            self.show(event)
            return
        if self.liable.watching and self.table is not None:
            self.liable.before_play(self, event)
        self.play_card(event)
        caller_lead_followed(self)
        if self.liable:
            self.liable.played(event.card)

    def trick_decides(self, fact: tb.TrickWon) -> None:
        why = self.called.decided_by(fact.trick.winner, self.high is not None and self.high.tricks == 13)
        if why is None or (self.table is not None and self.table.finished):  # the last trick: nothing to throw up
            return
        caller, trick = self.caller, fact.trick.number
        decided = (self.say("play.early-end", "misere", caller=caller, trick=trick) if why == "misere"
                   else self.say("play.early-end", "slam", caller=caller, trick=trick))
        self.throw_up(self.say("play.early-end", "thrown-up", why=decided))

    # ---- the caller's rights (the laws: `penalties.py`), a claim of the rest among them ---------------
    def penalty_applies(self, offender: str) -> bool:
        """Only the caller's opponents are penalised (nobody in misère partout), nobody once the hand is over."""
        return offender in self.called.against and self.stage != "ended" and not self.play_over()

    def claim_free(self, player: str) -> str | None:
        """No penalty from the caller, who has no partner (a misère's claims to lose the rest: `misere_claim`),
        nor while nobody bid, nor outside the play: in the bidding, or once no trick is left (L36 speaks of
        the rest). The close of the bidding makes the caller's adversaries partners, so before the opening
        lead their laid cards are exposed as a single card shown there is (L20)."""
        if player == self.caller:
            return self.say("play.claim-rest", "caller", player=player)
        if self.step == "bidding" or self.stage == "ended" or self.play_over():
            return self.say("play.claim-rest", "outside", player=player)
        return None if self.caller is not None else self.say("play.claim-rest", "no-caller", player=player)

    def lay_claimed(self, cards: dict[str, list[Card]]) -> None:
        """His partners' cards are liable to be called (L36), at the caller's call for the rest of the
        hand (`LiableCards`), each as one exposed card (`callable_card`)."""
        laid = [(partner, card) for partner, held in cards.items() for card in held]
        for partner, card in laid:
            self.liable.expose(self, partner, card)
        self.penalty("play.claim-rest", "laid", partners=" and ".join(cards),
                     effects=[Effect("exposed", p, None, c.text) for p, c in laid])

    # ---- revokes (the laws: `penalties.REVOKE`) --------------------------------------------------
    def revoke_overtricks(self) -> int:
        """Over-tricks an opponent's revoke pays: three within thirteen; none above nine (default) or if American."""
        assert self.high is not None
        tricks, options = self.high.tricks, self.game_options
        if tricks is None or options["success-table"] == "american" or (
                options["opponent-revoke-overtricks"] == "none-above-nine" and tricks > 9):
            return 0
        return min(TABLES.number("revoke-overtricks"), 13 - tricks)

    # ---- the verdict -----------------------------------------------------------------------------
    def contract(self) -> dict[str, Any]:
        thrown_in = self.redeal is not None and self.redeal_why() == "thrown-in"
        bid = self.high.text if self.high else (
            "final-grand" if self.final_grand else "misere-partout" if self.partout and not thrown_in else None)
        return {"bid": bid, "caller": self.caller, "trump": self.trump.word if self.trump else None,
                "upcard": self.upcard.text if self.upcard else None,
                "tricks": ", ".join(f"{p} {n}" for p, n in self.taken().items()) if self.table else None}

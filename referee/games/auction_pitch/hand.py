"""The replay of one Auction Pitch hand: the auction it owns and the play; what the laws make of
an irregularity in play is in `penalties`, and its `settle` is the game's `settlement`."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from ...engine import claims
from ...engine import table as tb
from ...engine.auction import Answer
from ...engine.choices import PENALTY_WORDS, Choice
from ...engine.replay import Declaration, HandContext, HandReplay
from ...notation import events as ev
from ...notation.cards import Card, Suit, pack
from ...notation.reader import HandRecord
from .auction import Auction
from .penalties import LAWS, pitcher_plays, step
from .settlement import Outcome, settle


class PitchTricks(tb.PlainTricks):
    """Trick rules once the pitch is made. Trump is unknown (None) until the pitcher's first card."""

    def excused(self, player: str, card: Card, led: Suit, trick: int) -> bool:
        """A plain suit led may be trumped even by a player who holds that suit."""
        return self.trump is not None and card.suit is self.trump and led is not self.trump


AuctionPitchOptions = TypedDict("AuctionPitchOptions", {
    "target": int,
    "bid-to-board": bool,
    "board-all-pass": Literal["eldest", "throw-in"],
    "full-value-bids": bool,
    "smudge": bool,
    "revoke-pitch-before-bid": Literal["two", "four"],
    "setback-red-counter": bool,
})
"""The house rules of auction-pitch as its rulebook defines them (a test checks the two agree)."""


class AuctionPitchHand(HandReplay):
    declared = Declaration("auction-pitch", 6, frozenset(pack(2)), LAWS,
                           PENALTY_WORDS | {"deal-stands"},  # letting a deal stand after a card exposed in it
                           pool_unit="red", pool_rate=None,  # red counters paid in are not taken from the points
                           upcard="none", settlement=settle)

    @property
    def game_options(self) -> AuctionPitchOptions:
        """`options`, typed as this game declares them (a subclass may not narrow it: mypyc)."""
        return cast(AuctionPitchOptions, self.options)

    def __init__(self, context: HandContext, record: HandRecord, pool: int | None, game_over: bool) -> None:
        super().__init__(context, record)
        self.pool_before, self.game_over = pool, game_over
        self.target: int = self.game_options["target"]
        eldest = self.left_of(self.dealer)
        self.auction = Auction(self.order, eldest, self.game_options["bid-to-board"],
                               self.target - self.ctx.score_before.get(eldest, 0), self.game_options["full-value-bids"],
                               self.game_options["board-all-pass"] == "throw-in")
        self.rules = PitchTricks()
        self.stood: tb.OutOfTurn | None = None  # an adversary's card out of turn that stands (accepted, played to)
        self.deal_exposure: Choice | None = None  # the others' choice after a card shown in the deal
        self.disobeyed: list[tb.Revoke] = []
        self.early: list[ev.Play] = []  # cards played before the pitch since the last call: due back

    # ---- small queries -------------------------------------------------------------------
    @property
    def pitcher(self) -> str | None:
        return self.auction.pitcher

    # ---- the auction: the hand reports what the auction objects to ---------------------
    def heard(self, event: ev.Event, answer: Answer) -> None:
        """What the auction answered a call; a call that leaves it thrown in (all passed) ends the hand."""
        answer.report(self, event)
        self.early.clear()  # the call shows they went back
        if self.auction.phase == "thrown-in" and self.stage == "auction":
            self.end("thrown-in")

    def on_pass(self, event: ev.Pass) -> None:
        self.heard(event, self.auction.passes(event.player))

    def on_bid(self, event: ev.Bid) -> None:
        self.heard(event, self.auction.bid(event.player, event.number, bool(event.qualifier), event.text))

    def on_sell(self, event: ev.Sell) -> None:
        self.heard(event, self.auction.decides(event.player, sells=True))

    def on_refuse(self, event: ev.Refuse) -> None:
        self.heard(event, self.auction.decides(event.player, sells=False))

    def on_pitch(self, event: ev.Pitch) -> None:
        self.heard(event, self.auction.pitches(event.player, self.table is not None))

    def throw_in_refused(self) -> str | None:
        """Only a deal everyone passed, bidding to the board under the throw-in reading, is thrown in."""
        return None if self.auction.phase == "thrown-in" else self.say("bidding.board-all-pass", "no-throw-in")

    def on_look(self, event: ev.Look) -> None:
        """Nothing in the laws forbids a look at a quitted trick, so it is no irregularity; only a
        trick not played yet is a contradiction (`quitted_trick` finds it)."""
        self.quitted_trick(event)

    def on_claimrest(self, event: ev.ClaimRest) -> None:
        if self.trump is None:  # before the pitch no trick is in play, nor trump to count the points by
            self.unsupported(event, "'claim rest' before the pitch")
        elif not self.nothing_left(event, "claim rest", "claims the rest"):  # the laws' silence: `auction-pitch.claim`
            self.end("claimed", event.player)
            self.notes.append(self.say("claim", "unmade", player=event.player)
                              if claims.claim_unmade(self.table, (event.player,))
                              else self.say("claim", "claimed", player=event.player) if self.hands_known
                              else self.say("claim", "claimed-unknown", player=event.player))
            self.gather_now()

    def on_concede(self, event: ev.Concede) -> None:
        if not self.ended_as("claimed"):
            self.found("inconsistent-transcript", event.player, event.at, "claim", "concede", player=event.player)

    # ---- play ----------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        if self.ended_as("thrown-in"):
            return self.play_after_throw_in(event)
        answer = self.auction.pitched_by(event.player)
        self.notes.extend(answer.notes)
        if not answer.counts:
            return self.premature(event, self.say("play.premature-lead", "premature", player=event.player,
                                                  card=event.card, waiting=self.auction.waiting()))
        assert self.pitcher is not None
        self.start_play(self.pitcher, self.order, self.rules)
        self.played_on(self.deals, lambda player: self.say("wrong-count.play", "stands"))
        return True

    def on_play(self, event: ev.Play) -> None:
        if self.conceded_by is not None:  # after a claim of the rest: the engine's finding, and the card ignored
            return super().on_play(event)
        if self.table is None and not self.ready_to_play(event):
            self.sent_back.add(event.card)
            self.early.append(event)
            return
        if self.trump is None and event.player == self.pitcher:
            self.trump = self.rules.trump = event.card.suit
        if self.false_card is not None:
            pitcher_plays(self, event, self.false_card)
        self.play_card(event)

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        self.lead_stood(fact)  # the end of the trick ends what a card out of turn in it left open

    # ---- the result ----------------------------------------------------------------------
    @property
    def winner(self) -> str | None:
        return self.outcome()[0].winner

    def outcome(self) -> tuple[Outcome, dict[str, int]]:
        """What the verdict's settlement worked out, and its score change."""
        assert self.settled is not None, "the hand is settled before its contract is shown"
        return self.settled.result, self.settled.ledger.delta

    def contract(self) -> dict[str, Any]:
        outcome, delta = self.outcome()
        after = {p: self.ctx.score_before.get(p, 0) + delta[p] for p in self.order}
        auction, highest = self.auction, self.auction.highest
        return {
            "seller": None if auction.board else auction.eldest,
            "bid": highest[1] if highest else None,
            "bidder": highest[0] if highest else None,
            "sale": auction.sale,
            "pitcher": auction.pitcher,
            "to_make": auction.to_make,
            "trump": self.trump.word if self.trump else None,
            "points": outcome.points,
            "made": outcome.made,
            "to_go": {p: self.target - after[p] for p in self.order},
        }

    def auction_step(self) -> str:
        """What the bidding, the sale or the pitch waits for."""
        auction = self.auction
        if auction.phase == "bidding":
            if not auction.board and not auction.highest:
                return self.say("bidding.seller", "bid-or-pitch-step", turn=auction.calls.turn, seller=auction.eldest)
            return self.say("bidding.seller", "bid-step", turn=auction.calls.turn)
        if auction.phase == "selling" and (highest := auction.highest) is not None:
            return self.say("bidding.seller", "sell-step", seller=auction.eldest, bidder=highest[0], bid=highest[1])
        return self.say("bidding.seller", "pitch-step", pitcher=self.pitcher)

    def next_step(self) -> str | None:
        if (exposure := self.deal_exposure) is not None and exposure in self.choices:
            return self.say("deal.exposed", "step", chooser=exposure.pending.chooser, dealer=self.dealer)
        if stop := self.penalty_laws.deal.step(self):
            return stop
        if self.table is None:
            back = ", ".join(f"{e.player} {e.card}" for e in self.early if e.card in self.sent_back)
            waits = self.auction_step()
            return self.say("play.premature-lead", "back", cards=back, step=waits) if back else waits
        if self.false_card is not None:
            return step(self, self.false_card)
        choosing = self.choice_step()  # e.g. the pitcher's choice after a card out of turn taken back
        turn = self.next_in_play()
        return self.say("play.out-of-turn", "then", choosing=choosing, turn=turn) if choosing is not None else turn

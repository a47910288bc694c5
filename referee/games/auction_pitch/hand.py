"""The replay of one Auction Pitch hand: the auction it owns, the play, and the irregularities of
both as the laws of Auction Pitch rule them; its `settle` is the game's `settlement`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ...engine import table as tb
from ...engine.choices import Choice, Lapse, Option
from ...engine.laws import HandStatus, Irregularity, Kind
from ...engine.ledger import Ledger
from ...engine.replay import HandContext, HandReplay, Requirement
from ...notation import events as ev
from ...notation.cards import Card, Suit, pack
from ...notation.reader import HandRecord
from .auction import Answer, Auction
from .settlement import Outcome, settle

OUT_OF_TURN_CALLS: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")


class PitchTricks(tb.PlainTricks):
    """Trick rules once the pitch is made. Trump is unknown (None) until the pitcher's first card."""

    def excused(self, player: str, card: Card, led: Suit, trick: int) -> bool:
        """A plain suit led may be trumped even by a player who holds that suit."""
        return self.trump is not None and card.suit is self.trump and led is not self.trump


@dataclass(slots=True)
class FalseCard:
    """An adversary's card led or played out of turn, while its trick is still open."""

    player: str
    card: Card
    trick: int
    expected: str  # whose turn it was
    lead: bool
    retracted: bool = False
    stands: bool = False
    requirement: Requirement | None = None
    choice: Choice | None = None  # the pitcher's choice of penalty, while he has not made it


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
    game = "auction-pitch"
    options: AuctionPitchOptions
    cards_per_hand = 6
    pack = frozenset(pack(2))
    pool_unit = "red"
    pool_rate = None  # red counters paid into the pool are not taken from the points

    def __init__(self, context: HandContext, record: HandRecord, pool: int | None, game_over: bool) -> None:
        super().__init__(context, record)
        self.pool_before = pool
        self.game_over = game_over
        self.target: int = self.options["target"]
        eldest = self.left_of(self.dealer)
        self.auction = Auction(self.order, eldest, self.options["bid-to-board"],
                               self.target - self.ctx.score_before.get(eldest, 0), self.options["full-value-bids"],
                               self.options["board-all-pass"] == "throw-in")
        self.rules = PitchTricks()
        self.false_card: FalseCard | None = None
        self.deal_exposure: Choice | None = None  # the others' choice after a card shown in the deal
        self.disobeyed: list[tb.Revoke] = []
        self.premature_reported = False

    # ---- small queries -------------------------------------------------------------------
    @property
    def trump(self) -> Suit | None:
        return self.rules.trump

    @property
    def pitcher(self) -> str | None:
        return self.auction.pitcher

    # ---- the auction: the hand reports what the auction objects to ---------------------
    def heard(self, event: ev.Event, answer: Answer) -> None:
        for objection in answer.objections:
            self.find(objection.kind, event.player, event.at, objection.topic, objection.text)
        self.notes.extend(answer.notes)

    def on_pass(self, event: ev.Pass) -> None:
        self.heard(event, self.auction.passes(event.player))

    def on_bid(self, event: ev.Bid) -> None:
        self.heard(event, self.auction.bid(event.player, event.number, bool(event.qualifier), event.text))

    def on_sell(self, event: ev.Sell) -> None:
        self.heard(event, self.auction.sells(event.player))

    def on_refuse(self, event: ev.Refuse) -> None:
        self.heard(event, self.auction.refuses(event.player))

    def on_pitch(self, event: ev.Pitch) -> None:
        self.heard(event, self.auction.pitches(event.player))

    # ---- play ----------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        auction = self.auction
        if auction.phase == "thrown-in":
            return self.play_after_throw_in(event)
        answer = auction.pitched_by(event.player)
        self.notes.extend(answer.notes)
        if not answer.counts:
            if not self.premature_reported:
                self.find("premature-lead", event.player, event.at, "play.premature-lead",
                          f"{event.player} played {event.card} before the pitch was settled ({auction.waiting()}); "
                          "the card goes back.")
                self.premature_reported = True
            return False
        assert self.pitcher is not None
        auction.phase = "play"
        self.start_play(self.pitcher, self.order, self.rules)
        self.note_wrong_counts()
        return True

    def note_wrong_counts(self) -> None:
        for player, cards in self.deals.items():
            if len(cards) != self.cards_per_hand:
                self.notes.append(f"play went on with {player} holding {len(cards)} cards: the hand stands without "
                                  "penalty [auction-pitch.wrong-count.play]")

    def on_play(self, event: ev.Play) -> None:
        if self.table is None and not self.ready_to_play(event):
            self.sent_back.add(event.card)
            return
        if self.rules.trump is None and event.player == self.pitcher:
            self.rules.trump = event.card.suit
        if self.false_card is not None:
            self.pitcher_follows_false_card(event, self.false_card)
        self.play_card(event)

    def pitcher_follows_false_card(self, event: ev.Play, false: FalseCard) -> None:
        """Once the pitcher plays after an adversary's card out of turn, the error stands."""
        if event.player != self.pitcher or false.retracted or false.stands:
            return
        false.stands = True
        self.drop_requirement(false)
        self.notes.append(f"{event.player}, the pitcher, played after {false.player}'s {false.card} out of turn: the "
                          "error stands and cannot be put right [auction-pitch.play.out-of-turn]")

    def drop_requirement(self, false: FalseCard) -> None:
        if false.requirement is not None and false.requirement in self.requirements:
            self.requirements.remove(false.requirement)

    def fact_outofturn(self, fact: tb.OutOfTurn) -> None:
        kind: Kind = "lead-out-of-turn" if fact.lead else "play-out-of-turn"
        verb = "led" if fact.lead else "played"
        said = f"{fact.player} {verb} {fact.card} to trick {fact.trick}, but it was {fact.expected}'s turn. "
        if self.follows_standing_false_card(fact):
            return  # the pitcher followed the false card: it stands, and so does his card
        if fact.player == self.pitcher:
            self.find(kind, fact.player, fact.at, "play.pitcher-out-of-turn",
                      said + "The pitcher is not penalised: the card goes back and the proper turn is restored.",
                      trick=fact.trick)
            return
        pitcher = self.pitcher or ""
        self.find(kind, fact.player, fact.at, "play.out-of-turn",
                  said + f"The card goes back (with any card played after it, unless {pitcher}, the pitcher, "
                  f"plays to it: then it stands), and {pitcher} may call on {fact.player} to play his highest or "
                  "lowest card of the suit led, or to trump or not to trump, when his turn comes; or he may accept "
                  "the card as played.", trick=fact.trick)
        false = FalseCard(fact.player, fact.card, fact.trick, fact.expected, fact.lead)
        self.false_card = false

        def call(option: str, at: ev.Span) -> None:
            if option == "accept":  # the pitcher lets the card stand: nothing goes back, nothing is called
                false.stands = True
                self.notes.append(f"{pitcher}, the pitcher, accepts {fact.player}'s {fact.card} played out of turn: "
                                  "it stands, with the cards played after it [auction-pitch.play.out-of-turn]")
                return
            effect = self.require(fact.player, option, "play.out-of-turn", at)
            false.requirement = self.requirements[-1]
            self.penalise("play.out-of-turn", f"{pitcher}, the pitcher, calls {option} from {fact.player}",
                          effects=(effect,))

        false.choice = self.offer([pitcher], fact.player, (*OUT_OF_TURN_CALLS, "accept"), "play.out-of-turn",
                   f"{pitcher}, the pitcher, may require {fact.player} to play his highest or lowest card of the suit "
                   "led, or to trump or not to trump the trick, when his proper turn comes, or accept the card as "
                   "played; the others' cards do not take the choice away, his own play to the trick or its end "
                   "does.", call, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    def follows_standing_false_card(self, fact: tb.OutOfTurn) -> bool:
        """The pitcher's card played after an adversary's card out of turn in the same trick: the
        seed says the error then cannot be rectified, so the trick stands as played and his card,
        out of the proper rotation only because of the false card, is no irregularity of his own."""
        false = self.false_card
        return (fact.player == self.pitcher and not fact.lead and false is not None and false.stands
                and false.trick == fact.trick)

    def rule_retract(self, fact: tb.Retracted) -> None:
        false = self.false_card
        if false is not None and fact.player == false.player and fact.card is false.card:
            false.retracted = True
            self.notes.append(f"{fact.player}'s {fact.card}, played out of turn, went back to his hand")

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        false = self.false_card
        if false is not None and false.trick == fact.trick.number:
            if not false.retracted and not false.stands:
                self.notes.append(f"trick {false.trick} was finished with {false.player}'s {false.card} out of turn "
                                  "left in it: the table let it stand")
            self.drop_requirement(false)
            self.false_card = None
        self.release_short_hands()

    def release_short_hands(self) -> None:
        """A player dealt too few cards, now empty-handed, takes no part in the last tricks."""
        assert self.table is not None
        hands = self.table.hands or {}
        for player in self.table.active:
            if player in hands and not hands[player] and len(self.deals.get(player, ())) < self.cards_per_hand:
                for fact in self.table.deactivate(player):  # none: the next trick is not begun
                    self.on_fact(fact)

    def requirement_met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """Pitch lets a player trump a plain suit he holds, so "trump" may be called even then."""
        if requirement.what not in ("trump", "no-trump"):
            return super().requirement_met(requirement, event)
        assert self.table is not None
        led = self.table.led_suit()
        held = self.table.hands.get(event.player) if self.table.hands is not None else None
        if led is None:
            return None
        if held is None:
            return True
        trumps = [c for c in held if c.suit is self.trump]
        played_trump = event.card.suit is self.trump
        if requirement.what == "trump":
            return played_trump or not trumps
        if led is self.trump:
            return True
        return not played_trump or len(trumps) == len(held)

    # ---- rulings in words ----------------------------------------------------------------
    def wrong_count_ruling(self, player: str) -> str:
        return ("Found before play, it is a misdeal and the same dealer deals again; if play goes on, the hand "
                "stands without penalty.")

    def wrong_dealer_ruling(self) -> str:
        return "The deal stands once the bidding has begun; the turn to deal goes on from the actual dealer."

    def exposed_in_deal(self) -> bool:
        """Before anybody has bid or passed, a card seen was exposed in the deal."""
        return self.auction.phase == "bidding" and not self.auction.begun

    def exposed_ruling(self, event: ev.Expose) -> str:
        if self.exposed_in_deal():
            return (f"It was exposed in the deal: the players other than {self.dealer}, the dealer, may let the deal "
                    f"stand or have {self.dealer} deal again.")
        return "Nobody plays with a partner, so there is no penalty: the card goes back into the hand."

    def rule_exposed(self, event: ev.Expose, finding: Irregularity) -> None:
        if not self.exposed_in_deal() or self.deal_exposure is not None:
            return
        others = [p for p in self.order if p != self.dealer]
        self.offer(others, event.player, ("deal-stands", "redeal"), "deal.exposed",
                   f"{self.side_label(others)} choose: the deal stands, or {self.dealer} deals again (the transcript "
                   "shows a new deal with a 'redeal' line).", self.deal_stands,
                   implied_text=f"The bidding went on: the deal stands with {event.player}'s {event.card} seen.",
                   ends=(Lapse.ANY_ACTION,))
        self.deal_exposure = self.choices[-1]

    def deal_stands(self, option: str, at: ev.Span) -> None:
        """`call deal-stands` answers the choice over a card exposed in the deal; its other
        option, a new deal, is the `redeal` line itself."""
        if option == "deal-stands":
            self.notes.append(f"The deal stands: {self.dealer} does not deal again.")

    def attention_ruling(self, event: ev.Count) -> str:
        return "Each plays for himself; the laws give no penalty."

    def revoke_set_back(self) -> int:
        """The number bid; two when no bid was made. A seller who pitched before any bid made no
        bid (the seed's words): two, unless the revoke-pitch-before-bid house rule counts his four."""
        auction = self.auction
        if auction.sale == "pitched" and self.options["revoke-pitch-before-bid"] == "two":
            return 2
        return auction.to_make if auction.to_make is not None else 2

    def revoke_words(self, player: str) -> str:
        pitcher = self.pitcher or ""
        safe = (f", and {pitcher}, the pitcher, cannot be set back in this hand"
                if player != pitcher and self.auction.to_make is not None else "")
        return (f"the points {player} wins in the hand go to nobody{self.sale_kept(player)}; he is set back "
                f"{self.revoke_set_back()} and pays one red counter{safe}.")

    def sale_kept(self, player: str) -> str:
        """Words for a revoking seller who sold: the points of the sale were scored before the play."""
        auction = self.auction
        if player == auction.eldest and auction.sale == "sold" and auction.sale_points:
            return f" (the {auction.sale_points} of his sale, scored before the play, stand)"
        return ""

    def established_revoke_ruling(self, fact: tb.Revoke) -> str:
        return "The hand is played out; " + self.revoke_words(fact.player)

    def disobeyed_ruling(self, requirement: Requirement) -> str:
        return "It is dealt with as a revoke: " + self.revoke_words(requirement.offender)

    def rule_disobeyed(self, requirement: Requirement, event: ev.Play, finding: Irregularity) -> tb.Revoke:
        revoke = HandReplay.rule_disobeyed(self, requirement, event, finding)
        self.disobeyed.append(revoke)  # penalised under call.disobeyed rather than revoke.established
        return revoke

    # ---- the result ----------------------------------------------------------------------
    def misdeal(self) -> bool:
        """A deal irregularity found before any card was played: the same dealer deals again."""
        return self.table is None and bool(self.deal_faults)

    def status(self) -> HandStatus:
        if self.redeal_at is not None or self.misdeal():
            return "redeal"
        if self.auction.phase == "thrown-in":
            return "thrown-in"
        if self.table is not None and self.table.finished:
            return "complete"
        return "in-progress"

    def settle(self, ledger: Ledger) -> Outcome:
        return settle(self, ledger)

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
        auction = self.auction
        highest = auction.highest
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

    def next_step(self) -> str | None:
        if self.deal_exposure in self.choices:
            assert self.deal_exposure is not None
            return f"{self.deal_exposure.pending.chooser} decide whether the deal stands or {self.dealer} deals again"
        auction = self.auction
        if auction.phase == "bidding":
            extra = f" ({auction.eldest} may still pitch for four)" if not auction.board and not auction.bids else ""
            return f"{auction.expected_bidder()} to bid or pass{extra}"
        if auction.phase == "selling":
            assert auction.highest is not None
            bidder, bid = auction.highest
            return f"{auction.eldest} to sell to {bidder} for {bid} or refuse and pitch"
        if auction.phase == "pitch" or self.table is None:
            return f"{self.pitcher} to pitch"
        false = self.false_card
        if false is not None and not false.retracted and not false.stands:
            return self.false_card_step(false)
        choosing = self.choice_step()  # e.g. the pitcher's choice after a card out of turn taken back
        turn = self.next_in_play()
        return f"{choosing}; then {turn}" if choosing is not None else turn

    def false_card_step(self, false: FalseCard) -> str:
        """What happens now while an adversary's card out of turn is still on the table: it goes
        back, and the pitcher chooses his penalty, or the one he chose applies."""
        assert self.table is not None
        later = self.table.current.plays[-1].card is not false.card
        step = (f"{false.player} takes back {false.card}" + (" and the cards played after it go back" if later else "")
                + f"; {false.expected} to {'lead' if false.lead else 'play'} to trick {false.trick}")
        if false.choice in self.choices:
            return (step + f"; {self.pitcher}, the pitcher, may call {false.player}'s highest or lowest of the suit "
                    "led, or to trump or not to trump, or accept the card as played")
        if false.requirement in self.requirements:
            assert false.requirement is not None
            called = self.describe(false.requirement)
            return step + f"; {false.player} must then play {called}, as {self.pitcher}, the pitcher, called"
        return step

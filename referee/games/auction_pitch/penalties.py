"""What Auction Pitch's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Only where the seed departs from the shared default: a revoke (or a call disobeyed) costs the
revoker his points, a set-back and a red counter; an adversary's card out of turn goes back and
the pitcher may call a card from the offender (the pitcher's own goes back without penalty); a
card exposed in the deal lets the others have the deal again, and one exposed later costs
nothing, as nobody has a partner; "trump" may be called even from a player who holds the suit led.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import table as tb
from ...engine.choices import Choice, Lapse, Option
from ...engine.laws import Irregularity, Kind
from ...engine.penalties import (
    AttentionLaw,
    CallLaw,
    DealLaw,
    ExposedLaw,
    OutOfTurnLaw,
    PenaltyLaws,
    RetractLaw,
    RevokeLaw,
)
from ...engine.replay import Requirement
from ...notation import events as ev
from ...notation.cards import Card

if TYPE_CHECKING:
    from .hand import AuctionPitchHand  # noqa: F401 (the quoted type parameter of every law below)

OUT_OF_TURN_CALLS: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")


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


class PitchRevokeLaw(RevokeLaw["AuctionPitchHand"]):
    """The revoker's points go to nobody; he is set back and pays a red counter."""

    __slots__ = ()

    def set_back(self) -> int:
        """The number bid; two when no bid was made. A seller who pitched before any bid made no
        bid (the seed's words): two, unless the revoke-pitch-before-bid house rule counts his four."""
        hand = self.hand
        auction = hand.auction
        if auction.sale == "pitched" and hand.options["revoke-pitch-before-bid"] == "two":
            return 2
        return auction.to_make if auction.to_make is not None else 2

    def sale_kept(self, player: str) -> str:
        """Words for a revoking seller who sold: the points of the sale were scored before the play."""
        auction = self.hand.auction
        if player == auction.eldest and auction.sale == "sold" and auction.sale_points:
            return f" (the {auction.sale_points} of his sale, scored before the play, stand)"
        return ""

    def words(self, player: str) -> str:
        hand = self.hand
        pitcher = hand.pitcher or ""
        safe = (f", and {pitcher}, the pitcher, cannot be set back in this hand"
                if player != pitcher and hand.auction.to_make is not None else "")
        return (f"the points {player} wins in the hand go to nobody{self.sale_kept(player)}; he is set back "
                f"{self.set_back()} and pays one red counter{safe}.")

    def established_ruling(self, fact: tb.Revoke) -> str:
        return "The hand is played out; " + self.words(fact.player)


class PitchRetractLaw(RetractLaw["AuctionPitchHand"]):
    """An adversary's card out of turn going back to his hand."""

    __slots__ = ()

    def retracted(self, fact: tb.Retracted) -> None:
        hand = self.hand
        false = hand.false_card
        if false is not None and fact.player == false.player and fact.card is false.card:
            false.retracted = True
            hand.notes.append(f"{fact.player}'s {fact.card}, played out of turn, went back to his hand")


class PitchOutOfTurnLaw(OutOfTurnLaw["AuctionPitchHand"]):
    """An adversary's card out of turn goes back and the pitcher may call a card from him, unless
    the pitcher plays to it; the pitcher's own card out of turn goes back without penalty."""

    __slots__ = ()

    def found(self, fact: tb.OutOfTurn) -> None:
        hand = self.hand
        kind: Kind = "lead-out-of-turn" if fact.lead else "play-out-of-turn"
        verb = "led" if fact.lead else "played"
        said = f"{fact.player} {verb} {fact.card} to trick {fact.trick}, but it was {fact.expected}'s turn. "
        if self.follows_standing_false_card(fact):
            return  # the pitcher followed the false card: it stands, and so does his card
        if fact.player == hand.pitcher:
            hand.find(kind, fact.player, fact.at, "play.pitcher-out-of-turn",
                      said + "The pitcher is not penalised: the card goes back and the proper turn is restored.",
                      trick=fact.trick)
            return
        pitcher = hand.pitcher or ""
        hand.find(kind, fact.player, fact.at, "play.out-of-turn",
                  said + f"The card goes back (with any card played after it, unless {pitcher}, the pitcher, "
                  f"plays to it: then it stands), and {pitcher} may call on {fact.player} to play his highest or "
                  "lowest card of the suit led, or to trump or not to trump, when his turn comes; or he may accept "
                  "the card as played.", trick=fact.trick)
        false = FalseCard(fact.player, fact.card, fact.trick, fact.expected, fact.lead)
        hand.false_card = false

        def call(option: str, at: ev.Span) -> None:
            if option == "accept":  # the pitcher lets the card stand: nothing goes back, nothing is called
                false.stands = True
                hand.notes.append(f"{pitcher}, the pitcher, accepts {fact.player}'s {fact.card} played out of turn: "
                                  "it stands, with the cards played after it [auction-pitch.play.out-of-turn]")
                return
            effect = hand.require(fact.player, option, "play.out-of-turn", at)
            false.requirement = hand.requirements[-1]
            hand.penalise("play.out-of-turn", f"{pitcher}, the pitcher, calls {option} from {fact.player}",
                          effects=(effect,))

        false.choice = hand.offer(
            [pitcher], fact.player, (*OUT_OF_TURN_CALLS, "accept"), "play.out-of-turn",
            f"{pitcher}, the pitcher, may require {fact.player} to play his highest or lowest card of the suit led, "
            "or to trump or not to trump the trick, when his proper turn comes, or accept the card as played; the "
            "others' cards do not take the choice away, his own play to the trick or its end does.", call,
            ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    def follows_standing_false_card(self, fact: tb.OutOfTurn) -> bool:
        """The pitcher's card played after an adversary's card out of turn in the same trick: the
        seed says the error then cannot be rectified, so the trick stands as played and his card,
        out of the proper rotation only because of the false card, is no irregularity of his own."""
        hand = self.hand
        false = hand.false_card
        return (fact.player == hand.pitcher and not fact.lead and false is not None and false.stands
                and false.trick == fact.trick)

    def pitcher_plays(self, event: ev.Play, false: FalseCard) -> None:
        """Once the pitcher plays after an adversary's card out of turn, the error stands."""
        hand = self.hand
        if event.player != hand.pitcher or false.retracted or false.stands:
            return
        false.stands = True
        self.drop_requirement(false)
        hand.notes.append(f"{event.player}, the pitcher, played after {false.player}'s {false.card} out of turn: the "
                          "error stands and cannot be put right [auction-pitch.play.out-of-turn]")

    def drop_requirement(self, false: FalseCard) -> None:
        requirements = self.hand.requirements
        if false.requirement is not None and false.requirement in requirements:
            requirements.remove(false.requirement)

    def trick_won(self, fact: tb.TrickWon) -> None:
        """The end of the trick ends what a card out of turn in it left open."""
        hand = self.hand
        false = hand.false_card
        if false is not None and false.trick == fact.trick.number:
            if not false.retracted and not false.stands:
                hand.notes.append(f"trick {false.trick} was finished with {false.player}'s {false.card} out of turn "
                                  "left in it: the table let it stand")
            self.drop_requirement(false)
            hand.false_card = None

    def step(self, false: FalseCard) -> str:
        """What happens now while an adversary's card out of turn is still on the table: it goes
        back, and the pitcher chooses his penalty, or the one he chose applies."""
        hand = self.hand
        assert hand.table is not None
        later = hand.table.current.plays[-1].card is not false.card
        step = (f"{false.player} takes back {false.card}" + (" and the cards played after it go back" if later else "")
                + f"; {false.expected} to {'lead' if false.lead else 'play'} to trick {false.trick}")
        if false.choice in hand.choices:
            return (step + f"; {hand.pitcher}, the pitcher, may call {false.player}'s highest or lowest of the suit "
                    "led, or to trump or not to trump, or accept the card as played")
        if false.requirement in hand.requirements:
            assert false.requirement is not None
            called = hand.call_law.describe(false.requirement)
            return step + f"; {false.player} must then play {called}, as {hand.pitcher}, the pitcher, called"
        return step


class PitchExposedLaw(ExposedLaw["AuctionPitchHand"]):
    """A card exposed in the deal lets the others have the deal again; later, no penalty."""

    __slots__ = ()

    def in_deal(self) -> bool:
        """Before anybody has bid or passed, a card seen was exposed in the deal."""
        auction = self.hand.auction
        return auction.phase == "bidding" and not auction.begun

    def ruling(self, event: ev.Expose) -> str:
        dealer = self.hand.dealer
        if self.in_deal():
            return (f"It was exposed in the deal: the players other than {dealer}, the dealer, may let the deal "
                    f"stand or have {dealer} deal again.")
        return "Nobody plays with a partner, so there is no penalty: the card goes back into the hand."

    def rule(self, event: ev.Expose, finding: Irregularity) -> None:
        hand = self.hand
        if not self.in_deal() or hand.deal_exposure is not None:
            return
        others = [p for p in hand.order if p != hand.dealer]
        hand.deal_exposure = hand.offer(
            others, event.player, ("deal-stands", "redeal"), "deal.exposed",
            f"{hand.side_label(others)} choose: the deal stands, or {hand.dealer} deals again (the transcript shows a "
            "new deal with a 'redeal' line).", self.deal_stands,
            implied_text=f"The bidding went on: the deal stands with {event.player}'s {event.card} seen.",
            ends=(Lapse.ANY_ACTION,))

    def deal_stands(self, option: str, at: ev.Span) -> None:
        """`call deal-stands` answers the choice over a card exposed in the deal; its other
        option, a new deal, is the `redeal` line itself."""
        if option == "deal-stands":
            self.hand.notes.append(f"The deal stands: {self.hand.dealer} does not deal again.")


class PitchAttentionLaw(AttentionLaw["AuctionPitchHand"]):
    """Drawing attention to the tricks costs nothing: each plays for himself."""

    __slots__ = ()

    def ruling(self, event: ev.Count) -> str:
        return "Each plays for himself; the laws give no penalty."


class PitchCallLaw(CallLaw["AuctionPitchHand"]):
    """"Trump" may be called even from a player who holds the suit led; a call disobeyed is a
    revoke, penalised under its own rule."""

    __slots__ = ()

    def met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """Pitch lets a player trump a plain suit he holds, so "trump" may be called even then."""
        if requirement.what not in ("trump", "no-trump"):
            return super().met(requirement, event)
        hand = self.hand
        table = hand.table
        assert table is not None
        led = table.led_suit()
        held = table.hands.get(event.player) if table.hands is not None else None
        if led is None:
            return None
        if held is None:
            return True
        trumps = [c for c in held if c.suit is hand.trump]
        played_trump = event.card.suit is hand.trump
        if requirement.what == "trump":
            return played_trump or not trumps
        if led is hand.trump:
            return True
        return not played_trump or len(trumps) == len(held)

    def disobeyed_ruling(self, requirement: Requirement) -> str:
        return "It is dealt with as a revoke: " + self.hand.revoke_law.words(requirement.offender)

    def disobeyed(self, requirement: Requirement, event: ev.Play, finding: Irregularity) -> tb.Revoke:
        revoke = super().disobeyed(requirement, event, finding)
        self.hand.disobeyed.append(revoke)  # penalised under call.disobeyed rather than revoke.established
        return revoke


class PitchDealLaw(DealLaw["AuctionPitchHand"]):
    """A wrong count is a misdeal only before play; a wrong dealer's deal stands once bidding begins."""

    __slots__ = ()

    def wrong_count_ruling(self, player: str) -> str:
        return ("Found before play, it is a misdeal and the same dealer deals again; if play goes on, the hand "
                "stands without penalty.")

    def wrong_dealer_ruling(self) -> str:
        return "The deal stands once the bidding has begun; the turn to deal goes on from the actual dealer."


LAWS = PenaltyLaws(revoke=PitchRevokeLaw, retract=PitchRetractLaw, out_of_turn=PitchOutOfTurnLaw,
                   exposed=PitchExposedLaw, attention=PitchAttentionLaw, call=PitchCallLaw, deal=PitchDealLaw)
"""Auction Pitch's penalty laws, declared on its hand."""

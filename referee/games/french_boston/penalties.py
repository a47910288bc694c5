"""What French Boston's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Foster leaves irregularities to Boston's laws, so most follow Boston: a solo caller is not
penalised for his own exposed or misplayed cards; against a side, the other side may call an
exposed card or require a highest, lowest, winning or losing card; in a misère an adversary's
error lets the caller claim pool and stakes at once. French Boston's own: a card that falls face
up before play may force independence on its holder, and a misdeal loses the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.caller import MisereError, lead_called
from ...engine.choices import SUIT_OPTIONS, Choice, Lapse, Option
from ...engine.laws import Effect
from ...engine.penalties import Offer, Ruling
from ...notation import events as ev
from ...notation.cards import Card
from .auction import NUMBER_KIND, Contract, Proposal

if TYPE_CHECKING:
    from .hand import FrenchBostonHand


REQUIRE_ENDS, REQUIRE_SAID = (Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED), "{choosers} require {option} from {target}"
"""A requirement on the next card of the offender's side ends with its trick, and is said so."""


class FrenchBostonRevokeLaw(laws.RevokeLaw["FrenchBostonHand"]):
    """A corrected revoke gives the other side a call (a solo caller's only once an adversary has
    played after him); an established one is paid by the settlement."""

    __slots__ = ()

    def decide(self, hand: FrenchBostonHand, fact: tb.Revoke) -> Ruling:
        contract = hand.undertaking
        if fact.status != "corrected":
            if contract is not None and contract.partner is None and fact.player != contract.caller:
                return Ruling(f"{fact.player} doubles the pool and pays {contract.caller}, the solo caller, what a "
                              "success would have brought him from all three adversaries; the deal's ordinary result "
                              "is void.")
            return Ruling(f"{fact.player} doubles the pool and pays his adversaries the stake; the deal's ordinary "
                          "result is void.")
        label, player, card = hand.side_label(hand.adversaries(fact.player)), fact.player, fact.card
        if hand.is_solo_caller(player):
            if not hand.later_plays:
                return Ruling("A solo caller who corrects before an adversary plays after him incurs no penalty.")
            return Ruling(f"An adversary had already played after him, so {card} stays face up as an exposed "
                          f"card and {label} may call it (Boston's law).",
                          None if contract is None else card_calls(
                              hand, player, card, ("card",), f"{card} stays face up: {label} may call it, to be "
                              "played as soon as that is lawful; it stays liable to be called until it is played.",
                              (Lapse.CARD_PLAYED,)))
        return Ruling(f"{label} may require his highest or lowest card of {fact.led.word}, or treat {card} as an "
                      "exposed card.",
                      None if contract is None else card_calls(
                          hand, player, card, ("highest", "lowest", "card"), f"{label} may require {player}'s "
                          f"highest or lowest {fact.led.word}, or call {card} as an exposed card."))


class FrenchBostonRetractLaw(laws.RetractLaw["FrenchBostonHand"]):
    """A card played before the decision it had to wait for is taken back and liable to be called."""

    __slots__ = ()

    def early_play(self, hand: FrenchBostonHand, choice: Choice, play: ev.Play) -> None:
        """As in Boston (L39, L23): the offender's side must wait for the decision; a card one of
        them played before it, taken back, is liable to be called."""
        if not hand.ended_as("claimed") and hand.undertaking is not None and not hand.is_solo_caller(play.player):
            hand.expose_early_play(choice, play, offer_call)


class FrenchBostonOutOfTurnLaw(laws.OutOfTurnLaw["FrenchBostonHand"]):
    """A lead out of turn: a suit called, or the card called as exposed; a card played out of turn:
    a requirement on the offender's partner still to play. None against a solo caller's own."""

    __slots__ = ()

    def decide(self, hand: FrenchBostonHand, fact: tb.OutOfTurn) -> Ruling:
        if hand.is_solo_caller(fact.player):
            return Ruling("A solo caller's card out of turn carries no penalty; it is taken back unless the next "
                          "player plays to it.")
        if hand.undertaking is None:
            return laws.NO_PENALTY
        applies = not hand.play_over()
        verb = "led" if fact.lead else "played"
        if misere := MISERE.ruling(hand, fact.player, f"{verb} out of turn", CLAIM, applies):
            return misere
        offer = (self.lead_penalty(hand, fact) if fact.lead else self.play_penalty(hand, fact)) if applies else None
        others = hand.side_label(hand.adversaries(fact.player))
        if not fact.lead:
            return Ruling(f"{others} may impose highest, lowest, win or lose on his partner still to play, if any.",
                          offer)
        if fact.expected in hand.adversaries(fact.player):
            side = " or ".join(p for p in hand.order if p not in hand.adversaries(fact.player))
            return Ruling(f"{others} may call a suit from {side} (whichever leads next) or call the card as exposed.",
                          offer)
        return Ruling(f"{others} may call a suit from {fact.expected} or call the card as exposed.", offer)

    def lead_penalty(self, hand: FrenchBostonHand, fact: tb.OutOfTurn) -> Offer:
        # The suit is called from the offender's side: from the rightful leader when he is the
        # offender's partner, otherwise (the lead was the innocent side's) from whichever of the
        # offender's side next has the lead, as in Boston.
        others = laws.choosers(hand, fact.player)
        if fact.expected in others:
            targets = [p for p in hand.order if p not in others]
            whom = f"{' or '.join(targets)}, whichever leads next" if len(targets) > 1 else targets[0]
        else:
            targets, whom = [fact.expected], f"{fact.expected}, whose lead it was"

        def apply(hand: FrenchBostonHand, option: str, at: ev.Span) -> None:
            effects, _ = lead_called(hand, fact.player, fact.card, targets, option, "play.out-of-turn", at)
            hand.penalise("play.out-of-turn", f"{hand.side_label(others)} call {option} after {fact.player}'s lead "
                          "out of turn", effects=effects)

        return Offer(others, fact.player, ("suit", "card"), "play.out-of-turn",
                     f"{hand.side_label(others)} may call a suit from {whom}, or call "
                     f"{fact.card} as an exposed card; {fact.player} takes it back. If the other side plays to the "
                     "lead without a call, it stands.", apply, card=fact.card)

    def play_penalty(self, hand: FrenchBostonHand, fact: tb.OutOfTurn) -> Offer | None:
        assert hand.table is not None
        others = laws.choosers(hand, fact.player)
        played = {p.player for p in hand.table.current.plays}
        waiting = [p for p in hand.order if p in hand.partners_of(fact.player) and p not in played]
        if not waiting:
            return None
        target = hand.left_of(fact.player, waiting)
        return Offer(others, fact.player, ("highest", "lowest", "win", "lose"), "play.out-of-turn",
                     f"{hand.side_label(others)} may require {target}, {fact.player}'s partner who has not yet played, "
                     "to play his highest or lowest card of the suit, or to win or not win the trick.",
                     ends=REQUIRE_ENDS, target=target, said=REQUIRE_SAID)


class FrenchBostonExposedLaw(laws.ExposedLaw["FrenchBostonHand"]):
    """A fallen card before play, an exposed card after it (callable), a misère error in a misère."""

    __slots__ = ()

    def decide(self, hand: FrenchBostonHand, event: ev.Expose) -> Ruling:
        if hand.bidding:  # a card that falls face up before play: independence may be forced
            size = "eight" if hand.game_options["fallen-card"] == "grand" else "six"
            return Ruling(topic="exposed.fallen-card", offer=fallen_card_offer(hand, event),
                          account=f"{event.player}'s {event.card} fell face up before play began: the others may make "
                                  f"him play independence in {event.card.suit.word} ({size} tricks alone).")
        if hand.is_solo_caller(event.player):
            return Ruling("A solo caller's exposed cards carry no penalty.")
        if hand.play_over():
            return Ruling("The play is over: no penalty applies.")
        if misere := MISERE.ruling(hand, event.player, f"exposed the {event.card}", CLAIM):
            return misere
        return Ruling(f"It stays face up; {hand.side_label(hand.adversaries(event.player))} may call it to be played "
                      "when legal, or require his highest or lowest of the suit led.",
                      None if hand.undertaking is None else call_offer(hand, event.player, event.card))


def card_calls(hand: FrenchBostonHand, holder: str, card: Card, options: tuple[Option, ...], text: str,
               ends: tuple[Lapse, ...] = (Lapse.CHOOSER_PLAYS,), topic: str = "revoke.corrected") -> Offer:
    """The other side's call on `holder`'s `card` as an exposed card, or on his highest or lowest: a
    requirement on his next card (a corrected revoke's, or an exposed card's until it is played)."""
    return Offer(laws.choosers(hand, holder), holder, options, topic, text, ends=ends, card=card, target=holder,
                 said="{choosers} call {option} from {target}")


def call_offer(hand: FrenchBostonHand, holder: str, card: Card) -> Offer:
    """The other side's right over an exposed card: it lasts until the card is played."""
    others = hand.side_label(laws.choosers(hand, holder))
    return card_calls(hand, holder, card, ("card", "highest", "lowest"), f"{others} may call {card} to be played when "
                      f"legal, or require {holder}'s highest or lowest card of the suit led; the card stays liable to "
                      "be called until it is played.", (Lapse.CARD_PLAYED,), "exposed.card")


def offer_call(hand: FrenchBostonHand, holder: str, card: Card) -> None:
    """A card laid face up, found by the hand (a claim of the rest), or played before a decision."""
    hand.open(call_offer(hand, holder, card))


def fallen_card_offer(hand: FrenchBostonHand, event: ev.Expose) -> Offer:
    """A card fallen face up before play: the others may make its holder play independence in its suit."""
    suit = event.card.suit
    others = frozenset(p for p in hand.order if p != event.player)

    def force(hand: FrenchBostonHand, option: str, at: ev.Span) -> None:
        number = 8 if hand.game_options["fallen-card"] == "grand" else 6
        proposal = Proposal(event.player, NUMBER_KIND[number], suit)
        hand.make(Contract("solo", event.player, proposal, None, suit, number, forced=True))
        hand.penalise("exposed.fallen-card",
                      f"{event.player}'s {event.card} fell face up: he must play {proposal.text} alone",
                      effects=(Effect("requirement", event.player, None, f"independence {suit.word}"),))

    return Offer(others, event.player, (SUIT_OPTIONS[suit],), "exposed.fallen-card",
                 f"{hand.side_label(others)} may make {event.player} play independence in {suit.word} "
                 f"(call {suit.word}) before the first lead.", force, ends=(Lapse.PLAY_BEGINS,))


class FrenchBostonAttentionLaw(laws.AttentionLaw["FrenchBostonHand"]):
    """Drawing attention: a requirement on the next of the offender's side to play."""

    __slots__ = ()

    def decide(self, hand: FrenchBostonHand, event: ev.Count) -> Ruling:
        if hand.is_solo_caller(event.player) or hand.undertaking is None:
            return Ruling("A solo caller has no partner to help: no penalty.")
        if hand.play_over():
            return Ruling("The play is over, so there is nothing left to require: no penalty applies.")
        words = "In a misère it is a misère error: {caller} may claim the pool and the stakes at once."
        if misere := MISERE.ruling(hand, event.player, "drew attention to the tricks", words, hand.table is not None):
            return misere
        return Ruling(f"{hand.side_label(hand.adversaries(event.player))} may require of the next of his side to play "
                      "his highest or lowest card, or to trump or not trump the trick.",
                      None if hand.table is None else self.requirement(hand, event))

    def requirement(self, hand: FrenchBostonHand, event: ev.Count) -> Offer | None:
        """A requirement on the next of the offender's side still to play, if any."""
        assert hand.table is not None
        others = laws.choosers(hand, event.player)
        played = {p.player for p in hand.table.current.plays}
        side = (hand.partners_of(event.player) | {event.player}) - played
        if not side:
            return None
        turn = hand.table.expected()
        target = turn if turn in side else hand.left_of(turn, side)
        return Offer(others, event.player, ("highest", "lowest", "trump", "no-trump"), "attention.drawn",
                     f"{hand.side_label(others)} may require {target} to play his highest or lowest card, or to trump "
                     "or not trump the trick.", ends=REQUIRE_ENDS, target=target, said=REQUIRE_SAID)


class FrenchBostonCallLaw(laws.CallLaw["FrenchBostonHand"]):
    """`accept` in the bidding accepts a demand."""

    __slots__ = ()

    def unanswered_accept(self, hand: FrenchBostonHand, event: ev.Accept) -> None:
        """In the bidding `accept` answers a demand: the auction's word, not a penalty's."""
        if hand.bidding:
            hand.accept_demand(event)
        else:
            super().unanswered_accept(hand, event)


MISERE = MisereError("misere.errors", lambda hand: hand.undertaking.caller if hand.undertaking is not None
                     and hand.undertaking.kind == "misere" else None,
                     lambda hand, caller, offender, what: f"{offender} {what} in a misère: {caller} may at once claim "
                     "the pool and the stakes as if he had made it (call claim, or write the result); if he plays on "
                     "without claiming, the right is lost.",
                     lambda hand, caller, offender, what: hand.penalise(
                         "misere.errors", f"{caller} claims the misère as made after {offender} {what}",
                         (Effect("hand-not-scored", offender),)))
"""As in Boston: an adversary's error in a misère lets the caller claim pool and stakes at once."""
offer_misere_claim = MISERE.open
CLAIM = "In a misère {caller} may claim the pool and the stakes at once."
"""A misère error's ruling, in words."""


LAWS = laws.PenaltyLaws(revoke=FrenchBostonRevokeLaw(), retract=FrenchBostonRetractLaw(),
                        out_of_turn=FrenchBostonOutOfTurnLaw(), exposed=FrenchBostonExposedLaw(),
                        attention=FrenchBostonAttentionLaw(), call=FrenchBostonCallLaw(),
                        deal=laws.DealLaw("Found before play, this is a misdeal: the dealer loses the deal and the "
                                          "player on his right deals.", "Once the cards are out the deal stands, and "
                                          "the next deal passes to his right."))
"""French Boston's penalty laws, declared on its hand."""

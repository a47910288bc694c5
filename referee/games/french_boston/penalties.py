"""What French Boston's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Foster leaves irregularities to Boston's laws (`referee.engine.callerlaws`), but a caller with a
partner is penalised like his adversaries, and the other side, not the caller, chooses the penalty.
French Boston's own: a card that falls face up before play may force independence on its holder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import callerlaws
from ...engine import penalties as laws
from ...engine.caller import MisereError, misere_caller, next_to_play
from ...engine.choices import SUIT_OPTIONS, Lapse
from ...engine.exposedcards import demands
from ...engine.laws import Effect
from ...engine.penalties import Offer, Ruling, card_call
from ...notation import events as ev
from ...notation.cards import Card
from .auction import WORDS, Contract, Proposal

if TYPE_CHECKING:
    from .hand import FrenchBostonHand


MISERE = MisereError("misere.errors", misere_caller,
                     lambda hand, caller, offender, what: hand.say("misere.errors", "offer", offender=offender,
                                                                   what=what, caller=caller),
                     lambda hand, caller, offender, what: hand.penalty(
                         "misere.errors", "claimed", caller=caller, offender=offender, what=what,
                         effects=(Effect("hand-not-scored", offender),)),
                     WORDS.say("misere.errors", "played-on", caller="{caller}", offender="{offender}"),
                     lambda hand, caller: hand.say("misere.errors", "claim", caller=caller))
"""An adversary's error in a misère: the caller's claim, recorded as a penalty on the offender, or play on (accept)."""


REQUIRED = "{target} required by {choosers} to play {plainly}"  # a chosen demand, for one chooser or a side
SIDE = callerlaws.CallerSide(MISERE, lambda hand, offender: not hand.play_over())
"""Either side is penalised, but a solo caller for his own errors, until the play is over."""


REVOKE = callerlaws.SideRevokeLaw(SIDE, lambda hand, fact: hand.say(
    "revoke.established", "against-solo", player=fact.player, caller=hand.called.caller)
    if hand.called.solo_caller(hand.called.caller) and fact.player != hand.called.caller
    else hand.say("revoke.established", "against-side", player=fact.player), REQUIRED)
"""An established revoke is paid by the settlement; its words say whom the revoker pays."""


def penalised(hand: FrenchBostonHand, player: str) -> bool:
    """As in Boston (L23, L39), with the other side deciding (`LiableCards`): whose card played before the
    decision, taken back, may be called, and who must wait for it while holding a card liable to be called."""
    return not hand.ended_as("claimed") and hand.undertaking is not None and not hand.called.solo_caller(player)


OUT_OF_TURN = callerlaws.SideOutOfTurnLaw(
    SIDE, lambda hand, fact: next_to_play(hand, hand.called.partners_of(fact.player), hand.right_of(fact.expected)),
    said=REQUIRED, short=lambda hand, player: hand.short_costs(player))
"""As Boston's: a card out of turn binds the partner whose turn it was, else the next; a second to a trick is dead."""


def before_play(hand: FrenchBostonHand, event: ev.Expose) -> Ruling:
    """Before the first lead, a card fallen in the bidding or after it (`fallen_card_offer`); none once thrown in."""
    if hand.undertaking is None and not hand.bidding:
        return Ruling(hand.say("exposed.card", "unbid"))
    return Ruling(topic="exposed.fallen-card", offer=fallen_card_offer(hand, event), account=hand.say(
        "exposed.fallen-card", "fell", player=event.player, card=event.card, suit=event.card.suit.word,
        size=forced_independence(hand)))


def call_offer(hand: FrenchBostonHand, holder: str, card: Card) -> Offer:
    """The other side's right (Boston's caller's: `demands`) over a card exposed, laid down or played early."""
    options, words = demands(hand, laws.choosers(hand, holder), holder, card)
    hand.liable.lay(card, holder)  # its holder waits for their decision (`penalised`)
    return card_call(hand, holder, card, options, "exposed.card", words, (Lapse.CARD_PLAYED,), call_offer)


EXPOSED = callerlaws.SideExposedLaw(SIDE, before_play, lambda hand, event, others: before_play(hand, event)
    if hand.table is None else Ruling(hand.say("exposed.card", "callable", others=others),
                                      call_offer(hand, event.player, event.card)))
"""A fallen card before the first lead, an exposed card after it (callable), a misère error in a misère."""


def forced_independence(hand: FrenchBostonHand) -> str:
    """The rung of the independence a fallen card forces: petite (six), or grand (eight) by the house rule."""
    return "eight" if hand.game_options["fallen-card"] == "grand" else "six"


def fallen_card_offer(hand: FrenchBostonHand, event: ev.Expose) -> Offer:
    """A card fallen face up before play: the others may make its holder play independence in its suit."""
    suit = event.card.suit
    others = laws.choosers(hand, event.player)  # all others in the bidding; once the contract is made, his adversaries

    def force(hand: FrenchBostonHand, option: str, at: ev.Span) -> None:
        if option == "card":  # not forced before the first lead: fallen after the bidding, it is exposed (Boston's)
            hand.open(call_offer(hand, event.player, event.card))
            return
        proposal = Proposal(event.player, forced_independence(hand), suit)
        hand.make(Contract("solo", proposal, None, proposal.rung.tricks or 0, named=True))
        hand.penalty("exposed.fallen-card", "forced", player=event.player, card=event.card, bid=proposal.text,
                     effects=(Effect("requirement", event.player, None, f"independence {suit.word}"),))

    return Offer(others, event.player, (SUIT_OPTIONS[suit],), "exposed.fallen-card", hand.say(
        "exposed.fallen-card", "offer", others=hand.side_label(others), player=event.player, suit=suit.word),
        force, implied="card" if hand.undertaking is not None else None, ends=(Lapse.PLAY_BEGINS,))


def next_of_side(hand: FrenchBostonHand, event: ev.Count) -> list[str] | None:
    """The next of the offender's side to play to the trick (None if all have)."""
    assert hand.table is not None
    side = hand.called.partners_of(event.player) | {event.player}
    target = next_to_play(hand, side, hand.right_of(hand.table.expected()))
    return None if target is None else [target]


ATTENTION = callerlaws.SideAttentionLaw(SIDE, lambda hand, event, why: hand.say("attention.drawn", "play-over")
    if why == "over" else hand.say("attention.drawn", "unbid") if why == "unbid"
    else hand.say("attention.drawn", "solo-caller"), next_of_side)
"""Drawing attention: a requirement on the next of the offender's side to play (in a misère too)."""


class FrenchBostonCallLaw(laws.CallLaw["FrenchBostonHand"]):
    """In the bidding `accept` answers a demand: the auction's word, not a penalty's (`wrong_demand_voids`: L39)."""

    __slots__ = ()

    def unanswered_accept(self, hand: FrenchBostonHand, event: ev.Accept) -> None:
        if not hand.bidding:
            super().unanswered_accept(hand, event)
        elif hand.call_stands(event, "accepted", hand.auction.refuse_acceptance(event.player)):
            hand.auction.accept(event.player)
            hand.call_taken()


LAWS = laws.PenaltyLaws(revoke=REVOKE, out_of_turn=OUT_OF_TURN, exposed=EXPOSED,
                        attention=ATTENTION, call=FrenchBostonCallLaw(wrong_demand_voids=True), deal=callerlaws.DEAL)
"""French Boston's penalty laws, declared on its hand; a wrong deal is stopped as in Boston (digest §4)."""

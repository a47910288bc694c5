"""What Euchre's laws make of each irregularity (see `referee.engine.penalties`), only where the seed
or a house rule departs from the shared default: a revoke's points, a card out of turn that goes back
or a trick rebuilt, an exposed card, a hand of the wrong size found in play. The lone player's partner
who plays breaks the lone hand (`engine.sitout`); a bower is named as a trump (`card_role`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.choices import SUIT_OPTIONS, Lapse
from ...engine.laws import Effect
from ...notation import events as ev
from ...notation.cards import Suit

if TYPE_CHECKING:
    from .hand import EuchreHand


class EuchreRevokeLaw(laws.RevokeLaw["EuchreHand"]):
    """A revoke costs the offenders points, more against a lone hand."""

    __slots__ = ()

    def decide(self, hand: EuchreHand, fact: tb.Revoke) -> laws.Ruling:
        if fact.status == "corrected":
            return super().decide(hand, fact)
        points, side, options = revoke_points(hand, fact.player, fact.at), hand.side(fact.player), hand.game_options
        unless = ", unless a revoke by the other side cancels this one" if options["revoke-count"] == "cancel" else ""
        cost = f"{side} lose {points} points" if options["revoke-penalty"] == "deduct" else \
            f"{hand.other(side)} score {points} points"
        return laws.Ruling(f"{cost} and the hand's ordinary result is not scored{unless}.")


def revoke_points(hand: EuchreHand, offender: str, at: ev.Span) -> int:
    """Lone-hand points only while the lone hand was being played: a revoke made after the
    partner's card turned it into a partnership hand is a partnership revoke."""
    broken = next((s.broken for s in hand.sitting_out if s.loner == hand.alone), None)
    alone_then = hand.lone_hand or (broken is not None and (at.line, at.column) < (broken.line, broken.column))
    # the sides attempting a lone hand then: the lone maker's, a lone defender's
    lone = {hand.side(p) for p, on in ((hand.alone, alone_then), (hand.defender_alone, hand.lone_defence)) if p and on}
    any_lone = lone and hand.game_options["revoke-lone"] == "any-lone-hand"
    return hand.game_options["revoke-lone-points" if hand.side(offender) in lone or any_lone else "revoke-points"]


class EuchreRetractLaw(laws.RetractLaw["EuchreHand"]):
    """A card out of turn taken back: the proper turn is restored (Somerset: the card may be called)."""

    __slots__ = ()

    def retracted(self, hand: EuchreHand, fact: tb.Retracted) -> None:
        hand.false_lead_back(fact)
        false = hand.false_card  # which the replay forgets once this law has ruled, with its note
        if false is not None and fact.player == false.player and fact.card is false.card:
            if hand.rebuild is not None and hand.rebuild in hand.choices:  # the trick is rebuilt: the card goes back
                hand.answer(hand.rebuild, "reconstruct", fact.at)
                hand.false_card = hand.next_false_card(false)  # a card out of turn played after it is due back now
            if hand.game_options["out-of-turn"] == "somerset" and fact.trick < hand.cards_per_hand:
                hand.open(somerset_offer(hand, fact))


class EuchreOutOfTurnLaw(laws.OutOfTurnLaw["EuchreHand"]):
    """A card out of turn goes back (or the trick is rebuilt, if later players played after it): it
    is kept on the table until then."""

    __slots__ = ()

    def decide(self, hand: EuchreHand, fact: tb.OutOfTurn) -> laws.Ruling:
        hand.false_lead = fact if fact.lead else hand.false_lead  # its rightful leader's lead shows it went back
        if hand.game_options["out-of-turn"] == "somerset" and fact.trick == hand.cards_per_hand:
            return laws.Ruling(hand.say("play.out-of-turn", "somerset-last-trick", player=fact.player), keeps=True)
        if hand.game_options["out-of-turn"] == "somerset":
            return laws.Ruling(hand.say("play.out-of-turn", "somerset", player=fact.player,
                                        defenders=hand.side_label(hand.adversaries(fact.player))), keeps=True)
        return laws.Ruling(hand.say("play.out-of-turn", "goes-back", player=fact.player), keeps=True)


def play_after(hand: EuchreHand, event: ev.Play, false: tb.OutOfTurn) -> None:
    """A later player's card in the trick of a card out of turn: the card can no longer simply
    go back, and the table chooses between rebuilding the trick and a redeal (seed rule).
    Playing the trick out shows it was rebuilt by agreement."""
    table = hand.table
    if table is None or event.player == false.player or table.current.number != false.trick or \
            (hand.false_lead is not None and table.rightful_leader == event.player != table.expected()):
        return  # no later card: the rightful leader's lead shows the lead went back unwritten (`lead_shown_back`)
    hand.false_lead = None  # played to: the trick is rebuilt (a `retract`) or the hand redealt

    def choose(hand: EuchreHand, option: str, at: ev.Span) -> None:
        hand.false_card = None
        if option == "redeal" and hand.void() == "redeal":  # the `redeal` line: the trick is not rebuilt
            hand.penalty("play.out-of-turn", "redealt", effects=(Effect("redeal", None, None, hand.dealer),))

    hand.rebuild = hand.open(laws.Offer(
        frozenset(hand.order), false.player, ("reconstruct", "redeal"), "play.out-of-turn",
        hand.say("play.out-of-turn", "rebuild-offer"), choose, implied="reconstruct",
        implied_text=hand.say("play.out-of-turn", "rebuilt", player=false.player), ends=(Lapse.TRICK_GATHERED,),
        lines=(("reconstruct", f"{false.player} retract {false.card}"),)))


def somerset_offer(hand: EuchreHand, fact: tb.Retracted) -> laws.Offer:
    """Somerset 46, 52: a card out of turn taken back may be called, or a suit from its player or his
    partner, whichever of them leads next (not a partner who sits out: he never leads)."""
    player, defenders = fact.player, hand.side_label(hand.adversaries(fact.player))
    leaders = [p for p in (player, hand.sides.partner(player)) if hand.table is None or p in hand.table.active]

    def apply(hand: EuchreHand, option: str, at: ev.Span) -> None:
        if option in SUIT_OPTIONS.values():
            effects, who = hand.require_lead(leaders, Suit[option.upper()], "play.out-of-turn", at), leaders
        else:  # the card itself, to be played at the first legal opportunity
            effects, who = [hand.require(player, "card", "play.out-of-turn", at, card=fact.card)], [player]
        hand.penalty("play.out-of-turn", "called", effects=effects, defenders=defenders, option=option,
                     who=" or ".join(who))

    return laws.Offer(laws.choosers(hand, player), player, ("card", "suit"), "play.out-of-turn", hand.say(
        "play.out-of-turn", "somerset-offer", defenders=defenders, card=fact.card, player=player), apply,
        ends=(Lapse.CARD_PLAYED,), card=fact.card, target=player)


class EuchreExposedLaw(laws.ExposedLaw["EuchreHand"]):
    """An exposed card stays face up until played (or, as a house rule, may be called)."""

    __slots__ = ()

    def decide(self, hand: EuchreHand, event: ev.Expose) -> laws.Ruling:
        callable_ = hand.game_options["exposed"] == "callable"
        seats = hand.sitting_out if hand.stage != "auction" else hand.lone_seats()  # from the lone call on
        sit = next((s for s in seats if s.seat == event.player and s.broken is None), None)
        if sit is not None:  # his cards are never played: nothing to keep face up "until played", or to call
            if callable_ and sit.verb == "play":  # Somerset 102: it caps the lone hand's score instead
                hand.partner_exposed = sit.seat
                return laws.Ruling(hand.say("exposed.card", "sits-out-capped", seat=sit.seat, loner=sit.loner))
            if callable_:
                return laws.Ruling(hand.say("exposed.card", "sits-out", seat=sit.seat, loner=sit.loner, verb=sit.verb))
            ruling = hand.say("exposed.card", "sits-out-redeal", seat=sit.seat, loner=sit.loner, verb=sit.verb)
            return laws.Ruling(ruling, redeal_offer(
                hand, event, hand.say("exposed.card", "sits-out-offer", card=event.card),
                hand.say("exposed.card", "stayed-out", player=event.player, card=event.card)))
        if hand.trick_number == hand.cards_per_hand:  # the seed: his only card; every play left is forced
            return laws.Ruling(hand.say("exposed.card", "last-trick", player=event.player, card=event.card))
        verb = "plays" if hand.lone_hand and event.player == hand.alone else \
            "defends" if hand.lone_defence and event.player == hand.defender_alone else None
        if callable_ and verb is not None:
            return laws.Ruling(hand.say("exposed.card", "lone", player=event.player, verb=verb))
        if callable_:
            label = hand.side_label(defenders := hand.adversaries(event.player))
            offer = hand.say("exposed.card", "callable-offer", defenders=label, card=event.card, player=event.player)
            return laws.Ruling(hand.say("exposed.card", "callable", defenders=label),
                               laws.Offer(frozenset(defenders), event.player, ("card",), "exposed.card", offer,
                                          ends=(Lapse.CARD_PLAYED,), card=event.card, target=event.player,
                                          said=f"{{choosers}} call the exposed {event.card}"))
        return laws.Ruling(hand.say("exposed.card", "face-up"), redeal_offer(
            hand, event, hand.say("exposed.card", "face-up-offer", card=event.card),
            hand.say("exposed.card", "stayed-face-up", player=event.player, card=event.card)))


def shown_before_alone(hand: EuchreHand, at: ev.Span) -> None:
    """Somerset 102 sets no time: a card the lone player's partner exposed before the lone hand,
    still unplayed when play begins, caps it too (callable house rule), and is no longer callable."""
    sit = next((s for s in hand.sitting_out if s.verb == "play" and hand.exposed.get(s.seat)), None)
    if sit is None or hand.partner_exposed is not None or hand.game_options["exposed"] != "callable":  # capped already
        return
    hand.partner_exposed = sit.seat
    hand.notes.append(hand.say("exposed.card", "shown-before", seat=sit.seat, loner=sit.loner))
    for choice in [c for c in hand.choices if c.offender == sit.seat and c.card in hand.exposed[sit.seat]]:
        hand.lapse_choice(choice, at)


def redeal_offer(hand: EuchreHand, event: ev.Expose, offer: str, implied: str) -> laws.Offer:
    """The seed's choice for the table, worded `offer`: the card stays as it is (`implied`, by play going on),
    or a redeal for a major unfair advantage."""
    return laws.Offer(frozenset(hand.order), event.player, ("leave-exposed", "redeal"), "exposed.card", offer,
                      lambda hand, option, at: None,  # a redeal is a `redeal` line; the card stays
                      implied="leave-exposed", implied_text=implied)


def wrong_count_penalty(hand: EuchreHand, player: str, deal: str = "The deal") -> str:
    """A hand of the wrong size found in play: its side's forfeit, in words."""
    return (f"{deal} stands; {hand.side(player)} cannot score this hand and forfeit "
            f"{wrong_count_points(hand)} points to {hand.other(hand.side(player))}.")


def wrong_count_points(hand: EuchreHand) -> int:
    """Somerset 90: two "if all four are playing", four if not: a lone hand, or a lone defence."""
    return 4 if hand.lone_hand or hand.lone_defence else 2


LAWS = laws.PenaltyLaws(revoke=EuchreRevokeLaw(), retract=EuchreRetractLaw(), out_of_turn=EuchreOutOfTurnLaw(),
                        exposed=EuchreExposedLaw(), deal=laws.MisdealRuleLaw["EuchreHand"]((ev.UpcardLine,)))
"""Euchre's penalty laws, declared on its hand."""

"""What whist players say at the table that its laws rule: the events whist declares in its own
``words.json`` (`P ask Q`, `P name C`, `P forgot`): the hand's handlers of them (``on_ask``...),
which the shared replay calls (`HandReplay.on_said`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.penalties import Offer
from ...notation import events as ev

if TYPE_CHECKING:
    from .hand import WhistHand


def on_ask(hand: WhistHand, event: ev.Said) -> None:
    """W42 (E74): "having none, partner?" asked before the trick is quitted keeps the partner's
    renounce correctable until his side plays to the next trick (under partner-may-ask)."""
    asked, table = event.args[0], hand.table
    if asked != hand.partner(event.player) or table is None:
        hand.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"{event.player} asks {asked}, who is not his partner or has no card to ask about; ignored")
    elif hand.options["partner-may-ask"]:
        trick = table.tricks[-1] if not table.current.plays and not table.gathered else table.current
        hand.asked = (str(asked), trick.number)
        table.late_correctors, table.late_partners = frozenset({str(asked)}), {str(asked): event.player}


def end_of_question(hand: WhistHand) -> None:
    """Once the trick asked about is quitted, a renounce in a later trick is established as usual (the
    partner named stays: his play to the next trick still establishes the renounce asked about)."""
    table = hand.table
    if hand.asked is not None and table is not None and table.gathered and table.current.number > hand.asked[1]:
        hand.asked_late, hand.asked = hand.asked, None
        table.late_correctors = frozenset()


def taken_up(hand: WhistHand) -> bool:
    """The dealer's turn to play to the first trick has come: the trump card is in his hand (W10)."""
    table = hand.table
    return table is not None and (bool(table.tricks) or hand.dealer in table.current.players
                                  or table.expected() == hand.dealer)


def on_name(hand: WhistHand, event: ev.Said) -> None:
    """W11 (L18, E53; A13 a): naming the trump card once it is taken up."""
    if taken_up(hand):
        trump_called(hand, event, "trump-card.named", f"{event.player} named the trump card once the dealer "
                          "had taken it up")


def on_forgot(hand: WhistHand, event: ev.Said) -> None:
    """W12 (E55): the dealer says he has forgotten the trump card; a penalty under the English code only."""
    if hand.options["code"] == "english" and event.player == hand.dealer and taken_up(hand):
        trump_called(hand, event, "trump-card.forgotten", f"{event.player}, the dealer, said he has forgotten "
                          "the trump card")


def trump_called(hand: WhistHand, event: ev.Said, topic: str, what: str) -> None:
    """Either adversary may call the player's highest or lowest trump, once, at any time in the
    rest of the hand (A13 a): the call is open until it is made, and play does not wait for it."""
    player, them = event.player, frozenset(hand.adversaries(event.player))

    def apply(hand: WhistHand, option: str, at: ev.Span) -> None:
        effect = hand.require(player, option, topic, at, suit=hand.trump)
        hand.penalise(topic, f"{hand.side_label(them)} call {player}'s {option} trump", effects=(effect,))

    hand.find("drawing-attention", player, event.at, topic, f"{what}: either adversary may call his highest or "
              "lowest trump, once, at any time in the rest of the hand.", trick=hand.trick_number)
    hand.open(Offer(them, player, ("highest", "lowest"), topic, f"{hand.side_label(them)} may call {player}'s "
                    "highest or lowest trump", apply, ends=()))

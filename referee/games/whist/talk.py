"""What whist players say or do at the table that its laws rule: the events whist declares in its own
``words.json`` (`P ask Q`, `P name C`, `P forgot`, `P turn C`) and their handlers, declared with the
hand (`SAID`), which the shared replay calls (`HandReplay.on_said`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.newdeal import turned_in_deal
from ...engine.suitcalls import called_suit
from ...notation import events as ev

if TYPE_CHECKING:
    from .hand import WhistHand


def on_ask(hand: WhistHand, event: ev.Said) -> None:
    """W42 (E74): "having none, partner?" keeps the partner's renounce in this trick correctable after
    it is quitted, until his side plays to the next trick (under partner-may-ask)."""
    asked, table = str(event.args[0]), hand.table
    if asked != hand.partner(event.player) or table is None:
        hand.found("inconsistent-transcript", event.player, event.at, "transcript.consistency", "not-partner",
                   player=event.player, asked=asked)
    elif hand.options["partner-may-ask"]:
        hand.asked.add((asked, table.tricks[-1].number if table.tricks and not table.gathered
                        else table.current.number))
        table.keep_open(asked, event.player)


def on_name(hand: WhistHand, event: ev.Said) -> None:
    """W11 (L18, E53; A13 a): naming the trump card once the dealer's turn in trick 1 has come (W10)."""
    if hand.turn_came(hand.dealer) and hand.trump is not None:
        called_suit(hand, event.player, hand.trump, "trump-card.named",
                    hand.say("trump-card.named", "named", player=event.player), event.at)


def on_forgot(hand: WhistHand, event: ev.Said) -> None:
    """W12 (E55): the dealer says he has forgotten the trump card; a penalty under the English code only."""
    if hand.options["code"] == "english" and event.player == hand.dealer and hand.turn_came(hand.dealer) and hand.trump:
        called_suit(hand, event.player, hand.trump, "trump-card.forgotten",
                    hand.say("trump-card.forgotten", "forgot", player=event.player), event.at)


def on_turn(hand: WhistHand, event: ev.Said) -> None:
    """W15-W16 (L15; E38-E40): a card turned in the deal; English code: the dealer chooses, if his adversary did it."""
    if hand.table is None and hand.upcard is not None and event.args[0] == hand.upcard:  # W7: it is turned anyway
        hand.found("inconsistent-transcript", event.player, event.at, "transcript.consistency", "upcard-turned",
                   player=event.player, card=hand.upcard.text)
        return
    english = hand.game_options["code"] == "english" and not hand.same_side(event.player, hand.dealer)
    turned_in_deal(hand, event, type(hand).chose_new_deal, [hand.dealer] if english else None)


SAID = {"ask": on_ask, "name": on_name, "forgot": on_forgot, "turn": on_turn}

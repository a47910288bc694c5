"""Cards discarded face down before play, as Boston's little misère and French Boston's petite
misère have them: one a player, from the hand he was dealt; the hands then play a card fewer.

A part the hand owns (``self.discards = Discards(self)``). The game says when discarding is
allowed at all (which contracts, until when); this part holds what every such game's laws agree
on: a second discard and a card the player was not dealt are void, and a discarded card is out
of the hand play goes on with. Its findings cite the game's ``misere.discard`` and
``play.card-not-held`` rules.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Card

if TYPE_CHECKING:
    from .replay import HandReplay


class Discards:
    """Who has discarded what, and who is still to."""

    __slots__ = ("cards", "hand")

    def __init__(self, hand: HandReplay) -> None:
        self.hand: HandReplay = weakref.proxy(hand)  # the hand owns this part: no reference cycle to collect
        self.cards: dict[str, Card] = {}

    def __len__(self) -> int:
        return len(self.cards)

    def take(self, event: ev.Discard) -> bool:
        """Record `event`'s discard; his second one, or a card he was not dealt, is a finding and
        void (False)."""
        hand, player, card = self.hand, event.player, event.card
        if player in self.cards:
            hand.find("illegal-discard", player, event.at, "misere.discard",
                      f"{player} already discarded {self.cards[player]}; a second discard is void")
            return False
        if player in hand.deals and card not in hand.deals[player]:
            hand.find("card-not-held", player, event.at, "play.card-not-held",
                      f"{player} discards {card}, a card {player} was not dealt")
            return False
        self.cards[player] = card
        table = hand.table
        if table is not None and table.hands is not None and player in table.hands:
            table.hands[player].discard(card)  # after play began, where the game's laws still allow it
        return True

    def missing(self) -> list[str]:
        """The players still to discard, in the order of play."""
        return [p for p in self.hand.order if p not in self.cards]

    def remove_from(self, hands: dict[str, set[Card]] | None) -> None:
        """Take the discarded cards out of the hands play begins with (a game's `adjust_hands`)."""
        if hands is None:
            return
        for player, card in self.cards.items():
            if player in hands:
                hands[player].discard(card)

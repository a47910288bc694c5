"""The euchre pack and the power of its cards once trump is known: the bowers."""

from __future__ import annotations

from ...engine.table import PlainTricks
from ...notation.cards import JACK, Card, Suit, pack


class EuchreTricks(PlainTricks):
    """Whist's trick rules with the bowers above every trump: the jack of trumps (the right
    bower), then the jack of the other suit of its colour (the left bower), a trump."""

    def __init__(self, trump: Suit) -> None:
        super().__init__(trump)
        self.left = trump.partner

    def suit_of(self, card: Card) -> Suit:  # the left bower is a trump
        return card.suit.partner if card.rank == JACK and card.suit is self.left else card.suit

    def power(self, card: Card, led: Suit) -> int:
        if card.rank == JACK and card.suit is self.trump:
            return 200
        if card.rank == JACK and card.suit is self.left:
            return 199
        if card.suit is self.trump:  # whist's (`PlainTricks.power`), written out: play's hottest path
            return 100 + card.rank
        return card.rank if card.suit is led else -1


def bower_role(card: Card, trump: Suit | None) -> str | None:
    """The bowers in words: trumps whatever their printed suit says (None for any other card)."""
    if trump is None or card.rank != JACK:
        return None
    if card.suit is trump:
        return "the right bower, a trump"
    return "the left bower, a trump" if card.suit is trump.partner else None


PACKS = {"24": frozenset(pack(9)), "32": frozenset(pack(7))}
"""The 24-card pack (nine up) and the older 32-card pack (seven up)."""

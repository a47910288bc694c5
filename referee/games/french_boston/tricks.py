"""French Boston's trick rules: the best-trump jack, and the quatre-as caller's renounces."""

from __future__ import annotations

from ...engine.tricks import PlainTricks
from ...notation.cards import JACK, Card, Suit, card

SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
"""Permanent suit rank: for equal numbers, and the payment table's columns."""
JACK_DIAMONDS = card(JACK, Suit.DIAMONDS)


def best_jack(turned: Suit | None) -> Card:
    """The best trump: the jack of diamonds, or the jack of hearts when diamonds are turned."""
    return card(JACK, Suit.HEARTS if turned is Suit.DIAMONDS else Suit.DIAMONDS)


class FrenchBostonTricks(PlainTricks):
    """Whist's trick rules but for the best-trump jack (above every trump, and one itself unless a
    house rule keeps it in its own suit) and the quatre-as caller's renounces."""

    def __init__(self, trump: Suit | None, turned: Suit | None, super_jack_follows_trump: bool = True,
                 renouncer: str | None = None) -> None:
        super().__init__(trump)
        self.jack = best_jack(turned) if trump is not None else None
        self.jack_is_trump, self.renouncer = super_jack_follows_trump, renouncer

    def suit_of(self, c: Card) -> Suit:
        return self.trump if c is self.jack and self.jack_is_trump and self.trump is not None else c.suit

    def power(self, c: Card, led: Suit) -> int:
        return 200 if c is self.jack else super().power(c, led)

    def excused(self, player: str, c: Card, led: Suit, trick: int) -> bool:
        return player == self.renouncer and trick <= 10

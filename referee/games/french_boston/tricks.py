"""French Boston's trick rules: the best-trump jack, and the quatre-as caller's renounces."""

from __future__ import annotations

from ...notation.cards import JACK, Card, Suit, card

SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
"""Permanent suit rank: for equal numbers, and the payment table's columns."""
JACK_DIAMONDS = card(JACK, Suit.DIAMONDS)
JACK_HEARTS = card(JACK, Suit.HEARTS)


def best_jack(turned: Suit | None) -> Card:
    """The best trump: the jack of diamonds, or the jack of hearts when diamonds are turned."""
    return JACK_HEARTS if turned is Suit.DIAMONDS else JACK_DIAMONDS


class FrenchBostonTricks:
    """Effective suits and trick power: the best-trump jack; the quatre-as caller's renounces."""

    def __init__(self, trump: Suit | None, turned: Suit | None, super_jack_follows_trump: bool = True,
                 renouncer: str | None = None) -> None:
        self.trump = trump
        self.jack = best_jack(turned) if trump is not None else None
        self.jack_is_trump = super_jack_follows_trump
        self.renouncer = renouncer

    def suit_of(self, c: Card) -> Suit:
        if c is self.jack and self.jack_is_trump:
            assert self.trump is not None
            return self.trump
        return c.suit

    def power(self, c: Card, led: Suit) -> int:
        if c is self.jack:
            return 200
        if self.trump is not None and c.suit is self.trump:
            return 100 + c.rank
        return c.rank if c.suit is led else -1  # only the super jack changes suit, and it is dealt with above

    def excused(self, player: str, c: Card, led: Suit, trick: int) -> bool:
        return player == self.renouncer and trick <= 10

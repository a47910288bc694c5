"""`PlainTricks`, the trick rules of whist that several games share (`table.PlainTricks`).

A module of its own because games subclass it (Auction Pitch's tricks), and the compiled core
(setup.py) compiles `table`, whose classes an interpreted class may not subclass.
"""

from __future__ import annotations

from ..notation.cards import Card, Suit


class PlainTricks:
    """Whist's trick rules, which several games share: cards keep their printed suits, the trump
    suit (None: no trumps) beats the suit led, ace high, and no card is excused from following."""

    def __init__(self, trump: Suit | None = None) -> None:
        self.trump = trump  # None: no trumps, or not known yet

    def suit_of(self, card: Card) -> Suit:
        """The suit the card counts as (Euchre's left bower counts as trump)."""
        return card.suit

    def power(self, card: Card, led: Suit) -> int:
        """Strength in a trick where `led` was led; higher wins; below 0 cannot win."""
        if card.suit is self.trump:
            return 100 + card.rank
        return card.rank if card.suit is led else -1

    def excused(self, player: str, card: Card, led: Suit, trick: int) -> bool:
        """True when this card may be played to `led` even by a player holding that suit."""
        return False

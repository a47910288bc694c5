"""Cards, suits and ranks.

Cards are interned: there are exactly 52 `Card` objects, so comparing, hashing and storing
them costs no more than comparing small integers, which matters when an archive holds
millions of plays.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from .records import field, record


class Suit(str, Enum):
    """A suit; the value is the one-letter spelling used in canonical card text."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (euchre's "next" suit)."""
        return _PARTNER[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_PARTNER = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}

JACK: Final = 11  # Final: the compiled build reads each as a constant, not from the module's dict
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
_RANK_TEXT = {10: "T", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_OF_TEXT = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "T": 10, "10": 10}
_RANK_OF_TEXT.update({str(n): n for n in range(2, 10)})
_SUIT_OF_TEXT = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "SPADES": Suit.SPADES, "HEARTS": Suit.HEARTS, "DIAMONDS": Suit.DIAMONDS, "CLUBS": Suit.CLUBS,
}


@record(eq=False)
class Card:
    """A playing card. Use `card()` or `parse_card()`; never build one directly.

    Cards are interned, so identity is equality: hashing and comparing use the object's
    identity (fast, in C) and unpickling returns the interned card.
    """

    rank: int
    suit: Suit
    text: str = field(init=False)
    """Canonical spelling: rank letter or digit, then suit letter (``TH``, ``9C``). Spelt once
    here, as every verdict spells every card played."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", _RANK_TEXT.get(self.rank, str(self.rank)) + self.suit.value)

    def __reduce__(self) -> tuple[object, tuple[int, Suit]]:
        return card, (self.rank, self.suit)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"


_ALL = {(rank, suit): Card(rank, suit) for suit in Suit for rank in range(2, 15)}
_BY_TEXT: dict[str, Card] = {}
for (_rank, _suit), _card in _ALL.items():
    for _rank_text, _value in _RANK_OF_TEXT.items():
        if _value == _rank:
            for _suit_text, _suit_value in _SUIT_OF_TEXT.items():
                if _suit_value is _suit and len(_suit_text) == 1:
                    _BY_TEXT[_rank_text + _suit_text] = _card


def card(rank: int, suit: Suit) -> Card:
    """The interned card of that rank and suit."""
    return _ALL[(rank, suit)]


def parse_card(text: str) -> Card:
    """Parse any spelling the notation allows (``AS``, ``10h``, ``T♦``, ``9c``).

    Raises ``ValueError`` for anything else; the grammar has already checked the shape,
    so this only fails when called on unchecked text.
    """
    found = _BY_TEXT.get(text)  # the usual spelling, as written
    if found is None:
        found = _BY_TEXT.get(text.upper().replace("\ufe0f", "").replace("\ufe0e", ""))
    if found is None:
        raise ValueError(f"{text!r} is not a card")
    return found


def parse_suit(text: str) -> Suit:
    """Parse a suit written as a word, a letter or a symbol."""
    found = _SUIT_OF_TEXT.get(text.upper().replace("\ufe0f", "").replace("\ufe0e", ""))
    if found is None:
        raise ValueError(f"{text!r} is not a suit")
    return found


def pack(lowest_rank: int = 2) -> list[Card]:
    """The cards from `lowest_rank` up to the ace in every suit (24-card euchre pack: 9)."""
    return [_ALL[(rank, suit)] for suit in Suit for rank in range(lowest_rank, 15)]

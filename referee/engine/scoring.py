"""What several games' settlements count alike from the replayed deal (the ledger pays it): the
honours a side held (Whist's four, French Boston's four or five)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..notation.cards import ACE, JACK, KING, QUEEN, Card, Suit, card


def honours(trump: Suit) -> set[Card]:
    """The ace, king, queen and jack of trumps."""
    return {card(rank, trump) for rank in (ACE, KING, QUEEN, JACK)}


def honours_held(deals: Mapping[str, Iterable[Card]], players: Iterable[str], cards: Iterable[Card]) -> int:
    """How many of `cards` (the honours) `players` held between them, by their deal lines."""
    return len({c for p in players for c in deals.get(p, ())} & set(cards))

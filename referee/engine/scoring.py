"""What several games' settlements count alike from the replayed deal (the ledger pays it): the
honours a side held (Whist's four, French Boston's four or five)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..notation.cards import ACE, JACK, KING, QUEEN, Card, Suit, card


def honours(trump: Suit) -> set[Card]:
    """The ace, king, queen and jack of trumps."""
    return {card(rank, trump) for rank in (ACE, KING, QUEEN, JACK)}


def honours_held(deals: Mapping[str, Iterable[Card]], players: Iterable[str], cards: Iterable[Card]) -> int:
    """How many of `cards` (the honours) `players` held between them, by their deal lines."""
    return len({c for p in players for c in deals.get(p, ())} & set(cards))


def side_honours(deals: Mapping[str, Iterable[Card]], side: Sequence[str], trump: Suit | None,
                 also: Iterable[Card] = ()) -> int:
    """How many honours `side` held between them: of the four of trumps and `also` (a card a house
    rule counts as an honour too, French Boston's best jack), four at most; none without trumps or
    where a deal of the side is not written, since what it held is then not known."""
    if trump is None or not all(p in deals for p in side):
        return 0
    return min(4, honours_held(deals, side, honours(trump) | set(also)))

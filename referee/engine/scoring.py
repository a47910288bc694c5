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


def honours_placed(trump: Suit | None, holders: Mapping[Card, str], teams: Sequence[tuple[str, Sequence[str]]]
                   ) -> tuple[dict[str, int], list[dict[str, int]], list[Card]]:
    """The honours of trumps each of two sides is known to have held, as `holders` (who held each card, as
    far as a transcript shows) places them; every count the honours not placed leave possible (none when
    all are placed), one for each way they may have been shared; and those honours, highest first
    (Whist's, in a hand ended before they fell). Without trumps there are none."""
    (first, members), (second, _) = teams
    if trump is None:
        return {first: 0, second: 0}, [], []
    placed = [holders[c] for c in honours(trump) if c in holders]
    mine, free = sum(p in members for p in placed), 4 - len(placed)
    known = {first: mine, second: len(placed) - mine}
    possible = [{first: mine + k, second: known[second] + free - k} for k in range(free + 1)] if free else []
    return known, possible, sorted(honours(trump) - holders.keys(), key=lambda c: -c.rank)

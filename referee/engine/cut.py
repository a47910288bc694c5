"""The cut for partners and deal, as the whist family's laws have it: every player cuts a card,
the ace low; the two lowest play against the two highest and the lowest deals. Equal cards that
decide something are cut again (each recut card follows the first in the game's cut tag), or,
by a house rule, parted by suit: hearts lowest, then diamonds, clubs, spades.

A game that declares a cut tag (Whist's ``[Cut "A 5H 3D, Y 5S 9C, B 2C, Z KD"]``: A and Y tied on
fives, and A's recut 3D is the lower) has its first hand checked against it (`Declaration.cut`):
the partnerships of the header and the first dealer.
"""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import TYPE_CHECKING, Any

from ..notation.cards import Card, Suit

if TYPE_CHECKING:
    from ..notation.events import Span
    from .replay import HandReplay

SUIT_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)  # lowest first, for `by_suit`


def _value(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank  # the ace is low in cutting


def cut_key(cards: tuple[Card, ...], by_suit: bool) -> tuple[int, ...]:
    """What orders a player's cut: his first card, then each recut card (L3-L4), or with `by_suit`
    the first card's suit."""
    if by_suit:
        return _value(cards[0]), SUIT_ORDER.index(cards[0].suit)
    return tuple(_value(card) for card in cards)


def rule_cut(hand: HandReplay, items: tuple[tuple[Any, ...], ...], by_suit: bool, at: Span) -> None:
    """Check the first hand's partnerships and dealer against the cut `items` (player, cards), written
    at `at` (the tag: a finding about the cut points there, a wrong dealer at the hand's dealer)."""
    cuts = {player: cut_key(cards, by_suit) for player, cards in items}
    order = sorted(cuts, key=cuts.__getitem__)
    tied = next(((a, b) for a, b in pairwise(order[:3])
                 if cuts[a][:len(cuts[b])] == cuts[b][:len(cuts[a])]), None)
    complete = sorted(cuts) == sorted(hand.ctx.order) and len(items) == len(cuts)
    twice = next(((a, b, card) for (a, mine), (b, theirs) in combinations(items, 2)  # one pack, one round
                  for card, other in zip(mine, theirs, strict=False) if card == other), None)
    if twice is not None:
        hand.find("inconsistent-transcript", None, at, "cut", f"the cut is not checked: {twice[0]} and {twice[1]} "
                  f"both cut the {twice[2].text}, which one pack cannot give")
        return
    if not complete or tied:
        hand.find("inconsistent-transcript", None, at, "cut", "the cut is not checked: " + (
            f"{tied[0]} and {tied[1]} cut equal cards, and no recut parts them" if complete and tied
            else "it must give each player's card once"))
        return
    cards = {player: " ".join(card.text for card in cut) for player, cut in items}
    shown = ", ".join(f"{player} {cards[player]}" for player in order)
    if hand.partner(order[0]) != order[1]:
        hand.find("inconsistent-transcript", None, at, "cut", f"by the cut ({shown}, lowest first) {order[0]} and "
                  f"{order[1]} play against {order[2]} and {order[3]}, but the header's partnerships are others")
    if hand.dealer != order[0]:
        hand.find("wrong-dealer", hand.dealer, hand.record.header.dealer_at or at, "cut",
                  f"by the cut ({shown}, lowest first) {order[0]} deals the first hand, not {hand.dealer}")

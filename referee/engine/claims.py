"""Whether a claim of the rest could have been made good, where the deal shows every card left.

The laws of Euchre and Auction Pitch say nothing of claims, and the referee lets a claim stand as
the table took it (once every hand is thrown down, no later plea is heard: Somerset law 49). But a
table that writes its deal wants to know when the cards show the claim was wrong: that the others
could have won a trick however the claimant's side played. This module answers only that, by
trying every lawful line of play; the games decide what to say.
"""

from __future__ import annotations

from collections.abc import Collection

from ..notation.cards import Card
from .table import TrickTable, lawful_cards, trick_winner

LOOK_LIMIT = 20_000
"""Positions tried before the answer is given up as unknown (a claim early in a hand of many
players): a count, not a time, so that the verdict never depends on the machine."""

Held = dict[str, tuple[Card, ...]]
Plays = tuple[tuple[str, Card], ...]


class _TooMany(Exception):
    """More positions than `LOOK_LIMIT`."""


def claim_unmade(table: TrickTable | None, ours: Collection[str]) -> bool | None:
    """True when the cards left show that the seats `ours` could not win every trick left (the one
    on the table included) against every lawful play of the others, False when they could, None
    when it cannot be told: play not begun, a hand unknown, a card out of turn on the table, a hand
    of the wrong size, or too many positions to try."""
    if table is None:
        return None
    active, trick = table.active, table.current
    if table.hands is None or trick.leader not in active or any(p.out_of_turn for p in trick.plays):
        return None
    held: Held = {p: tuple(table.hands.get(p, ())) for p in active}
    left = table.tricks_in_hand - trick.number + 1
    if any(len(cards) != left - (p in trick.players) for p, cards in held.items()):
        return None
    rules, tried = table.rules, [0]

    def wins(plays: Plays, leader: str, number: int, held: Held) -> bool:
        tried[0] += 1
        if tried[0] > LOOK_LIMIT:
            raise _TooMany
        if len(plays) == len(active):
            winner = trick_winner(rules, plays)
            return winner in ours and (number == table.tricks_in_hand or wins((), winner, number + 1, held))
        start = active.index(leader)
        player = next(p for p in active[start:] + active[:start] if all(p != q for q, _ in plays))
        mine = held[player]
        lines = (wins((*plays, (player, card)), leader, number, {**held, player: tuple(c for c in mine if c != card)})
                 for card in lawful_cards(rules, player, mine, plays, number))
        return any(lines) if player in ours else all(lines)

    try:
        return not wins(tuple((p.player, p.card) for p in trick.plays), trick.leader, trick.number, held)
    except _TooMany:
        return None

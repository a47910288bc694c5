"""One caller against the others: what Boston and French Boston, whist's games of a contract one
player undertakes (alone, or with the partner a demand finds), do alike around that contract.

Why one part: both games leave their irregularities to Boston's laws, so each wrote the same
steps again in its own words: the claim of the rest by one of the caller's adversaries, which
lays his partners' cards on the table (L36). Here they are written once; a game passes the
words its laws rule with, and does what follows (cards liable to be called, a misère error).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Card

if TYPE_CHECKING:
    from .replay import HandReplay


def partners_lay_down(hand: HandReplay, event: ev.ClaimRest, partners: Sequence[str], laid: str,
                      ruling: str) -> dict[str, list[Card]]:
    """An adversary of the caller says he can win the rest: his `partners` lay their cards on the
    table (L36). Found as an exposed card, `laid` saying in words who lays them and `ruling` what
    follows. The cards laid, by partner, as a hand is shown (none known without the deal)."""
    table = hand.table
    hands = (table.hands if table is not None else None) or {}
    cards = {p: sorted(hands.get(p, ()), key=lambda c: (c.suit.value, -c.rank)) for p in partners}
    shown = "; ".join(f"{p} {' '.join(c.text for c in cards[p])}" for p in partners if cards[p])
    hand.find("exposed-card", event.player, event.at, "play.claim-rest",
              f"{event.player} says he can win the rest: {laid} lay their cards on the table"
              + (f" ({shown})" if shown else "") + f". {ruling}", trick=hand.trick_number)
    return cards

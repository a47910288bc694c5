"""Transcript records in plain words, for people reading a ruling rather than a transcript.

One sentence per event, said the way a player would say it at the table. Only the notation's
shared vocabulary is used (notation.md §2.3), so every game is told the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.choices import CHOICE_WORDS
from ..engine.trace import PlayTrace
from ..games import registry
from ..notation import events as ev
from ..notation.shapes import say
from .render import describe_contract
from .scoreline import scores  # one spelling of scores everywhere: ``N-S +2, E-W 0``

__all__ = ["contract_words", "event_words", "house_rules", "scores", "why_won"]

def event_words(event: ev.Event) -> str:
    """``N passes``, ``S names hearts``, ``W takes back KC`` … (each event's `said`; a `call`
    that chooses no penalty says only what was chosen)."""
    if isinstance(event, ev.Call) and event.word in CHOICE_WORDS:
        return f"{event.player} chooses: {event.text}"
    return say(event)


def why_won(trick: Sequence[PlayTrace], game: str | None = None) -> str:
    """Why the trick went to its winner, as the replay traced it (a trump, or the best card of
    the suit led). The `game` names what its laws make of a card beyond being a trump (Euchre's bowers)."""
    lead = trick[0]
    win = next(p for p in trick if p.player == p.winner)
    role = registry()[game].card_role(win.card, win.suit) if game is not None and win.trump else None
    if role is not None:
        return f"with {win.card}, {role}"
    if win.trump:
        return f"with {win.card}, a trump"
    if win.suit is lead.suit:
        return f"with {win.card}, the best card of the suit led"
    return f"with {win.card}"


def contract_words(contract: Mapping[str, Any]) -> str:
    """``trump hearts; maker S`` — the contract's fields in words, per-player values spelt as scores."""
    return describe_contract(contract, colon="")


def house_rules(game: str, rules: Mapping[str, Any]) -> list[str]:
    """The options that differ from the game's defaults, spelt as they are written in [Rules]."""
    defaults = registry()[game].rulebook.defaults()
    changed = []
    for name, value in rules.items():
        if defaults.get(name, value) == value:
            continue
        changed.append(name if value is True else f"{name}=false" if value is False else f"{name}={value}")
    return changed

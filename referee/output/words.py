"""Transcript records in plain words, for people reading a ruling rather than a transcript.

One sentence per event, said the way a player would say it at the table. Only the notation's
shared vocabulary is used (notation.md §2.3), so every game is told the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import registry
from ..notation import events as ev
from ..notation.cards import Suit, parse_card, parse_suit
from ..notation.shapes import say
from .render import (
    _scores as scores,  # one spelling of scores everywhere: ``N-S +2, E-W 0``
)
from .render import describe_contract

__all__ = ["contract_words", "event_words", "house_rules", "scores", "trump_of", "why_won"]

CHOICE_WORDS = frozenset({"partnership", "alone", "claim", "deal-stands"})
"""The words of `call` that choose an option other than a penalty (each game declares its words:
`Declaration.call_words`)."""


def event_words(event: ev.Event) -> str:
    """``N passes``, ``S names hearts``, ``W takes back KC`` … (each event's `said`; a `call`
    that chooses no penalty says only what was chosen)."""
    if isinstance(event, ev.Call) and event.word in CHOICE_WORDS:
        return f"{event.player} chooses: {event.text}"
    return say(event)


def trump_of(contract: Mapping[str, Any]) -> Suit | None:
    """The trump suit when the contract names one (most games call the key ``trump``)."""
    value = contract.get("trump")
    if not isinstance(value, str):
        return None
    try:
        return parse_suit(value)
    except ValueError:
        return None


def why_won(plays: tuple[tuple[str, str], ...], winner: str, contract: Mapping[str, Any],
            game: str | None = None) -> str:
    """Why the trick went to `winner`, as far as the card itself tells (trump, or the suit led).
    The `game` names what its laws make of a card beyond its printed suit (Euchre's bowers)."""
    card = dict(plays)[winner]
    led = plays[0][1][-1]
    trump = trump_of(contract)
    role = registry()[game].card_role(parse_card(card), trump) if game is not None else None
    if role is not None:
        return f"with {card}, {role}"
    if trump is not None and card[-1] == trump.value:
        return f"with {card}, a trump"
    if card[-1] == led:
        return f"with {card}, the best card of the suit led"
    return f"with {card}"


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

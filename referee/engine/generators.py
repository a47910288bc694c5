"""What the games' random transcript generators share (property tests, benchmarks).

A generator asks the laws of play two things — which cards a player may lawfully play, and
who won a trick — through `PlayRules`, made for each hand from a `Deal`. By default each game
answers from its own trick rules (`TableRules`); the property tests pass an independent oracle
instead (``tests/oracle.py``), so that a mistake in the referee's trick logic cannot be copied
into the hands it is tested on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..notation.cards import Card, Suit
from .table import PlainTricks, TrickRules, trick_winner

Plays = Sequence[tuple[str, Card]]


@dataclass(frozen=True, slots=True)
class Deal:
    """What decides the play of one hand: the game, its trumps (None: none, or in auction
    pitch not yet pitched), the suit turned up, and a player excused from following suit."""

    game: str
    trump: Suit | None
    turned: Suit | None = None
    renouncer: str | None = None


class PlayRules(Protocol):
    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        """The cards of `held` the player may play to trick number `trick` after `plays`, in
        the order held."""

    def winner(self, plays: Plays) -> str:
        """Who wins a finished trick of (player, card) plays, the lead first."""


PlayRulesFor = Callable[[Deal], PlayRules]


class TableRules:
    """`PlayRules` read from a game's own `TrickRules`: what the referee itself enforces."""

    def __init__(self, rules: TrickRules) -> None:
        self.rules = rules

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        if not plays:
            return list(held)
        suit_of, excused = self.rules.suit_of, self.rules.excused
        led = suit_of(plays[0][1])
        if not any(suit_of(c) is led for c in held):
            return list(held)
        return [c for c in held if suit_of(c) is led or excused(player, c, led, trick)]

    def winner(self, plays: Plays) -> str:
        return trick_winner(self.rules, plays)


def plain_play_rules(deal: Deal) -> PlayRules:
    """The referee's own laws of play for a game of whist's trick rules (`table.PlainTricks`)."""
    return TableRules(PlainTricks(deal.trump))


def random_card(rng: random.Random, held: list[Card], lawful: list[Card], revoke: bool = False) -> tuple[Card, bool]:
    """A random card of `lawful` or, with `revoke`, one of `held` that is not lawful when there
    is one (a revoke). Also whether it revokes."""
    if revoke:
        unlawful = [c for c in held if c not in lawful]
        if unlawful:
            return rng.choice(unlawful), True
    return rng.choice(lawful), False


def random_trick(rng: random.Random, seats: Sequence[str], leader: str, hands: dict[str, list[Card]],
                 play: PlayRules, trick: int, plant: bool = False) -> tuple[list[tuple[str, Card]], bool]:
    """One random trick from `leader` round `seats`, each card lawful under `play` and taken out
    of its holder's hand; with `plant`, the first card that can revoke does. Also whether one did."""
    start = seats.index(leader)
    plays: list[tuple[str, Card]] = []
    planted = False
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        held = hands[seat]
        choice, revoked = random_card(rng, held, play.lawful(seat, held, plays, trick), plant and not planted)
        planted = planted or revoked
        held.remove(choice)
        plays.append((seat, choice))
    return plays, planted

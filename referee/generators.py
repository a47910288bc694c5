"""What the games' random transcript generators share (property tests, benchmarks)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .table import TrickRules


def random_card(rng: random.Random, held: list[Card], plays: Sequence[tuple[str, Card]], rules: TrickRules,
                revoke: bool = False) -> tuple[Card, bool]:
    """A random card from `held` for a trick of `plays` so far: one that follows suit when it
    can or, with `revoke`, one that does not although it could. Also whether it revokes."""
    if not plays:
        return rng.choice(held), False
    led = rules.suit_of(plays[0][1])
    following = [c for c in held if rules.suit_of(c) is led]
    if revoke and following:
        others = [c for c in held if rules.suit_of(c) is not led]
        if others:
            return rng.choice(others), True
    return rng.choice(following or held), False

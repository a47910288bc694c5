"""A hand's score as every writer for people spells it: ``N-S +2, E-W 0 → N-S 2, E-W 0``.

Kept apart from the writers (`render`) so that what explains a choice (`choosing`) spells a score
the way the score line does, without importing the writers that import it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.verdict import HandVerdict


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


_signed = signed  # for `scores`, whose flag of the same name hides it


def scores(points: Mapping[str, int], signed: bool = False) -> str:
    return ", ".join(f"{k} {_signed(v) if signed else v}" for k, v in points.items()) or "—"


def pool_words(pool: int | list[int] | None) -> str:
    """``; pool 4`` after a score, or ``; pools 25, 25, 4`` where a pool filled to its limit was set
    aside and another begun (Boston's pool-limit: the verdict's list, the last the pool played for);
    "" in a game without one."""
    if pool is None:
        return ""
    return f"; pools {', '.join(map(str, pool))}" if isinstance(pool, list) else f"; pool {pool}"


SO_FAR = " (so far: the hand is not settled yet)"
"""Said after the score of a hand the transcript stops in: its result is still to come."""


def so_far(hand: HandVerdict) -> str:
    """`SO_FAR` for a hand still being played, else ""."""
    return SO_FAR if hand.status == "in-progress" else ""


def seat_order(hand: HandVerdict) -> dict[str, int]:
    """The hand's score change in the order of its standings (the players' order), whatever
    order the game's settlement wrote it in (French Boston's, to the right)."""
    delta = hand.score_delta
    return {who: delta[who] for who in hand.score_after if who in delta} | dict(delta)


def score_words(hand: HandVerdict) -> str:
    """``N-S +2, E-W 0 → N-S 2, E-W 0; pool 4``: the hand's change, then the standings after it."""
    return f"{scores(seat_order(hand), signed=True)} → {scores(hand.score_after)}{pool_words(hand.pool_after)}"

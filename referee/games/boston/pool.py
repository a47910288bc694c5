"""Boston's pool of red counters: one total, shown and paid as full pools of the limit plus
the one filling up. Every movement goes through the hand's `Ledger`."""

from __future__ import annotations

from ...engine.ledger import Ledger

POOL_LIMIT_RULE = "boston.pool.limit"


def first_pool(ledger: Ledger, limit: int, rule: str, cause: str) -> tuple[int, str, str]:
    """What the first pool holds (a full pool of `limit` when the red passes it, else the only
    pool), and the rule and words its entry cites: the limit's, when it is what decides."""
    red = ledger.in_pool
    if red <= limit:
        return red, rule, cause
    return limit, POOL_LIMIT_RULE, f"{cause}: the first of several pools, a full pool of {limit} red"


def take_pool(ledger: Ledger, limit: int, who: str, rule: str, cause: str) -> int:
    """`who` takes the first pool."""
    red, rule, cause = first_pool(ledger, limit, rule, cause)
    ledger.out_of_pool(who, red, rule, cause)
    return red


def double_pool(ledger: Ledger, limit: int, who: str, rule: str, cause: str) -> int:
    """`who` doubles the first pool: he pays in what it holds."""
    red, rule, cause = first_pool(ledger, limit, rule, cause)
    ledger.into_pool(who, red, rule, cause)
    return red

"""Boston's numbers and house rules: Foster's payment tables and the pool amounts, read from the
``tables`` section of its rulebook (games/rulebooks/boston.yaml); the typed house rules."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypedDict

from ...engine.rulebook import rulebook_data


@dataclass(frozen=True, slots=True)
class Tables:
    """The rulebook's numbers: payment tables (white), pool amounts (red)."""

    success: dict[str, dict[int, list[int]]]
    failure: dict[str, dict[int, list[int]]]
    misere: dict[str, int]
    pool: dict[str, int]
    partout: dict[str, int]
    game_deals: int
    revoke_overtricks: int

    def success_amount(self, table: str, bid: int, taken: int) -> int:
        """Paid by each opponent for `bid` made with `taken` tricks (a one-entry row pays no over-tricks)."""
        row = self.success[table][bid]
        return row[min(max(taken, bid) - bid, len(row) - 1)]

    def failure_amount(self, table: str, bid: int, short: int) -> int:
        """Paid to each opponent by a caller put in for `short` tricks."""
        return self.failure[table][bid][min(max(short, 1), bid) - 1]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """The ``tables`` section of games/rulebooks/boston.yaml."""
    data = rulebook_data("boston")["tables"]
    return Tables(data["success"], data["failure"], data["misere"], data["pool"], data["partout"], data["game-deals"],
                  data["revoke-overtricks"])


BostonOptions = TypedDict("BostonOptions", {
    "success-table": Literal["standard", "american"],
    "failure-table": Literal["standard", "decimal"],
    "caller-revoke": Literal["double-and-forfeit", "no-forfeit", "forfeit-instead"],
    "opponent-revoke-overtricks": Literal["none-above-nine", "up-to-thirteen"],
    "opponent-revoke-pool": Literal["forfeit", "double"],
    "revoke-wins-pool": bool,
    "pool-bid": Literal["rank", "tricks"],
    "pool-limit": int,
    "caller-revoke-corrected": Literal["same-trick", "next-trick"],
    "end-of-game": Literal["divide", "last-trick-grand"],
    "comeback": Literal["misere-and-spreads", "misere-only"],
})
"""The house rules of boston as its rulebook defines them (a test checks the two agree)."""

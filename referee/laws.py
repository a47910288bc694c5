"""The vocabulary of adjudication shared by every game.

An `Irregularity` is a fact (what went wrong, who, where). A `Penalty` is what the laws made
of it once applied: points, set-backs, counters or pool effects, each an `Effect`. A
`Pending` choice is a rectification the laws leave to someone who has not chosen yet
(the transcript stopped at the dispute). Games produce these; renderers only print them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .events import Span

KINDS = frozenset({
    # the notation's vocabulary (notation.md §5)
    "revoke", "lead-out-of-turn", "play-out-of-turn", "exposed-card", "bid-out-of-turn",
    "illegal-bid", "illegal-discard", "late-alone", "sitting-out-played", "card-not-held",
    "duplicate-card", "wrong-card-count", "wrong-dealer", "misdeal", "drawing-attention",
    "call-disobeyed", "premature-lead",
    # our extensions (README, "Extensions to the notation")
    "inconsistent-transcript",  # a trick label, hand number or event that contradicts the replay
})

REVOKE_STATUSES = frozenset({"corrected", "established", "unproven", "correctable"})


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Something that happened against the laws, with the rule that governs it."""

    kind: str
    player: str | None
    trick: int | None
    at: Span
    rule: str
    explanation: str
    status: str | None = None

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert self.kind != "revoke" or self.status in REVOKE_STATUSES, self.status

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "trick": self.trick, "status": self.status,
                "line": self.at.line, "column": self.at.column, "rule": self.rule,
                "explanation": self.explanation}


EFFECT_KINDS = frozenset({
    "points",           # points (or counters) to a side or player: `who`, `amount`
    "set-back",         # a player set back `amount` points
    "counters",         # counters paid: `who` pays (negative) or receives (positive) `amount`
    "pool-forfeit",     # `amount` counters paid into the pool by `who`
    "pool-doubled",     # the pool is doubled
    "hand-not-scored",  # the hand's ordinary result does not count (for `who`, or anybody)
    "take-back",        # `detail` card is taken back and the turn restored
    "exposed",          # `detail` card stays face up and may be called
    "requirement",      # `who` must obey `detail` (highest, lowest, trump, lead a suit, ...)
    "redeal",           # the hand is cancelled and dealt again (`detail`: who deals)
    "lone-hand-lost",   # the lone player must play with his partner
})


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    who: str | None = None
    amount: int | None = None
    detail: str | None = None

    def __post_init__(self) -> None:
        assert self.kind in EFFECT_KINDS, self.kind

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.who is not None:
            out["who"] = self.who
        if self.amount is not None:
            out["amount"] = self.amount
        if self.detail is not None:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True, slots=True)
class Penalty:
    """A rectification the laws imposed; `points` sums its score effects per side or player."""

    rule: str
    description: str
    points: Mapping[str, int] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "description": self.description, "points": dict(self.points),
                "effects": [e.to_dict() for e in self.effects]}


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice the laws give and nobody has made yet: the transcript stopped before it."""

    chooser: str
    options: tuple[str, ...]
    rule: str
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        return {"chooser": self.chooser, "options": list(self.options), "rule": self.rule,
                "explanation": self.explanation}


HAND_STATUSES = frozenset({"complete", "in-progress", "thrown-in", "abandoned", "redeal"})

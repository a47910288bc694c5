"""The vocabulary of adjudication shared by every game.

An `Irregularity` is a fact (what went wrong, who, where). A `Penalty` is what the laws made
of it once applied: the ledger entries it caused (points, set-backs, counters, pool) and its
other effects (a card taken back or exposed, a requirement, a redeal), each an `Effect`. A
`Pending` choice is a rectification the laws leave to someone who has not chosen yet
(the transcript stopped at the dispute). Games produce these; renderers only print them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from ..notation.events import Span
from ..notation.records import field, record
from .ledger import POOL, Entry

Kind = Literal[
    # the notation's vocabulary (docs/notation.md)
    "revoke", "lead-out-of-turn", "play-out-of-turn", "exposed-card", "bid-out-of-turn",
    "illegal-bid", "illegal-discard", "late-alone", "sitting-out-played", "card-not-held",
    "duplicate-card", "wrong-card-count", "wrong-dealer", "misdeal", "drawing-attention",
    "call-disobeyed", "premature-lead",
    # our extensions (docs/notation-extensions.md)
    "inconsistent-transcript",  # a trick label, hand number or event that contradicts the replay
    "looked-at-trick",          # a player looked at a trick already quitted where the laws forbid it
    "illegal-retract",          # a card taken back that the laws do not let its player take back
]
KINDS = frozenset(get_args(Kind))

RevokeStatus = Literal["corrected", "established", "unproven", "correctable"]
REVOKE_STATUSES = frozenset(get_args(RevokeStatus))


def as_sentence(text: str) -> str:
    """`text` ending as a sentence, with a period unless it ends with one (or a question): a finding's or
    a choice's words, which the replay often joins from pieces (the fact, then the ruling, a clause
    naming what is ignored), so the period is put once where the words become an explanation."""
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."


@record
class Irregularity:
    """Something that happened against the laws, with the rule that governs it."""

    kind: Kind
    player: str | None
    trick: int | None
    at: Span
    rule: str
    explanation: str
    status: RevokeStatus | None = None

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert self.kind != "revoke" or self.status in REVOKE_STATUSES, self.status

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "trick": self.trick, "status": self.status,
                "line": self.at.line, "column": self.at.column, "rule": self.rule,
                "explanation": self.explanation}


EffectKind = Literal[
    # money, read from the penalty's ledger entries: `who`, signed `amount`, `detail` the unit
    "points",           # points won by a side or player
    "set-back",         # points lost by a side or player
    "counters",         # counters received (positive) or paid (negative) by a player
    "pool",             # what went into (positive) or out of (negative) the pool
    # the rest
    "hand-not-scored",  # the hand's ordinary result does not count (for `who`, or anybody)
    "take-back",        # `detail` card is taken back and the turn restored
    "exposed",          # `detail` card stays face up and may be called
    "requirement",      # `who` must obey `detail` (highest, lowest, trump, lead a suit, ...)
    "redeal",           # the hand is cancelled and dealt again (`detail`: who deals)
    "lone-hand-lost",   # the lone player must play with his partner
]
EFFECT_KINDS = frozenset(get_args(EffectKind))


@record
class Effect:
    kind: EffectKind
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


def money_effect(entry: Entry, score_unit: str) -> Effect:
    """A ledger entry shown as an effect of the penalty that caused it."""
    kind: EffectKind
    if entry.who == POOL:
        kind = "pool"
    elif entry.unit != score_unit or entry.unit != "points":
        kind = "counters"
    else:
        kind = "points" if entry.amount > 0 else "set-back"
    return Effect(kind, entry.who, entry.amount, entry.unit)


@record
class Penalty:
    """A rectification the laws imposed. `points` is what its ledger `entries` add up to per side
    or player, in the score's unit; the money among `effects` is read from the same entries."""

    rule: str
    description: str
    points: Mapping[str, int] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    entries: tuple[Entry, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "description": self.description, "points": dict(self.points),
                "effects": [e.to_dict() for e in self.effects]}


@record
class Reply:
    """One way to answer a pending choice, as the replay that opened it knows it: the `option` it
    takes, in words (`label`: a suit or a card where the option is any suit or card), and the
    transcript `line` that takes it, so that nothing above the replay has to guess the line. None
    when no single line does (the table answers by playing on, or by writing what happened)."""

    option: str
    label: str
    line: str | None


@record
class Pending:
    """A choice the laws give and nobody has made yet: the transcript stopped before it.
    `replies` answer its options, in their order; they stay in memory (the JSON verdict names
    the options only, docs/notation.md)."""

    chooser: str
    options: tuple[str, ...]
    rule: str
    explanation: str
    replies: tuple[Reply, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"chooser": self.chooser, "options": list(self.options), "rule": self.rule,
                "explanation": self.explanation}


HandStatus = Literal["complete", "in-progress", "thrown-in", "abandoned", "redeal"]
HAND_STATUSES = frozenset(get_args(HandStatus))

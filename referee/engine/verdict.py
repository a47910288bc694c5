"""The verdict: what the referee decided, as plain data (notation.md §5).

These classes hold results only; they are built by the games, serialised here with
`to_dict` (the JSON contract) and printed by `referee.output.render`. Field order in `to_dict` is the
order of the contract, so the JSON is byte-for-byte deterministic.
"""

from __future__ import annotations

from typing import Any

from ..notation.reader import Problem
from ..notation.records import field, record
from .laws import Irregularity, Penalty, Pending
from .ledger import Entry
from .trace import NO_TRACE, HandTrace


@record
class TrickRecord:
    number: int
    leader: str
    plays: tuple[tuple[str, str], ...]
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "leader": self.leader, "plays": [list(p) for p in self.plays],
                "winner": self.winner}


@record
class Recorded:
    given: dict[str, int]
    agrees: bool
    line: int
    wrong: tuple[tuple[str, int, int], ...] = ()  # (side, recorded, what the laws give) for each entry that disagrees

    @classmethod
    def against(cls, given: dict[str, int], laws: dict[str, int], line: int,
                optional: frozenset[str] = frozenset({"pool"})) -> Recorded:
        """The recorded result `given` compared entry by entry with what the laws give; an entry
        left out counts as 0, except the `optional` ones (the pool), compared only when written."""
        keys = [k for k in laws if k not in optional or k in given] + [k for k in given if k not in laws]
        wrong = tuple((k, given.get(k, 0), laws.get(k, 0)) for k in keys if given.get(k, 0) != laws.get(k, 0))
        return cls(dict(given), not wrong, line, wrong)

    def to_dict(self) -> dict[str, Any]:
        return {"given": dict(self.given), "agrees": self.agrees}


@record
class HandVerdict:
    number: int
    dealer: str
    status: str
    contract: dict[str, Any]
    tricks: tuple[TrickRecord, ...]
    irregularities: tuple[Irregularity, ...]
    penalties: tuple[Penalty, ...]
    pending: tuple[Pending, ...]
    score_delta: dict[str, int]
    score_after: dict[str, int]
    pool_after: int | list[int] | None
    recorded: Recorded | None
    next: str | None = None  # extension: what happens now, in plain words
    notes: tuple[str, ...] = ()
    line: int = 0
    ledger: tuple[Entry, ...] = ()  # extension: every movement of points, counters or pool
    pool_before: int | list[int] | None = None  # extension: beside pool_after, where a pool is kept
    trace: HandTrace = field(default=NO_TRACE, compare=False, repr=False)
    """Each card of the tricks as the replay put it there (`engine.trace`): in memory only, not in the JSON."""
    answered: dict[str, HandVerdict] = field(default_factory=dict, compare=False, repr=False)
    """Each line that answers one of the open choices, with the hand replayed with it written at its
    end (`check.options_replayed`): filled only for a sink that shows options (`Sink.shows_options`),
    in memory only, not in the JSON."""

    @property
    def disagreement(self) -> bool:
        return self.recorded is not None and not self.recorded.agrees

    @property
    def result(self) -> tuple[object, ...]:
        """What two readings of the hand are compared by: the score it changes and the pool after (a
        list, Boston's pools past the limit, made hashable)."""
        pool = self.pool_after
        return tuple(self.score_delta.items()), tuple(pool) if isinstance(pool, list) else pool

    @property
    def exit_code(self) -> int:
        """This hand's part of the exit status: 1 for an irregularity or a disagreement, else 0."""
        return 1 if self.irregularities or self.disagreement else 0

    def head_dict(self) -> dict[str, Any]:
        """The fields before "tricks" (the streaming JSON writer writes the tricks itself)."""
        return {"number": self.number, "dealer": self.dealer, "status": self.status, "contract": self.contract}

    def tail_dict(self) -> dict[str, Any]:
        """The fields after "tricks"."""
        out: dict[str, Any] = {
            "irregularities": [i.to_dict() for i in self.irregularities],
            "penalties": [p.to_dict() for p in self.penalties],
            "pending": [p.to_dict() for p in self.pending],
            "score_delta": dict(self.score_delta), "score_after": dict(self.score_after),
        }
        if self.pool_before is not None:
            out["pool_before"] = self.pool_before
        out["pool_after"] = self.pool_after
        out["ledger"] = [e.to_dict() for e in self.ledger]
        out["recorded"] = self.recorded.to_dict() if self.recorded else None
        if self.next is not None:
            out["next"] = self.next
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {**self.head_dict(), "tricks": [t.to_dict() for t in self.tricks], **self.tail_dict()}


@record
class GameVerdict:
    game: str
    rules: dict[str, Any]
    info: dict[str, str]
    line: int
    hands: list[HandVerdict] = field(default_factory=list)
    final_score: dict[str, int] = field(default_factory=dict)
    pool: int | list[int] | None = None
    winner: str | None = None
    left_out: list[int] = field(default_factory=list)  # lines of hands a syntax error spoiled (not in the JSON,
    # whose `errors` list them)

    def head_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "rules": dict(self.rules)}
        if self.info:
            out["info"] = dict(self.info)
        return out

    def tail_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"final_score": dict(self.final_score)}
        if self.pool is not None:
            out["pool"] = self.pool
        out["winner"] = self.winner
        return out

    def to_dict(self) -> dict[str, Any]:
        return {**self.head_dict(), "hands": [h.to_dict() for h in self.hands], **self.tail_dict()}


@record
class FileVerdict:
    path: str
    games: list[GameVerdict] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "games": [g.to_dict() for g in self.games],
                "errors": [e.to_dict() for e in self.errors]}


@record
class Summary:
    files: int = 0
    games: int = 0
    hands: int = 0
    irregularities: int = 0
    disagreements: int = 0
    errors: int = 0

    def add_hand(self, hand: HandVerdict) -> None:
        self.hands += 1
        self.irregularities += len(hand.irregularities)
        self.disagreements += hand.disagreement

    def to_dict(self) -> dict[str, int]:
        return {"files": self.files, "games": self.games, "hands": self.hands,
                "irregularities": self.irregularities, "disagreements": self.disagreements,
                "errors": self.errors}

    @property
    def exit_code(self) -> int:
        if self.errors:
            return 2
        return 1 if self.irregularities or self.disagreements else 0


@record
class Verdict:
    files: list[FileVerdict] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)

    @property
    def exit_code(self) -> int:
        return self.summary.exit_code

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of notation.md §5, as plain dicts and lists.

        >>> from referee import check_text
        >>> verdict = check_text('[Game "euchre"]\\n[Players "N E S W"]\\n[Partners "N-S E-W"]\\n'
        ...                      'hand 1 dealer W\\nupcard 9D\\nN order, E pass')
        >>> data = verdict.to_dict()
        >>> data["summary"]["irregularities"], data["files"][0]["games"][0]["hands"][0]["status"]
        (1, 'in-progress')
        >>> data["files"][0]["games"][0]["hands"][0]["irregularities"][0]["rule"]
        'euchre.bidding.illegal'
        """
        return {"version": 1, "files": [f.to_dict() for f in self.files], "summary": self.summary.to_dict()}

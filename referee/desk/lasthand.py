"""The transcript's last hand replayed alone, for the lines the desk proposes to add to it.

Settling a dispute tries a few lines per open choice (`settle`). Checked with the whole
transcript, each line read every line and replayed every hand before the last one again: at
the end of a ten-hand game that was most of the answer's time, up to half a second on a busy
machine where issue #17 wants 150 ms. Only the last hand changes, so the check that builds the
desk's story keeps a copy of the game's session (scores, pool, dealer, hand number) as it
stood before the last hand (`SessionKeeper`), and each proposed line is read alone and replayed
with the last hand's records on a fresh copy of it.

The shortcut is taken only where it is exact: the last hand must be the transcript's last
record (no problem reported at or after it), and replaying it as written must give the very
verdict the whole check gave. Anywhere else, and for any line it cannot judge alone, the desk
checks the whole transcript as before.
"""

from __future__ import annotations

import copy

from ..check import Checker, Collector
from ..engine.verdict import HandVerdict
from ..games import Session
from ..notation import events as ev
from ..notation.limits import MAX_FINDINGS, MAX_HAND_CHARS
from ..notation.reader import HandRecord, Problem, parse_line
from ..output.story import HandStory

_BODY = (ev.EventLine, ev.DealLine, ev.UpcardLine, ev.RecordedLine, ev.NoteLine, ev.RedealLine)
"""The lines the reader adds to the hand being read (anything else starts a hand or a game)."""


class NotAlone(Exception):
    """A proposed line the last hand alone cannot judge: check the whole transcript."""


class SessionKeeper(Checker):
    """A checker that keeps a copy of the session as it stood before the hand whose header is
    on line `line` (the last one, `last_hand_line`), and forgets it when a problem is reported
    at or after that hand."""

    def __init__(self, sink: Collector, rules: str | None, line: int | None) -> None:
        super().__init__(sink, rules)
        self.line = line
        self.kept: tuple[int, Session] | None = None

    def _adjudicate(self, session: Session, record: HandRecord) -> HandVerdict | list[Problem]:
        if record.header.at.line == self.line:
            self.kept = (self.line, copy.deepcopy(session))
        return super()._adjudicate(session, record)

    def _error(self, problem: Problem, line: int | None = None) -> None:
        if self.kept is not None and problem.line >= self.kept[0]:
            self.kept = None
        super()._error(problem, line)


def last_hand_line(text: str) -> int | None:
    """The number of the text's last line that starts a hand (``hand …``), found without reading
    the transcript: a guess the check confirms (a wrong one only costs the shortcut)."""
    lines = text.split("\n")
    for number in range(len(lines), 0, -1):
        line = lines[number - 1].lstrip(" \t")
        if line.startswith("hand") and not line[4:5].isalnum() and line[4:5] not in ("_", "'"):
            return number
    return None


class LastHand:
    """Replays the last hand, with a line added at its end, on a copy of the session before it."""

    def __init__(self, session: Session, record: HandRecord, size: int) -> None:
        self.session, self.record, self.size = session, record, size

    @classmethod
    def of(cls, keeper: SessionKeeper | None, hand: HandStory, text: str) -> LastHand | None:
        """The story's last `hand` of `text`, checked by `keeper`, or None where replaying it
        alone would not give exactly its verdict."""
        if keeper is None or keeper.kept is None or keeper.kept[0] != hand.verdict.line:
            return None
        lines = text.split("\n")[hand.verdict.line:]
        last = cls(keeper.kept[1], hand.record, sum(map(len, lines)))
        try:
            return last if last._replay(hand.record) == hand.verdict else None
        except NotAlone:
            return None

    def verdict(self, line: str, after: int) -> HandVerdict | None:
        """The hand's verdict with `line` written after its last line, number `after`; None
        where the whole check would report a problem instead. Raises `NotAlone` for a line
        that does not simply join the hand."""
        parsed = parse_line(line, after + 1)
        if isinstance(parsed, Problem):
            return None
        if not isinstance(parsed, _BODY) or self.size + len(line) > MAX_HAND_CHARS:
            raise NotAlone(line)
        return self._replay(HandRecord(self.record.header, [*self.record.lines, parsed]))

    def _replay(self, record: HandRecord) -> HandVerdict | None:
        try:
            result = copy.deepcopy(self.session).hand(record)
        except Exception:  # noqa: BLE001 - the whole check reports it as an error: the line is refused
            return None
        if isinstance(result, list):
            return None
        if len(result.irregularities) > MAX_FINDINGS:
            raise NotAlone("more findings than a hand lists")
        return result

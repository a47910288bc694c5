"""The other ways ``referee check`` prints: only the hands with findings (``--quiet``), and
GitHub workflow annotations (``--format github``).

Both are `check.Sink`s like the writers of `render`; `part_writer` builds the writer a
``--jobs`` worker renders its part with, so a parallel run prints what a sequential one does.
"""

from __future__ import annotations

import re
from typing import Protocol, TextIO

from ..check import Sink
from ..engine.laws import Irregularity, Pending
from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation.reader import GameStart, HandRecord, Problem
from .choosing import answer_lines, named
from .render import JsonWriter, TextWriter, finding_words, recorded_words


class TextSink(Sink, Protocol):
    """A text writer: a `check.Sink` that can also splice in a part a worker rendered."""

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None: ...


def has_findings(hand: HandVerdict) -> bool:
    return bool(hand.irregularities) or hand.disagreement


class Quiet:
    """``--quiet``: only the hands with findings or a choice still open (under their game's line),
    then the summary.

    A clean archive of any size prints one line. Errors are printed as always.
    """

    quiet = True

    def __init__(self, inner: TextSink) -> None:
        self.inner = inner
        self.shows_options = getattr(inner, "shows_options", False)  # a hand with a choice open is shown
        self._game: tuple[GameVerdict, GameStart] | None = None  # begun here, not yet shown
        self._shown = False

    def begin_file(self, path: str) -> None:
        self.inner.begin_file(path)

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        self._game, self._shown = (game, header), False

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        if not (has_findings(hand) or hand.pending):  # an open choice (a revoke claimed) is the table's to settle
            return
        if self._game is not None:
            self.inner.begin_game(*self._game)
            self._game, self._shown = None, True
        self.inner.hand(hand, record)

    def end_game(self, game: GameVerdict) -> None:
        if self._shown:
            self.inner.end_game(game)
        self._game, self._shown = None, False

    def error(self, problem: Problem, line: int) -> None:
        self.inner.error(problem, line)

    def end_file(self) -> None:
        self.inner.end_file()

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        self.inner.raw(out, err, problems, games)

    def finish(self, summary: Summary) -> None:
        self.inner.finish(summary)


def _escape(text: str, property: bool = False) -> str:
    """GitHub's escaping of a workflow command's message (and, more strictly, of its properties)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property else text


BROKEN_RECORD = frozenset({"inconsistent-transcript", "card-not-held", "duplicate-card"})
"""Findings that say the transcript contradicts itself: the record needs fixing whatever the laws
charged, so they are errors even without a penalty."""


def finding_choice(finding: Irregularity, hand: HandVerdict) -> Pending | None:
    """The open choice `finding` gave, if any: one citing its rule, and, where the hand has several
    findings of that rule (two revokes, each side choosing for the other's; two cards out of turn,
    one choice already made), not one whose words name another of their offenders and not him,
    the one whose choosers are not his side and whose words name him: so that no finding is
    shown with another's choice."""
    offenders = {f.player for f in hand.irregularities if f.rule == finding.rule and f.player is not None}

    def names(choice: Pending, player: str) -> bool:
        # the player's own name (O'Hara), or his possessive (A's); not a side's label (A-B)
        return re.search(rf"(?<![\w'-]){re.escape(player)}(?![\w-])(?!'(?!s\b)\w)", choice.explanation) is not None

    def fit(choice: Pending) -> tuple[bool, bool]:
        return finding.player not in re.split(r"[- ]", choice.chooser), names(choice, finding.player or "")

    same = [p for p in hand.pending if p.rule == finding.rule]
    if finding.player is not None and len(offenders) > 1:
        same = [p for p in same if names(p, finding.player)
                or not any(names(p, other) for other in offenders - {finding.player})]
    return max(same, key=fit, default=None)


def finding_level(finding: Irregularity, hand: HandVerdict) -> str:
    """How loudly GitHub should show a finding: ``notice`` while its remedy is an open choice,
    ``warning`` for one the laws corrected without penalty, ``error`` otherwise.

    A finding is tied to its penalty by the rule it cites; where a game's penalty cites another
    rule (a revoke established, charged under the caller's or the opponents' rule), a hand that
    was charged something counts as penalised: a penalty is never shown as a mere warning.
    """
    if finding_choice(finding, hand) is not None:
        return "notice"
    if finding.kind in BROKEN_RECORD or finding.status == "established":
        return "error"
    if any(p.rule == finding.rule for p in hand.penalties) or any(e.rule == finding.rule for e in hand.ledger):
        return "error"
    if finding.status in ("corrected", "unproven", "correctable") or not hand.penalties:
        return "warning"
    return "error"


class GithubWriter:
    """``--format github``: one workflow command per finding, open choice and unusable input,
    which GitHub Actions shows on the transcript's line; then the summary line.

    Levels: ``error`` for penalised irregularities, disagreements with ``recorded`` and unusable
    input; ``warning`` for irregularities corrected without penalty; ``notice`` for open
    choices (`finding_level`)."""

    def __init__(self, out: TextIO, err: TextIO | None = None) -> None:
        self.out = out
        self.path = ""

    def _annotate(self, line: int, column: int, title: str, message: str, level: str = "error") -> None:
        where = f"file={_escape(self.path, True)}"
        if line:
            where += f",line={line},col={column}"
        self.out.write(f"::{level} {where},title={_escape(title, True)}::{_escape(message)}\n")

    def begin_file(self, path: str) -> None:
        self.path = path

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        pass

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        for finding in hand.irregularities:
            choice = finding_choice(finding, hand)
            open_ = "" if choice is None else f" Open: {_choice(choice)}"
            self._annotate(finding.at.line, finding.at.column, f"{finding_words(finding)} [{finding.rule}]",
                           finding.explanation + open_, finding_level(finding, hand))
        cited = {f.rule for f in hand.irregularities}
        for pending in hand.pending:
            if pending.rule not in cited:  # a choice no finding of the hand shows
                self._annotate(hand.line, 1, f"open choice in hand {hand.number} [{pending.rule}]",
                               _choice(pending),
                               "notice")
        if hand.disagreement:
            assert hand.recorded is not None
            self._annotate(hand.recorded.line, 1, f"recorded result of hand {hand.number}",
                           f"Recorded: {recorded_words(hand)}")

    def end_game(self, game: GameVerdict) -> None:
        pass

    def error(self, problem: Problem, line: int) -> None:
        self._annotate(problem.line, problem.column, "unusable input",
                       problem.message + (f" — {problem.hint}" if problem.hint else ""))

    def end_file(self) -> None:
        pass

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        self.out.write(out)

    def finish(self, summary: Summary) -> None:
        TextWriter.finish(self, summary)  # type: ignore[arg-type]  # the same summary line, on `out`


def _choice(choice: Pending) -> str:
    """An open choice told in an annotation: who chooses among what, why, and each option's line
    (`choosing.answer_lines`)."""
    answers = "".join(f" To choose {answer}." for answer in answer_lines(choice))
    return f"{named(choice.chooser)} to choose {' | '.join(choice.options)}. {choice.explanation}{answers}"


def part_writer(kind: str, quiet: bool, out: TextIO, err: TextIO) -> JsonWriter | TextSink:
    """The writer a ``--jobs`` worker renders its part of a file with (`kind`: json, text, github)."""
    if kind == "json":
        return JsonWriter(out, whole=False)
    if kind == "github":
        return GithubWriter(out)
    return Quiet(TextWriter(out, err)) if quiet else TextWriter(out, err)

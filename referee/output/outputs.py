"""The other ways ``referee check`` prints: only the hands with findings (``--quiet``), and
GitHub workflow annotations (``--format github``).

Both are `check.Sink`s like the writers of `render`; `part_writer` builds the writer a
``--jobs`` worker renders its part with, so a parallel run prints what a sequential one does.
"""

from __future__ import annotations

from typing import Protocol, TextIO

from ..check import Sink
from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation.reader import Problem
from .render import JsonWriter, TextWriter, finding_words, recorded_words


class TextSink(Sink, Protocol):
    """A text writer: a `check.Sink` that can also splice in a part a worker rendered."""

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None: ...


def has_findings(hand: HandVerdict) -> bool:
    return bool(hand.irregularities) or hand.disagreement


class Quiet:
    """``--quiet``: only the hands with findings (under their game's line), then the summary.

    A clean archive of any size prints one line. Errors are printed as always.
    """

    quiet = True

    def __init__(self, inner: TextSink) -> None:
        self.inner = inner
        self._game: GameVerdict | None = None  # begun here, not yet shown
        self._shown = False

    def begin_file(self, path: str) -> None:
        self.inner.begin_file(path)

    def begin_game(self, game: GameVerdict) -> None:
        self._game, self._shown = game, False

    def hand(self, hand: HandVerdict) -> None:
        if not has_findings(hand):
            return
        if self._game is not None:
            self.inner.begin_game(self._game)
            self._game, self._shown = None, True
        self.inner.hand(hand)

    def end_game(self, game: GameVerdict) -> None:
        if self._shown:
            self.inner.end_game(game)
        self._game, self._shown = None, False

    def error(self, problem: Problem) -> None:
        self.inner.error(problem)

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


class GithubWriter:
    """``--format github``: one ``::error`` workflow command per finding and per unusable input,
    which GitHub Actions shows on the transcript's line; then the summary line."""

    def __init__(self, out: TextIO, err: TextIO | None = None) -> None:
        self.out = out
        self.path = ""

    def _annotate(self, line: int, column: int, title: str, message: str) -> None:
        where = f"file={_escape(self.path, True)}"
        if line:
            where += f",line={line},col={column}"
        self.out.write(f"::error {where},title={_escape(title, True)}::{_escape(message)}\n")

    def begin_file(self, path: str) -> None:
        self.path = path

    def begin_game(self, game: GameVerdict) -> None:
        pass

    def hand(self, hand: HandVerdict) -> None:
        for finding in hand.irregularities:
            self._annotate(finding.at.line, finding.at.column, f"{finding_words(finding)} [{finding.rule}]",
                           finding.explanation)
        if hand.disagreement:
            assert hand.recorded is not None
            self._annotate(hand.recorded.line, 1, f"recorded result of hand {hand.number}",
                           f"Recorded: {recorded_words(hand)}")

    def end_game(self, game: GameVerdict) -> None:
        pass

    def error(self, problem: Problem) -> None:
        self._annotate(problem.line, problem.column, "unusable input",
                       problem.message + (f" — {problem.hint}" if problem.hint else ""))

    def end_file(self) -> None:
        pass

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        self.out.write(out)

    def finish(self, summary: Summary) -> None:
        TextWriter.finish(self, summary)  # type: ignore[arg-type]  # the same summary line, on `out`


def part_writer(kind: str, quiet: bool, out: TextIO, err: TextIO) -> JsonWriter | TextSink:
    """The writer a ``--jobs`` worker renders its part of a file with (`kind`: json, text, github)."""
    if kind == "json":
        return JsonWriter(out, whole=False)
    if kind == "github":
        return GithubWriter(out)
    return Quiet(TextWriter(out, err)) if quiet else TextWriter(out, err)

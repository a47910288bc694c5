"""A progress bar on standard error for ``referee check``, when standard error is a terminal.

It is shown only while the verdict goes somewhere else (a file, a pipe), and never when
standard error is not a terminal, so logs and pipelines see nothing of it. It wraps the run's
writer and counts files and hands as they pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation.reader import GameStart, HandRecord, Problem


class Counting:
    """A sink forwarding everything to `inner`, advancing the bar at each hand and file (a
    ``--jobs`` run splices whole parts in, so only its files are counted). It shows options where
    `inner` does (`check.Sink`), so that a JSON run with a bar costs what it costs without."""

    def __init__(self, inner: Any, bar: Any, task: Any) -> None:
        self.inner, self.bar, self.task = inner, bar, task
        self.quiet = getattr(inner, "quiet", False)
        self.hands = 0
        self.shows_options = getattr(inner, "shows_options", False)

    def begin_file(self, path: str) -> None:
        self.inner.begin_file(path)

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        self.inner.begin_game(game, header)

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        self.inner.hand(hand, record)
        self.hands += 1
        if not self.hands % 100:
            self.bar.update(self.task, hands=f"{self.hands:,} hands")

    def end_game(self, game: GameVerdict) -> None:
        self.inner.end_game(game)

    def error(self, problem: Problem, line: int) -> None:
        self.inner.error(problem, line)

    def end_file(self) -> None:
        self.inner.end_file()
        self.bar.update(self.task, advance=1, hands=f"{self.hands:,} hands" if self.hands else "")

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        self.inner.raw(out, err, problems, games)

    def finish(self, summary: Summary) -> None:
        self.inner.finish(summary)


@contextmanager
def progress_bar(files: int) -> Iterator[Any]:
    """A running bar; wrap the writer with ``Counting(writer, bar, bar.task)``.

    Build the writer inside the block: rich then passes whatever it writes to standard error
    (the errors) above the bar.
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TextColumn("files"),
                   TextColumn("{task.fields[hands]}"), TimeElapsedColumn(), transient=True,
                   redirect_stdout=False, console=Console(stderr=True))
    bar.task = bar.add_task("check", total=files, hands="")  # type: ignore[attr-defined]
    with bar:
        yield bar

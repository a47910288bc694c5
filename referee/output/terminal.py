"""``referee check`` on a terminal: the same verdict as the plain text, with colour and tables.

Used only when standard output is a terminal, so pipes, files and tests always get the plain
text of `render.TextWriter`, byte for byte. ``--no-color`` (or the NO_COLOR environment
variable) keeps the tables and drops every escape code. ``check --jobs N`` stays
plain: its workers render text that the parent only splices together.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import Any, TextIO

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation.reader import GameStart, HandRecord, Problem
from ..notation.safe import safe_text
from .choosing import named, news, with_answers
from .render import (
    TextWriter,
    cause_lines,
    describe_contract,
    finding_words,
    format_problem,
    recorded_words,
)
from .scoreline import pool_words, seat_order, so_far
from .words import scores

STATUS_STYLE = {"complete": "green", "in-progress": "yellow", "thrown-in": "dim", "abandoned": "magenta",
                "redeal": "magenta"}


def _console(out: TextIO, no_color: bool) -> Console:
    """A console for `out`, treated as a terminal (the caller has checked that it is one).

    ``--no-color`` or a non-empty NO_COLOR variable (no-color.org) drops every escape code,
    bold and dim included: rich's own ``no_color`` drops only the colours.
    """
    if no_color or os.environ.get("NO_COLOR"):
        return Console(file=out, force_terminal=True, highlight=False, soft_wrap=False, color_system=None)
    return Console(file=out, force_terminal=True, highlight=False, soft_wrap=False)


class TerminalWriter(TextWriter):
    """A `Sink` printing each hand as a small table; errors go to standard error in red."""

    def __init__(self, out: TextIO, err: TextIO, no_color: bool) -> None:
        super().__init__(out, err)
        self.console = _console(out, no_color)
        self.err_console = _console(err, no_color)

    def _plain(self, style: str, write: Callable[..., None], *args: Any) -> None:
        """Print what the plain `TextWriter` would write, in `style`: one wording for both outputs."""
        plain, self.out = self.out, io.StringIO()
        try:
            write(*args)
            text = self.out.getvalue().rstrip("\n")
        finally:
            self.out = plain
        self.console.print(Text(text, style))

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        self._plain("bold", super().begin_game, game, header)

    def _at(self, indent: int, *parts: str | tuple[str, str]) -> None:
        """One line of the hand, wrapped to the terminal with its indent kept."""
        self.console.print(Padding(Text.assemble(*parts), (0, 0, 0, indent), expand=False))

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        self._at(2, f"Hand {hand.number}, dealer {hand.dealer}: ", (hand.status, STATUS_STYLE.get(hand.status, "")))
        contract = describe_contract(hand.contract)
        if contract != "none":
            self._at(4, (f"Contract: {contract}", "dim"))
        if hand.tricks:
            table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
            table.add_column("Trick", justify="right")
            table.add_column("Plays")
            table.add_column("Won by")
            for trick in hand.tricks:
                plays = ", ".join(f"{p} {card}" for p, card in trick.plays)
                table.add_row(str(trick.number), plays, trick.winner or Text("unfinished", "yellow"))
            self.console.print(Padding(table, (0, 0, 0, 4), expand=False))
        for finding in hand.irregularities:
            self._at(0, f"{self.path}:{finding.at.line}:{finding.at.column}: ",
                     (finding_words(finding), "bold red"), " ", (f"[{finding.rule}]", "cyan"))
            self._at(6, safe_text(finding.explanation))
        for penalty in hand.penalties:
            points = f" ({scores(penalty.points, signed=True)})" if penalty.points else ""
            self._at(4, ("Penalty: ", "yellow"), f"{safe_text(penalty.description)}{points} ",
                     (f"[{penalty.rule}]", "cyan"))
        for pending, answers in with_answers(hand):
            self._at(4, ("Pending: ", "magenta"), f"{named(pending.chooser)} to choose: ",
                     (" | ".join(pending.options), "bold"), " ", (f"[{pending.rule}]", "cyan"))
            self._at(6, safe_text(pending.explanation))
            for answer in answers:
                self._at(6, safe_text(answer))
        next_step = news(hand.next, hand.pending)
        if next_step:
            self._at(4, ("Next: ", "magenta"), safe_text(next_step))
        for note in hand.notes:
            self._at(4, (f"Note: {safe_text(note)}", "dim"))
        pool = pool_words(hand.pool_after)
        self._at(4, "Score: ", scores(seat_order(hand), signed=True), " → ", (scores(hand.score_after), "bold"), pool,
                 (so_far(hand), "yellow"))
        for cause in cause_lines(hand):
            self._at(4, ("Why: ", "dim"), safe_text(cause))
        if hand.recorded is not None:
            given, verdict = recorded_words(hand).split(" — ", 1)
            if hand.recorded.agrees:
                self._at(4, f"Recorded: {given} — ", (verdict, "green"))
            else:
                self._at(0, f"{self.path}:{hand.recorded.line}:1: Recorded: {given} — ", (verdict, "bold red"))

    def end_game(self, game: GameVerdict) -> None:
        self._plain("bold", super().end_game, game)

    def write_error(self, problem: Problem) -> None:
        self.err_console.print(Text(format_problem(self.path, problem), "red"))

    def finish(self, summary: Summary) -> None:
        style = "red" if summary.errors else "yellow" if summary.exit_code else "green"
        self._plain(style, super().finish, summary)


EXPLAIN_STYLES = (("Hand ", "bold"), ("  ! ", "bold red"), ("      Rule ", "cyan"), ("  Penalty: ", "yellow"),
                  ("  Still to choose: ", "magenta"), ("  What happens now: ", "magenta"), ("Final score: ", "bold"))


def show_explanation(text: str, out: TextIO, no_color: bool) -> None:
    """``referee explain`` on a terminal: the same words, with headings and findings in colour.

    A wrapped paragraph keeps the style of its first line.
    """
    screen = _console(out, no_color)
    style = ""
    for line in safe_text(text).splitlines():
        if not line.startswith("        ") or not style:
            style = next((s for prefix, s in EXPLAIN_STYLES if line.startswith(prefix)), "")
        screen.print(Text(line, style), crop=False, overflow="ignore", no_wrap=True)

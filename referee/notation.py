"""Reading transcripts: text → header tags, hands and events, each with its line and column.

The file is read line by line. The usual lines are read by `CommonLines` as the grammar would
read them, in one regular-expression match each (most of an archive's parsing time, saved);
any other line goes to the LALR parser of ``grammars/transcript.lark`` (`grammar`).
Syntax problems become `Problem` values (never exceptions) carrying the line, the column,
the offending text, what was expected in words and a hint. A bad line spoils only its own
hand: the reader carries on, so every broken hand in a file is reported.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import BinaryIO

from . import events as ev
from .cards import Card
from .common_lines import CommonLines
from .usercache import kept

MAX_LINE_CHARS = 4096
"""Longer lines are rejected unparsed: no real transcript line is near this, and it bounds the work."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why (part of) a file could not be used: shown as ``file:line:col: message — hint``."""

    line: int
    column: int
    message: str
    hint: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"line": self.line, "column": self.column, "message": self.message, "hint": self.hint}


_OPEN_TERMINALS = {"NAME", "WHO", "TAG_NAME", "STRING", "INT", "SIGNED_INT", "CARD", "SUIT", "COMMENT"}
"""Terminals that are not reserved words: a name may look like them (a player called S)."""


@lru_cache(maxsize=1)
def _common_lines() -> CommonLines:
    """The shortcut for the usual lines, built from the grammar's own terminals.

    Their patterns are kept in the user cache (`usercache.kept`) under the grammar's text and
    the installed Lark's, so a run whose lines are all usual ones never imports Lark at all.
    """
    patterns: dict[str, str] = kept("grammar-terminals", _grammar_stamp(), _terminal_patterns)
    reserved = "|".join(f"(?:{pattern})" for name, pattern in patterns.items()
                        if name not in _OPEN_TERMINALS and not name.startswith("__"))
    return CommonLines(patterns, reserved)


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """``grammars/transcript.lark``, read once: it stamps the kept terminals and builds the parser."""
    return resources.files("referee.grammars").joinpath("transcript.lark").read_text("utf-8")


def _grammar_stamp() -> str:
    """What the terminals' patterns depend on: the grammar, and Lark's version (in its
    ``__init__.py``, read as text: importing Lark is what this saves)."""
    lark = importlib.util.find_spec("lark")
    return grammar_text() + (Path(lark.origin).read_text("utf-8") if lark is not None and lark.origin else "")


def _terminal_patterns() -> dict[str, str]:
    from .grammar import terminal_patterns

    return terminal_patterns()


def parse_line(text: str, line: int) -> ev.Line | Problem | None:
    """Parse one line: a record, None for a blank or comment-only line, or a `Problem`.

    The usual lines are read by `CommonLines` in one regular-expression match each; every
    other line, and every line with a mistake, goes to the LALR parser (`grammar.parse`).
    """
    if len(text) <= MAX_LINE_CHARS:  # first, as nearly every line is a usual one
        common = _common_lines().read(text, line)
        if common is not None:
            return common
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if len(text) > MAX_LINE_CHARS:
        return Problem(line, MAX_LINE_CHARS + 1, f"line is longer than {MAX_LINE_CHARS:,} characters",
                       f"no transcript line needs more than {MAX_LINE_CHARS:,}; is this the right file?")
    from .grammar import parse

    return parse(text, line)


def trick_line(number: int, plays: Iterable[tuple[str, Card]]) -> str:
    """A trick written the way the grammar reads it (``trick 2: N AH, E 9S``), for generators."""
    return f"trick {number}: " + ", ".join(f"{player} {card.text}" for player, card in plays)


# ---- the reader -------------------------------------------------------------------------

@dataclass(slots=True)
class GameStart:
    """A header: the tag lines of one game."""

    tags: list[ev.Tag]
    at: ev.Span


@dataclass(slots=True)
class HandRecord:
    """One hand: its header line and every following record; `problems` spoil it."""

    header: ev.HandHeader
    lines: list[ev.Line] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass(slots=True)
class FileProblem:
    """A problem outside any hand; `fatal` when it stops the reading of the file."""

    problem: Problem
    fatal: bool = False


Item = GameStart | HandRecord | FileProblem


def read_lines(stream: BinaryIO, first_line: int = 1) -> Iterator[tuple[int, str] | Problem]:
    """Yield (line number, text) from a binary stream, or a `Problem` that ends the file.

    `first_line` is the number of the stream's first line (a part of a file checked apart).
    Each line is read with a size limit, so a file with no newlines cannot fill memory: an
    overlong line is skipped, not loaded, and reported as too long by `parse_line`.
    """
    number = first_line - 1
    limit = MAX_LINE_CHARS * 4
    readline = stream.readline
    while raw := readline(limit + 1):
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = readline(1 << 16)
            yield number, "x" * (MAX_LINE_CHARS + 1)
            continue
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        if b"\x00" in raw:
            yield Problem(number, raw.index(b"\x00") + 1, "this is not a text file (it contains NUL bytes)",
                          "transcripts are UTF-8 text files, usually named *.ttn")
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield Problem(number, error.start + 1, f"this file is not UTF-8 text (byte 0x{raw[error.start]:02x})",
                          "save the transcript as UTF-8 text")
            return
        yield number, text.rstrip("\r\n")


def split_games(stream: BinaryIO, unit_bytes: int) -> Iterator[tuple[int, bytes]]:
    """Cut a file into parts of whole games, about `unit_bytes` each: (first line number, bytes).

    A part starts at a tag line that follows a non-tag line, exactly where `read_transcript`
    starts a new game, so checking the parts one by one gives what checking the file gives.
    The file is read in large blocks and cut with byte searches: this runs in the parent of
    ``--jobs`` workers and must stay cheap. A part holds at least one whole game.
    """
    first, buffer = 1, b""
    while True:
        block = stream.read(max(unit_bytes, 1 << 20))
        buffer += block
        cut = _game_start(buffer, unit_bytes)
        while cut is not None:
            part, buffer = buffer[:cut], buffer[cut:]
            yield first, part
            first += part.count(b"\n")
            cut = _game_start(buffer, unit_bytes)
        if not block:
            break
    if buffer or first == 1:
        yield first, buffer


def _game_start(data: bytes, start: int) -> int | None:
    """The offset of the first line at or after `start` that opens a new game, if any."""
    position = start
    while (found := data.find(b"\n[", max(position - 1, 0))) != -1:
        line_start = found + 1
        previous = _previous_content_line(data, found)
        if previous and not previous.startswith(b"["):
            return line_start
        position = line_start + 1
    return None


def _previous_content_line(data: bytes, end: int) -> bytes:
    """The last line before `end` that is neither blank nor a comment (b"" if none)."""
    while end > 0:
        begin = data.rfind(b"\n", 0, end) + 1
        line = data[begin:end].strip()
        if line and not line.startswith(b"#"):
            return line
        end = begin - 1
    return b""


_BODY_LINES = frozenset({ev.EventLine, ev.DealLine, ev.UpcardLine, ev.RecordedLine, ev.NoteLine, ev.RedealLine})
"""Lines that simply join the hand being read."""


def read_transcript(stream: BinaryIO, first_line: int = 1) -> Iterator[Item]:
    """Group a transcript's lines into game headers and hands, in file order."""
    tags: list[ev.Tag] = []
    header_at: ev.Span | None = None
    in_game = False
    hand: HandRecord | None = None
    orphan_reported = False
    saw_anything = False

    for item in read_lines(stream, first_line):
        if isinstance(item, Problem):
            if hand is not None:
                yield hand
                hand = None
            yield FileProblem(item, fatal=True)
            return
        number, text = item
        parsed = parse_line(text, number)
        if parsed is None:
            continue
        saw_anything = True
        if hand is not None and type(parsed) in _BODY_LINES:  # nearly every line: the checks below are for the rest
            hand.lines.append(parsed)  # type: ignore[arg-type]  # a line of _BODY_LINES, so not a Problem
            continue
        if isinstance(parsed, Problem):
            if hand is not None:
                hand.problems.append(parsed)
            else:
                yield FileProblem(parsed)
            continue
        if isinstance(parsed, ev.Tag):
            if hand is not None:
                yield hand
                hand = None
            if in_game:
                in_game = False
                tags = []
            if not tags:
                header_at = parsed.at
            tags.append(parsed)
            orphan_reported = False
            continue
        if isinstance(parsed, ev.HandHeader):
            if hand is not None:
                yield hand
                hand = None
            if tags and not in_game:
                assert header_at is not None
                yield GameStart(tags, header_at)
                in_game = True
            if not in_game:
                if not orphan_reported:
                    yield FileProblem(Problem(number, 1, "a hand before any game header",
                                              'start the game with tag lines such as [Game "euchre"] and [Players "N E '
                                              'S W"]'))
                    orphan_reported = True
                continue
            hand = HandRecord(parsed)
            continue
        if hand is None:
            if not orphan_reported:
                yield FileProblem(Problem(number, 1, "this line is not inside a hand",
                                          "write 'hand N dealer PLAYER' before the deal, bidding and play"))
                orphan_reported = True
            continue
        hand.lines.append(parsed)

    if hand is not None:
        yield hand
    if tags and not in_game:
        assert header_at is not None
        yield GameStart(tags, header_at)
    if not saw_anything and first_line == 1:
        yield FileProblem(Problem(1, 1, "the file is empty",
                                  'a transcript starts with [Game "..."] and [Players "..."]'))

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
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from . import events as ev
from .cards import Card
from .characters import plain
from .comment import uncommented
from .common_lines import CommonLines
from .handline import looks_like_hand_line, salvaged_header, spoiling_problem
from .inputs import package_text
from .limits import MAX_ERRORS, MAX_HAND_CHARS, SHOWN_NAME, shown
from .linewords import in_own_seats, misspelt_line_word
from .problem import Problem as Problem  # re-exported: everything imports it from here
from .records import field, record
from .shapes import grammar_rules
from .usercache import kept
from .vocabulary import vocabulary

MAX_LINE_CHARS = 4096
"""Longer lines are rejected unparsed: no real transcript line is near this, and it bounds the work."""


_OPEN_TERMINALS = {"NAME", "WHO", "TAG_NAME", "STRING", "INT", "SIGNED_INT", "CARD", "SUIT", "CALL_WORD", "COMMENT"}
"""Terminals that are not reserved words: a name may look like them (a player called S; any word
after `call`)."""

_READ_TERMINALS = _OPEN_TERMINALS - {"COMMENT", "INT"} | {"QUALIFIER", "CONTRACT", "BELLE", "KEEP_WORD"}
"""The terminals `CommonLines` is built from: kept terminals without any of them are made again."""


@lru_cache(maxsize=1)
def _common_lines() -> CommonLines:
    """The shortcut for the usual lines, built from the grammar's own terminals.

    Their patterns are kept in the user cache (`usercache.kept`) under the grammar's text and
    the installed Lark's, so a run whose lines are all usual ones never imports Lark at all.
    """
    patterns: dict[str, str] = kept("grammar-terminals", _grammar_stamp(), _terminal_patterns, _terminals_valid)
    try:
        return _shortcut(patterns)
    except re.error:  # a kept pattern that does not compile: worked out again from the grammar
        return _shortcut(_terminal_patterns())


def _shortcut(patterns: dict[str, str]) -> CommonLines:
    reserved = "|".join(f"(?:{pattern})" for name, pattern in patterns.items()
                        if name not in _OPEN_TERMINALS and not name.startswith("__"))
    return CommonLines(patterns, reserved)


_CAPTURING = re.compile(r"(?<!\\)\((?!\?)")
"""An opening parenthesis that starts a capturing group."""


def _terminals_valid(patterns: object) -> bool:
    """Whether kept terminals have the shape `CommonLines` needs: names to regular expressions
    without capturing groups (which would shift the groups it reads), the ones it reads among
    them; anything else is worked out again. (One that does not compile is caught when
    `CommonLines` compiles it: compiling each here would cost start-up.)"""
    if not isinstance(patterns, dict) or not patterns.keys() >= _READ_TERMINALS:
        return False
    return all(isinstance(name, str) and isinstance(pattern, str) and _CAPTURING.search(pattern) is None
               for name, pattern in patterns.items())


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The whole grammar, made once: ``grammars/transcript.lark``, the events' rules made from
    their declarations (`shapes`) and the games' own words (`vocabulary`). It stamps the kept
    terminals and builds the parser."""
    shared = package_text("referee.grammars", "transcript.lark")
    return f"{shared}\n// ---- made from the events' declarations and the games' words ----\n" \
           f"{grammar_rules()}{vocabulary().grammar()}"


def _grammar_stamp() -> str:
    """What the terminals' patterns depend on: the grammar, and Lark's version (in its
    ``__init__.py``, read as text: importing Lark is what this saves)."""
    lark = importlib.util.find_spec("lark")
    return grammar_text() + (Path(lark.origin).read_text("utf-8") if lark is not None and lark.origin else "")


def _terminal_patterns() -> dict[str, str]:
    from .grammar import terminal_patterns

    return terminal_patterns()


GameWords = Callable[[], "frozenset[str] | None"]
"""The words of the game being read: its event words (`HandReplay.event_words`) with its own
contracts, qualifiers and reasons for a redeal (`Vocabulary.words_of`), or None when it is not known: asked only when
a line has a syntax error, whose message then lists only that game's words."""


def parse_line(text: str, line: int, words: GameWords | None = None) -> ev.Line | Problem | None:
    """Parse one line: a record, None for a blank or comment-only line, or a `Problem`.

    The usual lines are read by `CommonLines` in one regular-expression match each; every
    other line, and every line with a mistake, goes to the LALR parser (`grammar.parse`).
    `words` is asked only to explain a line that does not parse.
    """
    if len(text) <= MAX_LINE_CHARS:  # first, as nearly every line is a usual one
        common = _common_lines().read(text, line)
        if common is not None:
            return common
    return _parse_unusual(text, line, words)


def _parse_unusual(text: str, line: int, words: GameWords | None) -> ev.Line | Problem | None:
    """`parse_line` for a line `CommonLines` did not read (or too long to try)."""
    stripped = text.replace("\ufeff", "").strip()  # a byte-order mark the grammar ignores too (`cat` of two files)
    if not stripped or stripped.startswith("#"):
        return None
    if len(text) > MAX_LINE_CHARS:
        return Problem(line, MAX_LINE_CHARS + 1, f"line is longer than {MAX_LINE_CHARS:,} characters",
                       f"no transcript line needs more than {MAX_LINE_CHARS:,}; is this the right file?")
    from .grammar import parse

    return parse(text, line, words)


def told_as_written(problem: Problem, text: str, players: Sequence[str], tags: Iterable[ev.Tag] = ()) -> Problem:
    """The problem of a refused line as the user wrote it: a line word written wrongly
    (``Trick 1:``) is told as such, not as the event of a player called ``Trick``; the lines its
    hint shows are in the seats of the game's header `tags` (its [Players], and [Partners])."""
    told = misspelt_line_word(text, problem.line, players, _reads) or problem
    return in_own_seats(told, players, next((tag.value for tag in tags if tag.name == "Partners"), None))


def _reads(text: str) -> bool:
    return not isinstance(parse_line(text, 1), Problem)


def trick_line(number: int, plays: Iterable[tuple[str, Card]]) -> str:
    """A trick written the way the grammar reads it (``trick 2: N AH, E 9S``), for generators."""
    return f"trick {number}: " + ", ".join(f"{player} {card.text}" for player, card in plays)


# ---- the reader -------------------------------------------------------------------------

@record
class GameStart:
    """A header: the tag lines of one game."""

    tags: list[ev.Tag]
    at: ev.Span
    problems: list[Problem] = field(default_factory=list)  # lines among and after its tags that cannot be read
    tag_refused: bool = False  # one of them is a tag line: the header as a whole is not known (`header.read_setup`)


@record
class HandRecord:
    """One hand: its header line and every following record; `problems` spoil it."""

    header: ev.HandHeader
    lines: list[ev.Line] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    overflowed: bool = False  # past `MAX_HAND_CHARS`: spoilt, and nothing more of it kept
    followed: bool = False  # a `hand` line of the same game comes next: the table has moved on

    def dealt_first(self) -> HandRecord:
        """The hand read in the order things happened at the table, however its lines are written.

        Its deal lines come before every other line, keeping their order: a transcript may write the
        hands after the play, as they were shown at the end. An upcard line written after the bidding
        or play began is read just before its first event (a line holding other events before it is
        read in two): the card was turned before anyone spoke. An upcard line written before that
        stays where it is, after whatever the table did about the deal first (a wrong deal let
        stand, a card exposed). Lines after a `redeal` stay where they are (they belong to no deal
        of this hand, and are found so)."""
        end = next((i for i, line in enumerate(self.lines) if type(line) is ev.RedealLine), len(self.lines))
        deals = [line for line in self.lines[:end] if type(line) is ev.DealLine]
        rest = [line for line in self.lines[:end] if type(line) is not ev.DealLine]
        begun = next((i for i, line in enumerate(rest) if isinstance(line, ev.EventLine)
                      and any(type(event) in _TURN_SEEN for event in line.events)), len(rest))
        late = [line for line in rest[begun:] if type(line) is ev.UpcardLine]
        if late:
            first = rest[begun]
            assert isinstance(first, ev.EventLine)  # the line `begun` found
            after = [line for line in rest[begun + 1:] if type(line) is not ev.UpcardLine]
            rest = rest[:begun] + _turned_before(first, late) + after
        return HandRecord(self.header, deals + rest + self.lines[end:], self.problems, self.overflowed, self.followed)


_TURN_SEEN = frozenset({ev.Play, ev.Pass, ev.Order, ev.Bid, ev.Discard, ev.Alone, ev.NameSuit, ev.Sell, ev.Refuse,
                        ev.Pitch, ev.Demand, ev.Keep, ev.ClaimRest, ev.Concede, ev.Spread})
"""The events of the bidding and the play, and the claims, concessions and hands laid down that may
end it before its first card (whist's, W69), all of which come after the card turned at the deal."""


def _turned_before(line: ev.EventLine, upcards: Sequence[ev.Line]) -> list[ev.Line]:
    """`line` with the `upcards` read before its first event of the bidding or play (`_TURN_SEEN`);
    the label stays with that event's part, which holds the line's first card."""
    cut = next(i for i, event in enumerate(line.events) if type(event) in _TURN_SEEN)
    if not cut:
        return [*upcards, line]
    return [ev.EventLine(None, line.events[:cut], line.at), *upcards,
            ev.EventLine(line.trick, line.events[cut:], line.at)]


@record
class FileProblem:
    """A problem outside any hand; `fatal` when it stops the reading of the file."""

    problem: Problem
    fatal: bool = False
    tag_line: bool = False  # the problem of a tag line (`GameStart.tag_refused`)


Item = GameStart | HandRecord | FileProblem


_BLOCK = 1 << 14
"""Bytes `read_lines` asks for at a time on its usual path."""
_BOM = b"\xef\xbb\xbf"


@record
class BadLine:
    """A line that is not UTF-8 text, or holds a NUL byte: `read_lines` goes on past it.

    A stray byte in an archive (a Latin-1 letter typed into a note, a NUL left by a damaged
    copy) spoils only the hand or the header holding it, as any line the grammar refuses does.
    In a file none of whose lines has been read as the notation yet, the same line means the
    file is not a transcript at all (an image, a Latin-1 file, a binary file): `read_transcript`
    then tells `file_problem` and stops, rather than listing a problem a line.
    """

    line: int
    column: int
    byte: int  # the offending byte (0 for a NUL)
    raw: bytes  # the line as read, its line end included

    @property
    def text(self) -> str:
        """The line as far as it reads, for `looks_like_hand_line`: a bad hand line still starts its hand."""
        return self.raw.decode("utf-8", "replace").rstrip("\r\n")

    def problem(self) -> Problem:
        at = self.column - 1
        start = 0 if at <= 40 else at - 30  # the line from its start, or the 30 bytes before the byte
        near = self.raw[start:at + 20].decode("utf-8", "backslashreplace").replace("\x00", "\\x00").rstrip("\r\n")
        shown = near if start == 0 else "…" + near
        if self.byte == 0:
            return Problem(self.line, self.column, f"a NUL byte in the line, which is not text: '{shown}'",
                           "remove it (a damaged copy, or a binary file joined to the transcript?); only the "
                           "hand or header holding this line is left out")
        return Problem(self.line, self.column, f"this line is not UTF-8 text (byte 0x{self.byte:02x}): '{shown}'",
                       f"save the transcript as UTF-8 text{self._windows()}; only the hand or header holding "
                       "this line is left out")

    def file_problem(self) -> Problem:
        if self.byte == 0:
            return _not_text(self.line, self.column)
        return Problem(self.line, self.column, f"this file is not UTF-8 text (byte 0x{self.byte:02x})",
                       f"save the transcript as UTF-8 text{self._windows()}")

    def _windows(self) -> str:
        """What the line says in the Windows code page a club's older PC saves in (Latin-1 and its
        superset cp1252: ``café``, curly quotes), so the writer sees which letter is meant and
        which encoding to leave; "" when the bytes are not that either."""
        try:
            text = self.raw.decode("cp1252").rstrip("\r\n")
        except UnicodeDecodeError:
            return ""
        if not text.isprintable() or not all(char.isalpha() or char in _TYPOGRAPHIC for char in text if char > "~"):
            return ""  # not text in that code page either (an image's first bytes)
        return (f" (it looks like Windows or Latin-1 text, where it reads '{shown(text.strip(), SHOWN_NAME)}': "
                "in Notepad, Save As, Encoding UTF-8)")


_TYPOGRAPHIC = frozenset("“”‘’„–—…«»€£°·")
"""Characters other than letters that a Windows or Latin-1 text commonly holds."""


Lines = Iterator["tuple[int, str] | BadLine | Problem"]
"""What `read_lines` gives: (line number, text), a `BadLine`, or a `Problem` after which nothing
more can be read (a UTF-16 file, a run of binary with no line end)."""


def read_lines(stream: BinaryIO, first_line: int = 1) -> Lines:
    """Yield (line number, text) from a binary stream, a `BadLine` for a line that is not text,
    or a `Problem` that ends the file.

    `first_line` is the number of the stream's first line (a part of a file checked apart).
    Each line is read with a size limit, so a file with no newlines cannot fill memory: an
    overlong line is skipped, not loaded, and reported as too long by `parse_line`. A byte order
    mark opening a line is dropped, whichever line it opens: ``cat a.ttn b.ttn`` puts the one
    b.ttn was saved with at the start of a line in the middle of the file.

    The lines are read a block at a time, each block's whole lines checked, decoded and split
    at once: reading, checking and decoding a line apiece was 3,400 instructions a line, a
    sixth of a euchre hand's reading. A block holding anything unusual (a NUL byte, a line too
    long, bytes that are not UTF-8) is read by `_read_lines_slowly`, which says what is wrong
    exactly where, and the blocks after it on the usual path again. A stream that only reads
    lines (`fmt` feeds the checker so, a line at a time) is read by it from the start.
    """
    given = getattr(stream, "numbered_lines", None)  # lines read already (fmt's): given as they were
    if given is not None:
        yield from given()
        return
    read = getattr(stream, "read1", None)  # what is there already: a pipe's lines are not held back
    if read is None:
        yield from _read_lines_slowly(stream, first_line)
        return
    number = first_line - 1
    pending = b""  # a line begun in the last block
    while block := read(_BLOCK):
        data = pending + block if pending else block
        cut = data.rfind(b"\n") + 1
        if not cut:
            if len(data) <= MAX_LINE_CHARS * 4:  # no line ends here yet
                pending = data
                continue
            yield from _read_lines_slowly(_ReadAhead(data, stream), number + 1)  # a line too long to hold
            return
        whole, pending = data[:cut], data[cut:]
        lines = _usual_lines(whole)
        if lines is None:  # its lines one at a time, then the next block on the usual path
            for item in _read_lines_slowly(io.BytesIO(whole), number + 1):
                if isinstance(item, Problem):
                    yield item
                    return
                number += 1
                yield item
            continue
        for line in lines:
            number += 1
            yield number, line
    if pending:
        yield from _read_lines_slowly(_ReadAhead(pending, stream), number + 1)


def _usual_lines(whole: bytes) -> list[str] | None:
    """The lines of a block of whole lines, or None when one may be unusual: a NUL byte, bytes
    that are not UTF-8, a line perhaps too long."""
    if 0 in whole:
        return None
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    lines.pop()  # after the last line end
    if len(text) >= MAX_LINE_CHARS and max(map(len, lines)) >= MAX_LINE_CHARS:
        return None
    if "\r" in text:
        lines = [line.rstrip("\r") for line in lines]
    if "\ufeff" in text:
        lines = [line[1:] if line.startswith("\ufeff") else line for line in lines]
    return lines


class _ReadAhead:
    """The bytes `read_lines` read ahead and has not given as lines, then the rest of the stream,
    a line at a time for `_read_lines_slowly`."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self.head = io.BytesIO(head)
        self.stream = stream

    def readline(self, size: int) -> bytes:
        line = self.head.readline(size)
        if len(line) < size and not line.endswith(b"\n"):
            line += self.stream.readline(size - len(line))
        return line


def _read_lines_slowly(stream: BinaryIO | _ReadAhead, first_line: int) -> Lines:
    """`read_lines` a line at a time, checking each line as it is read."""
    number = first_line - 1
    limit = MAX_LINE_CHARS * 4
    readline = stream.readline
    while raw := readline(limit + 1):
        number += 1
        # before anything else: a stream of NULs (/dev/zero) has no line end. The NUL byte is
        # looked for as the int 0: `b"\x00" in raw` first tries the bytes as an int, raising and
        # clearing a TypeError on every line (2% of all the work of checking a euchre hand).
        if 0 in raw:
            if number == 1 and raw[:2] in _UTF16_BOMS:
                yield _utf16()
                return
            if len(raw) > limit and not raw.endswith(b"\n"):  # binary, with no line end in sight
                yield _not_text(number, raw.index(0) + 1)
                return
            raw = raw.removeprefix(_BOM)
            yield BadLine(number, raw.index(0) + 1, 0, raw)
            continue
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = readline(1 << 16)
                if 0 in raw:
                    yield _not_text(number, 1)
                    return
            yield number, "x" * (MAX_LINE_CHARS + 1)
            continue
        raw = raw.removeprefix(_BOM)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield BadLine(number, error.start + 1, raw[error.start], raw)
            continue
        yield number, text.rstrip("\r\n")


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
"""How a UTF-16 file starts (Windows Notepad's "Unicode"): its NUL bytes are half its letters."""


def _utf16() -> Problem:
    return Problem(1, 1, "this file is UTF-16 text, not UTF-8", "save the transcript as UTF-8 text (in Notepad: "
                   "Save As, Encoding UTF-8)")


def _not_text(line: int, column: int) -> Problem:
    return Problem(line, column, "this is not a text file (it contains NUL bytes)",
                   "transcripts are UTF-8 text files, usually named *.ttn")


def split_games(stream: BinaryIO, unit_bytes: int, most_bytes: int | None = None) -> Iterator[tuple[int, bytes | None]]:
    """Cut a file into parts of whole games, about `unit_bytes` each: (first line number, bytes).

    A part starts at a tag line that follows a non-tag line, exactly where `read_transcript`
    starts a new game, so checking the parts one by one gives what checking the file gives.
    The file is read in large blocks and cut with byte searches: this runs in the parent of
    ``--jobs`` workers and must stay cheap. A part holds at least one whole game.

    When no game starts within `most_bytes` (one huge game, or a file that is not a transcript
    at all), the last part is ``(first line, None)``: the rest of the stream, from where the
    previous part ended, is to be read as a stream, not held as one part.
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
        if most_bytes is not None and len(buffer) > most_bytes:
            yield first, None
            return
    if buffer or first == 1:
        yield first, buffer


def _game_start(data: bytes, start: int) -> int | None:
    """The offset of the first line at or after `start` where `read_transcript` opens a new game,
    if any: a tag line (indented, or after a byte-order mark, as `read_lines` and the grammar
    allow), or a line that cannot be read but opens as one (`_opens_tag`), with a hand begun since
    the tag line before it. A tag line after nothing but tags, broken lines and notes still belongs
    to the header above it, so a part cut there would read differently; a game whose hand lines are
    all misspelt is simply not cut before (a larger part, never a different reading)."""
    for opening in _TAG_OPENING.finditer(data, max(start, 1)):
        line_start = opening.start()
        if _opens_game(data, line_start) and _HAND_LINE.search(data, _tag_before(data, line_start), line_start):
            return line_start
    return None


_TAG_OPENING = re.compile(rb"^(?:[ \t]|\xef\xbb\xbf)*(?:\[|\xef\xbc\xbb)", re.MULTILINE)
"""A line that begins as every tag line begins: a ``[`` (or a full-width one, `_opens_tag`) after
blanks or a byte-order mark."""

_HAND_LINE = re.compile(rb"^[ \t]*hand[ \t]", re.IGNORECASE | re.MULTILINE)
"""A line that begins a hand, as every hand line and every spoilt one written with the word begins."""


def _tag_before(data: bytes, line_start: int) -> int:
    """Where the last line opened like a tag line before `line_start` starts (0 if none): found
    with a byte search for the usual ``[`` opening a line, then among the lines after it."""
    after = data.rfind(b"\n[", 0, line_start - 1) + 1
    return max((other.start() for other in _TAG_OPENING.finditer(data, after, line_start)), default=after)


def _opens_game(data: bytes, start: int) -> bool:
    """Whether the whole line at `start` opens a game as `read_transcript` reads it after a hand:
    a tag, or a line that cannot be read but opens as one (a line not yet ended is not judged)."""
    end = data.find(b"\n", start)
    if end == -1:
        return False
    try:
        text = data[start:end].decode("utf-8").rstrip("\r").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return False
    parsed = parse_line(text, 1)
    return isinstance(parsed, ev.Tag) or (isinstance(parsed, Problem) and _opens_tag(text))


def _overflow(hand: HandRecord, line: int) -> bool:
    """A hand past `MAX_HAND_CHARS`: it is spoiled once, with a problem at the line where it
    overflowed, and nothing more of it is kept (no real hand comes near the limit)."""
    if not hand.overflowed:
        hand.overflowed = True
        hand.lines = []
        number = f" {hand.header.number}" if hand.header.number is not None else ""
        hand.problems = [Problem(line, 1, f"hand{number} holds more than {MAX_HAND_CHARS:,} characters; "
                                          "the rest of it is not read",
                                 "no real hand comes near this: is a 'hand' line missing, or is this the right file?")]
    return True


_BODY_LINES = frozenset({ev.EventLine, ev.DealLine, ev.UpcardLine, ev.RecordedLine, ev.NoteLine, ev.RedealLine})
"""Lines that simply join the hand being read."""


def read_transcript(stream: BinaryIO, first_line: int = 1, words: GameWords | None = None) -> Iterator[Item]:
    """Group a transcript's lines into game headers and hands, in file order. `words` tells the
    syntax errors the words of the game being read (the checker knows it once it has taken the
    `GameStart`, before the lines of the game's hands are read); a line met while a header is
    gathered, or before its game's first hand, is told with every game's words, whatever game
    came before, so that a part of a file (``--jobs``) reads as the whole file does.

    Problems come in the order of their lines: one met while a header is still being gathered is
    held in its `GameStart.problems`, for the checker to tell in line order with the problems of
    its tags. (The notice that `MAX_ERRORS` is reached is told when it is reached, ahead of the
    problems of the hand being read: it is about the listing, and must be within it.)"""
    tags: list[ev.Tag] = []
    header_at: ev.Span | None = None
    players: list[str] = []  # the game's [Players], so that a player's broken line is never taken for a hand line
    in_game = False
    hand: HandRecord | None = None
    held: list[FileProblem] = []  # problems met while the open header is gathered, told with it
    orphan_reported = False
    refused_first = False  # the header being gathered opened with a tag line that cannot be read
    saw_anything = False
    commented = False  # a comment line was met: a file of nothing else is not called empty
    texty = first_line > 1  # a line was read as the notation: a line that is not text no longer ends the file
    problems = 0  # lines the grammar refused; past `MAX_ERRORS` most lines are no longer read
    size, overflowing = 0, False  # the current hand's characters, and whether it is past `MAX_HAND_CHARS`
    read_usual = _common_lines().read  # `parse_line`'s first step, called here: this is the hot loop

    for item in read_lines(stream, first_line):
        if isinstance(item, tuple):
            number, text = item
            if (overflowing or (problems >= MAX_ERRORS and (hand is None or hand.problems))) \
                    and text.lstrip(" \t")[:1] not in ("h", "H", "["):
                continue  # a spoilt hand, or a file past its problems: only a new hand or game is looked for
            parsed: ev.Line | Problem | None = read_usual(text, number) if len(text) <= MAX_LINE_CHARS else None
            if parsed is None:
                parsed = _parse_unusual(text, number, words if in_game else None)  # a header's game: not yet known
                if parsed is None:
                    if not saw_anything and text.strip():
                        commented = True
                    continue
        elif isinstance(item, BadLine) and texty:  # a line that is not text, in a transcript: a problem of its own
            if overflowing or (problems >= MAX_ERRORS and (hand is None or hand.problems)):
                continue
            number, text, parsed = item.line, item.text, item.problem()
        else:  # nothing more can be read
            if hand is not None:
                yield hand
                hand = None
            yield from held  # a header cut short: its tags are not played under, its problems are told
            yield FileProblem(item if isinstance(item, Problem) else item.file_problem(), fatal=True)
            return
        saw_anything = True
        if hand is not None and type(parsed) in _BODY_LINES:  # nearly every line: the checks below are for the rest
            size += len(text)  # a local count, not the record's: this is the hot loop
            if size <= MAX_HAND_CHARS:
                hand.lines.append(parsed)  # type: ignore[arg-type]  # a line of _BODY_LINES, so not a Problem
            else:
                overflowing = _overflow(hand, number)
            continue
        spoiled_by: Problem | None = None
        if isinstance(parsed, Problem) and looks_like_hand_line(text, players):
            # a hand line written wrongly starts a hand of its own, spoiled, rather than spoiling the one before
            problems += 1
            spoiled_by = parsed if isinstance(item, BadLine) else spoiling_problem(text, parsed, players)
            parsed = salvaged_header(text, number, players)
            if problems == MAX_ERRORS:
                yield _too_many(number)
        if isinstance(parsed, Problem):
            problems += 1
            if not isinstance(item, BadLine):
                parsed = told_as_written(parsed, text, players, tags)
            opens_game = (hand is not None or in_game or not tags) and _opens_tag(text)
            if opens_game:  # a tag line cannot be read: it is the next game's, as a tag line read would be
                if hand is not None:
                    yield hand
                    hand = None
                in_game, tags, header_at, refused_first = False, [], ev.Span(number, 1), True
                players, orphan_reported = [], False  # as a tag opening a game: a part cut here reads the same
            if hand is not None:
                size += len(text)
                if size <= MAX_HAND_CHARS:
                    hand.problems.append(parsed)
                else:
                    overflowing = _overflow(hand, number)
            elif (tags or refused_first) and not in_game:
                held.append(FileProblem(parsed, tag_line=opens_game or _tag_like(text)))
            else:
                yield FileProblem(parsed)
            if problems == MAX_ERRORS:
                yield _too_many(number)
            continue
        texty = True
        if isinstance(parsed, ev.Tag):
            if hand is not None:
                yield hand
                hand = None
            if in_game:
                in_game = False
                tags = []
            if not tags:
                header_at, players = parsed.at, []
            if parsed.name == "Players":
                players = parsed.value.split()
            tags.append(parsed)
            orphan_reported = False
            continue
        if isinstance(parsed, ev.HandHeader):
            if hand is not None:
                hand.followed = True
                yield hand
                hand = None
            if (tags or refused_first) and not in_game:
                assert header_at is not None
                yield _header(tags, header_at, held)
                in_game, refused_first = True, False
            if not in_game:
                if not orphan_reported:
                    yield FileProblem(Problem(number, 1, f"a hand before any game header: {_quoted(text)}",
                                              'start the game with tag lines such as [Game "euchre"] and [Players "N E '
                                              'S W"]'))
                    orphan_reported = True
                continue
            hand = HandRecord(parsed, problems=[spoiled_by] if spoiled_by is not None else [])
            size, overflowing = 0, False
            continue
        if hand is None:
            if not orphan_reported:
                orphan = FileProblem(Problem(number, 1, f"this line is not inside a hand: {_quoted(text)}",
                                             "write 'hand N dealer PLAYER' before the deal, bidding and play"))
                if tags and not in_game:
                    held.append(orphan)
                else:
                    yield orphan
                orphan_reported = True
            continue
        hand.lines.append(parsed)

    if hand is not None:
        yield hand
    if (tags or refused_first) and not in_game:
        assert header_at is not None
        yield _header(tags, header_at, held)
    if not saw_anything and first_line == 1:
        yield FileProblem(Problem(1, 1, "the file holds only comments" if commented else "the file is empty",
                                  'a transcript starts with [Game "..."] and [Players "..."]'))


def _opens_tag(text: str) -> bool:
    """Whether a line that cannot be read opens as a tag line of some game does (``[Game euchre]``,
    ``[Players “N E S W”]``, or typed with a full-width keyboard's bracket and letters): it starts a
    game as that tag line read would, rather than spoiling the hand before it. Any other line
    opened with ``[`` stays a problem of the hand it is in, and so does an indented one (a
    byte-order mark is no indent: `read_lines` drops it). `split_games` cuts a file for ``--jobs``
    at such a line as at a tag line (`_opens_game` asks this function), so that it cuts none
    between this line and the tags after it."""
    opening = re.match(r"[\[\uff3b]\s*([A-Za-z\uff21-\uff3a\uff41-\uff5a]+)", text)
    if opening is None:
        return False
    name = plain(opening.group(1)).lower()  # read as its writer meant it: full-width letters are letters
    return any(tag.lower() == name for tag in ev.SHARED_TAGS.union(*vocabulary().tags.values()))


def _tag_like(text: str) -> bool:
    """Whether a line of a header that cannot be read was meant for a tag line: it opens or
    closes like one (``Players "A B C D"]``, a full-width bracket too: `plain`), so the header is not
    judged as if it had no such tag."""
    stripped = plain(uncommented(text)).strip()
    return stripped.startswith("[") or stripped.endswith("]")


def _quoted(text: str) -> str:
    """A line an error is about, as it quotes it: without its comment, kept short (`shown`)."""
    return f"'{shown(uncommented(text).strip(), SHOWN_NAME)}'"


def _header(tags: list[ev.Tag], at: ev.Span, held: list[FileProblem]) -> GameStart:
    """The header, with the problems of the lines among and after its tags (emptying `held`)."""
    start = GameStart(tags, at, [p.problem for p in held], any(p.tag_line for p in held))
    held.clear()
    return start


def _too_many(line: int) -> FileProblem:
    return FileProblem(Problem(line, 1, f"{MAX_ERRORS:,} lines could not be read so far: from here on, only hands "
                               "that read cleanly are read, and each hand or game start", "is this the right file?"))


def more_problems(count: int) -> Problem:
    """The last problem listed for a file with more than `MAX_ERRORS`: how many more there are."""
    return Problem(0, 0, f"… and {count:,} more problems in this file, not listed",
                   f"only the first {MAX_ERRORS:,} problems of a file are listed")

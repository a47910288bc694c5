"""``referee fmt``: a transcript rewritten in canonical form, comments kept, verdict unchanged.

Canonical form:

- header tags in the order of notation.md §2.1 (unknown tags, which are errors anyway, last);
- card spelling ``AS TH 9C`` (rank letter or digit, suit letter), suits named as words;
- one trick per line, labelled ``trick N:``, starting with the card that led it; what happens
  between tricks (a card taken back, a penalty chosen) on a line of its own; a second card
  given to a completed trick keeps the line its label gives it (``trick 4: B 5H``, notation.md
  §2.4); the bidding keeps the lines its writer gave it;
- events separated by ``", "``; no blank lines except one before each hand and each new game.

Comments are not part of the grammar, so they are read from the raw lines: a comment on a
line of its own stays in front of the line it preceded; a comment after a line stays after
it (when lines are joined into one trick, their comments go in front of the joined line).

Which cards make up a trick is the referee's business, not the grammar's: the tricks come
from the verdict on the original text, so a label is only ever written where the replay
agrees with it, and labels written by hand are kept exactly, right or wrong.

The file is formatted as it is checked, hand by hand (`format_stream`): a file of any size
costs the memory of one hand, like ``referee check``. A file ``check`` cannot use (exit 2) is
not formatted: `FormatError` carries the very problems ``check`` lists, in its order, so that an
empty file, a file of comments or a hand with no header is refused by both alike.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

from ..check import Checker
from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation import events as ev
from ..notation.comment import comment_start
from ..notation.limits import MAX_ERRORS, MAX_FMT_HELD
from ..notation.reader import GameStart, HandRecord, Lines, Problem, more_problems, parse_line, read_lines
from ..notation.shapes import write
from .story import HandStory

TAG_ORDER = ("Game", "Players", "Partners", "Rules", "Score", "Pool", "Belle", *ev.INFO_TAGS)


class FormatError(ValueError):
    """The transcript cannot be used (``check`` would exit 2, with these problems); it is not rewritten."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} line(s) cannot be read")
        self.problems = problems


# ---- canonical text of one record --------------------------------------------------------

def event_text(event: ev.Event) -> str:
    """The event as the transcript writes it, canonically (made from its declaration: `shapes`)."""
    return write(event)


def record_text(record: ev.Line) -> str:
    match record:
        case ev.Tag():
            return f'[{record.name} "{record.value}"]'
        case ev.HandHeader():
            number = f" {record.number}" if record.number is not None else ""
            dealer = f" dealer {record.dealer}" if record.dealer is not None else ""
            return f"hand{number}{dealer}"
        case ev.DealLine():
            return f"deal {record.player}:" + "".join(f" {c}" for c in record.cards)
        case ev.UpcardLine():
            return f"upcard {record.card}"
        case ev.RecordedLine():
            return "recorded " + ", ".join(f"{who} {amount:+d}" if amount else f"{who} 0"
                                            for who, amount, _ in record.changes)
        case ev.NoteLine():
            return f'note "{record.text}"'
        case ev.RedealLine():
            return "redeal" + (f" {record.reason}" if record.reason else "")
        case ev.EventLine():
            label = f"trick {record.trick}: " if record.trick is not None else ""
            return label + ", ".join(event_text(e) for e in record.events)
    raise AssertionError(f"no canonical text for {record!r}")


def comment_of(text: str) -> str | None:
    """The ``# …`` part of a raw line, if any (a ``#`` inside a quoted value is not a comment)."""
    start = comment_start(text)
    return text[start:].rstrip() if start >= 0 else None


# ---- the file as source lines ---------------------------------------------------------------

@dataclass(slots=True)
class _Source:
    """A line that holds a record, with the comment lines just before it and its own comment."""

    record: ev.Line
    before: list[str] = field(default_factory=list)
    after: str | None = None


@dataclass(slots=True)
class _Out:
    """A line of the result being built: its text and its comments, in the order written.

    A comment that came after the last line joined here stays after it; any other comment goes
    in front, so no comment ends up beside a line it was not written beside.
    """

    text: str
    comments: list[tuple[str, bool]] = field(default_factory=list)  # (comment, written after its line)

    def add(self, source: _Source) -> None:
        self.comments += [(c, False) for c in source.before]
        if source.after is not None:
            self.comments.append((source.after, True))

    def lines(self) -> list[str]:
        if self.comments and self.comments[-1][1]:
            *front, (tail, _) = self.comments
            return [c for c, _ in front] + [f"{self.text}  {tail}"]
        return [c for c, _ in self.comments] + [self.text]


def _line(source: _Source) -> _Out:
    out = _Out(record_text(source.record))
    out.add(source)
    return out


# ---- formatting, block by block ------------------------------------------------------------

Emit = Callable[[str, list[str]], None]
"""Receives the formatted file piece by piece: the text as written, and the lines that replace it."""


def format_text(text: str, rules: str | None = None) -> str:
    """`text` in canonical form; raises `FormatError` when some line cannot be read.

    `rules` are the house rules the file is checked under (``referee check --rules``): they
    can change the replay, and so which cards form each trick.
    """
    out: list[str] = []
    format_stream(io.BytesIO(text.encode("utf-8")), lambda _, lines: out.extend(lines), rules)
    return "".join(line + "\n" for line in out)


def format_stream(stream: BinaryIO, emit: Emit, rules: str | None = None) -> None:
    """Format a transcript read from `stream` hand by hand, telling `emit` each piece as soon as
    its verdict is known; raises `FormatError` at the end when ``check`` could not use the file
    (what was emitted is then to be thrown away).

    The checker reads the file's lines from `_Formatting`, which formats as it hands them on:
    when the checker asks for a line, every hand before the one it is reading has been decided,
    so memory holds one hand, not the file.
    """
    formatting = _Formatting(stream, emit)
    sink = _TrickSink(formatting.tricks)
    Checker(sink, rules).check_stream(formatting)  # type: ignore[arg-type]  # read_lines takes its numbered_lines
    formatting.finish(sink.problems())


_Tricks = tuple[dict[ev.Span, int], dict[ev.Span, int]]
"""Each play's trick, and the plays that led a trick, for one hand (from its verdict)."""
_NONE: _Tricks = ({}, {})


def _hand_tricks(hand: HandStory) -> _Tricks:
    found = hand.trick_of_play()
    leads: dict[ev.Span, int] = {}
    firsts = {t.number: t.plays[0] for t in hand.verdict.tricks}
    for _, event in hand.events():
        if isinstance(event, ev.Play) and event.at in found:
            number = found[event.at]
            if firsts.get(number) == (event.player, event.card.text):
                leads[event.at] = number
    return found, leads


class _TrickSink:
    """The checker's sink: keeps the tricks of each hand decided, by its ``hand`` line, until
    formatted, and the problems ``check`` would list (as its `Collector` lists them)."""

    def __init__(self, tricks: dict[int, _Tricks]) -> None:
        self.tricks = tricks
        self.errors: list[Problem] = []
        self.hidden = 0

    def hand(self, verdict: HandVerdict, record: HandRecord) -> None:
        self.tricks[record.header.at.line] = _hand_tricks(HandStory(record, verdict))

    def error(self, problem: Problem, line: int) -> None:
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(problem)
        else:
            self.hidden += 1

    def problems(self) -> list[Problem]:
        return self.errors + [more_problems(self.hidden)] if self.hidden else self.errors

    def begin_file(self, path: str) -> None: ...
    def begin_game(self, game: GameVerdict, header: GameStart) -> None: ...
    def end_game(self, game: GameVerdict) -> None: ...
    def end_file(self) -> None: ...
    def finish(self, summary: Summary) -> None: ...


class _Recorder:
    """The input, keeping the bytes read since the last piece emitted: the text that piece replaces."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.kept = bytearray()
        self.offset = 0  # bytes read in all
        self.keep = True

    def readline(self, size: int = -1) -> bytes:
        data = self.stream.readline(size)
        self.offset += len(data)
        if 0 < size <= len(data) and not data.endswith(b"\n"):
            self.keep = False  # a line too long to read: a problem, so nothing will be emitted
            self.kept.clear()
        if self.keep:
            self.kept += data
        return data

    def cut(self, offset: int) -> str:
        """The text read up to `offset` (from the last cut)."""
        size = offset - (self.offset - len(self.kept))
        text = self.kept[:size].decode("utf-8")
        del self.kept[:size]
        return text


class _Formatting:
    """Reads the file's lines for the checker (`numbered_lines`) and formats it block by block as it goes.

    A block is a header (its run of tags), a hand (its ``hand`` line and everything up to the
    next hand or header) or lines outside any hand. A hand is formatted once the checker has
    decided it; lines that no verdict can concern (outside hands) are formatted at once. (A hand
    past `MAX_HAND_CHARS` is one the checker cannot use: the file is then not formatted.)
    """

    def __init__(self, stream: BinaryIO, emit: Emit) -> None:
        self.recorder = _Recorder(stream)
        self.emit = emit
        self.tricks: dict[int, _Tricks] = {}  # filled by the checker's sink
        self.failed = False  # nothing will be written: the lines are only handed on to the checker
        self.too_long: Problem | None = None  # a block past `MAX_FMT_HELD`: fmt's own problem, not check's
        self.pending: list[str] = []  # comment lines waiting for the next record
        self.block: list[_Source] = []
        self.kind = ""  # the open block's: tags, hand or loose
        self.trickless = True  # the open block gets no tricks: formatted as it comes
        self.end = 0  # the offset just after the block's last record line
        self.ready: list[tuple[list[_Source], int, int | None]] = []  # (block, end, hand line) to format
        self.written = False

    # -- the checker's side

    def numbered_lines(self) -> Lines:
        """The file's lines for the checker, as `read_lines` gives them (the checker reads them
        through it), each taken for formatting as it goes by."""
        lines = read_lines(self.recorder)  # type: ignore[arg-type]  # it only calls readline
        while True:
            if not self.failed:
                self._format_ready()  # the checker has decided every hand before the line it asks for
            item = next(lines, None)
            if item is None:
                return
            if not self.failed:
                if not isinstance(item, tuple):  # a line that is not text: check tells it
                    self._fail()
                else:
                    self._take(*item)
                    if len(self.recorder.kept) > MAX_FMT_HELD:
                        self.too_long = Problem(item[0], 1, f"fmt would have to hold more than {MAX_FMT_HELD >> 20} MB "
                                                "of this file at once (a hand, a header or a run of comments and blank "
                                                "lines)", "no transcript comes near this; is this the right file?")
                        self._fail()
            yield item

    def finish(self, problems: list[Problem]) -> None:
        """After the checker, given the problems it found: the last blocks and the comments after
        the last record; or, when the file cannot be used, the problems (check's, and fmt's own)."""
        if self.too_long is not None:
            at = next((i for i, problem in enumerate(problems) if problem.line > self.too_long.line), len(problems))
            problems = [*problems[:at], self.too_long, *problems[at:]]
        if problems or self.failed:  # failed without a problem of check's cannot be: never write a part of the file
            raise FormatError(problems)
        self._format_ready()
        if self.block:
            hand = self.block[0].record.at.line if self.kind == "hand" and not self.trickless else None
            self._format(self.block, self.end, self.tricks.pop(hand, _NONE) if hand is not None else _NONE)
        if self.pending or self.recorder.offset > self.end:
            self.emit(self.recorder.cut(self.recorder.offset), self.pending)

    # -- the formatter's side

    def _fail(self) -> None:
        """Stop formatting: a line check refuses was met, so nothing will be written."""
        self.failed = True
        self.recorder.keep = False
        self.recorder.kept.clear()
        self.block, self.ready, self.pending = [], [], []

    def _take(self, number: int, text: str) -> None:
        parsed = parse_line(text, number)
        comment = comment_of(text)
        if isinstance(parsed, Problem):  # check tells it (in its own words, as a hand line or not)
            self._fail()
            return
        if parsed is None:
            if comment is not None:
                self.pending.append(comment)
            return
        if isinstance(parsed, ev.HandHeader) or (isinstance(parsed, ev.Tag) != (self.kind == "tags")):
            self._cut("hand" if isinstance(parsed, ev.HandHeader) else "tags" if isinstance(parsed, ev.Tag)
                      else "loose")
        self.block.append(_Source(parsed, self.pending, comment))
        self.pending = []
        self.end = self.recorder.offset
        if self.trickless and self.kind != "tags":
            self._format_ready()  # only the header this line ended can be waiting: it needs no verdict
            self._format(self.block, self.end, _NONE)
            self.block = []

    def _format_ready(self) -> None:
        for block, end, hand in self.ready:
            self._format(block, end, self.tricks.pop(hand, _NONE) if hand is not None else _NONE)
        self.ready = []

    def _cut(self, kind: str) -> None:
        if self.block:
            hand = self.block[0].record.at.line if self.kind == "hand" and not self.trickless else None
            self.ready.append((self.block, self.end, hand))
        self.block, self.kind, self.trickless = [], kind, kind == "loose"

    def _format(self, sources: list[_Source], end: int, tricks: _Tricks) -> None:
        """Emit one block (or, for a block without tricks, its records so far) in canonical form."""
        out: list[str] = []
        i = 0
        while i < len(sources):
            source = sources[i]
            if isinstance(source.record, ev.Tag):
                j = i
                while j < len(sources) and isinstance(sources[j].record, ev.Tag):
                    j += 1
                out.extend(_header(sources[i:j], first=not (self.written or out)))
                i = j
            elif isinstance(source.record, ev.EventLine):
                j = i
                while j < len(sources) and isinstance(sources[j].record, ev.EventLine):
                    j += 1
                for line in _events(sources[i:j], *tricks):
                    out.extend(line.lines())
                i = j
            else:
                if isinstance(source.record, ev.HandHeader) and (self.written or out):
                    out.append("")
                out.extend(_line(source).lines())
                i += 1
        self.written = self.written or bool(out)
        self.emit(self.recorder.cut(end), out)


def _header(tags: list[_Source], first: bool) -> list[str]:
    """Tags in canonical order; comments before the header stay before it."""
    lines = [""] if not first else []
    lines += tags[0].before
    tags[0] = _Source(tags[0].record, [], tags[0].after)
    rank = {name: i for i, name in enumerate(TAG_ORDER)}
    ordered = sorted(tags, key=lambda s: rank.get(s.record.name, len(TAG_ORDER)))  # type: ignore[union-attr]
    for source in ordered:
        lines += _line(source).lines()
    return lines


def _events(run: list[_Source], tricks: dict[ev.Span, int], leads: dict[ev.Span, int]) -> list[_Out]:
    """A run of event lines: the bidding as written, then one line per trick from the first card."""
    lines = [s.record for s in run if isinstance(s.record, ev.EventLine)]
    first_play = next((k for k, line in enumerate(lines) if any(e.at in tricks for e in line.events)), None)
    unlabelled = any(line.trick is not None and not any(isinstance(e, ev.Play) for e in line.events) for line in lines)
    if first_play is None or unlabelled:  # nothing to regroup (or a label on no card: keep it where it is)
        return [_line(s) for s in run]
    out = [_line(s) for s in run[:first_play]]
    events: list[ev.Event] = []
    label: dict[ev.Span, int] = {}        # labels written by hand, on the card they label
    opens: dict[ev.Span, _Source] = {}    # the first event of each source line carries its comments
    for source in run[first_play:]:
        line = source.record
        assert isinstance(line, ev.EventLine)
        opens[line.events[0].at] = source
        if line.trick is not None:
            labelled = next(e for e in line.events if isinstance(e, ev.Play))
            label[labelled.at] = line.trick
        events.extend(line.events)
    remaining: dict[int, int] = {}  # the plays of each trick still to come in this run (not the file's: quadratic)
    for event in events:
        if event.at in tricks:
            remaining[tricks[event.at]] = remaining.get(tricks[event.at], 0) + 1
    texts: list[str] = []
    current: _Out | None = None
    trick_done = False
    previous: ev.Event | None = None
    for event in events:
        # a card in no trick (a second card to the trick being played, a card after the hands were
        # thrown up) stays on the line it was written on; one given to a completed trick has its label
        same_line = previous is not None and event.at.line == previous.at.line
        apart = trick_done and event.at not in tricks and not same_line
        starts = event.at in leads or event.at in label or apart or current is None
        previous = event
        if starts:
            if current is not None:
                current.text += ", ".join(texts)
            trick = label.get(event.at, leads.get(event.at))
            current = _Out(f"trick {trick}: " if trick is not None else "")
            out.append(current)
            texts, trick_done = [], False
        assert current is not None
        opened = opens.get(event.at)
        if opened is not None:
            current.add(opened)
        texts.append(event_text(event))
        if event.at in tricks:
            remaining[tricks[event.at]] -= 1
            trick_done = remaining[tricks[event.at]] == 0
    assert current is not None
    current.text += ", ".join(texts)
    return out

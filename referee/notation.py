"""Reading transcripts: text → header tags, hands and events, each with its line and column.

The file is read line by line and each line is parsed by one LALR parser built once from
``grammars/transcript.lark``; the transformer runs during the parse, so no tree is built. The
usual lines are offered first to `CommonLines`, which reads them as the grammar would in one
regular-expression match each (most of an archive's parsing time, saved).
Syntax problems become `Problem` values (never exceptions) carrying the line, the column,
the offending text, what was expected in words and a hint. A bad line spoils only its own
hand: the reader carries on, so every broken hand in a file is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator, Union

try:
    import fcntl
except ImportError:  # Windows: the parser tables are not cached
    fcntl = None  # type: ignore[assignment]

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.lexer import PatternStr

from . import events as ev
from .cards import Card, parse_card, parse_suit
from .common_lines import CommonLines
from .usercache import cache_directory

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


# ---- the line parser --------------------------------------------------------------------

class _LineBuilder(Transformer):  # type: ignore[type-arg]
    """Builds `events` records while the LALR parser runs (no parse tree is kept)."""

    def __init__(self) -> None:
        super().__init__()
        self.line = 1

    def _span(self, token: Token) -> ev.Span:
        return ev.Span(self.line, token.column or 1)

    # structural lines
    def tag(self, c: list[Token]) -> ev.Tag:
        name, string = c
        return ev.Tag(name.value, string.value[1:-1], self._span(name), ev.Span(self.line, (string.column or 1) + 1))

    def hand_header(self, c: list[Token | None]) -> ev.HandHeader:
        number, dealer = c
        return ev.HandHeader(int(number.value) if number is not None else None,
                             dealer.value if dealer is not None else None, ev.Span(self.line, 1),
                             self._span(dealer) if dealer is not None else None)

    def deal_line(self, c: list[Token]) -> ev.DealLine:
        player, *cards = c
        return ev.DealLine(player.value, tuple(parse_card(t.value) for t in cards), self._span(player),
                           tuple(self._span(t) for t in cards))

    def upcard_line(self, c: list[Token]) -> ev.UpcardLine:
        return ev.UpcardLine(parse_card(c[0].value), self._span(c[0]))

    def result(self, c: list[Token]) -> tuple[str, int, ev.Span]:
        who, amount = c
        return (who.value, int(amount.value), self._span(who))

    def recorded_line(self, c: list[tuple[str, int, ev.Span]]) -> ev.RecordedLine:
        return ev.RecordedLine(tuple(c), c[0][2])

    def note_line(self, c: list[Token]) -> ev.NoteLine:
        return ev.NoteLine(c[0].value[1:-1], self._span(c[0]))

    def redeal_line(self, c: list[Token]) -> ev.RedealLine:
        return ev.RedealLine(ev.Span(self.line, 1))

    def label(self, c: list[Token]) -> tuple[int, ev.Span]:
        return int(c[0].value), self._span(c[0])

    def event_line(self, c: list[object]) -> ev.EventLine:
        label, *events = c
        if label is None:
            trick, trick_at = None, None
        else:
            trick, trick_at = label  # type: ignore[misc]
        first: ev.Event = events[0]  # type: ignore[assignment]
        return ev.EventLine(trick, trick_at, tuple(events), first.at)  # type: ignore[arg-type]

    # events
    def play(self, c: list[Token]) -> ev.Play:
        return ev.Play(c[0].value, parse_card(c[1].value), self._span(c[0]))

    def pass_(self, c: list[Token]) -> ev.Pass:
        return ev.Pass(c[0].value, self._span(c[0]))

    def order(self, c: list[Token]) -> ev.Order:
        return ev.Order(c[0].value, self._span(c[0]))

    def bid(self, c: tuple[Token, tuple[int | None, str | None, str | None]]) -> ev.Bid:
        player, (number, qualifier, contract) = c
        return ev.Bid(player.value, number, qualifier, contract, self._span(player))

    def bid_value(self, c: list[Token | None]) -> tuple[int | None, str | None, str | None]:
        first = c[0]
        assert first is not None
        if first.type == "INT":
            qualifier = c[1] if len(c) > 1 else None
            if qualifier is None:
                return int(first.value), None, None
            if qualifier.type == "SUIT":
                return int(first.value), parse_suit(qualifier.value).value, None
            word = qualifier.value
            return int(first.value), "colour" if word == "color" else word, None
        if first.type == "KEEP_WORD":
            return None, None, first.value
        return None, None, first.value

    def discard(self, c: list[Token]) -> ev.Discard:
        return ev.Discard(c[0].value, parse_card(c[1].value), self._span(c[0]))

    def alone(self, c: list[Token]) -> ev.Alone:
        return ev.Alone(c[0].value, self._span(c[0]))

    def name_suit(self, c: list[Token]) -> ev.NameSuit:
        return ev.NameSuit(c[0].value, parse_suit(c[1].value), self._span(c[0]))

    def expose(self, c: list[Token]) -> ev.Expose:
        return ev.Expose(c[0].value, parse_card(c[1].value), self._span(c[0]))

    def retract(self, c: list[Token]) -> ev.Retract:
        return ev.Retract(c[0].value, parse_card(c[1].value), self._span(c[0]))

    def claim(self, c: list[Token | None]) -> ev.Claim:
        player, accused, trick = c
        assert player is not None and accused is not None
        return ev.Claim(player.value, accused.value, int(trick.value) if trick is not None else None, self._span(player))

    def call(self, c: list[Token]) -> ev.Call:
        player, what = c
        span = self._span(player)
        if what.type == "CALL_WORD":
            return ev.Call(player.value, what.value, None, None, span)
        if what.type == "CARD":
            return ev.Call(player.value, None, None, parse_card(what.value), span)
        return ev.Call(player.value, None, parse_suit(what.value), None, span)

    def accept(self, c: list[Token]) -> ev.Accept:
        return ev.Accept(c[0].value, self._span(c[0]))

    def count(self, c: list[Token]) -> ev.Count:
        return ev.Count(c[0].value, c[1].value, self._span(c[0]))

    def concede(self, c: list[Token]) -> ev.Concede:
        return ev.Concede(c[0].value, self._span(c[0]))

    def spread(self, c: list[Token]) -> ev.Spread:
        return ev.Spread(c[0].value, self._span(c[0]))

    def sell(self, c: list[Token]) -> ev.Sell:
        return ev.Sell(c[0].value, self._span(c[0]))

    def refuse(self, c: list[Token]) -> ev.Refuse:
        return ev.Refuse(c[0].value, self._span(c[0]))

    def pitch(self, c: list[Token]) -> ev.Pitch:
        return ev.Pitch(c[0].value, self._span(c[0]))

    def demand(self, c: list[Token | None]) -> ev.Demand:
        player, belle, card = c
        assert player is not None
        return ev.Demand(player.value, belle is not None, parse_card(card.value) if card is not None else None,
                         self._span(player))

    def keep(self, c: list[Token]) -> ev.Keep:
        return ev.Keep(c[0].value, c[1].value == "keep-over", self._span(c[0]))


def _build(flavour: str, plugins: dict[str, object] | None = None) -> tuple[Lark, _LineBuilder]:
    grammar = resources.files("referee.grammars").joinpath("transcript.lark").read_text("utf-8")
    builder = _LineBuilder()
    options = {"_plugins": plugins} if plugins else {}
    return _lark(grammar, flavour, parser="lalr", lexer="contextual", transformer=builder,
                 maybe_placeholders=True, **options), builder


def _lark(grammar: str, flavour: str, **options: object) -> Lark:
    """The parser, its LALR tables kept between runs in the user's cache directory (`usercache`).

    Building the tables took about 50 ms of every run's start-up; loading them takes a tenth
    of that. Lark stamps the file with a hash of the grammar, its options and its own
    version, and rebuilds it when the stamp is wrong or the file unreadable. Lark writes the
    file in place, so runs starting together (``--jobs``, or a shell loop) take turns under a
    lock: none reads a half-written file.
    """
    tables = _tables_file(flavour)
    if tables is None:
        return Lark(grammar, **options)
    try:
        with open(tables.with_name(tables.name + ".lock"), "wb") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            return Lark(grammar, cache=str(tables), **options)
    except OSError:  # no lock to be had: build the tables afresh
        return Lark(grammar, **options)


def _tables_file(flavour: str) -> Path | None:
    """Each flavour of parser has its own file, as Lark leaves the lark-cython plugins out of
    its stamp. None when there is no cache, or no file locking (Windows)."""
    directory = cache_directory()
    if directory is None or fcntl is None:
        return None
    return directory / f"transcript-{flavour}.lark-tables"


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, _LineBuilder]:
    """The LALR parser, built once and reused for every line; it also explains syntax errors."""
    return _build("python")


@lru_cache(maxsize=1)
def _fast_parser() -> tuple[Lark, _LineBuilder] | None:
    """The same grammar compiled by lark-cython, when installed (``pip install -e '.[fast]'``).

    It parses about twice as fast; on any failure the line is parsed again by `_parser`, whose
    errors are the ones explained to the user, so both give the same results.
    """
    try:
        import lark_cython  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    return _build("cython", lark_cython.plugins)


_OPEN_TERMINALS = {"NAME", "WHO", "TAG_NAME", "STRING", "INT", "SIGNED_INT", "CARD", "SUIT", "COMMENT"}
"""Terminals that are not reserved words: a name may look like them (a player called S)."""


@lru_cache(maxsize=1)
def _common_lines() -> CommonLines:
    """The shortcut for the usual lines, built from the same grammar's terminals.

    The terminals are taken from the parser already at hand, so a run whose lines are all
    usual ones never builds the pure-Python parser at all.
    """
    lark = (_fast_parser() or _parser())[0]
    patterns = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    reserved = "|".join(f"(?:{pattern})" for name, pattern in patterns.items()
                        if name not in _OPEN_TERMINALS and not name.startswith("__"))
    return CommonLines(patterns, reserved)


def parse_line(text: str, line: int) -> ev.Line | None | Problem:
    """Parse one line: a record, None for a blank or comment-only line, or a `Problem`.

    The usual lines are read by `CommonLines` in one regular-expression match each; every
    other line, and every line with a mistake, goes through the LALR parser.
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
    fast = _fast_parser()
    if fast is not None:
        fast[1].line = line
        try:
            return fast[0].parse(text)  # type: ignore[return-value]  # the builder makes records, not trees
        except Exception:  # noqa: BLE001 - lark-cython's errors are re-made by the pure parser below
            pass
    lark, builder = _parser()
    builder.line = line
    try:
        return lark.parse(text)  # type: ignore[return-value]  # the builder makes records, not trees
    except UnexpectedInput as error:
        return _explain(error, text, line, lark)
    except VisitError as error:  # a value the grammar let through but the builder refused
        return Problem(line, 1, str(error.orig_exc), "")


# ---- syntax errors in words -------------------------------------------------------------

_TERMINAL_WORDS = {
    "CARD": "a card (AS, 10H, TD, 9♣)",
    "SUIT": "a suit (spades, hearts, diamonds, clubs, or S H D C ♠ ♥ ♦ ♣)",
    "NAME": "a player's name",
    "WHO": "a player, team or 'pool'",
    "TAG_NAME": "a tag name",
    "STRING": 'a quoted value ("...")',
    "INT": "a number",
    "SIGNED_INT": "a signed number (+2, -3)",
    "CALL_WORD": "highest, lowest, trump, no-trump, win or lose",
    "QUALIFIER": "colour, preference or petite",
    "CONTRACT": "a contract (boston, little-misere, grand-misere, ...)",
    "KEEP_WORD": "keep or keep-over",
    "BELLE": "'belle'",
    "$END": "the end of the line",
}
_CARD_LIKE = re.compile(r"^(?:10|[0-9A-Za-z])[^\s,:]?$|^1[0-9]+[^\s,:]?$")
_CARD_HINT = "cards look like AS, 10H, TD, 9♣ (rank A K Q J T/10 9-2, then suit S H D C or ♠ ♥ ♦ ♣)"


def _describe(names: set[str], lark: Lark) -> str:
    by_name = {t.name: t for t in lark.terminals}
    words: list[str] = []
    for name in sorted(names):
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name])
        elif name in by_name and isinstance(by_name[name].pattern, PatternStr):
            words.append(repr(by_name[name].pattern.value))
    words = sorted(set(words))
    if not words:
        return "something else"
    if len(words) > 6:
        words = words[:6] + ["…"]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _word_at(text: str, column: int) -> str:
    rest = text[column - 1:]
    match = re.match(r'"[^"]*"?|[^\s,:\[\]]+|.', rest)
    return match.group(0) if match else rest[:1]


def _explain(error: UnexpectedInput, text: str, line: int, lark: Lark) -> Problem:
    expected: set[str]
    if isinstance(error, UnexpectedEOF):
        expected = {str(name) for name in error.expected}
        column = len(text.rstrip()) + 1
        return _problem_at_end(expected, text, line, column, lark)
    if isinstance(error, UnexpectedCharacters):
        column = error.column
        expected = set(error.allowed or ())
        offending = _word_at(text, column)
    elif isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return _problem_at_end({str(n) for n in error.expected}, text, line, len(text.rstrip()) + 1, lark)
        column = token.column or 1
        expected = {str(name) for name in (error.accepts or error.expected)}
        offending = _word_at(text, column)
    else:  # pragma: no cover - lark has no other kinds
        return Problem(line, 1, "cannot read this line", "")
    wanted = _describe(expected, lark)
    if text.lstrip().startswith("[") and '"' in text and text.count('"') % 2 == 1:
        return Problem(line, column, f"unclosed quotes in tag: {text.strip()!r}", 'a tag looks like [Name "value"]')
    if "CARD" in expected and _CARD_LIKE.match(offending):
        return Problem(line, column, f"'{offending}' is not a card", _CARD_HINT)
    if "SUIT" in expected:
        return Problem(line, column, f"'{offending}' is not a suit; expected {wanted}",
                       "suits are spades, hearts, diamonds, clubs or S H D C or ♠ ♥ ♦ ♣")
    hint = _hint_for(text, expected)
    return Problem(line, column, f"unexpected '{offending}'; expected {wanted}", hint)


def _problem_at_end(expected: set[str], text: str, line: int, column: int, lark: Lark) -> Problem:
    wanted = _describe(expected, lark)
    if text.lstrip().startswith("["):
        return Problem(line, column, f"unclosed tag {text.strip()!r}; expected {wanted}",
                       'a tag looks like [Name "value"] on one line')
    return Problem(line, column, f"the line ends too early; expected {wanted}", _hint_for(text, expected))


def _hint_for(text: str, expected: set[str]) -> str:
    words = text.split()
    if words and words[0] == "hand":
        return "a hand starts with: hand [N] dealer PLAYER"
    if words and words[0] == "deal":
        return "a deal line looks like: deal N: 9H TH JD AS KC"
    if words and words[0] == "recorded":
        return "a recorded result looks like: recorded N-S +1, E-W 0"
    if "NAME" in expected and len(expected) <= 3:
        return "every event starts with the acting player, e.g. 'N 9H' or 'E pass'"
    return "events look like 'P CARD', 'P pass', 'P bid 3', 'P name hearts'; separate events with ','"


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


Item = Union[GameStart, HandRecord, FileProblem]


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
                                              'start the game with tag lines such as [Game "euchre"] and [Players "N E S W"]'))
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
        yield FileProblem(Problem(1, 1, "the file is empty", 'a transcript starts with [Game "..."] and [Players "..."]'))

"""The notation's grammar: the LALR parser that defines it, and its syntax errors in words.

`notation.parse_line` reads the usual lines without it (`CommonLines`); every other line, and
every line with a mistake, comes here. The parser is built once from
``grammars/transcript.lark`` and its transformer runs during the parse, so no tree is built.
Importing Lark and loading the parser is a fifth of a run's start-up, so `notation` imports
this module only when a line needs it: a run whose lines are all usual ones never does.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.lexer import PatternStr

from . import events as ev
from .cards import parse_card, parse_suit
from .notation import Problem, grammar_text
from .suggest import did_you_mean
from .usercache import cache_directory

try:
    import fcntl
except ImportError:  # Windows: the parser tables are not cached
    fcntl = None  # type: ignore[assignment]


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

    def redeal_line(self, c: list[Token | None]) -> ev.RedealLine:
        reason = c[0].value if c and c[0] is not None else None
        return ev.RedealLine(ev.Span(self.line, 1), reason)

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
        return ev.Claim(player.value, accused.value, int(trick.value) if trick is not None else None,
                        self._span(player))

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

    def look(self, c: list[Token | None]) -> ev.Look:
        player, trick = c
        assert player is not None
        return ev.Look(player.value, int(trick.value) if trick is not None else None, self._span(player))

    def claim_rest(self, c: list[Token]) -> ev.ClaimRest:
        return ev.ClaimRest(c[0].value, self._span(c[0]))

    def keep(self, c: list[Token]) -> ev.Keep:
        return ev.Keep(c[0].value, c[1].value == "keep-over", self._span(c[0]))


def _build(flavour: str, plugins: dict[str, object] | None = None) -> tuple[Lark, _LineBuilder]:
    builder = _LineBuilder()
    options = {"_plugins": plugins} if plugins else {}
    return _lark(grammar_text(), flavour, parser="lalr", lexer="contextual", transformer=builder,
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


def terminal_patterns() -> dict[str, str]:
    """Every terminal's regular expression by name: what `CommonLines` is built from."""
    lark = (_fast_parser() or _parser())[0]
    return {t.name: t.pattern.to_regexp() for t in lark.terminals}


def parse(text: str, line: int) -> ev.Line | Problem:
    """Parse one line with the LALR parser: its record, or a `Problem` saying what is wrong."""
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
    "CALL_WORD": "highest, lowest, trump, no-trump, win, lose or withhold",
    "QUALIFIER": "colour, preference or petite",
    "CONTRACT": ("a contract (boston, little-misere, grand-misere, little-spread, grand-spread, petite-misere, "
                 "grand-misere-table, petite-misere-table, misere-quatre-as)"),
    "KEEP_WORD": "keep or keep-over",
    "REDEAL_REASON": "why: misdeal, thrown-in, imperfect-pack or faced-card",
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
    words = sorted(set(words))  # the whole list, never cut off: the reader needs every choice
    if not words:
        return "something else"
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _keywords(names: set[str], lark: Lark) -> list[str]:
    """The words the parser would have taken here, for "did you mean"."""
    words = [word for name in names for word in _WORDS_OF.get(name, ())]
    for terminal in lark.terminals:
        if terminal.name in names and isinstance(terminal.pattern, PatternStr):
            words.append(terminal.pattern.value)
    return words


_WORDS_OF = {"CALL_WORD": ("highest", "lowest", "trump", "no-trump", "win", "lose"),
             "QUALIFIER": ("colour", "color", "preference", "petite"), "KEEP_WORD": ("keep", "keep-over"),
             "BELLE": ("belle",), "SUIT": ("spades", "hearts", "diamonds", "clubs"),
             "CONTRACT": ("boston", "little-misere", "grand-misere", "little-spread", "grand-spread",
                          "petite-misere-table", "grand-misere-table", "petite-misere", "misere-quatre-as")}


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
    hand_line = _hand_line_problem(text, line)
    if hand_line is not None:
        return hand_line
    if text.lstrip().startswith("[") and '"' in text and text.count('"') % 2 == 1:
        return Problem(line, column, f"unclosed quotes in tag: {text.strip()!r}", 'a tag looks like [Name "value"]')
    if "CARD" in expected and _CARD_LIKE.match(offending):
        return Problem(line, column, f"'{offending}' is not a card", _CARD_HINT)
    if "SUIT" in expected:
        return Problem(line, column, f"'{offending}' is not a suit; expected {wanted}",
                       did_you_mean(offending, _keywords(expected, lark))
                       + "suits are spades, hearts, diamonds, clubs or S H D C or ♠ ♥ ♦ ♣")
    hint = did_you_mean(offending, _keywords(expected, lark)) + _hint_for(text, expected)
    return Problem(line, column, f"unexpected '{offending}'; expected {wanted}", hint)


_HAND_LINE = re.compile(r"\s*hand\b", re.IGNORECASE)


def _hand_line_problem(text: str, line: int) -> Problem | None:
    """``Hand 2, dealer: Ann`` is a hand line written as people write it: say how it is written,
    rather than what the parser makes of it (a player named Hand playing the card '2')."""
    if not _HAND_LINE.match(text):
        return None
    return Problem(line, 1, f"{text.strip()!r} is not a hand line as the notation writes it",
                   "a hand line looks like: hand 2 dealer Ann (lower case, no comma or colon; "
                   "the number and the dealer may be left out after the first hand; see docs/notation.md)")


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
    return ("events look like 'P CARD', 'P pass', 'P bid 3', 'P name hearts'; separate events with ','"
            " (every line and word: docs/notation.md)")

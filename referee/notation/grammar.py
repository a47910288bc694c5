"""The notation's grammar: the LALR parser that defines it, and its syntax errors in words.

`notation.parse_line` reads the usual lines without it (`CommonLines`); every other line, and
every line with a mistake, comes here. The parser's tables are built once from
``grammars/transcript.lark``; each thread has its own parser, whose transformer runs during the
parse (so no tree is built) and keeps the line being read.
Importing Lark and loading the parser is a fifth of a run's start-up, so `notation` imports
this module only when a line needs it: a run whose lines are all usual ones never does.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from contextlib import suppress
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.grammar import Rule
from lark.lexer import PatternStr, TerminalDef

from . import events as ev
from . import usercache
from .cards import parse_card, parse_suit
from .characters import curly_closing_quote, named, unusual_character
from .comment import uncommented
from .handline import hand_line_problem
from .limits import MAX_DIGITS, NUMBER_HINT, number_too_large
from .linewords import LINE_FORMS
from .reader import GameWords, Problem, grammar_text
from .records import field_names
from .shapes import ABSENT, FORMS, GAME_SHAPES, SHAPES, WORD_TERMINALS, WORDS, SaidShape, Shape
from .suggest import closest, did_you_mean
from .vocabulary import AFTER_NUMBER, SHARED_REASONS, vocabulary


class _Refused(Exception):
    """A value the grammar lets through but the notation refuses (a number too large)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class _LineBuilder(Transformer):  # type: ignore[type-arg]
    """Builds `events` records while the LALR parser runs (no parse tree is kept)."""

    def __init__(self) -> None:
        super().__init__()
        self.line = 1

    def _span(self, token: Token) -> ev.Span:
        return ev.Span(self.line, token.column or 1)

    def _number(self, token: Token) -> int:
        """A number as written (ASCII digits, the grammar says), refused past `MAX_NUMBER`."""
        if len(token.value.lstrip("+-")) > MAX_DIGITS:
            raise _Refused(Problem(self.line, token.column or 1, number_too_large(token.value), NUMBER_HINT))
        return int(token.value)

    # structural lines
    def tag(self, c: list[Token]) -> ev.Tag:
        name, string = c
        return ev.Tag(name.value, string.value[1:-1], self._span(name), ev.Span(self.line, (string.column or 1) + 1))

    def hand_header(self, c: list[Token | None]) -> ev.HandHeader:
        number, dealer = c
        return ev.HandHeader(self._number(number) if number is not None else None,
                             dealer.value if dealer is not None else None, ev.Span(self.line, 1),
                             self._span(dealer) if dealer is not None else None)

    def deal_line(self, c: list[Token]) -> ev.DealLine:
        player, *cards = c
        return ev.DealLine(player.value, tuple(parse_card(t.value) for t in cards), self._span(player),
                           tuple(t.column or 1 for t in cards))

    def upcard_line(self, c: list[Token]) -> ev.UpcardLine:
        return ev.UpcardLine(parse_card(c[0].value), self._span(c[0]))

    def result(self, c: list[Token]) -> tuple[str, int, ev.Span]:
        who, amount = c
        return (who.value, self._number(amount), self._span(who))

    def recorded_line(self, c: list[tuple[str, int, ev.Span]]) -> ev.RecordedLine:
        return ev.RecordedLine(tuple(c), c[0][2])

    def note_line(self, c: list[Token]) -> ev.NoteLine:
        return ev.NoteLine(c[0].value[1:-1], self._span(c[0]))

    def redeal_line(self, c: list[Token | None]) -> ev.RedealLine:
        reason = c[0].value if c and c[0] is not None else None
        return ev.RedealLine(ev.Span(self.line, 1), reason)

    def label(self, c: list[Token]) -> int:
        return self._number(c[0])

    def event_line(self, c: list[object]) -> ev.EventLine:
        label, *events = c
        first: ev.Event = events[0]  # type: ignore[assignment]
        return ev.EventLine(label, tuple(events), first.at)  # type: ignore[arg-type]

    def bid_value(self, c: list[Token | None]) -> tuple[int | None, str | None, str | None]:
        first = c[0]
        assert first is not None
        if first.type == "INT":
            qualifier = c[1] if len(c) > 1 else None
            number = self._number(first)
            if qualifier is None:
                return number, None, None
            if qualifier.type == "SUIT":
                return number, parse_suit(qualifier.value).value, None
            return number, vocabulary().spellings.get(qualifier.value, qualifier.value), None
        return None, None, first.value


_READERS: dict[str, Callable[[_LineBuilder, Token], object]] = {
    "CARD": lambda _, token: parse_card(token.value), "SUIT": lambda _, token: parse_suit(token.value),
    "NAME": lambda _, token: token.value, "CALL_WORD": lambda _, token: token.value,
    "INT": lambda builder, token: builder._number(token), "BELLE": lambda _, token: True,
    "KEEP_WORD": lambda _, token: token.value == "keep-over",
}
"""How a field of an event is read from each terminal (`shapes.WRITERS` writes it back)."""


def _event_builder(shape: Shape) -> Callable[[_LineBuilder, list[Any]], ev.Event]:
    """The transformer's method for an event's rule, made from its declaration (`shapes`): the
    player, then one child per slot (None when left out), each read into its field(s), passed
    in the record's order (player, fields, position)."""
    kind: Callable[..., ev.Event] = shape.kind
    if isinstance(shape, SaidShape):  # a game's own event: its word, then its fields as `args`
        word = shape.word.split(" ")[0]
        order = {name: i for i, name in enumerate(shape.names)}

        def kind(player: str, *values: Any) -> ev.Event:
            return ev.Said(player, word, tuple(values[:-1]), values[-1])
    else:
        order = {name: i for i, name in enumerate(field_names(shape.kind)[1:-1])}
    if not shape.slots:
        return lambda self, c: kind(c[0].value, self._span(c[0]))
    # per slot: (position, reader, absent) for one terminal, else (fields' positions, terminal, reader, absent)s
    single: list[tuple[int, int, Callable[[_LineBuilder, Token], object], object]] = []
    several: list[tuple[int, tuple[tuple[tuple[int, ...], str, Callable[[_LineBuilder, Token], object] | None, object],
                                   ...]]] = []
    for index, slot in enumerate(shape.slots, 1):
        (names, terminal), *others = slot.alternatives
        if not others and len(names) == 1:
            single.append((index, order[names[0]], _READERS[terminal], ABSENT.get(terminal)))
        else:
            several.append((index, tuple((tuple(order[name] for name in names), terminal, _READERS.get(terminal),
                                          ABSENT.get(terminal)) for names, terminal in slot.alternatives)))
    count = len(order)

    def build(self: _LineBuilder, c: list[Any]) -> ev.Event:
        values: list[Any] = [None] * count
        for index, at, read, absent in single:
            child = c[index]
            values[at] = absent if child is None else read(self, child)
        for index, alternatives in several:
            child = c[index]
            for places, terminal, reader, absent in alternatives:
                if isinstance(child, tuple):  # a rule's value, one per field
                    for place, value in zip(places, child, strict=True):
                        values[place] = value
                elif child is not None and child.type == terminal and reader is not None:
                    values[places[0]] = reader(self, child)
                else:
                    for place in places:
                        values[place] = absent
        player = c[0]
        return kind(player.value, *values, self._span(player))

    return build


for _shape in (*SHAPES.values(), *GAME_SHAPES.values()):
    setattr(_LineBuilder, _shape.rule, _event_builder(_shape))


TABLES_FORMAT = 1
"""Bumped when the form of the kept tables changes."""


def _build(plugins: dict[str, object] | None = None) -> tuple[Lark, _LineBuilder]:
    """A parser with its own transformer: one per thread (`_parser`), so that no parse writes
    anything another thread reads. Loading it from the tables' data takes a few milliseconds."""
    builder = _LineBuilder()
    data, memo = _tables()
    options: dict[str, object] = {"transformer": builder}
    if plugins:
        options["_plugins"] = plugins
    return _load(data, memo, **options), builder


_TABLES_LOCK = threading.Lock()
_TABLES: list[tuple[dict[str, Any], dict[str, Any]]] = []


def _tables() -> tuple[dict[str, Any], dict[str, Any]]:
    """The parser's LALR tables as plain data (Lark's own serialisation), worked out once per
    process under a lock, and kept between runs in the user cache (`usercache`) as JSON.

    Building them takes about 50 ms; loading them a tenth of that. Lark's own cache unpickles
    its file before it checks the stamp, so a planted file would run code: it is not used. The
    kept JSON is decoded by `tables_from_json`, which accepts only the shapes Lark writes, and
    Lark then instantiates only its own grammar classes from it; anything else is rebuilt.
    """
    with _TABLES_LOCK:
        if not _TABLES:
            source = _tables_source()
            kept = usercache.read("transcript-tables", source)
            tables = None
            if kept is not None:
                with suppress(Exception):  # a planted or damaged entry: built afresh below
                    decoded = tables_from_json(kept)
                    _load(*decoded, transformer=_LineBuilder()).parse("N pass")
                    tables = decoded
            if tables is None:
                tables = _build_tables()
                usercache.write("transcript-tables", source, tables_to_json(tables))
            _TABLES.append(tables)
        return _TABLES[0]


def _load(data: dict[str, Any], memo: dict[str, Any], **options: object) -> Lark:
    """A parser from the tables' data: Lark instantiates only its own grammar classes from it."""
    parser: Lark = Lark._load_from_dict(data, memo, **options)  # type: ignore[no-untyped-call]
    return parser


def _tables_source() -> str:
    """What the tables depend on: the grammar, Lark's version and the options they are built with."""
    import lark

    return f"{TABLES_FORMAT}\n{lark.__version__}\n{_OPTIONS}\n{grammar_text()}"


_OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": True}
_RUNTIME_OPTIONS = frozenset({"postlex", "transformer", "g_regex_flags", "lexer_callbacks", "tree_class", "_plugins",
                              "use_bytes", "propagate_positions", "debug", "regex"})
"""Options given when the tables are loaded, not kept with them (as Lark's own cache does)."""


def _build_tables() -> tuple[dict[str, Any], dict[str, Any]]:
    lark = Lark(grammar_text(), **_OPTIONS)
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    data["options"] = {n: v for n, v in data["options"].items() if n not in _RUNTIME_OPTIONS}
    return data, memo


# JSON has no tuples and only string keys; Lark's data has both. They are written as tagged
# objects, and decoding accepts nothing but JSON's own values and these two tags.
_TUPLE, _MAP = "\x00tuple", "\x00map"


def tables_to_json(tables: tuple[dict[str, Any], dict[str, Any]]) -> Any:
    def encode(value: Any) -> Any:
        if isinstance(value, tuple):
            return {_TUPLE: [encode(v) for v in value]}
        if isinstance(value, list):
            return [encode(v) for v in value]
        if isinstance(value, dict):
            if all(isinstance(k, str) and not k.startswith("\x00") for k in value):
                return {k: encode(v) for k, v in value.items()}
            return {_MAP: [[encode(k), encode(v)] for k, v in value.items()]}
        if value is None or isinstance(value, (str, int, float)):
            return value
        raise TypeError(f"cannot keep a {type(value).__name__} in the parser tables")

    return encode(list(tables))


def tables_from_json(kept: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The tables written by `tables_to_json`; ValueError for anything else."""
    def decode(value: Any) -> Any:
        if isinstance(value, list):
            return [decode(v) for v in value]
        if isinstance(value, dict):
            if _TUPLE in value or _MAP in value:
                (tag, items), = value.items()
                if not isinstance(items, list):
                    raise ValueError("bad tables")
                if tag == _TUPLE:
                    return tuple(decode(v) for v in items)
                pairs = [decode(pair) for pair in items]
                if not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], (str, int)) for p in pairs):
                    raise ValueError("bad tables")
                return dict(pairs)
            return {k: decode(v) for k, v in value.items()}
        return value

    if not isinstance(kept, list) or len(kept) != 2:
        raise ValueError("bad tables")
    data, memo = decode(kept)
    if not isinstance(data, dict) or not isinstance(memo, dict):
        raise ValueError("bad tables")
    return data, memo


_LOCAL = threading.local()


def _parser() -> tuple[Lark, _LineBuilder]:
    """This thread's LALR parser, built once per thread and reused for every line; it also
    explains syntax errors. Its transformer keeps the line being read, so it is never shared."""
    parser: tuple[Lark, _LineBuilder] | None = getattr(_LOCAL, "pure", None)
    if parser is None:
        parser = _LOCAL.pure = _build()
    return parser


def _fast_parser() -> tuple[Lark, _LineBuilder] | None:
    """The same grammar compiled by lark-cython, when installed (``pip install -e '.[fast]'``).

    It parses about twice as fast; on any failure the line is parsed again by `_parser`, whose
    errors are the ones explained to the user, so both give the same results.
    """
    parser: tuple[Lark, _LineBuilder] | bool | None = getattr(_LOCAL, "fast", False)
    if parser is False:
        plugins = _cython_plugins()
        parser = _LOCAL.fast = _build(plugins) if plugins is not None else None
    return parser  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _cython_plugins() -> dict[str, object] | None:
    try:
        import lark_cython  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    plugins: dict[str, object] = lark_cython.plugins
    return plugins


def terminal_patterns() -> dict[str, str]:
    """Every terminal's regular expression by name: what `CommonLines` is built from."""
    lark = (_fast_parser() or _parser())[0]
    return {t.name: t.pattern.to_regexp() for t in lark.terminals}


def parse(text: str, line: int, words: GameWords | None = None) -> ev.Line | Problem:
    """Parse one line with the LALR parser: its record, or a `Problem` saying what is wrong.
    `words` (the game's event words) is asked only when the line does not parse."""
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
    except _Refused as error:
        return error.problem
    except UnexpectedInput as error:
        return _explain(error, text, line, lark, words() if words is not None else None)
    except VisitError as error:  # a value the grammar let through but the builder refused
        if isinstance(error.orig_exc, _Refused):
            return error.orig_exc.problem
        return Problem(line, 1, str(error.orig_exc), "")


# ---- syntax errors in words -------------------------------------------------------------

def _either(words: tuple[str, ...]) -> str:
    """``a, b or c``."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


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
    **{name: _either(words) if len(words) > 1 else repr(words[0]) for name, words in WORD_TERMINALS.items()},
    "$END": "the end of the line",
}
_CARD_LIKE = re.compile(r"^(?:10|[0-9A-Za-z])[^\s,:]?$|^1[0-9]+[^\s,:]?$")
_CARD_HINT = "cards look like AS, 10H, TD, 9♣ (rank A K Q J T/10 9-2, then suit S H D C or ♠ ♥ ♦ ♣)"


_ALL_EVENT_WORDS = frozenset({*(word for words in WORDS.values() for word in words), *GAME_SHAPES})


def _other_games(name: str, value: str | None, game: frozenset[str] | None) -> bool:
    """Whether terminal `name` (a keyword `value`) is an event word the game being read has no use for."""
    if game is None:
        return False
    if name == "KEEP_WORD":
        return "keep" not in game
    return value in _ALL_EVENT_WORDS and value not in game


_OWN: dict[str, Callable[[], tuple[str, ...]]] = {
    "CONTRACT": lambda: vocabulary().contracts, "QUALIFIER": lambda: vocabulary().qualifiers,
    "REDEAL_REASON": lambda: (*SHARED_REASONS, *vocabulary().reasons)}
"""The terminals of the games' own words (`Vocabulary.words_of`): in a game's syntax error, only its own."""


def _of_game(expected: set[str], game: frozenset[str] | None) -> set[str]:
    """`expected` without what only another game reads after a bid's number (``belle`` and a suit,
    French Boston's ``bid 9 belle``, are not offered after a Boston ``bid 7``): a game declares them
    (`vocabulary.AFTER_NUMBER`). Only there is ``QUALIFIER`` expected."""
    if game is None or "QUALIFIER" not in expected:
        return expected
    return expected - {terminal for word, terminal in AFTER_NUMBER.items() if word not in game}


def _game_has(word: str, game: frozenset[str] | None) -> bool:
    """Whether the game being read (any, when it is not known) has `word` of the `_OWN` terminals."""
    return game is None or word in game or word in SHARED_REASONS


def _own_words(name: str, game: frozenset[str] | None) -> str | None:
    """What a `CONTRACT`, `QUALIFIER` or `REDEAL_REASON` stands for in the game being read: its
    own words only (a Boston line is not offered French Boston's contracts), None when it has none."""
    words = tuple(word for word in _OWN[name]() if _game_has(word, game))
    if not words:
        return None
    if name == "CONTRACT":
        return f"a contract ({', '.join(words)})"
    return "why: " + _either(words) if name == "REDEAL_REASON" else ", ".join(words)


def _describe(names: set[str], lark: Lark, game: frozenset[str] | None = None) -> str:
    by_name = {t.name: t for t in lark.terminals}
    words: list[str] = []
    for name in sorted(names):
        pattern = by_name[name].pattern if name in by_name else None
        value = pattern.value if isinstance(pattern, PatternStr) else None
        if _other_games(name, value, game):
            continue
        if name in _OWN:
            own = _own_words(name, game)
            words += [own] if own is not None else []
        elif name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name])
        elif value is not None:
            words.append(repr(value))
    words = sorted(set(words))  # the whole list, never cut off: the reader needs every choice
    if not words:
        return "something else"
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _keywords(names: set[str], lark: Lark, game: frozenset[str] | None = None) -> list[str]:
    """The words the parser would have taken here, for "did you mean" (of the game being read)."""
    words = [word for name in names if not _other_games(name, None, game) for word in _WORDS_OF.get(name, ())
             if name not in _OWN or _game_has(word, game)]
    for terminal in lark.terminals:
        if terminal.name in names and isinstance(terminal.pattern, PatternStr) \
                and not _other_games(terminal.name, terminal.pattern.value, game):
            words.append(terminal.pattern.value)
    return words


_WORDS_OF = {"CALL_WORD": ("highest", "lowest", "trump", "no-trump", "win", "lose"),
             "QUALIFIER": vocabulary().qualifier_words,
             **WORD_TERMINALS, "SUIT": ("spades", "hearts", "diamonds", "clubs"), "CONTRACT": vocabulary().contracts,
             "REDEAL_REASON": _OWN["REDEAL_REASON"]()}


def _reads(lark: Lark, text: str) -> bool:
    """Whether `text` parses (a mended line, for a hint)."""
    try:
        lark.parse(text)
    except Exception:  # noqa: BLE001 - any refusal, or a value the notation refuses, is "no"
        return False
    return True


def _shown(lark: Lark, mended: str, before: str = ": ") -> str:
    """``: 'N pass'``, a line (or event) written right for a hint, when it reads; nothing when more
    is wrong with it (the next run tells that): a hint never offers a line the notation refuses."""
    return f"{before}'{mended}'" if _reads(lark, mended) else ""


def _word_at(text: str, column: int) -> str:
    rest = text[column - 1:]
    match = re.match(r'"[^"]*"?|[^\s,:\[\]]+|.', rest)
    return match.group(0) if match else rest[:1]


def _explain(error: UnexpectedInput, text: str, line: int, lark: Lark, game: frozenset[str] | None = None) -> Problem:
    expected: set[str]
    if isinstance(error, UnexpectedEOF):
        expected = _of_game({str(name) for name in error.expected}, game)
        return _problem_at_end(expected, text, line, _end_column(text), lark, game)
    if isinstance(error, UnexpectedCharacters):
        column = error.column
        # what the parser takes there: the lexer's `allowed` leaves out the end of the line, or names it otherwise
        expected = _accepted_after(lark, text[:column - 1], None) or set(error.allowed or ())
        offending = _word_at(text, column)
    elif isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return _problem_at_end(_of_game({str(n) for n in error.expected}, game), text, line, _end_column(text),
                                   lark, game)
        column = token.column or 1
        expected = {str(name) for name in (error.accepts or error.expected)}
        offending = _word_at(text, column)
    else:  # pragma: no cover - lark has no other kinds
        return Problem(line, 1, "cannot read this line", "")
    expected = _of_game(expected, game)
    wanted = _describe(expected, lark, game)
    odd = unusual_character(text, line, lambda mended: _reads(lark, mended))
    if odd is not None and odd[1]:  # the character is all that is wrong
        return odd[0]
    hand_line = _hand_line_problem(text, line)
    if hand_line is not None:
        return hand_line
    if text.lstrip().startswith("[") and '"' in text and text.count('"') % 2 == 1:
        return curly_closing_quote(text, line) or Problem(line, column, f"unclosed quotes in tag: {text.strip()!r}",
                                                          'a tag looks like [Name "value"]')
    slip = (_slip(text, line, column, offending, expected, lark, game) or _side_slip(text, line, column, lark)
            or _recorded_slip(text, line, column, offending, wanted, expected, lark)
            or _tag_slip(text, line, column, offending, wanted) or _word_cut(text, line, column, offending, lark, game))
    if slip is not None:
        return slip
    if odd is not None:  # more is wrong, but the character first
        return odd[0]
    if "CARD" in expected and _CARD_LIKE.match(offending):
        return Problem(line, column, f"'{offending}' is not a card", _CARD_HINT)
    if expected & {"INT", "SIGNED_INT"} and offending.lower() in _NUMBER_WORDS:  # "A bid seven"
        mended = f"{text[:column - 1]}{_NUMBER_WORDS.index(offending.lower())}{text[column - 1 + len(offending):]}"
        return Problem(line, column, f"'{offending}' is not a number; expected {wanted}",
                       f"numbers are written in digits: '{mended.strip()}'")
    if expected & {"INT", "SIGNED_INT"} and _other_digits(offending):
        return Problem(line, column, f"'{offending}' is not written in the digits 0-9; expected {wanted}",
                       "numbers are written with the ASCII digits 0 1 2 3 4 5 6 7 8 9")
    if "SUIT" in expected:
        return Problem(line, column, f"'{offending}' is not a suit; expected {wanted}",
                       did_you_mean(offending, _keywords(expected, lark, game))
                       + "suits are spades, hearts, diamonds, clubs or S H D C or ♠ ♥ ♦ ♣")
    if offending == "," and _DEAL.match(text):  # "deal N: 9C, TD, KS"
        return Problem(line, column, "unexpected ',' between the cards of a deal",
                       f"separate them with spaces: '{' '.join(text.replace(',', ' ').split())}'")
    mended = _mended_line(text, column, offending, expected, lark)
    hint = (mended or did_you_mean(offending, _keywords(expected, lark, game))) + _hint_for(text, expected)
    return Problem(line, column, f"unexpected '{offending}'; expected {wanted}", hint)


def _mended_line(text: str, column: int, offending: str, expected: set[str], lark: Lark) -> str:
    """``did you mean 'redeal misdeal'? ``: the line with the slip the parser stopped at mended — a
    mark after its end, a ``:`` left out (``trick 1 N 9H``, ``deal N 9H``), a note not quoted —
    when the line then reads; else nothing."""
    code = uncommented(text)
    before, rest = code[:column - 1].rstrip(), code[column - 1:].strip()
    if offending in _MARKS and rest == offending:
        mended = before
    elif expected == {"COLON"}:
        mended = f"{before}: {rest}"
    elif expected == {"STRING"} and '"' not in rest:
        mended = f'{before} "{rest}"'
    else:
        return ""
    return f"did you mean '{mended.strip()}'? " if _reads(lark, mended) else ""


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen")
_DEAL = re.compile(r"\s*deal\s+[^\W\d_][\w']*\s*:")
_LABEL = re.compile(r"\s*trick\s+\d+\s*:")
_TOKEN = re.compile(r"[^\s,:#]+|:")
_NAME_LIKE = re.compile(r"[^\W\d_][\w']*")
_SUIT_FIRST = re.compile(r"([SHDCshdc\u2660\u2665\u2666\u2663])[\ufe0e\ufe0f]?(10|[AKQJTakqjt2-9])")
_TEN_IN_LETTERS = re.compile(r"(?:[1lI][oO]|[lI]0)([SHDCshdc\u2660\u2665\u2666\u2663])")
_STRUCTURAL = re.compile(r"\s*(?:deal|recorded|upcard|note|redeal|hand)\b|\s*\[")
_INFLECTIONS = ("ing", "es", "ed", "s", "d")
_PLAYING = frozenset({"play", "plays", "played", "playing", "lead", "leads", "led", "leading", "follow", "follows",
                      "followed"})
"""Words for playing a card, which the notation writes as the card alone."""


def _words_of_event(text: str, column: int) -> list[tuple[int, str]]:
    """The words of the event `column` falls in, each with its column: from the ``,`` (or the
    ``trick N:`` label) before it to the next ``,`` or comment; a ``:`` is a word of its own."""
    label = _LABEL.match(text)
    start = label.end() if label else 0
    if column - 1 < start:
        return []
    begin = max(start, text.rfind(",", 0, column - 1) + 1)
    end = text.find(",", column - 1)
    end = len(text) if end == -1 else end
    comment = text.find("#", begin, end)
    end = end if comment == -1 else comment
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(text, begin, end)]


def _plain_word(word: str, allowed: frozenset[str]) -> str | None:
    """The event word `word` stands for — ``passes`` → ``pass``, ``discarded`` → ``discard``,
    ``Pass`` → ``pass``, ``pas`` → ``pass`` — or "" for a word for playing a card, or None."""
    lower = word.lower()
    if lower in allowed:
        return lower
    if FORMS.get(lower) in allowed:
        return FORMS[lower]
    for ending in _INFLECTIONS:
        stem = lower[:-len(ending)]
        if lower.endswith(ending) and stem:
            if stem in allowed:
                return stem
            if len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in allowed:  # bidding → bid
                return stem[:-1]
    if lower in _PLAYING:
        return ""
    return closest(lower, allowed)


_CARD = re.compile(r"(?:10|[AKQJTakqjt2-9])[SHDCshdc\u2660\u2665\u2666\u2663][\ufe0e\ufe0f]?")


def _is_card(word: str) -> bool:
    """Whether `word` is a card as the grammar's CARD terminal reads it."""
    return _CARD.fullmatch(word) is not None


def _card_suit_first(word: str) -> str | None:
    """``10S`` for ``S10``, ``JH`` for ``hj``: a card written suit first, as rank then suit; and
    ``10S`` for ``1OS`` or ``lOS``, a ten typed with letters for its digits."""
    match = _SUIT_FIRST.fullmatch(word)
    if match:
        return f"{match.group(2).upper()}{match.group(1).upper()}"
    lettered = _TEN_IN_LETTERS.fullmatch(word)
    return f"10{lettered.group(1).upper()}" if lettered else None


def _slip(text: str, line: int, column: int, offending: str, expected: set[str], lark: Lark,
          game: frozenset[str] | None) -> Problem | None:
    """An ordinary slip in an event, with the line as it should be written: a card suit first,
    an event's word inflected or misspelt, a ``:`` after the player, ``order up``, a missing ``,``."""
    card = _card_suit_first(offending) if "CARD" in expected else None
    if card is not None:
        shape = ("a ten is written with the digits 1 and 0, or T: 10S, TS" if _TEN_IN_LETTERS.fullmatch(offending)
                 else "a card is its rank, then its suit: AS, 10H, TD, 9♣")
        return Problem(line, column, f"'{offending}' is not a card", f"did you mean '{card}'? {shape}")
    if offending in _RANKS and "CARD" in expected:
        suit = re.match(r"\s+([SHDCshdc\u2660\u2665\u2666\u2663])(?![\w'])", text[column - 1 + len(offending):])
        if suit:
            return Problem(line, column, f"'{offending}' is not a card",
                           f"did you mean '{offending.upper()}{suit.group(1).upper()}'? a card is written without "
                           "a space between rank and suit")
    if offending.startswith("//"):  # a comment as some programs write one, after an event or a line of the notation's
        return Problem(line, column, "'//' does not start a comment",
                       "a comment starts with '#'" + _shown(lark, f"{text[:column - 1]}#{text[column + 1:]}".strip()))
    if _STRUCTURAL.match(text):
        return None
    game = game & _ALL_EVENT_WORDS if game is not None else None  # its events (not its contracts and qualifiers)
    if offending in _MARKS or (len(offending) > 1 and offending[-1] in ";." and column > 1):
        return _punctuation(text, line, column, offending)
    if offending[0] in _MARKS and column > 1 and _NAME_LIKE.match(offending, 1):  # "pass—E": two events joined
        return _punctuation(text, line, column, offending[0])
    words = _words_of_event(text, column)
    if len(words) < 2:
        return None
    (_, player), (at, word), *rest = words
    tail = [w for _, w in rest]
    card_word = _is_card(word)
    if at <= column < at + len(word) or (word.lower() not in _ALL_EVENT_WORDS and not card_word):
        # the slip is in the event's word (``named`` is read as ``name`` and the suit ``d``)
        if word == ":":
            return Problem(line, at, f"unexpected ':' after the player '{player}'",
                           "an event is the player then the card or word, without ':'"
                           + _shown(lark, " ".join([player, *tail]), " — "))
        events = game if game is not None else _ALL_EVENT_WORDS
        if tail and tail[0] in events and word.lower() not in events and not _is_card(word):  # S go alone, S then pass
            return Problem(line, at, f"'{word}' is not an event",
                           f"did you mean '{tail[0]}'? events are written with the word alone"
                           + _shown(lark, " ".join([player, *tail])))
        if column == at and _CARD_LIKE.match(word):
            return None  # a card mistyped: said as such below
        bare = word.strip("'\"\u2018\u2019\u201c\u201d")
        if bare != word and bare and _plain_word(bare, game or _ALL_EVENT_WORDS) == bare:  # S "order", curly quotes too
            return Problem(line, at, f"{word!r} is not an event",
                           "events are written without quotes" + _shown(lark, " ".join([player, bare, *tail])))
        plain = _plain_word(word, game if game is not None else _ALL_EVENT_WORDS)
        if plain is None and game is not None and _plain_word(word, _ALL_EVENT_WORDS):
            return _not_of_this_game(line, at, word, game)
        if plain is None:
            return None
        if plain == "":
            card = tail[0] if tail else "AS"
            return Problem(line, at, f"'{word}' is not an event",
                           f"a card played is written as the player and the card: '{player} {card}'")
        if tail[:1] == [plain] or (plain == "order" and tail[:1] == ["up"]):  # "goes alone", "ordered up"
            tail = tail[1:]
        return Problem(line, at, f"'{word}' is not an event",
                       f"did you mean '{plain}'? events are written with the word as it is"
                       + _shown(lark, " ".join([player, plain, *tail])))
    if game is not None and word in _ALL_EVENT_WORDS and word not in game and not _other_digits(offending):
        # "S bid hearts" in euchre (but a full-width digit after "bid" is told of first)
        return _not_of_this_game(line, at, word, game)
    if word == "order" and offending.lower() == "up":
        return Problem(line, column, "'order up' is written 'order'",
                       f"write '{player} order' (the dealer who takes the card up writes 'order' too)")
    if "COMMA" in expected and _NAME_LIKE.fullmatch(offending) and text[column - 1 + len(offending):].strip() \
            and not text[column - 2].isalnum() and _event_at(text, column, lark):  # not a word the lexer cut
        return Problem(line, column, f"a ',' is missing before '{offending}'", "separate the events of a line with ','"
                       + _shown(lark, _with_commas(text, column, lark)))
    return None


def _event_at(text: str, column: int, lark: Lark) -> bool:
    """Whether an event starts at `column` (``E pass`` of ``N pass E pass S pass``): its words up to
    the next ``,`` read alone, or up to where the parser wants the next ``,``. ``foo`` of
    ``A bid 7 foo, Y pass`` does not, and is told as it is alone."""
    end = text.find(",", column - 1)
    try:
        lark.parse(uncommented(text[column - 1:end if end != -1 else len(text)]))
    except (UnexpectedToken, UnexpectedCharacters) as error:
        return "COMMA" in _refusal(error)[1]
    except Exception:  # noqa: BLE001 - any other refusal: no event there
        return False
    return True


def _accepted_after(lark: Lark, start: str, game: frozenset[str] | None) -> set[str] | None:
    """The terminals the parser takes after `start`, the beginning of a line (of the game being
    read), or None when `start` does not read either."""
    try:
        parser = lark.parse_interactive(start)
        parser.exhaust_lexer()
        taken = parser.accepts()  # type: ignore[no-untyped-call]  # lark leaves it unannotated
    except Exception:  # noqa: BLE001 - any refusal: the parser's own complaint stands
        return None
    return _of_game({str(name) for name in taken}, game)


def _word_cut(text: str, line: int, column: int, offending: str, lark: Lark,
              game: frozenset[str] | None) -> Problem | None:
    """``A bid 6 colours``: the lexer took a word of the notation off the front of a longer word
    (``colour``, then ``s``), so the parser's complaint is about the tail. Told of the whole word,
    with what the parser would have taken in its place."""
    if column < 2 or not (text[column - 2].isalnum() and offending[:1].isalnum()):
        return None
    start = column - 1
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-'"):
        start -= 1
    accepts = _accepted_after(lark, text[:start], game)
    if accepts is None:
        return None
    word = _word_at(text, start + 1)
    return Problem(line, start + 1, f"unexpected '{word}'; expected {_describe(accepts, lark, game)}",
                   did_you_mean(word, _keywords(accepts, lark, game)) + _hint_for(text, accepts))


_RECORDED = re.compile(r"\s*recorded\b")
_JOINED_SIDE = re.compile(r"([^\W\d_][\w']*)[/&.|\\+]([^\W\d_][\w']*)")
_NAME_BEFORE = re.compile(r"(?<![\w'])[^\W\d_][\w']*\Z")


def _side_slip(text: str, line: int, column: int, lark: Lark) -> Problem | None:
    """``recorded N/S +4``: a side written as a table writes it on its score sheet, with a mark
    between the partners other than the ``-`` of ``[Partners]`` (which the parser reads as the side
    ``N`` and then ``/S`` where the score belongs)."""
    if not _RECORDED.match(text):
        return None
    name = _NAME_BEFORE.search(text, 0, column - 1)
    joined = _JOINED_SIDE.match(text, name.start()) if name is not None else None
    if joined is None or joined.end(1) != column - 1:
        return None
    mended = _mended_recorded(uncommented(text).strip(), lark)
    parted = mended is not None and mended[1]
    side = joined.group().rstrip("0123456789") if parted else joined.group()
    shown = "" if mended is None else f"{', then its signed score' if parted else ''}: '{mended[0]}'"
    return Problem(line, column, f"unexpected {named(text[column - 1])} in the side '{side}'",
                   f"a side is written with '-' between its players, as in [Partners]{shown}")


_GLUED_SCORE = re.compile(r"(?<=[^\W\d_])([0-9]+)(?=\s*(?:,|$))")
_RESULT_MENDS = (
    (re.compile(r"(?<=[\w'])\s*[:=]\s*(?=[+-]?\s*[0-9])"), " "),  # "N-S: +1", "N-S=+1"
    (re.compile(r"(?<=[+-])\s+(?=[0-9])"), ""),  # "+ 1"
    (re.compile(r"(?<=[0-9])(?:\s*;\s*|\s+)(?=[^\W\d_])"), ", "),  # "+1 E-W 0", "+1;E-W 0"
    (re.compile(r"\s*[.;]\Z"), ""),  # "+1."
)
"""The slips of a result's form, each with what mends it."""


def _mended_recorded(code: str, lark: Lark) -> tuple[str, bool] | None:
    """A ``recorded`` line with its sides joined by '-', each score after its side and the results
    apart with ``,``; and whether its scores had to be parted from the sides (``N/S4`` → ``N-S +4``:
    tried only when the line does not read otherwise, a player may be called ``P4``). None when it
    still does not read."""
    joined = _JOINED_SIDE.sub(lambda m: f"{m.group(1)}-{m.group(2)}", code)
    for slip, mend in _RESULT_MENDS:
        joined = slip.sub(mend, joined)
    if _reads(lark, joined):
        return joined, False
    parted = _GLUED_SCORE.sub(r" +\1", joined)
    return (parted, True) if _reads(lark, parted) else None


def _recorded_hint(text: str, expected: set[str], lark: Lark) -> str | None:
    """For a ``recorded`` line the parser refused: the line written right, when it is a slip of form
    (``recorded N-S: +1``, ``recorded N-S4``, no ``,`` between results), before its form; else None."""
    if not _RECORDED.match(text):
        return None
    mended = _mended_recorded(uncommented(text).strip(), lark)
    return None if mended is None else f"did you mean '{mended[0]}'? {_hint_for(text, expected)}"


def _recorded_slip(text: str, line: int, column: int, offending: str, wanted: str, expected: set[str],
                   lark: Lark) -> Problem | None:
    """The parser's complaint about a ``recorded`` line, with the line written right (`_recorded_hint`)."""
    hint = _recorded_hint(text, expected, lark)
    return None if hint is None else Problem(line, column, f"unexpected '{offending}'; expected {wanted}", hint)


_TAG_LIKE = re.compile(r'\s*([\[(]?)\s*([A-Za-z][A-Za-z0-9_]*)\s*[:=]?\s*(?:"([^"]*)"|([^"\[\]()]*?))\s*([\])]?)')


_SINGLE_QUOTES = "'\u2018\u2019"
"""Quotes around a tag's value that the notation does not read as such (``[Game 'euchre']``)."""


def _tag_slip(text: str, line: int, column: int, offending: str, wanted: str) -> Problem | None:
    """A tag line written nearly right — ``Game "euchre"]``, ``[Game: "euchre"]``, ``[Game euchre]``,
    ``(Game "euchre")``, ``[Game "euchre"])`` — shown as the notation writes it. Told only of a line
    in brackets (or, without any, ``Name "value"`` alone, the name capitalised): ``N "pass"`` is an event's."""
    code = uncommented(text).rstrip()
    tag = _TAG_LIKE.fullmatch(code) or _TAG_LIKE.match(code)
    if tag is None:
        return None
    opened, name, value, bare, closed = tag.groups()
    if not (opened or closed or (value is not None and name[:1].isupper() and len(name) > 2)):
        return None
    written = f'[{name} "{value if value is not None else bare.strip(_SINGLE_QUOTES)}"]'
    rest = code[tag.end():].strip()
    if rest and opened == "[" and closed == "]" and value is not None and column > tag.end():
        return Problem(line, column, f"unexpected '{offending}' after the tag",
                       f"a tag line holds one tag (a comment after '#' aside): '{written}'")
    if rest:
        return None
    if opened != "[":  # the parser read the start of an event: what it expected says nothing
        return Problem(line, len(text) - len(text.lstrip()) + 1, "a tag line starts with '[' and ends with ']'",
                       f"write '{written}'")
    return Problem(line, column, f"unexpected '{offending}'; expected {wanted}",
                   f"a tag looks like [Name \"value\"], one to a line: '{written}'")


def _other_digits(text: str) -> bool:
    """Whether `text` holds a digit other than 0-9 (full-width, circled), which the notation does not read."""
    return any(c.isnumeric() and not c.isascii() for c in text)


def _not_of_this_game(line: int, at: int, word: str, game: frozenset[str]) -> Problem:
    return Problem(line, at, f"'{word}' is not an event of this game",
                   f"its events are a card or: {', '.join(sorted(game))} (docs/notation.md §3)")


_RANKS = frozenset({"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2", "a", "k", "q", "j", "t"})


def _with_commas(text: str, column: int, lark: Lark) -> str:
    """`text` with a ``,`` put before each player whose event follows another without one. The
    parser finds them one at a time, each time reading only what follows the last comma put in
    (it stops at the first mistake), so the whole costs about one reading of the line."""
    head = text[:column - 1].rstrip() + ", "
    rest = text[column - 1:].strip()
    for _ in range(MOST_COMMAS):
        try:
            lark.parse(rest)
        except (UnexpectedToken, UnexpectedCharacters) as error:
            at, allowed = _refusal(error)
            if at < 1 or "COMMA" not in allowed or not _NAME_LIKE.match(rest, at):
                break
            head, rest = head + rest[:at].rstrip() + ", ", rest[at:]
        except Exception:  # noqa: BLE001 - any other mistake is left for the next run to report
            break
        else:
            break
    return (head + rest).strip()


def _refusal(error: UnexpectedToken | UnexpectedCharacters) -> tuple[int, set[str]]:
    """Where in its line (from 0) the parser stopped, and the terminals it would have taken there."""
    if isinstance(error, UnexpectedToken):
        return (error.token.column or 0) - 1, {str(name) for name in error.expected}
    return error.column - 1, {str(name) for name in error.allowed or ()}


MOST_COMMAS = 8
"""Commas put in after the first: a trick at the largest table. More on one line are left for the
next run to find, so that a file of a thousand such lines costs a few parses each, not dozens."""


_LABEL_WITHOUT_COLON = re.compile(r"\s*trick\s+\d+\s*")
_PLAYER_ALONE = re.compile(r"(?:.*,|\s*trick\s+\d+\s*:)?\s*([^\W\d_][\w']*)\s*")
_MARKS = (";", ".", "/", "|", "-", "\u2013", "\u2014")
"""Marks written between events where the notation has a ``,`` (a hyphen or dash as well)."""


def _punctuation(text: str, line: int, column: int, offending: str) -> Problem:
    """``N pass; E pass``, ``N JH.``: a stop or semicolon where the notation has a comma, or nothing."""
    mark = offending if offending in _MARKS else offending[-1]
    at = column if offending == mark else column + len(offending) - 1
    rest = text[at:].split("#", 1)[0].strip()
    if _LABEL_WITHOUT_COLON.fullmatch(text, 0, at - 1):  # "trick 1 - N JH"
        return Problem(line, at, f"unexpected {named(mark)} after the label",
                       f"a label ends with ':': '{text[:at - 1].strip()}: {rest}'")
    player = _PLAYER_ALONE.fullmatch(text, 0, at - 1)
    if player and rest:  # "N - pass"
        return Problem(line, at, f"unexpected {named(mark)} after the player '{player.group(1)}'",
                       f"an event is the player then the card or word: '{text[:at - 1].rstrip()} {rest}'")
    if not rest:
        return Problem(line, at, f"unexpected {named(mark)} at the end of the line",
                       f"a line needs nothing after its last event: '{text[:at - 1].strip()}'")
    fixed = f"{text[:at - 1].rstrip()}, {rest}"
    return Problem(line, at, f"unexpected {named(mark)} between events",
                   f"separate the events of a line with ',': '{fixed}'")


_HAND_LINE = re.compile(r"\s*hand\b")


def _hand_line_problem(text: str, line: int) -> Problem | None:
    """``hand 2, dealer: Ann`` is a hand line written as people write it: say how it is written,
    rather than what the parser makes of it. (``Hand 2, dealer: Ann`` may be the line of a
    player called Hand: the reader, which knows the players, tells it as a hand line when it is
    one, `handline.spoiling_problem`.)"""
    if not _HAND_LINE.match(text):
        return None
    return hand_line_problem(text, line)


def _end_column(text: str) -> int:
    """The column just after the line's last word: where a line that ends too early ends, a
    comment after it aside (the error points at the line, not past its comment)."""
    return len(uncommented(text).rstrip()) + 1


def _problem_at_end(expected: set[str], text: str, line: int, column: int, lark: Lark,
                    game: frozenset[str] | None = None) -> Problem:
    wanted = _describe(expected, lark, game)
    if text.lstrip().startswith("["):
        return Problem(line, column, f"unclosed tag {uncommented(text).strip()!r}; expected {wanted}",
                       'a tag looks like [Name "value"] on one line')
    written = uncommented(text).rstrip()
    if written.endswith(","):  # "N pass, E pass,"
        return Problem(line, column - 1, "unexpected ',' at the end of the line",
                       f"a line needs nothing after its last event: '{written[:-1].strip()}'")
    return Problem(line, column, f"the line ends too early; expected {wanted}",
                   _recorded_hint(text, expected, lark) or _hint_for(text, expected))


def _hint_for(text: str, expected: set[str]) -> str:
    """The form of the line `text` is (by its first word), for the hint of a mistake in it."""
    if text.lstrip().startswith("["):
        return 'a tag looks like [Name "value"], one to a line'
    words = text.replace(":", " ").split()
    if words and words[0] == "hand":
        return "a hand starts with: hand [N] dealer PLAYER"
    if words and words[0] in LINE_FORMS:
        return f"the line looks like: {LINE_FORMS[words[0]]}"
    if "NAME" in expected and len(expected) <= 3:
        return f"every event starts with the acting player, e.g. {LINE_FORMS['event']}"
    return ("events look like 'P CARD', 'P pass', 'P bid 3', 'P name hearts'; separate events with ','"
            " (every line and word: docs/notation.md)")

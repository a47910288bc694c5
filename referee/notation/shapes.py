"""Every event's shape, made from the one declaration of its class in `events` (``@event``).

An event is declared once: its record's fields, how it is written after the player (`written`)
and how it is said in plain words (`said`). Everything else that knows an event is made from
that declaration here, so that a new event is one class, and no table elsewhere can miss it:

- the grammar's event rules (`grammar_rules`, added to ``grammars/transcript.lark`` by
  `reader.grammar_text`), and what the transformer reads from each rule (`Shape.slots`);
- the canonical text ``referee fmt`` writes (`write`) and the sentence the renderers say (`say`);
- the same for the events a game declares in its package (`GAME_SHAPES`, from `vocabulary`: one
  record, `events.Said`, for them all);
- the words that start each kind of event (`WORDS`), every word an event spells (`KEYWORDS`),
  the events of one word that `CommonLines` reads without the parser (`WORD_EVENTS`), and the
  irregular forms of their words that error hints point back to (`FORMS`).

The written form, item by item (after the player):

- a plain word is written as it is (``claim revoke``);
- ``{field:TERMINAL}`` is a field, read from the grammar's terminal and written back as
  `WRITERS` says; ``{a:T1|b:T2}`` takes whichever terminal is there, into its own field (the
  others None); ``{a,b:rule}`` is a rule of the grammar whose value, a tuple, fills the fields;
- ``[...]`` may be left out: its fields are then absent, None (or False for a flag: `ABSENT`).

The said form is text with ``{field}`` (the field as the transcript writes it, or any attribute
of the record, such as ``{text}``), and ``[...]``, said only when no field named in it is
absent, or ``[...|...]`` with what to say when one is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import get_args

from . import events as ev
from .cards import Card, Suit
from .vocabulary import vocabulary

WORD_TERMINALS: dict[str, tuple[str, ...]] = {"BELLE": ("belle",), "KEEP_WORD": ("keep", "keep-over")}
"""Terminals that are a few fixed words, used in the events' shapes: `grammar_rules` defines them."""

ABSENT: dict[str, object] = {"BELLE": False}
"""A field's value when its terminal is left out (None unless said here)."""


def _bid_value(number: int | None, qualifier: str | None, contract: str | None) -> str:
    if contract:
        return contract
    if qualifier in ("S", "H", "D", "C"):
        qualifier = Suit(qualifier).word
    return f"{number} {qualifier}" if qualifier else str(number)


WRITERS: dict[str, Callable[..., str]] = {
    "CARD": Card.__str__, "SUIT": lambda suit: suit.word, "NAME": str, "INT": str, "CALL_WORD": str,
    "BELLE": lambda belle: "belle", "KEEP_WORD": lambda over: "keep-over" if over else "keep",
    "bid_value": _bid_value,
}
"""How a field read from each terminal (or a rule's fields together) is written back."""


# The pieces below are plain slotted classes, not dataclasses: they are made at every start-up,
# and making a dataclass costs more than everything else this module does.

class Slot:
    """One child of an event's rule: `alternatives` are (fields, terminal or rule) pairs."""

    __slots__ = ("alternatives",)

    def __init__(self, alternatives: tuple[tuple[tuple[str, ...], str], ...]) -> None:
        self.alternatives = alternatives

    def grammar(self) -> str:
        names = [terminal for _, terminal in self.alternatives]
        return names[0] if len(names) == 1 else f"({' | '.join(names)})"


class Group:
    """``[...]`` in the written form: items that may be left out."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Item, ...]) -> None:
        self.items = items


Item = str | Slot | Group


class Named:
    """``{name}`` in the said form."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class Either:
    """``[then|otherwise]`` in the said form: `then` when no field named in it is absent."""

    __slots__ = ("otherwise", "then")

    def __init__(self, then: tuple[Piece, ...], otherwise: tuple[Piece, ...]) -> None:
        self.then = then
        self.otherwise = otherwise


Piece = str | Named | Either


def _slots(items: tuple[Item, ...]) -> Iterator[Slot]:
    for item in items:
        if isinstance(item, Slot):
            yield item
        elif isinstance(item, Group):
            yield from _slots(item.items)


def _named(pieces: tuple[Piece, ...]) -> Iterator[str]:
    for piece in pieces:
        if isinstance(piece, Named):
            yield piece.name
        elif isinstance(piece, Either):
            yield from _named(piece.then)
            yield from _named(piece.otherwise)


class Shape:
    """One kind of event as its declaration describes it: `rule` is the grammar's rule of the
    kind (and the replay's handler, ``on_<rule>``); `slots` the rule's children after the player,
    in order (one each, None when left out); `word` the words it is written with before its
    first field (``claim rest``), else its rule."""

    __slots__ = ("items", "kind", "rule", "said", "slots", "word")

    def __init__(self, kind: type[ev.Event], items: tuple[Item, ...], said: tuple[Piece, ...]) -> None:
        self.kind = kind
        self.items = items
        self.said = said
        self.rule = kind.__name__.lower()
        self.slots = tuple(_slots(items))
        words: list[str] = []
        for item in items:
            if not isinstance(item, str):
                break
            words.append(item)
        self.word = " ".join(words) or self.rule

    def grammar(self) -> str:
        return f"{self.rule}: NAME {_grammar(self.items)}"

    def value(self, event: ev.Event, name: str) -> object:
        """Field `name` of `event`."""
        return getattr(event, name)

    def absent(self, name: str) -> object:
        """Field `name`'s value when the transcript leaves it out."""
        return next((ABSENT.get(terminal) for slot in self.slots for fields, terminal in slot.alternatives
                     if name in fields), None)

    def field_text(self, event: ev.Event, name: str) -> str:
        """Field `name` as the transcript writes it (any other attribute as a string)."""
        for slot in self.slots:
            for fields, terminal in slot.alternatives:
                if fields == (name,):
                    return WRITERS[terminal](self.value(event, name))
        return str(getattr(event, name))

    def write_items(self, event: ev.Event, items: tuple[Item, ...], out: list[str]) -> bool:
        """Append the text of `items` to `out`; False when a field in them is not given."""
        for item in items:
            if isinstance(item, str):
                out.append(item)
            elif isinstance(item, Group):
                inner: list[str] = []
                if self.write_items(event, item.items, inner):
                    out.extend(inner)
            else:
                for fields, terminal in item.alternatives:
                    values = [self.value(event, name) for name in fields]
                    if len(fields) > 1 or values[0] != ABSENT.get(terminal):
                        out.append(WRITERS[terminal](*values))
                        break
                else:
                    return False
        return True

    def say(self, event: ev.Event, pieces: tuple[Piece, ...] | None = None) -> str:
        out: list[str] = []
        for piece in self.said if pieces is None else pieces:
            if isinstance(piece, str):
                out.append(piece)
            elif isinstance(piece, Named):
                out.append(self.field_text(event, piece.name))
            else:
                given = all(self.value(event, name) != self.absent(name) for name in _named(piece.then))
                out.append(self.say(event, piece.then if given else piece.otherwise))
        return "".join(out)


class SaidShape(Shape):
    """A game's own event, declared in its package (`vocabulary`): one record, `events.Said`,
    whose `args` are the fields its written form names, in order (`names`)."""

    __slots__ = ("names",)

    def __init__(self, word: str, items: tuple[Item, ...], said: tuple[Piece, ...]) -> None:
        super().__init__(ev.Said, items, said)
        self.rule = "said_" + word.replace("-", "_")
        self.names = tuple(name for slot in self.slots for fields, _ in slot.alternatives for name in fields)

    def value(self, event: ev.Event, name: str) -> object:
        if name in self.names:
            assert isinstance(event, ev.Said)
            return event.args[self.names.index(name)]
        return getattr(event, name)


GAME_TERMINALS = frozenset({"CARD", "SUIT", "NAME", "INT"})
"""What a game's own event may read: cards, suits, names (players) and numbers."""


def _grammar(items: tuple[Item, ...]) -> str:
    parts = []
    for item in items:
        if isinstance(item, str):
            parts.append(f'"{item}"')
        elif isinstance(item, Group):
            parts.append(f"[{_grammar(item.items)}]")
        else:
            parts.append(item.grammar())
    return " ".join(parts)


_WRITTEN = re.compile(r"\[|\]|\{[^}]*\}|[^\s\[\]{}]+")
_SAID = re.compile(r"\[|\]|\||\{[^}]*\}|[^\[\]|{}]+")


def _items(tokens: Iterator[str]) -> tuple[Item, ...]:
    """The written form's items up to the closing ``]``."""
    items: list[Item] = []
    for token in tokens:
        if token == "[":
            items.append(Group(_items(tokens)))
        elif token == "]":
            return tuple(items)
        elif token.startswith("{"):
            alternatives = []
            for alternative in token[1:-1].split("|"):
                fields, _, terminal = alternative.partition(":")
                alternatives.append((tuple(fields.split(",")), terminal))
            items.append(Slot(tuple(alternatives)))
        else:
            items.append(token)
    return tuple(items)


def _pieces(tokens: Iterator[str]) -> tuple[tuple[Piece, ...], str]:
    """The said form's pieces up to the closing ``]`` or ``|`` (returned with it)."""
    pieces: list[Piece] = []
    for token in tokens:
        if token in ("]", "|"):
            return tuple(pieces), token
        if token == "[":
            then, end = _pieces(tokens)
            otherwise = _pieces(tokens)[0] if end == "|" else ()
            pieces.append(Either(then, otherwise))
        elif token.startswith("{"):
            pieces.append(Named(token[1:-1]))
        else:
            pieces.append(token)
    return tuple(pieces), ""


def _shape(kind: type[ev.Event]) -> Shape:
    if kind not in ev.DECLARED:
        raise TypeError(f"the event {kind.__name__} is not declared (@event in referee/notation/events.py)")
    written, said, _ = ev.DECLARED[kind]
    return Shape(kind, _items(iter(_WRITTEN.findall(written))), _pieces(iter(_SAID.findall(said)))[0])


def _said_shape(word: str, written: str, said: str) -> SaidShape:
    shape = SaidShape(word, _items(iter(_WRITTEN.findall(written))), _pieces(iter(_SAID.findall(said)))[0])
    terminals = {terminal for slot in shape.slots for _, terminal in slot.alternatives}
    if not terminals <= GAME_TERMINALS or any(len(names) > 1 for slot in shape.slots
                                              for names, _ in slot.alternatives):
        raise ValueError(f"the event {word!r} of a game's words.json reads {sorted(terminals - GAME_TERMINALS)}: "
                         f"a game's event reads single fields of {', '.join(sorted(GAME_TERMINALS))}")
    return shape


EVENTS: tuple[type[ev.Event], ...] = tuple(kind for kind in get_args(ev.Event) if kind is not ev.Said)
SHAPES: dict[type, Shape] = {kind: _shape(kind) for kind in EVENTS}
"""Every shared kind of event's shape, in the order of `events.Event`."""

GAME_SHAPES: dict[str, SaidShape] = {word: _said_shape(word, *forms) for word, forms in vocabulary().events.items()}
"""The games' own events (`events.Said`), by their word, as their packages declare them."""


def shape_of(event: ev.Event) -> Shape:
    """The shape of `event`: its kind's, or for a game's own event, its word's."""
    return GAME_SHAPES[event.word] if type(event) is ev.Said else SHAPES[type(event)]


def grammar_rules() -> str:
    """The grammar's event rules and word terminals, made from the declarations."""
    shapes = [*SHAPES.values(), *GAME_SHAPES.values()]
    lines = ["?event: " + "\n      | ".join(shape.rule for shape in shapes)]
    lines += [shape.grammar() for shape in shapes]
    lines += [f"{name}: " + " | ".join(f'"{w}"' for w in words) for name, words in WORD_TERMINALS.items()]
    return "\n".join(lines) + "\n"


def write(event: ev.Event) -> str:
    """The event as the transcript writes it, canonically (``N claim revoke E trick 3``)."""
    shape = shape_of(event)
    out = [event.player]
    shape.write_items(event, shape.items, out)
    return " ".join(out)


def say(event: ev.Event) -> str:
    """The event in plain words (``N sells (accepts the highest bid)``)."""
    return shape_of(event).say(event)


def _first_words(shape: Shape) -> tuple[str, ...]:
    first = shape.items[0]
    if isinstance(first, str):
        return (first,)
    if isinstance(first, Slot):
        return tuple(w for _, terminal in first.alternatives for w in WORD_TERMINALS.get(terminal, ()))
    return ()


WORDS: dict[type, tuple[str, ...]] = {kind: _first_words(s) for kind, s in SHAPES.items() if _first_words(s)}
"""The words each kind of event is written with after the player (a play has none: it is the
card). A game's words are those of the kinds it gives a meaning (`HandReplay.event_words`): the
syntax error of a euchre line lists only euchre's words."""


def _spelt(items: tuple[Item, ...]) -> Iterator[str]:
    for item in items:
        if isinstance(item, str):
            yield item
        elif isinstance(item, Group):
            yield from _spelt(item.items)
        else:
            for _, terminal in item.alternatives:
                yield from WORD_TERMINALS.get(terminal, ())


KEYWORDS: frozenset[str] = frozenset(word for shape in (*SHAPES.values(), *GAME_SHAPES.values())
                                     for word in _spelt(shape.items))
"""Every word an event spells out (``claim``, ``revoke``, ``belle``, ``keep-over``...)."""

FORMS: dict[str, str] = {form: SHAPES[kind].word for kind in EVENTS for form in ev.DECLARED[kind][2]}
"""Forms of an event's word that stripping an ending does not undo (``sold`` → ``sell``), for hints."""

def _said(word: str) -> Callable[[str, ev.Span], ev.Event]:
    return lambda player, at: ev.Said(player, word, (), at)


WORD_EVENTS: dict[str, Callable[[str, ev.Span], ev.Event]] = {
    **{shape.items[0]: kind for kind, shape in SHAPES.items()
       if len(shape.items) == 1 and isinstance(shape.items[0], str)},
    **{word: _said(word) for word, shape in GAME_SHAPES.items() if shape.items == (word,)}}
"""The events written as the player and one word (``N pass``, a game's ``D forgot``): the
constructor of each, by its word."""

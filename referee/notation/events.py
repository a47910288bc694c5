"""What a transcript says happened: one small immutable record per line or event.

Each record keeps the line and column it came from, so every finding can point back to the
exact place in the transcript. Records carry no game logic; the games give them meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .cards import Card, Suit
from .records import record


@record
class Span:
    """A position in the transcript (1-based line and column)."""

    line: int
    column: int


# ---- structural lines -------------------------------------------------------------------

INFO_TAGS = ("Event", "Site", "Date", "Table", "Note")
SHARED_TAGS = frozenset({"Game", "Players", "Partners", "Rules", "Score", "Pool", "Belle", *INFO_TAGS})
"""The tags of every game's header (a game may declare more: `vocabulary().tags`)."""


@record
class Tag:
    name: str
    value: str
    at: Span
    value_at: Span  # where the text inside the quotes starts


@record
class HandHeader:
    """``hand [N] [dealer P]``: the dealer is required on a game's first hand only."""

    number: int | None
    dealer: str | None
    at: Span
    dealer_at: Span | None


@record
class DealLine:
    """`card_columns`: where each card starts on the line, kept as numbers: only a finding
    about a card needs its `Span` (`card_spans`), and a clean deal has none."""

    player: str
    cards: tuple[Card, ...]
    at: Span
    card_columns: tuple[int, ...]

    @property
    def card_spans(self) -> tuple[Span, ...]:
        return tuple(Span(self.at.line, column) for column in self.card_columns)


@record
class UpcardLine:
    card: Card
    at: Span


@record
class RecordedLine:
    changes: tuple[tuple[str, int, Span], ...]  # (who, signed amount, where)
    at: Span


@record
class NoteLine:
    text: str
    at: Span


@record
class RedealLine:
    """``redeal [why]``: `reason` is misdeal, thrown-in, imperfect-pack or faced-card (or a reason
    a game declares in its ``words.json``), or None."""

    at: Span
    reason: str | None = None


# ---- events (each starts with the acting player) ---------------------------------------

T = TypeVar("T")

DECLARED: dict[type, tuple[str, str, tuple[str, ...]]] = {}
"""Each event's declaration (`event`), by its class."""


def event(written: str, said: str, forms: tuple[str, ...] = ()) -> Callable[[type[T]], type[T]]:
    """Declare an event, once: how it is `written` after the player, how it is `said` in plain
    words, and the `forms` of its word that a hint points back to it (``sold`` → ``sell``). The
    grammar's rule, the transformer, fmt's text, the renderers' sentence and the tables of words
    are all made from this (`shapes` says how to read it): a new event is a new class here,
    added to `Event`, and a handler in the games. (Kept beside the class, not as class
    attributes: a dataclass pays for every annotation, at every start-up.)"""
    def declare(cls: type[T]) -> type[T]:
        DECLARED[cls] = (written, said, forms)
        return cls
    return declare


@event("{card:CARD}", "{player} plays {card}")
@record
class Play:
    player: str
    card: Card
    at: Span


@event("pass", "{player} passes")
@record
class Pass:
    player: str
    at: Span


@event("order", "{player} orders up", forms=("orders-up",))
@record
class Order:
    player: str
    at: Span


@event("bid {number,qualifier,contract:bid_value}", "{player} bids {text}", forms=("bade", "bidden"))
@record
class Bid:
    """A bid: `number` and `qualifier` (a word, suit letter or 'belle'), or a named `contract`."""

    player: str
    number: int | None
    qualifier: str | None
    contract: str | None
    at: Span

    @property
    def text(self) -> str:
        if self.contract:
            return self.contract
        return f"{self.number} {self.qualifier}" if self.qualifier else str(self.number)


@event("discard {card:CARD}", "{player} discards {card}")
@record
class Discard:
    player: str
    card: Card
    at: Span


@event("alone", "{player} goes alone", forms=("goes", "go", "going", "gone"))
@record
class Alone:
    player: str
    at: Span


@event("name {suit:SUIT}", "{player} names {suit}")
@record
class NameSuit:
    player: str
    suit: Suit
    at: Span


@event("expose {card:CARD}", "{player} exposes {card} (the table saw it without its being played)")
@record
class Expose:
    player: str
    card: Card
    at: Span


@event("retract {card:CARD}", "{player} takes back {card}")
@record
class Retract:
    player: str
    card: Card
    at: Span


@event("claim revoke {accused:NAME} [trick {trick:INT}]", "{player} claims that {accused} revoked[ in trick {trick}]")
@record
class Claim:
    player: str
    accused: str
    trick: int | None
    at: Span


@event("call {word:CALL_WORD|suit:SUIT|card:CARD}", "{player}, holding the right to a penalty, chooses: {text}")
@record
class Call:
    """A penalty choice: `word` (highest, lowest, trump, no-trump, win, lose, withhold), a suit or a card."""

    player: str
    word: str | None
    suit: Suit | None
    card: Card | None
    at: Span

    @property
    def text(self) -> str:
        if self.word:
            return self.word
        if self.card:
            return self.card.text
        assert self.suit is not None
        return self.suit.word


@event("accept", "{player} accepts")
@record
class Accept:
    player: str
    at: Span


@event("count {target:NAME}", "{player} draws attention to {target}'s tricks")
@record
class Count:
    player: str
    target: str
    at: Span


@event("concede", "{player} concedes")
@record
class Concede:
    player: str
    at: Span


@event("spread", "{player} lays the hand face up")
@record
class Spread:
    player: str
    at: Span


@event("sell", "{player} sells (accepts the highest bid)", forms=("sold",))
@record
class Sell:
    player: str
    at: Span


@event("refuse", "{player} refuses to sell and pitches")
@record
class Refuse:
    player: str
    at: Span


@event("pitch", "{player} pitches before any bid")
@record
class Pitch:
    player: str
    at: Span


@event("demand [{belle:BELLE}] [{card:CARD}]", "{player} demands a partner[ in {belle}][, laying {card} face down]")
@record
class Demand:
    player: str
    belle: bool
    card: Card | None
    at: Span


@event("{over:KEEP_WORD}", "{player} says {over}", forms=("kept",))
@record
class Keep:
    """Boston club speech: `keep` (same number, colour) or `keep-over` (first preference)."""

    player: str
    over: bool
    at: Span


@event("look [trick {trick:INT}]", "{player} looks at [trick {trick}|the last trick], already quitted")
@record
class Look:
    """``P look [trick N]``: P looks at a trick already quitted (the last one, unless N is given)."""

    player: str
    trick: int | None
    at: Span


@event("claim rest", "{player} claims the rest of the tricks")
@record
class ClaimRest:
    """``P claim rest``: P claims the rest of the tricks: that he can win them all, or a misère's caller
    that he will lose them all (the game's hand tells which: its words here are for any player)."""

    player: str
    at: Span


@record
class Said:
    """A game's own event (Whist's ``P ask Q``): not declared here but in the game's package
    (``words.json``, read by `vocabulary`), so that a game adds an event without touching the
    shared grammar. `word` is its first word; `args` the values its written form reads, in order
    (a card, a suit, a name or a number; None for a part left out). The replay hands it to the
    game's handler of the word, `Declaration.said` (a game without one finds it meaningless, as
    any other event)."""

    player: str
    word: str
    args: tuple[Card | Suit | str | int | None, ...]
    at: Span


Event = (
    Play | Pass | Order | Bid | Discard | Alone | NameSuit | Expose | Retract | Claim | Call | Accept
    | Count | Concede | Spread | Sell | Refuse | Pitch | Demand | Keep | Look | ClaimRest | Said
)


@record
class EventLine:
    """One line of events; `trick` is the optional ``trick N:`` label, which speaks of the line's
    first card (a finding about it stands at that card)."""

    trick: int | None
    events: tuple[Event, ...]
    at: Span


Line = Tag | HandHeader | DealLine | UpcardLine | RecordedLine | NoteLine | RedealLine | EventLine


"""What a transcript says happened: one small immutable record per line or event.

Each record keeps the line and column it came from, so every finding can point back to the
exact place in the transcript. Records carry no game logic; the games give them meaning.
"""

from __future__ import annotations

from typing import ClassVar

from .cards import Card, Suit
from .records import record


@record
class Span:
    """A position in the transcript (1-based line and column)."""

    line: int
    column: int


# ---- structural lines -------------------------------------------------------------------

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
    player: str
    cards: tuple[Card, ...]
    at: Span
    card_spans: tuple[Span, ...]


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
    """``redeal [why]``: `reason` is misdeal, thrown-in, imperfect-pack or faced-card, or None."""

    at: Span
    reason: str | None = None


# ---- events (each starts with the acting player) ---------------------------------------
# Each event is declared here once: its fields, how it is `written` after the player and how it
# is `said` in plain words (and, for a few, the `forms` of its word that a hint points back to
# it: ``sold`` → ``sell``). The grammar's rule, the transformer, fmt's text, the renderers'
# sentence and the tables of words are all made from these lines (`shapes` says how to read
# them): a new event is a new class here, added to `Event`, and a handler in the games.

@record
class Play:
    player: str
    card: Card
    at: Span
    written: ClassVar[str] = "{card:CARD}"
    said: ClassVar[str] = "{player} plays {card}"


@record
class Pass:
    player: str
    at: Span
    written: ClassVar[str] = "pass"
    said: ClassVar[str] = "{player} passes"


@record
class Order:
    player: str
    at: Span
    written: ClassVar[str] = "order"
    said: ClassVar[str] = "{player} orders up"
    forms: ClassVar[tuple[str, ...]] = ("orders-up",)


@record
class Bid:
    """A bid: `number` and `qualifier` (a word, suit letter or 'belle'), or a named `contract`."""

    player: str
    number: int | None
    qualifier: str | None
    contract: str | None
    at: Span
    written: ClassVar[str] = "bid {number,qualifier,contract:bid_value}"
    said: ClassVar[str] = "{player} bids {text}"
    forms: ClassVar[tuple[str, ...]] = ("bade", "bidden")

    @property
    def text(self) -> str:
        if self.contract:
            return self.contract
        return f"{self.number} {self.qualifier}" if self.qualifier else str(self.number)


@record
class Discard:
    player: str
    card: Card
    at: Span
    written: ClassVar[str] = "discard {card:CARD}"
    said: ClassVar[str] = "{player} discards {card}"


@record
class Alone:
    player: str
    at: Span
    written: ClassVar[str] = "alone"
    said: ClassVar[str] = "{player} goes alone"
    forms: ClassVar[tuple[str, ...]] = ("goes", "go", "going", "gone")


@record
class NameSuit:
    player: str
    suit: Suit
    at: Span
    written: ClassVar[str] = "name {suit:SUIT}"
    said: ClassVar[str] = "{player} names {suit}"


@record
class Expose:
    player: str
    card: Card
    at: Span
    written: ClassVar[str] = "expose {card:CARD}"
    said: ClassVar[str] = "{player} exposes {card} (the table saw it without its being played)"


@record
class Retract:
    player: str
    card: Card
    at: Span
    written: ClassVar[str] = "retract {card:CARD}"
    said: ClassVar[str] = "{player} takes back {card}"


@record
class Claim:
    player: str
    accused: str
    trick: int | None
    at: Span
    written: ClassVar[str] = "claim revoke {accused:NAME} [trick {trick:INT}]"
    said: ClassVar[str] = "{player} claims that {accused} revoked[ in trick {trick}]"


@record
class Call:
    """A penalty choice: `word` (highest, lowest, trump, no-trump, win, lose, withhold), a suit or a card."""

    player: str
    word: str | None
    suit: Suit | None
    card: Card | None
    at: Span
    written: ClassVar[str] = "call {word:CALL_WORD|suit:SUIT|card:CARD}"
    said: ClassVar[str] = "{player}, holding the right to a penalty, chooses: {text}"

    @property
    def text(self) -> str:
        if self.word:
            return self.word
        if self.card:
            return self.card.text
        assert self.suit is not None
        return self.suit.word


@record
class Accept:
    player: str
    at: Span
    written: ClassVar[str] = "accept"
    said: ClassVar[str] = "{player} accepts"


@record
class Count:
    player: str
    target: str
    at: Span
    written: ClassVar[str] = "count {target:NAME}"
    said: ClassVar[str] = "{player} draws attention to {target}'s tricks"


@record
class Concede:
    player: str
    at: Span
    written: ClassVar[str] = "concede"
    said: ClassVar[str] = "{player} concedes"


@record
class Spread:
    player: str
    at: Span
    written: ClassVar[str] = "spread"
    said: ClassVar[str] = "{player} lays the hand face up"


@record
class Sell:
    player: str
    at: Span
    written: ClassVar[str] = "sell"
    said: ClassVar[str] = "{player} sells (accepts the highest bid)"
    forms: ClassVar[tuple[str, ...]] = ("sold",)


@record
class Refuse:
    player: str
    at: Span
    written: ClassVar[str] = "refuse"
    said: ClassVar[str] = "{player} refuses to sell and pitches"


@record
class Pitch:
    player: str
    at: Span
    written: ClassVar[str] = "pitch"
    said: ClassVar[str] = "{player} pitches before any bid"


@record
class Demand:
    player: str
    belle: bool
    card: Card | None
    at: Span
    written: ClassVar[str] = "demand [{belle:BELLE}] [{card:CARD}]"
    said: ClassVar[str] = "{player} demands a partner[ in {belle}][, laying {card} face down]"


@record
class Keep:
    """Boston club speech: `keep` (same number, colour) or `keep-over` (first preference)."""

    player: str
    over: bool
    at: Span
    written: ClassVar[str] = "{over:KEEP_WORD}"
    said: ClassVar[str] = "{player} says {over}"
    forms: ClassVar[tuple[str, ...]] = ("kept",)


@record
class Look:
    """``P look [trick N]``: P looks at a trick already quitted (the last one, unless N is given)."""

    player: str
    trick: int | None
    at: Span
    written: ClassVar[str] = "look [trick {trick:INT}]"
    said: ClassVar[str] = "{player} looks at [trick {trick}|the last trick], already quitted"


@record
class ClaimRest:
    """``P claim rest``: P says he can win the rest of the tricks."""

    player: str
    at: Span
    written: ClassVar[str] = "claim rest"
    said: ClassVar[str] = "{player} says he can win the rest of the tricks"


Event = (
    Play | Pass | Order | Bid | Discard | Alone | NameSuit | Expose | Retract | Claim | Call | Accept
    | Count | Concede | Spread | Sell | Refuse | Pitch | Demand | Keep | Look | ClaimRest
)


@record
class EventLine:
    """One line of events; `trick` is the optional ``trick N:`` label."""

    trick: int | None
    trick_at: Span | None
    events: tuple[Event, ...]
    at: Span


Line = Tag | HandHeader | DealLine | UpcardLine | RecordedLine | NoteLine | RedealLine | EventLine


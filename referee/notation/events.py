"""What a transcript says happened: one small immutable record per line or event.

Each record keeps the line and column it came from, so every finding can point back to the
exact place in the transcript. Records carry no game logic; the games give them meaning.
"""

from __future__ import annotations

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

@record
class Play:
    player: str
    card: Card
    at: Span


@record
class Pass:
    player: str
    at: Span


@record
class Order:
    player: str
    at: Span


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


@record
class Discard:
    player: str
    card: Card
    at: Span


@record
class Alone:
    player: str
    at: Span


@record
class NameSuit:
    player: str
    suit: Suit
    at: Span


@record
class Expose:
    player: str
    card: Card
    at: Span


@record
class Retract:
    player: str
    card: Card
    at: Span


@record
class Claim:
    player: str
    accused: str
    trick: int | None
    at: Span


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


@record
class Accept:
    player: str
    at: Span


@record
class Count:
    player: str
    target: str
    at: Span


@record
class Concede:
    player: str
    at: Span


@record
class Spread:
    player: str
    at: Span


@record
class Sell:
    player: str
    at: Span


@record
class Refuse:
    player: str
    at: Span


@record
class Pitch:
    player: str
    at: Span


@record
class Demand:
    player: str
    belle: bool
    card: Card | None
    at: Span


@record
class Keep:
    """Boston club speech: `keep` (same number, colour) or `keep-over` (first preference)."""

    player: str
    over: bool
    at: Span


@record
class Look:
    """``P look [trick N]``: P looks at a trick already quitted (the last one, unless N is given)."""

    player: str
    trick: int | None
    at: Span


@record
class ClaimRest:
    """``P claim rest``: P says he can win the rest of the tricks."""

    player: str
    at: Span


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


WORDS: dict[type, tuple[str, ...]] = {
    Pass: ("pass",), Order: ("order",), Bid: ("bid",), Discard: ("discard",), Alone: ("alone",),
    NameSuit: ("name",), Expose: ("expose",), Retract: ("retract",), Claim: ("claim",), Call: ("call",),
    Accept: ("accept",), Count: ("count",), Concede: ("concede",), Spread: ("spread",), Sell: ("sell",),
    Refuse: ("refuse",), Pitch: ("pitch",), Demand: ("demand",), Keep: ("keep", "keep-over"), Look: ("look",),
    ClaimRest: ("claim",),
}
"""The word each kind of event is written with after the player (a play has none: it is the
card). A game's words are those of the kinds it gives a meaning (`HandReplay.event_words`): the
syntax error of a euchre line lists only euchre's words."""

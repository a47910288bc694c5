"""The common line shapes, read with one regular expression each, ahead of the LALR parser.

An archive is almost all deal lines, trick lines and runs of the usual events (plays, the
events of one word, discards, trumps named, and the bidding games' bids, keeps and demands),
written the usual way. For those lines the general parser's cost is per token and per
reduction (a Boston bidding line read by Lark cost a million instructions); one anchored
regular expression per shape does the same work in a single match. Anything else — an unusual
spacing, a comment, a player named like a keyword, any other event, and every line with a
mistake — is left to the LALR parser, which stays the definition of the notation and the only
source of syntax errors.

The patterns are built from the grammar's own terminals (`CARD`, `NAME`, `SUIT`, ...), so the
two readers cannot drift apart on what a card or a name is; `tests/test_common_lines.py`
checks that every line read here is read identically by the grammar.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from . import events as ev
from .cards import Card, parse_card, parse_suit
from .limits import MAX_DIGITS
from .shapes import SHAPES, WORD_EVENTS
from .usercache import KeptPatterns
from .vocabulary import vocabulary

_MOST_DEALT = 13
"""Deal lines of more cards (a misdeal) are left to the grammar."""
_MOST_PLAYS = 6
"""Trick lines of more plays than any game's table are read event by event."""
_LABEL = "trick "
"""How a trick's label starts when written the usual way (`CommonLines._read_known`)."""
_DEAL = "deal "
"""How a deal line starts when written the usual way (`CommonLines._read_known_deal`)."""
_MOST_KEPT = 4096
"""Events, and the players of deal lines, kept by their text (`CommonLines._events_known`,
`_deals_known`) before the store is emptied: a pack of 52 cards, a few players and their bids
make far fewer, and an archive of ever new texts must not make the reader's memory grow with
it (tests/test_scale.py)."""
_GAP = r"[ \t]+"      # where the grammar needs a break between two words
_SPACE = r"[ \t]*"    # where it needs none


class _Cards(dict[str, Card]):
    """The card of each spelling met (`parse_card`'s answer kept): a card read is one lookup
    rather than a call, and the line's pattern has already checked its shape, so the
    spellings kept are the few the grammar's `CARD` allows. (Read by subscripting: on the
    compiled build, a call of the bound `__getitem__` costs twice as much.)"""

    def __missing__(self, text: str) -> Card:
        found = self[text] = parse_card(text)
        return found


_CARDS: Final = _Cards()


class CommonLines:
    """Reads the common shapes of line; `read` returns None for any other line."""

    def __init__(self, terminals: Mapping[str, str], keyword: str) -> None:
        """`terminals`: the grammar's terminal patterns by name; `keyword`: a pattern matching
        every reserved word of the grammar (a player so named is left to the grammar, whose
        reading of it depends on where it stands)."""
        card, name, suit = terminals["CARD"], terminals["NAME"], terminals["SUIT"]
        who, signed = terminals["WHO"], terminals["SIGNED_INT"]
        qualifier, contract = terminals["QUALIFIER"], terminals["CONTRACT"]
        belle, keep = terminals["BELLE"], terminals["KEEP_WORD"]
        words = "|".join(WORD_EVENTS)  # the events of one word, by their declarations
        discard, name_suit, bid, demand = (SHAPES[kind].word for kind in (ev.Discard, ev.NameSuit, ev.Bid, ev.Demand))
        self._spellings = vocabulary().spellings  # a qualifier's other spellings, read as it (as the grammar does)

        def event(group: str) -> str:  # `group` opens each field: "(" to capture, "(?:" not to
            number = rf"[0-9]{{1,{MAX_DIGITS}}}"
            # a bid's value, as the grammar's `bid_value`: a number with a suit or a word after it,
            # or a contract (or a keep word) alone
            value = (rf"(?:{group}{number})(?:{_GAP}(?:{group}{suit})|{group}{qualifier}|{belle}))|)"
                     rf"|{group}{contract}|{keep}))")
            return (rf"{group}{name}){_GAP}(?:{group}{card})|{group}{words})|{discard}{_GAP}{group}{card})"
                    rf"|{name_suit}{_GAP}{group}{suit})|{bid}{_GAP}{value}|{group}{keep})"
                    rf"|{demand}(?:{_GAP}{group}{belle})|)(?:{_GAP}{group}{card})|))(?={_SPACE}(?:,|$))")

        def change(group: str) -> str:
            return rf"{group}{who}){_GAP}{group}{signed})"

        def listed(item: str) -> str:
            return rf"{item}(?:{_SPACE},{_SPACE}{item})*"

        # A line of plays or a deal is read the first time one match a card (a pattern with a
        # group for every player and card was 7% of a hand faster, but compiling it cost 40
        # million instructions; now that a line of events or a deal read before is split rather
        # than matched, `_read_known`, it is seldom matched at all).
        # The events of a line are read by one pattern, the comma between them matched apart
        # (a second pattern for the events after a comma costs 7 million instructions to compile).
        patterns = KeptPatterns("common-lines")  # as compiled by an earlier run: 25 million instructions less
        kept = patterns.compile
        self._label = kept(rf"{_SPACE}trick{_GAP}([0-9]{{1,{MAX_DIGITS}}}){_SPACE}:")
        self._event = kept(event("("))
        self._comma = kept(rf"{_SPACE},{_SPACE}")
        self._space = kept(_SPACE)
        # a line of plays only (nearly every trick): a play is one match, where reading event by
        # event takes a match for every kind of event it might be
        self._play = kept(rf"({name}){_GAP}({card})")
        self._played_label = kept(rf"{_SPACE}trick{_GAP}([0-9]{{1,{MAX_DIGITS}}}){_SPACE}:{_SPACE}")
        self._change = kept(change("("))
        self._recorded = kept(rf"{_SPACE}recorded{_GAP}{listed(change('(?:'))}{_SPACE}")
        self._deal = kept(rf"{_SPACE}deal{_GAP}({name}){_SPACE}:")
        self._dealt = kept(rf"{_SPACE}({card})")
        self._upcard = kept(rf"{_SPACE}upcard{_GAP}({card}){_SPACE}")
        self._hand = kept(
            rf"{_SPACE}hand(?:{_GAP}([0-9]{{1,{MAX_DIGITS}}}))?(?:{_GAP}dealer{_GAP}({name}))?{_SPACE}")
        self._tag = kept(
            rf"{_SPACE}\[{_SPACE}({terminals['TAG_NAME']}){_SPACE}({terminals['STRING']}){_SPACE}\]{_SPACE}")
        self._keyword = kept(keyword)
        patterns.keep()
        self._plain_names: set[str] = set()
        self._events_known: dict[str, tuple[Callable[..., ev.Event], tuple[Any, ...]]] = {}  # see `_keep`
        self._deals_known: dict[str, str] = {}  # each deal line's start read, ``deal N: ``, with its player

    def read(self, text: str, line: int) -> ev.Line | None:
        """The line's record, exactly as the grammar would build it, or None."""
        start = text.lstrip(" \t")
        first = start[:1]
        if not first or first == "#":
            return None
        if first == "[":
            return self._read_tag(text, line)
        if first == "d" and start.startswith("deal"):
            return self._read_known_deal(text, line) or self._read_deal(text, line)
        if first == "h" and start.startswith("hand"):
            return self._read_hand(text, line)
        if first == "u" and start.startswith("upcard"):
            return self._read_upcard(text, line)
        if first == "r" and start.startswith("recorded"):
            return self._read_recorded(text, line)
        known = self._read_known(text, line)  # nearly every line of events: each event was read before
        if known is not None:
            return known
        return self._read_plays(text, line) or self._read_events(text, line)

    def _plain(self, name: str) -> bool:
        """Whether `name` is not a reserved word of the grammar (remembered, as names recur)."""
        if name in self._plain_names:
            return True
        if self._keyword.fullmatch(name) is not None:
            return False
        self._plain_names.add(name)
        return True

    def _read_plays(self, text: str, line: int) -> ev.EventLine | None:
        """A line of plays only, ``trick N:`` first or not; None sends any other line (or a
        player named like a keyword) to `_read_events`, which reads it as before."""
        label = self._played_label.match(text)
        if label is not None:  # else, or if what follows is not plays, "trick" may be a player
            found = self._plays_from(text, line, label.end())
            if found is not None:
                return _event_line(found, label.group(1))
        found = self._plays_from(text, line, self._space.match(text).end())  # type: ignore[union-attr]
        return _event_line(found, None) if found is not None else None

    def _keep(self, text: str, make: Callable[..., ev.Event], fields: tuple[Any, ...]) -> None:
        """Keep an event read, by its text (``N AS``, ``E bid 6 colour``): its record class and its
        fields but the position, for `_read_known` to build it again wherever it is written."""
        known = self._events_known
        if len(known) >= _MOST_KEPT:
            known.clear()
        known[text] = (make, fields)

    def _read_known(self, text: str, line: int) -> ev.EventLine | None:
        """A line of events written the usual way (``trick 3: N AS, E KS``, ``N pass, E bid 6``:
        ``, `` between them, nothing after the last) whose every event was read before (`_keep`):
        read by splitting it, with no pattern matched, a third of the cost of matching it. None
        for any other line, left to the patterns.

        An event's text reads the same wherever it is written: its pattern ends where a ``,`` or
        the end of the line may follow, and what comes before it (a ``,`` or the label) lets only
        a player's name start it."""
        label = None
        column = 1  # where the first event starts (the first column is 1)
        if text.startswith(_LABEL):
            colon = text.find(": ", len(_LABEL))
            label = text[len(_LABEL):colon]
            if colon < 0 or not (label.isdigit() and label.isascii() and len(label) <= MAX_DIGITS):
                return None
            column = colon + 3
        known = self._events_known
        events: list[ev.Event] = []
        for written in text[column - 1:].split(", "):
            found = known.get(written)
            if found is None:
                return None
            make, fields = found
            if make is ev.Play:  # nearly every event: the record built directly (on the compiled build, a third
                events.append(ev.Play(fields[0], fields[1], ev.Span(line, column)))  # of a call through `make`)
            else:
                events.append(make(*fields, ev.Span(line, column)))
            column += len(written) + 2
        return _event_line(events, label)

    def _plays_from(self, text: str, line: int, start: int) -> list[ev.Play] | None:
        """The plays written from `start` to the end of the line (between one and `_MOST_PLAYS`,
        separated by commas), or None. Each is kept (`_keep`) once the whole line is read."""
        plays: list[ev.Play] = []
        written: list[str] = []
        play = self._play.match(text, start)
        while play is not None:
            player = play.group(1)
            if player not in self._plain_names and not self._plain(player):
                return None
            plays.append(ev.Play(player, _CARDS[play.group(2)], ev.Span(line, play.start(1) + 1)))
            end = play.end()
            written.append(text[play.start(1):end])
            comma = self._comma.match(text, end)
            play = self._play.match(text, comma.end()) if comma is not None else None
            if (play is None or len(plays) == _MOST_PLAYS) and (play is not None or text[end:].strip(" \t")):
                return None
        for text_of_play, found in zip(written, plays, strict=True):
            self._keep(text_of_play, ev.Play, (found.player, found.card))
        return plays or None

    def _read_events(self, text: str, line: int) -> ev.EventLine | None:
        """Events one match at a time, each from where the last ended, so that no second pass
        over the line is needed to know the matches cover it. Each event read is kept (`_keep`)
        once the whole line is read, for `_read_known` to read it again without a pattern."""
        label = self._label.match(text)
        start = label.end() if label else 0
        match = self._event.match(text, self._space.match(text, start).end())  # type: ignore[union-attr]
        read: list[tuple[str, Callable[..., ev.Event], tuple[Any, ...], int]] = []  # text, record, fields, column
        end = 0
        while match is not None:
            player, card, word, discarded, suit, number, bid_suit, qualifier, contract, keep, belle, demanded = \
                match.groups()
            if player not in self._plain_names and not self._plain(player):  # the set first: it is per event
                return None
            make: Callable[..., ev.Event]
            fields: tuple[Any, ...]
            if card is not None:
                make, fields = ev.Play, (player, _CARDS[card])
            elif word is not None:
                make, fields = WORD_EVENTS[word], (player,)
            elif number is not None:
                make = ev.Bid
                if bid_suit is not None:
                    fields = (player, int(number), parse_suit(bid_suit).value, None)
                elif qualifier is not None:
                    fields = (player, int(number), self._spellings.get(qualifier, qualifier), None)
                else:
                    fields = (player, int(number), None, None)
            elif contract is not None:
                make, fields = ev.Bid, (player, None, None, contract)
            elif keep is not None:
                make, fields = ev.Keep, (player, keep == "keep-over")
            elif discarded is not None:
                make, fields = ev.Discard, (player, _CARDS[discarded])
            elif suit is not None:
                make, fields = ev.NameSuit, (player, parse_suit(suit))
            else:  # a demand: its two fields may both be left out
                make = ev.Demand
                fields = (player, belle is not None, _CARDS[demanded] if demanded is not None else None)
            end = match.end()
            read.append((text[match.start(1):end], make, fields, match.start(1) + 1))
            comma = self._comma.match(text, end)
            match = self._event.match(text, comma.end()) if comma is not None else None
        if not read or text[end:].strip(" \t"):
            return None
        events = []
        for written, kind, values, column in read:
            self._keep(written, kind, values)
            events.append(kind(*values, ev.Span(line, column)))
        return _event_line(events, label.group(1) if label else None)

    def _read_known_deal(self, text: str, line: int) -> ev.DealLine | None:
        """A deal line written the usual way (``deal N: 9H TD JS``: one space between its words,
        none at its end) by a player whose deal was read before (`_deals_known`), of cards read
        before (`_CARDS`, which holds only spellings the grammar's `CARD` matched): read by
        splitting it, with no pattern matched. None for any other line, left to the patterns."""
        colon = text.find(": ", len(_DEAL))
        player = self._deals_known.get(text[:colon + 2]) if colon > 0 else None
        if player is None:
            return None
        written = text[colon + 2:].split(" ")
        if len(written) > _MOST_DEALT:
            return None
        cards: list[Card] = []
        columns: list[int] = []
        column = colon + 3  # where the first card starts
        for text_of_card in written:
            card = _CARDS.get(text_of_card)
            if card is None:
                return None
            cards.append(card)
            columns.append(column)
            column += len(text_of_card) + 1
        return ev.DealLine(player, tuple(cards), ev.Span(line, len(_DEAL) + 1), tuple(columns))

    def _keep_deal(self, player: str) -> None:
        """Keep how a deal line of `player` starts when written the usual way, for `_read_known_deal`."""
        known = self._deals_known
        if len(known) >= _MOST_KEPT:
            known.clear()
        known[f"{_DEAL}{player}: "] = player

    def _read_deal(self, text: str, line: int) -> ev.DealLine | None:
        head = self._deal.match(text)
        if head is None or not self._plain(head.group(1)):
            return None
        cards: list[Card] = []
        columns: list[int] = []
        end = head.end()
        dealt = self._dealt.match(text, end)
        while dealt is not None:
            if len(cards) == _MOST_DEALT:
                return None
            cards.append(_CARDS[dealt.group(1)])
            columns.append(dealt.start(1) + 1)
            end = dealt.end()
            dealt = self._dealt.match(text, end)
        if text[end:].strip(" \t"):
            return None
        self._keep_deal(head.group(1))
        return ev.DealLine(head.group(1), tuple(cards), ev.Span(line, head.start(1) + 1), tuple(columns))

    def _read_hand(self, text: str, line: int) -> ev.HandHeader | None:
        whole = self._hand.fullmatch(text)
        if whole is None:
            return None
        number, dealer = whole.groups()
        if dealer is not None and not self._plain(dealer):
            return None
        return ev.HandHeader(int(number) if number is not None else None, dealer, ev.Span(line, 1),
                             ev.Span(line, whole.start(2) + 1) if dealer is not None else None)

    def _read_upcard(self, text: str, line: int) -> ev.UpcardLine | None:
        whole = self._upcard.fullmatch(text)
        if whole is None:
            return None
        return ev.UpcardLine(_CARDS[whole.group(1)], ev.Span(line, whole.start(1) + 1))

    def _read_recorded(self, text: str, line: int) -> ev.RecordedLine | None:
        whole = self._recorded.fullmatch(text)
        if whole is None:
            return None
        changes = []
        for match in self._change.finditer(text, text.index("recorded") + len("recorded")):
            who, amount = match.groups()
            if not self._plain(who) or len(amount.lstrip("+-")) > MAX_DIGITS:  # a huge number: the grammar says so
                return None
            changes.append((who, int(amount), ev.Span(line, match.start() + 1)))
        return ev.RecordedLine(tuple(changes), changes[0][2])

    def _read_tag(self, text: str, line: int) -> ev.Tag | None:
        whole = self._tag.fullmatch(text)
        if whole is None:
            return None
        return ev.Tag(whole.group(1), whole.group(2)[1:-1], ev.Span(line, whole.start(1) + 1),
                      ev.Span(line, whole.start(2) + 2))


def _event_line(events: Sequence[ev.Event], label: str | None) -> ev.EventLine:
    """The record of a line of `events`, with its ``trick N:`` label (`label`, the number as
    written) when it has one."""
    return ev.EventLine(int(label) if label is not None else None, tuple(events), events[0].at)

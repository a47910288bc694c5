"""A transcript's event lines written again in another style, for the reflow properties.

notation.md §2.4: where one line ends and the next begins means nothing, and a ``trick N:``
label only speaks of the first card of its line. So a transcript's verdict must not change when
its events are re-flowed: one event per line, every run of events on one line, lines cut at
random; labels dropped, or written on every line that opens with a card; cards spelt any way
the notation allows. Only a label that carries meaning is kept where it was, at the head of a
line: one the replay disagrees with (the card is not in the trick it names: a second card given
to a completed trick, or a wrong label the transcript is checked for), or one without which the
replay would put the card elsewhere (euchre: a sitting-out seat's card before the next lead).

Everything that is not an event line (tags, ``hand``, ``deal``, ``upcard``, ``recorded``,
``note``, ``redeal``, and any line the grammar cannot read) stays a line of its own, in its place;
comments and blank lines are dropped.
"""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass
from typing import Any

from referee.notation import events as ev
from referee.notation.reader import parse_line, read_lines
from referee.output.fmt import event_text
from referee.output.story import story_of_text

SPLITS = ("event", "run", "random")
"""One event per line; every run of events between other lines on one line; cut at random."""

SUIT_SPELLINGS = {"S": ("S", "s", "♠"), "H": ("H", "h", "♥"), "D": ("D", "d", "♦"), "C": ("C", "c", "♣")}
TEN_SPELLINGS = ("T", "t", "10")


@dataclass(frozen=True, slots=True)
class Event:
    """One event of the transcript: its canonical text, the label that must stay on it (a label
    that carries meaning), and the trick the replay put it in, if it is a card in one."""

    text: str
    kept_label: int | None
    trick: int | None
    card: bool


Piece = str | Event
"""A line kept as it is, or an event to re-flow."""


_LABEL = re.compile(r"^(\s*)(trick\s+\d+\s*:)", re.IGNORECASE | re.MULTILINE)


def tricks_of_cards(text: str, rules: str | None) -> dict[ev.Span, int]:
    """The trick the replay of `text` put each card in, by the card's place in the text."""
    found: dict[ev.Span, int] = {}
    for game in story_of_text(text, rules).games:
        for hand in game.hands:
            found.update(hand.trick_of_play())
    return found


def pieces(text: str, rules: str | None = None) -> list[Piece]:
    """The transcript as lines kept and events, with what the replay of `text` made of each card."""
    found = tricks_of_cards(text, rules)
    records: list[tuple[str | ev.EventLine, int]] = []  # each line read, and its number
    for item in read_lines(io.BytesIO(text.encode("utf-8", "surrogatepass"))):
        if not isinstance(item, tuple):  # a line that is not text, or the end of what can be read
            break
        number, raw = item
        record = parse_line(raw, number)
        if record is not None:
            records.append((record if isinstance(record, ev.EventLine) else raw, number))
    heads = {number: play for record, number in records if isinstance(record, ev.EventLine) and record.trick
             and (play := next((e for e in record.events if isinstance(e, ev.Play)), None)) is not None}
    kept = meaningful_labels(text, rules, found, heads, {number: record.trick for record, number in records
                                                         if isinstance(record, ev.EventLine) and record.trick})
    out: list[Piece] = []
    for record, number in records:
        if not isinstance(record, ev.EventLine):
            out.append(record)  # a line of another kind, or one the grammar refuses: kept as written
            continue
        for event in record.events:
            label = record.trick if number in kept and event is heads[number] else None
            out.append(Event(event_text(event), label, found.get(event.at), isinstance(event, ev.Play)))
    return out


def meaningful_labels(text: str, rules: str | None, found: dict[ev.Span, int], heads: dict[int, ev.Play],
                      labels: dict[int, int]) -> set[int]:
    """The lines whose label carries meaning: the replay puts its card elsewhere (`found`), or would
    without the label. A label's meaning may hang on another's (a second card given to a trick, kept
    by its label, moves every later card), so the labels found meaningless are dropped together and
    the text read again, until dropping the rest moves none of their cards (each line's first card,
    the one its label speaks of)."""
    kept = {number for number, play in heads.items() if found.get(play.at) != labels[number]}
    while True:
        dropped = set(heads) - kept
        lines = text.split("\n")
        for index in (number - 1 for number in dropped):
            lines[index] = _LABEL.sub(lambda m: m.group(1) + " " * len(m.group(2)), lines[index], count=1)
        unlabelled = tricks_of_cards("\n".join(lines), rules)
        moved = {number for number in dropped if unlabelled.get(heads[number].at) != labels[number]}
        if not moved:
            return kept
        kept |= moved


def spell(text: str, rng: random.Random) -> str:
    """A card's event text (``N TH``) with its card spelt another way the notation allows."""
    player, card = text.rsplit(" ", 1)
    rank, suit = card[:-1], card[-1]
    rank = rng.choice(TEN_SPELLINGS) if rank == "T" else rng.choice((rank, rank.lower()))
    return f"{player} {rank}{rng.choice(SUIT_SPELLINGS[suit])}"


@dataclass(frozen=True, slots=True)
class Style:
    """How to write the events: `split` (one of `SPLITS`), whether to label the lines that open
    with a card (`labels`), whether to respell cards; `rng` decides the random cuts and spellings."""

    split: str
    labels: bool = False
    respell: bool = False
    seed: int = 0


def reflow(items: list[Piece], style: Style) -> str:
    """The transcript written again in `style`."""
    rng = random.Random(style.seed)
    lines: list[str] = []
    line: list[Event] = []

    def flush() -> None:
        if not line:
            return
        head = line[0]
        label = head.kept_label if head.kept_label is not None else (
            head.trick if style.labels and head.card else None)
        words = [spell(e.text, rng) if e.card and style.respell and rng.random() < 0.5 else e.text for e in line]
        lines.append((f"trick {label}: " if label is not None else "") + ", ".join(words))
        line.clear()

    for item in items:
        if isinstance(item, str):
            flush()
            lines.append(item)
            continue
        if item.kept_label is not None or style.split == "event" or (style.split == "random" and rng.random() < 0.3):
            flush()
        line.append(item)
    flush()
    return "\n".join(lines) + "\n"


def positionless(value: Any) -> Any:
    """A verdict without lines and columns, which re-flowing moves on purpose. Its texts are kept
    as they are: an explanation, note or next step cites what the events fix (a trick, a card),
    never the line they happen to be written on."""
    if isinstance(value, dict):
        return {k: positionless(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [positionless(v) for v in value]
    return value

"""``referee fmt``: a transcript rewritten in canonical form, comments kept, verdict unchanged.

Canonical form:

- header tags in the order of notation.md §2.1 (unknown tags, which are errors anyway, last);
- card spelling ``AS TH 9C`` (rank letter or digit, suit letter), suits named as words;
- one trick per line, labelled ``trick N:``, starting with the card that led it; what happens
  between tricks (a card taken back, a penalty chosen) on a line of its own; the bidding
  keeps the lines its writer gave it;
- events separated by ``", "``; no blank lines except one before each hand and each new game.

Comments are not part of the grammar, so they are read from the raw lines: a comment on a
line of its own stays in front of the line it preceded; a comment after a line stays after
it (when lines are joined into one trick, their comments go in front of the joined line).

Which cards make up a trick is the referee's business, not the grammar's: the tricks come
from the verdict on the original text, so a label is only ever written where the replay
agrees with it, and labels written by hand are kept exactly, right or wrong.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from ..engine.header import INFO_TAGS
from ..notation import events as ev
from ..notation.cards import Suit
from ..notation.reader import Problem, parse_line, read_lines
from .story import story_of_text

TAG_ORDER = ("Game", "Players", "Partners", "Rules", "Score", "Pool", "Belle", *INFO_TAGS)


class FormatError(ValueError):
    """The transcript has lines the grammar cannot read; it is not rewritten."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} line(s) cannot be read")
        self.problems = problems


# ---- canonical text of one record --------------------------------------------------------

def event_text(event: ev.Event) -> str:
    p = event.player
    match event:
        case ev.Play():
            return f"{p} {event.card}"
        case ev.Pass():
            return f"{p} pass"
        case ev.Order():
            return f"{p} order"
        case ev.Bid():
            if event.contract:
                return f"{p} bid {event.contract}"
            qualifier = event.qualifier
            if qualifier in ("S", "H", "D", "C"):
                qualifier = Suit(qualifier).word
            return f"{p} bid {event.number}" + (f" {qualifier}" if qualifier else "")
        case ev.Discard():
            return f"{p} discard {event.card}"
        case ev.Alone():
            return f"{p} alone"
        case ev.NameSuit():
            return f"{p} name {event.suit.word}"
        case ev.Expose():
            return f"{p} expose {event.card}"
        case ev.Retract():
            return f"{p} retract {event.card}"
        case ev.Claim():
            return f"{p} claim revoke {event.accused}" + (f" trick {event.trick}" if event.trick is not None else "")
        case ev.Call():
            return f"{p} call {event.text}"
        case ev.Accept():
            return f"{p} accept"
        case ev.Count():
            return f"{p} count {event.target}"
        case ev.Concede():
            return f"{p} concede"
        case ev.Spread():
            return f"{p} spread"
        case ev.Sell():
            return f"{p} sell"
        case ev.Refuse():
            return f"{p} refuse"
        case ev.Pitch():
            return f"{p} pitch"
        case ev.Demand():
            words = [f"{p} demand"] + (["belle"] if event.belle else []) + ([event.card.text] if event.card else [])
            return " ".join(words)
        case ev.Keep():
            return f"{p} {'keep-over' if event.over else 'keep'}"
        case ev.Look():
            return f"{p} look" + (f" trick {event.trick}" if event.trick is not None else "")
        case ev.ClaimRest():
            return f"{p} claim rest"
    raise AssertionError(f"no canonical text for {event!r}")  # every event type is listed above


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
    quoted = False
    for i, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return text[i:].rstrip()
    return None


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


def _sources(text: str) -> tuple[list[_Source], list[str]]:
    """The records of `text` with their comments, and the comments after the last record."""
    sources: list[_Source] = []
    pending: list[str] = []
    problems: list[Problem] = []
    for item in read_lines(io.BytesIO(text.encode("utf-8"))):
        if isinstance(item, Problem):
            raise FormatError([item])
        number, raw = item
        parsed = parse_line(raw, number)
        comment = comment_of(raw)
        if isinstance(parsed, Problem):
            problems.append(parsed)
        elif parsed is None:
            if comment is not None:
                pending.append(comment)
        else:
            sources.append(_Source(parsed, pending, comment))
            pending = []
    if problems:
        raise FormatError(problems)
    return sources, pending


# ---- formatting ---------------------------------------------------------------------------

def format_text(text: str, rules: str | None = None) -> str:
    """`text` in canonical form; raises `FormatError` when some line cannot be read.

    `rules` are the house rules the file is checked under (``referee check --rules``): they
    can change the replay, and so which cards form each trick.
    """
    sources, tail = _sources(text)
    tricks, leads = _tricks(text, rules)
    out: list[str] = []
    i = 0
    while i < len(sources):
        source = sources[i]
        if isinstance(source.record, ev.Tag):
            j = i
            while j < len(sources) and isinstance(sources[j].record, ev.Tag):
                j += 1
            out.extend(_header(sources[i:j], first=not out))
            i = j
        elif isinstance(source.record, ev.EventLine):
            j = i
            while j < len(sources) and isinstance(sources[j].record, ev.EventLine):
                j += 1
            for line in _events(sources[i:j], tricks, leads):
                out.extend(line.lines())
            i = j
        else:
            if isinstance(source.record, ev.HandHeader) and out:
                out.append("")
            out.extend(_line(source).lines())
            i += 1
    out.extend(tail)
    return "\n".join(out) + "\n" if out else ""


def _tricks(text: str, rules: str | None) -> tuple[dict[ev.Span, int], dict[ev.Span, int]]:
    """Each play's trick, and the plays that led a trick, from the verdict on the original text."""
    tricks: dict[ev.Span, int] = {}
    leads: dict[ev.Span, int] = {}
    for game in story_of_text(text, rules).games:
        for hand in game.hands:
            found = hand.trick_of_play()
            tricks.update(found)
            firsts = {t.number: t.plays[0] for t in hand.verdict.tricks}
            for _, event in hand.events():
                if isinstance(event, ev.Play) and event.at in found:
                    number = found[event.at]
                    if firsts.get(number) == (event.player, event.card.text):
                        leads[event.at] = number
    return tricks, leads


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
        # a card in no trick (a second card to a trick) stays on the line it was written on
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

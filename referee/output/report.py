"""``referee report``: a ruling for the notice board, in Markdown or as one self-contained HTML page.

The report is built as neutral blocks (headings, paragraphs, tables, hand diagrams, lists)
from the story of the file (transcript records + verdict), a hand at a time as the file is
checked (`Reporter`), each written by `to_markdown` or `_html_block`, so both formats always say
the same thing and an archive of any size is reported in constant memory. Text from the
transcript is made inert in both: no raw HTML, no link, no control character. Nothing here knows a
game: the tricks, findings and scores come from the verdict, the hands from the ``deal`` lines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..games import registry
from ..notation import events as ev
from ..notation.cards import Suit, parse_card
from ..notation.limits import MAX_ERRORS
from ..notation.safe import safe_text
from .choosing import named, news, with_answers
from .render import left_out_words, recorded_words
from .scoreline import seat_order, so_far
from .story import FileStory, GameStory, HandStory, replay_story
from .words import contract_words, event_words, house_rules, scores


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True, slots=True)
class Para:
    text: str


@dataclass(frozen=True, slots=True)
class Items:
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Facts:
    """The event header: named values (Game, Event, Date, Players …)."""

    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Grid:
    """A table; `strong` marks cells to emphasise (row, column), e.g. the card that won a trick."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    strong: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True, slots=True)
class Diagram:
    """The four hands as bridge columns print them: seats clockwise from the top."""

    seats: tuple[str, str, str, str]
    hands: dict[str, dict[Suit, str]]


Block = Heading | Para | Items | Facts | Grid | Diagram
WINNER_LEGEND = "The card that won each trick is in bold."
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def by_suit(cards: tuple[str, ...]) -> dict[Suit, str]:
    """``{♠: "A K 9", …}``, highest first, ten written T (as the notation's canonical form does)."""
    parsed = sorted((parse_card(c) for c in cards), key=lambda c: -c.rank)
    return {s: " ".join(c.text[:-1] for c in parsed if c.suit is s) or "—" for s in SUITS}


# ---- building the blocks ----------------------------------------------------------------

def _game_head(path: str, game: GameStory, number: int | None) -> list[Block]:
    v = game.verdict
    title = registry()[v.game].rulebook.title
    which = f" — game {number}" if number else ""
    blocks: list[Block] = [Heading(1, f"Ruling: {v.info.get('Event', title)}{which}")]
    header = [("Game", title), *v.info.items(), ("Players (clockwise)", " ".join(game.players))]
    if game.partners:
        header.append(("Partners", " ".join(game.partners)))
    changed = house_rules(v.game, v.rules)
    header.append(("House rules", "; ".join(changed) or "none"))
    header.append(("Transcript", path))
    blocks.append(Facts(tuple((k, str(val)) for k, val in header)))
    return blocks


def _game_tail(game: GameStory) -> list[Block]:
    v = game.verdict
    blocks: list[Block] = [Heading(2, "Final scores")]
    blocks.append(Grid(("Side", "Score"), tuple((k, str(val)) for k, val in v.final_score.items())))
    tail = [f"Pool: {v.pool}."] if v.pool is not None else []
    tail.append(f"Winner: {v.winner}." if v.winner else "No one has won the game yet.")
    left_out = left_out_words(v)
    tail += [f"{left_out[0].upper()}{left_out[1:]}."] if left_out else []
    blocks.append(Para(" ".join(tail)))
    return blocks


def _problems(problems: list[str], more: int) -> list[Block]:
    if not problems:
        return []
    listed = tuple(problems) + ((f"… and {more:,} more problems in this file",) if more else ())
    return [Heading(2, "Problems in the transcript"),
            Para("These lines could not be used; the hands they spoil are not ruled on."), Items(listed)]


def _hand(game: GameStory, hand: HandStory) -> list[Block]:
    v = hand.verdict
    blocks: list[Block] = [Heading(2, f"Hand {v.number} — dealer {v.dealer} — {v.status}")]
    deals = hand.deals()
    if deals:
        blocks.append(Heading(3, "The hands"))
        if len(game.players) == 4:
            north, east, south, west = game.players
            blocks.append(Diagram((north, east, south, west), {p: by_suit(deals.get(p, ())) for p in game.players}))
        else:
            rows = tuple((p, *by_suit(deals[p]).values()) for p in game.players if p in deals)
            blocks.append(Grid(("Player", *(s.symbol for s in SUITS)), rows))
    auction = _auction(hand)
    if auction:
        blocks.append(Heading(3, "The auction"))
        blocks.append(Grid(("Line", "What was said"), auction))
    contract = contract_words(v.contract)
    if contract != "none":
        blocks.append(Para(f"Contract: {contract}."))
    if v.tricks:
        blocks.append(Heading(3, "The tricks"))
        blocks.append(_tricks(game, hand))
        blocks.append(Para(WINNER_LEGEND))
    if v.irregularities:
        blocks.append(Heading(3, "Findings"))
        blocks.append(Grid(("Line", "Irregularity", "Player", "Trick", "Status", "Rule", "Explanation"), tuple(
            (f"{f.at.line}:{f.at.column}", f.kind, f.player or "—", str(f.trick or "—"), f.status or "—", f.rule,
             f.explanation) for f in v.irregularities)))
    outcome = [f"{p.description}" + (f" ({scores(p.points, signed=True)})" if p.points else "") + f" [{p.rule}]"
               for p in v.penalties]
    if outcome:
        blocks.append(Heading(3, "Penalties"))
        blocks.append(Items(tuple(outcome)))
    still = []
    for p, answers in with_answers(v):
        still.append(f"{named(p.chooser)} to choose: {' | '.join(p.options)} [{p.rule}] — {p.explanation}")
        still += [f"To choose {answer}." for answer in answers]
    next_step = news(v.next, v.pending)
    still += [f"Next: {next_step}"] if next_step else []
    still += [f"Note: {n}" for n in v.notes]
    if still:
        blocks.append(Heading(3, "Still open, and notes"))
        blocks.append(Items(tuple(still)))
    blocks.append(Heading(3, "Score" + so_far(v)))
    blocks.append(Grid(("Side", "This hand", "Total"), tuple(
        (k, f"{d:+d}" if d else "0", str(v.score_after.get(k, 0))) for k, d in seat_order(v).items())))
    if v.pool_after is not None:
        blocks.append(Para(f"Pool after the hand: {v.pool_after}."))
    if v.recorded is not None:
        blocks.append(Para(f"The table recorded {recorded_words(v)}."))
    return blocks


def _auction(hand: HandStory) -> tuple[tuple[str, ...], ...]:
    """What was said before the first card went to a trick, one row per transcript line."""
    rows: list[tuple[str, ...]] = []
    tricks = hand.trick_of_play()
    for record in hand.record.lines:
        if isinstance(record, ev.UpcardLine):
            rows.append((str(record.at.line), f"upcard {record.card}"))
        elif isinstance(record, ev.EventLine):
            said: list[str] = []
            for event in record.events:
                if event.at in tricks:
                    return tuple(rows + ([(str(record.at.line), ", ".join(said))] if said else []))
                said.append(event_words(event))
            rows.append((str(record.at.line), ", ".join(said)))
    return tuple(rows)


def _tricks(game: GameStory, hand: HandStory) -> Grid:
    players = list(game.players)
    rows: list[tuple[str, ...]] = []
    strong: set[tuple[int, int]] = set()
    for r, trick in enumerate(hand.verdict.tricks):
        cards = dict(trick.plays)
        cells = (cards.get(p, "") for p in players)
        rows.append((str(trick.number), trick.leader, *cells, trick.winner or "unfinished"))
        if trick.winner in players:
            strong.add((r, 2 + players.index(trick.winner)))
    return Grid(("Trick", "Led by", *players, "Won by"), tuple(rows), frozenset(strong))


# ---- Markdown -------------------------------------------------------------------------

_MD_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _md(text: str) -> str:
    """Text from a transcript made inert in Markdown: no raw HTML (a club site that renders the
    report would run a ``<script>`` or an ``onerror``), no link (``[x](javascript:…)``), no
    control character."""
    return safe_text(text).translate(_MD_ESCAPES).replace("](", "]\\(")


def _md_cell(text: str) -> str:
    return _md(text).replace("|", "\\|").replace("\n", " ")


def to_markdown(blocks: list[Block]) -> str:
    out: list[str] = []
    for block in blocks:
        match block:
            case Heading():
                out.append("#" * block.level + " " + _md(block.text))
            case Para():
                out.append(_md(block.text))
            case Items():
                out.append("\n".join(f"- {_md(item)}" for item in block.items))
            case Facts():
                out.append("\n".join(f"- **{_md_cell(k)}:** {_md_cell(val)}" for k, val in block.pairs))
            case Grid():
                cells = [[_md_cell(c) for c in row] for row in block.rows]
                for r, c in block.strong:
                    if cells[r][c]:
                        cells[r][c] = f"**{cells[r][c]}**"
                lines = ["| " + " | ".join(map(_md_cell, block.header)) + " |", "|" + "---|" * len(block.header)]
                lines += ["| " + " | ".join(row) + " |" for row in cells]
                out.append("\n".join(lines))
            case Diagram():
                out.append("```\n" + "\n".join(_text_diagram(block)) + "\n```")
        out.append("")
    return "\n".join(out)


def _text_diagram(d: Diagram) -> list[str]:
    """North on top, West and East side by side, South below: a fixed-width bridge diagram."""
    def column(seat: str) -> list[str]:
        return [seat] + [f"{s.symbol} {d.hands[seat][s]}" for s in SUITS]
    north, east, south, west = (column(s) for s in d.seats)
    width = max(len(line) for line in west) + 4
    pad = " " * width
    lines = [pad + line for line in north]
    lines += [w.ljust(width) + pad + e for w, e in zip(west, east)]
    lines += [pad + line for line in south]
    return [line.rstrip() for line in lines]


# ---- HTML -------------------------------------------------------------------------------

STYLE = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #111; }
h1 { font-size: 1.6em; border-bottom: 2px solid #333; } h2 { margin-top: 1.6em; border-bottom: 1px solid #bbb; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #bbb; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #eee; } .header th { text-align: right; }
.diagram { display: grid; grid-template-columns: repeat(3, max-content); gap: .5em 2.5em; margin: .6em 0; }
.seat { border: 1px solid #bbb; border-radius: 6px; padding: .4em .8em; min-width: 7em; }
.seat b { display: block; } .red { color: #c00; }
@media print { body { margin: 0; max-width: none; } }
"""


def _esc(text: str) -> str:
    return safe_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _html_head(title: str) -> str:
    """The page's head: no scripts, no external resources (its Content-Security-Policy forbids them)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{_esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n")


_HTML_TAIL = "\n</body>\n</html>\n"


def _html_block(block: Block) -> str:
    match block:
        case Heading():
            return f"<h{block.level}>{_esc(block.text)}</h{block.level}>"
        case Para():
            return f"<p>{_esc(block.text)}</p>"
        case Items():
            return "<ul>" + "".join(f"<li>{_esc(i)}</li>" for i in block.items) + "</ul>"
        case Facts():
            return '<table class="header"><tbody>' + "".join(
                f"<tr><th>{_esc(k)}</th><td>{_esc(val)}</td></tr>" for k, val in block.pairs) + "</tbody></table>"
        case Grid():
            return _html_table(block)
        case Diagram():
            return _html_diagram(block)
    return ""  # pragma: no cover - every kind of block is written above


def _html_table(grid: Grid) -> str:
    rows = []
    for r, row in enumerate(grid.rows):
        cells = "".join(f"<td><strong>{_esc(c)}</strong></td>" if (r, i) in grid.strong else f"<td>{_esc(c)}</td>"
                        for i, c in enumerate(row))
        rows.append(f"<tr>{cells}</tr>")
    head = "<thead><tr>" + "".join(f"<th>{_esc(h)}</th>" for h in grid.header) + "</tr></thead>"
    return f"<table>{head}<tbody>{''.join(rows)}</tbody></table>"


def _html_diagram(d: Diagram) -> str:
    def seat(player: str) -> str:
        suits = "".join(f"<div><span class=\"{'red' if s.colour == 'red' else ''}\">{s.symbol}</span> "
                        f"{_esc(d.hands[player][s])}</div>" for s in SUITS)
        return f'<div class="seat"><b>{_esc(player)}</b>{suits}</div>'
    north, east, south, west = d.seats
    cells = ["<div></div>", seat(north), "<div></div>", seat(west), "<div></div>", seat(east),
             "<div></div>", seat(south), "<div></div>"]
    return '<div class="diagram">' + "".join(cells) + "</div>"


def report(story: FileStory, fmt: str, hand_number: int | None = None) -> str:
    """The report of a checked file in `fmt` ("markdown" or "html"), or of hand `hand_number` only."""
    out: list[str] = []
    reporter = Reporter(story.path, fmt, out.append, several=len(story.games) > 1, hand_number=hand_number)
    replay_story(story, reporter)
    reporter.close()
    return "".join(out)


class Reporter:
    """A `StoryReader` writing the report block by block as the file is checked: ``referee
    report`` streams it (`story.stream_file`), so an archive of any size is reported in constant
    memory. `several`: whether the file holds more than one game (their headings are numbered);
    with `hand_number`, only that hand of each game (the header and final scores kept), and no
    game that has no such hand: ``--hand 7`` of a file without one prints nothing but the error."""

    def __init__(self, path: str, fmt: str, write: Callable[[str], object], several: bool,
                 on_problem: Callable[[str], object] | None = None, hand_number: int | None = None) -> None:
        self.path = path
        self.hand_number = hand_number
        self.found: set[int] = set()  # the hand numbers seen, for the message when `hand_number` is not one
        self.shown_status = 0  # the exit status of the hands reported: with `hand_number`, the command's
        self.on_problem = on_problem
        self.html = fmt == "html"
        self.write = write
        self.several = several
        self.games = 0
        self.problems: list[str] = []
        self.more_problems = 0
        self._first = True
        self._head: list[Block] = []  # a game's head, written with its first hand reported (with `hand_number`)
        if self.html:
            write(_html_head(f"Ruling — {path}"))

    def _blocks(self, blocks: list[Block]) -> None:
        for block in blocks:
            if self.html:
                self.write(("" if self._first else "\n") + _html_block(block))
            else:
                self.write(("" if self._first else "\n") + to_markdown([block]))
            self._first = False

    def game(self, game: GameStory) -> None:
        self.games += 1
        self._head = _game_head(self.path, game, self.games if self.several else None)
        if self.hand_number is None:
            self._blocks(self._head)
            self._head = []

    def hand(self, game: GameStory, hand: HandStory) -> None:
        if len(self.found) < 1000:
            self.found.add(hand.verdict.number)
        if self.hand_number is None or hand.verdict.number == self.hand_number:
            self.shown_status = max(self.shown_status, hand.verdict.exit_code)
            self._blocks(self._head + _hand(game, hand))
            self._head = []

    def end_game(self, game: GameStory) -> None:
        if not self._head:  # with `hand_number`, a game without that hand is not reported at all
            self._blocks(_game_tail(game))
        self._head = []

    def problem(self, text: str) -> None:
        if self.on_problem is not None:
            self.on_problem(text)
        if len(self.problems) < MAX_ERRORS:
            self.problems.append(text)
        else:
            self.more_problems += 1

    def close(self) -> None:
        """The problems, listed at the end, and the end of the page."""
        self._blocks(_problems(self.problems, self.more_problems))
        if not self.games and not self.problems:
            self._blocks([Para("The file holds no game.")])
        if self.html:
            self.write(_HTML_TAIL)

"""The table view of a checked transcript: each hand as a list of steps the page can walk through.

The verdict says what the referee decided (tricks, findings, scores) but not what the table
looked like after each card. This module replays that for the page from the story (records
beside the verdict): every event and structural line of a hand becomes a step with a snapshot
of the table — the cards still in each hand, the trick on the table, the tricks each player has
taken at that step, the card turned up, trump once it is known, and whose turn it is — and every
finding is pinned to the step where it happened. A hand also carries its auction as a list of
calls (the irregular ones marked) and its tricks with the step that completes each, for the page
to draw as a hand viewer does. Nothing here knows a game's laws: the tricks, their winners and
what each player held as play began come from the replay's trace (`engine.trace`), and whose
turn it is comes from what the table did next (see `_turns`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

from ..games import registry
from ..notation import events as ev
from ..output.story import FileStory, GameStory, HandStory
from ..output.words import event_words

Step = dict[str, Any]

AUCTION = (ev.Pass, ev.Bid, ev.Order, ev.Alone, ev.NameSuit, ev.Sell, ev.Refuse, ev.Pitch, ev.Demand, ev.Keep)
"""The events of the bidding: the hand's auction table lists them, in order."""
TURNS = AUCTION + (ev.Play, ev.Discard, ev.Accept)
"""Events a player makes in turn; an exposed card, a claim or a penalty call is nobody's turn."""
TRUMP_SET = (ev.Order, ev.Alone, ev.NameSuit, ev.Discard, ev.Play)
"""After any of these the bidding is over, so the contract's trump is known (an auction-pitch
trump is the suit of the pitcher's first card, so it is known from that card on)."""
OUT_OF_TURN = frozenset({"lead-out-of-turn", "play-out-of-turn", "bid-out-of-turn", "premature-lead"})
TO_ACT = re.compile(r"\b([A-Za-z][\w']*) (?:to|may) (?:lead|play|bid|pass|discard|name|call|choose|order)\b")


def view_of_story(story: FileStory, selected: tuple[int, int] | None = None) -> dict[str, Any]:
    """Every game of the file, as the page's table view draws it. Only the `selected` hand (game
    and hand index; by default, or when there is no such hand, the last) is replayed step by
    step: an archive of a thousand hands should not send a thousand tables to draw one."""
    hands = [(g, h) for g, game in enumerate(story.games) for h in range(len(game.hands))]
    chosen = selected if selected in hands else (hands[-1] if hands else None)
    return {"games": [_game_view(game, chosen[1] if chosen and chosen[0] == g else None)
                      for g, game in enumerate(story.games)], "selected": list(chosen) if chosen else None}


def _game_view(game: GameStory, selected: int | None) -> dict[str, Any]:
    book = registry()[game.verdict.game].rulebook
    hands = [_hand_view(hand, game.players) if h == selected else _hand_outline(hand)
             for h, hand in enumerate(game.hands)]
    cited: set[str] = set()
    for hand in game.hands:
        verdict = hand.verdict
        cited.update(i.rule for i in verdict.irregularities)
        cited.update(p.rule for p in verdict.penalties)
        cited.update(p.rule for p in verdict.pending)
    rules = {rid: {"title": book.rules[rid].title, "text": book.rules[rid].text}
             for rid in sorted(cited) if rid in book.rules}
    return {"game": game.verdict.game, "title": book.title, "line": game.verdict.line,
            "players": list(game.players), "partners": list(game.partners), "hands": hands, "rules": rules}


def _line_step(line: ev.Line) -> Step | None:
    """A structural line the table shows as a step of its own (the upcard, a redeal, the result)."""
    if isinstance(line, ev.UpcardLine):
        return {"text": f"The card turned up is {line.card}", "kind": "upcard", "card": line.card.text}
    if isinstance(line, ev.RedealLine):
        return {"text": "The table agrees to cancel the hand and deal again", "kind": "redeal"}
    if isinstance(line, ev.RecordedLine):
        given = ", ".join(f"{who} {amount:+d}" for who, amount, _ in line.changes)
        return {"text": f"The table recorded {given}", "kind": "recorded"}
    return None


def _event_step(event: ev.Event) -> Step:
    step: Step = {"text": event_words(event), "kind": type(event).__name__.lower(), "player": event.player}
    card = getattr(event, "card", None)
    if card is not None:
        step["card"] = card.text
    return step


class _Table:
    """The table as the steps change it: hands, the trick in play, tricks taken.

    The replay's trace (`engine.trace`) says what each player held as play began (Euchre's
    dealer with the upcard taken and his discard made, Boston's misère discards made), which
    trick each card went to and which card completed each trick: a player's hand is the deal
    until his discard or the first card played, then what the replay says he began play with.
    """

    def __init__(self, hand: HandStory, players: tuple[str, ...]) -> None:
        trace = hand.verdict.trace
        self.start = trace.start
        self.winners = {p.trick: p.winner for p in trace.plays if p.winner is not None}
        last: dict[int, ev.Span] = {}
        for play in trace.plays:
            if play.winner is not None and (play.trick not in last or (play.at.line, play.at.column) > (
                    last[play.trick].line, last[play.trick].column)):
                last[play.trick] = play.at
        self.completing = {at: trick for trick, at in last.items()}
        """The card whose play completes each trick: the last of its cards written."""
        self.hands = {p: list(cards) for p, cards in hand.deals().items()}
        self.begun: set[str] = set()  # the players whose hands are those the replay began play with
        self.won = dict.fromkeys(players, 0)
        self.number = 1
        self.on_table: list[list[str]] = []
        self.counted: set[int] = set()

    def trick_of(self, trick: int | None) -> int:
        """The trick a play goes to: the replay's, or (a card later taken back) the one in play."""
        if trick is not None:
            return trick
        return self.number + 1 if self.number in self.counted else self.number

    def begin(self, players: Iterable[str]) -> None:
        """These players' hands become those the replay began play with (the deal's order kept)."""
        for player in players:
            if player in self.begun or self.start is None or player not in self.start:
                continue
            self.begun.add(player)
            held = {c.text for c in self.start[player]}
            kept = [c for c in self.hands.get(player, []) if c in held]
            self.hands[player] = kept + sorted(held.difference(kept))

    def play(self, player: str, card: str, trick: int, at: ev.Span, traced: bool) -> None:
        """A card played; `traced` when it went into a trick (play has begun: every hand is the
        one its player began play with), not when it went back (a lead before the bidding ended)."""
        if traced:
            self.begin(list(self.start or ()))
        if trick > self.number:
            self.on_table = []
            self.number = trick
        if card in self.hands.get(player, ()):
            self.hands[player].remove(card)
        self.on_table.append([player, card])
        completed = self.completing.get(at)
        if completed is not None and completed not in self.counted:
            self.counted.add(completed)
            winner = self.winners[completed]
            self.won[winner] = self.won.get(winner, 0) + 1

    def discard(self, player: str, card: str) -> None:
        """A discard leaves the hand. Before play his hand becomes the one he begins play with, once
        the replay took the discard (a void one, still in that hand, changes nothing); during play
        (Euchre's dealer may discard after the opening lead) the card simply leaves it."""
        start = self.start.get(player) if self.start is not None and player not in self.begun else None
        if start is not None:
            if all(c.text != card for c in start):
                self.begin([player])
        elif card in self.hands.get(player, ()):
            self.hands[player].remove(card)

    def take_back(self, player: str, card: str) -> None:
        if [player, card] in self.on_table:
            self.on_table.remove([player, card])
            self.hands.setdefault(player, []).append(card)

    def snapshot(self) -> dict[str, Any]:
        winner = self.winners.get(self.number) if self.number in self.counted else None
        return {"trick": self.number, "table": [list(p) for p in self.on_table], "winner": winner,
                "hands": {p: list(cards) for p, cards in self.hands.items()}, "won": dict(self.won)}


def _hand_view(hand: HandStory, players: tuple[str, ...]) -> dict[str, Any]:
    table = _Table(hand, players)
    trace = hand.verdict.trace
    steps: list[Step] = [{"text": "The deal", "kind": "deal", "line": hand.record.header.at.line, "column": 1,
                          **table.snapshot()}]
    for line in hand.record.lines:
        if isinstance(line, ev.EventLine):
            for event in line.events:
                step = _event_step(event)
                if isinstance(event, ev.Play):
                    traced = trace.at(event.at)
                    step["trick"] = table.trick_of(traced.trick if traced is not None else None)
                    table.play(event.player, event.card.text, step["trick"], event.at, traced is not None)
                elif isinstance(event, ev.Discard):
                    table.discard(event.player, event.card.text)
                elif isinstance(event, ev.Retract):
                    table.take_back(event.player, event.card.text)
                steps.append({**step, "line": event.at.line, "column": event.at.column, **table.snapshot()})
        else:
            shown = _line_step(line)
            if shown is not None:
                steps.append({**shown, "line": line.at.line, "column": line.at.column, **table.snapshot()})
    verdict = hand.verdict
    findings = [_step_of(steps, i.at.line, i.at.column) for i in verdict.irregularities]
    events = _step_events(hand)
    _mark_trump_and_upcard(steps, events, verdict.contract)
    order = _rotation(players, events)
    _turns(steps, events, hand, order)
    return {"number": verdict.number, "line": verdict.line, "last_line": last_line(hand), "deals": hand.deals(),
            "steps": steps, "findings": findings, "order": order,
            "auction": _auction(events, hand), "tricks": _tricks(steps, verdict.tricks)}


def _step_events(hand: HandStory) -> list[ev.Event | None]:
    """The event behind each step (None for the deal and the structural lines), in step order."""
    out: list[ev.Event | None] = [None]
    for line in hand.record.lines:
        if isinstance(line, ev.EventLine):
            out.extend(line.events)
        elif _line_step(line) is not None:
            out.append(None)
    return out


def _mark_trump_and_upcard(steps: list[Step], events: list[ev.Event | None], contract: dict[str, Any]) -> None:
    """Each step's card turned up (from its line on) and trump (once the bidding is over)."""
    upcard: str | None = None
    known = False
    trump = contract.get("trump")
    for step, event in zip(steps, events, strict=True):
        if step["kind"] == "upcard":
            upcard = step["card"]
        known = known or isinstance(event, TRUMP_SET)
        step["upcard"] = upcard
        step["trump"] = trump if known and isinstance(trump, str) else None


def _rotation(players: tuple[str, ...], events: list[ev.Event | None]) -> list[str]:
    """The players in the order the turn passes: the seating order (clockwise), or its reverse
    where the hand's bidding and play go the other way (french-boston plays to the right)."""
    seats = list(players)
    acts = [e.player for e in events if isinstance(e, TURNS)]
    forward = backward = 0
    for a, b in itertools.pairwise(acts):
        if a in seats and b in seats and a != b:
            step = (seats.index(b) - seats.index(a)) % len(seats)
            forward += step == 1
            backward += step == len(seats) - 1
    return seats[::-1] if backward > forward else seats


def _next_in(order: list[str], player: str | None, active: set[str]) -> str | None:
    if player not in order:
        return None
    i = order.index(player)
    for k in range(1, len(order) + 1):
        candidate = order[(i + k) % len(order)]
        if candidate in active:
            return candidate
    return None


def _turns(steps: list[Step], events: list[ev.Event | None], hand: HandStory, order: list[str]) -> None:
    """Whose turn it is after each step (`turn`, None once the hand is over).

    It is the player of the next event made in turn, unless the referee found that event out of
    turn; then (and after the transcript's last event) it is worked out from the seats: the next
    player of the trick after its last card, the trick's winner to lead the next, the first
    leader of the hand for trick 1, the next bidder in the auction — or, at the end of a hand
    still in progress, the player the verdict's `next` says is to act."""
    verdict = hand.verdict
    # who takes part: the players of a complete trick (a lone hand's partner sits out), else everyone
    active = next(({p for p, _ in t.plays} for t in verdict.tricks if t.winner is not None), set(order))
    out_of_turn = {(i.at.line, i.at.column) for i in verdict.irregularities if i.kind in OUT_OF_TURN}
    first_leader = next((t.leader for t in verdict.tricks if t.number == 1), None)
    if first_leader is None or any(i.kind in OUT_OF_TURN and i.trick in (None, 1) for i in verdict.irregularities):
        pitcher = verdict.contract.get("pitcher")
        first_leader = pitcher if isinstance(pitcher, str) else _next_in(order, verdict.dealer, active)
    wanted = re.search(TO_ACT, verdict.next or "") if verdict.status == "in-progress" else None
    last_bidder: str | None = None
    for index, step in enumerate(steps):
        event = events[index]
        if isinstance(event, AUCTION):
            last_bidder = event.player
        coming = next(((i, e) for i, e in enumerate(events[index + 1:], index + 1) if isinstance(e, TURNS)), None)
        if coming is not None and (steps[coming[0]]["line"], steps[coming[0]]["column"]) not in out_of_turn:
            step["turn"] = coming[1].player
        elif coming is None and verdict.status != "in-progress":
            step["turn"] = None
        elif coming is None and wanted is not None and wanted.group(1) in order:
            step["turn"] = wanted.group(1)
        elif step["table"] and step["winner"] is None:
            step["turn"] = _next_in(order, step["table"][-1][0], active)
        elif step["winner"] is not None:
            step["turn"] = step["winner"]
        elif step["trick"] > 1 or any(isinstance(e, (ev.Play, ev.Discard)) for e in events[:index + 1]):
            done = [t for t in verdict.tricks if t.number < step["trick"] and t.winner is not None]
            step["turn"] = done[-1].winner if done else first_leader
        elif last_bidder is not None and (coming is None or isinstance(coming[1], AUCTION)):
            step["turn"] = _next_in(order, last_bidder, set(order))
        elif coming is None or isinstance(coming[1], AUCTION):
            step["turn"] = _next_in(order, verdict.dealer, set(order))
        else:
            step["turn"] = first_leader


def _auction(events: list[ev.Event | None], hand: HandStory) -> list[dict[str, Any]]:
    """The bidding in order: who said what, at which step, and the finding against it if any."""
    found = {(i.at.line, i.at.column): f"{i.kind}: {i.explanation}" for i in hand.verdict.irregularities}
    out = []
    for index, event in enumerate(events):
        if isinstance(event, AUCTION):
            call = event_words(event)
            call = call[len(event.player) + 1:] if call.startswith(event.player + " ") else call
            at = (event.at.line, event.at.column)
            out.append({"player": event.player, "call": call, "step": index, "finding": found.get(at)})
    return out


def _tricks(steps: list[Step], tricks: Any) -> list[dict[str, Any]]:
    """The verdict's tricks, each with the step at which its last card falls (None: not yet)."""
    done: dict[int, int] = {}
    for index, step in enumerate(steps):
        if step["winner"] is not None:
            done.setdefault(step["trick"], index)
    return [{"number": t.number, "leader": t.leader, "plays": [list(p) for p in t.plays], "winner": t.winner,
             "step": done.get(t.number)} for t in tricks]


def _hand_outline(hand: HandStory) -> dict[str, Any]:
    """A hand not selected: where it is, without its steps."""
    return {"number": hand.verdict.number, "line": hand.verdict.line, "last_line": last_line(hand),
            "deals": None, "steps": None, "findings": None}


def last_line(hand: HandStory) -> int:
    """The hand's last line in the transcript: an answer to its choice is written after it."""
    return max([hand.record.header.at.line] + [line.at.line for line in hand.record.lines])


def _step_of(steps: list[Step], line: int, column: int) -> int:
    """The step a finding at line:column belongs to: the last step at or before that place."""
    found = 0
    for index, step in enumerate(steps):
        if (step["line"], step["column"]) <= (line, column):
            found = index
    return found

"""The table view of a checked transcript: each hand as a list of steps the page can walk through.

The verdict says what the referee decided (tricks, findings, scores) but not what the table
looked like after each card. This module replays that for the page from the story (records
beside the verdict): every event and structural line of a hand becomes a step with a snapshot
of the table — the cards still in each hand, the trick on the table, the tricks each player has
taken — and every finding is pinned to the step where it happened. Nothing here knows a game's
laws: the tricks and their winners come from the verdict.
"""

from __future__ import annotations

from typing import Any

from ..games import registry
from ..notation import events as ev
from ..output.story import FileStory, GameStory, HandStory
from ..output.words import event_words

Step = dict[str, Any]


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
    """The table as the steps change it: hands, the trick in play, tricks taken."""

    def __init__(self, hand: HandStory, players: tuple[str, ...]) -> None:
        self.tricks = hand.verdict.tricks
        self.contract = hand.verdict.contract
        self.dealer = hand.verdict.dealer
        self.hands = {p: list(cards) for p, cards in hand.deals().items()}
        self.won = dict.fromkeys(players, 0)
        self.number = 1
        self.on_table: list[list[str]] = []
        self.counted: set[int] = set()

    def trick_of(self, trick: int | None) -> int:
        """The trick a play goes to: the verdict's, or (a card later taken back) the one in play."""
        if trick is not None:
            return trick
        return self.number + 1 if self.number - 1 in self.counted else self.number

    def play(self, player: str, card: str, trick: int) -> None:
        if trick > self.number:
            self.on_table = []
            self.number = trick
        if card in self.hands.get(player, ()):
            self.hands[player].remove(card)
        self.on_table.append([player, card])
        self._count()

    def discard(self, player: str, card: str) -> None:
        """A discard leaves the hand; a dealer who took the upcard (the contract names both) gets it first."""
        contract = self.contract
        if player == self.dealer and contract.get("upcard") and contract.get("discard") == card:
            upcard = str(contract["upcard"])
            if not any(upcard in cards for cards in self.hands.values()):
                self.hands.setdefault(player, []).append(upcard)
        if card in self.hands.get(player, ()):
            self.hands[player].remove(card)

    def take_back(self, player: str, card: str) -> None:
        if [player, card] in self.on_table:
            self.on_table.remove([player, card])
            self.hands.setdefault(player, []).append(card)

    def _count(self) -> None:
        """Credit the trick's winner once every card the verdict puts in it is on the table."""
        index = self.number - 1
        if index in self.counted or index >= len(self.tricks):
            return
        trick = self.tricks[index]
        if trick.winner is not None and all(list(p) in self.on_table for p in trick.plays):
            self.counted.add(index)
            self.won[trick.winner] = self.won.get(trick.winner, 0) + 1

    def snapshot(self) -> dict[str, Any]:
        index = self.number - 1
        winner = self.tricks[index].winner if index in self.counted else None
        return {"trick": self.number, "table": [list(p) for p in self.on_table], "winner": winner,
                "hands": {p: list(cards) for p, cards in self.hands.items()}, "won": dict(self.won)}


def _hand_view(hand: HandStory, players: tuple[str, ...]) -> dict[str, Any]:
    table = _Table(hand, players)
    trick_of = hand.trick_of_play()
    steps: list[Step] = [{"text": "The deal", "kind": "deal", "line": hand.record.header.at.line, "column": 1,
                          **table.snapshot()}]
    for line in hand.record.lines:
        if isinstance(line, ev.EventLine):
            for event in line.events:
                step = _event_step(event)
                if isinstance(event, ev.Play):
                    step["trick"] = table.trick_of(trick_of.get(event.at))
                    table.play(event.player, event.card.text, step["trick"])
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
    return {"number": verdict.number, "line": verdict.line, "last_line": last_line(hand), "deals": hand.deals(),
            "steps": steps, "findings": [_step_of(steps, i.at.line, i.at.column) for i in verdict.irregularities]}


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

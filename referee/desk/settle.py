"""Settling a dispute from the desk: each open choice's options as the transcript line that answers it.

A verdict's `pending` names who chooses and the options by name (``card``, ``suit``,
``redeal``, ``highest`` …), and its `next` says what the laws require now (``E takes back
9S``). The replay that opened each choice also gives, in memory, each option's answering line
(`Pending.replies`: ``N call spades``, ``S accept``, ``redeal``, ``E retract 9S``), so this
module teaches itself no game and guesses nothing. It checks each line once, to show only the
ones the referee accepts: the transcript with the line added is checked again (its last hand
replayed alone where that is exact, `lasthand`), and the line counts only if the choice (or the
hand's next step) changed without the referee calling the line inconsistent. An option no single
line answers (one the table takes by going on, or by writing the result) is shown with that
advice instead of a button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..check import Collector
from ..engine.laws import Pending
from ..engine.ledger import POOL
from ..engine.verdict import HandVerdict, Verdict
from ..output.story import FileStory, HandStory
from .lasthand import LastHand, NotAlone, SessionKeeper
from .view import last_line
from .work import WatchedChecker, Work

CORRECTABLE = frozenset({"lead-out-of-turn", "play-out-of-turn", "revoke"})
MOST_CHECKS = 32
"""Answering lines checked per request; a handful is plenty."""
PROVING_CHARS = 256 * 1024
PROVING_TIMES = 2
"""What checking the answering lines may cost in all, in characters checked: a line replayed on
the last hand costs that hand's size, one checked with the whole transcript the transcript's. A
view checks the transcript once; the lines may then cost at most `PROVING_TIMES` more checks of
it, or `PROVING_CHARS` (every line of a transcript of a few games checked whole). A dispute hand
padded with comments, which cannot be replayed alone, once made one view cost 32 checks."""

Check = Callable[[str], Verdict]


@dataclass(frozen=True, slots=True)
class _Before:
    """What an answering line must change (or must not make worse) in the last hand."""

    errors: int
    inconsistent: int
    state: tuple[Any, ...]


def insert_line(text: str, after: int, line: str) -> str:
    """`text` with `line` put after its line number `after` (the page does exactly the same)."""
    lines = text.split("\n")
    lines.insert(min(after, len(lines)), line)
    return "\n".join(lines)


def _last_hand(verdict: Verdict) -> HandVerdict | None:
    games = verdict.files[0].games if verdict.files else []
    return games[-1].hands[-1] if games and games[-1].hands else None


def _state(hand: HandVerdict) -> tuple[Any, ...]:
    return (hand.status, hand.next, tuple(hand.pending), tuple(hand.notes), len(hand.irregularities))


def _measure(verdict: Verdict) -> _Before | None:
    hand = _last_hand(verdict)
    return None if hand is None else _measure_hand(len(verdict.files[0].errors), hand)


def _measure_hand(errors: int, hand: HandVerdict) -> _Before:
    # a line the referee finds inconsistent, or a card it will not let go back, answers nothing
    inconsistent = sum(i.kind in ("inconsistent-transcript", "illegal-retract") for i in hand.irregularities)
    return _Before(errors, inconsistent, _state(hand))


class _OutOfBudget(Exception):
    pass


class _Prover:
    """Checks answering lines against the referee, each once, at most `MOST_CHECKS` of them per
    request and within a budget of characters checked (`PROVING_CHARS`): the last hand replayed
    alone (`LastHand`) where that is exact, else the whole transcript. `ran_out` says that lines
    were left unchecked for the budget."""

    def __init__(self, text: str, after: int, check: Check, before: _Before, last: LastHand | None,
                 work: Work | None = None) -> None:
        self.text, self.after, self.check, self.before, self.last = text, after, check, before, last
        self.left = MOST_CHECKS
        self.budget = max(PROVING_CHARS, PROVING_TIMES * len(text))
        self.work = work
        self.ran_out = False
        self.answers: dict[str, bool] = {}  # a line two choices offer (two exposed cards' "highest") is checked once

    def _spend(self, chars: int) -> None:
        if chars > self.budget:
            self.ran_out = True
            raise _OutOfBudget
        self.budget -= chars

    def _measure(self, line: str) -> _Before | None:
        if self.last is not None:
            try:
                self._spend(self.last.size)
                hand = self.last.verdict(line, self.after)
            except NotAlone:
                pass
            else:
                if hand is None:  # the whole check would report a problem: the line answers nothing
                    return _Before(self.before.errors + 1, self.before.inconsistent, self.before.state)
                return _measure_hand(self.before.errors, hand)
        self._spend(len(self.text))
        return _measure(self.check(insert_line(self.text, self.after, line)))

    def accepted(self, line: str) -> bool:
        """Whether the referee takes `line` as an answer (False, with `ran_out`, when it was left unchecked)."""
        if line in self.answers:
            return self.answers[line]
        self.answers[line] = answer = self._accepted(line)
        return answer

    def _accepted(self, line: str) -> bool:
        if self.left <= 0 or self.ran_out:
            self.ran_out = True
            return False
        if self.work is not None:
            self.work.look()
        self.left -= 1
        try:
            after = self._measure(line)
        except _OutOfBudget:
            return False
        return (after is not None and after.errors <= self.before.errors
                and after.inconsistent <= self.before.inconsistent and after.state != self.before.state)


def _on_table(hand: HandVerdict) -> list[tuple[str, str]]:
    """The plays of the trick still on the table (not yet won), in order."""
    last = hand.tricks[-1] if hand.tricks else None
    return list(last.plays) if last is not None and last.winner is None else []


def _option(option: str, label: str, line: str | None, untried: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"option": option, "label": label, "line": line}
    if line is None:
        out["note"] = ("not tried: the transcript is too long for the desk to try every answer; write the line"
                       if untried else "no single line answers it: write what happened next at the table")
    return out


def _pending_options(pending: Pending, prover: _Prover) -> list[dict[str, Any]]:
    """Each option of `pending` with the line the replay gave it, if the referee accepts it."""
    out: list[dict[str, Any]] = []
    for reply in pending.replies:
        if reply.line is None:
            note = {"note": "write it, naming the card"} if reply.option == "card" else {}  # the label is his line
            out.append(_option(reply.option, reply.label, None) | note)
            continue
        line = reply.line if prover.accepted(reply.line) else None
        out.append(_option(reply.option, reply.label, line, prover.ran_out))
    return out


def _corrections(hand: HandStory, prover: _Prover, offered: set[str]) -> list[dict[str, Any]]:
    """What the laws require without anyone choosing: a card out of turn, or a revoke still
    correctable, taken back (``next`` says so in words) — unless an option already adds that line."""
    verdict = hand.verdict
    offenders = {i.player for i in verdict.irregularities
                 if i.kind in CORRECTABLE and i.status in (None, "correctable") and verdict.tricks
                 and i.trick == verdict.tricks[-1].number}
    out = []
    for player, card in _on_table(verdict):
        line = f"{player} retract {card}"
        if player in offenders and line not in offered and prover.accepted(line):
            out.append(_option("take-back", f"{player} takes back {card}", line))
    return out


def _whole_check(text: str, rules: str | None, work: Work | None) -> Verdict:
    """`check.check_text`, stopping with the request's `work`."""
    collector = Collector()
    checker = WatchedChecker(collector, rules)
    checker.work = work
    checker.check_text(text)
    checker.finish()
    return collector.verdict


def settle(story: FileStory, text: str, rules: str | None,
           keeper: SessionKeeper | None = None, work: Work | None = None) -> dict[str, Any] | None:
    """The open choices of the transcript's last hand, each option with the line that answers it.

    `rules` are the house rules `story` was checked with, by `keeper` where it was kept (then a
    proposed line replays the last hand alone). Returns None when the last hand has nothing to
    settle.
    """
    if not story.games or not story.games[-1].hands:
        return None
    game = story.games[-1]
    hand = game.hands[-1]
    verdict = hand.verdict
    if verdict.status != "in-progress" and not verdict.pending:
        return None
    before = _measure_hand(len(story.problems), verdict)
    after = last_line(hand)
    prover = _Prover(text, after, lambda candidate: _whole_check(candidate, rules, work), before,
                     LastHand.of(keeper, hand, text), work)
    choices: list[dict[str, Any]] = [{"chooser": p.chooser, "rule": p.rule, "explanation": p.explanation,
                "options": _pending_options(p, prover)} for p in verdict.pending]
    offered = {o["line"] for c in choices for o in c["options"] if o["line"]}
    corrections = _corrections(hand, prover, offered)
    if not choices and not corrections:
        return None
    return {"game": len(story.games) - 1, "hand": len(game.hands) - 1, "number": verdict.number,
            "after": after, "next": verdict.next, "choices": choices, "corrections": corrections}


def payments(hand: HandVerdict) -> dict[str, Any]:
    """The hand's ledger as a club reads it: one line per payment, naming both parties.

    The verdict's ledger is a list of signed movements; a payment between two players is two of
    them, one loss and one gain of the same amount, unit, cause and rule. Each loss is paired
    with the first such gain still unpaired (``Y pays A 12 white``); what is left over is a score
    (``N-S scores 2 points``), counters going into the pool or taken from it (``A takes 4 red
    from the pool (40 white)``: the pool's entry and the player's, same rule and cause), or a
    loss to nobody in particular.
    `totals` is each party's net movement per unit over the hand, for the foot of the table.
    """
    entries = list(hand.ledger)
    used: set[int] = set()
    lines: list[dict[str, Any]] = []
    for i, loss in enumerate(entries):
        if i in used or loss.amount >= 0 or loss.who == POOL:
            continue
        match = next((j for j, gain in enumerate(entries) if j not in used and gain.amount == -loss.amount
                      and gain.who not in (POOL, loss.who)
                      and (gain.unit, gain.rule, gain.cause) == (loss.unit, loss.rule, loss.cause)), None)
        if match is not None:
            used.update((i, match))
            lines.append(_payment(i, f"{loss.who} pays {entries[match].who} {-loss.amount} {loss.unit}", loss))
    for i, pool in enumerate(entries):  # a player's counters going into the pool, or the pool taken
        if i in used or pool.who != POOL:
            continue
        match = next((j for j, e in enumerate(entries) if j not in used and e.who != POOL
                      and (e.amount > 0) != (pool.amount > 0) and (e.rule, e.cause) == (pool.rule, pool.cause)), None)
        if match is not None:
            used.update((i, match))
            player = entries[match]
            worth = f" ({abs(player.amount)} {player.unit})" if player.unit != pool.unit else ""
            verb = "takes" if pool.amount < 0 else "puts"
            where = "from" if pool.amount < 0 else "into"
            words = f"{player.who} {verb} {abs(pool.amount)} {pool.unit} {where} the pool{worth}"
            lines.append(_payment(i, words, pool))
    for i, entry in enumerate(entries):
        if i in used:
            continue
        amount = abs(entry.amount)
        if entry.who == POOL:
            words = f"{amount} {entry.unit} {'go into' if entry.amount > 0 else 'come out of'} the pool"
        elif entry.unit == "points":
            words = f"{entry.who} {'scores' if entry.amount >= 0 else 'loses'} {amount} point{'s' * (amount != 1)}"
        else:
            words = f"{entry.who} {'receives' if entry.amount >= 0 else 'pays'} {amount} {entry.unit}"
        lines.append(_payment(i, words, entry))
    lines.sort(key=lambda line: line.pop("index"))
    totals: dict[str, dict[str, int]] = {}
    for entry in entries:
        unit = totals.setdefault(entry.who, {})
        unit[entry.unit] = unit.get(entry.unit, 0) + entry.amount
    return {"lines": lines, "totals": [{"who": who, "amounts": amounts} for who, amounts in totals.items()]}


def _payment(index: int, words: str, entry: Any) -> dict[str, Any]:
    return {"index": index, "words": words, "cause": entry.cause, "rule": entry.rule}

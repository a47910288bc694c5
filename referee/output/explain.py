"""``referee explain``: the replay told step by step, for a player rather than a programmer.

The story is rebuilt from the transcript's own lines (what was said and played, in order,
with line numbers) and the verdict (who won each trick, the irregularities, the penalties,
what is still to be chosen, the score). Every rule cited is quoted in the rulebook's plain
words. Nothing here knows a game: the verdict and the notation carry all it needs.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.verdict import TrickRecord
from ..games import registry
from ..notation import events as ev
from ..notation.safe import safe_text
from .choosing import listed, named, news, with_answers
from .render import cause_lines, left_out_words, recorded_words
from .scoreline import pool_words, seat_order, so_far
from .story import FileStory, GameStory, HandStory, replay_story
from .words import contract_words, event_words, house_rules, scores, why_won

WIDTH = 100
"""Lines are wrapped here so the story reads in a terminal or a plain-text e-mail."""


@dataclass(frozen=True, slots=True, order=True)
class _Step:
    """One paragraph of a hand's story, sorted into transcript order: line, then kind, then column."""

    line: int
    kind: int  # 0 what was said or played, 1 a trick completed, 2 an irregularity found there
    column: int
    text: str


def _wrap(text: str, indent: str, hang: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=hang or indent,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


class _RuleQuoter:
    """Quotes a rule's plain words the first time a hand cites it, and only its id after that."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.rules = registry()[game].rulebook.rules
        self.quoted: set[str] = set()

    def quote(self, rule_id: str) -> list[str]:
        rule = self.rules.get(rule_id)
        if rule is None or rule_id in self.quoted:
            return [f"      Rule {rule_id}."]
        self.quoted.add(rule_id)
        return _wrap(f"Rule {rule_id} — {rule.title}: {rule.text}", "      ", "        ")


def explain_file(story: FileStory, hand_number: int | None = None) -> str:
    """The whole narrative of a file (or of hand `hand_number` in each of its games)."""
    out: list[str] = []
    replay_story(story, Explainer(story.path, out.append, hand_number))
    return "".join(out)


class Explainer:
    """A `StoryReader` writing the narrative as it is told, a hand at a time: ``referee explain``
    streams it (`story.stream_file`), so an archive of any size is told in constant memory."""

    def __init__(self, path: str, write: Callable[[str], object], hand_number: int | None = None,
                 on_problem: Callable[[str], object] | None = None) -> None:
        self.path = path
        self.write = write
        self.hand_number = hand_number
        self.on_problem = on_problem
        self.found: set[int] = set()  # the hand numbers seen, for the message when `hand_number` is not one
        self.shown_status = 0  # the exit status of the hands told: with `hand_number`, the command's
        self._header: list[str] | None = None  # a game's header, written with its first hand told
        self._blank = False  # a game told: a blank line is owed before whatever follows

    def _lines(self, lines: list[str]) -> None:
        if self._blank:
            self.write("\n")
            self._blank = False
        self.write(safe_text("\n".join(lines)) + "\n")  # a tag or a note may hold terminal escapes

    def game(self, game: GameStory) -> None:
        self._header = _game_header(self.path, game)
        if self.hand_number is None:
            self._lines(self._header)
            self._header = []

    def hand(self, game: GameStory, hand: HandStory) -> None:
        number = hand.verdict.number
        if len(self.found) < 1000:
            self.found.add(number)
        if self.hand_number is not None and number != self.hand_number:
            return
        self.shown_status = max(self.shown_status, hand.verdict.exit_code)
        self._lines((self._header or []) + [""] + _hand(hand, _RuleQuoter(game.verdict.game)))
        self._header = []

    def end_game(self, game: GameStory) -> None:
        if self._header is None:
            return
        if self.hand_number is None:
            self._lines([""] + _game_end(game))
        if self._header == []:  # something of this game was told
            self._blank = True
        self._header = None

    def problem(self, text: str) -> None:
        if self.on_problem is not None:
            self.on_problem(text)


def _game_header(path: str, game: GameStory) -> list[str]:
    verdict = game.verdict
    lines = [f"{path}: {registry()[verdict.game].rulebook.title}"]
    for name, value in verdict.info.items():
        lines.append(f"  {name}: {value}")
    seats = f"  Players, clockwise: {', '.join(game.players)}."
    if game.partners:
        seats += f" Partners: {' and '.join(game.partners)}."
    lines.append(seats)
    changed = house_rules(verdict.game, verdict.rules)
    lines.extend(_wrap("House rules: " + ("; ".join(changed) if changed else "none (the standard laws)") + ".", "  "))
    return lines


def _hand(hand: HandStory, rules: _RuleQuoter) -> list[str]:
    v = hand.verdict
    lines = [f"Hand {v.number} — {v.dealer} deals ({v.status})"]
    deals = hand.deals()
    if deals:
        lines.append("  The deal:")
        lines.extend(f"    {player}: {' '.join(cards)}" for player, cards in deals.items())
    steps = sorted(_steps(hand, rules))
    contract = contract_words(v.contract)
    first_trick = next((i for i, s in enumerate(steps) if s.kind == 1), len(steps))
    for i, step in enumerate(steps):
        if i == first_trick and contract != "none":
            lines.extend(_wrap(f"Contract: {contract}.", "  ", "    "))
        lines.append(step.text)
    if first_trick == len(steps) and contract != "none":
        lines.extend(_wrap(f"Contract: {contract}.", "  ", "    "))
    lines.extend(_outcome(hand, rules))
    return lines


def _steps(hand: HandStory, rules: _RuleQuoter) -> list[_Step]:
    """Everything that happened in the hand, each at the transcript line where it happened."""
    steps: list[_Step] = []
    tricks = hand.trick_of_play()
    last_play: dict[int, ev.Span] = {}
    for record in hand.record.lines:
        if isinstance(record, ev.EventLine):
            said = [e for e in record.events if e.at not in tricks]
            for event in record.events:
                if event.at in tricks:
                    last_play[tricks[event.at]] = max(last_play.get(tricks[event.at], event.at), event.at,
                                                      key=lambda s: (s.line, s.column))
            if said:
                text = ", ".join(event_words(e) for e in said)
                steps.append(_Step(record.at.line, 0, said[0].at.column,
                                   "\n".join(_wrap(f"Line {record.at.line}: {text}.", "  ", "    "))))
        elif not isinstance(record, ev.DealLine):
            text = _record_words(record)
            told = _wrap(f"Line {record.at.line}: {text}", "  ", "    ")
            steps.append(_Step(record.at.line, 0, record.at.column, "\n".join(told)))
    for trick in hand.verdict.tricks:
        at = last_play.get(trick.number, ev.Span(0, 0))
        told = _wrap(_trick_words(trick, hand, rules.game), "  ", "    ")
        steps.append(_Step(at.line, 1, at.column, "\n".join(told)))
    for finding in hand.verdict.irregularities:
        who = f" by {finding.player}" if finding.player else ""
        where = f" in trick {finding.trick}" if finding.trick else ""
        status = f" ({finding.status})" if finding.status else ""
        told = _wrap(f"! Line {finding.at.line}, column {finding.at.column}: {finding.kind}{who}{where}{status}.",
                     "  ", "    ")
        told += _wrap(finding.explanation, "      ")
        told += rules.quote(finding.rule)
        steps.append(_Step(finding.at.line, 2, finding.at.column, "\n".join(told)))
    return steps


def _record_words(record: ev.Line) -> str:
    match record:
        case ev.UpcardLine():
            return f"the card turned up is {record.card}."
        case ev.RecordedLine():
            return "the table wrote down " + ", ".join(f"{w} {a:+d}" for w, a, _ in record.changes) + "."
        case ev.NoteLine():
            return f"note: “{record.text}”"
        case ev.RedealLine():
            why = {"misdeal": " (a misdeal)", "thrown-in": " (thrown in: nobody bid)",
                   "imperfect-pack": " (an imperfect pack)", "faced-card": " (a card faced in the pack)"}
            return f"the table agreed to cancel the hand and deal again{why.get(record.reason or '', '')}."
    return ""


def _trick_words(trick: TrickRecord, hand: HandStory, game: str) -> str:
    (leader, lead), *rest = trick.plays
    others = ", ".join(f"{p} {c}" for p, c in rest)
    text = f"Trick {trick.number}: {leader} leads {lead}" + (f"; {others}" if others else "") + "."
    if trick.winner is None:
        return text + " The trick is not finished."
    return text + f" {trick.winner} wins it {why_won(hand.verdict.trace.trick(trick.number), game)}."


def _outcome(hand: HandStory, rules: _RuleQuoter) -> list[str]:
    v = hand.verdict
    lines: list[str] = []
    for penalty in v.penalties:
        points = f" ({scores(penalty.points, signed=True)})" if penalty.points else ""
        lines.extend(_wrap(f"Penalty: {penalty.description}{points}.", "  ", "    "))
        lines.extend(rules.quote(penalty.rule))
    for pending, answers in with_answers(v):
        still = f"Still to choose: {named(pending.chooser)} may choose {listed(pending.options)}."
        lines.extend(_wrap(still, "  ", "    "))
        lines.extend(_wrap(pending.explanation, "      "))
        for answer in answers:
            lines.extend(_wrap(f"To choose {answer}.", "      ", "        "))
        lines.extend(rules.quote(pending.rule))
    next_step = news(v.next, v.pending)
    if next_step:
        lines.extend(_wrap(f"What happens now: {next_step}.", "  ", "    "))
    for note in v.notes:
        lines.extend(_wrap(f"Note: {note}", "  ", "    "))
    lines.append(f"  Score for the hand: {scores(seat_order(v), signed=True)}; "
                 f"standings now {scores(v.score_after)}{pool_words(v.pool_after)}{so_far(v)}.")
    for cause in cause_lines(v):
        lines.extend(_wrap(f"Why: {cause}.", "    ", "      "))
    if v.recorded is not None:
        if v.recorded.agrees:
            lines.append(f"  The table recorded {scores(v.recorded.given, signed=True)}: that agrees with the laws.")
        else:
            given, differs = recorded_words(v).split(" — DISAGREES with the laws: ", 1)
            lines.append(f"  The table recorded {given}: that DISAGREES with the laws ({differs}).")
    return lines


def _game_end(game: GameStory) -> list[str]:
    v = game.verdict
    pool = pool_words(v.pool)
    winner = (f" {v.winner} won it before any hand written here: the header's score stands at the game's target."
              if v.winner and not v.hands else f" {v.winner} wins the game." if v.winner
              else " Nobody has won the game yet.")
    left_out = left_out_words(v)
    note = f" ({left_out[0].upper()}{left_out[1:]}.)" if left_out else ""
    return [f"Final score: {scores(v.final_score)}{pool}.{winner}{note}"]

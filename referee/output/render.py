"""Printing the verdict: streaming JSON for programs, plain text for people.

Both are `Sink`s: they write each hand as soon as it is decided. Nothing here knows any
game's laws; the text comes from the verdict's own fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TextIO

from ..engine.laws import Irregularity
from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..games import registry
from ..notation.limits import MAX_ERRORS
from ..notation.reader import GameStart, HandRecord, Problem, more_problems
from ..notation.safe import safe_text
from .choosing import named, news, with_answers
from .scoreline import pool_words, score_words, seat_order, so_far
from .scoreline import scores as _scores
from .scoreline import signed as _signed

_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""What ``json.dumps(value, ensure_ascii=False)`` writes, built once instead of once per hand; the
verdict's plain dicts and lists hold no cycles to look for."""

_C_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)
_ENCODE: Any = None if _C_ENCODER is None else _C_ENCODER(
    None, _ENCODER.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True)
"""The C encoder `_ENCODER.encode` builds afresh on every call (with the same settings), built
once: a hand's JSON is two calls, and building it was 7,000 instructions of each. None where
Python has no C encoder."""


def _json(value: Any) -> str:
    return _ENCODER.encode(value) if _ENCODE is None else "".join(_ENCODE(value, 0))


class _RecurringJson(dict[Any, str]):
    """`_json` of values that recur in every hand, each worked out once: a seat, or a play of a
    trick (``("N", "9S")``). A hand's JSON is mostly such plays, and an archive has the same few
    seats play the same cards. A plain dict's lookup costs a fraction of an `lru_cache` call; it is
    emptied when full, so an archive of ever new players cannot make it grow without bound."""

    limit = 4096

    def __missing__(self, value: Any) -> str:
        if len(self) >= self.limit:
            self.clear()
        text = self[value] = _json(value)
        return text


_small_json = _RecurringJson().__getitem__


def hand_json(hand: HandVerdict) -> str:
    """``_json(hand.to_dict())``, with the tricks written here rather than built as nested lists
    and dicts and encoded item by item (they are most of a hand, and most of the cost)."""
    tricks = ", ".join([
        f'{{"number": {t.number}, "leader": {_small_json(t.leader)}, '
        f'"plays": [{", ".join(map(_small_json, t.plays))}], '
        f'"winner": {_small_json(t.winner)}}}'
        for t in hand.tricks])
    return f'{_json(hand.head_dict())[:-1]}, "tricks": [{tricks}], {_json(hand.tail_dict())[1:]}'


class JsonWriter:
    """Writes the JSON contract of notation.md §5 incrementally, byte-for-byte deterministic.

    With `whole=False` it writes only the games (a part of a file checked by a worker process);
    the parent's writer splices such parts in with `raw`.
    """

    def __init__(self, out: TextIO, whole: bool = True) -> None:
        self.out = out
        self.whole = whole
        self.files = 0
        self.games = 0
        self.hands = 0
        self.errors: list[Problem] = []
        self.hidden = 0  # problems past `MAX_ERRORS` in this file, counted but not listed
        if whole:
            out.write('{"version": 1, "files": [')

    def begin_file(self, path: str) -> None:
        if self.whole:
            self.out.write((", " if self.files else "") + '{"path": ' + _json(path) + ', "games": [')
        self.files += 1
        self.games = 0
        self.errors = []
        self.hidden = 0

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        """Splice in a part rendered by another writer with ``whole=False`` (each part lists at most
        `MAX_ERRORS` problems of its own)."""
        if games:
            self.out.write((", " if self.games else "") + out)
            self.games += games
        self.errors.extend(problems)

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        head = _json(game.head_dict())[:-1]
        self.out.write((", " if self.games else "") + head + ', "hands": [')
        self.games += 1
        self.hands = 0

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        self.out.write((", " if self.hands else "") + hand_json(hand))
        self.hands += 1

    def end_game(self, game: GameVerdict) -> None:
        self.out.write("], " + _json(game.tail_dict())[1:])

    def error(self, problem: Problem, line: int) -> None:
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(problem)
        else:
            self.hidden += 1

    def end_file(self) -> None:
        if self.whole:
            errors = self.errors + ([more_problems(self.hidden)] if self.hidden else [])
            self.out.write('], "errors": ' + _json([e.to_dict() for e in errors]) + "}")

    def finish(self, summary: Summary) -> None:
        if self.whole:
            self.out.write('], "summary": ' + _json(summary.to_dict()) + "}\n")


def format_problem(path: str, problem: Problem) -> str:
    """``file:line:col: message — hint`` (line 0 means the file as a whole, or --rules)."""
    where = f"{path}:{problem.line}:{problem.column}" if problem.line else path
    hint = f" — {problem.hint}" if problem.hint else ""
    return safe_text(f"{where}: {problem.message}{hint}")  # a problem may quote the offending text


_EMPTY: tuple[object, ...] = (None, False, "", [], {}, ())


def value_words(value: Any) -> str:
    """A contract's value in words, never in Python's spelling: a mapping as ``high A, game B``
    (its empty entries left out, a true one by its name alone), a list as ``A, B``."""
    if isinstance(value, Mapping):
        return ", ".join(str(k) if v is True else f"{k} {value_words(v)}" for k, v in value.items() if v not in _EMPTY)
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(v) for v in value)
    return str(value)


def describe_contract(contract: Mapping[str, Any], colon: str = ":") -> str:
    """``trump: hearts; maker: S; made`` — the contract's fields that say something, in words."""
    parts = [k.replace("_", " ") if v is True else f"{k.replace('_', ' ')}{colon} {value_words(v)}"
             for k, v in contract.items() if v not in _EMPTY]
    return "; ".join(parts) if parts else "none"


def finding_words(finding: Irregularity) -> str:
    """``revoke by W in trick 3 (established)``: a finding's head line, after its position."""
    status = f" ({finding.status})" if finding.status else ""
    who = f" by {finding.player}" if finding.player else ""
    in_trick = f" in trick {finding.trick}" if finding.trick else ""
    return f"{finding.kind}{who}{in_trick}{status}"


def _amounts(amounts: Mapping[tuple[str, str], int]) -> str:
    """``A +135, Y -45 white; pool -4 red``: per unit, who moved what, the unit said once
    (``N-S +1 point``: a lone single unit is singular)."""
    units: dict[str, list[tuple[str, int]]] = {}
    for (who, unit), amount in amounts.items():
        if amount:
            units.setdefault(unit, []).append((who, amount))
    parts = []
    for unit, moved in units.items():
        single = len(moved) == 1 and abs(moved[0][1]) == 1 and unit.endswith("s")
        moves = ", ".join(f"{who} {_signed(amount)}" for who, amount in moved)
        parts.append(f"{moves} {unit[:-1] if single else unit}")
    return "; ".join(parts)


def cause_lines(hand: HandVerdict) -> list[str]:
    """Why the hand scored what it did, one line per cause, read from the verdict's ledger (the
    desk shows the same entries as a table): ``the makers took 2 tricks: euchred: E-W +2 points
    [euchre.score.euchred]``. The entries of one cause are added up per player (or side, or the
    pool) and unit, so a payment from each opponent reads as the total it came to."""
    causes: dict[str, tuple[dict[tuple[str, str], int], list[str]]] = {}
    for entry in hand.ledger:
        amounts, rules = causes.setdefault(entry.cause, ({}, []))
        amounts[entry.who, entry.unit] = amounts.get((entry.who, entry.unit), 0) + entry.amount
        if entry.rule not in rules:
            rules.append(entry.rule)
    seats = {who: i for i, who in enumerate(seat_order(hand))}  # the players' order, then the pool

    def in_order(amounts: dict[tuple[str, str], int]) -> dict[tuple[str, str], int]:
        return dict(sorted(amounts.items(), key=lambda item: seats.get(item[0][0], len(seats))))

    return [f"{cause}: {_amounts(in_order(amounts))} [{', '.join(rules)}]"
            for cause, (amounts, rules) in causes.items() if any(amounts.values())]


def recorded_words(hand: HandVerdict) -> str:
    """The table's recorded result against the laws': what agrees, or exactly what differs.

    Sides the recorded line leaves out are checked only where the laws give them a change; the
    pool only where the line names it (`Recorded.wrong`). Against a hand the transcript leaves
    unfinished, the words say the laws' figures are so far only.
    """
    recorded = hand.recorded
    assert recorded is not None
    given = _scores(recorded.given, signed=True)
    if recorded.agrees:
        return f"{given} — agrees"
    wrong = [f"{who} {_signed(given_)} where the laws give {_signed(right)}"
             for who, given_, right in recorded.wrong if who in recorded.given]
    missing = [f"{who} {_signed(right)}" for who, _, right in recorded.wrong if who not in recorded.given]
    parts = wrong + ([f"not recorded: {', '.join(missing)}"] if missing else [])
    if hand.status == "in-progress":  # a scoresheet's result against a hand written only in part
        parts.append("the transcript stops before the hand is over, so the laws' figures are so far only: "
                     "write the rest of the hand to check the result")
    return f"{given} — DISAGREES with the laws: {'; '.join(parts)}"


def left_out_words(game: GameVerdict) -> str:
    """``without the hand on line 9, which could not be used …`` when hands were left out, else ""."""
    if not game.left_out:
        return ""
    lines = ", ".join(map(str, game.left_out))
    if len(game.left_out) == 1:
        return f"without the hand on line {lines}, which could not be used"
    return f"without the {len(game.left_out)} hands on lines {lines}, which could not be used"


class TextWriter:
    """Plain text for people: per hand the contract, tricks, findings, penalties and scores."""

    def __init__(self, out: TextIO, err: TextIO) -> None:
        self.out = out
        self.err = err
        self.path = ""

    shows_options = True  # each option of an open choice with what it leads to (`check.Sink`)

    def begin_file(self, path: str) -> None:
        self.path = path
        self.shown = self.hidden = 0  # problems listed in this file, and past `MAX_ERRORS`

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        defaults = registry()[game.game].rulebook.defaults()
        changed = [k if v is True else f"{k}={'false' if v is False else v}"
                   for k, v in game.rules.items() if defaults.get(k, v) != v]
        rules = f" — house rules: {'; '.join(changed)}" if changed else ""
        info = f" ({', '.join(game.info.values())})" if game.info else ""
        self.out.write(safe_text(f"{self.path}: {game.game}{info}{rules}") + "\n")

    def hand(self, hand: HandVerdict, record: HandRecord) -> None:
        write = self.out.write
        write(f"  Hand {hand.number}, dealer {hand.dealer}: {hand.status}\n")
        if any(v not in (None, False, "", [], {}) for v in hand.contract.values()):
            write(f"    Contract: {describe_contract(hand.contract)}\n")
        for trick in hand.tricks:
            plays = ", ".join(f"{p} {c}" for p, c in trick.plays)
            won = f" → {trick.winner}" if trick.winner else " (unfinished)"
            write(f"    Trick {trick.number}: {plays}{won}\n")
        for finding in hand.irregularities:
            write(f"{self.path}:{finding.at.line}:{finding.at.column}: {finding_words(finding)} "
                  f"[{finding.rule}]\n      {safe_text(finding.explanation)}\n")
        for penalty in hand.penalties:
            points = f" ({_scores(penalty.points, signed=True)})" if penalty.points else ""
            write(f"    Penalty: {safe_text(penalty.description)}{points} [{penalty.rule}]\n")
        for pending, answers in with_answers(hand):
            write(f"    Pending: {named(pending.chooser)} to choose: {' | '.join(pending.options)} [{pending.rule}]\n"
                  f"      {safe_text(pending.explanation)}\n")
            for answer in answers:
                write(f"      {safe_text(answer)}\n")
        next_step = news(hand.next, hand.pending)
        if next_step:
            write(f"    Next: {safe_text(next_step)}\n")
        for note in hand.notes:
            write(f"    Note: {safe_text(note)}\n")  # a note line's own words
        write(f"    Score: {score_words(hand)}{so_far(hand)}\n")
        for cause in cause_lines(hand):
            write(f"    Why: {safe_text(cause)}\n")
        if hand.recorded is not None:
            at = "    " if hand.recorded.agrees else f"{self.path}:{hand.recorded.line}:1: "
            write(f"{at}Recorded: {recorded_words(hand)}\n")

    def end_game(self, game: GameVerdict) -> None:
        winner = f"; winner {game.winner}" if game.winner else ""
        pool = pool_words(game.pool)
        left_out = left_out_words(game)
        self.out.write(f"  Final: {_scores(game.final_score)}{pool}{winner}{' — ' + left_out if left_out else ''}\n")

    def error(self, problem: Problem, line: int) -> None:
        if self.shown < MAX_ERRORS:
            self.shown += 1
            self.write_error(problem)
        else:
            self.hidden += 1

    def write_error(self, problem: Problem) -> None:
        self.err.write(format_problem(self.path, problem) + "\n")

    def end_file(self) -> None:
        if self.hidden:
            self.write_error(more_problems(self.hidden))

    def raw(self, out: str, err: str, problems: list[Problem], games: int) -> None:
        """Splice in a part rendered by another text writer (its problems, one a line, count
        towards the file's `MAX_ERRORS`)."""
        self.out.write(out)
        self.err.write(err)
        self.shown += err.count("\n")

    def finish(self, summary: Summary) -> None:
        s = summary
        self.out.write(f"{s.files} file(s), {s.games} game(s), {s.hands} hand(s): {s.irregularities} irregularit"
                       f"{'y' if s.irregularities == 1 else 'ies'}, {s.disagreements} disagreement(s), "
                       f"{s.errors} error(s)\n")

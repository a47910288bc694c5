"""An open choice told to the table that has to make it: each option with the line that takes it.

A player settling a dispute from ``referee check`` needs more than the options' names
(``suit | card | accept``): he needs what to write to take one. The replay that opened the
choice knows each option's answering line (`Pending.replies`, which the desk offers as buttons),
so the writers for people print the same lines and guess none. The verdict's `next` opens with
the choice again where play waits for it (``A to choose: suit | card | accept``, or an open
revoke claim's own words): `news` keeps only what it adds, so nothing is said twice.

Where the choice decides the hand's score (a revoke's penalty, a misère's claim), each option's
line is followed by what the hand scores once it is taken: the checker replays the hand with the
line written at its end (`check.options_replayed`), so the score is the referee's, not a guess.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from ..engine.laws import Pending
from ..engine.verdict import HandVerdict
from .scoreline import pool_words, scores, seat_order

NO_LINE = "nothing of its own to write: go on writing what happened next at the table"
"""An option the table takes by going on, or by writing down what it saw."""

WITHOUT_LINE = {"show-hand": "write the accused player's cards as a deal line (deal P: C C …) and check again",
                "play-on": "write the cards played next",
                "card": 'write "{label}", naming the card'}
"""What to write for the options no single line takes, where every game takes them alike (an open
revoke claim's, the engine's own; a card the chooser names, its reply's label the line with his name)."""


def answer_lines(pending: Pending, earlier: Sequence[Pending] = (), then: Mapping[str, str] | None = None) -> list[str]:
    """``suit: write "A call spades", "A call hearts", "A call diamonds" or "A call clubs"``: one
    line per option, in the options' order (a suit's four calls are one option's). A line that also
    answers a choice listed before it (`earlier`: the verdict lists them in the order a call answers
    them) says so, as it takes this choice only once that one is answered. `then` says what a line
    leads to (`outcomes`), after it."""
    taken = {reply.line for before in earlier for reply in before.replies if reply.line is not None}
    then = then or {}
    lines: dict[str, list[str]] = {}
    for reply in pending.replies:
        said = lines.setdefault(reply.option, [])
        if reply.line is not None and reply.line not in said:
            said.append(reply.line)
    out = []
    for option, said in lines.items():
        if said:
            either = listed([f'"{line}"' for line in said])
            first = ", once the choice above is answered (the same line answers it first)" \
                if any(line in taken for line in said) else ""
            out.append(f"{option}: write {either}{first}{'' if first else _then(said, then)}")
        else:
            label = next(reply.label for reply in pending.replies if reply.option == option)
            out.append(f"{option}: {WITHOUT_LINE.get(option, NO_LINE).format(label=label)}")
    return out


def _then(lines: list[str], then: Mapping[str, str]) -> str:
    """`` — the hand scores …`` after an option's lines: once where they all lead to the same, else
    line by line; nothing where none of them is known to lead anywhere."""
    said = {line: then[line] for line in lines if line in then}
    if not said:
        return ""
    if len(set(said.values())) == 1 and len(said) == len(lines):
        return f" — {next(iter(said.values()))}"
    return " — " + "; ".join(f'"{line}": {words}' for line, words in said.items())


def with_answers(hand: HandVerdict) -> Iterator[tuple[Pending, list[str]]]:
    """Each open choice of `hand` with its `answer_lines`, told against the choices listed before it,
    each line followed by what it leads to (`outcomes` of the replays the verdict carries,
    `HandVerdict.answered`): what every writer for people prints under a hand. A run of choices
    alike, each about a card of its own, is told as two (`alike`)."""
    pending, then = alike(hand.pending), outcomes(hand, hand.answered)
    for index, choice in enumerate(pending):
        yield choice, answer_lines(choice, pending[:index], then)


ALIKE_FROM = 4
"""How many choices in a row of one chooser under one rule, each about a card of its own, are told as
two: the first in full, the rest as one. A claim of the rest lays a dozen cards or more, each
callable: told one by one, the choice a table has to make is lost in twenty blocks."""


def alike(pending: Sequence[Pending]) -> list[Pending]:
    """`pending` with each run of `ALIKE_FROM` or more choices alike (one chooser, one rule, each a
    card's own: `_card`) told as its first choice and one for the rest, whose answering lines are
    all of theirs, each once. The JSON verdict lists every choice; this is how people read them."""
    out: list[Pending] = []
    run: list[Pending] = []
    for choice in (*pending, None):
        if choice is not None and run and _card(run[0]) and _card(choice) and \
                (choice.chooser, choice.rule) == (run[0].chooser, run[0].rule):
            run.append(choice)
            continue
        out.extend(run if len(run) < ALIKE_FROM else (run[0], _likewise(run[1:])))
        run = [choice] if choice is not None else []
    return out


def _card(pending: Pending) -> str | None:
    """The card a choice is about, where one option calls it by its own line (``W call 5C``), else None."""
    calls = [reply.line for reply in pending.replies if reply.option == "card" and reply.line is not None]
    return calls[0].split()[-1] if len(calls) == 1 else None


def _likewise(run: Sequence[Pending]) -> Pending:
    """The choices of `run` told as one: their chooser and rule, every option any of them offers,
    the cards they are about in its words, and all their answering lines (`answer_lines` says each once)."""
    first = run[0]
    options = tuple(dict.fromkeys(option for choice in run for option in choice.options))
    words = (f"Likewise for each of the {len(run)} other cards, each a choice of its own in the same terms: "
             f"{' '.join(str(_card(choice)) for choice in run)}.")
    return Pending(first.chooser, options, first.rule, words, tuple(r for choice in run for r in choice.replies))


ENDS = {"abandoned": "the hand is abandoned and scores", "thrown-in": "the hand is thrown in and scores",
        "redeal": "the hand is dealt again and scores"}
"""How a hand an option settles ends, before its score (a complete hand simply "scores")."""


def outcomes(hand: HandVerdict, replays: Mapping[str, HandVerdict]) -> dict[str, str]:
    """What each answering line of `hand`'s open choices leads to, in words, for the choices whose
    options do not all leave the score as it is (`replays`: the hand replayed with each line written
    at its end, `check.options_replayed`): ``the hand scores A-B +3, Y-Z 0 (standings A-B 5, Y-Z 3)``,
    or ``play goes on (B to play to trick 1); so far the hand scores …``, or ``decided by the next choice`` where the
    line leaves a choice open. A choice whose every option leaves the score alone (a card led out of
    turn, a wrong deal) gets nothing: its lines are the whole answer."""
    out: dict[str, str] = {}
    earlier: set[str | None] = set()  # a line an earlier choice offers too answers that one first
    for choice in hand.pending:
        taken = {line: replays[line] for reply in choice.replies
                 if (line := reply.line) is not None and line in replays and line not in earlier}
        earlier.update(reply.line for reply in choice.replies)
        then = {line: _following(line, replays) for line in taken}
        scored = {replay.result for replay in taken.values()} | {hand.result} \
            | {replay.result for following in then.values() for replay in following.values()}
        if len(scored) < 2:
            continue
        for line, replay in taken.items():
            out.setdefault(line, _outcome(replay) + _then_each(then[line]))
    return out


def _following(line: str, replays: Mapping[str, HandVerdict]) -> dict[str, HandVerdict]:
    """The replays of `line` followed by each line answering the choice it leaves open
    (`check.options_replayed` keys them by the two lines), by that second line."""
    start = f"{line}\n"
    return {key[len(start):]: replay for key, replay in replays.items() if key.startswith(start)}


def _then_each(following: Mapping[str, HandVerdict]) -> str:
    """``: then "Y call take-three", the hand scores …; then …``: what each answer to the choice a
    line leaves open leads to, so that two choices answered by the same words still show their scores."""
    return "".join(f'{": then" if not at else "; then"} "{line}", {_outcome(replay)}'
                   for at, (line, replay) in enumerate(following.items()))


def _outcome(replay: HandVerdict) -> str:
    if replay.pending:
        return "decided by the next choice"
    standings = f"{scores(replay.score_after)}{pool_words(replay.pool_after)}"
    score = f"{scores(seat_order(replay), signed=True)} (standings {standings})"
    if replay.status == "in-progress":
        goes_on = f"play goes on ({replay.next})" if replay.next else "play goes on"
        return f"{goes_on}; so far the hand scores {score}"
    return f"{ENDS.get(replay.status, 'the hand scores')} {score}"


def news(next_step: str | None, pending: Sequence[Pending]) -> str | None:
    """What `next_step` says that the pending choices above it have not: None when it only
    repeats one of them, else the part after the repeated clause (``W to play to trick 4`` after
    an open revoke claim told in full). A step that opens with the choosers deciding (``A, B and D
    decide whether A deals instead, or the deal stands …``, ``A B C decide …``) is the choice told
    again in other words: its options, each with its line, are above it."""
    if not next_step:
        return None
    for choice in pending:
        said = [f"{choice.chooser} to choose: {' | '.join(choice.options)}"]
        said += _sentences(choice.explanation)
        for clause in said:
            if next_step == clause:
                return None
            for joint in ("; meanwhile ", "; then ", "; "):
                if next_step.startswith(clause + joint):
                    return next_step[len(clause) + len(joint):]
        if next_step.startswith(tuple(f"{who} {verb} " for who in (choice.chooser, named(choice.chooser))
                                      for verb in ("decide", "decides"))):
            rest = next_step.find("; ")
            return None if rest == -1 else next_step[rest + 2:]
    return next_step


def named(chooser: str) -> str:
    """``A, B and D``: the choosers (``A B D``) as a sentence names them, for a player who reads
    the verdict (the JSON keeps ``A B D``); a side (``N-S``) or one player is itself."""
    return listed(chooser.split(), "and")


def listed(items: Sequence[str], last: str = "or") -> str:
    """``a, b or c``: items as a sentence gives them, `last` before the last one."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _sentences(text: str) -> list[str]:
    """Each opening run of whole sentences of `text`, without its full stop: ``A``, ``A. B`` …"""
    out = []
    end = text.find(". ")
    while end != -1:
        out.append(text[:end])
        end = text.find(". ", end + 2)
    out.append(text.rstrip("."))
    return out

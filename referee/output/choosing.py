"""An open choice told to the table that has to make it: each option with the line that takes it.

A player settling a dispute from ``referee check`` needs more than the options' names
(``suit | card | accept``): he needs what to write to take one. The replay that opened the
choice knows each option's answering line (`Pending.replies`, which the desk offers as buttons),
so the writers for people print the same lines and guess none. The verdict's `next` opens with
the choice again where play waits for it (``A to choose: suit | card | accept``, or an open
revoke claim's own words): `news` keeps only what it adds, so nothing is said twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.laws import Pending

NO_LINE = "no single line: write what happened next at the table"
"""An option the table takes by going on, or by writing down what it saw."""

WITHOUT_LINE = {"show-hand": "write the accused player's cards as a deal line (deal P: C C …) and check again",
                "play-on": "write the cards played next",
                "card": 'write "{label}", naming the card'}
"""What to write for the options no single line takes, where every game takes them alike (an open
revoke claim's, the engine's own; a card the chooser names, its reply's label the line with his name)."""


def answer_lines(pending: Pending, earlier: Sequence[Pending] = ()) -> list[str]:
    """``suit: write "A call spades", "A call hearts", "A call diamonds" or "A call clubs"``: one
    line per option, in the options' order (a suit's four calls are one option's). A line that also
    answers a choice listed before it (`earlier`: the verdict lists them in the order a call answers
    them) says so, as it takes this choice only once that one is answered."""
    taken = {reply.line for before in earlier for reply in before.replies if reply.line is not None}
    lines: dict[str, list[str]] = {}
    for reply in pending.replies:
        said = lines.setdefault(reply.option, [])
        if reply.line is not None:
            said.append(f'"{reply.line}"')
    out = []
    for option, said in lines.items():
        if said:
            either = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
            first = ", once the choice above is answered (the same line answers it first)" \
                if any(reply.line in taken for reply in pending.replies if reply.option == option) else ""
            out.append(f"{option}: write {either}{first}")
        else:
            label = next(reply.label for reply in pending.replies if reply.option == option)
            out.append(f"{option}: {WITHOUT_LINE.get(option, NO_LINE).format(label=label)}")
    return out


def with_answers(pending: Sequence[Pending]) -> Iterator[tuple[Pending, list[str]]]:
    """Each open choice of a hand with its `answer_lines`, told against the choices listed before it:
    what every writer for people prints under a hand."""
    for index, choice in enumerate(pending):
        yield choice, answer_lines(choice, pending[:index])


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
        if next_step.startswith(tuple(f"{who} {verb} " for who in (choice.chooser, _names(choice.chooser))
                                      for verb in ("decide", "decides"))):
            rest = next_step.find("; ")
            return None if rest == -1 else next_step[rest + 2:]
    return next_step


def _names(chooser: str) -> str:
    """``A, B and D``: the choosers (``A B D``) as a sentence names them."""
    names = chooser.split()
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sentences(text: str) -> list[str]:
    """Each opening run of whole sentences of `text`, without its full stop: ``A``, ``A. B`` …"""
    out = []
    end = text.find(". ")
    while end != -1:
        out.append(text[:end])
        end = text.find(". ", end + 2)
    out.append(text.rstrip("."))
    return out

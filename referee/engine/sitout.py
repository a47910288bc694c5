"""A seat that sits out so that another plays alone (Euchre's lone hand and lone defence: the lone
player's partner, the dealer among them, lays his cards face down and takes no part).

A game declares the seats as play begins (`HandReplay.sitting_out`); the rest is the engine's. The
table leaves them out of the turns, the tricks' size, following and revokes, and the trace shows
them holding no part in any trick. A card one plays all the same joins the trick he put it on
(the one just completed, if he played after its last active card: he cannot lead) and breaks the
lone hand: his side plays as a partnership unless the adversaries elect that it stand, when his
card goes back and he sits out again. Its rule is the game's ``alone.partner-played``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Card
from . import table as tb
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay

TOPIC = "alone.partner-played"
"""The rule a seat that should sit out and plays cites, in the game's rulebook."""


class SitOut:
    """`seat` sits out so that `loner` plays alone; `broken` is where the seat played all the same
    (his side plays as a partnership from there), None while the lone hand stands; `decided` once the
    adversaries elected the partnership, or gave the election up by playing on (`elect`)."""

    __slots__ = ("broken", "decided", "lone", "loner", "seat", "verb")

    def __init__(self, seat: str, loner: str, lone: str = "the lone hand", verb: str = "play") -> None:
        self.seat, self.loner = seat, loner
        self.lone, self.verb = lone, verb  # what `loner` plays, and does, alone, in words
        self.broken: ev.Span | None = None
        self.decided = False


def sat_out(hand: HandReplay, seat: str) -> SitOut | None:
    """The lone hand `seat` sits out for (whether it stands or not), if any."""
    return next((s for s in hand.sitting_out if s.seat == seat), None)


def sits_out(hand: HandReplay, seat: str) -> bool:
    """Whether `seat` takes no part in the play now: the lone hand he sits out for stands."""
    sit = sat_out(hand, seat)
    return sit is not None and sit.broken is None


def lone_stands(hand: HandReplay, loner: str | None) -> bool:
    """Whether `loner` plays alone (None: nobody does) and his lone hand stands: his partner has
    not played (or his card went back)."""
    return loner is not None and all(s.broken is None for s in hand.sitting_out if s.loner == loner)


def joins_last_trick(hand: HandReplay, event: ev.Play) -> None:
    """A sitting-out seat's card put down after the active cards of a trick and before the next
    lead belongs to that trick, which is reopened for it: he cannot lead. Only the ``trick N:``
    label of the next trick on his line, his card first, puts it before that trick's lead (after
    the last trick there is none: a label beyond it is wrong, his card is in the last)."""
    table = hand.table
    if table is None or table.current.plays or not table.tricks or table.gathered or event.player in table.active:
        return
    line = hand.line
    first = next((e for e in line.events if isinstance(e, ev.Play)), None) if line is not None else None
    label = line.trick if line is not None and first is event else None
    if table.finished or label != table.current.number:
        table.reopen_last()


def played(hand: HandReplay, sit: SitOut, fact: tb.NotActive) -> None:
    """`sit.seat` played while he should sit out: the lone hand is broken, his card joins the
    trick, and the adversaries choose whether the lone hand stands (his card then goes back)."""
    seat, loner, table = fact.player, sit.loner, hand.table
    assert table is not None
    innocent = hand.side_label(hand.adversaries(loner))  # the makers, when a lone defender's partner played
    hand.find("sitting-out-played", seat, fact.at, TOPIC,
              f"{seat} should sit out while {loner} {sit.verb}s alone, but played {fact.card}. {loner} loses "
              f"{sit.lone} and his side plays as a partnership, unless {innocent} elect that {loner} {sit.verb} "
              f"alone (then {seat}'s card is taken back).", trick=fact.trick)
    if sit.broken is None:
        sit.broken = fact.at
    for follow in table.join(seat, fact.card, fact.at):
        if not isinstance(follow, tb.OutOfTurn):  # the seat had no turn: one finding is enough
            hand.on_fact(follow)
    hand.open(Offer(frozenset(hand.adversaries(loner)), seat, ("partnership", "alone"), TOPIC,
                    f"{innocent} choose whether {loner} keeps {sit.lone} ({seat}'s {fact.card} is taken back) or his "
                    "side plays as a partnership.",
                    lambda hand, option, at: elect(hand, option, at, seat, fact.card), implied="partnership",
                    implied_text=given_up(hand, sit)))


def given_up(hand: HandReplay, sit: SitOut) -> str:
    """The note when the adversaries play on before electing: their card gives the election up, as
    their election of the partnership would (`elect`); the seat's take-back then corrects only his revoke."""
    return (f"{hand.side_label(hand.adversaries(sit.loner))} played on before electing: a card of theirs gives the "
            f"election up ({hand.rule_id(TOPIC)}), so {sit.loner} loses {sit.lone} and his side plays as a "
            "partnership.")


def elect(hand: HandReplay, option: str, at: ev.Span, seat: str, card: Card) -> None:
    """The adversaries' election (`call alone` / `call partnership`, or the seat's card taken back).
    Electing the lone hand takes `seat`'s `card` back while its trick is not gathered; a trick
    already gathered stands as played (a quitted trick is never rebuilt), a card he has put on the
    table since goes back, and he sits out from now on."""
    sit, table = sat_out(hand, seat), hand.table
    if sit is not None and option == "partnership":  # elected, or given up by playing on: it stands
        sit.decided = True
    if option != "alone" or sit is None or sit.broken is None or table is None:
        return
    facts = table.retract(seat, card, at, excused=True)
    if any(isinstance(f, (tb.BadRetract, tb.CardStands)) for f in facts):
        hand.notes.append(f"{hand.side_label(hand.adversaries(seat))} elected that {sit.loner} keep {sit.lone}: "
                          f"{seat}'s {card} stays in its trick, already gathered, and {seat} sits out.")
        later = table.current.card_of(seat)
        facts = table.retract(seat, later.card, at, excused=True) if later is not None else []
        if not facts or any(isinstance(f, (tb.BadRetract, tb.CardStands)) for f in facts):
            sit.broken = None
            facts = table.deactivate(seat)
    for follow in facts:  # a card taken back: `taken_back` restores the lone hand
        hand.on_fact(follow)


def released(hand: HandReplay, seat: str) -> bool:
    """A card of a seat whose lone hand he broke goes back when the adversaries let it stand: not
    once a card of theirs gave that election up (then only a revoke's correction takes it back)."""
    sit = sat_out(hand, seat)
    return sit is not None and sit.broken is not None and not sit.decided


def taken_back(hand: HandReplay, fact: tb.Retracted) -> bool:
    """A card of the seat that broke the lone hand taken back: the lone hand stands again, and
    he sits out (the trick may now be complete). False when it is no such card, or the adversaries
    played on before electing: the partnership hand stands, and his take-back corrects his revoke."""
    sit, table = sat_out(hand, fact.player), hand.table
    if sit is None or sit.broken is None or table is None or sit.decided:
        return False
    sit.broken = None
    hand.notes.append(f"{fact.player}'s card was taken back: {sit.loner} keeps {sit.lone}.")
    for follow in table.deactivate(fact.player):
        hand.on_fact(follow)
    return True

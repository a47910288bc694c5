"""A suit called from a side at its next lead: the whist family's penalty for a lead out of turn
(the League code's law 24), which whist also gives for looking at a quitted trick (law 37) and for
a wrong card named in a call (the English law 60). A game that gives it owns one `SuitCalls` and
calls `due` whenever a lead may come next (a trick won, a card taken back); the choice it opens is
an `Offer` the hand opens, so the game writes no lapse logic of its own."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Suit
from .choices import Lapse
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay


class SuitCalls:
    """The suit calls a hand owes: each falls due the first time the offender or his partner is next
    to lead, when the adversary on that leader's right may call a suit, which the leader must then
    lead if he has one (if he has none the penalty is spent). The lead itself ends the right: a call
    not made before it is lost (whist's reading A9). It holds no reference to the hand: each method
    is given the hand it acts on, as the laws are, so its owner makes no reference cycle."""

    __slots__ = ("owed",)

    def __init__(self) -> None:
        self.owed: list[tuple[str, str, str]] = []  # (offender, topic, why)

    def owe(self, hand: HandReplay, offender: str, topic: str, why: str, now: bool = True) -> None:
        """A suit may be called from `offender` or his partner at their next lead (`now`: which may be
        this one, the trick being empty)."""
        self.owed.append((offender, topic, why))
        if now:
            self.due(hand)

    def due(self, hand: HandReplay) -> None:
        """At a lead by a side that owes a suit call, offer the call to the adversary on the leader's right."""
        table = hand.table
        if table is None or table.current.plays or table.finished:
            return
        leader = table.current.leader
        for owed in [o for o in self.owed if hand.same_side(o[0], leader)]:
            self.owed.remove(owed)
            offender, topic, why = owed
            chooser = hand.right_of(leader)

            hand.open(Offer(frozenset({chooser}), offender, ("suit",), topic, f"{why}: {leader} is next to lead, and "
                            f"{chooser}, on his right, may call a suit before he leads (he must lead it if he has "
                            "one); the lead ends the right.", partial(call_lead, leader=leader, chooser=chooser,
                                                                       topic=topic), ends=(Lapse.ANY_ACTION,)))


def call_lead(hand: HandReplay, option: str, at: ev.Span, leader: str, chooser: str, topic: str) -> None:
    """The suit `option` called from `leader` by `chooser`: he must lead it if he has one. Where either of a
    side may call it (`chooser` "A or B"), the penalty names the one whose call line made it (a demand by
    either adversary is final), the side only where no line did (a choice read from the recorded result)."""
    lines = hand.record.lines
    said = next((e for line in lines if type(line) is ev.EventLine for e in line.events if e.at == at), None)
    chooser = said.player if type(said) is ev.Call else chooser
    effects = hand.require_lead([leader], Suit[option.upper()], topic, at)
    hand.penalise(topic, f"{chooser} calls a {option[:-1]} lead from {leader}", effects=effects)


def called_suit(hand: HandReplay, player: str, suit: Suit, topic: str, why: str, at: ev.Span) -> None:
    """`why` (whist's trump card named, or forgotten): either adversary may call `player`'s highest
    or lowest card of `suit`, once, at any time in the rest of the hand. Play does not wait for the
    call; once made, it binds his first turn at which he may play the suit (`CallLaw.extreme_of_suit`)."""
    them, card = frozenset(hand.adversaries(player)), "trump" if suit is hand.trump else suit.word[:-1]

    def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
        effect = hand.require(player, option, topic, at, suit=suit)
        hand.penalise(topic, f"{hand.side_label(them)} call {player}'s {option} {card}", effects=(effect,))

    hand.find("drawing-attention", player, at, topic, f"{why}: either adversary may call his highest or lowest {card}, "
              "once, at any time in the rest of the hand.", trick=hand.trick_number)
    hand.open(Offer(them, player, ("highest", "lowest"), topic,
                    f"{hand.side_label(them)} may call {player}'s highest or lowest {card}", apply, ends=()))

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
    from . import table as tb
    from .replay import HandReplay


class SuitCalls:
    """The suit calls a hand owes: each falls due the first time the offender or his partner is next
    to lead, when the adversary on that leader's right may call a suit, which the leader must then
    lead if he has one (if he has none the penalty is spent). The lead itself ends the right: a call
    not made before it is lost (whist's reading A9). It holds no reference to the hand: each method
    is given the hand it acts on, as the laws are, so its owner makes no reference cycle."""

    __slots__ = ("at_false_lead", "owed")

    def __init__(self) -> None:
        self.owed: list[tuple[str, str, str]] = []  # (offender, topic, why)
        self.at_false_lead: set[str] = set()  # offenders whose call was offered at their false lead (`partner_led`)

    def owe(self, hand: HandReplay, offender: str, topic: str, why: str, now: bool = True) -> None:
        """A suit may be called from `offender` or his partner at their next lead (`now`: which may be
        this one, the trick being empty)."""
        self.owed.append((offender, topic, why))
        if now:
            self.due(hand)

    def due(self, hand: HandReplay) -> None:
        """At a lead by a side that owes a suit call, offer the call to the adversary on the leader's right,
        unless it was offered at the false lead that owes it and is still open, or made (`partner_led`)."""
        table = hand.table
        if table is None or table.current.plays or table.finished:
            return
        leader = table.current.leader
        for owed in [o for o in self.owed if hand.same_side(o[0], leader)]:
            self.owed.remove(owed)
            offender, topic, why = owed
            if offender in self.at_false_lead:
                self.at_false_lead.discard(offender)
                if self.offered(hand, offender, leader):
                    continue
            hand.open(self.offer(hand, offender, topic, why, leader))

    def offer(self, hand: HandReplay, offender: str, topic: str, why: str, leader: str) -> Offer:
        """The call of a suit from `leader`, for `offender`'s fault, by the adversary on the leader's right."""
        chooser = hand.right_of(leader)
        return Offer(frozenset({chooser}), offender, ("suit",), topic, f"{why}: {leader} is next to lead, and "
                     f"{chooser}, on his right, may call a suit before he leads (he must lead it if he has one); the "
                     "lead ends the right.", partial(call_lead, leader=leader, chooser=chooser, topic=topic),
                     ends=(Lapse.ANY_ACTION,))

    def partner_led(self, hand: HandReplay, fact: tb.OutOfTurn) -> Offer | None:
        """L24 (W55): a lead out of turn by the partner of the player whose lead it was, where a suit call is the
        whole penalty (whist's lead-out-of-turn=suit): it will be that player's lead again once the card goes
        back, so the adversary on his right may call the suit now, for that lead (`due` then opens no second
        call). None for any other lead out of turn."""
        if hand.options.get("lead-out-of-turn") != "suit" or not hand.same_side(fact.player, fact.expected):
            return None
        self.at_false_lead.add(fact.player)
        why = hand.say("play.out-of-turn", "led", player=fact.player, card=fact.card)
        return self.offer(hand, fact.player, "play.out-of-turn", why, fact.expected)

    @staticmethod
    def offered(hand: HandReplay, offender: str, leader: str) -> bool:
        """Whether the call offered at `offender`'s false lead is open still, or was made (a lead called from
        `leader`)."""
        return any(c.offender == offender and c.pending.options == ("suit",) for c in hand.choices) or any(
            r.offender == leader and r.what == "lead-suit" for r in hand.requirements)


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

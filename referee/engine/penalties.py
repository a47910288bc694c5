"""The penalty laws, one small class per topic, each bound to the hand it rules.

Every game's laws agree on much of what an irregularity means (a call not obeyed counts as a
revoke; a revoke corrected in time carries no penalty; the deal stands once play has begun), and
differ on the rest (what a revoke costs, whether an exposed card may be called). The shared
reading is written once here, as the default of each topic; a game subclasses only the topics
its laws change and declares them on its hand class::

    class EuchreHand(HandReplay):
        penalty_laws = PenaltyLaws(revoke=EuchreRevokeLaw, out_of_turn=EuchreOutOfTurnLaw, ...)

`HandReplay` gives each hand one object a topic (``hand.revoke_law``, ``hand.call_law``...), made
the first time it is needed (`LawSlot`): the replay finds the irregularity, the topic says what
the laws make of it. A topic reaches the hand it rules as ``self.hand`` (typed as the game's hand through the
type parameter), and rules through the hand's helpers (``find``, ``offer``, ``require``,
``penalise``), so a law's words and its effects stay in one place.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from ..notation import events as ev
from ..notation.cards import Card
from ..notation.records import record
from . import table as tb
from .choices import Choice
from .laws import Irregularity, Kind

if TYPE_CHECKING:
    from .replay import HandReplay, Requirement

H = TypeVar("H", bound="HandReplay")


class PenaltyLaw(Generic[H]):
    """One topic of the penalty laws, for one hand."""

    __slots__ = ("hand",)

    def __init__(self, hand: H) -> None:
        # A weak reference: the hand keeps its laws, so a strong one back would make every hand that
        # asks a law (any irregular hand; every French Boston deal with an 'accept') a reference
        # cycle, freed only by the garbage collector's next pass.
        self.hand: H = weakref.proxy(hand)


class RevokeLaw(PenaltyLaw[H]):
    """A revoke (a failure to follow suit): corrected in time, established, or claimed and unproven."""

    __slots__ = ()

    def card_words(self, card: Card) -> str:
        """A card named in an explanation; a game adds what its laws make of it (a bower is a trump)."""
        return card.text

    def held_words(self, revoke: tb.Revoke) -> str:
        """What the revoker held of the suit led, in words (a game may name a card that is not of
        its printed suit, such as Euchre's left bower)."""
        return revoke.led.word

    def timing(self, fact: tb.Revoke) -> str:
        """When a revoke was taken back or became established, or why it still may be taken back,
        in words (a game whose laws let a player correct later says so)."""
        return {"established": "when the trick was gathered", "correctable": "the trick is not gathered yet"}.get(
            fact.status, "before the trick was gathered")

    def corrected_ruling(self, fact: tb.Revoke) -> str:
        return "Corrected in time, it carries no penalty."

    def established_ruling(self, fact: tb.Revoke) -> str:
        """The penalty in words (the settlement pays it)."""
        return ""

    def unproven_ruling(self, claim: ev.Claim) -> str:
        return "An unproven revoke carries no penalty."

    def no_revoke(self, fact: tb.Revoke) -> bool:
        """Whether a failure to follow, taken back, was no revoke at all: the card of a player the
        game's laws say takes no part (Euchre's lone player's partner), gone back."""
        return False

    def rule(self, fact: tb.Revoke, finding: Irregularity) -> None:
        """The penalty for a corrected or an established revoke, where it is more than the
        settlement's payment (a choice for the innocent side)."""


class RetractLaw(PenaltyLaw[H]):
    """A card taken back: which cards the laws release, and what taking one back means."""

    __slots__ = ()

    def may_take_back(self, event: ev.Retract) -> bool:
        """A card the laws let its player take back besides the corrections the table knows (a
        revoke in time, a card out of turn and the cards played after them): one the offender's
        side played while the innocent side's decision was still to come. A game adds its own."""
        return event.card in self.hand.before_decision

    def retracted(self, fact: tb.Retracted) -> None:
        """A card taken back (an out-of-turn card returned, a revoke corrected)."""

    def early_play(self, choice: Choice, play: ev.Play) -> None:
        """A card the offender's side played while `choice` was open, taken back once the chooser
        chose a penalty. By default it simply goes back."""


class OutOfTurnLaw(PenaltyLaw[H]):
    """A card played out of turn, by a seat sitting out the hand, or twice to one trick."""

    __slots__ = ()

    def found(self, fact: tb.OutOfTurn) -> None:
        """The finding and its ruling; a game whose laws tell the offenders apart replaces it."""
        hand = self.hand
        kind: Kind = "lead-out-of-turn" if fact.lead else "play-out-of-turn"
        verb = "led" if fact.lead else "played"
        finding = hand.find(kind, fact.player, fact.at, "play.out-of-turn",
                            f"{fact.player} {verb} {fact.card} to trick {fact.trick}, "
                            f"but it was {fact.expected}'s turn. "
                            + self.ruling(fact), trick=fact.trick)
        self.rule(fact, finding)

    def ruling(self, fact: tb.OutOfTurn) -> str:
        return ""

    def rule(self, fact: tb.OutOfTurn, finding: Irregularity) -> None:
        """Penalties or choices for a card out of turn."""

    def not_active(self, fact: tb.NotActive) -> None:
        """A card by a seat that takes no part in the hand: the transcript contradicts itself,
        unless the game's laws make it an irregularity (Euchre's lone player's partner)."""
        self.hand.find("sitting-out-played", fact.player, fact.at, "transcript.consistency",
                       f"{fact.player} is not taking part in this hand but played {fact.card}", trick=fact.trick)

    def played_twice(self, fact: tb.PlayedTwice) -> None:
        self.hand.find("play-out-of-turn", fact.player, fact.at, "play.played-twice",
                       f"{fact.player} already played to trick {fact.trick} and plays {fact.card} as well; "
                       "the extra card is not part of the trick", trick=fact.trick)


class ExposedLaw(PenaltyLaw[H]):
    """A card seen by the table without being played."""

    __slots__ = ()

    def found(self, event: ev.Expose) -> None:
        """The finding and its ruling; a game whose laws treat a card exposed before play
        differently (French Boston's fallen card) replaces it."""
        hand = self.hand
        table = hand.table
        held = table.hands.get(event.player) if table and table.hands else self.held_before_play(event.player)
        if held is not None and event.card not in held:
            hand.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} exposed {event.card}, a card {event.player} does not hold",
                      trick=hand.trick_number)
            return
        hand.exposed.setdefault(event.player, []).append(event.card)
        finding = hand.find("exposed-card", event.player, event.at, "exposed.card",
                            f"{event.player}'s {event.card} was seen by the table without being played. "
                            + self.ruling(event), trick=hand.trick_number)
        self.rule(event, finding)

    def held_before_play(self, player: str) -> set[Card] | None:
        """Before play, the cards `player` was dealt and those the bidding gave him (euchre's
        dealer holds the upcard he took up: `adjust_hands`); None when his deal is not written."""
        hand = self.hand
        if player not in hand.deals:
            return None
        hands = {player: set(hand.deals[player])}
        hand.adjust_hands(hands)
        return hands[player] | set(hand.deals[player])

    def ruling(self, event: ev.Expose) -> str:
        return ""

    def rule(self, event: ev.Expose, finding: Irregularity) -> None:
        """What an exposed card means (callable, must be played, redeal...)."""


class AttentionLaw(PenaltyLaw[H]):
    """Drawing attention to the tricks (counting a partner's tricks, and the like)."""

    __slots__ = ()

    def ruling(self, event: ev.Count) -> str:
        return ""

    def rule(self, event: ev.Count, finding: Irregularity) -> None:
        """The penalty for drawing attention to the tricks."""


class CallLaw(PenaltyLaw[H]):
    """Penalty calls: what a called requirement demands, whether a play obeys it, and a call or
    an acceptance that answers no open choice."""

    __slots__ = ()

    def describe(self, requirement: Requirement) -> str:
        words = {"highest": "his highest card of the suit led", "lowest": "his lowest card of the suit led",
                 "trump": "a trump", "no-trump": "no trump", "win": "a card that wins the trick",
                 "lose": "a card that does not win the trick"}
        if requirement.what == "card":
            return f"the exposed {requirement.card}"
        if requirement.what == "lead-suit":
            return f"a {requirement.suit.word[:-1] if requirement.suit else ''} lead"
        return words.get(requirement.what, requirement.what)

    def met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """True/False once the requirement applies to this play; None if it is not due yet."""
        hand = self.hand
        assert hand.table is not None
        table = hand.table
        leading = not table.current.plays
        led = table.led_suit()
        held = table.hands.get(event.player) if table.hands is not None else None
        suit_of = table.rules.suit_of
        if requirement.what == "lead-suit":
            if not leading:
                return None
            if suit_of(event.card) is requirement.suit:
                return True
            return not (held is None or any(suit_of(c) is requirement.suit for c in held))
        if requirement.what == "card":
            assert requirement.card is not None
            if event.card is requirement.card:
                return True
            if held is not None and requirement.card not in held:
                return True
            legal = (leading or led is None or suit_of(requirement.card) is led
                     or not any(suit_of(c) is led for c in held or ()))
            return None if not legal else False
        if leading:
            return None
        assert led is not None
        if held is None:
            return True  # cannot be checked without the deal
        options = set(held)
        following = [c for c in options if suit_of(c) is led]
        trump = hand.trump
        if requirement.what in ("highest", "lowest"):
            if not following:
                return True
            pick = max if requirement.what == "highest" else min
            return event.card is pick(following, key=lambda c: table.rules.power(c, led))
        if requirement.what in ("trump", "no-trump"):
            if following and led is not trump:
                may_trump = False
            else:
                may_trump = any(suit_of(c) is trump for c in options)
            played_trump = suit_of(event.card) is trump and led is not trump
            if requirement.what == "trump":
                return played_trump or not may_trump
            non_trumps = [c for c in options if suit_of(c) is not trump]
            return not played_trump or not non_trumps
        if requirement.what in ("win", "lose"):
            best = max((table.rules.power(p.card, led) for p in table.current.plays), default=-1)
            wins = table.rules.power(event.card, led) > best
            return wins if requirement.what == "win" else not wins
        return True

    def disobeyed_ruling(self, requirement: Requirement) -> str:
        return "A call not obeyed counts as a revoke."

    def disobeyed(self, requirement: Requirement, event: ev.Play, finding: Irregularity) -> tb.Revoke:
        """A call not obeyed counts as a revoke, established at once (every game's laws agree)."""
        hand = self.hand
        assert hand.table is not None
        led = hand.table.led_suit() or hand.table.rules.suit_of(event.card)
        revoke = tb.Revoke(event.player, event.card, event.at, hand.table.current.number, led, "established")
        hand.revokes.append(revoke)
        return revoke

    def unanswered_call(self, event: ev.Call) -> bool:
        """A call that answers no open choice: True if the game's laws still give it a meaning (an
        exposed card lying on the table); otherwise the replay finds it unfounded."""
        return False

    def void_wrong_demand(self, event: ev.Call) -> bool:
        """For laws under which a demand by the wrong adversary, or for the wrong penalty, voids the
        penalty (whist's L39; a game's `unanswered_call` may be this): a call by an adversary of
        the offender that answers no choice ends the penalty play waits for (not a new deal's
        choice), with a finding."""
        hand = self.hand
        void = next((c for c in hand.choices if c.waits and "redeal" not in c.pending.options
                     and event.player in hand.adversaries(c.offender)), None)
        if void is None:
            return False
        hand.choices.remove(void)
        hand.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                  f"{event.player} demands '{event.text}', but the penalty for {void.offender}'s error was "
                  f"{void.pending.chooser}'s to choose ({' | '.join(void.pending.options)}): a demand by the wrong "
                  "adversary, or for the wrong penalty, voids it.", trick=hand.trick_number)
        return True

    def unanswered_accept(self, event: ev.Accept) -> None:
        """An acceptance with no open choice to accept (a game may give the word a meaning of its own)."""
        self.hand.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                       f"{event.player} accepts, but there is nothing to accept now")


class DealLaw(PenaltyLaw[H]):
    """Faults of the deal: the wrong dealer, a hand of the wrong size."""

    __slots__ = ()

    def wrong_dealer_ruling(self) -> str:
        return "The deal stands once play has begun."

    def wrong_count_ruling(self, player: str) -> str:
        return ""


@record
class PenaltyLaws:
    """A game's penalty laws, a class per topic: the shared default wherever the game does not
    declare its own (a subclass of the topic's class)."""

    revoke: type[RevokeLaw[Any]] = RevokeLaw
    retract: type[RetractLaw[Any]] = RetractLaw
    out_of_turn: type[OutOfTurnLaw[Any]] = OutOfTurnLaw
    exposed: type[ExposedLaw[Any]] = ExposedLaw
    attention: type[AttentionLaw[Any]] = AttentionLaw
    call: type[CallLaw[Any]] = CallLaw
    deal: type[DealLaw[Any]] = DealLaw


L = TypeVar("L", bound="PenaltyLaw[Any]")


class LawSlot(Generic[L]):
    """A hand's object for one topic, ``<topic>_law``, made from the game's `PenaltyLaws` the first
    time the replay asks for it and kept on the hand from then on: most hands of an archive have no
    irregularity, and build no law object."""

    __slots__ = ("name", "topic")

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.topic = name.removesuffix("_law")

    @overload
    def __get__(self, hand: None, owner: type) -> LawSlot[L]: ...
    @overload
    def __get__(self, hand: HandReplay, owner: type) -> L: ...

    def __get__(self, hand: HandReplay | None, owner: type) -> LawSlot[L] | L:
        if hand is None:
            return self
        law: L = getattr(hand.penalty_laws, self.topic)(hand)
        hand.__dict__[self.name] = law  # the hand's own attribute hides this slot from now on
        return law

"""The penalty laws of a game in which a caller (or a caller's side) plays against the rest: Boston's,
which French Boston follows for its irregularities. Both laws agree on the shape of each penalty and
on when there is none, and on the words: each game's rulebook names its sentences for these laws
alike, with the same slots (a sentence need not fill them all), so these laws say them; each game
declares only the options its laws give and the words that truly differ::

    SIDE = CallerSide(MISERE, lambda hand, offender: not hand.play_over())
    OUT_OF_TURN = SideOutOfTurnLaw(SIDE, play_target)

The exemptions come first, in this order (`CallerSide.exemption`): no contract stands, the error
is a solo caller's own (he has no partner to profit), play is over (nothing is left to penalise);
a revoke corrected reads only the second (`SideRevokeLaw`). Then, in a misère, an adversary's
error is the caller's claim (`MisereError`), but for drawing attention; otherwise the law's own
penalty. Like the laws, nothing here holds a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ..notation import events as ev
from ..notation.cards import Card
from ..notation.records import record
from . import table as tb
from .caller import NOBODY, Called, MisereError, lead_called
from .choices import PENALTY_WORDS, Choice, Lapse, Option
from .penalties import (
    DEMANDS,
    REQUIRES,
    AttentionLaw,
    DealLaw,
    ExposedLaw,
    Offer,
    OutOfTurnLaw,
    RevokeLaw,
    Ruling,
    choosers,
    fitting_demands,
    requirement,
)

Exemption = Literal["unbid", "own", "over"]
"""Why an error carries no penalty: no contract stands, it is a solo caller's own, play is over."""

CALL_WORDS: frozenset[str] = PENALTY_WORDS | {"claim", "deal-stands"}
"""The words a `call` takes in both games: the penalties', a misère caller's claim of the pool for an
adversary's error (`MisereError`), a wrong deal let stand (`DEAL`)."""

DEAL: DealLaw[Any] = DealLaw((ev.UpcardLine, ev.Bid, ev.Demand, ev.Pass, ev.Keep, ev.Play))
"""The wrong deal of both games (Boston's L16 ins., which French Boston's deal follows): it may be
stopped until the table acts on it, the card turned, a call or a card played showing that the last
card was out (`DealStop`)."""

NOTHING_TO_REQUIRE = " But trumps were led and the deal leaves none to those still to play: nothing is left to require."
"""Drawing attention when no demand can bind those still to play (`fitting_demands`)."""

@record
class CallerSide:
    """What every topic of a caller's game asks before its penalty, declared once by the game: its
    misère error (an adversary's error in a misère is the caller's claim), and whether an error by
    an adversary of a solo caller, or by either side, is still `penalised` (play is not over)."""

    misere: MisereError
    penalised: Callable[[Any, str], bool]  # (hand, offender)

    def exemption(self, hand: Any, offender: str) -> Exemption | None:
        """Why `offender`'s error carries no penalty, if it carries none: checked in this order."""
        called: Called = hand.called
        if called is NOBODY:
            return "unbid"
        if called.solo_caller(offender):
            return "own"
        return None if self.penalised(hand, offender) else "over"


class SideOutOfTurnLaw(OutOfTurnLaw[Any]):
    """A card led or played out of turn by an adversary of the caller (in a partnership, by either
    side). A lead: the innocent side may call a suit from the player whose lead it was (when the
    lead was its own, from whichever of the offender's side next leads), or the card itself as
    exposed; it goes back (`lead_called`); or it may accept the lead, as it does by playing to it
    (worded `lead-stands`). A card played: the innocent side may require a card of one of the
    offender's side still to play to the trick (`play_target`), until it plays on or the trick is
    complete. The offender's side must wait for the decision. A solo caller's own lead
    carries no penalty and stands once the player on his left plays to it (Boston's L24): until then
    it is the hand's `false_lead`, which the rightful leader's lead sends back unwritten (ended by
    `caller_lead_followed`). Its words are the rulebook's sentences of play.out-of-turn, named alike
    in each game, as their slots are: the innocent side (`others`, by its label), the `offender` and
    his `card` (the `player` and his `card` where they name the misère error: `what-led`,
    `what-played`), whose lead it was (`expected`), whom a requirement binds (`target`), the
    offender's `side` when a suit is called from whichever of it leads next ("Y or Z"), whom a suit
    is called from, in words (`whom`), and the `option` chosen (a suit called: its `suit`)."""

    __slots__ = ("exposed", "play_target", "said", "side")

    def __init__(self, side: CallerSide, play_target: Callable[[Any, tb.OutOfTurn], str | None],
                 said: str = REQUIRES, exposed: bool = False, short: Callable[[Any, str], str] | None = None) -> None:
        """After a card played, a requirement (highest, lowest, win or lose) on `play_target`'s next
        card, worded `said` (None: none of the offender's side is still to play, so no choice opens,
        worded `play-none`); `exposed`: a card called shows exposed among the penalty's effects.
        `short`: as `OutOfTurnLaw`'s (law 19)."""
        super().__init__(short=short)
        self.side, self.play_target, self.said, self.exposed = side, play_target, said, exposed

    def decide(self, hand: Any, fact: tb.OutOfTurn) -> Ruling:
        why = self.side.exemption(hand, fact.player)
        if why == "unbid":
            return Ruling(hand.say("play.out-of-turn", "unbid"))
        if why == "own" and fact.lead:
            hand.false_lead = fact
            return Ruling(hand.say("play.out-of-turn", "solo-caller-lead"))
        if why == "own":
            return Ruling(hand.say("play.out-of-turn", "solo-caller"))
        applies = why is None
        what = hand.say("play.out-of-turn", "what-led", player=fact.player, card=fact.card) if fact.lead \
            else hand.say("play.out-of-turn", "what-played", player=fact.player, card=fact.card)
        if misere := self.side.misere.ruling(hand, fact.player, what, applies=applies):
            return misere
        others = choosers(hand, fact.player)
        label = hand.side_label(others)
        if not fact.lead:
            target = self.play_target(hand, fact) if applies else None
            if target is None and applies:  # every one of the offender's side has played: nothing to require
                return Ruling(hand.say("play.out-of-turn", "play-none", others=label, offender=fact.player))
            words = hand.say("play.out-of-turn", "play", others=label)
            if target is None:
                return Ruling(words)
            offer = hand.say("play.out-of-turn", "play-offer", others=label, target=target, offender=fact.player)
            return Ruling(words, requirement(hand, fact.player, target, ("highest", "lowest", "win", "lose"),
                                             "play.out-of-turn", offer, self.said))
        # the lead was the innocent side's own: the suit is called from whichever of the offender's side next leads
        targets = [fact.expected] if fact.expected not in others else [p for p in hand.order if p not in others]
        side = " or ".join(targets) if fact.expected in others else ""
        whom = hand.say("play.out-of-turn", "whichever-leads", side=side) if side \
            else hand.say("play.out-of-turn", "whose-lead", expected=fact.expected)
        words = hand.say("play.out-of-turn", "lead-by-side", others=label, side=side) if side \
            else hand.say("play.out-of-turn", "lead", others=label, expected=fact.expected)
        return Ruling(words, self.lead_offer(hand, fact, targets, label, whom) if applies else None)

    def played_twice(self, hand: Any, fact: tb.PlayedTwice) -> None:
        """A second card given to one trick is law 19's (`OutOfTurnLaw`), but a leader's winning cards
        led one after another (`led_ahead`)."""
        if not led_ahead(self.side, hand, fact):
            super().played_twice(hand, fact)

    def lead_offer(self, hand: Any, fact: tb.OutOfTurn, targets: list[str], others: str, whom: str) -> Offer:
        """The innocent side's (`others`) choice after a lead out of turn: a suit from `targets`
        (`whom`, in words), or the card."""
        exposed, offender, card = self.exposed, fact.player, fact.card

        def apply(hand: Any, option: str, at: ev.Span) -> None:
            if option == "accept":
                return
            effects, suit = lead_called(hand, offender, card, targets, option, "play.out-of-turn", at, exposed=exposed)
            hand.penalise("play.out-of-turn", hand.say(
                "play.out-of-turn", "suit-called", others=others, option=option, suit=suit.word[:-1],
                whom=whom, offender=offender, card=card) if suit else hand.say(
                "play.out-of-turn", "card-called", others=others, option=option, offender=offender, card=card),
                effects=effects)

        table = hand.table
        trick = None if table is None else table.numbered(fact.trick)
        # taken back before the decision (L39: the offender must wait for it): no lead is left to accept; its
        # trick put aside while a late correction makes the one before anew (None), the lead is still there
        back = trick is not None and all(p.card is not card for p in trick.plays)
        lead: tuple[Option, ...] = ("suit", "card") if back else ("suit", "card", "accept")
        return Offer(choosers(hand, offender), offender, lead, "play.out-of-turn", hand.say(
            "play.out-of-turn", "taken-back-offer", others=others, whom=whom, offender=offender, card=card) if back
            else hand.say("play.out-of-turn", "lead-offer", others=others, whom=whom, offender=offender, card=card),
            apply, implied=None if back else "accept", card=card,
            implied_text="" if back else hand.say("play.out-of-turn", "lead-stands", offender=offender),
            renew=None if back else lambda hand, _, __: self.lead_offer(hand, fact, targets, others, whom))


def led_ahead(side: CallerSide, hand: Any, fact: tb.PlayedTwice) -> bool:
    """L22: a leader who leads two cards the other side could not beat (no better card of the suit,
    nor a trump where void of it: `could_beat`; the deal lines prove it), the second before any
    partner of his has played to the trick, leads his winning cards without waiting: the later card
    goes back to his hand exposed, liable to be called (`LiableCards`), and the innocent side may
    require the next of his partners to play to win the trick (worded under ``play.led-ahead``).
    Not where no penalty applies (a solo caller has no partner), nor in a misère, whose adversaries
    lead no winning cards: law 19's there."""
    table, called = hand.table, hand.called
    trick = table.current if table is not None else None
    partners = called.partners_of(fact.player)
    if (trick is None or table.hands is None or called.misere or side.exemption(hand, fact.player) is not None
            or (fact.trick, fact.player) != (trick.number, trick.leader) or partners & set(trick.players)):
        return False
    for rival in (p for p in hand.order if p != fact.player and p not in partners):  # the other side, as played
        held = [*table.hands.get(rival, ()), *(q.card for q in trick.plays if q.player == rival)]
        if any(could_beat(table.rules, led, held) for led in (trick.plays[0].card, fact.card)):
            return False
    partner, them = hand.left_of(fact.player, partners), choosers(hand, fact.player)
    others = hand.side_label(them)
    hand.find("lead-out-of-turn", fact.player, fact.at, "play.led-ahead", hand.say(
        "play.led-ahead", "found", player=fact.player, card=fact.card, partner=partner, trick=fact.trick,
        others=others), trick=fact.trick)
    hand.liable.expose(hand, fact.player, fact.card)
    hand.demand(them, fact.player, partner, ("win",), "play.led-ahead", hand.say(
        "play.led-ahead", "demand", others=others, partner=partner, trick=fact.trick))
    return True


def could_beat(rules: tb.TrickRules, led: Card, held: list[Card]) -> bool:
    """Whether a player holding `held` could win a trick `led` leads: with a better card of its suit,
    or, holding none of its suit, with a trump (a card the trick `rules` rank above it)."""
    suit = rules.suit_of(led)
    following = [c for c in held if rules.suit_of(c) is suit]
    return any(rules.power(c, suit) > rules.power(led, suit) for c in following or held)


def caller_lead_followed(hand: Any) -> None:
    """Called after each card played: once a second card is in the trick, the caller's lead out of
    turn (`false_lead`, `SideOutOfTurnLaw`) was followed by the player on his left and stands, or it
    went back for the rightful leader's lead; either way no later card sends the trick back."""
    if hand.false_lead is not None and hand.table is not None and len(hand.table.current.plays) > 1:
        hand.false_lead = None


class SideExposedLaw(ExposedLaw[Any]):
    """A card of an adversary of the caller (in a partnership, of either side) seen by the table
    without being played: the innocent side may call it until it is played (the game's `call`
    ruling, given the innocent side's label). None of a solo caller's own, nor once play is over
    (the rulebook's exposed.card says so); before a contract, the game's `unbid` ruling. In a
    misère it is a misère error (exposed.card's `what`, given the `player` and his `card`)."""

    __slots__ = ("call", "side", "unbid")

    def __init__(self, side: CallerSide, unbid: Callable[[Any, ev.Expose], Ruling],
                 call: Callable[[Any, ev.Expose, str], Ruling]) -> None:
        self.side, self.unbid, self.call = side, unbid, call

    def decide(self, hand: Any, event: ev.Expose) -> Ruling:
        why = self.side.exemption(hand, event.player)
        if why == "own":
            return Ruling(hand.say("exposed.card", "solo-caller"))
        if why == "over":
            return Ruling(hand.say("exposed.card", "play-over"))
        if why == "unbid":
            return self.unbid(hand, event)
        what = hand.say("exposed.card", "what", player=event.player, card=event.card)
        if misere := self.side.misere.ruling(hand, event.player, what):
            return misere
        return self.call(hand, event, hand.side_label(choosers(hand, event.player)))


class SideAttentionLaw(AttentionLaw[Any]):
    """Drawing attention to the tricks: the innocent side may require of those of the offender's
    side still to play to the trick (the game's `targets`; none left: no choice opens, worded
    `none-left`) his highest or lowest, a trump or none, until it plays on or the trick is
    complete; before play, there is no trick to require a card in. `exempt` words the exemptions.
    In a misère too: drawing attention is not among the misère errors (Foster, p170). The rest is
    worded by the rulebook's attention.drawn, given the innocent side (`others`), the `trick` and
    whom a requirement binds (`target`: "Y Z")."""

    __slots__ = ("exempt", "side", "targets")

    def __init__(self, side: CallerSide, exempt: Callable[[Any, ev.Count, Exemption], str],
                 targets: Callable[[Any, ev.Count], list[str] | None]) -> None:
        self.side, self.exempt, self.targets = side, exempt, targets

    def decide(self, hand: Any, event: ev.Count) -> Ruling:
        why = self.side.exemption(hand, event.player)
        if why is not None:
            return Ruling(self.exempt(hand, event, why))
        playing = hand.table is not None
        others = choosers(hand, event.player)
        label, targets = hand.side_label(others), self.targets(hand, event) if playing else None
        if playing and not targets:  # every one of the offender's side has played to the trick
            return Ruling(hand.say("attention.drawn", "none-left", others=label, offender=event.player))
        ruling = hand.say("attention.drawn", "ruling", others=label)
        if targets is None:
            return Ruling(ruling)
        target, options = " ".join(targets), fitting_demands(hand, targets)
        if not options:  # trumps led, and none of them holds one
            return Ruling(ruling + NOTHING_TO_REQUIRE)

        def apply(hand: Any, option: str, at: ev.Span) -> None:
            effects = [hand.require(player, option, "attention.drawn", at) for player in targets]
            hand.penalty("attention.drawn", "required", others=label, option=option, target=target, effects=effects)

        # the offer names only the demands open: highest or lowest to one holding the suit led, trump or
        # not to one without it
        trick = hand.trick_number
        offer = (hand.say("attention.drawn", "offer", others=label, trick=trick, target=target)
                 if len(options) == len(DEMANDS)
                 else hand.say("attention.drawn", "offer-ruff", others=label, trick=trick, target=target)
                 if "highest" not in options  # to ruff or not, the suit led being one he lacks
                 else hand.say("attention.drawn", "offer-follow", others=label, trick=trick, target=target))
        return Ruling(ruling, Offer(others, event.player, options, "attention.drawn", offer, apply,
                                                       ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)))


class SideRevokeLaw(RevokeLaw[Any]):
    """A revoke corrected in time. An adversary's lets the innocent side require his highest or
    lowest of the suit led, or call the card as exposed, choosing before it plays on; a solo caller's
    own is free unless an adversary has played after him, when his card stays face up, liable to be
    called until it is played (worded `free-late` and `exposed-late` where he may correct it until
    he plays to the next trick, the table's `late_correctors`). No choice opens once the hand has
    ended (`ended`, where the game's laws say so); before any contract, a revoke corrected carries
    no penalty where `unbid_free`. The rulebook's revoke.corrected words each ruling, given the
    innocent side (`others`), the `offender`, his `card` and the suit led (`suit`, singular, and
    `suits`); an established revoke's cost is the game's `established` words. `said` words the
    penalty chosen ({suit}: the suit led), `said_card` a card called from an adversary and
    `own_card` from the solo caller, where they are worded apart (`Offer.said_card`); `any_card`:
    any card named takes an adversary's revoked card as an exposed card, liable to be called for the
    rest of the hand (`Offer.liable`: Boston's), else only its own name calls it."""

    __slots__ = ("any_card", "ended", "established", "own_card", "said", "said_card", "side", "unbid_free")

    def __init__(self, side: CallerSide, established: Callable[[Any, tb.Revoke], str], said: str,
                 said_card: str = "", own_card: str = "", any_card: bool = False, unbid_free: bool = False,
                 ended: bool = False) -> None:
        self.side, self.established, self.said, self.said_card = side, established, said, said_card
        self.own_card, self.any_card, self.unbid_free, self.ended = own_card, any_card, unbid_free, ended

    def decide(self, hand: Any, fact: tb.Revoke) -> Ruling:
        if fact.status != "corrected":
            return Ruling(self.established(hand, fact))
        why, player, card, table = self.side.exemption(hand, fact.player), fact.player, fact.card, hand.table
        if why == "unbid" and self.unbid_free:
            return super().decide(hand, fact)
        others = choosers(hand, player)
        label, live = hand.side_label(others), not (self.ended and hand.stage == "ended")
        suit, suits = fact.led.word[:-1], fact.led.word
        said = self.said.replace("{suit}", suit)
        if why != "own":
            return Ruling(hand.say("revoke.corrected", "adversary", others=label, offender=player, card=card, suit=suit,
                                   suits=suits), None if not live else Offer(
                others, player, ("highest", "lowest", "card"), "revoke.corrected", hand.say(
                    "revoke.corrected", "adversary-offer", others=label, offender=player, card=card, suit=suit,
                    suits=suits), card=None if self.any_card else card, target=player,
                called=card if self.any_card else None, said=said, said_card=self.said_card, liable=self.any_card,
                ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)), then=in_trick(fact.trick))
        late = table is not None and player in table.late_correctors  # until he plays to the next trick
        if not (hand.next_plays if late else hand.later_plays):
            return Ruling(hand.say("revoke.corrected", "free-late") if late else hand.say("revoke.corrected", "free"))
        exposed = hand.say("revoke.corrected", "exposed-late", card=card, others=label) if late \
            else hand.say("revoke.corrected", "exposed", card=card, others=label)
        call = hand.say("revoke.corrected", "call", card=card, others=label)
        return Ruling(exposed, None if not live else Offer(others, player, ("card",), "revoke.corrected", call,
                                                           card=card, ends=(Lapse.CARD_PLAYED,), target=player,
                                                           said=said, said_card=self.own_card))


def in_trick(trick: int) -> Callable[[Choice | None], None]:
    """Tie a revoke's choice to the trick the revoke was in, not the one open when it came to light:
    a revoke seen only in the card that corrects it, the last of its trick (no deal written), lapses
    with that trick as it would had the deal shown it at once."""
    def tie(choice: Choice | None) -> None:
        if choice is not None:
            choice.trick = trick
    return tie

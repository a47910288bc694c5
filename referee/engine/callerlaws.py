"""The penalty laws of a game in which a caller (or a caller's side) plays against the rest: Boston's,
which French Boston follows for its irregularities. Both laws agree on the shape of each penalty and
on when there is none; each game declares the options its laws give and the words its rulebook
says, and these laws do the rest once::

    SIDE = CallerSide(MISERE, lambda hand, offender: not hand.play_over())
    OUT_OF_TURN = SideOutOfTurnLaw(SIDE, OutOfTurnWords(...), play_target, lead=("suit", "card"))

The exemptions come first, in this order (`CallerSide.exemption`): no contract stands, the error
is a solo caller's own (he has no partner to profit), play is over (nothing is left to penalise);
a revoke corrected reads only the second (`SideRevokeLaw`). Then, in a misère, an adversary's
error is the caller's claim (`MisereError`); otherwise the law's own penalty. Words are the
game's (`hand.say` names a sentence of its rulebook), given the particulars of the error (`Case`):
like the laws, nothing here holds a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ..notation import events as ev
from ..notation.cards import Card, Suit
from ..notation.records import record
from . import table as tb
from .caller import NOBODY, Called, MisereError, lead_called
from .choices import Lapse, Option
from .penalties import REQUIRES, AttentionLaw, ExposedLaw, Offer, OutOfTurnLaw, RevokeLaw, Ruling, choosers, requirement

Exemption = Literal["unbid", "own", "over"]
"""Why an error carries no penalty: no contract stands, it is a solo caller's own, play is over."""


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


@record
class Case:
    """The particulars of an error that its words name: the `offender`, his `card`, the innocent
    side (`others`, by its label), whom a requirement binds (several: "Y Z") or whose lead it was
    (`target`), the offender's `side` when a suit is called from whichever of it leads next ("Y or
    Z"), and whom a suit is called from, in words (`whom`)."""

    offender: str
    card: Card | None
    others: str
    target: str = ""
    side: str = ""
    whom: str = ""


@record
class OutOfTurnWords:
    """The game's words for a card out of turn (each a `hand.say` of its rulebook): `exempt`, why
    there is no penalty (an `Exemption` but "over", which rules as usual without an offer); `what`
    the error is, in a misère; the `ruling`; `whom` a suit is called from; the `lead_offer`; the
    penalty `called` (the suit, or None for the card); the `play_offer`; and where the innocent side
    may accept the lead, `stands`, what its playing on means."""

    exempt: Callable[[Any, tb.OutOfTurn, Exemption], str]
    what: Callable[[Any, tb.OutOfTurn], str]
    ruling: Callable[[Any, tb.OutOfTurn, Case], str]
    whom: Callable[[Any, str, str], str]  # (hand, the rightful leader, the offender's side or "")
    lead_offer: Callable[[Any, Case], str]
    called: Callable[[Any, Case, Option, Suit | None], str]
    play_offer: Callable[[Any, Case], str]
    stands: Callable[[Any, Case], str] | None = None


class SideOutOfTurnLaw(OutOfTurnLaw[Any]):
    """A card led or played out of turn by an adversary of the caller (in a partnership, by either
    side). A lead: the innocent side may call a suit from the player whose lead it was (when the
    lead was its own, from whichever of the offender's side next leads), or the card itself as
    exposed; it goes back (`lead_called`). A card played: the innocent side may require a card of
    one of the offender's side still to play to the trick (`play_target`), until it plays on or
    the trick is complete. The offender's side must wait for the decision."""

    __slots__ = ("exposed", "lead", "play", "play_target", "said", "side", "words")

    def __init__(self, side: CallerSide, words: OutOfTurnWords, play_target: Callable[[Any, tb.OutOfTurn], str | None],
                 lead: tuple[Option, ...] = ("suit", "card"),
                 play: tuple[Option, ...] = ("highest", "lowest", "win", "lose"),
                 said: str = REQUIRES, exposed: bool = False, short: Callable[[Any, str], str] | None = None) -> None:
        """`lead`: the options after a lead (with "accept", playing on accepts it, in `words.stands`);
        `play` those after a card played, a requirement on `play_target`'s next card (None: none of
        the offender's side is still to play), worded `said`; `exposed`: a card called shows exposed
        among the penalty's effects. `short`: as `OutOfTurnLaw`'s (law 19)."""
        super().__init__(short=short)
        self.side, self.words, self.play_target, self.lead, self.play = side, words, play_target, lead, play
        self.said, self.exposed = said, exposed

    def decide(self, hand: Any, fact: tb.OutOfTurn) -> Ruling:
        why = self.side.exemption(hand, fact.player)
        if why is not None and why != "over":
            return Ruling(self.words.exempt(hand, fact, why))
        applies = why is None
        if misere := self.side.misere.ruling(hand, fact.player, self.words.what(hand, fact), applies=applies):
            return misere
        others = choosers(hand, fact.player)
        case = Case(fact.player, fact.card, hand.side_label(others))
        if not fact.lead:
            target = self.play_target(hand, fact) if applies else None
            words = self.words.ruling(hand, fact, case)
            if target is None:
                return Ruling(words)
            case = Case(fact.player, fact.card, case.others, target)
            return Ruling(words, requirement(hand, fact.player, target, self.play, "play.out-of-turn",
                                             self.words.play_offer(hand, case), self.said))
        # the lead was the innocent side's own: the suit is called from whichever of the offender's side next leads
        targets = [fact.expected] if fact.expected not in others else [p for p in hand.order if p not in others]
        side = " or ".join(targets) if fact.expected in others else ""
        whom = self.words.whom(hand, fact.expected, side)
        case = Case(fact.player, fact.card, case.others, fact.expected, side, whom)
        offer = self.lead_offer(hand, fact, case, targets) if applies else None
        return Ruling(self.words.ruling(hand, fact, case), offer)

    def lead_offer(self, hand: Any, fact: tb.OutOfTurn, case: Case, targets: list[str]) -> Offer:
        """The innocent side's choice after a lead out of turn: a suit from `targets`, or the card."""
        words, exposed, offender, card = self.words, self.exposed, fact.player, fact.card

        def apply(hand: Any, option: str, at: ev.Span) -> None:
            if option == "accept":
                return
            effects, suit = lead_called(hand, offender, card, targets, option, "play.out-of-turn", at, exposed=exposed)
            hand.penalise("play.out-of-turn", words.called(hand, case, option, suit), effects=effects)

        accept = "accept" in self.lead
        return Offer(choosers(hand, offender), offender, self.lead, "play.out-of-turn", words.lead_offer(hand, case),
                     apply, implied="accept" if accept else None, card=card,
                     implied_text=words.stands(hand, case) if accept and words.stands is not None else "")


class SideExposedLaw(ExposedLaw[Any]):
    """A card of an adversary of the caller (in a partnership, of either side) seen by the table
    without being played: the innocent side may call it until it is played (the game's `call`
    ruling, given the innocent side's label); `exempt` rules the exemptions, and in a misère it is
    a misère error (`what` it is)."""

    __slots__ = ("call", "exempt", "side", "what")

    def __init__(self, side: CallerSide, exempt: Callable[[Any, ev.Expose, Exemption], Ruling],
                 what: Callable[[Any, ev.Expose], str], call: Callable[[Any, ev.Expose, str], Ruling]) -> None:
        self.side, self.exempt, self.what, self.call = side, exempt, what, call

    def decide(self, hand: Any, event: ev.Expose) -> Ruling:
        why = self.side.exemption(hand, event.player)
        if why is not None:
            return self.exempt(hand, event, why)
        if misere := self.side.misere.ruling(hand, event.player, self.what(hand, event)):
            return misere
        return self.call(hand, event, hand.side_label(choosers(hand, event.player)))


class SideAttentionLaw(AttentionLaw[Any]):
    """Drawing attention to the tricks: the innocent side may require of those of the offender's
    side still to play to the trick (the game's `targets`; None: nobody, and no choice opens) one
    of the `options`, until it plays on or the trick is complete; before play, there is no trick
    to require a card in. `exempt` words the exemptions; in a misère it is a misère error (`what`
    it is, ruled in the game's `misere` words, if it has its own). The words of the `ruling`, the
    `offer` and the penalty `required` (given the option) are the game's."""

    __slots__ = ("exempt", "misere", "offer", "options", "required", "ruling", "side", "targets", "what")

    def __init__(self, side: CallerSide, exempt: Callable[[Any, ev.Count, Exemption], str],
                 what: Callable[[Any, ev.Count], str], targets: Callable[[Any, ev.Count], list[str] | None],
                 ruling: Callable[[Any, Case], str], offer: Callable[[Any, Case], str],
                 required: Callable[[Any, Case, Option], str], misere: Callable[[Any], str] | None = None,
                 options: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")) -> None:
        self.side, self.exempt, self.what, self.targets, self.misere = side, exempt, what, targets, misere
        self.ruling, self.offer, self.required, self.options = ruling, offer, required, options

    def decide(self, hand: Any, event: ev.Count) -> Ruling:
        why = self.side.exemption(hand, event.player)
        if why is not None:
            return Ruling(self.exempt(hand, event, why))
        playing = hand.table is not None
        words = self.misere(hand) if self.misere is not None else None
        if misere := self.side.misere.ruling(hand, event.player, self.what(hand, event), words, applies=playing):
            return misere
        others = choosers(hand, event.player)
        targets = self.targets(hand, event) if playing else None
        case = Case(event.player, None, hand.side_label(others), " ".join(targets or ()))
        if targets is None:
            return Ruling(self.ruling(hand, case))
        required = self.required

        def apply(hand: Any, option: str, at: ev.Span) -> None:
            effects = [hand.require(target, option, "attention.drawn", at) for target in targets]
            hand.penalise("attention.drawn", required(hand, case, option), effects=effects)

        return Ruling(self.ruling(hand, case), Offer(others, event.player, self.options, "attention.drawn",
                                                     self.offer(hand, case), apply,
                                                     ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)))


@record
class RevokeWords:
    """The game's words for a revoke (each a `hand.say` of its rulebook, given the innocent side's
    label where they name it): an `established` one's cost; a solo caller's own corrected `free`
    when no adversary has played after him, else his card `exposed` and the `call` on it (`late`:
    where he may correct it until he plays to the next trick, the table's `late_correctors`); an
    adversary's corrected, the `ruling` and the `offer` (his highest or lowest of the suit led, or
    the card)."""

    established: Callable[[Any, tb.Revoke], str]
    free: Callable[[Any, tb.Revoke, bool], str]  # (hand, fact, late)
    exposed: Callable[[Any, tb.Revoke, bool, str], str]  # (hand, fact, late, others)
    call: Callable[[Any, tb.Revoke, str], str]
    ruling: Callable[[Any, tb.Revoke, str], str]
    offer: Callable[[Any, tb.Revoke, str], str]


class SideRevokeLaw(RevokeLaw[Any]):
    """A revoke corrected in time. An adversary's lets the innocent side require his highest or
    lowest of the suit led, or call the card as exposed, choosing before it plays on; a solo caller's
    own is free unless an adversary has played after him, when his card stays face up, liable to be
    called until it is played. No choice opens once the hand has ended (`ended`, where the game's
    laws say so); before any contract, a revoke corrected carries no penalty where `unbid_free`.
    `said` words the penalty chosen ({suit}: the suit led), `said_card` a card called from an
    adversary and `own_card` from the solo caller, where they are worded apart (`Offer.said_card`);
    `any_card`: any card named calls an adversary's revoked card (Boston's), else only its own name."""

    __slots__ = ("any_card", "ended", "own_card", "said", "said_card", "side", "unbid_free", "words")

    def __init__(self, side: CallerSide, words: RevokeWords, said: str, said_card: str = "", own_card: str = "",
                 any_card: bool = False, unbid_free: bool = False, ended: bool = False) -> None:
        self.side, self.words, self.said, self.said_card, self.own_card = side, words, said, said_card, own_card
        self.any_card, self.unbid_free, self.ended = any_card, unbid_free, ended

    def decide(self, hand: Any, fact: tb.Revoke) -> Ruling:
        if fact.status != "corrected":
            return Ruling(self.words.established(hand, fact))
        why, player, card, table = self.side.exemption(hand, fact.player), fact.player, fact.card, hand.table
        if why == "unbid" and self.unbid_free:
            return super().decide(hand, fact)
        others = choosers(hand, player)
        label, live = hand.side_label(others), not (self.ended and hand.stage == "ended")
        said = self.said.replace("{suit}", fact.led.word[:-1])
        if why != "own":
            return Ruling(self.words.ruling(hand, fact, label), None if not live else Offer(
                others, player, ("highest", "lowest", "card"), "revoke.corrected", self.words.offer(hand, fact, label),
                card=None if self.any_card else card, target=player, called=card if self.any_card else None,
                said=said, said_card=self.said_card))
        late = table is not None and player in table.late_correctors  # until he plays to the next trick
        if not (hand.next_plays if late else hand.later_plays):
            return Ruling(self.words.free(hand, fact, late))
        return Ruling(self.words.exposed(hand, fact, late, label), None if not live else Offer(
            others, player, ("card",), "revoke.corrected", self.words.call(hand, fact, label), card=card,
            ends=(Lapse.CARD_PLAYED,), target=player, said=said, said_card=self.own_card))

"""The laws of a game in which one caller (or a caller's side) plays against the others: Boston
and French Boston, which leaves its irregularities to Boston's laws. Both give the caller of a
misère a claim when an adversary errs (`MisereError`), and both have the partners of an adversary
who says he can win the rest lay their cards on the table (`lay_down`), and both let the innocent
side call a suit or the card itself after a lead out of turn (`lead_called`). Each game declares
its own words; the steps are written once here. Like the laws, nothing here holds a hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..notation import events as ev
from ..notation.cards import Card, Suit
from ..notation.records import record
from .choices import SUIT_OPTIONS
from .laws import Effect
from .penalties import Offer, Ruling

if TYPE_CHECKING:
    from .replay import HandReplay


@record
class Called:
    """A caller (or a caller's side) against the others: who called, his side (the caller first,
    then his partner if he has one), the adversaries in seat order, and whether he plays a misère
    (he must take no trick, and an adversary's error lets him claim it: `MisereError`). Each game
    forms it once, when a bid stands (`of`), and its hand, laws and settlement read it, rather than
    each asking the hand with helpers of its own. `NOBODY` while no bid stands."""

    caller: str
    side: tuple[str, ...]
    against: tuple[str, ...]
    misere: bool = False

    @classmethod
    def of(cls, order: Sequence[str], caller: str, partner: str | None = None, misere: bool = False) -> Called:
        side = (caller,) if partner is None else (caller, partner)
        return cls(caller, side, tuple([p for p in order if p not in side]), misere)

    @property
    def misere_caller(self) -> str | None:
        """The caller of the misère being played; None in any other contract."""
        return self.caller if self.misere else None

    def solo_caller(self, player: str) -> bool:
        """`player` called alone: no partner shares his errors or his penalties."""
        return len(self.side) == 1 and player == self.caller

    def decided_by(self, winner: str | None, slam: bool = False) -> str | None:
        """Why a trick `winner` took decides the hand before its last trick, the hands thrown up:
        "misere" when the misère's caller took it, "slam" when the caller of a grand slam (`slam`)
        lost it; None when play goes on."""
        if self.misere and winner == self.caller:
            return "misere"
        return "slam" if slam and winner != self.caller else None

    def partners_of(self, player: str) -> frozenset[str]:
        """Those on `player`'s side but him (while nobody called, everyone else)."""
        return frozenset(self.side if player in self.side else self.against) - {player}


NOBODY = Called("", (), ())
"""No bid stands: nobody is on the caller's side."""


def misere_caller(hand: Any) -> str | None:
    """The caller of the misère `hand` plays (its `called`), for `MisereError.caller`."""
    called: Called = hand.called
    return called.misere_caller


@record
class MisereError:
    """An adversary's error in a misère, under Boston's laws: the caller may claim at once what the
    misère would bring (`call claim`, or a result written while the choice is open); the claim is
    recorded by `claimed(hand, caller, offender, what)`, then the hands are thrown up. `caller(hand)`
    is the misère's caller while one is played (None otherwise); `explanation(hand, caller,
    offender, what)` the choice's words. Where the laws let him play on instead (`accept`),
    `play_on` says so when play goes on (formatted with `caller` and `offender`). `ruled(hand, caller)`:
    the ruling's words, the same for every error (each game's rulebook says them)."""

    topic: str
    caller: Callable[[Any], str | None]
    explanation: Callable[[Any, str, str, str], str]
    claimed: Callable[[Any, str, str, str], None]
    play_on: str = ""
    ruled: Callable[[Any, str], str] | None = None

    def offer(self, hand: HandReplay, offender: str, what: str) -> Offer:
        """The caller's claim for `offender`'s error (`what`, in the game's words)."""
        caller = self.caller(hand)
        assert caller is not None, "a misère error outside a misère"
        claimed = self.claimed

        def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
            if option == "claim":
                claimed(hand, caller, offender, what)
                hand.end("claimed")
                hand.gather_now()

        play_on = self.play_on.format(caller=caller, offender=offender)
        return Offer(frozenset({caller}), offender, ("claim", "accept") if play_on else ("claim",), self.topic,
                     self.explanation(hand, caller, offender, what), apply, "accept" if play_on else None, play_on,
                     recorded="claim")

    def open(self, hand: HandReplay, offender: str, what: str) -> None:
        """An adversary's error in a misère that the hand finds itself (a look back, a lead before the
        discards, a claim of the rest): the caller's claim is open."""
        hand.open(self.offer(hand, offender, what))

    def ruling(self, hand: HandReplay, offender: str, what: str, applies: bool = True) -> Ruling | None:
        """In a misère, an adversary's error ruled as a misère error in the declared `ruled` words,
        with the caller's claim where a penalty `applies`; None outside a misère (the law's own
        ruling stands)."""
        caller = self.caller(hand)
        if caller is None:
            return None
        assert self.ruled is not None, "a misère error without words"
        return Ruling(self.ruled(hand, caller), self.offer(hand, offender, what) if applies else None)


def lay_down(hand: HandReplay, event: ev.ClaimRest, partners: Sequence[str], whose: str,
             ruling: str) -> dict[str, list[Card]]:
    """An adversary who says he can win the rest (Boston's L36): his `partners` lay their cards on
    the table, found as an exposed card with the game's `ruling`; `whose` names them in the finding
    (Boston's "his partners "). Their cards, by partner: a partner whose deal is not written has no
    known card to lay down."""
    hands = (hand.table.hands if hand.table is not None else hand.start_hands()) or {}  # before the opening lead too
    cards = {p: sorted(hands.get(p, ()), key=lambda c: (c.suit.value, -c.rank)) for p in partners}
    shown = "; ".join(f"{p} {' '.join(c.text for c in cards[p])}" for p in partners if cards[p])
    hand.find("exposed-card", event.player, event.at, "play.claim-rest",
              f"{event.player} says he can win the rest: {whose}{' and '.join(partners)} "
              f"{'lays his' if len(partners) == 1 else 'lay their'} cards on the table"  # an acceptor alone
              + (f" ({shown})" if shown else "") + f". {ruling}", trick=hand.trick_number)
    return cards


def claim_rest(hand: HandReplay, event: ev.ClaimRest, called: Called, misere: MisereError,
               whose: str) -> dict[str, list[Card]] | None:
    """An adversary of the caller who says he can win the rest, in play: his partners lay their cards
    down (`lay_down`), each liable to be called, or in a misère it is an error, the caller's claim
    open for it. The words are the game's, under play.claim-rest: `exposed` ends the finding (given
    the innocent side, `others`, and the `caller`), in a misère `misere-error`, and `what` names the
    error the caller may claim for (given the `player`). The laid cards by partner, for the game's
    call on them; None in a misère."""
    partners = sorted(called.partners_of(event.player), key=hand.order.index)
    if not called.misere:
        others = hand.side_label(hand.adversaries(event.player))
        return lay_down(hand, event, partners, whose,
                        hand.say("play.claim-rest", "exposed", others=others, caller=called.caller))
    lay_down(hand, event, partners, whose, hand.say("play.claim-rest", "misere-error"))
    misere.open(hand, event.player, hand.say("play.claim-rest", "what", player=event.player))
    return None


def misere_claim(hand: HandReplay, event: ev.ClaimRest, caller: str | None) -> bool:
    """Whether the claim of the rest is the misère `caller`'s: he says he will lose every trick left, which
    no law penalises, as a note in the game's words says (``play.claim-rest`` ``misere-caller``), not
    the words of a claim to win them."""
    if caller is None or event.player != caller:
        return False
    hand.note(hand.say("play.claim-rest", "misere-caller", player=event.player))
    return True


def still_to_play(hand: HandReplay, players: Iterable[str]) -> list[str]:
    """Those of `players` still to play to the trick being played, in seat order: whom the innocent
    side may require a card from, after a card played out of turn or attention drawn."""
    assert hand.table is not None
    played = {p.player for p in hand.table.current.plays}
    return [p for p in hand.order if p in players and p not in played]


def next_to_play(hand: HandReplay, players: Iterable[str], after: str) -> str | None:
    """The first of `players` still to play to the trick, going round from `after`; None if all have."""
    waiting = still_to_play(hand, players)
    return hand.left_of(after, waiting) if waiting else None


def lead_called(hand: HandReplay, offender: str, card: Card, targets: Sequence[str], option: str, topic: str,
                at: ev.Span, exposed: bool = False) -> tuple[tuple[Effect, ...], Suit | None]:
    """A lead out of turn the innocent side calls on: the card goes back to its player, and a suit
    (`option`) is called from whichever of `targets` next leads, or else the card itself, as an
    exposed card (shown so among the effects where the game's laws say it: `exposed`). The
    penalty's effects, and the suit called (None: the card)."""
    back = hand.send_back(offender, card)
    if option in SUIT_OPTIONS.values():
        suit = Suit[option.upper()]
        return (back, *hand.require_lead(list(targets), suit, topic, at)), suit
    shown = (Effect("exposed", offender, None, card.text),) if exposed else ()
    return (back, *shown, hand.require(offender, "card", topic, at, card=card)), None

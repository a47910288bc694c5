"""Exposed cards as the League code of whist has them (its laws 20-23 and 36), for a game whose laws
let either adversary call them: each lies face up until played, and may be called at every trick;
a card its holder plays without waiting for that call is exposed too; cards laid face up together
(a hand thrown down, a claimant's partner's) are each exposed. Whist uses it as it stands; Boston's
caller, alone against three, has rights of his own (games/boston/exposed.py). Every choice is an
`Offer` the hand opens, so the game writes no lapse logic of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Card
from . import table as tb
from .choices import Lapse
from .laws import Effect
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay


class ExposedCards:
    """The cards a hand sent back, exposed, because their holder played them before the adversaries'
    call (`unwaited`). It holds no reference to the hand: each method is given the hand it acts on,
    as the laws are, so the hand that owns it (and the choices it opens) make no reference cycle."""

    __slots__ = ("unwaited",)

    def __init__(self) -> None:
        self.unwaited: set[Card] = set()

    def offer(self, hand: HandReplay, holder: str, card: Card, topic: str = "exposed.card") -> Offer:
        """L21: an exposed card lies face up until played; either adversary may call it, and its owner
        must then play it to that trick unless that would make him revoke. The call binds that trick
        only, and may be made again at every later trick until the card is played (whist's W51, A8)."""

        def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
            effects = [hand.require(holder, "card", topic, at, card=card), *self.called_late(hand, holder, card)]
            hand.requirements[-1].trick = hand.trick_number
            hand.penalise(topic, f"{holder}'s exposed {card} is called", effects=effects)
            self.expose(hand, holder, card, topic)

        adversaries = frozenset(hand.adversaries(holder))
        return Offer(adversaries, holder, ("card",), topic, f"{card} lies face up: {hand.side_label(adversaries)} "
                     f"may call it (call {card}) until it is played.", apply, ends=(Lapse.CARD_PLAYED,), card=card)

    def expose(self, hand: HandReplay, holder: str, card: Card, topic: str = "exposed.card") -> None:
        """`card` laid face up, liable to be called (`offer`)."""
        if card not in hand.exposed.setdefault(holder, []):
            hand.exposed[holder].append(card)
        hand.open(self.offer(hand, holder, card, topic))

    def expose_as_penalty(self, hand: HandReplay, holder: str, card: Card, topic: str) -> None:
        """`card` exposed as the penalty the adversaries chose (whist's E62: a card led out of turn):
        recorded as a penalty, then liable to be called (`expose`)."""
        hand.penalise(topic, f"{card} is exposed", effects=(Effect("exposed", holder, None, card.text),))
        self.expose(hand, holder, card, topic)

    def called_late(self, hand: HandReplay, holder: str, card: Card) -> list[Effect]:
        """L23: the exposed card is called after its holder played another card to the trick, where it
        could have been played: he did not wait for the decision, so that card is exposed too, and goes
        back to his hand (`taken_back` then offers it). Cites `<game>.exposed.before-decision`."""
        table = hand.table
        early = table.current.card_of(holder) if table is not None and not table.finished else None
        if table is None or early is None or early.card is card:
            return []
        led = table.led_suit()
        if not (early is table.current.plays[0] or card.suit is led or (
                led is not None and early.card.suit is not led and not table.holds_suit(holder, led))):
            return []
        hand.find("exposed-card", holder, early.at, "exposed.before-decision", f"{holder} played {early.card} before "
                  f"his adversaries said whether they call his exposed {card}: {early.card} is exposed too, and goes "
                  f"back for {card}.", trick=hand.trick_number)
        hand.before_decision.add(early.card)
        self.unwaited.add(early.card)
        return [hand.send_back(holder, early.card), Effect("exposed", holder, None, early.card.text)]

    def taken_back(self, hand: HandReplay, fact: tb.Retracted) -> None:
        """A card `called_late` sent back lies face up, liable to be called."""
        if fact.card in self.unwaited:
            self.unwaited.discard(fact.card)
            self.expose(hand, fact.player, fact.card, "exposed.before-decision")

    def lay_down(self, hand: HandReplay, holder: str, event: ev.ClaimRest | ev.Spread, topic: str) -> None:
        """`holder`'s cards face up on the table (his own spread, or a claimant's partner's): each is
        exposed, liable to be called (L20, L36)."""
        claim = f"{event.player} claims the rest: " if isinstance(event, ev.ClaimRest) else ""
        held = (hand.table.hands or {}).get(holder, ()) if hand.table else hand.deals.get(holder, ())
        cards = sorted(held, key=lambda c: (c.suit.value, -c.rank))
        shown = f" ({' '.join(c.text for c in cards)})" if cards else ""
        hand.find("exposed-card", event.player, event.at, topic, f"{claim}{holder}'s cards are laid face up{shown}, "
                  "each liable to be called by the adversaries.", trick=hand.trick_number)
        hand.penalise(topic, f"{holder}'s cards are exposed", [Effect("exposed", holder, None, c.text) for c in cards])
        for card in cards:
            self.expose(hand, holder, card, topic)

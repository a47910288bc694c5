"""A new deal or the deal standing: the choice the whist family's laws give the side not in fault
for a card exposed in the deal (the League code's law 15) or a hand of the wrong size found in play
(law 19). The new deal is the transcript's `redeal` line; `call deal-stands`, or playing on, lets
the deal stand. Whist uses it as it stands."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from ..notation import events as ev
from .choices import Lapse
from .laws import Effect
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay

H = TypeVar("H", bound="HandReplay")


def new_deal_offer(hand: H, offender: str, topic: str, why: str, ends: Iterable[Lapse], stands: str,
                   chosen: Callable[[H], None]) -> Offer:
    """`offender`'s adversaries may have the same dealer deal again or let the deal stand (`stands`
    is the note when play goes on); `chosen` is given the hand when they choose the new deal (it is
    given the hand rather than holding it, as a law is, so the open choice makes no reference cycle)."""
    them = frozenset(hand.adversaries(offender))

    def apply(hand: H, option: str, at: ev.Span) -> None:
        if option == "redeal":
            chosen(hand)
            hand.penalise(topic, f"{hand.side_label(them)} choose a new deal",
                          effects=(Effect("redeal", None, None, hand.dealer),))

    return Offer(them, offender, ("redeal", "deal-stands"), topic, f"{why}: {hand.side_label(them)} may have "
                 f"{hand.dealer} deal again (a redeal line) or let the deal stand.", apply, implied="deal-stands",
                 implied_text=stands, ends=tuple(ends))

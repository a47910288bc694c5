"""The opponents' cards liable to be called in Boston (L20-L23, L36): the caller has the call of
them for the rest of the hand, and their holder must wait for his decision (the engine's
`LiableCards`, declared on `BostonHand`); here, the cards laid down after "I can win the
rest"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...notation import events as ev
from .penalties import misere_error

if TYPE_CHECKING:
    from .hand import BostonHand


def claim_rest(hand: BostonHand, event: ev.ClaimRest) -> None:
    """An opponent who says he can win the rest: his partners' cards are laid on the table and are
    liable to be called (L36)."""
    if hand.table is None or hand.stage != "play" or hand.caller is None or event.player == hand.caller:
        who = "the caller, who has no partner" if event.player == hand.caller else "nobody, outside the play"
        hand.notes.append(f"{event.player} says he can win the rest: no penalty ({who}).")
        return
    partners = [p for p in hand.adversaries(hand.caller) if p != event.player]
    hands = hand.table.hands
    # a partner whose deal is not written has no known cards to lay down
    cards = {p: sorted(hands.get(p, ()), key=lambda c: (c.suit.value, -c.rank)) for p in partners} if hands else {}
    shown = "; ".join(f"{p} {' '.join(c.text for c in cards[p])}" for p in partners if cards.get(p))
    misere = hand.high is not None and hand.high.misere
    ruling = ("In a misère this is a misère error." if misere else
              f"They stay face up and {hand.caller} may call them, and demand their play or not when their suit "
              "is led, for the rest of the hand.")
    hand.find("exposed-card", event.player, event.at, "play.claim-rest",
              f"{event.player} says he can win the rest: his partners {' and '.join(partners)} lay their cards on "
              f"the table" + (f" ({shown})" if shown else "") + f". {ruling}", trick=hand.trick_number)
    if misere:
        misere_error(hand, event.player, f"{event.player} claimed the rest, exposing his partners' cards")
        return
    effects = []
    for player in partners:
        for card in cards.get(player, ()):
            hand.liable.lay(card, player)
            effects.append(Effect("exposed", player, None, card.text))
    hand.penalise("play.claim-rest", f"{' and '.join(partners)} lay their cards face up, liable to be called",
                  effects=effects)

"""What a misère makes of the play in Boston and French Boston, whose caller must take no trick:
there a look at a quitted trick, allowed otherwise, is punished as a lead out of turn (Boston's L37
ins., to which French Boston leaves its irregularities). Each game passes its own misère error."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..notation import events as ev

if TYPE_CHECKING:
    from .caller import MisereError
    from .replay import HandReplay


def look_back(hand: HandReplay, event: ev.Look, misere: MisereError, playing: bool,
              applies: Callable[[str], bool] | None = None) -> None:
    """A look at a quitted trick (the replay's `looked_back` finds a look at none): no finding, but
    while a misère is `playing` the caller's look carries no penalty, and an opponent's is a misère
    error (`misere`), the caller's claim open for it where a penalty `applies` to him (by default
    to every opponent). The words are the game's rulebook's, under play.look-back: `caller` and
    `error` rule on the caller's look and an opponent's, `what` names the error the caller may
    claim for; each is given the player, the trick looked at and the caller."""
    trick = hand.looked_back(event)
    caller = misere.caller(hand) if playing else None
    if trick is None or caller is None:
        return
    player = event.player
    ruling = hand.say("play.look-back", "caller", player=player, trick=trick, caller=caller) if player == caller \
        else hand.say("play.look-back", "error", player=player, trick=trick, caller=caller)
    hand.find("looked-at-trick", player, event.at, "play.look-back", ruling, trick=hand.trick_number)
    if player != caller and (applies is None or applies(player)):
        misere.open(hand, player, hand.say("play.look-back", "what", player=player, trick=trick, caller=caller))

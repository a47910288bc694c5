"""What a misère makes of the play in Boston and French Boston, whose caller must take no trick:
there a look at a quitted trick, allowed otherwise, is punished as a lead out of turn (Boston's L37
ins., to which French Boston leaves its irregularities). Each game passes its own misère error."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..notation import events as ev

if TYPE_CHECKING:
    from .replay import HandReplay


def look_back(hand: HandReplay, event: ev.Look, caller: str | None, caller_words: str, error_words: str,
              error: Callable[[str, int], object]) -> None:
    """A look at a quitted trick (the replay's `looked_back` finds a look at none): no finding, but
    while a misère is played (`caller` is its caller; None otherwise) the caller's look carries no
    penalty, and an opponent's is a misère error: `error(player, trick)`. `caller_words` and
    `error_words` end the ruling's sentences as the game's laws word them."""
    trick = hand.looked_back(event)
    if trick is None or caller is None:
        return
    player = event.player
    ruling = ("The caller is not penalised" + caller_words if player == caller
              else "As a lead out of turn in a misère, it is a misère error" + error_words)
    hand.find("looked-at-trick", player, event.at, "play.look-back",
              f"{player} looked at trick {trick}, already quitted, in a misère. {ruling}.", trick=hand.trick_number)
    if player != caller:
        error(player, trick)

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


def look_back(hand: HandReplay, event: ev.Look, misere: MisereError, playing: bool, caller_words: str,
              error_words: str, what: Callable[[str, int], str],
              applies: Callable[[str], bool] | None = None) -> None:
    """A look at a quitted trick (the replay's `looked_back` finds a look at none): no finding, but
    while a misère is `playing` the caller's look carries no penalty, and an opponent's is a misère
    error (`misere`), the caller's claim open for `what(player, trick)` where a penalty `applies`
    to him (by default to every opponent). `caller_words` and `error_words` end the ruling's
    sentences as the game's laws word them."""
    trick = hand.looked_back(event)
    caller = misere.caller(hand) if playing else None
    if trick is None or caller is None:
        return
    player = event.player
    ruling = ("The caller is not penalised" + caller_words if player == caller
              else "As a lead out of turn in a misère, it is a misère error" + error_words)
    hand.find("looked-at-trick", player, event.at, "play.look-back",
              f"{player} looked at trick {trick}, already quitted, in a misère. {ruling}.", trick=hand.trick_number)
    if player != caller and (applies is None or applies(player)):
        misere.open(hand, player, what(player, trick))

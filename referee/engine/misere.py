"""A look at a quitted trick in Boston and French Boston (Boston's L37 ins., to which French Boston
leaves its irregularities): the custom allows a look at the last trick, except in a misère, where it
is punished as a lead out of turn; the law it qualifies (L37) still forbids a look at an earlier
trick, which carries the penalty of a lead out of turn in any contract. Each game passes its own
`CallerSide` (who is penalised, and its misère error); the words are its rulebook's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import events as ev
from ..notation.cards import Suit
from .penalties import Offer, choosers

if TYPE_CHECKING:
    from .callerlaws import CallerSide
    from .replay import HandReplay


def look_back(hand: HandReplay, event: ev.Look, side: CallerSide, playing: bool) -> None:
    """A look at a quitted trick (the replay's `looked_back` finds a look at none) while the hand is
    `playing`. At the last trick, no finding, but in a misère the caller's look carries no penalty,
    and an opponent's is a misère error (`side.misere`), the caller's claim open for it where a
    penalty applies to him (`side`). At an earlier trick, outside a misère: `earlier_trick`. The words
    are the game's rulebook's, under play.look-back: `caller` and `error` rule on the caller's look
    and an opponent's, `what` names the error the caller may claim for; each is given the player,
    the trick looked at and the caller."""
    trick = hand.looked_back(event)
    if trick is None or not playing:
        return
    misere = side.misere
    caller = misere.caller(hand)
    player, penalised = event.player, side.exemption(hand, event.player) is None
    if caller is None:
        table = hand.table  # the last trick turned is the last quitted; the one before while it lies on the table
        if table is not None and trick < len(table.tricks) - (not table.gathered):
            earlier_trick(hand, event, trick, penalised)
        return
    ruling = hand.say("play.look-back", "caller", player=player, trick=trick, caller=caller) if player == caller \
        else hand.say("play.look-back", "error", player=player, trick=trick, caller=caller)
    hand.find("looked-at-trick", player, event.at, "play.look-back", ruling, trick=hand.trick_number)
    if player != caller and penalised:
        misere.open(hand, player, hand.say("play.look-back", "what", player=player, trick=trick, caller=caller))


def earlier_trick(hand: HandReplay, event: ev.Look, trick: int, penalised: bool) -> None:
    """A look at a quitted trick before the last, forbidden by L37 with the penalty of a lead out of
    turn: where the look is `penalised`, the innocent side (`choosers`: Boston's caller) may call a
    suit that whichever of the offender's side next leads must lead (as after a lead out of turn
    from the innocent side's own lead), before it plays on; with no card led there is no card to
    call. An unpenalised look (a solo caller's, misère partout's) is found with no penalty, as his
    lead out of turn would be. Its words: `earlier` or `earlier-free` (the finding), `offer` and
    `called`, each given the player, the trick, the innocent side (`others`) and the offender's
    (`side`), and `called` the `suit` called."""
    player = event.player
    others = choosers(hand, player)
    targets = [p for p in hand.order if p not in others]
    label, side = hand.side_label(others), hand.side_label(targets)
    hand.find("looked-at-trick", player, event.at, "play.look-back", hand.say(
        "play.look-back", "earlier", player=player, trick=trick, others=label, side=side) if penalised else hand.say(
        "play.look-back", "earlier-free", player=player, trick=trick, others=label, side=side), trick=hand.trick_number)
    if not penalised:
        return

    def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
        suit = Suit[option.upper()]
        hand.penalise("play.look-back", hand.say("play.look-back", "called", player=player, trick=trick, others=label,
                                                 side=side, suit=suit.word[:-1]),
                      effects=hand.require_lead(targets, suit, "play.look-back", at))

    hand.open(Offer(others, player, ("suit",), "play.look-back", hand.say(
        "play.look-back", "offer", player=player, trick=trick, others=label, side=side), apply))

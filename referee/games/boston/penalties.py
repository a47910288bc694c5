"""What Boston's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Only the caller's opponents are penalised, nobody in misère partout (`BostonHand.penalty_applies`);
every penalty is the caller's to choose, and only he waives it by playing on (L21, L39) (a misère's
error: `MISERE`). The money is the settlement's; here are the rulings and the choices they open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import callerlaws
from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.caller import MisereError, misere_caller, still_to_play
from ...engine.penalties import Ruling
from ...notation import events as ev
from .settlement import TABLES, bid_name

if TYPE_CHECKING:
    from .hand import BostonHand


def claimed(hand: BostonHand, caller: str, offender: str, what: str) -> None:
    """The caller's claim for an opponent's misère error, which the settlement pays."""
    hand.claimed_from = offender
    hand.notes.append(hand.say("misere.error", "claimed", caller=caller, offender=offender))


MISERE = MisereError("misere.error", misere_caller,
                     lambda hand, caller, offender, what: hand.say(
                         "misere.error", "claim", what=what, caller=caller, offender=offender,
                         red=TABLES.amount("pool", "misere-error")),
                     claimed, "Play went on: {caller} did not claim for {offender}'s error.",
                     lambda hand, caller: hand.say("misere.error", "error"))
"""An opponent's error in a misère: the caller may claim the pool and his stakes at once (the
offender forfeiting to the pool), or play on; a result written while it is open shows he claimed."""


SIDE = callerlaws.CallerSide(MISERE, lambda hand, offender: hand.penalty_applies(offender))


def established_words(hand: BostonHand, fact: tb.Revoke) -> str:
    """An established revoke's cost, in words that fit the call (the settlement pays it)."""
    if hand.revokes and hand.revokes_as_played()[0] is not fact:
        return hand.say("revoke.established", "earlier")
    if hand.partout:
        return hand.say("revoke.established", "partout")
    assert hand.high is not None
    if fact.player == hand.caller:
        return (hand.say("revoke.established", "caller-misere", name=bid_name(hand, hand.high)) if hand.high.misere
                else hand.say("revoke.established", "caller"))
    pool = (hand.say("revoke.established", "doubles") if hand.game_options["opponent-revoke-pool"] == "double"
            else hand.say("revoke.established", "forfeits"))
    if hand.high.misere:
        return hand.say("revoke.established", "misere", name=bid_name(hand, hand.high), pool=pool)
    if over := hand.revoke_overtricks():
        return hand.say("revoke.established", "opponent", over=over, pool=pool)
    if hand.game_options["success-table"] == "american":
        return hand.say("revoke.established", "opponent-american", pool=pool)
    if hand.high.tricks == 13:
        return hand.say("revoke.established", "opponent-thirteen", pool=pool)
    return hand.say("revoke.established", "opponent-nine", pool=pool)


REVOKE = callerlaws.SideRevokeLaw(
    SIDE, established_words, "{choosers} requires {target}'s {option} {suit}", "{choosers} takes {target}'s {card} as "
    "an exposed card", "the opponents call the caller's exposed {card}", any_card=True, unbid_free=True, ended=True)
"""A revoke (boston.revoke.*): the caller's corrected in time may leave his card face up, an opponent's lets
the caller require his highest or lowest, or take the card as exposed (L29 ins.); an established one's cost."""


def short_ruling(hand: BostonHand, player: str) -> str:
    """What a player a card short by a dead card (law 19) answers for: the "player short" rule."""
    if hand.high is None:
        return hand.say("play.played-twice", "partout")
    if player == hand.caller:
        return hand.say("play.played-twice", "caller")
    if hand.high.misere or hand.game_options["success-table"] == "american":  # no over-tricks to pay
        return hand.say("play.played-twice", "opponent-bare", caller=hand.caller)
    return hand.say("play.played-twice", "opponent", caller=hand.caller)


def play_target(hand: BostonHand, fact: tb.OutOfTurn) -> str | None:
    """After a card played out of turn, the opponent the caller may require a card from: the
    rightful player if he is one still to play, else the first of them."""
    targets = still_to_play(hand, hand.called.against)
    return (fact.expected if fact.expected in targets else targets[0]) if targets else None


OUT_OF_TURN = callerlaws.SideOutOfTurnLaw(SIDE, play_target, exposed=True, short=short_ruling)
"""A lead or play out of turn: the caller's choice (a misère error in a misère); two cards to one
trick are the engine's law 19, Boston declaring what a player short answers for (`short_ruling`)."""


def callable_card(hand: BostonHand, event: ev.Expose, caller: str) -> Ruling:
    """An opponent's exposed card stays face up, liable to be called by the caller (`LiableCards`)."""
    return Ruling(hand.say("exposed.card", "callable", caller=caller),
                  hand.liable.offer(hand, event.player, event.card),
                  lambda choice: hand.liable.lay(event.card, event.player))


EXPOSED = callerlaws.SideExposedLaw(
    SIDE, lambda hand, event: Ruling(hand.say("exposed.card", "partout") if hand.partout
                                     else hand.say("exposed.card", "no-bid")), callable_card)
"""An opponent's exposed card, callable by the caller; none of the caller's, nor once the hand is over."""


def opponents_to_play(hand: BostonHand, event: ev.Count) -> list[str]:
    """The opponents still to play to the trick (a leader yet to lead is not one)."""
    assert hand.table is not None
    current = hand.table.current
    return [p for p in still_to_play(hand, hand.called.against) if current.plays or p != current.leader]


ATTENTION = callerlaws.SideAttentionLaw(
    callerlaws.CallerSide(MISERE, lambda hand, offender: hand.table is not None and hand.penalty_applies(offender)),
    lambda hand, event, why: hand.say("attention.drawn", "finished") if hand.table is not None and hand.table.finished
    else hand.say("attention.drawn", "none"), opponents_to_play)
"""Drawing attention to the tricks while one is played (in a misère too): boston.attention.drawn's demands."""


LAWS = laws.PenaltyLaws(revoke=REVOKE, out_of_turn=OUT_OF_TURN, exposed=EXPOSED, attention=ATTENTION,
                        call=laws.CallLaw(wrong_demand_voids=True), deal=callerlaws.DEAL)
"""Boston's penalty laws, declared on its hand: a call that fits none of the caller's choices demands
a wrong penalty, voiding it (L39); a wrong deal may be stopped until the table acts on it (L16 ins.)."""

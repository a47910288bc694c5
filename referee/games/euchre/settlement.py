"""The score of a replayed euchre hand: the revoke and wrong-count penalties, the makers' result. `settle`
reads the hand and writes only the ledger (and the penalties it explains): settling twice gives the same verdict."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...engine import table as tb
from ...engine.laws import Effect
from ...engine.ledger import Ledger
from ...engine.words import Words
from .penalties import revoke_points, wrong_count_points

if TYPE_CHECKING:
    from .hand import EuchreHand


def settle(hand: EuchreHand, ledger: Ledger) -> None:
    """Every payment of the hand, through `ledger`, in Somerset 4's order: the revoke penalties, the forfeits
    for a wrong count, then the hand's result: not after a penalised revoke (seed), nor to a side miscounted."""
    if (status := hand.status()) in ("redeal", "thrown-in"):
        return
    penalised = settle_revokes(hand, ledger) if hand.revokes else []  # each offence has its penalty
    if not penalised and status != "complete":
        return  # in progress (an established revoke penalised ends the hand: `penalised_revokes`)
    barred = set(hand.sides.side_of.values()) if penalised else {hand.sides.side(p) for p in hand.wrong_count}
    for player in sorted(hand.wrong_count):
        side, points = hand.sides.side(player), wrong_count_points(hand)
        cause, other = hand.say("wrong-count.play", "cause", side=side), hand.sides.other(side)
        paid = hand.say("wrong-count.play", "paid", cause=cause, other=other, points=points)
        charge(hand, ledger, other, points, "wrong-count.play", cause, paid, Effect("hand-not-scored", side))
    assert hand.maker is not None
    makers = hand.sides.side(hand.maker)
    side, points, topic, words = ordinary_result(hand, makers, hand.won_by_side()[makers])
    if side not in barred:
        ledger.credit(side, points, hand.rule_id(topic), words)


def ordinary_result(hand: EuchreHand, makers: str, tricks: int) -> tuple[str, int, str, str]:
    """Who scores the hand, how much, the rule's topic and the result in words, the `makers` having taken `tricks`."""
    lone, house = hand.lone_hand, hand.game_options  # below, the makers by name: a euchre scores for the others
    took, euchred, march = result_words(makers, lone, tricks)
    exposed = hand.partner_exposed if lone else None  # Somerset 102: his card caps the lone hand, where that costs it
    if exposed is not None and (house["lone-euchre"] <= 4 if tricks < 3 else tricks == 5 and house["lone-march"] > 1):
        capped = hand.say("exposed.card", "capped", seat=exposed)
        if tricks < 3:
            return hand.sides.other(makers), 4, "exposed.card", hand.say(
                "exposed.card", "euchred-capped", took=took, capped=capped)
        return makers, 2, "exposed.card", hand.say("exposed.card", "march-capped", took=took, capped=capped)
    if tricks < 3:
        if hand.lone_defence:  # four, or a euchred lone hand's points where the club scores those higher
            return hand.other(makers), max(4, house["lone-euchre"] if lone else 0), "alone.defend", euchred
        return hand.sides.other(makers), house["lone-euchre"] if lone else 2, "score.euchre", euchred
    if tricks == 5:
        return makers, house["lone-march"] if lone else 2, "score.march", march
    return makers, 1, "score.makers", took


@lru_cache(maxsize=1024)  # a few dozen a run, each then looked up by plain arguments: cheaper than slots by name
def result_words(makers: str, lone: bool, tricks: int) -> tuple[str, str, str]:
    """What the makers took, and their euchre and march, in words: the same few in nearly every hand."""
    words = Words("euchre")
    named = (words.say("score.makers", "alone", makers=makers) if lone
             else words.say("score.makers", "makers", makers=makers))
    took = (words.say("score.makers", "took-one", named=named) if tricks == 1
            else words.say("score.makers", "took", named=named, tricks=tricks))
    return took, words.say("score.euchre", "euchred", took=took), words.say("score.march", "march", named=named)


def penalised_revokes(hand: EuchreHand) -> list[tb.Revoke]:
    """The revokes that cost points: each side's first (default), every one (Somerset 63), or
    what is left once an equal number by each side cancel out (Somerset 71)."""
    rule = hand.game_options["revoke-count"]
    if rule == "each":
        return list(hand.revokes)
    by_side = {t.name: [r for r in hand.revokes if hand.sides.side(r.player) == t.name] for t in hand.setup.teams}
    if rule == "once-per-side":  # in the order they were made
        return sorted((revokes[0] for revokes in by_side.values() if revokes), key=hand.revokes.index)
    cancelled = min(len(r) for r in by_side.values())
    return [r for revokes in by_side.values() for r in revokes[cancelled:]]


def settle_revokes(hand: EuchreHand, ledger: Ledger) -> list[tb.Revoke]:
    penalised = penalised_revokes(hand)
    if len(penalised) < len(hand.revokes) and hand.game_options["revoke-count"] == "cancel":
        hand.note(hand.say("revoke.established", "cancel", pairs=(len(hand.revokes) - len(penalised)) // 2))
    for revoke in penalised:
        side = hand.sides.side(revoke.player)
        points, other = revoke_points(hand, revoke.player, revoke.at), hand.sides.other(side)
        cause = hand.say("revoke.established", "cause", player=revoke.player, trick=revoke.trick)
        deduct = hand.game_options["revoke-penalty"] == "deduct"  # the offenders lose the points, or the others score
        words = (hand.say("revoke.established", "deducted", side=side, points=points) if deduct else hand.say(
            "revoke.established", "awarded", player=revoke.player, side=side, other=other, points=points))
        charge(hand, ledger, side if deduct else other, -points if deduct else points, "revoke.established", cause,
               words, Effect("hand-not-scored"))
    return penalised  # none once all cancel out (Somerset 71): the hand is scored as played


def charge(hand: EuchreHand, ledger: Ledger, side: str, points: int, topic: str, cause: str, penalty: str,
           effect: Effect) -> None:
    """A penalty in points: `side` credited in the ledger, and the penalty that explains it."""
    mark = ledger.mark()
    ledger.credit(side, points, hand.rule_id(topic), cause)
    hand.penalise(topic, penalty, (effect,), since=mark)

"""The penalty laws by topic (`referee.engine.penalties`) as the replay asks them."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from referee.check import check_text
from referee.engine.caller import NOBODY, Called, MisereError, misere_caller
from referee.engine.callerlaws import CallerSide
from referee.engine.penalties import PenaltyLaw
from referee.engine.replay import HandReplay
from referee.games.auction_pitch.hand import AuctionPitchHand
from referee.games.boston.hand import BostonHand
from referee.games.euchre.hand import EuchreHand
from referee.games.french_boston.hand import FrenchBostonHand
from referee.games.whist.hand import WhistHand

CASES = Path(__file__).resolve().parent.parent / "cases"


def hands_left(case: str) -> list[object]:
    """The hands still alive once `case` is checked with the garbage collector off: those a
    reference cycle keeps (an archive of a million hands would wait for the collector to free each)."""
    text = (CASES / case).read_text("utf-8")
    gc.collect()
    gc.disable()
    try:
        verdict = check_text(text)
        assert verdict.files[0].games[0].hands
        return [o for o in gc.get_objects() if HandReplay in type(o).__mro__]
    finally:
        gc.enable()


def test_a_hand_that_asked_its_laws_is_freed_without_the_garbage_collector() -> None:
    """A revoke asks the game's revoke law for its words and ruling: the law is given the hand and
    keeps no reference to it, so the hand is freed as soon as its verdict is made."""
    assert not hands_left("euchre/revoke-established.ttn")


@pytest.mark.parametrize("case", ["euchre/out-of-turn-dispute-exposed.ttn", "boston/lead-out-of-turn-pending.ttn",
                                  "french-boston/exposed-card-pending.ttn", "auction-pitch/call-disobeyed.ttn",
                                  "auction-pitch/out-of-turn-lead-dispute.ttn"])
def test_a_choice_a_law_opened_holds_no_reference_to_its_hand(case: str) -> None:
    """A choice kept open on the hand is given the hand when it is answered, rather than holding it
    in a closure: a hand with a choice open (or one answered) makes no reference cycle."""
    assert not hands_left(case)


@pytest.mark.parametrize("hand", [EuchreHand, AuctionPitchHand, BostonHand, FrenchBostonHand, WhistHand])
def test_a_game_s_laws_are_one_stateless_object_per_topic(hand: type[HandReplay]) -> None:
    """Laws keep no state (every method is given the hand): one object per topic serves every hand
    of the game, and none has an instance dictionary to write into."""
    laws = hand.declared.laws
    for topic in ("revoke", "retract", "out_of_turn", "exposed", "attention", "call", "deal"):
        law = getattr(laws, topic)
        assert isinstance(law, PenaltyLaw)
        assert not hasattr(law, "__dict__"), f"{hand.__name__}'s {topic} law keeps state"


SOMERSET = """[Game "euchre"]
[Players "N E S W"]
[Partners "N-S E-W"]
[Rules "out-of-turn=somerset"]

hand 1 dealer W
deal N: JH AH KS QD 9C
deal E: TH QS 9S AD TC
deal S: JD KH AS KD AC
deal W: QH TS JS JC KC
upcard 9H
N pass, E pass, S order
W discard TS
trick 1: N JH, E TH, S KH, W 9H
E 9S
E retract 9S
N call clubs
"""


def test_a_suit_option_chosen_requires_the_offender_to_lead_it() -> None:
    """An offer declared by its `target` (no `apply` of the game's) whose `suit` option is answered
    by a suit: the offender or his partner, whichever leads next (Somerset law 52), must lead that
    suit, the penalty in the law's words."""
    hand = check_text(SOMERSET).files[0].games[0].hands[0]
    penalty = next(p for p in hand.penalties if p.rule == "euchre.play.out-of-turn")
    assert penalty.description == "N-S call clubs from E or W"
    assert [(e.kind, e.who, e.detail) for e in penalty.effects] == [("requirement", "E", "lead-suit clubs"),
                                                                   ("requirement", "W", "lead-suit clubs")]


class _Seated:
    """A hand as `CallerSide.exemption` reads it: its contract (`called`), and nothing else."""

    def __init__(self, called: Called) -> None:
        self.called = called


@pytest.mark.parametrize(("called", "offender", "over", "why"), [
    (NOBODY, "A", True, "unbid"),           # no contract stands: before anything else
    (Called.of("ABCD", "A"), "A", True, "own"),   # a solo caller's own error, even once play is over
    (Called.of("ABCD", "A"), "B", True, "over"),  # an adversary's, once play is over
    (Called.of("ABCD", "A"), "B", False, None),   # an adversary's while play goes on: the law's penalty
    (Called.of("ABCD", "A", "C"), "A", False, None),  # a caller with a partner is penalised like anyone
])
def test_a_caller_s_laws_read_the_exemptions_in_order(called: Called, offender: str, over: bool,
                                                      why: str | None) -> None:
    """Every topic of Boston's laws, which French Boston follows, asks first whether a contract
    stands, then whether the error is a solo caller's own (he has no partner to profit), then
    whether play is over: the first that holds is why there is no penalty."""
    misere = MisereError("misere.error", misere_caller, lambda *_: "", lambda *_: None)
    side = CallerSide(misere, lambda hand, offender: not over)
    assert side.exemption(_Seated(called), offender) == why

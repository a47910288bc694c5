"""The replay's trace of each hand's play (`engine.trace`): the facts every reader takes from it
must agree with the verdict's tricks, follow the game's own laws of play (Euchre's left bower is a
trump) and stay out of the JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.check import check_text
from referee.engine.trace import NO_TRACE
from referee.engine.verdict import HandVerdict
from referee.games import registry
from referee.notation.cards import Suit, parse_card
from referee.notation.records import field_names
from referee.output.explain import explain_file
from referee.output.story import story_of_file

CASES = Path(__file__).resolve().parent.parent / "cases"


def hands_of(text: str) -> list[HandVerdict]:
    return [h for f in check_text(text).files for g in f.games for h in g.hands]


def assert_agrees(hand: HandVerdict) -> None:
    """The trace holds exactly the verdict's tricks, each card at its place, the winner once known."""
    traced = [(p.trick, p.position, p.player, p.card.text, p.winner) for p in hand.trace.plays]
    told = [(t.number, i, player, card, t.winner) for t in hand.tricks for i, (player, card) in enumerate(t.plays)]
    assert traced == told
    for play in hand.trace.plays:
        assert hand.trace.at(play.at) == play


@pytest.mark.parametrize("case", sorted(p.relative_to(CASES).as_posix() for p in CASES.glob("*/*.ttn")))
def test_every_case_is_traced_as_its_tricks_say(case: str) -> None:
    for hand in hands_of((CASES / case).read_text("utf-8")):
        assert_agrees(hand)


@pytest.mark.parametrize("name", sorted(registry()))
def test_random_hands_are_traced_as_their_tricks_say(name: str) -> None:
    game = registry()[name]
    if hasattr(game, "random_game"):
        for hand in hands_of(game.random_game(random.Random(7), 6)):
            assert_agrees(hand)


def test_the_left_bower_counts_as_a_trump_and_the_hands_follow_the_play() -> None:
    hand = hands_of((CASES / "euchre" / "revoke-established.ttn").read_text("utf-8"))[0]
    trace = hand.trace
    left = next(p for p in trace.plays if p.card.text == "JD")  # hearts are trump
    assert (left.suit, left.trump, left.trick, left.position, left.winner) == (Suit.HEARTS, True, 2, 2, "S")
    spade = next(p for p in trace.plays if p.card.text == "9S")
    assert (spade.suit, spade.trump) == (Suit.SPADES, False)
    assert trace.start is not None
    assert parse_card("9H") in trace.start["W"]  # the upcard taken
    assert parse_card("TS") not in trace.start["W"]  # and TS discarded
    after = trace.hands_after(trace.plays[3])
    assert after is not None and all(len(cards) == 4 for cards in after.values())
    assert trace.hands_after(trace.plays[-1]) == {p: frozenset() for p in "NESW"}


def test_a_hand_without_a_deal_has_no_hands_and_a_hand_never_played_no_plays() -> None:
    header = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\nupcard 9D\n'
    unplayed = hands_of(header + "N pass, E pass, S pass, W pass\n")[0]
    assert unplayed.trace.plays == () and unplayed.trace.start is None
    assert unplayed.trace is NO_TRACE


def test_the_trace_stays_out_of_the_json_and_of_equality() -> None:
    hand = hands_of((CASES / "euchre" / "revoke-established.ttn").read_text("utf-8"))[0]
    assert "trace" not in json.dumps(hand.to_dict())
    assert hand.trace.plays and hand == HandVerdict(**{**{f: getattr(hand, f) for f in field_names(HandVerdict)},
                                                        "trace": NO_TRACE})


def test_a_best_jack_is_told_as_a_trump_whatever_its_printed_suit() -> None:
    """French Boston: the best jack (JD, hearts turned) is a trump; the explanation read its printed suit before."""
    text = explain_file(story_of_file(str(CASES / "french-boston" / "honours-best-jack-default.ttn")))
    assert "E wins it with JD, a trump." in text


def _steps(case: str) -> list[dict[str, object]]:
    from referee.desk.library import desk_view

    view = desk_view((CASES / case).read_text("utf-8"), None)
    g, h = view["selected"]
    steps: list[dict[str, object]] = view["games"][g]["hands"][h]["steps"]
    return steps


def test_the_desk_shows_the_hands_the_replay_began_play_with() -> None:
    """A lead before the bidding ended went back to E's hand; a card the trace never put in a trick
    does not start the play."""
    steps = _steps("euchre/premature-lead.ttn")
    first = next(s for s in steps if s["kind"] == "play" and s["text"] == "N plays JH")
    assert "9S" in first["hands"]["E"]  # type: ignore[index]


def test_the_desk_shows_the_dealer_holding_the_upcard_until_a_late_discard() -> None:
    steps = _steps("euchre/discard-after-opening-lead.ttn")
    lead = next(i for i, s in enumerate(steps) if s["kind"] == "play")
    discard = next(i for i, s in enumerate(steps) if s["kind"] == "discard")
    assert lead < discard
    assert len(steps[lead]["hands"]["W"]) == 6 and len(steps[discard]["hands"]["W"]) == 5  # type: ignore[index]


def test_the_desk_credits_a_trick_when_its_last_card_falls_even_after_a_card_that_stands() -> None:
    steps = _steps("euchre/retract-card-stands.ttn")
    done = next(s for s in steps if s["winner"] is not None)
    assert done["text"] == "W plays JS" and done["won"] == {"N": 0, "E": 1, "S": 0, "W": 0}


def test_the_desk_shows_a_dealer_who_sits_out_without_the_upcard_unless_he_discards() -> None:
    """N orders the dealer up and plays alone: S, the dealer, lays his five cards face down and
    takes no part, so he does not hold the upcard; had he discarded, he would have taken it up."""
    dealt = {"9C", "QD", "KD", "AD", "TC", "QC"}
    steps = _steps("euchre/dealer-sits-out.ttn")
    lead = next(s for s in steps if s["kind"] == "play")
    assert set(lead["hands"]["S"]) == dealt - {"9C"}  # type: ignore[index]
    text = (CASES / "euchre" / "dealer-sits-out.ttn").read_text("utf-8").replace("N alone\n", "N alone\nS discard QD\n")
    hand = hands_of(text)[0]
    assert hand.trace.start is not None and {c.text for c in hand.trace.start["S"]} == dealt - {"QD"}
    assert not hand.irregularities

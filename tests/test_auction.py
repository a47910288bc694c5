"""The engine's turn-taking auction (`referee.engine.auction`), rule by rule, on the four ways the
games declare it: each speaking once (Auction Pitch), passes closing it (Boston), every other
player answering the standing bid (French Boston), and the first bid winning in rounds (Euchre)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from referee.engine.auction import Answer, Auction, AuctionRules, Ends, Objection, OutOfTurn, void
from referee.notation.events import Pass, Span

SEATS = ("N", "E", "S", "W")


def rules(out_of_turn: OutOfTurn, ends: Ends, **more: Any) -> AuctionRules[int]:
    """A game's declaration, with words that show which template was used and its fields."""
    return AuctionRules(out_of_turn, ends, rank=lambda points: (points,),
                        out_of_turn_words="{player} {what} out of turn ({turn}'s)",
                        closed_words="{player} {what} after the close", again_words="{player} {what} again",
                        **more)


def test_each_once_a_call_out_of_turn_counts_and_the_player_on_turn_keeps_it() -> None:
    auction = Auction(SEATS, "N", rules("waits", "once-round"))
    answer = auction.admit("S", "bid 2")
    assert answer.counts
    assert answer.objections == [Objection("bid-out-of-turn", "bidding.out-of-turn", "S bid 2 out of turn (N's)")]
    auction.bid("S", 2)
    assert auction.turn == "N" and (auction.caller, auction.high) == ("S", 2)
    auction.pass_("N")
    assert auction.turn == "E"  # S has spoken: his turn is skipped


def test_each_once_a_second_call_is_void_and_all_speaking_closes_it() -> None:
    auction = Auction(SEATS, "N", rules("waits", "once-round"))
    auction.bid("N", 1)
    again = auction.admit("N", "bid 3")
    assert not again.counts and again.objections[0].text == "N bid 3 again"
    for player in ("E", "S"):
        auction.pass_(player)
    assert not auction.over and auction.silent() == ["W"]
    auction.pass_("W")
    assert auction.over and auction.turn == ""
    closed = auction.admit("W", "passed")
    assert not closed.counts and closed.objections[0].text == "W passed after the close"


def test_each_once_silence_is_taken_as_passes_and_closes_it() -> None:
    auction = Auction(SEATS, "N", rules("waits", "once-round"))
    auction.bid("N", 3)
    assert auction.take_silence() == ["E", "S", "W"]
    assert auction.over and auction.passed == {"E", "S", "W"} and auction.caller == "N"


def test_passes_a_call_out_of_turn_stands_and_the_bidding_goes_on_from_the_speaker() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    assert auction.admit("S", "passed").counts
    assert auction.turn == "N"  # until it counts (the game may yet find it void)
    auction.pass_("S")
    assert auction.turn == "W"


def test_stands_a_call_out_of_turn_found_void_takes_no_turn_and_passes_nobody_over() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    auction.bid("N", 3)
    assert auction.admit("W", "bid 2").counts  # the game then finds the bid too low: void
    auction.pass_("E")
    assert (auction.turn, auction.owed) == ("S", [])


def test_stands_the_players_passed_over_speak_first_in_their_own_turn_without_fault() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    auction.admit("S", "bid 3")
    auction.bid("S", 3)
    assert (auction.turn, auction.owed) == ("W", ["N", "E"])
    assert auction.admit("N", "passed") == Answer()  # his turn before the error: no objection
    auction.pass_("N")  # E's void call, had he made one, would change nothing: he still speaks first
    assert (auction.turn, auction.owed) == ("W", ["E"])
    auction.pass_("W")  # the turn's player speaks: the one passed over waits for his turn to come round
    assert (auction.turn, auction.owed) == ("E", [])


def test_stands_the_turn_passes_by_those_who_have_answered_the_standing_bid() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    auction.admit("S", "bid 3")
    auction.bid("S", 3)
    auction.bid("N", 4)  # passed over, he outbids S in what was his turn
    auction.pass_("E")
    auction.pass_("W")  # N made the standing bid and E has answered it: S is next
    assert auction.turn == "S" and not auction.over


def test_passes_three_passes_after_a_bid_close_it_four_with_none() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    for player in ("N", "E", "S"):
        auction.pass_(player)
    assert not auction.over
    auction.bid("W", 5)  # a bid starts the count again
    for player in ("N", "E"):
        auction.pass_(player)
    assert not auction.over
    auction.pass_("S")
    assert auction.over and auction.caller == "W"
    nobody = Auction(SEATS, "N", rules("stands", "passes"))
    for player in SEATS:
        assert not nobody.over
        nobody.pass_(player)
    assert nobody.over and nobody.high is None


def test_a_bid_must_outrank_the_standing_one_by_the_declared_rank() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes"))
    assert auction.outranks(1)  # anything outranks no bid
    auction.bid("N", 3)
    assert not auction.outranks(3) and not auction.outranks(2) and auction.outranks(4)
    unranked = Auction(SEATS, "N", AuctionRules[int]("void", "first-bid", "", ""))
    unranked.bid("N", 1)
    assert not unranked.outranks(9)  # without a rank no bid outranks a standing one


def test_a_passed_player_comes_back_only_with_what_the_game_allows() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes", comeback=lambda points: points >= 4))
    assert auction.may_come_back("N", 1)  # he has not passed
    auction.pass_("N")
    assert not auction.may_come_back("N", 3) and auction.may_come_back("N", 4)
    free = Auction(SEATS, "N", rules("stands", "passes"))
    free.pass_("N")
    assert free.may_come_back("N", 1)


def test_answered_every_other_player_answers_the_standing_bid() -> None:
    auction = Auction(SEATS, "N", rules("stands", "answered"))
    auction.bid("N", 1)
    auction.pass_("E")
    auction.answer("S")  # accepting answers it without passing
    assert "S" not in auction.passed and auction.silent() == ["W"] and auction.answerer == "S"
    auction.pass_("E")  # a second pass is no answer from W
    assert not auction.over
    auction.pass_("W")
    assert auction.over


def test_answered_a_new_bid_must_be_answered_again_and_all_passing_throws_it_in() -> None:
    auction = Auction(SEATS, "N", rules("stands", "answered"))
    auction.bid("N", 1)
    auction.answer("E")
    auction.pass_("S")
    auction.bid("W", 2)
    assert auction.silent() == ["N", "E", "S"] and auction.answerer is None  # nobody has answered the new bid
    nobody = Auction(SEATS, "N", rules("stands", "answered"))
    for player in SEATS:
        nobody.pass_(player)
    assert nobody.over and nobody.high is None


def test_a_call_out_of_turn_that_never_counts_takes_no_turn() -> None:
    """Admitted out of turn but then found void (the game's own reason), it passes nobody over."""
    auction = Auction(SEATS, "N", rules("stands", "answered"))
    auction.admit("S", "bid 9")
    assert auction.turn == "N"
    auction.pass_("N")
    assert (auction.turn, auction.owed) == ("E", [])


def test_first_bid_a_call_out_of_turn_is_void_and_the_turn_stays() -> None:
    auction = Auction(SEATS, "N", rules("void", "first-bid", rounds=2))
    answer = auction.admit("S", "ordered up")
    assert not answer.counts and answer.objections[0].kind == "bid-out-of-turn" and auction.turn == "N"


def test_first_bid_rounds_of_passes_then_thrown_in() -> None:
    auction = Auction(SEATS, "E", rules("void", "first-bid", rounds=2), dealer="N")
    for player in ("E", "S", "W"):
        auction.pass_(player)
    assert auction.round == 1 and auction.spoken == {"E", "S", "W"}
    auction.pass_("N")
    assert auction.round == 2 and auction.spoken == set() and auction.turn == "E"  # a new round
    for player in ("E", "S", "W"):
        auction.pass_(player)
    assert not auction.over and auction.passed == set(SEATS)
    auction.pass_("N")
    assert auction.over and auction.high is None and auction.round == 2


def test_first_bid_a_bid_wins_at_once() -> None:
    auction = Auction(SEATS, "E", rules("void", "first-bid", rounds=2), dealer="N")
    auction.pass_("E")
    auction.bid("S", 1)
    assert auction.over and auction.caller == "S"


def test_stick_the_dealer_the_dealer_may_not_pass_in_the_last_round() -> None:
    stuck = Auction(SEATS, "E", rules("void", "first-bid", rounds=2, dealer_must_bid=True), dealer="N")
    assert stuck.stuck is None  # the first round
    for player in SEATS:
        stuck.pass_(player)
    assert stuck.stuck == "N"
    free = Auction(SEATS, "E", rules("void", "first-bid", rounds=2), dealer="N")
    for player in SEATS:
        free.pass_(player)
    assert free.stuck is None


def test_admit_void_after_the_close_the_game_declares_with_its_topic() -> None:
    auction = Auction(SEATS, "N", rules("stands", "passes", closed_topic="bidding.end"))
    answer = auction.admit("N", "passed", closed=True)
    assert answer == void("N passed after the close", "bidding.end")
    assert auction.admit("N", "passed").counts  # the auction itself is open


@dataclass
class FakeHand:
    found: list[tuple[str, str | None, str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def find(self, kind: str, player: str | None, at: Span, topic: str, text: str) -> None:
        self.found.append((kind, player, topic, text))


@pytest.mark.pure_only("a stand-in hand, which a native function refuses")
def test_an_answer_is_reported_as_findings_and_notes() -> None:
    hand = FakeHand()
    answer = Answer(False, [Objection("illegal-bid", "bidding.illegal", "void")], ["a remark"])
    assert answer.report(hand, Pass("E", Span(3, 1))) is False  # type: ignore[arg-type]
    assert hand.found == [("illegal-bid", "E", "bidding.illegal", "void")] and hand.notes == ["a remark"]


@pytest.mark.pure_only("a stand-in hand, which a native function refuses")
def test_hears_answers_a_call_in_turn_at_once_and_reports_any_other() -> None:
    hand = FakeHand()
    auction = Auction(SEATS, "N", rules("void", "first-bid", rounds=2))
    assert auction.hears(hand, Pass("N", Span(1, 1)), "passed")  # type: ignore[arg-type]
    assert hand.found == []
    assert not auction.hears(hand, Pass("S", Span(2, 1)), "passed")  # type: ignore[arg-type]
    assert hand.found == [("bid-out-of-turn", "S", "bidding.out-of-turn", "S passed out of turn (N's)")]
    assert not auction.hears(hand, Pass("N", Span(3, 1)), "passed", closed=True)  # type: ignore[arg-type]
    assert hand.found[-1] == ("illegal-bid", "N", "bidding.illegal", "N passed after the close")

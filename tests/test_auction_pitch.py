"""Auction Pitch: the trick rules, the bidding limits, and property tests on random lawful games.

The properties: a random lawful game gives no finding; High, Low, Jack and Game are each
scored at most once per hand (every player's score change is exactly the points he won, the
sale and the set-back); one planted revoke gives exactly one finding and its penalty.
"""

from __future__ import annotations

import random
from typing import Any

from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle
from planted import planted_revoke

from referee import check_text
from referee.engine.generators import Deal, write_in_style
from referee.games.auction_pitch import GAME
from referee.games.auction_pitch.generator import own_play_rules, random_hand
from referee.games.auction_pitch.hand import PitchTricks
from referee.notation.cards import Suit, parse_card

HEADER = '[Game "auction-pitch"]\n[Players "{players}"]\n[Rules "{rules}"]\n\n'


def cards(text: str) -> list[Any]:
    return [parse_card(t) for t in text.split()]


def hands_of(text: str, rules: str | None = None) -> list[dict[str, Any]]:
    verdict = check_text(text, rules).to_dict()
    assert verdict["summary"]["errors"] == 0, verdict
    return verdict["files"][0]["games"][0]["hands"]


# ---- the trick rules -------------------------------------------------------------------

def test_trump_is_unknown_until_learned_and_then_beats_any_plain_card() -> None:
    rules = PitchTricks()
    ace, two = parse_card("AS"), parse_card("2H")
    assert rules.power(ace, Suit.SPADES) > rules.power(two, Suit.SPADES)
    assert rules.power(two, Suit.SPADES) < 0
    rules.trump = Suit.HEARTS
    assert rules.power(two, Suit.SPADES) > rules.power(ace, Suit.SPADES)


def test_trumping_is_excused_only_when_a_plain_suit_is_led() -> None:
    rules = PitchTricks()
    rules.trump = Suit.HEARTS
    assert rules.excused("A", parse_card("2H"), Suit.SPADES, 1)
    assert not rules.excused("A", parse_card("2C"), Suit.SPADES, 1)
    assert not rules.excused("A", parse_card("2S"), Suit.HEARTS, 1)


def test_lawful_cards_follow_the_pitch_rules() -> None:
    held = cards("AH 2S 3S 4C")
    lawful = own_play_rules(Deal("auction-pitch", Suit.HEARTS)).lawful
    assert lawful("B", held, [("A", parse_card("KS"))], 2) == cards("AH 2S 3S")
    assert lawful("B", held, [("A", parse_card("KH"))], 2) == cards("AH")
    assert lawful("B", held, [("A", parse_card("KD"))], 2) == held
    assert lawful("B", held, [], 2) == held


# ---- bidding ---------------------------------------------------------------------------

def test_the_largest_bid_to_the_seller_is_one_less_than_he_has_to_go() -> None:
    text = ('[Game "auction-pitch"]\n[Players "A B C D"]\n[Score "A 4"]\n\n'
            "hand 1 dealer D\nB bid 2, C bid 3, D pass\n")
    hand = hands_of(text)[0]
    assert [i["rule"] for i in hand["irregularities"]] == ["auction-pitch.bidding.forbidden"]
    assert hand["contract"]["bid"] == 2 and hand["next"] == "A to sell to B for 2 or refuse and pitch"
    relaxed = hands_of(text, "full-value-bids")[0]
    assert relaxed["irregularities"] == [] and relaxed["contract"]["bid"] == 3


def test_a_sale_under_the_club_custom_stops_one_short_of_game() -> None:
    text = ('[Game "auction-pitch"]\n[Players "A B C"]\n[Rules "full-value-bids"]\n[Score "A 5"]\n\n'
            "hand 1 dealer C\nB bid 4, C pass\nA sell\n")
    hand = hands_of(text)[0]
    assert hand["score_delta"]["A"] == 1 and hand["contract"]["to_go"]["A"] == 1


def test_a_revoking_pitcher_is_not_told_that_the_pitcher_cannot_be_set_back() -> None:
    """The revoke ruling spares the pitcher only when someone else revoked."""
    from pathlib import Path
    cases = Path(__file__).resolve().parent.parent / "cases" / "auction-pitch"
    by_pitcher = hands_of((cases / "pitcher-revokes.ttn").read_text("utf-8"))[0]["irregularities"]
    by_other = hands_of((cases / "revoke-established.ttn").read_text("utf-8"))[0]["irregularities"]
    no_bid = hands_of((cases / "revoke-no-bid.ttn").read_text("utf-8"))[0]["irregularities"]
    assert [i["player"] for i in by_pitcher] == ["B"]
    assert "cannot be set back" not in by_pitcher[0]["explanation"]
    assert "set back 2" in by_pitcher[0]["explanation"]
    assert "B, the pitcher, cannot be set back" in by_other[0]["explanation"]
    assert "cannot be set back" not in no_bid[0]["explanation"]  # nothing to make: nothing to be spared


def test_setup_needs_two_to_seven_players_and_no_partners() -> None:
    for header in ('[Players "A"]', '[Players "A B C D E F G H"]', '[Players "A B C D"]\n[Partners "A-C B-D"]'):
        verdict = check_text(f'[Game "auction-pitch"]\n{header}\n\nhand 1 dealer A\n')
        assert verdict.exit_code == 2, header


def test_rules_lists_every_option_with_its_default() -> None:
    book = GAME.rulebook
    assert book.defaults() == {"target": 7, "bid-to-board": False, "board-all-pass": "eldest",
                               "full-value-bids": False, "smudge": False, "setback-red-counter": False,
                               "revoke-pitch-before-bid": "two"}
    chosen = book.parse_options("bid-to-board; board-all-pass=throw-in; target=11")
    assert chosen["board-all-pass"] == "throw-in" and chosen["target"] == 11


# ---- properties ------------------------------------------------------------------------

def expected_change(hand: dict[str, Any], player: str) -> int:
    """A player's score change from the contract alone: his points, the sale, the set-back."""
    contract = hand["contract"]
    won = sum(1 for who in contract["points"].values() if who == player)
    change = won
    if player == contract["pitcher"] and contract["made"] is False:
        change = -contract["to_make"]
    if player == contract["seller"] and contract["sale"] == "sold":
        change += contract["bid"]
    return change


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_lawful_game_has_no_finding_and_each_point_is_scored_once(seed: int) -> None:
    text = GAME.random_game(random.Random(seed), hands=4, rules_for=oracle, style=random.Random(seed))
    verdict = check_text(text).to_dict()
    assert verdict["summary"]["errors"] == 0, text
    assert verdict["summary"]["irregularities"] == 0, text
    for hand in verdict["files"][0]["games"][0]["hands"]:
        assert hand["status"] == "complete", text
        points = hand["contract"]["points"]
        assert set(points) == {"high", "low", "jack", "game"}
        assert points["high"] is not None and points["low"] is not None  # the pitch itself is a trump
        for player, change in hand["score_delta"].items():
            room = hand["contract"]["to_go"][player] + change  # the target less his score before: his counters
            assert change == min(expected_change(hand, player), room), (text, hand)


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=2, max_value=7))
def test_one_planted_revoke_gives_exactly_one_finding_and_its_penalty(seed: int, players: int) -> None:
    rng = random.Random(seed)
    names = tuple("ABCDEFG"[:players])
    lines, planted = random_hand(rng, names, rng.randrange(players), 1, board=False, plant_revoke=True,
                                  rules_for=oracle)
    text = HEADER.format(players=" ".join(names), rules="target=1000") + write_in_style("\n".join(lines), rng)
    hand, finding = planted_revoke(text, planted)
    if finding is None:
        return
    offender = finding["player"]
    to_make = hand["contract"]["to_make"]
    [penalty] = hand["penalties"]
    assert penalty["rule"] == "auction-pitch.revoke.established"
    pitched = hand["contract"]["sale"] == "pitched" and offender != hand["contract"]["pitcher"]  # no bid: two
    bid = to_make if to_make is not None and not pitched else None
    assert penalty["points"] == {offender: -(bid if bid is not None else 2)}
    assert {"kind": "counters", "who": offender, "amount": -1, "detail": "red"} in penalty["effects"]


def test_a_long_random_archive_is_split_into_games_and_stays_lawful() -> None:
    text = GAME.random_game(random.Random(7), hands=250, rules_for=oracle)
    summary = check_text(text).summary
    assert (summary.games, summary.hands, summary.irregularities, summary.errors) == (3, 250, 0, 0)


def test_a_premature_card_written_as_taken_back_is_no_further_finding() -> None:
    """The card played before the pitch was settled went back already: its retraction is lawful."""
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "cases" / "auction-pitch" / "premature-lead.ttn"
    text = path.read_text("utf-8")
    retracted = text.replace("C TH\n", "C TH\nC retract TH\n")
    assert retracted != text
    assert [i["kind"] for i in hands_of(retracted)[0]["irregularities"]] == ["premature-lead"]
    stray = text.replace("C TH\n", "C TH\nC retract 9D\n")  # a card never played: the transcript is wrong
    assert [i["kind"] for i in hands_of(stray)[0]["irregularities"]] == ["premature-lead", "inconsistent-transcript"]

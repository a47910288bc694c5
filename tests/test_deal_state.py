"""Where a hand stands when it ends early, as the shared replay keeps it (`HandReplay.stage`,
`ended`) and the games declare it: a `redeal thrown-in` the game's laws refuse
(`throw_in_refused`), the hands thrown up by a decisive trick and reopened by a take-back.
"""

from __future__ import annotations

import pytest

from referee import check_text

BOSTON = '[Game "boston"]\n[Players "A Y B Z"]\n\nhand 1 dealer Z\n'
FRENCH = '[Game "french-boston"]\n[Players "N E S W"]\n[Belle "clubs"]\n\nhand 5 dealer N\nupcard 2C\n'
WHIST = '[Game "whist"]\n[Players "A Y B Z"]\n[Partners "A-B Y-Z"]\n\nhand 1 dealer Z\n'


def first_hand(text: str) -> dict:
    return check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]


def refusals(hand: dict) -> list[str]:
    return [i["explanation"] for i in hand["irregularities"] if "said to be thrown in" in i["explanation"]]


@pytest.mark.parametrize(("text", "why"), [
    (BOSTON + "A bid 6, Y pass, B pass, Z pass\nredeal thrown-in\n", "a bid stands (a bid binds: play or pay)"),
    (FRENCH + "W bid 6 hearts, S pass, E pass, N pass\nredeal thrown-in\n",
     "a proposal stands (a bid binds: play or pay)"),
])
def test_a_throw_in_the_laws_refuse_is_a_misdeal(text: str, why: str) -> None:
    hand = first_hand(text)
    assert refusals(hand) == [f"the deal is said to be thrown in, but {why}; it counts as a misdeal."]
    assert hand["status"] == "redeal"


@pytest.mark.parametrize("text", [
    BOSTON + "A pass, Y pass, B pass, Z pass\nredeal thrown-in\n",
    FRENCH + "W pass, S pass, E pass, N pass\nredeal thrown-in\n",
])
def test_a_deal_all_passed_is_thrown_in(text: str) -> None:
    hand = first_hand(text)
    assert refusals(hand) == [] and hand["status"] == "thrown-in"


def test_a_game_that_refuses_no_throw_in_finds_nothing() -> None:
    """By default (`throw_in_refused` is None) the line is taken at its word."""
    assert refusals(first_hand(WHIST + "redeal thrown-in\n")) == []


BOSTON_LONG = (BOSTON + "deal A: AS KS QS JS TS 9S 8S 7S 6S 5S 2H 2D 2C\n"
               "deal Y: 2S QH 9H 6H 3H QD 9D 6D 3D QC 9C 6C 5C 3C\ndeal B: 3S KH TH 7H 4H KD TD 7D 4D KC TC 7C 4C\n"
               "deal Z: 4S AH JH 8H 5H AD JD 8D 5D AC JC 8C\nupcard 9H\nA bid 7, Y pass, B pass, Z pass\n"
               "A name spades\nA AS\n")
"""Y is dealt fourteen cards and Z twelve; nobody says so before A leads."""


def test_a_long_hand_voids_a_boston_deal_even_once_played() -> None:
    """A long hand is its own deal fault (`long-hand`, besides `wrong-count`): a short one alone is
    played on under the wrong-count rule, a long one is a misdeal whenever found."""
    assert first_hand(BOSTON_LONG)["status"] == "redeal"
    short_only = first_hand(BOSTON_LONG.replace("deal Y: 2S ", "deal Y: "))
    assert short_only["status"] == "abandoned"  # Z plays a card short: the hand is settled as it stands


def test_a_card_in_nobodys_hand_is_missing_from_the_pack() -> None:
    """`missing_cards`: with every hand known and none long, a card nobody holds is one the pack
    lacks (Boston: an imperfect pack, dealt again without forfeit); a long hand hides which."""
    short = BOSTON_LONG.replace("deal Y: 2S ", "deal Y: ").replace("A name spades\nA AS\n", "redeal\n")
    assert "The pack is imperfect (it lacks 2S)" in " ".join(first_hand(short).get("notes", []))
    long = BOSTON_LONG.replace("A name spades\nA AS\n", "redeal\n")
    assert "The pack is imperfect" not in " ".join(first_hand(long).get("notes", []))


EUCHRE = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\nhand 1 dealer W\n'


@pytest.mark.parametrize(("text", "status"), [
    (EUCHRE + "redeal faced-card\n", "redeal"),          # the default `redeal_why`: the line's reason
    (EUCHRE + "redeal thrown-in\n", "thrown-in"),
    (WHIST + "redeal thrown-in\n", "redeal"),            # whist's: a new deal, never a throw-in
    (BOSTON + "A pass, Y pass, B pass, Z pass\nredeal\n", "thrown-in"),  # Boston's: four passes
    (BOSTON + "A bid 6, Y pass, B pass, Z pass\nredeal\n", "redeal"),
])
def test_a_hand_is_void_for_the_reason_its_game_gives(text: str, status: str) -> None:
    """`void` is the replay's, from the game's `redeal_why`: a deal thrown in, or dealt again."""
    assert first_hand(text)["status"] == status


def test_i_pay_before_play_completes_the_hand() -> None:
    """The rest conceded ends the hand complete, before the first lead too (`hand_over`)."""
    text = BOSTON + "A bid 6, Y pass, B pass, Z pass\nA name spades\nY concede, B concede, Z concede\n"
    assert first_hand(text)["status"] == "complete"


def test_a_second_card_to_a_trick_leaves_its_player_short() -> None:
    """`PenaltyLaw.dead_card` records the dead card (`dead_cards`): in Boston its player is short, and
    a hand left off then is settled as it stands."""
    played = BOSTON_LONG.replace("deal Y: 2S ", "deal Y: ").replace("deal Z: 4S ", "deal Z: 2S 4S ")
    played = played.replace("A AS\n", "trick 1: A AS, Y QH, B 3S, Z 2S\ntrick 1: Z 4S\n")
    hand = first_hand(played)
    assert hand["status"] == "abandoned"
    assert any("a card short" in i["explanation"] for i in hand["irregularities"])

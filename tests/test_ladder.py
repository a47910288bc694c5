"""The bid ladders the Bostons' rulebooks declare (`referee.engine.ladder`), and the generators'
shared steps after the bidding that read them (`generators.contract_lines`, `generators.decided`)."""

from __future__ import annotations

import random

import pytest

from referee.engine import generators as gen
from referee.engine.ladder import Ladder
from referee.games.boston.auction import LADDER as BOSTON
from referee.games.boston.auction import BostonBid
from referee.games.french_boston.auction import LADDER as FRENCH
from referee.games.french_boston.auction import Proposal
from referee.notation.cards import Suit, parse_card


@pytest.mark.parametrize("ladder", [BOSTON, FRENCH], ids=lambda ladder: ladder.game)
def test_a_ladder_is_read_in_its_rulebooks_order(ladder: Ladder) -> None:
    rungs = list(ladder.rungs.values())
    assert [rung.rank for rung in rungs] == list(range(len(rungs)))
    assert all(ladder[rung.name] is rung for rung in rungs)
    assert all(rung.misere for rung in rungs if rung.discards)  # only a little misère leaves twelve tricks
    assert all(ladder.numbered(rung.number) is rung for rung in rungs if rung.number is not None)
    assert all(ladder.said(rung.said) is rung for rung in rungs if rung.said is not None)
    assert ladder.numbered(7 if ladder is FRENCH else 4) is None and ladder.said("keep") is None
    assert ladder.numbered(None) is None and ladder.said(None) is None


def test_boston_bids_what_its_ladder_declares() -> None:
    assert [name for name, rung in BOSTON.rungs.items() if rung.misere] == [
        "little-misere", "grand-misere", "little-spread", "grand-spread"]
    assert BOSTON.said("boston") is BOSTON["5"] and BostonBid("5").tricks == 5 and BostonBid("13").tricks == 13
    assert (BostonBid("little-misere").rung.discards, BostonBid("little-misere").spread) == (True, False)
    assert (BostonBid("grand-spread").rung.discards, BostonBid("grand-spread").spread) == (False, True)
    assert BostonBid("grand-misere").tricks is None and BostonBid("grand-misere").text == "grand-misere"


def test_french_boston_proposes_what_its_ladder_declares() -> None:
    assert {name for name, rung in FRENCH.rungs.items() if rung.discards} == {"petite-misere", "petite-misere-table"}
    assert [rung.name for rung in FRENCH.rungs.values() if rung.number] == ["six", "eight", "nine"]
    assert [Proposal("A", kind, Suit.HEARTS).text for kind in ("demand", "demand-belle", "eight", "nine-belle")] \
        == ["a demand", "a demand in belle", "eight in hearts", "nine in belle"]
    assert Proposal("A", "misere-quatre-as").text == "misere quatre as" and FRENCH["demand"].tricks == 8


def test_what_follows_the_bidding_is_what_the_contract_declares() -> None:
    hands = {seat: [parse_card(f"{rank}S") for rank in "23"] for seat in "NESW"}
    lines = gen.contract_lines(random.Random(1), "N", FRENCH["petite-misere-table"], None, "NESW", hands, True)
    assert len(lines) == 2 and lines[0].count("discard") == 4 and lines[1] == "N spread"
    assert all(len(held) == 1 for held in hands.values())
    assert gen.contract_lines(random.Random(1), "E", BOSTON["7"], Suit.CLUBS, "NESW", hands) == ["E name clubs"]
    misere, slam, seven = (gen.decided("N", BOSTON[name]) for name in ("grand-misere", "13", "7"))
    assert misere("N") and not misere("E") and slam("E") and not slam("N") and not seven("E")


@pytest.mark.pure_only("patches the rulebook a compiled module reads directly")
def test_a_misspelt_key_of_a_rung_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """`discard: true` for `discards: true` would silently declare a misère without discards."""
    monkeypatch.setattr("referee.engine.ladder.rulebook_data", lambda game: {"ladder": {"m": {"discard": True}}})
    with pytest.raises(AssertionError, match=r"m has unknown keys \['discard'\]"):
        Ladder("toy")["m"]


def test_a_numbered_bid_not_yet_in_a_suit_is_named_by_its_number() -> None:
    assert Proposal("N", "six").text == "six"
    assert Proposal("N", "six", Suit.HEARTS).text == "six in hearts"

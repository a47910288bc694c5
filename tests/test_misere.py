"""A look at a quitted trick in a misère (`engine.misere.look_back`), which Boston and French Boston
share: allowed outside a misère; in one, no penalty for the caller and a misère error for an opponent.
French Boston's claimed error is the case cases/french-boston/misere-look-back-claimed."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import check_text

CASES = Path(__file__).resolve().parent.parent / "cases"
MISERE = "\n".join((CASES / "boston" / "grand-misere-lost.ttn").read_text(encoding="utf-8").splitlines()[:17]) + "\n"
"""A Boston grand misère (A the caller) after its third trick."""
GRAND = MISERE.replace("A bid grand-misere", "A bid 7, Y pass, B pass, Z pass\nA name clubs\n#")


def first_hand(text: str) -> dict:
    return check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]


def looks(hand: dict) -> list[str]:
    return [i["explanation"] for i in hand["irregularities"] if i["kind"] == "looked-at-trick"]


def test_an_opponents_look_in_a_misere_is_a_misere_error() -> None:
    hand = first_hand(MISERE + "Y look\n")
    assert looks(hand) == ["Y looked at trick 3, already quitted, in a misère. As a lead out of turn in a "
                           "misère, it is a misère error."]
    assert hand["pending"][0]["options"] == ["claim", "accept"]


def test_the_callers_look_carries_no_penalty() -> None:
    hand = first_hand(MISERE + "A look\n")
    assert looks(hand) == ["A looked at trick 3, already quitted, in a misère. The caller is not penalised: a "
                           "lead out of turn by the caller carries no penalty."]
    assert hand["pending"] == []


@pytest.mark.parametrize("look", ["Y look\n", "Y look trick 2\n"])
def test_outside_a_misere_a_look_is_allowed(look: str) -> None:
    assert looks(first_hand(GRAND + look)) == []


def test_a_look_at_no_quitted_trick_is_a_contradiction() -> None:
    hand = first_hand(MISERE + "Y look trick 5\n")
    assert looks(hand) == [] and any("no such trick has been quitted" in i["explanation"]
                                     for i in hand["irregularities"])

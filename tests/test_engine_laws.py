"""Engine laws every game shares, checked in the variations a case cannot list one by one: a renounce
corrected late is the same correction with the deal written or not, and every explanation ends as a
sentence (`laws.as_sentence`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee import check_text
from referee.engine.laws import as_sentence

CASES = Path(__file__).resolve().parent.parent / "cases"


def _hands(text: str) -> list[dict[str, Any]]:
    """Each hand's verdict, without what only the written deal can tell (a finding's line)."""
    games = check_text(text).to_dict()["files"][0]["games"]
    hands = [hand for game in games for hand in game["hands"]]
    for hand in hands:
        for finding in hand["irregularities"]:
            del finding["line"], finding["column"]
    return hands


@pytest.mark.parametrize(("case", "games"), [("boston/caller-revoke-corrected-late", 1),
                                             ("boston/engine-lead-out-of-turn-trick-sent-back", 4),
                                             ("whist/partner-asks", 1)])
def test_a_late_correction_is_the_same_without_the_deal(case: str, games: int) -> None:
    """The caller's renounce corrected after its trick was gathered (Boston's seed), a renounce kept
    open by "having none, partner?" (whist's W42): the deal lines left out, the table still lets the
    card go back, and the verdict is the one the deal gives (the cards are the same). Only the case's
    first `games` games correct a renounce (whist's others are revokes the deal alone can show)."""
    text = (CASES / f"{case}.ttn").read_text()
    dealt = _hands(text)[:games]
    unwritten = _hands("\n".join(line for line in text.splitlines() if not line.startswith("deal ")))[:games]
    assert unwritten == dealt


@pytest.mark.parametrize(("text", "sentence"), [
    ("the call is void", "the call is void."),
    ("It stands.", "It stands."),
    ("did you mean 'add-three'?", "did you mean 'add-three'?"),
    ("Z's turn. ", "Z's turn."),
    ("(reasons: misdeal, thrown-in)", "(reasons: misdeal, thrown-in)."),
])
def test_an_explanation_ends_as_a_sentence(text: str, sentence: str) -> None:
    assert as_sentence(text) == sentence


@pytest.mark.parametrize("case", ["auction-pitch/call-fits-no-option", "whist/transcript-faults",
                                  "euchre/call-after-trump-made", "boston/bid-out-of-turn-void"])
def test_every_finding_and_choice_ends_as_a_sentence(case: str) -> None:
    """Cases whose findings the replay joins from pieces ("…; ignored", "…; the call is void")."""
    for hand in _hands((CASES / f"{case}.ttn").read_text()):
        for told in (*hand["irregularities"], *hand["pending"]):
            assert told["explanation"].endswith((".", "?", "!")), told

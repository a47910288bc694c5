"""The trick that ends a hand early (HandReplay.throw_up): gathered at the transcript's next event
or line, unless that event takes back a card of it.

The cases in cases/boston and cases/french-boston (misere-revoke-*, slam-revoke-*) check whole
hands; these pin what counts as "the next event": a note does not, a retraction reopens the
trick, anything else (a card, a call, a recorded result, the next hand's line) gathers it.
"""

from __future__ import annotations

from pathlib import Path

from referee import check_text

CASES = Path(__file__).resolve().parent.parent / "cases"
HEAD = (CASES / "boston" / "misere-revoke-pending-after-last-card.ttn").read_text(encoding="utf-8")
"""A grand misère: in trick 1 Y throws a heart to A's club lead while holding nine clubs, and A,
whom nobody else can beat, takes the trick; the transcript stops there."""


def hand(text: str) -> dict:
    return check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]


def revoke_status(result: dict) -> list[str]:
    return [i["status"] for i in result["irregularities"] if i["kind"] == "revoke"]


def test_a_note_does_not_gather_the_trick() -> None:
    result = hand(HEAD + 'note "Y looks again at his hand"\nY retract 5H\nA call highest\nY AC\n')
    assert revoke_status(result) == ["corrected"]
    assert result["status"] == "in-progress" and result["tricks"][0]["winner"] == "Y"


def test_the_next_lead_gathers_the_trick_and_establishes_the_revoke() -> None:
    result = hand(HEAD + "trick 2: A 2C\n")
    assert revoke_status(result) == ["established"]
    assert result["status"] == "abandoned"
    assert [p["rule"] for p in result["penalties"]] == ["boston.revoke.opponent"]
    late = [i for i in result["irregularities"] if i["kind"] == "inconsistent-transcript"]
    assert late == []  # the card after the hands are thrown up is shown, as the seed says is usual: no fault


def test_a_call_written_just_before_the_take_back_waits_for_it_and_gathers_nothing() -> None:
    """A's demand of Y's highest club is allowed by the take-back written after it: the two are one event
    at the table (notation.md §2.4), so the call is not the event that gathers the trick."""
    result = hand(HEAD + "A call highest\nY retract 5H\nY AC\n")
    assert revoke_status(result) == ["corrected"]
    assert result["status"] == "in-progress" and result["tricks"][0]["winner"] == "Y"


def test_a_call_with_no_take_back_after_it_gathers_the_trick_and_a_later_take_back_is_too_late() -> None:
    result = hand(HEAD + "A call highest\nY AC\nY retract 5H\n")
    assert revoke_status(result) == ["established"]
    assert any("already gathered" in i["explanation"] for i in result["irregularities"])


def test_the_next_hand_line_gathers_the_trick() -> None:
    result = hand(HEAD + "hand 2\n")
    assert revoke_status(result) == ["established"]
    assert result["status"] == "abandoned" and result["pending"] == []


def test_a_new_game_header_ends_that_game_s_transcript_and_leaves_the_revoke_correctable() -> None:
    """A new game is a new transcript (checked apart by `--jobs`): the first game stops where it stops."""
    result = hand(HEAD + '[Game "boston"]\n[Players "A Y B Z"]\nhand 1 dealer Z\n')
    assert revoke_status(result) == ["correctable"]
    assert result["status"] == "in-progress"

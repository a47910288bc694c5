"""A call written just before the line that opens its choice, and a take-back written just before the call
that sends its card back, wait for that line (`HandReplay.on_call`, `fact_cardstands`). What waits must
never be lost (a `redeal` line between them ends what is read of the hand, so each is read as written),
and a call that waits is not yet an event: it gathers no trick a take-back after it may still reopen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reflow import positionless
from test_styles import findings_unordered

from referee import check_text

CASES = Path(__file__).resolve().parent.parent / "cases"

WHIST = """[Game "whist"]
[Players "A Y B Z"]
[Partners "A-B Y-Z"]
[Rules "code=english"]

hand 1 dealer Z
deal A: KH JD 2S TD 5D AS 4H KS 5S 6S 9C 2D QH
deal Y: AH 3S AC QC 4C 8H 3H 8S 7S 5H KD JS 4S
deal B: 9D 2H 2C 7H TC QS KC 6D QD TH 9H 3D 5C
deal Z: 7D JH TS 3C 6C 7C JC 6H AD 9S 8C 8D 4D
upcard 4D
trick 1: A 4H, Y 5H, B TH, Z 6H
"""


def findings(lines: str) -> list[tuple[str, str | None]]:
    hand: dict[str, Any] = check_text(WHIST + lines).to_dict()["files"][0]["games"][0]["hands"][0]
    return [(f["kind"], f.get("player")) for f in hand["irregularities"]]


def test_a_call_held_for_a_take_back_after_the_redeal_is_found_unfounded() -> None:
    """Z leads out of turn; B's call of the AD waits for the take-backs, but a `redeal` line comes first:
    nothing after it is read, so the call answered nothing (at 97db308 it vanished without a finding)."""
    told = findings("Z AD, A TD\nB call AD\nredeal\nA retract TD, Z retract AD\n")
    assert ("inconsistent-transcript", "B") in told
    assert told.count(("inconsistent-transcript", None)) == 1  # the line after the redeal, not read


def test_a_take_back_held_for_a_call_after_the_redeal_is_refused() -> None:
    """B's 7H lies exposed; his take-back of the 9H waits for a call of the 7H, but the call comes after
    a `redeal` line and is not read: the take-back stands refused (it too vanished at 97db308)."""
    plays = ("trick 2: B 6D, B expose 7H, Z AD, A TD, Y KD\ntrick 3: Z 6C, A 9C, Y AC, B 2C\n"
             "trick 4: Y 7S, B QS, Z 9S, A KS\ntrick 5: A 2S, Y 8S, B 2H, Z TS\n"
             "trick 6: Z 7C, A QH, Y 4C, B TC\ntrick 7: B KC, Z JC, A 6S, Y QC\n"
             "trick 8: B 5C, Z 3C, A 5D, Y AH\ntrick 9: A KH, Y 8H, B 9H\n")
    assert ("illegal-retract", "B") in findings(plays + "B retract 9H\nredeal\nZ call 7H\n")
    assert ("illegal-retract", "B") not in findings(plays + "B retract 9H\nZ call 7H\nB 7H, Z JH\n")


def test_a_call_with_a_take_back_after_it_reads_as_the_other_order() -> None:
    """The held call itself: written before the take-backs or after them, the same findings."""
    assert findings("Z AD, A TD\nB call AD\nA retract TD, Z retract AD\n") \
        == findings("Z AD, A TD\nA retract TD, Z retract AD\nB call AD\n")


def test_a_call_before_the_take_back_of_a_trick_that_ended_the_hand_waits_for_it() -> None:
    """A's grand misère: Y's renounce makes A win trick 1, which would end the hand once gathered. A's
    demand of Y's highest club, written before Y's take-back, must not gather the trick (a take-back is
    in time until it is): the hand goes on as when the take-back is written first (at 97db308 the call
    gathered the trick: the call was unfounded, the take-back refused, and Y's revoke established)."""
    text = (CASES / "boston" / "misere-revoke-corrected-saved.ttn").read_text("utf-8")
    swapped = text.replace("Y retract 5H\nA call highest\n", "A call highest\nY retract 5H\n")
    assert swapped != text
    assert findings_unordered(positionless(check_text(swapped).to_dict())) \
        == findings_unordered(positionless(check_text(text).to_dict()))

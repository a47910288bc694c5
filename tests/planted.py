"""The check both games' planted-revoke properties share."""

from __future__ import annotations

from typing import Any

from referee import check_text


def planted_revoke(text: str, planted: int | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The first hand of `text` and its one finding: an established revoke at trick `planted`.

    With nothing planted (None), the hand must have no finding at all, and the finding is None.
    """
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    if planted is None:
        assert hand["irregularities"] == [], text
        return hand, None
    assert len(hand["irregularities"]) == 1, text
    finding = hand["irregularities"][0]
    assert (finding["kind"], finding["trick"], finding["status"]) == ("revoke", planted, "established"), text
    return hand, finding

"""The penalty laws by topic (`referee.engine.penalties`) as the replay builds them."""

from __future__ import annotations

import gc
from pathlib import Path

from referee.check import check_text
from referee.games.euchre.hand import EuchreHand

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_a_hand_that_asked_its_laws_is_freed_without_the_garbage_collector() -> None:
    """A revoke asks the hand's revoke law for its words and ruling: the law is kept on the hand,
    and refers back to it weakly, so the hand is freed as soon as its verdict is made (an archive
    of a million hands would otherwise wait for the collector to free each irregular one)."""
    text = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8")
    gc.collect()
    gc.disable()
    try:
        verdict = check_text(text)
        assert verdict.files[0].games[0].hands[0].irregularities[0].rule == "euchre.revoke.established"
        assert not [o for o in gc.get_objects() if isinstance(o, EuchreHand)]
    finally:
        gc.enable()

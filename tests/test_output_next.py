"""What a club settling a dispute at the table reads next: a `Next:` line that does not repeat the
choice above it."""

from __future__ import annotations

import io
from pathlib import Path

from referee.check import check_files
from referee.engine.laws import Pending
from referee.output.choosing import news
from referee.output.explain import Explainer
from referee.output.render import TextWriter
from referee.output.story import stream_file

CASES = Path(__file__).resolve().parent.parent / "cases"
WRONG_DEALER = CASES / "auction-pitch" / "wrong-dealer-before-bidding.ttn"  # A, B and D may stop C's deal


def text_of(*paths: Path) -> str:
    out = io.StringIO()
    check_files([str(p) for p in paths], TextWriter(out, io.StringIO()), None)
    return out.getvalue()


def explained(path: Path) -> str:
    told: list[str] = []
    stream_file(str(path), Explainer(str(path), told.append))
    return "".join(told)


# ---- 2. a wrong deal's Next: line does not repeat the choice ---------------------------------

def test_the_wrong_dealer_choice_is_said_once() -> None:
    text = text_of(WRONG_DEALER)
    hand = text[text.index("  Hand 2, dealer C"):text.index("  Final:")]
    assert "A, B and D choose: the deal stands, or it is stopped and A deals instead" in hand
    assert "decide whether" not in hand and "Next:" not in hand
    assert 'redeal: write "redeal"' in hand and 'deal-stands: write "A call deal-stands"' in hand
    story = explained(WRONG_DEALER)
    assert "decide whether" not in story


def test_a_step_after_the_choosers_decision_is_kept() -> None:
    choice = Pending("A B D", ("redeal", "deal-stands"), "auction-pitch.deal.wrong-dealer", "A, B and D choose.")
    assert news("A, B and D decide whether A deals instead, or the deal stands; meanwhile E waits",
                [choice]) == "meanwhile E waits"
    assert news("A B D decide whether the deal stands or C deals again", [choice]) is None
    assert news("A to bid or pass", [choice]) == "A to bid or pass"
    assert news("Ann decides whether to claim", [Pending("Bob", ("claim",), "r", "Bob may claim.")]) \
        == "Ann decides whether to claim"  # another player's decision is news

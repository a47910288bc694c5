"""Engine links a case cannot show by itself: a finding told in other words keeps its links (its
void-deal lapse, the choice it offered), an acceptance answers the choice `pending` lists first, and a
choice whose card the chooser names gives the line with the chooser's own name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.check import check_text
from referee.engine.choices import Lapse
from referee.engine.penalties import Offer
from referee.engine.replay import HandReplay
from referee.notation import events as ev
from referee.output.choosing import answer_lines

CASES = Path(__file__).resolve().parent.parent / "cases"


def replayed(case: str, monkeypatch: pytest.MonkeyPatch) -> list[HandReplay]:
    """The hands of `case` as the replay left them once their verdicts were made."""
    hands: list[HandReplay] = []
    original = HandReplay.verdict

    def keep(self: HandReplay) -> Any:
        hands.append(self)
        return original(self)

    monkeypatch.setattr(HandReplay, "verdict", keep)
    check_text((CASES / case).read_text("utf-8"))
    return hands


@pytest.mark.pure_only("patches a method of HandReplay, which a native class does not allow")
def test_a_reworded_settled_finding_keeps_its_void_deal_lapse(monkeypatch: pytest.MonkeyPatch) -> None:
    """An established revoke's finding (its penalty lapses should the deal be void) told in other
    words: the lapse follows the new finding, and the words end as a sentence, as `find` tells them."""
    hand = replayed("whist/example-revoke-claimed-no-deal.ttn", monkeypatch)[-1]
    finding = hand.lapsing[0][0]
    hand.reword(finding, "Told otherwise")
    new = next(f for f in hand.irregularities if f.rule == finding.rule and f.at == finding.at)
    assert new.explanation == "Told otherwise."
    assert hand.lapsing[0][0] is new
    assert new in [f for f, _ in hand.lapsing] and finding not in hand.irregularities


@pytest.mark.pure_only("patches a method of HandReplay, which a native class does not allow")
def test_a_reworded_finding_stays_the_one_its_choice_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Y's renounce corrected opens the caller's choice: its finding told in other words is still the
    one the choice's lapse would reword (`Choice.finding`)."""
    hand = replayed("boston/caller-lead-out-of-turn-left-renounces.ttn", monkeypatch)[-1]
    choice = next(c for c in hand.choices if c.finding is not None)
    assert choice.finding is not None
    finding, account = choice.finding
    hand.reword(finding, account + "Told otherwise.")
    assert choice.finding[0] in hand.irregularities and choice.finding[0].explanation.endswith("Told otherwise.")


@pytest.mark.pure_only("patches a method of HandReplay, which a native class does not allow")
def test_an_acceptance_answers_the_choice_listed_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two choices of Y's that `accept` answers, the older lasting while play goes on: the one play
    waits for is listed first (`call_order`), so the acceptance answers it, not the older one."""
    hand = replayed("whist/engine2-claim-rest-call-unfounded.ttn", monkeypatch)[0]
    answered: list[str] = []
    for name, ends in (("lasting", (Lapse.SETTLEMENT,)), ("waiting", (Lapse.CHOOSER_PLAYS,))):
        hand.open(Offer(frozenset({"Y", "Z"}), "B", ("accept",), "play.claim-rest", name,
                        lambda hand, option, at, name=name: answered.append(name), ends=ends))
    listed = [c.pending.explanation for c in hand.call_order()]
    assert listed.index("waiting.") < listed.index("lasting.")
    hand.on_accept(ev.Accept("Y", ev.Span(1, 1)))
    assert answered == ["waiting"]


def test_any_card_called_names_the_chooser_in_its_line() -> None:
    """B's cards laid face up, his deal unwritten: Y-Z's choice has no single line, and what to write
    names Y, the first of them, not a placeholder."""
    text = (CASES / "whist/engine-claim-rest-without-deal.ttn").read_text("utf-8")
    hand = check_text(text).files[0].games[0].hands[0]
    assert answer_lines(hand.pending[0]) == ['card: write "Y call CARD", naming the card']

"""The engine's laws of one caller against the others (`referee.engine.caller`), which Boston and
French Boston declare with their own words: the misère error's claim and the cards laid down
after a claim of the rest."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from referee import check_text
from referee.engine.caller import MisereError, lay_down, lead_called
from referee.engine.laws import Effect
from referee.engine.penalties import Offer, choosers
from referee.engine.replay import _require
from referee.notation import events as ev
from referee.notation.cards import parse_card

pytestmark = pytest.mark.pure_only("stand-in hands, which native functions refuse")


class FakeHand:
    """Just what the caller's laws ask of a hand."""

    def __init__(self, misere: bool, hands: dict[str, set[Any]] | None = None) -> None:
        self.misere, self.calls, self.found = misere, [], []
        self.table = SimpleNamespace(hands=hands)
        self.trick_number = 5

    def end(self, reason: str) -> None:
        self.calls.append(("end", reason))

    def gather_now(self) -> None:
        self.calls.append(("gather",))

    def open(self, offer: Any) -> None:
        self.calls.append(("open", offer))

    def find(self, *args: Any, **kwargs: Any) -> None:
        self.found.append((args, kwargs))


def misere(play_on: str = "") -> MisereError:
    return MisereError("misere.error", lambda hand: "A" if hand.misere else None,
                       lambda hand, caller, offender, what: f"{what}: {caller} may claim",
                       lambda hand, caller, offender, what: hand.calls.append(("claimed", caller, offender, what)),
                       play_on)


def test_a_misere_error_gives_the_caller_alone_a_claim_that_ends_the_hand() -> None:
    hand = FakeHand(misere=True)
    offer = misere().offer(hand, "B", "B led out of turn")  # type: ignore[arg-type]
    assert offer.choosers == frozenset({"A"}) and offer.offender == "B"
    assert offer.options == ("claim",) and offer.recorded == "claim" and offer.implied is None
    assert offer.explanation == "B led out of turn: A may claim"
    assert offer.apply is not None
    offer.apply(hand, "claim", ev.Span(1, 1))
    assert hand.calls == [("claimed", "A", "B", "B led out of turn"), ("end", "claimed"), ("gather",)]


def test_where_the_caller_may_play_on_play_going_on_accepts_in_the_games_words() -> None:
    offer = misere("Play went on: {caller} did not claim for {offender}'s error.").offer(
        FakeHand(misere=True), "B", "what")  # type: ignore[arg-type]
    assert offer.options == ("claim", "accept") and offer.implied == "accept"
    assert offer.implied_text == "Play went on: A did not claim for B's error."


def test_the_ruling_is_the_laws_own_outside_a_misere_and_opens_no_claim_where_no_penalty_applies() -> None:
    law = MisereError("misere.error", lambda hand: "A" if hand.misere else None,
                      lambda hand, caller, offender, what: f"{what}: {caller} may claim", lambda *_: None,
                      ruled=lambda hand, caller: f"In a misère {caller} may claim.")
    assert law.ruling(FakeHand(misere=False), "B", "w") is None  # type: ignore[arg-type]
    ruling = law.ruling(FakeHand(misere=True), "B", "w")  # type: ignore[arg-type]
    assert ruling is not None and ruling.words == "In a misère A may claim." and ruling.offer is not None
    quiet = law.ruling(FakeHand(misere=True), "B", "w", applies=False)  # type: ignore[arg-type]
    assert quiet is not None and quiet.offer is None
    hand = FakeHand(misere=True)
    law.open(hand, "B", "w")  # type: ignore[arg-type]
    assert [c[0] for c in hand.calls] == ["open"]


def test_a_claim_of_the_rest_lays_the_partners_cards_down_by_suit_highest_first() -> None:
    cards = {"C": {parse_card(c) for c in ("2H", "AS", "KS")}}
    hand = FakeHand(misere=False, hands=cards)
    laid = lay_down(hand, ev.ClaimRest("B", ev.Span(3, 1)), ["C", "D"], "his partners ", "They stay face up.")  # type: ignore[arg-type]
    assert [c.text for c in laid["C"]] == ["2H", "AS", "KS"] and laid["D"] == []
    (args, kwargs), = hand.found
    assert args[:4] == ("exposed-card", "B", ev.Span(3, 1), "play.claim-rest") and kwargs == {"trick": 5}
    assert args[4] == ("B says he can win the rest: his partners C and D lay their cards on the table (C 2H AS KS). "
                       "They stay face up.")


def test_without_the_deal_no_card_is_laid_down() -> None:
    hand = FakeHand(misere=False, hands=None)
    laid = lay_down(hand, ev.ClaimRest("B", ev.Span(3, 1)), ["C"], "", "R.")  # type: ignore[arg-type]
    assert laid == {"C": []}
    assert hand.found[0][0][4] == "B says he can win the rest: C lays his cards on the table. R."


def test_the_caller_chooses_every_penalty_but_for_his_own_errors_else_the_adversaries_do() -> None:
    order = ("A", "B", "C", "D")

    def hand(chooser: str | None) -> Any:
        return SimpleNamespace(liable=SimpleNamespace(chooser=lambda hand: chooser),
                               adversaries=lambda player: tuple(p for p in order if p != player))

    assert choosers(hand("A"), "B") == frozenset({"A"})  # Boston: the caller, alone
    assert choosers(hand("A"), "A") == frozenset({"B", "C", "D"})  # the caller's own error: his opponents
    assert choosers(hand(None), "C") == frozenset({"A", "B", "D"})  # French Boston: the offender's adversaries


def test_a_card_option_worded_apart_shows_the_card_called_exposed() -> None:
    """An `Offer` without an `apply` whose `card` option has words of its own (`said_card`, Boston's
    call of a corrected revoke's card): the card called is required and shown exposed."""
    queen = parse_card("QH")
    done: list[tuple[str, str, tuple[Effect, ...]]] = []
    hand = SimpleNamespace(side_label=lambda players: " ".join(sorted(players)),
                           require=lambda who, what, topic, at, suit=None, card=None: Effect(
                               "requirement", who, None, f"{what} {card}" if card else what),
                           penalise=lambda topic, words, effects: done.append((topic, words, tuple(effects))))
    offer = Offer(frozenset({"A"}), "B", ("highest", "lowest", "card"), "revoke.corrected", "", called=queen,
                  target="B", said="{choosers} requires {target}'s {option} heart",
                  said_card="{choosers} calls {target}'s {card} as an exposed card")
    apply = _require(offer)
    apply(hand, "lowest", ev.Span(1, 1))
    apply(hand, "QH", ev.Span(1, 1))
    assert done == [("revoke.corrected", "A requires B's lowest heart", (Effect("requirement", "B", None, "lowest"),)),
                    ("revoke.corrected", "A calls B's QH as an exposed card",
                     (Effect("exposed", "B", None, "QH"), Effect("requirement", "B", None, "card QH")))]
    plain = _require(Offer(frozenset({"A"}), "B", ("card",), "t", "", card=queen, target="B"))
    plain(hand, "card", ev.Span(1, 1))
    assert done[-1] == ("t", "A requires B to play the exposed QH", (Effect("requirement", "B", None, "card QH"),))


def test_a_lead_out_of_turn_goes_back_for_a_suit_called_from_the_next_leader_or_for_the_card() -> None:
    calls: list[tuple[Any, ...]] = []
    hand = SimpleNamespace(
        send_back=lambda who, card: calls.append(("back", who, card)) or Effect("take-back", who, None, card.text),
        require_lead=lambda targets, suit, topic, at: [Effect("requirement", t, None, f"lead-suit {suit.word}")
                                                       for t in targets],
        require=lambda who, what, topic, at, card=None: Effect("requirement", who, None, f"{what} {card}"))
    three = parse_card("3H")
    effects, suit = lead_called(hand, "Y", three, ["Z", "X"], "diamonds", "t", ev.Span(1, 1))  # type: ignore[arg-type]
    assert suit is not None and suit.word == "diamonds" and calls == [("back", "Y", three)]
    assert [e.who for e in effects] == ["Y", "Z", "X"] and effects[1].detail == "lead-suit diamonds"
    effects, suit = lead_called(hand, "Y", three, ["Z"], "3H", "t", ev.Span(1, 1), exposed=True)  # type: ignore[arg-type]
    assert suit is None and [e.kind for e in effects] == ["take-back", "exposed", "requirement"]
    effects, _ = lead_called(hand, "Y", three, ["Z"], "3H", "t", ev.Span(1, 1))  # type: ignore[arg-type]
    assert [e.kind for e in effects] == ["take-back", "requirement"]  # French Boston's: not shown exposed


CASES = Path(__file__).resolve().parent.parent / "cases"


def answered_by_the_card(case: str, call: str, by_the_card: str, last: str) -> str:
    """A case of a lead out of turn answered by a suit, answered by the card instead, up to `last`."""
    text = (CASES / case).read_text().replace(call, by_the_card)
    return text[:text.index(last) + len(last)] + "\n"


def test_a_lead_out_of_turn_called_as_an_exposed_card_in_both_boston_games() -> None:
    """The card option of a lead out of turn, which no case takes: each game's words and effects."""

    def penalties(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
        hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
        return [(p["description"], [(e["kind"], e["detail"]) for e in p["effects"]]) for p in hand["penalties"]]

    boston = answered_by_the_card("boston/lead-out-of-turn-suit-called.ttn", "A call diamonds", "A call 3H",
                                  "Y retract 3H")
    french = answered_by_the_card("french-boston/lead-out-of-turn-partner-follows.ttn", "E call diamonds", "E call 8H",
                                  "W retract 8H")
    assert penalties(boston) == [("A treats Y's 3H as exposed and calls it",
                                  [("take-back", "3H"), ("exposed", "3H"), ("requirement", "card 3H")])]
    assert penalties(french) == [("W's lead out of turn: 8H called by E as an exposed card",
                                  [("take-back", "8H"), ("requirement", "card 8H")])]

"""The rectification model: what ends a choice is declared per law, and only the innocent side
waives it by playing on (`referee.engine.choices`)."""

from __future__ import annotations

from referee.engine.choices import Answer, Choice, Lapse, Option
from referee.engine.laws import Pending
from referee.notation import events as ev
from referee.notation.cards import parse_card

AT = ev.Span(1, 1)


def choice(*ends: Lapse, options: tuple[str, ...] = ("suit", "card", "accept"), trick: int | None = 2,
           card: str | None = None, recorded: Option | None = None) -> Choice:
    return Choice(frozenset({"A"}), "Y", Pending("A", options, "boston.play.out-of-turn", ""), lambda hand, o, at: None,
                  ends=frozenset(ends), trick=trick, card=parse_card(card) if card else None, recorded=recorded)


def play(player: str, card: str) -> ev.Play:
    return ev.Play(player, parse_card(card), AT)


def test_only_the_choosers_play_waives_it() -> None:
    open_ = choice(Lapse.CHOOSER_PLAYS)
    assert open_.lapse(play("B", "4H"), 2) is None   # the offender's partner follows at once
    assert open_.lapse(play("Y", "5H"), 2) is None   # the offender himself
    assert open_.lapse(play("A", "2H"), 2) is Lapse.CHOOSER_PLAYS


def test_other_events_never_end_a_choice_that_waits_for_play() -> None:
    open_ = choice(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)
    assert open_.lapse(ev.Count("B", "A", AT), 2) is None
    assert open_.lapse(ev.Expose("B", parse_card("KH"), AT), 2) is None


def test_a_choice_bound_to_its_trick_ends_with_it() -> None:
    open_ = choice(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED, trick=2)
    assert open_.lapse(play("B", "4H"), 2) is None
    assert open_.lapse(play("B", "4S"), 3) is Lapse.TRICK_GATHERED
    assert open_.gathered(None)  # after the last trick
    assert not choice(Lapse.CHOOSER_PLAYS, trick=2).gathered(3)  # not declared: the trick does not end it


def test_an_exposed_card_stays_liable_until_it_is_played() -> None:
    open_ = choice(Lapse.CARD_PLAYED, options=("card", "highest", "lowest"), card="QH")
    assert open_.lapse(play("A", "2D"), 2) is None   # the caller playing on does not give it up
    assert open_.lapse(play("Y", "3D"), 3) is None
    assert open_.lapse(play("Y", "QH"), 4) is Lapse.CARD_PLAYED


def test_choices_of_the_bidding() -> None:
    fallen = choice(Lapse.PLAY_BEGINS, options=("hearts",), trick=None)
    assert fallen.lapse(ev.Pass("A", AT), None) is None
    assert fallen.lapse(play("B", "2S"), None) is Lapse.PLAY_BEGINS
    at_once = choice(Lapse.ANY_ACTION, options=("deal-stands", "redeal"), trick=None)
    assert at_once.lapse(ev.Expose("B", parse_card("KH"), AT), None) is None
    assert at_once.lapse(ev.Pass("A", AT), None) is Lapse.ANY_ACTION


def test_how_a_choice_is_answered() -> None:
    assert choice(Lapse.CHOOSER_PLAYS).answers == {Answer.CALL, Answer.ACCEPT}
    misere = choice(Lapse.CHOOSER_PLAYS, options=("claim", "accept"), recorded="claim")
    assert Answer.RECORDED in misere.answers
    assert Answer.REDEAL in choice(Lapse.ANY_ACTION, options=("deal-stands", "redeal")).answers


def test_play_waits_for_a_choice_but_not_for_an_exposed_card() -> None:
    assert choice(Lapse.CHOOSER_PLAYS).waits
    assert not choice(Lapse.CARD_PLAYED, card="QH").waits


def test_a_card_called_answers_only_the_choice_about_that_card() -> None:
    exposed = choice(Lapse.CARD_PLAYED, options=("card", "highest", "lowest"), card="QH")
    assert exposed.names("QH") and exposed.names("qh") and exposed.names("card") and exposed.names("lowest")
    assert not exposed.names("5D")
    assert choice(Lapse.CHOOSER_PLAYS).names("5D")  # a choice about no one card takes any

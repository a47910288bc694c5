"""Unit tests for the replay table: turn, tricks, following suit, revokes, retractions."""

from __future__ import annotations

from referee.engine import table as tb
from referee.games.euchre.cards import EuchreTricks
from referee.notation.cards import Suit, parse_card
from referee.notation.events import Span

AT = Span(1, 1)
ORDER = ("N", "E", "S", "W")


def c(text: str):
    return parse_card(text)


def hands(**cards: str) -> dict:
    return {player: {c(t) for t in text.split()} for player, text in cards.items()}


def test_left_bower_is_a_trump_and_beats_the_ace() -> None:
    rules = EuchreTricks(Suit.HEARTS)
    assert rules.suit_of(c("JD")) is Suit.HEARTS
    assert rules.suit_of(c("JS")) is Suit.SPADES
    assert rules.power(c("JH"), Suit.CLUBS) > rules.power(c("JD"), Suit.CLUBS) > rules.power(c("AH"), Suit.CLUBS)
    assert rules.power(c("AS"), Suit.CLUBS) < 0  # off suit, no trump: cannot win


def test_trick_winner_leads_and_lone_partner_is_skipped() -> None:
    table = tb.TrickTable(ORDER, ["N", "E", "W"], "E", EuchreTricks(Suit.HEARTS), None, 5)
    assert table.expected() == "E"
    for player, card in [("E", "AS"), ("W", "KS"), ("N", "9H")]:
        table.play(player, c(card), AT)
    assert table.tricks[0].winner == "N" and table.expected() == "N"
    table.play("N", c("TC"), AT)
    assert table.expected() == "E"  # S sits out


def test_out_of_turn_lead_is_reported_and_undone_by_retract() -> None:
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), None, 5)
    facts = table.play("E", c("9S"), AT)
    assert any(isinstance(f, tb.OutOfTurn) and f.lead and f.expected == "N" for f in facts)
    table.retract("E", c("9S"), AT)
    assert table.expected() == "N" and not table.current.plays


def test_known_revoke_is_correctable_until_the_next_lead() -> None:
    known = hands(N="AS KS", E="QS 9C", S="TS TD", W="9S JC")
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), known, 2)
    table.play("N", c("AS"), AT)
    facts = table.play("E", c("9C"), AT)
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["correctable"]
    table.play("S", c("TS"), AT)
    table.play("W", c("9S"), AT)
    facts = table.play("N", c("KS"), AT)  # the next lead gathers the trick
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["established"]


def test_revoke_taken_back_after_the_trick_is_complete_but_not_gathered() -> None:
    known = hands(N="AS KS", E="QS 9C", S="TS TD", W="9S JC")
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), known, 2)
    for player, card in [("N", "AS"), ("E", "9C"), ("S", "TS"), ("W", "9S")]:
        table.play(player, c(card), AT)
    facts = table.retract("E", c("9C"), AT)  # trick complete, next lead not yet played
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["corrected"]
    table.play("E", c("QS"), AT)
    assert table.tricks[0].winner == "N"


def test_revoke_without_the_deal_is_proven_by_a_later_play_of_the_suit() -> None:
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), None, 2)
    for player, card in [("N", "AS"), ("E", "9C"), ("S", "TS"), ("W", "9S")]:
        table.play(player, c(card), AT)
    table.play("N", c("KC"), AT)
    facts = table.play("E", c("QS"), AT)
    revokes = [f for f in facts if isinstance(f, tb.Revoke)]
    assert len(revokes) == 1 and revokes[0].trick == 1 and revokes[0].status == "established"


def test_card_not_held_and_duplicate() -> None:
    known = hands(N="AS KS", E="QS 9C", S="TS TD", W="9S JC")
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), known, 2)
    facts = table.play("N", c("AD"), AT)
    assert any(isinstance(f, tb.NotHeld) for f in facts)
    facts = table.play("E", c("AD"), AT)
    assert any(isinstance(f, tb.Duplicate) and f.first_player == "N" for f in facts)


def test_a_retract_after_the_last_trick_reopens_it_only_for_a_card_in_it() -> None:
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), None, 1)
    for player, card in [("N", "AS"), ("E", "9S"), ("S", "TS"), ("W", "KC")]:
        table.play(player, c(card), AT)
    assert table.finished
    facts = table.retract("N", c("QS"), AT)  # N never played the queen: nothing to reopen
    assert any(isinstance(f, tb.BadRetract) for f in facts) and table.finished
    facts = table.retract("W", c("KC"), AT)  # still in time: the last trick is never gathered by a lead
    assert any(isinstance(f, tb.Retracted) for f in facts) and not table.finished


def test_the_led_suit_follows_the_first_card_through_retractions() -> None:
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), None, 5)
    assert table.led_suit() is None
    table.play("N", c("JD"), AT)  # the left bower leads trumps
    assert table.led_suit() is Suit.HEARTS
    table.play("E", c("AS"), AT)
    table.retract("N", c("JD"), AT, excused=True)
    assert table.led_suit() is Suit.SPADES  # E's card now leads the trick
    table.retract("E", c("AS"), AT, excused=True)
    assert table.led_suit() is None


def _late_table(known: dict) -> tb.TrickTable:
    table = tb.TrickTable(ORDER, ORDER, "N", tb.PlainTricks(Suit.SPADES), known, 3)
    table.late_correctors = frozenset({"E"})
    return table


def test_late_corrector_revoke_is_established_only_when_he_plays_to_the_next_trick() -> None:
    table = _late_table(hands(N="AH KH QH", E="2H 2D 3D", S="3H 4D 5D", W="4H 6D 7D"))
    for player, card in [("N", "AH"), ("E", "2D"), ("S", "3H"), ("W", "4H")]:
        table.play(player, c(card), AT)
    facts = table.play("N", c("KH"), AT)  # gathers trick 1: E's revoke stays open
    assert not [f for f in facts if isinstance(f, tb.Revoke)]
    assert [r.status for r in table.open_revokes()] == ["correctable"]
    facts = table.play("E", c("2H"), AT)
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["established"]


def test_late_correction_keeps_the_next_trick_when_its_winner_is_unchanged() -> None:
    table = _late_table(hands(N="AH KH QH", E="2H 2D 3D", S="3H 4D 5D", W="4H 6D 7D"))
    for player, card in [("N", "AH"), ("E", "2D"), ("S", "3H"), ("W", "4H"), ("N", "KH")]:
        table.play(player, c(card), AT)
    facts = table.retract("E", c("2D"), AT)
    assert [f.next_plays for f in facts if isinstance(f, tb.Retracted)] == [1]
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["corrected"]
    facts = table.play("E", c("2H"), AT)
    assert table.tricks[0].winner == "N" and table.current.number == 2
    assert [p.card for p in table.current.plays] == [c("KH")] and table.expected() == "E"
    assert not [f for f in facts if isinstance(f, tb.Retracted)]


def test_late_correction_that_changes_the_winner_returns_the_next_tricks_cards() -> None:
    table = _late_table(hands(N="3H KH QH", E="AH 2D 3D", S="4H 4D 5D", W="5H 6D 7D"))
    for player, card in [("N", "3H"), ("E", "2D"), ("S", "4H"), ("W", "5H"), ("W", "6D")]:
        table.play(player, c(card), AT)
    table.retract("E", c("2D"), AT)
    facts = table.play("E", c("AH"), AT)
    assert table.tricks[0].winner == "E" and table.expected() == "E" and not table.current.plays
    assert [(f.player, f.card, f.returned) for f in facts if isinstance(f, tb.Retracted)] == [("W", c("6D"), True)]
    assert c("6D") in table.hands["W"]


def test_a_card_played_stands_unless_taking_it_back_corrects_an_error() -> None:
    known = hands(N="AS KS", E="QS 9C", S="TS TD", W="9S JC")
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), known, 2)
    table.play("N", c("AS"), AT)
    facts = table.retract("N", c("AS"), AT)  # a lawful lead: nothing to correct
    assert [type(f) for f in facts] == [tb.CardStands] and table.current.card_of("N") is not None
    table.play("E", c("9C"), AT)  # a revoke: E holds the QS
    table.play("S", c("TS"), AT)
    assert [type(f) for f in table.retract("S", c("TS"), AT)] == [tb.Retracted]  # played after the revoke
    facts = table.retract("E", c("9C"), AT)
    assert [f.status for f in facts if isinstance(f, tb.Revoke)] == ["corrected"]
    table.play("E", c("QS"), AT)
    assert [type(f) for f in table.retract("E", c("QS"), AT)] == [tb.CardStands]  # the correction stands


def test_cards_played_after_a_card_out_of_turn_may_go_back_with_it() -> None:
    table = tb.TrickTable(ORDER, ORDER, "N", EuchreTricks(Suit.HEARTS), None, 5)
    table.play("E", c("9S"), AT)  # out of turn
    table.play("S", c("TS"), AT)
    assert [type(f) for f in table.retract("E", c("9S"), AT)] == [tb.Retracted]
    assert [type(f) for f in table.retract("S", c("TS"), AT)] == [tb.Retracted]
    assert not table.current.plays and table.expected() == "N"


def test_a_seat_that_joins_before_the_lead_does_not_lead() -> None:
    """The lone player's partner's card put down before the lead: the trick keeps its leader,
    whose card sets the suit led, and the joining seat takes part from then on."""
    table = tb.TrickTable(ORDER, ["E", "S", "W"], "S", EuchreTricks(Suit.HEARTS), None, 5)
    table.join("N", c("9C"), AT)
    assert table.current.leader == "S" and not table.current.plays[0].out_of_turn
    assert table.expected() == "S" and table.current.led is None and "N" in table.active
    for player, card in [("S", "AS"), ("W", "KS"), ("E", "QS")]:
        assert not any(isinstance(f, (tb.OutOfTurn, tb.Revoke)) for f in table.play(player, c(card), AT))
    assert table.tricks[0].winner == "S" and len(table.tricks[0].plays) == 4

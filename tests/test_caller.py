"""The engine's parts for a game of one caller against the others (`engine.caller`, and the
steps before play of `engine.called_hand`), which Boston and French Boston declare; the little
misère's discards their generators make
(`generators.discard_lines`), and what every game's generator is reached by (`GameRules.random_game`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from referee import check_text
from referee.engine.caller import NOBODY, Called
from referee.engine.generators import discard_lines
from referee.engine.header import Setup
from referee.engine.session import GameRules, GameSession
from referee.games import registry
from referee.games.boston import GAME as BOSTON
from referee.games.boston.generator import random_game as boston_game
from referee.games.french_boston import GAME as FRENCH_BOSTON
from referee.games.french_boston.generator import random_game as french_boston_game
from referee.notation.cards import pack
from referee.notation.events import Span

CASES = Path(__file__).resolve().parent.parent / "cases"
CLAIM = (CASES / "boston" / "claim-rest-cards-called.ttn").read_text(encoding="utf-8")
"""A Boston seven in spades (A the caller) where B says after trick 1 that the rest are theirs."""


def first_hand(text: str) -> dict[str, Any]:
    hand: dict[str, Any] = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    return hand


def claims(hand: dict[str, Any]) -> list[str]:
    return [i["explanation"] for i in hand["irregularities"] if i["rule"].endswith(".play.claim-rest")]


def test_the_partners_cards_are_laid_down_as_they_hold_them_after_trick_1() -> None:
    assert claims(first_hand(CLAIM)) == [
        "B says he can win the rest: his partners Y and Z lay their cards on the table (Y AC KC QC JC TC KD TD 9D "
        "QH JH 6S 5S; Z 4C 3C 5D 4D 3D 7H 6H 5H 4H 3H 2H 2S). They stay face up and A may call them, and demand "
        "their play or not when their suit is led, for the rest of the hand."]


def test_without_the_deal_no_card_is_shown() -> None:
    no_deal = "".join(line + "\n" for line in CLAIM.splitlines() if not line.startswith(("deal ", "upcard")))
    assert claims(first_hand(no_deal)) == [
        "B says he can win the rest: his partners Y and Z lay their cards on the table. They stay face up and A may "
        "call them, and demand their play or not when their suit is led, for the rest of the hand."]


def test_in_a_misere_it_is_the_callers_claim() -> None:
    misere = CLAIM.replace("A bid 7, Y pass, B pass, Z pass\nA name spades", "A bid grand-misere, Y pass, B pass, "
                                                                              "Z pass")
    hand = first_hand(misere.split("trick 2:")[0])
    assert claims(hand)[0].endswith("In a misère this is a misère error.")
    assert hand["pending"][0]["options"] == ["claim", "accept"]


def test_the_contract_names_the_callers_side_and_his_adversaries_once() -> None:
    """A solo caller, a caller with a partner (French Boston's demand accepted), and nobody yet."""
    solo = Called.of(("N", "W", "S", "E"), "S", misere=True)
    assert (solo.side, solo.against, solo.misere_caller) == (("S",), ("N", "W", "E"), "S")
    assert solo.solo_caller("S") and not solo.solo_caller("N")
    assert solo.partners_of("S") == frozenset() and solo.partners_of("N") == {"W", "E"}
    pair = Called.of(("N", "W", "S", "E"), "W", "S")
    assert (pair.side, pair.against, pair.misere_caller) == (("W", "S"), ("N", "E"), None)
    assert not pair.solo_caller("W") and pair.partners_of("W") == {"S"} and pair.partners_of("E") == {"N"}
    assert NOBODY.misere_caller is None and not NOBODY.solo_caller("N") and NOBODY.side == ()


def test_a_game_reaches_its_own_generator() -> None:
    """`GameRules.random_game` is the package's `generator.random_game`, its arguments passed on."""
    assert BOSTON.random_game(random.Random(5), 3, True) == boston_game(random.Random(5), 3, True)
    assert FRENCH_BOSTON.random_game(random.Random(5), 2, first=38) == french_boston_game(random.Random(5), 2, 38)
    assert all(isinstance(game, GameRules) for game in registry().values())


def test_each_seat_discards_one_card_of_his_own_in_turn() -> None:
    cards = sorted(pack(2), key=lambda c: (c.suit.value, c.rank))
    hands = {seat: cards[13 * i:13 * (i + 1)] for i, seat in enumerate("NESW")}
    dealt = {seat: list(held) for seat, held in hands.items()}
    lines = discard_lines(random.Random(3), "ESWN", hands)
    assert [line.split()[:2] for line in lines] == [[seat, "discard"] for seat in "ESWN"]
    for line in lines:
        seat, _, card = line.split()
        assert card in {c.text for c in dealt[seat]} and card not in {c.text for c in hands[seat]}
        assert len(hands[seat]) == 12


def test_the_tricks_each_player_took_in_seat_order() -> None:
    """`HandReplay.taken`: the tricks each player took so far, which Boston's contract shows."""
    assert first_hand(CLAIM)["contract"]["tricks"] == "A 12, Y 1, B 0, Z 0"
    assert first_hand(CLAIM.split("trick 2:")[0])["contract"]["tricks"] == "A 1, Y 0, B 0, Z 0"  # A trumped the ace


def test_a_lead_before_trumps_are_named_is_found_once_under_the_games_own_rule() -> None:
    """`HandReplay.premature`: Boston's lead before the bidding is over, under its own rule (trumps
    named only after the cards: never named, the play would count, read from the transcript)."""
    early = CLAIM.replace("A name spades\n", "").split("B claim rest")[0] + "A name spades\n"
    found = [(i["kind"], i["rule"]) for i in first_hand(early)["irregularities"]]
    assert found == [("premature-lead", "boston.play.premature-lead")]


def test_a_game_of_a_set_number_of_deals_is_won_by_the_player_ahead_once_over() -> None:
    """`GameSession.winner`: `won` where the game sets it, else, once `over`, the sole leader."""
    setup = Setup("boston", ("A", "Y", "B", "Z"), (), {}, {"A": 3, "Y": 9, "B": 1, "Z": 2}, None, None, {},
                  Span(1, 1))
    session: GameSession[Any] = GameSession(BOSTON, setup)
    assert session.winner() is None
    session.over = True
    assert session.winner() == "Y"
    session.score["A"] = 9
    assert session.winner() is None  # a tie
    session.won = "B"
    assert session.winner() == "B"


def steps(game: str, players: str, lines: list[str]) -> tuple[str, str | None]:
    """What a hand dealt by the first player waits for after `lines`: its next step and its contract's trump."""
    text = f'[Game "{game}"]\n[Players "{players}"]\n\nhand 1 dealer {players[0]}\nupcard 6C\n' + "\n".join(lines)
    hand = first_hand(text + "\n")
    return hand["next"], hand["contract"]["trump"]


def test_both_games_go_through_the_steps_before_play_in_their_own_words() -> None:
    """Bidding, naming trumps (Boston's caller names them after the bidding; French Boston's need
    not), a little misère's discards, then ready to lead."""
    misere = "Y pass, B pass, Z pass, A bid little-misere, Y pass, B pass, Z pass"
    assert [steps("boston", "A Y B Z", lines)[0] for lines in (
        ["Y pass"], ["Y bid 9, B pass, Z pass, A pass"], [misere],
        [misere, "A discard 5C, B discard KD, Y discard 2H, Z discard 3H"])] == [
        "B to bid or pass", "Y to name trumps", "still to discard: A, Y, B and Z", "Y to lead to trick 1"]
    petite = "W pass, S bid petite-misere, E pass, N pass, W pass"
    assert [steps("french-boston", "N E S W", lines)[0] for lines in (
        ["W pass"], [petite], [petite, "W discard 5H, S discard 5S, E discard 5D, N discard 5C"],
        ["W pass, S bid 6 spades, E pass, N pass, W pass"])] == [
        "the bidding goes on: S to speak", "still to discard, one card face down each: W, S, E and N; then W leads",
        "W to lead",
        "W to lead"]


def test_a_bid_standing_when_play_is_about_to_begin_closes_the_bidding() -> None:
    """The players who have not spoken since are taken to have passed: Boston's caller naming
    trumps, French Boston's discard for the misère."""
    assert steps("boston", "A Y B Z", ["Y bid 9, B pass", "Y name spades"]) == ("Y to lead to trick 1", "spades")
    assert steps("french-boston", "N E S W", ["W pass, S bid petite-misere", "W discard 5H"])[0] \
        == "still to discard, one card face down each: S, E and N; then W leads"

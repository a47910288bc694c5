"""Whist's property tests: random lawful games give no finding and score tricks over six; a planted
revoke gives exactly one finding and costs its side two tricks; a lead out of turn taken back gives
one finding and changes nothing else; and a transcript means the same however its events are split
into lines. The hands follow suit as the independent oracle (oracle.py) says."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from oracle import oracle
from planted import planted_revoke
from test_fmt import positionless
from test_fuzz import GRAMMAR, assert_clean
from test_penalties import hands_left

from referee import check_text
from referee.games.whist import GAME
from referee.games.whist.generator import HEADER, random_hand

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def tricks(hand: dict[str, object]) -> dict[str, int]:
    """The tricks each side took, from the verdict's contract ("A-B 9, Y-Z 4")."""
    text = hand["contract"]["tricks"]  # type: ignore[index]
    return {side: int(n) for side, n in (part.split() for part in text.split(", "))}


@settings(max_examples=examples(60), deadline=None)
@given(SEEDS)
def test_random_lawful_games_have_no_finding_and_score_tricks_over_six(seed: int) -> None:
    text = GAME.random_game(random.Random(seed), hands=6, rules_for=oracle)
    verdict = check_text(text).to_dict()
    assert verdict["summary"]["irregularities"] == 0 and verdict["summary"]["errors"] == 0, text
    for game in verdict["files"][0]["games"]:
        for hand in game["hands"]:
            assert hand["status"] == "complete", text
            won = tricks(hand)
            assert sum(won.values()) == 13
            for side, points in hand["score_delta"].items():
                before = hand["score_after"][side] - points
                assert points == min(max(0, won[side] - 6), max(0, 7 - before)), (hand, text)


@settings(max_examples=examples(100), deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=3))
def test_one_planted_revoke_gives_one_finding_and_two_tricks_to_the_other_side(seed: int, dealer: int) -> None:
    lines, planted = random_hand(random.Random(seed), dealer, 1, plant_revoke=True, rules_for=oracle)
    hand, finding = planted_revoke(HEADER + "\n" + "\n".join(lines), planted)
    if finding is None:
        return
    assert finding["rule"] == "whist.revoke.established"
    offender = "A-B" if finding["player"] in "AB" else "Y-Z"
    other = "Y-Z" if offender == "A-B" else "A-B"
    won = tricks(hand)
    moved = min(2, won[offender])
    assert hand["score_delta"][offender] == min(max(0, won[offender] - moved - 6), 6)
    assert hand["score_delta"][other] == min(max(0, won[other] + moved - 6), 7)


@settings(max_examples=examples(60), deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=3))
def test_a_lead_out_of_turn_taken_back_is_one_finding_and_changes_nothing_else(seed: int, dealer: int) -> None:
    lines, _ = random_hand(random.Random(seed), dealer, 1, rules_for=oracle, lead_out_of_turn=True)
    false = [line for line in lines if "retract" in line]
    assert len(false) == 1
    irregular = check_text(HEADER + "\n" + "\n".join(lines)).to_dict()["files"][0]["games"][0]["hands"][0]
    clean = check_text(HEADER + "\n" + "\n".join(line for line in lines if line not in false)).to_dict()
    lawful = clean["files"][0]["games"][0]["hands"][0]
    assert [f["kind"] for f in irregular["irregularities"]] == ["lead-out-of-turn"], lines
    assert lawful["irregularities"] == []
    assert (irregular["score_delta"], irregular["tricks"]) == (lawful["score_delta"], lawful["tricks"])


SPELL = {"S": ["S", "s", "♠"], "H": ["H", "h", "♥"], "D": ["D", "d", "♦"], "C": ["C", "c", "♣"]}


@settings(max_examples=examples(40), deadline=None)
@given(SEEDS, st.data())
def test_a_transcript_means_the_same_however_its_events_are_split_into_lines(seed: int, data: st.DataObject) -> None:
    """Several tricks on one line, or one card a line, labels left out, cards respelt: the same verdict."""
    rng = random.Random(seed)
    lines, _ = random_hand(rng, rng.randrange(4), 1, plant_revoke=rng.random() < 0.5, rules_for=oracle,
                           lead_out_of_turn=rng.random() < 0.5)
    text = HEADER + "\n" + "\n".join(lines) + "\n"
    head = [line for line in lines if not line.startswith(("trick", "A ", "Y ", "B ", "Z "))]
    events = [event for line in lines if line not in head
              for event in re.sub(r"^trick \d+: ", "", line).split(", ")]

    def respell(match: re.Match[str]) -> str:
        return match.group(1) + data.draw(st.sampled_from(SPELL[match.group(2)]))

    cuts = sorted(data.draw(st.sets(st.integers(min_value=1, max_value=len(events) - 1), max_size=20)))
    chunks = [events[a:b] for a, b in zip([0, *cuts], [*cuts, len(events)])]
    play = [re.sub(r"\b([AKQJT2-9])([SHDC])\b", respell, ", ".join(chunk)) for chunk in chunks]
    reflowed = HEADER + "\n" + "\n".join([*head, *play]) + "\n"
    assert positionless(check_text(reflowed).to_dict()) == positionless(check_text(text).to_dict()), reflowed


@settings(max_examples=examples(150), deadline=None)
@given(SEEDS, st.lists(from_lark(GRAMMAR, explicit={"COMMENT": st.just("# note"), "NAME": st.sampled_from("AYBZ")}),
                            max_size=8))
def test_any_line_in_a_whist_hand_gives_a_verdict_never_an_exception(seed: int, extra: list[str]) -> None:
    """Grammar-made lines (bids, discards, calls, claims, looks...) dropped into a random whist hand."""
    rng = random.Random(seed)
    lines, _ = random_hand(rng, 3, 1, plant_revoke=True, rules_for=oracle)
    for line in extra:
        lines.insert(rng.randint(1, len(lines)), line)
    assert_clean(check_text(HEADER + "\n" + "\n".join(lines) + "\n"))


def test_a_deal_line_without_cards_found_after_trick_one_is_the_adversaries_choice() -> None:
    """Found by fuzzing: an empty deal line once made the wrong-count choice look for a player in error."""
    text = HEADER + "\nhand 1 dealer Z\ndeal A:\nupcard 4D\ntrick 1: A 4H, Y 5H, B TH, Z 6H\n"
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [p["rule"] for p in hand["pending"]] == ["whist.wrong-count.play"] and hand["pending"][0]["chooser"] == "Y-Z"


def test_code_english_sets_the_english_readings_except_those_the_rules_name_wherever_they_stand() -> None:
    """The umbrella never overrides an option named in the same rules, before or after it."""
    book = GAME.rulebook
    english = book.parse_options("code=english")
    assert (english["revoke-penalty"], english["corrected-renounce"], english["see-last-trick"]) == (
        "english", "highest-lowest", True)
    assert english["game"] == "american"  # the length of the game is the game option's
    for text in ("corrected-renounce=exposed; code=english", "code=english; corrected-renounce=exposed"):
        chosen = book.parse_options(text)
        assert (chosen["corrected-renounce"], chosen["revoke-penalty"]) == ("exposed", "english")
    assert book.parse_options("code=american") == book.defaults() | {"code": "american"}


def test_a_call_word_of_another_game_is_a_finding_naming_the_nearest_whist_word() -> None:
    text = HEADER + "hand 1 dealer Z\nupcard 4D\nA call partnership\nA call dela-stands\n"
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    findings = [finding["explanation"] for finding in hand["irregularities"]]
    assert "'partnership', which is not a word of whist's calls" in findings[0]
    assert "did you mean 'deal-stands'?" in findings[1]


@pytest.mark.parametrize("case", ["lead-out-of-turn-pending", "wrong-count-after-trick-one", "led-ahead",
                                  "exposed-card-played-before-call", "trump-card-left-on-table"])
def test_whist_s_open_choices_hold_no_reference_to_their_hand(case: str) -> None:
    """The suit calls, exposed cards and new deals whist offers (engine/suitcalls.py, exposedcards.py,
    newdeal.py) are given the hand, as the laws are: a hand with such a choice open is freed at once."""
    assert not hands_left(f"whist/{case}.ttn")


@pytest.mark.parametrize(("tag", "error"), [
    ('[Cut "A 5H, Y 5S 9C, B KD, Q 2C"]', "cannot read [Cut] 'Q 2C': 'Q' is not a player"),
    ('[Cut "A 5H, Y 5S 9C, B KD, Z 1C"]', "cannot read [Cut] 'Z 1C': '1C' is not a card"),
    ('[Cut "A 5H, Y 5S 9C, B, Z 2C"]', "cannot read [Cut] 'B'"),
])
def test_a_bad_cut_tag_is_an_error_that_shows_how_to_write_it(tag: str, error: str) -> None:
    """W3-W4: the game's own tag (words.json) is read by the engine's header, with the declared example."""
    errors = check_text(HEADER + tag + "\n\nhand 1 dealer Z\n").files[0].errors
    assert len(errors) == 1 and errors[0].message.startswith(error), errors
    assert '[Cut "A 5H 3D, Y 5S 9C, B 2C, Z KD"]' in errors[0].hint


def test_whist_s_cut_tag_is_not_a_tag_of_another_game() -> None:
    text = ('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n[Cut "N 5H, E 5S, S KD, W 2C"]\n\n'
            'hand 1 dealer N\n')
    errors = check_text(text).files[0].errors
    assert [e.message for e in errors] == ["tag [Cut] is not a tag of euchre"], errors


def test_a_bad_tag_declaration_is_a_clear_error(tmp_path: Path) -> None:
    """A game's tag needs a capitalised name, a value form and an example (words.json)."""
    from referee.notation.vocabulary import _tags

    with pytest.raises(ValueError, match='"value" and "example"'):
        _tags({"cut": {"value": "{player:NAME}", "example": "A"}}, tmp_path)
    with pytest.raises(ValueError, match='"value" and "example"'):
        _tags({"Cut": {"value": "{player:NAME}"}}, tmp_path)
    assert _tags({"Cut": {"value": "{p:NAME}", "example": "A"}}, tmp_path) == {"Cut": ("{p:NAME}", "A")}


def test_a_missed_trick_is_read_only_where_the_laws_speak_of_it() -> None:
    """Whist's law 19 reads a card labelled with the next trick, one player still to play, as the
    trick closed without him; Euchre's laws have no such trick, so there the card is played to the
    current trick and its label is a wrong one (no one is left holding a card too many)."""
    deal = "hand 1 dealer W\nupcard 9H\nN pass, E pass, S order\nW discard TS\ntrick 1: N JH, E TH, S KH, W 9H\n"
    text = ('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\n' + deal
            + "trick 2: N AH, E 9S, S JD\ntrick 3: W JS\n")
    hand = check_text(text).files[0].games[0].hands[0]
    assert [p.kind for p in hand.irregularities] == ["inconsistent-transcript"]
    assert "the line says trick 3, but W's JS is played to trick 2" in hand.irregularities[0].explanation


def test_the_same_card_turned_twice_in_the_deal_is_one_fault_and_one_choice() -> None:
    """W15 (L15): `A turn 9C` said again is the same card face up, not a second fault or a second new deal."""
    text = HEADER + "hand 1 dealer Z\nupcard 4D\nA turn 9C\nA turn 9C\n"
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [f["kind"] for f in hand["irregularities"]] == ["exposed-card"]
    assert [p["rule"] for p in hand["pending"]] == ["whist.deal.turned"]


def test_the_cut_tag_is_checked_against_the_first_deal_only() -> None:
    """W3: [Cut] decides who deals hand 1; a game whose first hand is numbered 2 began before it."""
    tag = '[Cut "A 5H, Y 6H, B 7H, Z KD"]\n\n'
    later = check_text(HEADER + tag + "hand 2 dealer Y\n").to_dict()["files"][0]["games"][0]["hands"][0]
    first = check_text(HEADER + tag + "hand 1 dealer Y\n").to_dict()["files"][0]["games"][0]["hands"][0]
    assert "wrong-dealer" not in [f["kind"] for f in later["irregularities"]]
    assert "wrong-dealer" in [f["kind"] for f in first["irregularities"]]


def test_the_trump_card_said_turned_in_the_deal_is_no_fault_and_no_new_deal() -> None:
    """W7, W15 (L15): the dealer turns the last card face up anyway; `A turn 4D` of it opens no choice."""
    text = HEADER + "hand 1 dealer Z\nupcard 4D\nA turn 4D\n"
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [f["kind"] for f in hand["irregularities"]] == ["inconsistent-transcript"]
    assert "the trump card" in hand["irregularities"][0]["explanation"] and hand["pending"] == []


def test_turn_once_play_has_begun_says_a_card_shown_is_written_expose() -> None:
    """`turn` is a whist word for the deal; in play the finding points to `expose`, not to whist's words."""
    text = HEADER + "hand 1 dealer Z\nupcard 4D\ntrick 1: A 4H\nB turn 9C\n"
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    [finding] = hand["irregularities"]
    assert "written 'expose' (B expose 9C)" in finding["explanation"] and "no meaning" not in finding["explanation"]


def test_a_cut_finding_points_at_the_cut_tag_of_its_own_game() -> None:
    """W3: what is wrong with the cut is written in [Cut], also when a later game repeats the header."""
    game = HEADER + '[Cut "A 5H, Y 5H, B 2C, Z KD"]\n\nhand 1 dealer B\n'
    games = check_text(game + "\n" + game).to_dict()["files"][0]["games"]
    lines = [g["hands"][0]["irregularities"][0]["line"] for g in games]
    assert lines == [4, 11]


def test_a_trick_missed_by_an_adversary_of_a_hand_dealt_wrong_leaves_no_choice() -> None:
    """W62 (L19): A dealt 14 and B 12, the deal stood; then Y misses trick 2: players in error on both
    sides, so the same dealer deals again, and no note says the deal stood."""
    deal = ("hand 1 dealer Z\ndeal A: KH JD 2S TD 5D AS 4H KS 5S 6S 9C 2D QH 5C\n"
            "deal Y: AH 3S AC QC 4C 8H 3H 8S 7S 5H KD JS 4S\ndeal B: 9D 2H 2C 7H TC QS KC 6D QD TH 9H 3D\n"
            "deal Z: 7D JH TS 3C 6C 7C JC 6H AD 9S 8C 8D 4D\nupcard 4D\ntrick 1: A 4H, Y 5H, B TH, Z 6H\n"
            "trick 2: B 6D, Z AD, A TD\ntrick 3: Z 6C, A 9C, Y AC, B 2C\ntrick 4: Y 7S, B QS, Z 9S, A KS\n")
    hand = check_text(HEADER + deal).to_dict()["files"][0]["games"][0]["hands"][0]
    assert hand["status"] == "redeal" and hand["pending"] == [] and not hand.get("notes")
    assert [p["description"] for p in hand["penalties"]] == [
        "A, Y and B, adversaries, hold wrong numbers of cards: Z must deal again"]

"""A transcript means the same however its events are split into lines (notation.md §2.4).

Every case of cases/, its event lines re-flowed (one event per line; every run of events on one
line; cut at random, labels dropped or added, cards respelt: `reflow.py`), gives the verdict of
the case as written, lines and columns aside. The same holds for random games of every game,
written by their generators in random styles (`referee.engine.generators.write_in_style`), and
for random games of every game with irregularities of every kind planted in them (`planted.py`:
revokes, plays, leads and bids out of turn, exposed cards, take-backs, claims, ...).
"""

from __future__ import annotations

import functools
import importlib
import random
from pathlib import Path
from typing import Any

import pytest
from examples import examples
from expectations import expected_verdict
from hypothesis import example, given, settings
from hypothesis import strategies as st
from planted import plant, sloppy_rules
from reflow import SPLITS, Piece, Style, pieces, positionless, reflow

from referee import check_text
from referee.games import registry
from referee.output.fmt import format_text

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))


@functools.cache
def original(transcript: Path) -> tuple[str | None, Any, list[Piece]]:
    """A case's house rules, verdict (positionless) and pieces: worked out once per case."""
    text = transcript.read_text("utf-8")
    rules = expected_verdict(transcript).get("cli_rules")
    return rules, positionless(check_text(text, rules).to_dict()), pieces(text, rules)


def assert_same(transcript: Path, style: Style, formatted: bool = False) -> None:
    """The case re-flowed in `style` (and then, with `formatted`, put in canonical form by fmt)
    gives the case's verdict."""
    rules, verdict, items = original(transcript)
    flowed = reflow(items, style)
    assert positionless(check_text(flowed, rules).to_dict()) == verdict, f"{style}\n{flowed}"
    if formatted and check_text(flowed, rules).exit_code != 2:
        canonical = format_text(flowed, rules)
        assert positionless(check_text(canonical, rules).to_dict()) == verdict, f"{style}\n{canonical}"


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_one_event_to_a_line_and_one_run_to_a_line(transcript: Path) -> None:
    assert_same(transcript, Style("event"))
    assert_same(transcript, Style("run"))


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(TRANSCRIPTS), st.sampled_from(SPLITS), st.booleans(), st.booleans(),
       st.integers(min_value=0, max_value=2**32 - 1))
def test_a_case_means_the_same_in_any_style(transcript: Path, split: str, labels: bool, respell: bool,
                                            seed: int) -> None:
    assert_same(transcript, Style(split, labels, respell, seed), formatted=True)


SEVERAL = sorted(CASES.glob("*/several-tricks-on-a-line.ttn"))


@pytest.mark.parametrize("transcript", SEVERAL, ids=lambda p: p.parent.name)
def test_a_second_card_to_a_completed_trick_is_written_on_a_labelled_line_in_every_game(transcript: Path) -> None:
    """`trick 1: P C` after trick 1 is complete, by a player who played to it, is a second card
    given to it (the game's played-twice law), in every game; fmt keeps that line as it is."""
    canonical = format_text(transcript.read_text("utf-8"))
    lines = canonical.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("trick 1: "))
    second = lines[first + 1].removeprefix("trick 2: ").split(", ")[1]  # a card played to trick 2, not its lead
    lines.insert(first + 1, f"trick 1: {second}")
    text = "\n".join(lines) + "\n"
    game = check_text(text).to_dict()["files"][0]["games"][0]
    finding = game["hands"][0]["irregularities"][0]
    assert (finding["kind"], finding["player"], finding["trick"]) == ("play-out-of-turn", second.split()[0], 1)
    assert finding["rule"] == f"{game['game']}.play.played-twice"
    assert f"\ntrick 1: {second}\n" in format_text(text)


@pytest.mark.parametrize("transcript", SEVERAL, ids=lambda p: p.parent.name)
def test_the_winner_of_a_trick_leading_on_its_line_leads_the_next_trick(transcript: Path) -> None:
    """The normal course of play reads as the normal course: every trick of the hand on the line
    labelled ``trick 1:`` is the hand written one trick per line."""
    canonical = format_text(transcript.read_text("utf-8"))
    lines = canonical.splitlines()
    plays = [line.split(": ", 1)[1].split("  #")[0] for line in lines if line.startswith("trick ")]
    others = [line for line in lines if not line.startswith("trick ") and not line.startswith("recorded")]
    recorded = [line for line in lines if line.startswith("recorded")]
    joined = "\n".join([*others, "trick 1: " + ", ".join(plays), *recorded]) + "\n"
    assert positionless(check_text(joined).to_dict()) == positionless(check_text(canonical).to_dict())
    assert check_text(joined).exit_code == 0


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(sorted(registry())), st.integers(min_value=0, max_value=2**32 - 1),
       st.integers(min_value=0, max_value=2**32 - 1))
def test_a_generated_game_means_the_same_in_any_style(name: str, seed: int, style: int) -> None:
    """A random game (Boston's with planted revokes, so that findings too must not move) written
    one trick per line, and the same game written in random styles: the same verdict."""
    game = registry()[name]
    extra = {"plant_revokes": True} if name == "boston" else {}
    plain = game.random_game(random.Random(seed), 3, **extra)  # type: ignore[attr-defined]
    styled = game.random_game(random.Random(seed), 3, style=random.Random(style), **extra)  # type: ignore[attr-defined]
    verdict = check_text(styled)
    assert verdict.summary.errors == 0, styled
    assert positionless(verdict.to_dict()) == positionless(check_text(plain).to_dict()), styled


def test_the_winner_leading_on_the_line_of_the_trick_he_won_is_not_a_second_card() -> None:
    """The issue's transcript: Zoë won trick 1 and leads trick 2 on the same line (Boston read her
    5C, and every later card, as second cards given to trick 1 under law 19)."""
    text = ('[Game "boston"]\n[Players "Dot Zoë Eve Jon"]\nhand 1 dealer Jon\n'
            "Dot bid 6, Zoë pass, Eve pass, Jon pass\nDot name spades\n"
            "trick 1: Dot 5H, Zoë 8H, Eve 6H, Jon 4H, Zoë 5C, Eve 7C, Jon JC, Dot TC\n")
    verdict = check_text(text)
    hand = verdict.to_dict()["files"][0]["games"][0]["hands"][0]
    assert verdict.exit_code == 0 and hand["irregularities"] == []
    assert [(t["number"], t["leader"], t["winner"]) for t in hand["tricks"]] == [(1, "Dot", "Zoë"), (2, "Zoë", "Jon")]


def test_a_labelled_card_its_player_does_not_hold_is_not_given_to_the_completed_trick() -> None:
    """With the deal written, a card its player does not hold cannot be a second card he gave:
    it is read as played (to the next trick), and the label and the card are both findings."""
    case = (CASES / "boston" / "two-cards-to-one-trick.ttn").read_text("utf-8")
    text = "\n".join("trick 1: B 2S" if line.startswith("trick 1: B 8H") else line for line in case.splitlines())
    hand = check_text(text + "\n").to_dict()["files"][0]["games"][0]["hands"][0]
    first, second = hand["irregularities"][:2]
    assert (first["kind"], first["trick"]) == ("inconsistent-transcript", 2)
    assert (second["kind"], second["player"]) == ("card-not-held", "B")
    assert not [f for f in hand["irregularities"] if f["rule"] == "boston.play.played-twice" and f["trick"] == 1]


def own_play_rules(name: str) -> Any:
    """A game's own laws of play, as its generator uses them."""
    return importlib.import_module(f"referee.games.{name.replace('-', '_')}.generator").own_play_rules


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(sorted(registry())), st.integers(min_value=0, max_value=2**32 - 1),
       st.sampled_from(SPLITS), st.booleans(), st.booleans())
@example("auction-pitch", 183280, "event", False, False)  # a wrong label heading a retract's line
@example("whist", 5075856, "event", False, False)  # a label whose meaning hangs on an earlier kept label
def test_a_game_with_planted_irregularities_means_the_same_in_any_style(name: str, seed: int, split: str,
                                                                        labels: bool, respell: bool) -> None:
    """A random game of any game, revokes and one to three irregularities of any kind planted in
    it, re-flowed in any style and put in canonical form by fmt: the verdict of the game as written."""
    rng = random.Random(seed)
    game = registry()[name]
    text = game.random_game(rng, 2, rules_for=sloppy_rules(own_play_rules(name), rng,  # type: ignore[attr-defined]
                                                           rng.choice((0.0, 0.05))))
    text, planted = plant(text, rng, rng.randint(1, 3))
    checked = check_text(text)
    verdict = positionless(checked.to_dict())
    flowed = reflow(pieces(text), Style(split, labels, respell, rng.randrange(2**32)))
    assert positionless(check_text(flowed).to_dict()) == verdict, f"{planted}\n{text}\n{flowed}"
    if checked.exit_code != 2:
        canonical = format_text(text)
        assert positionless(check_text(canonical).to_dict()) == verdict, f"{planted}\n{text}\n{canonical}"


def test_a_card_written_again_after_the_last_trick_stays_out_of_the_tricks_in_fmt() -> None:
    """E leads QH out of turn to the last trick, which S, W and N play out (S, next in turn, played to
    it first), then writes QH again: the replay keeps the first QH in trick 5 and finds the second
    after the last trick. fmt must not
    move the second into trick 5 on a labelled line of its own (it did, matching cards by name),
    which reads as a wrong label: a finding the transcript as written does not have."""
    text = ('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\nhand 1 dealer E\n'
            "deal N: AD AH 9C TD TC\ndeal E: 9D 9H TS JH QH\ndeal S: KD JS KC QS AS\n"
            "deal W: AC KS TH KH QD\nupcard QC\nS order\nE discard QC\n"
            "trick 1: S QS, W KS, N TD, E TS\ntrick 2: W TH, N AH, E JH, S JS\n"
            "trick 3: S KC, W AC, N 9C, E 9H\ntrick 4: W QD, N AD, E 9D, S KD\n"
            "trick 5: E QH, S AS, W KH, N TC, E QH\n")
    canonical = format_text(text)
    assert "\ntrick 5: E QH\n" not in canonical
    assert positionless(check_text(canonical).to_dict()) == positionless(check_text(text).to_dict())
    hand = check_text(canonical).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [f["kind"] for f in hand["irregularities"]] == ["lead-out-of-turn", "inconsistent-transcript"]

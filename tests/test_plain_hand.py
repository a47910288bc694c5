"""`HandReplay.plain`: while it holds, `play_card` passes over the states the laws leave for a later
card, so whatever sets one of them must first have made the hand no longer plain (a finding, a
choice, a call, a card exposed or sent back, play begun with seats sitting out or a deal short or
not written). A new such state, or a new way into one, that forgets it would go unnoticed by the
cases (its card checks are simply skipped): here every case, and random hands of every game, are
replayed with `play_card` checking it before and after each card."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from expectations import expected_verdict

from referee.check import Collector, check_files, check_text
from referee.engine.replay import HandReplay
from referee.games import registry

CASES = sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn"))

RARE_STATES = ("sitting_out", "due_back", "held_aside", "false_lead", "choices", "lead_groups", "suspected",
               "requirements", "unwritten", "runs_short", "exposed")
"""The states `play_card` passes over in a plain hand (`before_card`, `card_bound`, `after_card`)."""


@pytest.fixture
def checked_play(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """`play_card` made to note each card played in a plain hand with a rare state set; the notes."""
    broken: list[str] = []
    play_card = HandReplay.play_card

    def check(hand: HandReplay, event: Any, when: str) -> None:
        if hand.plain and hand.table is not None:  # `unwritten` is first worked out as play begins
            found = [name for name in RARE_STATES if getattr(hand, name)]
            if found:
                broken.append(f"{hand.game} hand {hand.number}, {when} {event.player} {event.card}: {found}")

    def checked(hand: HandReplay, event: Any) -> None:
        check(hand, event, "before")
        play_card(hand, event)
        check(hand, event, "after")

    monkeypatch.setattr(HandReplay, "play_card", checked)
    return broken


@pytest.mark.pure_only("a compiled class's methods cannot be replaced")
def test_no_rare_state_in_a_plain_hand(checked_play: list[str]) -> None:
    for case in CASES:
        check_files([str(case)], Collector(), expected_verdict(case).get("cli_rules"))
    for game in registry().values():
        if hasattr(game, "random_game"):
            check_text("".join(game.random_game(random.Random(seed), 10) for seed in range(5)))
    assert not checked_play

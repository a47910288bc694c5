"""OpenSpiel as an independent oracle for the euchre referee.

Why: OpenSpiel's euchre is a separate implementation of the same game.  Hands
it plays with random legal actions are regular by construction and come with
OpenSpiel's score, so our referee must report no irregularity, a complete hand,
the same score delta, and agreement with the ``recorded`` line.  A failure
prints the transcript so it can be turned into a case file.

Skipped when ``pyspiel`` (PyPI ``open-spiel``) is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import referee

pyspiel = pytest.importorskip("pyspiel")

SEED = 2083
"""Chosen because its first HAND_COUNT hands cover every case the coverage test
below asks for (random play rarely reaches the stuck dealer or a lone march)."""
HAND_COUNT = 200


def _load_generator() -> ModuleType:
    """Load the sibling ``openspiel_euchre.py`` by path.

    By path rather than by import name so it works whatever pytest's import
    mode is and whether or not ``tests`` becomes a package.
    """
    path = Path(__file__).with_name("openspiel_euchre.py")
    spec = importlib.util.spec_from_file_location("openspiel_euchre", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


@cache
def _transcripts() -> list[tuple[str, dict[str, int]]]:
    """The hands, generated once per session (cheap: well under a second)."""
    result: list[tuple[str, dict[str, int]]] = _load_generator().random_transcripts(
        SEED, HAND_COUNT
    )
    return result


def _hands(verdict: dict[str, Any]) -> list[dict[str, Any]]:
    """All hand verdicts in a verdict dict (files -> games -> hands, notation.md §5)."""
    games = [g for f in verdict.get("files", [verdict]) for g in f.get("games", [])]
    return [h for g in games for h in g.get("hands", [])]


def _why(text: str, verdict: dict[str, Any], problem: str) -> str:
    """Failure message: the problem, the transcript, and the verdict."""
    return (
        f"{problem}\n--- transcript (OpenSpiel seed {SEED}) ---\n{text}"
        f"--- verdict ---\n{json.dumps(verdict, indent=1, default=str)}"
    )


@pytest.mark.parametrize("index", range(HAND_COUNT), ids=lambda i: f"hand{i}")
def test_referee_agrees_with_openspiel(index: int) -> None:
    text, expected = _transcripts()[index]
    d = referee.check_text(text).to_dict()

    summary = d["summary"]
    assert summary.get("errors", 0) == 0, _why(text, d, "transcript did not parse")
    assert summary["irregularities"] == 0, _why(
        text, d, "irregularity found in a legal hand"
    )

    hands = _hands(d)
    assert len(hands) == 1, _why(
        text, d, f"expected exactly one hand, got {len(hands)}"
    )
    hand = hands[0]
    # stick-the-dealer: the hand is always played out, never thrown in.
    assert hand["status"] == "complete", _why(text, d, f"status {hand['status']!r}")
    delta = {team: hand["score_delta"].get(team, 0) for team in expected}
    assert delta == expected, _why(
        text, d, f"score_delta {hand['score_delta']} != OpenSpiel {expected}"
    )
    recorded = hand.get("recorded")
    if recorded is not None:
        assert recorded.get("agrees") is True, _why(
            text, d, "referee disagrees with the recorded line"
        )


def _kinds(text: str) -> set[str]:
    """Which interesting situations one transcript contains (by its text)."""
    lines = text.splitlines()
    seats = "NESW"
    dealer = next(line.split()[-1] for line in lines if line.startswith("hand "))
    bidding = [line for line in lines if re.match(r"[NESW] (pass|order|name)\b", line)]
    loners = [line[0] for line in lines if line.endswith(" alone")]
    kinds = set()
    if len(bidding) == 2:
        kinds.add("second round")
        if bidding[1].count(",") == 3:
            kinds.add("stuck dealer")
    if f"{dealer} order" in text:
        kinds.add("dealer takes up")
    if loners:
        kinds.add("lone hand")
        if seats.index(loners[0]) == (seats.index(dealer) + 3) % 4:
            kinds.add("lead skips the loner's partner")
        if text.rstrip().endswith("+4"):
            kinds.add("lone march")
    return kinds


def test_batch_covers_the_interesting_cases() -> None:
    """Guard against a SEED/HAND_COUNT change that quietly loses coverage."""
    seen = set().union(*(_kinds(text) for text, _ in _transcripts()))
    wanted = {
        "second round",
        "stuck dealer",
        "dealer takes up",
        "lone hand",
        "lead skips the loner's partner",
        "lone march",
    }
    assert wanted <= seen, f"missing: {sorted(wanted - seen)}"

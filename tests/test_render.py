"""The streaming JSON writer spells each hand itself; it must say exactly what `to_dict` says."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.check import check_text
from referee.engine.verdict import Verdict
from referee.games import registry
from referee.output.render import _json, hand_json

CASES = sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn"))


def assert_hands_match(verdict: Verdict) -> int:
    hands = 0
    for file in verdict.files:
        for game in file.games:
            for hand in game.hands:
                assert hand_json(hand) == _json(hand.to_dict())
                hands += 1
    return hands


@pytest.mark.parametrize("transcript", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_case_hand_is_written_as_its_dict_encodes(transcript: Path, case_verdict: Callable[[Path], Any]) -> None:
    assert_hands_match(case_verdict(transcript).verdict)


@pytest.mark.parametrize("game", sorted(registry()))
def test_random_hands_are_written_as_their_dicts_encode(game: str) -> None:
    text = registry()[game].random_game(random.Random(7), 10)  # type: ignore[attr-defined]
    assert assert_hands_match(check_text(text)) == 10


@pytest.mark.parametrize("value", [
    {"name": "Zoë ♠", "score": -3, "pool": 1.5, "tags": [None, True, False], "nested": {"a": [1, {"b": "\n\t\"x\""}]}},
    [], {}, "plain", 0, ["10♥", "AS"], {"\u2028": "\x00\x1f"},
])
def test_the_encoder_built_once_writes_what_json_dumps_writes(value: Any) -> None:
    """`_json` calls the C encoder built once at import; it must write exactly `json.dumps`'s text."""
    assert _json(value) == json.dumps(value, ensure_ascii=False)

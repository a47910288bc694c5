"""A text's story is told in one pass (the check pairs each verdict with the record in hand);
it must be exactly the story `pair` makes from a second reading of the text."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from referee.check import check_text
from referee.games import registry
from referee.notation.reader import read_transcript
from referee.output.story import _story, story_of_text

CASES = Path(__file__).resolve().parent.parent / "cases"


def _read_twice(text: str) -> object:
    verdict = check_text(text)
    verdict.files[0].path = "-"
    return _story(verdict, list(read_transcript(io.BytesIO(text.encode("utf-8")))), verdict.exit_code)


@pytest.mark.parametrize("case", sorted(p.relative_to(CASES).as_posix() for p in CASES.glob("*/*.ttn")))
def test_the_story_read_once_is_the_story_read_twice(case: str) -> None:
    text = (CASES / case).read_text("utf-8")
    assert story_of_text(text, None, "-") == _read_twice(text)


def test_a_game_begun_without_a_header_keeps_the_tags_of_the_game_before() -> None:
    story = story_of_text((CASES / "auction-pitch" / "play-after-game-won.ttn").read_text("utf-8"))
    assert len(story.games) == 2 and story.games[1].tags == story.games[0].tags and story.games[1].hands


@pytest.mark.parametrize("name", sorted(registry()))
def test_random_games_are_told_alike(name: str) -> None:
    game = registry()[name]
    if hasattr(game, "random_game"):
        text = "\n".join(game.random_game(random.Random(seed), 12) for seed in range(2))
        assert story_of_text(text, None, "-") == _read_twice(text)

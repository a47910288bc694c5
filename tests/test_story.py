"""A text's story is told in one pass: the checker hands every sink each verdict with the record
it was decided from. Told in memory, streamed hand by hand or read from a file, it is the same
story, and each hand's verdict sits beside the record written at its line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.games import registry
from referee.output.story import GameStory, HandStory, story_of_file, story_of_text, stream_file

CASES = Path(__file__).resolve().parent.parent / "cases"


class _Streamed:
    """A `StoryReader` keeping what `stream_file` tells it, to compare with the story in memory."""

    def __init__(self) -> None:
        self.games: list[GameStory] = []
        self.problems: list[str] = []

    def game(self, game: GameStory) -> None:
        self.games.append(GameStory(game.tags, game.verdict))

    def hand(self, game: GameStory, hand: HandStory) -> None:
        self.games[-1].hands.append(hand)

    def end_game(self, game: GameStory) -> None:
        pass

    def problem(self, text: str) -> None:
        self.problems.append(text)


def _told_alike(text: str, tmp_path: Path) -> None:
    path = tmp_path / "t.ttn"
    path.write_text(text, "utf-8")
    story = story_of_text(text, None, str(path))
    assert story_of_file(str(path)) == story
    streamed = _Streamed()
    status = stream_file(str(path), streamed)
    def told(games: list[GameStory]) -> list[object]:  # a streamed game's verdict keeps no hands
        return [(g.tags, g.verdict.line, g.verdict.final_score, g.verdict.winner, g.hands) for g in games]

    assert (told(streamed.games), streamed.problems, status) == (told(story.games), story.problems, story.exit_code)
    for game in story.games:
        assert [h.verdict for h in game.hands] == game.verdict.hands
        for hand in game.hands:
            assert hand.record.header.at.line == hand.verdict.line


@pytest.mark.parametrize("case", sorted(p.relative_to(CASES).as_posix() for p in CASES.glob("*/*.ttn")))
def test_the_story_in_memory_streamed_and_from_a_file_agree(case: str, tmp_path: Path) -> None:
    _told_alike((CASES / case).read_text("utf-8"), tmp_path)


def test_a_game_begun_without_a_header_keeps_the_tags_of_the_game_before(tmp_path: Path) -> None:
    text = (CASES / "auction-pitch" / "play-after-game-won.ttn").read_text("utf-8")
    story = story_of_text(text)
    assert len(story.games) == 2 and story.games[1].tags == story.games[0].tags and story.games[1].hands
    _told_alike(text, tmp_path)  # streamed, it keeps them too


@pytest.mark.parametrize("name", sorted(registry()))
def test_random_games_are_told_alike(name: str, tmp_path: Path) -> None:
    game = registry()[name]
    if hasattr(game, "random_game"):
        _told_alike("\n".join(game.random_game(random.Random(seed), 12) for seed in range(2)), tmp_path)

"""A checked transcript as a story: each hand's transcript records beside the verdict on it.

`explain`, `report` and `fmt` all need both what was written (the records, with their lines)
and what the referee made of it (the verdict: tricks, findings, scores). The checker hands
every sink each hand's verdict with its record (`check.Sink`), so this module only keeps them
side by side, for every game and every hand, without knowing any game.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..check import Checker, Collector
from ..engine.verdict import GameVerdict, HandVerdict, Summary
from ..notation import events as ev
from ..notation.inputs import DAMAGED, open_binary
from ..notation.reader import GameStart, HandRecord, Problem
from .render import format_problem


@dataclass(frozen=True, slots=True)
class HandStory:
    """One hand: what the transcript says (`record`) and what the referee decided (`verdict`)."""

    record: HandRecord
    verdict: HandVerdict

    def deals(self) -> dict[str, tuple[str, ...]]:
        """The cards each player was dealt, as written in the ``deal`` lines (canonical spelling)."""
        return {line.player: tuple(c.text for c in line.cards)
                for line in self.record.lines if isinstance(line, ev.DealLine)}

    def events(self) -> Iterator[tuple[ev.EventLine, ev.Event]]:
        for line in self.record.lines:
            if isinstance(line, ev.EventLine):
                for event in line.events:
                    yield line, event

    def trick_of_play(self) -> dict[ev.Span, int]:
        """The trick each play went to, keyed by where the play is written; plays taken back are
        absent. A card may be written twice but go once into a trick (taken back and played
        again, played twice, played after the last trick): the replay's trace says which."""
        return {play.at: play.trick for play in self.verdict.trace.plays}


@dataclass(slots=True)
class GameStory:
    """One game: its header tags, its verdict and its hands."""

    tags: dict[str, str]
    verdict: GameVerdict
    hands: list[HandStory] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.tags.get("Players", "").split())

    @property
    def partners(self) -> tuple[str, ...]:
        return tuple(self.tags.get("Partners", "").split())


@dataclass(slots=True)
class FileStory:
    """A whole file: its games, and every problem as ``file:line:col: message — hint``."""

    path: str
    games: list[GameStory]
    problems: list[str]
    exit_code: int


def story_of_text(text: str, rules: str | None = None, path: str = "<text>",
                  checker_for: Callable[[Collector, str | None], Checker] = Checker) -> FileStory:
    """The story of a transcript given as text (pure: no I/O). `checker_for` makes the checker
    (the desk's keeps the session before the last hand, to replay that hand again)."""
    collector = StoryCollector()
    checker = checker_for(collector, rules)
    checker.summary.files += 1
    checker.sink.begin_file(path)
    checker.check_stream(io.BytesIO(text.encode("utf-8", "surrogatepass")))
    checker.sink.end_file()
    return collector.story(checker.finish())


def story_of_file(path: str, rules: str | None = None) -> FileStory:
    """The story of a transcript file (``-``: standard input), checked exactly as ``referee check`` checks it."""
    collector = StoryCollector()
    checker = Checker(collector, rules)
    checker.check_path(path)
    return collector.story(checker.finish())


class StoryCollector(Collector):
    """A `Collector` that also keeps each game's and hand's verdict beside the header and the
    record the checker hands it with: a text's story is read once."""

    def __init__(self) -> None:
        super().__init__()
        self.stories: list[GameStory] = []

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        super().begin_game(game, header)
        self.stories.append(GameStory({t.name: t.value for t in header.tags}, game))

    def hand(self, verdict: HandVerdict, record: HandRecord) -> None:
        super().hand(verdict, record)
        self.stories[-1].hands.append(HandStory(record, verdict))

    def story(self, summary: Summary) -> FileStory:
        """The file's story, once the checker has finished with its `summary`."""
        file_verdict = self.verdict.files[0]
        problems = [format_problem(file_verdict.path, p) for p in file_verdict.errors]
        return FileStory(file_verdict.path, self.stories, problems, summary.exit_code)


# ---- streaming: one hand at a time, for archives of any size -----------------------------

class StoryReader(Protocol):
    """Receives a file's story as it is checked: each game as it starts, each hand as it is
    decided (its `GameStory` keeps no hands, so memory stays flat), each game as it ends (its
    verdict's final score filled in), and each problem as ``file:line:col: message — hint``."""

    def game(self, game: GameStory) -> None: ...
    def hand(self, game: GameStory, hand: HandStory) -> None: ...
    def end_game(self, game: GameStory) -> None: ...
    def problem(self, text: str) -> None: ...


def stream_file(path: str, reader: StoryReader, rules: str | None = None) -> int:
    """Check `path` exactly as ``referee check`` does, telling `reader` its story as it goes;
    returns the exit status. Nothing is kept between hands."""
    checker = Checker(_StorySink(reader), rules)
    checker.check_path(path)
    return checker.finish().exit_code


def replay_story(story: FileStory, reader: StoryReader) -> None:
    """Tell `reader` a story already built in memory, as `stream_file` would tell it."""
    for game in story.games:
        reader.game(GameStory(game.tags, game.verdict))
        for hand in game.hands:
            reader.hand(game, hand)
        reader.end_game(game)
    for problem in story.problems:
        reader.problem(problem)


class _StorySink:
    """The `Sink` behind `stream_file`: tells each verdict with the record it was decided from, and
    a hand with a choice open with what each option leads to (`HandVerdict.answered`)."""

    shows_options = True

    def __init__(self, reader: StoryReader) -> None:
        self.reader = reader
        self.path = ""
        self.game: GameStory | None = None

    def begin_file(self, path: str) -> None:
        self.path = path

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        self.game = GameStory({t.name: t.value for t in header.tags}, game)
        self.reader.game(self.game)

    def hand(self, verdict: HandVerdict, record: HandRecord) -> None:
        if self.game is not None:
            self.reader.hand(self.game, HandStory(record, verdict))

    def end_game(self, game: GameVerdict) -> None:
        if self.game is not None:
            self.reader.end_game(self.game)
        self.game = None

    def error(self, problem: Problem, line: int) -> None:
        self.reader.problem(format_problem(self.path, problem))

    def end_file(self) -> None:
        pass

    def finish(self, summary: Summary) -> None:
        pass


def several_games(path: str) -> bool:
    """Whether the file holds more than one game header, found by a byte scan (no parsing): a
    report numbers its games only then, and must know it before it writes the first one.

    A ``.gz`` file is scanned decompressed, as the checker reads it; a file that cannot be read
    says no here, and the checker then tells why in its own words.
    """
    if not os.path.isfile(path):
        return False
    games, in_header = 0, False
    try:
        with open_binary(path) as stream:
            while raw := stream.readline(1 << 16):
                line = raw.strip()
                if not line or line.startswith(b"#"):
                    continue
                if line.startswith(b"["):
                    if not in_header:
                        games, in_header = games + 1, True
                        if games > 1:
                            return True
                else:
                    in_header = False
    except DAMAGED:
        return False
    return False

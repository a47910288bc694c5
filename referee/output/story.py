"""A checked transcript as a story: each hand's transcript records beside the verdict on it.

`explain`, `report` and `fmt` all need both what was written (the records, with their lines)
and what the referee made of it (the verdict: tricks, findings, scores). This module pairs
them, for every game and every hand, without knowing any game: a game's verdict is matched to
its header by line, a hand's verdict to its ``hand`` line, and each play to the trick the
replay put it in.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..check import Checker, Collector, check_files
from ..engine.verdict import FileVerdict, GameVerdict, HandVerdict, Summary, Verdict
from ..notation import events as ev
from ..notation.inputs import DAMAGED, STDIN, open_binary, read_bytes
from ..notation.reader import GameStart, HandRecord, Problem, read_transcript
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
        """The trick each play went to, keyed by the play's position; plays taken back are absent.

        A card may appear twice in the transcript but once in a trick (taken back and played
        again, played twice, played after the last trick): the replay says where the card that
        went into the trick is written. A play it knows only as a pair (no position) is matched
        from the last one backwards: the card that stayed is most often the one played last.
        """
        wanted: dict[tuple[str, str], list[int]] = {}
        found: dict[ev.Span, int] = {}
        written = {event.at for _, event in self.events() if isinstance(event, ev.Play)}
        for trick in self.verdict.tricks:
            for i, (player, card) in enumerate(trick.plays):
                at = trick.at[i] if i < len(trick.at) else None
                if at is not None and at in written and at not in found:
                    found[at] = trick.number
                else:
                    wanted.setdefault((player, card), []).append(trick.number)
        for _, event in reversed(list(self.events())):
            if isinstance(event, ev.Play) and event.at not in found:
                numbers = wanted.get((event.player, event.card.text))
                if numbers:
                    found[event.at] = numbers.pop()
        return found


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


def pair(records: Iterable[object], verdict: FileVerdict) -> list[GameStory]:
    """Match the reader's games and hands with the verdict's, by the lines they start on."""
    games = {g.line: g for g in verdict.games}
    stories: list[GameStory] = []
    current: GameStory | None = None
    for item in records:
        if isinstance(item, GameStart):
            game = games.get(item.at.line)
            current = GameStory({t.name: t.value for t in item.tags}, game) if game is not None else None
            if current is not None:
                stories.append(current)
        elif isinstance(item, HandRecord) and current is not None:
            begun = games.get(item.header.at.line)
            if begun is not None:  # a game begun at this hand without a header of its own (Auction Pitch)
                current = GameStory(dict(current.tags), begun)
                stories.append(current)
            hand = next((h for h in current.verdict.hands if h.line == item.header.at.line), None)
            if hand is not None:
                current.hands.append(HandStory(item, hand))
    return stories


def story_of_text(text: str, rules: str | None = None, path: str = "<text>",
                  checker_for: Callable[[Collector, str | None], Checker] = Checker) -> FileStory:
    """The story of a transcript given as text (pure: no I/O). `checker_for` makes the checker
    (the desk's keeps the session before the last hand, to replay that hand again)."""
    return _story_of_bytes(text.encode("utf-8", "surrogatepass"), rules, path, checker_for)


def _story_of_bytes(data: bytes, rules: str | None, path: str,
                    checker_for: Callable[[Collector, str | None], Checker] = Checker) -> FileStory:
    collector = _PairingCollector()
    checker = collector.checker = checker_for(collector, rules)
    checker.summary.files += 1
    checker.sink.begin_file(path)
    checker.check_stream(io.BytesIO(data))
    checker.sink.end_file()
    summary = checker.finish()
    file_verdict = collector.verdict.files[0]
    problems = [format_problem(file_verdict.path, p) for p in file_verdict.errors]
    return FileStory(file_verdict.path, collector.stories, problems, summary.exit_code)


class _PairingCollector(Collector):
    """A `Collector` that also pairs each game's and hand's verdict with the record the checker
    has in hand, as `pair` does from a second reading: a text's story is read once, not twice
    (the reading is half the time of a check)."""

    def __init__(self) -> None:
        super().__init__()
        self.checker: Checker | None = None  # whose `item` is the record being checked
        self.stories: list[GameStory] = []

    def begin_game(self, game: GameVerdict) -> None:
        super().begin_game(game)
        item = self.checker.item if self.checker else None
        if isinstance(item, GameStart):
            tags = {t.name: t.value for t in item.tags}
        else:  # a game begun at a hand without a header of its own (Auction Pitch): the last one's tags
            tags = dict(self.stories[-1].tags) if self.stories else {}
        self.stories.append(GameStory(tags, game))

    def hand(self, hand: HandVerdict) -> None:
        super().hand(hand)
        item = self.checker.item if self.checker else None
        if isinstance(item, HandRecord) and self.stories:
            self.stories[-1].hands.append(HandStory(item, hand))


def story_of_file(path: str, rules: str | None = None) -> FileStory:
    """The story of a transcript file, checked exactly as ``referee check`` checks it.

    Standard input (``-``) is read once and kept, as the story reads the transcript twice.
    """
    if path == STDIN:
        return _story_of_bytes(read_bytes(path), rules, path)
    collector = Collector()
    summary = check_files([path], collector, rules)
    file_verdict = collector.verdict.files[0]
    records: list[object] = []
    if not file_verdict.errors or file_verdict.games:
        try:
            with open_binary(path) as stream:
                records = list(read_transcript(stream))
        except DAMAGED:  # a damaged .gz file: the hands read before the damage are told
            pass
    return _story(collector.verdict, records, summary.exit_code)


def _story(verdict: Verdict, records: list[object], exit_code: int) -> FileStory:
    file_verdict = verdict.files[0]
    problems = [format_problem(file_verdict.path, p) for p in file_verdict.errors]
    return FileStory(file_verdict.path, pair(records, file_verdict), problems, exit_code)


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
    sink = _StorySink(reader)
    checker = sink.checker = Checker(sink, rules)
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
    """The `Sink` behind `stream_file`: pairs each verdict with the record the checker has in hand."""

    def __init__(self, reader: StoryReader) -> None:
        self.reader = reader
        self.path = ""
        self.game: GameStory | None = None
        self.checker: Checker | None = None  # whose `item` is the record being checked

    def begin_file(self, path: str) -> None:
        self.path = path

    def begin_game(self, game: GameVerdict) -> None:
        item = self.checker.item if self.checker else None
        tags = {t.name: t.value for t in item.tags} if isinstance(item, GameStart) else {}
        self.game = GameStory(tags, game)
        self.reader.game(self.game)

    def hand(self, hand: HandVerdict) -> None:
        item = self.checker.item if self.checker else None
        if self.game is not None and isinstance(item, HandRecord):
            self.reader.hand(self.game, HandStory(item, hand))

    def end_game(self, game: GameVerdict) -> None:
        if self.game is not None:
            self.reader.end_game(self.game)
        self.game = None

    def error(self, problem: Problem) -> None:
        self.reader.problem(format_problem(self.path, problem))

    def end_file(self) -> None:
        pass

    def finish(self, summary: Summary) -> None:
        pass


def several_games(path: str) -> bool:
    """Whether the file holds more than one game header, found by a byte scan (no parsing): a
    report numbers its games only then, and must know it before it writes the first one."""
    if not os.path.isfile(path):
        return False
    games, in_header = 0, False
    with open(path, "rb") as stream:
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
    return False

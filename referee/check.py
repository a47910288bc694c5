"""Checking transcripts: the reader, the games and the output, wired together as a stream.

Hands are adjudicated one at a time and handed to a `Sink` as soon as they are decided, so a
million-hand archive is checked in constant memory; `Collector` is the sink that keeps
everything, for the library API and the tests.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from heapq import merge
from typing import BinaryIO, Protocol, cast

from .engine.header import SetupReader
from .engine.session import GameSession
from .engine.verdict import FileVerdict, GameVerdict, HandVerdict, Summary, Verdict
from .games import Session, registry
from .notation import events as ev
from .notation.inputs import DAMAGED, STDIN, compressed, open_binary
from .notation.limits import MAX_ERRORS, MAX_FINDINGS
from .notation.reader import (
    FileProblem,
    GameStart,
    HandRecord,
    Item,
    Problem,
    more_problems,
    parse_line,
    read_transcript,
)
from .notation.records import replace
from .notation.vocabulary import vocabulary


class Sink(Protocol):
    """Receives the verdict piece by piece, in file order, each piece with the record it was
    decided from: whoever tells what was written beside what was decided (explain, report, fmt,
    the desk) pairs nothing.

    `begin_game` gets the header whose tags the game is played under (a game begun by a hand
    with no header of its own, as Auction Pitch plays on after a game is won, keeps the last
    one's); `error` gets the line where the record the problem spoils begins (a game's header, a
    hand's first line; the problem's own line for a problem of the file), so that a sink that
    splits a file by lines knows which part a problem belongs to.

    A sink for people may also show what each option of a hand's open choice would lead to
    (`output.choosing`): one with ``shows_options`` true gets, in the verdict of the hand a game's
    transcript stops in, each answering line with the hand replayed with it (`HandVerdict.answered`,
    `options_replayed`). The checker feeding it copies the game's session once per game, before its
    last hand, and replays nothing else; a sink without it (JSON, annotations, the desk) pays nothing.
    """

    def begin_file(self, path: str) -> None: ...
    def begin_game(self, game: GameVerdict, header: GameStart) -> None: ...
    def hand(self, verdict: HandVerdict, record: HandRecord) -> None: ...
    def end_game(self, game: GameVerdict) -> None: ...
    def error(self, problem: Problem, line: int) -> None: ...
    def end_file(self) -> None: ...
    def finish(self, summary: Summary) -> None: ...


class Collector:
    """A sink that builds the whole `Verdict` in memory."""

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._file: FileVerdict | None = None
        self._game: GameVerdict | None = None
        self._hidden = 0

    def begin_file(self, path: str) -> None:
        self._file = FileVerdict(path)
        self.verdict.files.append(self._file)
        self._hidden = 0

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        assert self._file is not None
        self._game = game
        self._file.games.append(game)

    def hand(self, verdict: HandVerdict, record: HandRecord) -> None:
        assert self._game is not None
        self._game.hands.append(verdict)

    def end_game(self, game: GameVerdict) -> None:
        self._game = None

    def error(self, problem: Problem, line: int) -> None:
        assert self._file is not None
        if len(self._file.errors) < MAX_ERRORS:  # as the JSON writer lists them
            self._file.errors.append(problem)
        else:
            self._hidden += 1

    def end_file(self) -> None:
        if self._hidden and self._file is not None:
            self._file.errors.append(more_problems(self._hidden))
        self._file = None

    def finish(self, summary: Summary) -> None:
        self.verdict.summary = summary


class Checker:
    """Checks files one after another, keeping the run's summary."""

    def __init__(self, sink: Sink, rules: str | None = None) -> None:
        self.sink = sink
        self.setups = SetupReader(registry(), rules)
        self.summary = Summary()
        self.shows_options: bool = getattr(sink, "shows_options", False)  # a writer for people: see `Sink`

    def check_path(self, path: str) -> None:
        """Check one file; ``-`` is standard input (for pipelines)."""
        self.summary.files += 1
        self.sink.begin_file(path)
        self.read_path(path)
        self.sink.end_file()

    def read_path(self, path: str) -> None:
        """Check the games of one file, already begun in the sink: ``-``, ``.gz`` or plain.

        A file that fails while it is read (a damaged ``.gz`` file, a disk or network error) is
        reported after what was read of it, and the run goes on to the next file.
        """
        problem = unreadable(path)
        if problem is not None:
            self._error(problem)
            return
        try:
            stream = open_input(path)
            with stream if path != STDIN else _kept_open(stream):
                self.check_stream(guarded(stream))
        except InputError as failed:
            self._error(failed.problem(path))

    def check_text(self, text: str, path: str = "<text>") -> None:
        self.summary.files += 1
        self.sink.begin_file(path)
        self.check_stream(io.BytesIO(text.encode("utf-8", "surrogatepass")))  # lone surrogates: reported, not raised
        self.sink.end_file()

    def check_stream(self, stream: BinaryIO, first_line: int = 1) -> bool:
        """Check every game of the stream; False when the file could not be read to its end."""
        session: Session | None = None
        game: GameVerdict | None = None
        dealer_known = False  # a hand of this game was adjudicated, so the next dealer is known
        complete = True

        def game_words() -> frozenset[str] | None:  # asked only to explain a line that does not parse
            if not isinstance(session, GameSession):
                return None
            events = type(session).event_words()
            return None if events is None else events | vocabulary().words_of.get(session.game.name, frozenset())

        header: GameStart | None = None  # the header the current game is played under
        failed: list[InputError] = []
        for item in _until_failed(read_transcript(stream, first_line, game_words), failed):
            if isinstance(item, FileProblem):
                self._error(item.problem)
                complete = complete and not item.fatal
            elif isinstance(item, GameStart):
                if game is not None and session is not None:
                    self._end_game(game, session)
                header = item
                setup, rules_game, problems = self.setups.read(item.tags, item.at, item.tag_refused)
                for problem, line in _header_problems(problems, item):
                    self._error(problem, line)
                session, game, dealer_known = None, None, False
                if setup is not None and rules_game is not None:
                    session = rules_game.session(setup)
                    game = GameVerdict(setup.game, dict(setup.options), dict(setup.info), item.at.line)
                    self.summary.games += 1
                    self.sink.begin_game(game, item)
            elif isinstance(item, HandRecord):
                if session is None:  # no header yet, or an unusable one: its hands are skipped
                    continue
                assert game is not None and header is not None
                if item.problems:  # an unreadable hand is a deal all the same: of the next game, if this one is over
                    session, game = self._game_of(session, game, header, item, dealer_known)
                    dealer_known = self._spoiled(session, game, item, item.problems) or dealer_known
                    continue
                if not dealer_known and item.header.dealer is None:  # (known: nearly every hand, asked first)
                    at = item.header.at
                    self._error(Problem(at.line, at.column, "the first hand of a game must name its dealer",
                                        "write e.g. 'hand 1 dealer W'; later hands may leave the dealer out"),
                                at.line)
                    continue
                session, game = self._game_of(session, game, header, item, dealer_known)
                session.take_as_written(item)
                before = _copied(session) if self.shows_options and not item.followed else None
                result = self._adjudicate(session, item)
                if isinstance(result, list):  # the session took this hand's dealer as written: only it tells the next
                    dealer_known = self._spoiled(session, game, item, result)
                    continue
                dealer_known = True
                self.summary.add_hand(result)
                if before is not None and result.pending:
                    result = replace(result, answered=options_replayed(before, item, result))
                self.sink.hand(result if len(result.irregularities) <= MAX_FINDINGS else _listed(result), item)
        if game is not None and session is not None:
            self._end_game(game, session)
        if failed:  # the game read so far is ended, as at the end of the file, so the output stays whole
            raise failed[0]
        return complete

    def _game_of(self, session: Session, game: GameVerdict, header: GameStart, record: HandRecord,
                 dealer_known: bool) -> tuple[Session, GameVerdict]:
        """The game hand `record` belongs to: this one, or, once it is over (won, or its deals played),
        the next, which a hand written on without a new header starts (`GameSession.next_game`)."""
        fresh = session.next_game(record) if dealer_known or not session.begun else None
        if fresh is None:
            return session, game
        self._end_game(game, session)
        game = GameVerdict(game.game, dict(game.rules), dict(game.info), record.header.at.line)
        self.summary.games += 1
        self.sink.begin_game(game, header)
        return fresh, game

    def _spoiled(self, session: Session, game: GameVerdict | None, record: HandRecord, problems: list[Problem]) -> bool:
        """Report the problems of a hand that cannot be used; the game goes on without it, and
        its final score will say so. True when the next dealer is known."""
        for problem in problems:
            self._error(problem, record.header.at.line)
        if game is not None:
            game.left_out.append(record.header.at.line)
        return session.skip_spoiled(record)

    def _adjudicate(self, session: Session, record: HandRecord) -> HandVerdict | list[Problem]:
        """Adjudicate one hand; a bug in the laws is reported against that hand, never as a traceback."""
        try:
            return session.hand(record)
        except Exception as error:  # noqa: BLE001 - the one place where any failure becomes a report
            at = record.header.at
            return [Problem(at.line, at.column,
                            f"internal error while checking this hand: {type(error).__name__}: {error}",
                            "this is a bug in referee; please report it with the transcript")]

    def finish(self) -> Summary:
        self.sink.finish(self.summary)
        return self.summary

    def _end_game(self, game: GameVerdict, session: Session) -> None:
        game.final_score = session.final_score()
        game.pool = session.pool()
        game.winner = session.winner()
        self.sink.end_game(game)

    def _error(self, problem: Problem, line: int | None = None) -> None:
        """Count and tell a problem; `line` is where the record it spoils begins (else its own line)."""
        self.summary.errors += 1
        self.sink.error(problem, problem.line if line is None else line)


def _header_problems(problems: list[Problem], header: GameStart) -> Iterable[tuple[Problem, int]]:
    """The problems of a header's tags, and of the lines among and after them that could not be
    read (`header.problems`), in the order of their lines; each with the line it is told at."""
    told = [(problem, header.at.line) for problem in problems]
    if not header.problems:  # nearly always: nothing to merge
        return told
    return merge(told, [(problem, problem.line) for problem in header.problems], key=_problem_line)


def _problem_line(told: tuple[Problem, int]) -> int:
    return told[0].line


class InputError(Exception):
    """Reading a transcript failed: told apart from an OSError writing the output, which the
    command line reports as such (``> /dev/full``)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error

    def problem(self, path: str) -> Problem:
        if (compressed(path) or path == STDIN) and not _system_error(self.error):  # standard input may be gzip
            return Problem(0, 0, f"this compressed file is damaged ({self.error})", "check the file with: gzip -t FILE")
        reason = self.error.strerror if isinstance(self.error, OSError) and self.error.strerror else str(self.error)
        return Problem(0, 0, f"the file could not be read to its end ({reason})", "the games before it are "
                       "checked; check the disk or the network share the file is on, and run again")


def _system_error(error: BaseException) -> bool:
    """An error of the system (with its errno), not of a .gz file's contents."""
    return isinstance(error, OSError) and error.errno is not None


def open_input(path: str) -> BinaryIO:
    """The transcript's stream (``-``, ``.gz`` or plain), to be read through `guarded`; a file
    that cannot be opened raises `InputError` too."""
    try:
        return open_binary(path)
    except OSError as error:
        raise InputError(error) from error


def guarded(stream: BinaryIO) -> BinaryIO:
    """`stream`, its read errors raised as `InputError`."""
    return cast("BinaryIO", _Guarded(stream))


class _Guarded:
    """A transcript's stream whose read errors come out as `InputError`: it has what the reader
    calls (``read``, ``readline``, and ``read1`` when the stream has it)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.read = _guarded(stream.read)
        self.readline = _guarded(stream.readline)
        read1 = getattr(stream, "read1", None)
        if read1 is not None:
            self.read1 = _guarded(read1)


def _guarded(read: Callable[[int], bytes]) -> Callable[[int], bytes]:
    def guarded(size: int = -1) -> bytes:
        try:
            return read(size)
        except DAMAGED as error:
            raise InputError(error) from error
    return guarded


def _until_failed(items: Iterator[Item], failed: list[InputError]) -> Iterator[Item]:
    """`items` until the stream they are read from fails; its `InputError` is put in `failed`."""
    try:
        yield from items
    except InputError as error:
        failed.append(error)


@contextmanager
def _kept_open(stream: BinaryIO) -> Iterator[BinaryIO]:
    """Standard input is read, not closed: a later ``-`` in the same run simply finds it empty."""
    yield stream


MAX_REPLAYS = 16
"""Answering lines replayed per hand at most (a choice of a suit is four; a real hand has a few)."""

MAX_FOLLOWING = 16
"""Pairs of answering lines replayed per hand at most (`options_replayed`: more, and none is): two
penalties of three options each are nine."""

_ANSWERS = (ev.EventLine, ev.RedealLine, ev.RecordedLine, ev.NoteLine)
"""The lines that may answer an open choice."""

_TAKES = ("inconsistent-transcript", "illegal-retract")
"""Findings that say a line answered nothing: the referee could not take it as written."""


def _copied(session: Session) -> Session:
    import copy  # only for a writer for people (`Sink.shows_options`): a JSON check never loads it

    return copy.deepcopy(session)


def options_replayed(before: Session, record: HandRecord, hand: HandVerdict) -> dict[str, HandVerdict]:
    """Hand `hand`, replayed from `before` (its game's session as it stood before the hand) with each
    line that answers one of its open choices written after its last line, as the table would write
    it: line by line, the verdict the whole transcript with that line added would give. A line that
    also answers a choice listed before it is replayed once, for that choice (`choosing.answer_lines`);
    one the referee cannot take (a problem, a replay that fails, a finding that says it answers
    nothing, the choices and the next step unchanged) is left out, so nothing is shown for it.

    A line of the first choice that leaves one other choice open (two revokes, each with its penalty
    to choose, answered by the same words or not) is followed by each line answering that one,
    replayed too and keyed by the two lines joined by a line end, when they are `MAX_FOLLOWING` or
    fewer in all: without them neither choice's lines would show what the hand scores."""
    last = max([record.header.at.line] + [line.at.line for line in record.lines])
    refused = sum(f.kind in _TAKES for f in hand.irregularities)

    def state(verdict: HandVerdict) -> tuple[object, ...]:
        return verdict.status, verdict.next, verdict.pending, verdict.notes, len(verdict.irregularities)

    def replayed(lines: list[str], after: HandVerdict) -> HandVerdict | None:
        """The hand with `lines` written at its end, unless the referee cannot take them or they
        leave it as it stood `after` the lines before them."""
        parsed = [parse_line(line, last + 1 + at) for at, line in enumerate(lines)]
        added = [line for line in parsed if isinstance(line, _ANSWERS)]
        if len(added) < len(parsed):
            return None
        try:
            result = _copied(before).hand(HandRecord(record.header, [*record.lines, *added]))
        except Exception:  # noqa: BLE001 - a line the whole check would report as a problem shows nothing
            return None
        if isinstance(result, list) or sum(f.kind in _TAKES for f in result.irregularities) > refused:
            return None
        return result if state(result) != state(after) else None

    replays: dict[str, HandVerdict] = {}
    lines = dict.fromkeys(r.line for choice in hand.pending for r in choice.replies if r.line is not None)
    for line in list(lines)[:MAX_REPLAYS]:
        result = replayed([line], hand)
        if result is not None:
            replays[line] = result
    first = {reply.line for reply in hand.pending[0].replies}
    following = [(line, second, result) for line, result in replays.items()
                 if line in first and len(result.pending) == 1
                 for second in dict.fromkeys(r.line for r in result.pending[0].replies if r.line is not None)]
    if len(following) <= MAX_FOLLOWING:
        for line, second, result in following:
            then = replayed([line, second], result)
            if then is not None:
                replays[f"{line}\n{second}"] = then
    return replays


def _listed(hand: HandVerdict) -> HandVerdict:
    """A hand with more findings than `MAX_FINDINGS` shows the first ones and counts the rest in a
    note, so a broken transcript cannot make one hand's verdict grow without bound (the summary
    still counts them all)."""
    more = len(hand.irregularities) - MAX_FINDINGS
    note = f"… and {more:,} more irregularities, not listed (a hand lists at most {MAX_FINDINGS})"
    return replace(hand, irregularities=hand.irregularities[:MAX_FINDINGS], notes=(*hand.notes, note))


def unreadable(path: str) -> Problem | None:
    """What keeps `path` from being read, told before it is opened so that every command
    (check, its workers, fmt) says it in the same words; None when it can be read."""
    if path == STDIN:  # started with it closed (``<&-``), Python has no sys.stdin at all
        return None if sys.stdin is not None else Problem(
            0, 0, "standard input is closed", "give the transcript on it (referee check - < game.ttn) or name the file")
    if not os.path.exists(path):
        if os.path.islink(path):  # found in a directory being checked, or named: the link is what is broken
            return Problem(0, 0, f"a symbolic link to nothing (it points to {os.readlink(path)!r})",
                           "point the link at the transcript, or remove it")
        return Problem(0, 0, "no such file", "check the path and its spelling")
    if os.path.isdir(path):
        if not os.access(path, os.R_OK | os.X_OK):  # its files cannot be listed: it may hold transcripts
            return Problem(0, 0, "the directory cannot be read (permission denied)",
                           "check the directory's permissions")
        return Problem(0, 0, "this directory holds no transcript (*.ttn or *.ttn.gz)",
                       "name a directory with transcripts in it, or the files themselves")
    if not os.access(path, os.R_OK):
        return Problem(0, 0, "the file cannot be read (permission denied)", "check the file's permissions")
    return None


def check_text(text: str, rules: str | None = None) -> Verdict:
    """Check a transcript given as text; pure (no I/O) and returns the whole `Verdict`.

    `text` must be a ``str`` (``TypeError`` otherwise). Nothing is kept between calls and
    nothing shared between threads is written, so threads may call it at once.

    >>> verdict = check_text('''[Game "euchre"]
    ... [Players "N E S W"]
    ... [Partners "N-S E-W"]
    ... hand 1 dealer W
    ... upcard 9D
    ... N pass, E pass, S pass, W pass
    ... N pass, E pass, S name hearts''')
    >>> verdict.files[0].games[0].hands[0].status
    'in-progress'
    >>> verdict.exit_code
    0
    """
    if not isinstance(text, str):
        hint = " (decode bytes first, e.g. data.decode('utf-8'))" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"check_text() takes the transcript as str, not {type(text).__name__}{hint}")
    if rules is not None and not isinstance(rules, str):
        raise TypeError(f"check_text() takes the house rules as str or None, not {type(rules).__name__}")
    collector = Collector()
    checker = Checker(collector, rules)
    checker.check_text(text)
    checker.finish()
    return collector.verdict


def check_files(paths: Iterable[str], sink: Sink, rules: str | None = None) -> Summary:
    """Check files in order, streaming the verdict into `sink`; returns the run's summary."""
    checker = Checker(sink, rules)
    for path in paths:
        checker.check_path(path)
    return checker.finish()

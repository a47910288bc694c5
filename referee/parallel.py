"""``referee check --jobs N``: files and games checked in worker processes, output in file order.

Each file is cut into parts of whole games (`notation.split_games`); a worker checks a part
and renders it with the same writer the sequential path uses, and the parent splices the
parts in order. A run of small files (an archive kept as a file an evening) is shared out a
file to a worker, which reads it itself. At most two parts per worker are in flight, so memory stays flat however
large the archive. Games are independent (each header starts afresh), so the output is
byte-for-byte the output of a sequential run.

All but one thing: a file's first `MAX_ERRORS` problems are listed and the rest counted, and
past as many unreadable lines the reader reads only hands that read cleanly. Both depend on
every problem before, in the whole file. So the parent counts a file's problems part by part,
and the part that would reach `MAX_ERRORS` is not spliced in: from there on the file is checked
in the parent, as a sequential run checks it (`_Resumed`).
"""

from __future__ import annotations

import ctypes
import io
import os
import signal
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import suppress
from dataclasses import dataclass
from itertools import groupby

from .check import Checker, InputError, guarded, open_input, unreadable
from .engine.verdict import GameVerdict, HandVerdict, Summary
from .notation.inputs import STDIN, compressed
from .notation.limits import MAX_ERRORS
from .notation.reader import GameStart, HandRecord, Problem, split_games
from .notation.records import replace
from .output.outputs import TextSink, part_writer
from .output.render import JsonWriter

UNIT_BYTES = 256 * 1024
"""About this much transcript per task: large enough to amortise the hand-off between processes."""


@dataclass(frozen=True, slots=True)
class _Task:
    path: str
    first_line: int
    data: bytes | None  # None: the whole file, read by the worker
    rules: str | None
    kind: str  # the writer: json, text or github (`outputs.part_writer`)
    quiet: bool


@dataclass(frozen=True, slots=True)
class _Part:
    first_line: int
    out: str
    err: str
    problems: list[Problem]
    summary: Summary
    complete: bool


def _check_part(task: _Task) -> _Part:
    out, err = io.StringIO(), io.StringIO()
    sink = part_writer(task.kind, task.quiet, out, err)
    sink.begin_file(task.path)
    checker = Checker(sink, task.rules)
    complete = True
    if task.data is None:
        checker.read_path(task.path)
    else:
        complete = checker.check_stream(io.BytesIO(task.data), task.first_line)
    problems = sink.errors if isinstance(sink, JsonWriter) else []
    return _Part(task.first_line, out.getvalue(), err.getvalue(), problems, checker.summary, complete)


def _merge(total: Summary, part: Summary, sign: int = 1) -> None:
    total.games += sign * part.games
    total.hands += sign * part.hands
    total.irregularities += sign * part.irregularities
    total.disagreements += sign * part.disagreements
    total.errors += sign * part.errors


def check_files_parallel(paths: Iterable[str], sink: JsonWriter | TextSink, rules: str | None, jobs: int,
                         kind: str = "text") -> Summary:
    """Like `check.check_files`, with `jobs` worker processes; `kind` names `sink`'s writer
    (json, text or github), which the workers render their parts with."""
    summary = Summary()
    json = isinstance(sink, JsonWriter)
    quiet = getattr(sink, "quiet", False)
    writer = "json" if json else kind
    with _Pool(worker_count(jobs)) as pool:
        for whole, group in groupby(paths, key=_whole):
            files = list(group)
            if whole and len(files) > 1:  # a file to a worker; one alone costs what a sequential run costs
                _check_whole_files(files, sink, rules, writer, quiet, pool, summary)
                continue
            for path in files:
                summary.files += 1
                sink.begin_file(path)
                _check_path(path, sink, rules, writer, quiet, pool, summary)
                sink.end_file()
    sink.finish(summary)
    return summary


def _check_path(path: str, sink: JsonWriter | TextSink, rules: str | None, writer: str, quiet: bool,
                pool: _Pool, summary: Summary) -> None:
    problem = unreadable(path) if path != STDIN else None
    if path == STDIN or (problem is None and not os.path.isfile(path)):  # a pipe, a device: not cut
        _check_here_whole(sink, rules, summary, path)
    elif problem is not None:
        summary.errors += 1
        sink.error(problem, problem.line)
    else:
        try:
            _check_file(path, sink, rules, writer, quiet, pool, summary)
        except InputError as failed:  # told after the games before it, as a sequential run tells it
            summary.errors += 1
            sink.error(failed.problem(path), 0)


def _whole(path: str) -> bool:
    """Whether a worker checks `path` whole: a plain file of one part at most, read by the worker."""
    if path == STDIN or compressed(path):
        return False
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # told by the checker, in its words
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size <= UNIT_BYTES


def _check_whole_files(paths: Iterable[str], sink: JsonWriter | TextSink, rules: str | None, writer: str,
                       quiet: bool, pool: _Pool, summary: Summary) -> None:
    """Small files, each checked whole by a worker, spliced in order. A file with `MAX_ERRORS`
    problems or more is checked again here, as a sequential run lists what it lists."""
    order: deque[str] = deque()

    def tasks() -> Iterator[_Task]:
        for path in paths:
            order.append(path)
            yield _Task(path, 1, None, rules, writer, quiet)

    for part in _in_order(pool.executor(), tasks(), window=2 * pool.jobs):
        path = order.popleft()
        summary.files += 1
        sink.begin_file(path)
        if part.summary.errors >= MAX_ERRORS:
            _check_here_whole(sink, rules, summary, path)
        else:
            sink.raw(part.out, part.err, part.problems, part.summary.games)
            _merge(summary, part.summary)
        sink.end_file()


def _check_here_whole(sink: JsonWriter | TextSink, rules: str | None, summary: Summary, path: str) -> None:
    """Check a whole file in this process, as a sequential run does."""
    checker = Checker(sink, rules)
    checker.read_path(path)
    _merge(summary, checker.summary)


MOST_UNITS = 16
"""A game longer than this many units (4 MB) is not handed to a worker: from there on the file is
read as a stream in the parent, so memory stays flat (no real game comes near it)."""
MOST_JOBS = 32
"""Never more workers than this, nor more than `CORES_MULTIPLE` times the machine's cores."""
CORES_MULTIPLE = 2


def worker_count(requested: int) -> int:
    """The workers ``--jobs N`` starts: N, capped at what can help (a small multiple of the cores)."""
    return max(1, min(requested, MOST_JOBS, CORES_MULTIPLE * (os.cpu_count() or 1)))


def _check_file(path: str, sink: JsonWriter | TextSink, rules: str | None, writer: str, quiet: bool,
                pool: _Pool, summary: Summary) -> None:
    """One file, its parts shared out to the workers. A file that is one part (a single game, or no
    game boundary within `MOST_UNITS`) costs what a sequential run costs: it is read as a stream
    here, and the pool is started only for a file that has parts to share out.

    A file that fails while it is read (a damaged .gz file, a disk error) is checked here from
    the first part not handed out, so the failure is met where a sequential run meets it, with
    the same games told before it: the output stays the sequential run's, byte for byte.
    """
    try:
        with open_input(path) as stream:
            parts = split_games(guarded(stream), UNIT_BYTES, MOST_UNITS * UNIT_BYTES)
            first_part = next(parts)
            second_part = next(parts, None)
    except InputError:
        second_part = None
    if second_part is None or first_part[1] is None:  # one part: nothing to share out
        _check_here(sink, rules, summary, path, 1, 0)
        return
    rest: tuple[int, int] | None = None
    offset = 0

    def tasks() -> Iterator[_Task]:
        nonlocal rest, offset
        following = 1  # the first line of the part after those handed out
        with open_input(path) as stream:
            try:
                for first, data in split_games(guarded(stream), UNIT_BYTES, MOST_UNITS * UNIT_BYTES):
                    if data is None:  # a game too long to hand out: the rest is read here
                        rest = first, offset
                        return
                    offset += len(data)
                    following = first + data.count(b"\n")
                    yield _Task(path, first, data, rules, writer, quiet)
            except InputError:  # the rest is read here, up to the failure
                rest = following, offset

    told = 0  # the file's problems told so far
    for part in _in_order(pool.executor(), tasks(), window=2 * pool.jobs):
        if told + part.summary.errors >= MAX_ERRORS:  # the limits may act in this part: see the module
            _check_resumed(sink, rules, summary, path, part.first_line)
            return
        sink.raw(part.out, part.err, part.problems, part.summary.games)
        _merge(summary, part.summary)
        told += part.summary.errors
        if not part.complete:
            return
    if rest is not None and told:  # where the limits act in the rest depends on the problems before it
        _check_resumed(sink, rules, summary, path, rest[0])
    elif rest is not None:
        _check_here(sink, rules, summary, path, *rest)


def _check_here(sink: JsonWriter | TextSink, rules: str | None, summary: Summary, path: str, first_line: int,
                offset: int) -> None:
    """Check (the rest of) a file in this process, straight into `sink`, from byte `offset`."""
    checker = Checker(sink, rules)
    try:
        with open_input(path) as opened:
            opened.seek(offset)
            checker.check_stream(guarded(opened), first_line)
    finally:  # what was told before a failure counts too
        _merge(summary, checker.summary)


def _check_resumed(sink: JsonWriter | TextSink, rules: str | None, summary: Summary, path: str,
                   first_line: int) -> None:
    """Check a file in this process from its start, as a sequential run does, telling `sink` only
    what concerns lines from `first_line` on (what came before was spliced in from the parts).

    Only a file with about `MAX_ERRORS` problems comes here: reading it again costs at most what
    the sequential run would have cost, and is the one way to list what it lists."""
    resumed = _Resumed(sink, first_line)
    checker = resumed.checker = Checker(resumed, rules)
    try:
        with open_input(path) as opened:
            checker.check_stream(guarded(opened))
    finally:  # what was told before a failure counts too
        _merge(summary, checker.summary)
        _merge(summary, resumed.before, sign=-1)


class _Resumed:
    """A sink that passes on what concerns lines from `first_line` on, and keeps in `before` the
    run's summary as it was when the last thing before them was told (the parts counted it)."""

    def __init__(self, sink: JsonWriter | TextSink, first_line: int) -> None:
        self.sink = sink
        self.first_line = first_line
        self.before = Summary()
        self.checker: Checker | None = None
        self.shows_options = getattr(sink, "shows_options", False)  # as the writer does (`check.Sink`)

    def _passes(self, line: int) -> bool:
        if line >= self.first_line:
            return True
        assert self.checker is not None
        self.before = replace(self.checker.summary)  # every count is raised just before it is told
        return False

    def begin_game(self, game: GameVerdict, header: GameStart) -> None:
        if self._passes(game.line):
            self.sink.begin_game(game, header)

    def hand(self, verdict: HandVerdict, record: HandRecord) -> None:
        if self._passes(verdict.line):
            self.sink.hand(verdict, record)

    def end_game(self, game: GameVerdict) -> None:
        if self._passes(game.line):
            self.sink.end_game(game)

    def error(self, problem: Problem, line: int) -> None:
        if self._passes(line):  # a problem of a game's header or a hand goes with it, from its first line
            self.sink.error(problem, line)

    def begin_file(self, path: str) -> None: ...
    def end_file(self) -> None: ...
    def finish(self, summary: Summary) -> None: ...


class _Pool:
    """The worker processes, started only when a file has parts to share out, and ended with
    the run. Each worker ends when its parent does, however the parent ends (`_watch_parent`)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            _steady_heap()
            self._executor = ProcessPoolExecutor(max_workers=self.jobs, initializer=_start_worker,
                                                 initargs=(os.getpid(),))
        return self._executor

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=exc[0] is None, cancel_futures=True)


_PR_SET_PDEATHSIG = 1
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
_MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value


def _steady_heap() -> None:
    """Keep the parent's memory flat however many parts pass through it.

    Each part comes back as one pickled message of about a megabyte, unpickled into a string
    as large. glibc serves such blocks by mmap and gives them back at once, but after freeing
    one it raises its threshold to that size, and from then on serves them from the heap, where
    the small objects allocated between them keep the heap from shrinking: the parent's peak
    grew with the archive (51 MB for 5 MB of transcript, 89 MB for 40 MB). Setting the threshold
    explicitly turns that adjustment off. Elsewhere than glibc nothing is changed.
    """
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None).mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD)


def _start_worker(parent: int) -> None:
    """Leave the ending of a run to its parent: Ctrl-C in a terminal reaches the workers too, and
    each told it as a traceback of its own, under the parent's quiet exit (a forked worker even
    ran the parent's handlers of `output.atomic`, which the pool's SIGTERM made print
    ``_Ended: 15``). A worker ignores Ctrl-C, whose run the parent ends, and dies quietly of
    kill and a closed terminal, as it does of its parent's end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):  # not on Windows
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _watch_parent(parent)


def _watch_parent(parent: int) -> None:
    """End this worker when its parent ends, even by SIGKILL, rather than wait forever for work.

    On Linux the kernel sends SIGKILL when the parent dies (``prctl(PR_SET_PDEATHSIG)``);
    elsewhere a daemon thread checks every half second that the parent is still there.
    """
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent died before the request took effect
                    os._exit(1)
                return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="referee-parent-watch", daemon=True).start()


def _in_order(pool: ProcessPoolExecutor, tasks: Iterator[_Task], window: int) -> Iterator[_Part]:
    """Results in submission order, with at most `window` tasks submitted and not yet consumed."""
    pending: deque[Future[_Part]] = deque()
    for task in tasks:
        pending.append(pool.submit(_check_part, task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()

"""``referee check --jobs N``: files and games checked in worker processes, output in file order.

Each file is cut into parts of whole games (`notation.split_games`); a worker checks a part
and renders it with the same writer the sequential path uses, and the parent splices the
parts in order. At most two parts per worker are in flight, so memory stays flat however
large the archive. Games are independent (each header starts afresh), so the output is
byte-for-byte the output of a sequential run.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from .check import Checker, _unreadable
from .inputs import STDIN, open_binary
from .notation import Problem, split_games
from .outputs import TextSink, part_writer
from .render import JsonWriter
from .verdict import Summary

UNIT_BYTES = 256 * 1024
"""About this much transcript per task: large enough to amortise the hand-off between processes."""


@dataclass(frozen=True, slots=True)
class _Task:
    path: str
    first_line: int
    data: bytes
    rules: str | None
    kind: str  # the writer: json, text or github (`outputs.part_writer`)
    quiet: bool


@dataclass(frozen=True, slots=True)
class _Part:
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
    complete = checker.check_stream(io.BytesIO(task.data), task.first_line)
    problems = sink.errors if isinstance(sink, JsonWriter) else []
    return _Part(out.getvalue(), err.getvalue(), problems, checker.summary, complete)


def _merge(total: Summary, part: Summary) -> None:
    total.games += part.games
    total.hands += part.hands
    total.irregularities += part.irregularities
    total.disagreements += part.disagreements
    total.errors += part.errors


def check_files_parallel(paths: Iterable[str], sink: JsonWriter | TextSink, rules: str | None, jobs: int,
                         kind: str = "text") -> Summary:
    """Like `check.check_files`, with `jobs` worker processes; `kind` names `sink`'s writer
    (json, text or github), which the workers render their parts with."""
    summary = Summary()
    json = isinstance(sink, JsonWriter)
    quiet = getattr(sink, "quiet", False)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for path in paths:
            summary.files += 1
            sink.begin_file(path)
            problem = _unreadable(path) if path != STDIN else None
            if path == STDIN or path.endswith(".gz"):  # a pipe or a compressed file cannot be cut beforehand
                checker = Checker(sink, rules)
                checker.read_path(path)
                _merge(summary, checker.summary)
            elif problem is not None:
                summary.errors += 1
                sink.error(problem)
            else:
                writer = "json" if json else kind
                tasks = (_Task(path, first, data, rules, writer, quiet) for first, data in _parts(path))
                for part in _in_order(pool, tasks, window=2 * jobs):
                    sink.raw(part.out, part.err, part.problems, part.summary.games)
                    _merge(summary, part.summary)
                    if not part.complete:
                        break
            sink.end_file()
    sink.finish(summary)
    return summary


def _parts(path: str) -> Iterator[tuple[int, bytes]]:
    with open_binary(path) as stream:
        yield from split_games(stream, UNIT_BYTES)


def _in_order(pool: ProcessPoolExecutor, tasks: Iterator[_Task], window: int) -> Iterator[_Part]:
    """Results in submission order, with at most `window` tasks submitted and not yet consumed."""
    pending: deque[Future[_Part]] = deque()
    for task in tasks:
        pending.append(pool.submit(_check_part, task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()

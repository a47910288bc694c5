"""``referee check --jobs N``: files and games checked in worker processes, output in file order.

Each file is cut into parts of whole games (`notation.split_games`); a worker checks a part
and renders it with the same writer the sequential path uses, and the parent splices the
parts in order. At most two parts per worker are in flight, so memory stays flat however
large the archive. Games are independent (each header starts afresh), so the output is
byte-for-byte the output of a sequential run.
"""

from __future__ import annotations

import io
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from .check import STDIN, Checker, _unreadable
from .notation import Problem, split_games
from .render import JsonWriter, TextWriter
from .verdict import Summary

UNIT_BYTES = 256 * 1024
"""About this much transcript per task: large enough to amortise the hand-off between processes."""


@dataclass(frozen=True, slots=True)
class _Task:
    path: str
    first_line: int
    data: bytes
    rules: str | None
    json: bool


@dataclass(frozen=True, slots=True)
class _Part:
    out: str
    err: str
    problems: list[Problem]
    summary: Summary
    complete: bool


def _check_part(task: _Task) -> _Part:
    out, err = io.StringIO(), io.StringIO()
    sink = JsonWriter(out, whole=False) if task.json else TextWriter(out, err)
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


def check_files_parallel(paths: Iterable[str], sink: JsonWriter | TextWriter, rules: str | None, jobs: int) -> Summary:
    """Like `check.check_files`, with `jobs` worker processes."""
    summary = Summary()
    json = isinstance(sink, JsonWriter)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for path in paths:
            summary.files += 1
            sink.begin_file(path)
            problem = _unreadable(path) if path != STDIN else None
            if path == STDIN:  # a pipe cannot be cut into parts beforehand: check it here
                checker = Checker(sink, rules)
                checker.check_stream(sys.stdin.buffer)
                _merge(summary, checker.summary)
            elif problem is not None:
                summary.errors += 1
                sink.error(problem)
            else:
                tasks = (_Task(path, first, data, rules, json) for first, data in _parts(path))
                for part in _in_order(pool, tasks, window=2 * jobs):
                    sink.raw(part.out, part.err, part.problems, part.summary.games)
                    _merge(summary, part.summary)
                    if not part.complete:
                        break
            sink.end_file()
    sink.finish(summary)
    return summary


def _parts(path: str) -> Iterator[tuple[int, bytes]]:
    with open(path, "rb") as stream:
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

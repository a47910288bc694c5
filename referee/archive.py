"""Checking an archive split into many files, on one machine or many, with Dask.

The recipe is a `dask.bag` over the library API: each file is read at the edge and checked
with the pure `referee.check_text` (games and files are independent); the per-file verdicts
come back in file order and are merged into the verdict ``referee check`` gives for the same
files. Everything that crosses between
processes is plain picklable data: a path and the house-rules text in, a `Verdict` out.

Dask is optional (``pip install 'referee[dask]'``); only `check_with_dask` needs it. For a
cluster, pass the ``scheduler`` of a ``dask.distributed.Client`` or call it inside
``with Client(...):``; the files must be readable by the workers (a shared disk).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .check import Collector, check_files, check_text
from .engine.verdict import Summary, Verdict


def check_path(path: str, rules: str | None = None) -> Verdict:
    """The verdict on one file, as ``referee check FILE`` gives it.

    The file is read here and checked by the pure `check_text`; a file that cannot be read as
    text is handed to the checker itself, so it is reported in ``referee check``'s own words.
    """
    try:
        with open(path, "rb") as stream:
            text = stream.read().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        collector = Collector()
        check_files([path], collector, rules)
        return collector.verdict
    verdict = check_text(text, rules)
    verdict.files[0].path = path
    return verdict


def merge(verdicts: Iterable[Verdict]) -> Verdict:
    """The verdicts of several runs, as one run over all their files in order would give it."""
    merged = Verdict(summary=Summary())
    for verdict in verdicts:
        merged.files.extend(verdict.files)
        for name in ("files", "games", "hands", "irregularities", "disagreements", "errors"):
            setattr(merged.summary, name, getattr(merged.summary, name) + getattr(verdict.summary, name))
    return merged


def check_with_dask(paths: Sequence[str], rules: str | None = None, npartitions: int | None = None,
                    **compute: Any) -> Verdict:
    """Check `paths` with a Dask bag; `compute` goes to ``bag.compute`` (e.g. ``scheduler="processes"``).

    The result is the verdict ``referee check PATHS`` gives: same files, same order, same summary.
    """
    import dask.bag as db  # optional dependency: imported only when the recipe is used

    # Dask's from_sequence has no annotations; without the extra, dask is Any (pyproject) and
    # the ignore has nothing to silence, hence unused-ignore
    bag = db.from_sequence(list(paths),  # type: ignore[no-untyped-call,unused-ignore]
                           npartitions=npartitions or min(len(paths), 64) or 1)
    return merge(bag.map(check_path, rules=rules).compute(**compute))

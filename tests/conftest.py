"""What every test module shares: the tests' folder on the import path (so they import their
helpers, mutations.py and planted.py, by name), and each case checked once per session.

Many modules assert something of every case's verdict or story (its expected verdict, the
ledger, the rules cited, the JSON writer, explain, report). Checking a case once and handing the
same result to each of them keeps the suite's time in the assertions, not in checking the same
file a dozen times. "Once per session" is once per pytest-xdist worker: each worker is its own
process. The results are shared, so a test must only read them; a test whose point is a fresh
check (determinism, a patched replay) checks the file itself.

Under pytest-xdist (``--dist loadfile``), the files that take longest are handed out first.

And the Hypothesis profiles: ``quick``, loaded here, tries a quarter of each property's stated
count (examples.py); ``pytest --hypothesis-profile=full`` tries the full counts (Hypothesis
loads the profile named on the command line after this file has registered it).
"""

from __future__ import annotations

import functools
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from examples import FULL
from expectations import expected_verdict
from hypothesis import settings

from referee.check import Collector, check_files
from referee.engine.verdict import Verdict
from referee.output.story import FileStory, story_of_file

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _keep_bytecode() -> None:
    """Under PYTHONDONTWRITEBYTECODE (set in some CI images and sandboxes) each run rewrote the
    asserts of every test module again, in each worker (about 5 CPU-seconds a worker), and each
    ``python -m referee`` a test starts compiled the package again when no __pycache__ was there
    (0.5 s each). The tests keep that bytecode in a folder of their own under the temporary
    directory, never beside the sources, for this process and the processes it starts. A folder
    by that name that is not this user's alone is left alone, and so is the setting."""
    if not sys.dont_write_bytecode or not hasattr(os, "getuid"):
        return
    folder = Path(tempfile.gettempdir()) / f"referee-tests-pycache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        found = folder.lstat()
    except OSError:
        return
    if not stat.S_ISDIR(found.st_mode) or found.st_uid != os.getuid() or found.st_mode & 0o077:
        return
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_keep_bytecode()

settings.register_profile("full", max_examples=FULL)
settings.register_profile("quick", max_examples=FULL // 4)
settings.load_profile("quick")


@dataclass(frozen=True)
class CaseVerdict:
    """A case as ``referee check`` judges it, under the house rules its expected verdict names
    (``cli_rules``, as if given with ``--rules``)."""

    exit_code: int
    verdict: Verdict

    def file(self) -> dict[str, Any]:
        """The case's file in the JSON verdict (a fresh dict on each call)."""
        result: dict[str, Any] = self.verdict.to_dict()["files"][0]
        return result


@pytest.fixture(scope="session")
def case_verdict() -> Callable[[Path], CaseVerdict]:
    """``case_verdict(path)``: the case checked the first time it is asked for, then kept."""

    @functools.cache
    def check(transcript: Path) -> CaseVerdict:
        collector = Collector()
        summary = check_files([str(transcript)], collector, expected_verdict(transcript).get("cli_rules"))
        return CaseVerdict(summary.exit_code, collector.verdict)

    return check


@pytest.fixture(scope="session")
def case_story() -> Callable[[Path], FileStory]:
    """``case_story(path)``: the case's story (what explain and report tell), read once, then kept."""
    return functools.cache(lambda transcript: story_of_file(str(transcript)))


def _compiled() -> bool:
    """Whether the referee under test is the compiled build (its engine an extension module)."""
    import referee.engine.replay

    return not referee.engine.replay.__file__.endswith(".py")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a `pure_only` test on the compiled build, saying why it cannot run there."""
    marker = item.get_closest_marker("pure_only")
    if marker is not None and _compiled():
        pytest.skip(f"pure build only: {marker.args[0]}")


SLOWEST_FIRST = ("test_desk_browser.py", "test_desk_api.py", "test_usability.py", "test_reflow.py", "test_report.py",
                 "test_hostile.py", "test_cli.py", "test_fmt.py", "test_common_lines.py")
"""The files that take longest (``--durations=0``, summed by file), longest first: with
``--dist loadfile`` a file runs whole on one worker, so one of them scheduled last would leave the
other worker idle while it runs. The rest follow in the order collected."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the slowest files first (stable: each file's tests keep their order). Every worker
    collects the same order, as pytest-xdist requires, and ``--no-loadscope-reorder``
    (pyproject.toml) keeps xdist from sorting the files by their number of tests instead."""
    rank = {name: n for n, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


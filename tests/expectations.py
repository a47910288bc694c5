"""Each case's expected verdict (``NAME.expected.yaml``), read once per process.

Three modules read them (conftest's `case_verdict` for the case's house rules, test_cases.py,
test_reflow.py): YAML is slow to read (4 ms a file, the whole of cases/ 1.7 CPU-seconds), so a
file is read the first time it is asked for and each caller gets a copy of its own.
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

import yaml


@functools.cache
def _read(expectation: Path) -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(expectation.read_text("utf-8"))
    return found


def expected_verdict(transcript: Path) -> dict[str, Any]:
    """The case's ``NAME.expected.yaml`` (a fresh copy on each call: tests take keys out of it)."""
    return copy.deepcopy(_read(transcript.with_suffix(".expected.yaml")))

"""Every transcript in cases/ against its expected verdict (cases/README.md explains the format)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from expectations import expected_verdict

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))


def _match(expected: Any, actual: Any, where: str) -> None:
    """`expected` must be a subset of `actual`: every key given must match; lists match in full."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            if key == "winners":
                _match(value, [t["winner"] for t in actual["tricks"]], f"{where}.winners")
            elif key in ("message", "explanation", "next") and isinstance(value, str):
                assert value in (actual.get(key) or ""), f"{where}.{key}: {value!r} not in {actual.get(key)!r}"
            else:
                assert key in actual, f"{where}: no {key!r} in {actual!r}"
                _match(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{where}: expected a list, got {actual!r}"
        assert len(expected) == len(actual), f"{where}: expected {len(expected)} items, got {len(actual)}: {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            _match(e, a, f"{where}[{i}]")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def test_every_case_has_an_expected_verdict() -> None:
    assert TRANSCRIPTS, "no cases found"
    missing = [t.name for t in TRANSCRIPTS if not t.with_suffix(".expected.yaml").exists()]
    assert not missing, f"cases without an expected verdict: {missing}"


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case(transcript: Path, case_verdict: Callable[[Path], Any]) -> None:
    """The case checked as ``referee check --rules CLI_RULES`` checks it (conftest's `case_verdict`)."""
    expected = expected_verdict(transcript)
    expected.pop("cli_rules", None)
    checked = case_verdict(transcript)
    file = checked.file()
    assert checked.exit_code == expected.pop("exit"), file
    _match(expected, file, transcript.name)

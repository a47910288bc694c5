"""The benchmark that weighs the hot path by bytecodes runs, and counts a hand's work."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BYTECODES = Path(__file__).resolve().parent.parent / "benchmarks" / "bytecodes.py"


@pytest.mark.pure_only("a trace counts the bytecodes of Python functions; compiled ones run none")
def test_bytecodes_counts_a_hand_in_referees_own_functions(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("bytecodes", BYTECODES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", ["bytecodes.py", "--game", "euchre", "--hands", "10", "--top", "3"])
    module.main()
    lines = capsys.readouterr().out.splitlines()
    total = re.fullmatch(r"euchre: ([\d,]+) bytecodes a hand \(seed 1, 10 hands\)", lines[0])
    assert total is not None and 5_000 < int(total.group(1).replace(",", "")) < 100_000  # a hand, not a file
    assert len(lines) == 4 and all(re.fullmatch(r"\s+[\d,.]+\s+\w+/\w+\.py:\S+", line) for line in lines[1:])

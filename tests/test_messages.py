"""Ordinary slips get a message that names the fix (issue 28): one test per slip.

Each case is what a user types by mistake; the message must say what is wrong and what to
write instead. The parser looks for these fixes only when a line fails to parse.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parent.parent / "cases"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], check=False, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("command", ["explain", "report"])
def test_a_directory_given_to_explain_says_to_name_one_file_or_use_check(command: str) -> None:
    folder = CASES / "euchre"
    done = run(command, str(folder))
    assert done.returncode == 2 and done.stdout == ""
    assert f"{command} takes one transcript, not a directory" in done.stderr
    assert f"referee {command} {folder}/" in done.stderr and f"'referee check {folder}'" in done.stderr
    assert "holds no transcript" not in done.stderr

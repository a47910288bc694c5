"""The console script's own reading of a plain ``check`` (`referee.entry`): it takes only what
Typer would read the same way, and the two ways in give the same output, status and errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.entry import plain_check

CASES = Path(__file__).resolve().parent.parent / "cases"
REVOKE = str(CASES / "euchre" / "revoke-established.ttn")
TYPER = "import sys; from referee.cli import main; sys.argv[0] = 'referee'; main()"


@pytest.mark.parametrize(("argv", "expected"), [
    (["check", "a.ttn"], {"files": ["a.ttn"]}),
    (["check", "-f", "json", "a.ttn", "b.ttn"], {"files": ["a.ttn", "b.ttn"], "format": "json"}),
    (["check", "a.ttn", "--format=github", "-q"], {"files": ["a.ttn"], "format": "github", "quiet": True}),
    (["check", "--jobs", "2", "--rules", "target=11", "-o", "out.json", "--no-color", "-"],
     {"files": ["-"], "jobs": "2", "rules": "target=11", "output": "out.json", "no_color": True}),
    (["check", "-o", "-", "a.ttn"], {"files": ["a.ttn"], "output": "-"}),
])
def test_plain_check_is_read_here(argv: list[str], expected: dict[str, object]) -> None:
    defaults = {"format": "text", "rules": None, "jobs": "1", "output": None, "quiet": False, "no_color": False}
    assert plain_check(argv) == {**defaults, **expected}


@pytest.mark.parametrize("argv", [
    [], ["--version"], ["explain", "a.ttn"], ["check"], ["check", "--help"], ["check", "-fjson", "a.ttn"],
    ["check", "-f=json", "a.ttn"], ["check", "--format", "yaml", "a.ttn"], ["check", "--format"],
    ["check", "--quiet=yes", "a.ttn"], ["check", "--", "a.ttn"], ["check", "-qf", "json", "a.ttn"],
    ["check", "--jobs", "--quiet", "a.ttn"], ["check", "--colour", "a.ttn"], ["check", "-x", "a.ttn"],
])
def test_anything_else_goes_to_typer(argv: list[str]) -> None:
    assert plain_check(argv) is None


@pytest.mark.parametrize("args", [
    ["check", REVOKE], ["check", "--format", "json", REVOKE], ["check", "-f", "github", "-q", REVOKE],
    ["check", "--jobs", "nine", REVOKE], ["check", "--rules", "no-such-option", REVOKE],
    ["check", str(CASES / "no-such-file.ttn")], ["check", "-o", str(CASES), REVOKE],
])
def test_both_ways_in_agree(args: list[str]) -> None:
    fast = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=120)
    typer = subprocess.run([sys.executable, "-c", TYPER, *args], capture_output=True, text=True, timeout=120)
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer.returncode, typer.stdout, typer.stderr)

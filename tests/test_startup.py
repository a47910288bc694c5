"""Start-up: what a plain ``check`` imports (each module left out below cost millions of
instructions on every run: docs/performance.md), and the shortcuts that keep it so."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

from referee.engine.header import _cardish
from referee.notation import safe

REVOKE = str(Path(__file__).resolve().parent.parent / "cases" / "euchre" / "revoke-established.ttn")
LEFT_OUT = ("typer", "click", "rich", "dataclasses", "inspect", "hashlib", "importlib.resources", "gzip", "difflib",
            "tempfile", "pkgutil", "lark", "signal", "random", "referee.engine.generators")

IMPORTED = f"""
import sys
sys.argv = ["referee", "check", {REVOKE!r}]
try:
    from referee.entry import main
    main()
finally:
    print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


def test_a_plain_check_imports_only_what_it_needs() -> None:
    run = subprocess.run([sys.executable, "-c", IMPORTED], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr  # the revoke
    imported = set(run.stderr.split())
    assert "referee.check" in imported
    assert not imported.intersection(LEFT_OUT)
    assert not {name for name in imported if name.startswith(("typer.", "click.", "lark."))}


def test_every_control_the_writers_spell_is_unprintable() -> None:
    """`safe_text` skips its pattern for a printable text: sound only if every character the
    pattern matches is one `str.isprintable` refuses."""
    pattern = re.compile(safe._CONTROLS)
    assert all(not chr(code).isprintable() for code in range(0x2100) if pattern.match(chr(code)))
    assert safe.safe_text("N \u202e plays") == "N \\u202e plays" and safe.safe_text("a\tb") == "a\tb"


def test_a_name_is_cardish_as_the_pattern_it_replaces_reads_it() -> None:
    """`header._cardish` against the pattern it replaced, on every short word (a player's name is
    a word: never with a line break, where the pattern's ``$`` differs)."""
    pattern = re.compile(r"^(?:10|[AKQJTakqjt2-9])[SHDCshdc♠♥♦♣]$")
    for size in range(4):
        for letters in itertools.product("1023AKQJTakqjtzSHDCshdc♠♥♦♣x-'", repeat=size):
            word = "".join(letters)
            assert _cardish(word) == bool(pattern.match(word)), word

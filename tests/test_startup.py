"""Start-up: what a plain ``check`` imports (each module left out below cost millions of
instructions on every run: docs/performance.md), and the shortcuts that keep it so."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from referee.engine.header import _cardish
from referee.notation import safe

REVOKE = str(Path(__file__).resolve().parent.parent / "cases" / "euchre" / "revoke-established.ttn")
LEFT_OUT = ("typer", "click", "rich", "dataclasses", "inspect", "hashlib", "importlib.resources", "gzip", "difflib",
            "tempfile", "pkgutil", "lark", "signal", "random", "referee.engine.generators",
            "referee.notation.houserules")

IMPORTED = f"""
import atexit, sys
sys.argv = ["referee", "check", {REVOKE!r}]
atexit.register(lambda: print(" ".join(sorted(sys.modules)), file=sys.stderr))
from referee.entry import main
main()
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


ENDING = f"""
import atexit, os, sys
sys.argv = ["referee", "check", {REVOKE!r}]
class Freed:
    def __del__(self):
        os.write(2, b"torn down")
kept = Freed()
if os.environ.get("WAITING"):
    atexit.register(print, "handler ran", file=sys.stderr)
from referee.entry import main
main()
"""


def test_a_plain_check_ends_without_the_interpreters_teardown_unless_something_waits_for_it() -> None:
    """Freeing every module and record at exit costs more than a hand (`entry.leave`): a plain check
    ends at once, its output flushed, unless something waits for the end (here an exit handler)."""
    plain = subprocess.run([sys.executable, "-c", ENDING], capture_output=True, text=True, timeout=120)
    env = {**os.environ, "WAITING": "1"}
    waiting = subprocess.run([sys.executable, "-c", ENDING], capture_output=True, text=True, timeout=120, env=env)
    assert plain.returncode == waiting.returncode == 1  # the revoke
    assert plain.stdout == waiting.stdout and "revoke" in plain.stdout
    assert "torn down" not in plain.stderr
    assert "handler ran" in waiting.stderr and "torn down" in waiting.stderr


COMPILED = f"""
import atexit, json, sys
from re import _compiler
compiled = []
compile = _compiler.compile
_compiler.compile = lambda pattern, flags=0: compiled.append(pattern) or compile(pattern, flags)
atexit.register(lambda: print(json.dumps([p for p in compiled if isinstance(p, str)]), file=sys.stderr))
sys.argv = ["referee", "check", {REVOKE!r}]
from referee.entry import main
main()
"""


def test_the_usual_lines_patterns_are_compiled_once_then_kept(tmp_path: Path) -> None:
    """The first run compiles the usual lines' patterns and keeps them (`usercache.KeptPatterns`);
    a later run compiles none of them."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("REFEREE_NO_CACHE", None)
    runs = [subprocess.run([sys.executable, "-c", COMPILED], capture_output=True, text=True, timeout=120, env=env)
            for _ in range(2)]
    [entry] = (tmp_path / "referee").glob("patterns-common-lines-*.json")
    kept = set(json.loads(entry.read_text("utf-8"))["value"])
    first, second = (set(json.loads(run.stderr.splitlines()[-1])) for run in runs)
    assert len(kept) >= 10 and kept <= first
    assert not kept & second


def test_a_name_is_cardish_as_the_pattern_it_replaces_reads_it() -> None:
    """`header._cardish` against the pattern it replaced, on every short word (a player's name is
    a word: never with a line break, where the pattern's ``$`` differs)."""
    pattern = re.compile(r"^(?:10|[AKQJTakqjt2-9])[SHDCshdc♠♥♦♣]$")
    for size in range(4):
        for letters in itertools.product("1023AKQJTakqjtzSHDCshdc♠♥♦♣x-'", repeat=size):
            word = "".join(letters)
            assert _cardish(word) == bool(pattern.match(word)), word

"""Colour and tables only on a terminal; plain text, byte for byte, everywhere else; shell completion."""

from __future__ import annotations

import io
import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from terminal_output import read_until_closed

from referee.check import check_files
from referee.output.render import TextWriter

CASES = Path(__file__).resolve().parent.parent / "cases"
CASE = str(CASES / "euchre" / "revoke-established.ttn")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25];[0-9;]+)m")


def on_a_terminal(*args: str, env: dict[str, str] | None = None) -> str:
    """Run ``referee`` with its standard output on a pseudo-terminal; return what it showed."""
    leader, follower = pty.openpty()
    environment = {**os.environ, "COLUMNS": "120"}
    environment.pop("NO_COLOR", None)
    environment.update(env or {})
    process = subprocess.Popen([sys.executable, "-m", "referee", *args], stdout=follower, stderr=subprocess.PIPE,
                               env=environment)
    os.close(follower)
    shown = read_until_closed(leader)
    process.wait(timeout=120)
    return shown.decode("utf-8")


def test_plain_text_is_byte_identical_when_not_a_terminal() -> None:
    out, err = io.StringIO(), io.StringIO()
    check_files([CASE], TextWriter(out, err))
    piped = subprocess.run(check=False, args=[sys.executable, "-m", "referee", "check", CASE],
                           capture_output=True, text=True, timeout=120)
    assert piped.stdout.splitlines()[1:] == out.getvalue().splitlines()[1:]  # the first names the path as given
    assert not ANSI.search(piped.stdout)


def test_a_terminal_gets_colour_and_a_trick_table() -> None:
    shown = on_a_terminal("check", CASE)
    assert COLOUR.search(shown)
    plain = ANSI.sub("", shown)
    assert re.search(r"Trick\s+Plays\s+Won by", plain) and "euchre.revoke.established" in plain


@pytest.mark.parametrize("how", [("--no-color",), ()])
def test_no_color_keeps_the_tables_and_drops_the_colour(how: tuple[str, ...]) -> None:
    shown = on_a_terminal("check", *how, CASE, env=None if how else {"NO_COLOR": "1"})
    assert not COLOUR.search(shown) and "Won by" in ANSI.sub("", shown)


def console_script() -> str | None:
    """The ``referee`` console script: beside the interpreter running the tests (the README runs
    them as ``.venv/bin/pytest``, with ``.venv/bin`` not on PATH), else wherever PATH finds one."""
    beside = Path(sys.executable).with_name("referee")
    return str(beside) if beside.is_file() else shutil.which("referee")


REFEREE = console_script()


@pytest.mark.skipif(REFEREE is None, reason="the referee console script is not installed")
def test_shell_completion_offers_commands_and_games() -> None:
    assert REFEREE is not None

    def complete(words: str) -> str:
        env = {**os.environ, "_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        return subprocess.run(check=False, args=[REFEREE], env=env, capture_output=True, text=True,
                              timeout=60).stdout
    assert {"check", "explain", "report", "fmt", "new", "rules"} <= set(complete("referee ").split())
    assert "french-boston" in complete("referee rules fr").split()
    assert "euchre.revoke.established" in complete("referee rules euchre euchre.revoke.e").split()
    # the script --show-completion prints, asked for by shell name: the option itself guesses the
    # shell from the process tree, which a test run need not have
    script = subprocess.run(check=False, args=[REFEREE], env={**os.environ, "_REFEREE_COMPLETE": "source_bash"},
                            capture_output=True, text=True, timeout=60)
    assert script.returncode == 0 and "_REFEREE_COMPLETE" in script.stdout


def test_explain_is_coloured_only_on_a_terminal() -> None:
    shown = on_a_terminal("explain", CASE)
    assert COLOUR.search(shown) and "Rule euchre.revoke.established" in ANSI.sub("", shown)
    assert not COLOUR.search(on_a_terminal("explain", "--no-color", CASE))
    piped = subprocess.run(check=False, args=[sys.executable, "-m", "referee", "explain", CASE],
                           capture_output=True, text=True, timeout=120)
    assert not ANSI.search(piped.stdout) and "! Line 17, column 16: revoke by W" in piped.stdout
